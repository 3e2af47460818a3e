import ChartLayout
import Foundation
import LayoutCore
import TestSupport
import Testing

/// Decoding errors carry a clear message and the JSON path of the offending value.
@Suite struct GraffeineDecodingTests {
    /// Decodes `json` as a chart case and returns the error's JSON path and message.
    static func failure(_ json: String) -> (path: String, message: String)? {
        do {
            _ = try JSONDecoder().decode(ChartCase.self, from: Data(json.utf8))
            return nil
        } catch let DecodingError.dataCorrupted(context) {
            return (jsonPath(context.codingPath), context.debugDescription)
        } catch let DecodingError.keyNotFound(key, context) {
            return (jsonPath(context.codingPath + [key]), "missing key")
        } catch let DecodingError.typeMismatch(_, context) {
            return (jsonPath(context.codingPath), "type mismatch")
        } catch {
            return ("?", "\(error)")
        }
    }

    static func chart(layers: String, extra: String = "") -> String {
        #"{"kind":"chart","name":"x","size":{"width":100,"height":100}\#(extra),"layers":[\#(layers)]}"#
    }

    struct BadCase: CustomTestStringConvertible, Sendable {
        var label: String
        var json: String
        var path: String
        var message: String
        var testDescription: String { label }
    }

    @Test(arguments: [
        BadCase(
            label: "other style", json: chart(layers: "", extra: #","style":"researchkit-pie""#), path: "$.style",
            message:
                "chart style 'researchkit-pie' is not handled by the Graffeine chart case (expected \"graffeine\" or no style)"
        ),
        BadCase(
            label: "unknown top key", json: chart(layers: "", extra: #","colour":"red""#), path: "$.colour",
            message:
                "unknown key 'colour' in a chart case (allowed: background, description, expect, kind, layers, name, size, style, tolerance)"
        ),
        BadCase(
            label: "key of another layer type",
            json: chart(layers: #"{"id":"g","type":"gridLine","roundedEnds":"none"}"#),
            path: "$.layers[0].roundedEnds", message: "key 'roundedEnds' does not apply to a gridLine layer"),
        BadCase(
            label: "unknown layer type", json: chart(layers: #"{"id":"g","type":"pie"}"#), path: "$.layers[0].type",
            message: ""),
        BadCase(
            label: "duplicate id", json: chart(layers: #"{"id":"a","type":"bar"},{"id":"a","type":"plot"}"#),
            path: "$.layers[1].id", message: "duplicate layer id 'a'"),
        BadCase(
            label: "empty id", json: chart(layers: #"{"id":"","type":"bar"}"#), path: "$.layers[0].id",
            message: "layer id must not be empty"),
        BadCase(
            label: "bad dimensional unit", json: chart(layers: #"{"id":"p","type":"plot","diameter":"auto"}"#),
            path: "$.layers[0].diameter",
            message: #"expected "relative", {"explicit": number} or {"percentage": number}, got "auto""#),
        BadCase(
            label: "two unit keys",
            json: chart(layers: #"{"id":"p","type":"plot","diameter":{"explicit":1,"percentage":0.5}}"#),
            path: "$.layers[0].diameter", message: "a dimensional unit has exactly one of the keys explicit, percentage"
        ),
        BadCase(
            label: "distributed bar label",
            json: chart(layers: #"{"id":"b","type":"barLabel","labelAlignment":{"horizontal":"centerLeftRight"}}"#),
            path: "$.layers[0].labelAlignment",
            message:
                "a barLabel layer takes left/center/right and top/center/bottom only; the distributed modes are for horizontalLabel, verticalLabel and radialLabel"
        ),
        BadCase(
            label: "bad colour", json: chart(layers: ##"{"id":"b","type":"bar","unitFill":{"colors":["red","#12"]}}"##),
            path: "$.layers[0].unitFill.colors[1]", message: "invalid colour '#12'"),
        BadCase(
            label: "opacity out of range", json: chart(layers: #"{"id":"b","type":"bar","unitFill":{"opacity":1.5}}"#),
            path: "$.layers[0].unitFill.opacity", message: "opacity must be within 0...1, got 1.5"),
        BadCase(
            label: "negative dash", json: chart(layers: #"{"id":"b","type":"bar","unitLine":{"dashPattern":[2,-1]}}"#),
            path: "$.layers[0].unitLine.dashPattern", message: "dash lengths must be finite and >= 0, entry 1 is -1.0"),
        BadCase(
            label: "negative thickness", json: chart(layers: #"{"id":"b","type":"horizontalLabel","thickness":-3}"#),
            path: "$.layers[0].thickness", message: "expected a number >= 0, got -3.0"),
        BadCase(
            label: "smoothing granularity",
            json: chart(layers: #"{"id":"l","type":"line","smoothing":{"catmullRom":0}}"#),
            path: "$.layers[0].smoothing.catmullRom", message: "granularity must be >= 1, got 0"),
        BadCase(
            label: "unknown data key", json: chart(layers: #"{"id":"b","type":"bar","data":{"hi":[1]}}"#),
            path: "$.layers[0].data.hi",
            message: "unknown key 'hi' (allowed: valueMax, valueMin, values, labels, selected)"),
        BadCase(
            label: "negative selected index",
            json: chart(layers: #"{"id":"b","type":"bar","data":{"selected":{"index":-1}}}"#),
            path: "$.layers[0].data.selected.index", message: "selected index must be >= 0, got -1"),
        BadCase(
            label: "rounded ends", json: chart(layers: #"{"id":"b","type":"bar","roundedEnds":{"top":3}}"#),
            path: "$.layers[0].roundedEnds.top", message: "unknown key 'top' (allowed: hi, lo, both)"),
        BadCase(
            label: "unknown expect key", json: chart(layers: "", extra: #","expect":{"frames":[]}"#),
            path: "$.expect.frames", message: "unknown key 'frames' (allowed: regions, layers, hits)"),
    ])
    func decodingError(_ bad: BadCase) throws {
        let failure = try #require(Self.failure(bad.json))
        #expect(failure.path == bad.path)
        #expect(failure.message.hasPrefix(bad.message))
    }

    @Test func defaultsOfAMinimalCase() throws {
        let json = Self.chart(
            layers:
                #"{"id":"h","type":"horizontalLabel"},{"id":"v","type":"verticalLabel"},{"id":"l","type":"line"},{"id":"s","type":"radialLine"}"#
        )
        let chartCase = try JSONDecoder().decode(ChartCase.self, from: Data(json.utf8))
        let layers = chartCase.chart.layers
        #expect(layers[0].region == .bottomGutter && layers[1].region == .leftGutter)
        #expect(layers[1].labelAlignment == GraffeineLabelAlignment(horizontal: .right, vertical: .center))
        #expect(
            layers[2].unitColumn.reducedByOne && layers[2].unitLine.join == .bevel && layers[2].unitLine.thickness == 0)
        #expect(layers[3].innerDiameter == .percentage(0.9) && layers[3].outerDiameter == .percentage(0.9))
        #expect(chartCase.tolerance == .exact && chartCase.expect == nil)
    }

    @Test func insetsAcceptANumberOrAnObject() throws {
        let json = Self.chart(
            layers: #"{"id":"a","type":"bar","insets":4},{"id":"b","type":"bar","insets":{"left":-6}}"#)
        let layers = try JSONDecoder().decode(ChartCase.self, from: Data(json.utf8)).chart.layers
        #expect(layers[0].insets == Insets(all: 4) && layers[1].insets == Insets(left: -6))
    }
}
