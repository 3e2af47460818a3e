import Foundation
import LayoutCore
import TestSupport

@testable import ChartLayout

/// Helpers shared by the seed chart tests: decode a case from JSON text and reach its typed layout.
enum SeedTest {
    /// A seed case from JSON text; "kind" and "name" are prepended unless the text starts with "kind".
    static func decode(_ json: String, nonFinite: Bool = false) throws -> SeedChartCase {
        var text = json.trimmingCharacters(in: .whitespacesAndNewlines)
        if !text.hasPrefix("{\"kind\"") { text = "{\"kind\": \"chart\", \"name\": \"test\", " + text.dropFirst() }
        let decoder = JSONDecoder()
        if nonFinite {
            decoder.nonConformingFloatDecodingStrategy = .convertFromString(
                positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        }
        return try decoder.decode(SeedChartCase.self, from: Data(text.utf8))
    }

    static let measurer = TestSupport.fixedMeasurer

    static func rh(_ json: String) throws -> RHLinePlot.Resolved {
        guard case let .rhLinePlot(spec) = try decode(json).chart else { throw Unexpected.style }
        return try spec.layout(measurer: measurer)
    }

    static func pie(_ json: String) throws -> ResearchKitPieChart.Resolved {
        guard case let .researchKitPie(spec) = try decode(json).chart else { throw Unexpected.style }
        return try spec.layout(measurer: measurer)
    }

    static func graph(_ json: String) throws -> ResearchKitGraph.Resolved {
        guard case let .researchKitGraph(spec) = try decode(json).chart else { throw Unexpected.style }
        return try spec.layout(measurer: measurer)
    }

    static func blog(_ json: String) throws -> BlogBarChart.Resolved {
        guard case let .blogBarChart(spec) = try decode(json).chart else { throw Unexpected.style }
        return try spec.layout(measurer: measurer)
    }

    /// The JSON path and message of a decoding error, or nil for any other error.
    static func decodingFailure(_ error: any Error) -> (path: String, message: String)? {
        guard let error = error as? DecodingError else { return nil }
        switch error {
        case let .dataCorrupted(context), let .typeMismatch(_, context), let .valueNotFound(_, context):
            return (jsonPath(context.codingPath), context.debugDescription)
        case let .keyNotFound(key, context):
            return (jsonPath(context.codingPath + [key]), context.debugDescription)
        @unknown default:
            return nil
        }
    }

    enum Unexpected: Error { case style }
}

/// Approximate equality for computed coordinates, within 1e-9.
func close(_ a: Double?, _ b: Double, tolerance: Double = 1e-9) -> Bool {
    guard let a else { return false }
    return abs(a - b) <= tolerance
}

func close(_ a: Rect?, _ b: Rect, tolerance: Double = 1e-9) -> Bool {
    guard let a else { return false }
    return close(a.x, b.x, tolerance: tolerance) && close(a.y, b.y, tolerance: tolerance)
        && close(a.width, b.width, tolerance: tolerance) && close(a.height, b.height, tolerance: tolerance)
}

func close(_ a: Point?, _ b: Point, tolerance: Double = 1e-9) -> Bool {
    guard let a else { return false }
    return close(a.x, b.x, tolerance: tolerance) && close(a.y, b.y, tolerance: tolerance)
}
