import BoxLayout
import Flexbox
import Foundation
import LayoutCore
import TestSupport
import Testing

/// Measure tables (docs/flex-case-format.md "Measure tables"): the replay rule, strict decoding with JSON paths, the
/// byte-identical round trip, the wire form, and the reference's refusal.
struct MeasureTableTests {
    /// A text-like leaf: 200 × 10 on one line; 100 wide at most → 60 × 30; exactly 50 wide → 50 × 40.
    static let table = MeasureTable([
        MeasureRecord(width: .undefined, height: .undefined, output: Size(width: 200, height: 10)),
        MeasureRecord(width: .atMost(100), height: .undefined, output: Size(width: 60, height: 30)),
        MeasureRecord(width: .exactly(50), height: .undefined, output: Size(width: 50, height: 40)),
        MeasureRecord(width: .exactly(150), height: .undefined, output: Size(width: 150, height: 20)),
    ])

    @Test func aRequestThatMatchesARecordGetsItsOutput() {
        #expect(Self.table.answer(width: .undefined, height: .undefined) == Size(width: 200, height: 10))
        #expect(Self.table.answer(width: .atMost(100), height: .undefined) == Size(width: 60, height: 30))
        #expect(Self.table.answer(width: .exactly(50), height: .undefined) == Size(width: 50, height: 40))
    }

    @Test func otherwiseTheNearestRecordAnswers() {
        // Same modes as records 2 and 3; |60 − 50| = 10 < |60 − 150| = 90: record 2's height, and the asked width.
        #expect(Self.table.answer(width: .exactly(60), height: .undefined) == Size(width: 60, height: 40))
        // At most 500: only record 1 has both modes (distance 400); records 0, 2 and 3 differ in one mode.
        #expect(Self.table.answer(width: .atMost(500), height: .undefined) == Size(width: 60, height: 30))
        // Height at most 5: no record has that mode, so every record differs in one axis (the height) or two; of
        // the one-axis ones (all, since their width modes match in turn) the fewest mismatches win: undefined width
        // matches record 0 only → 200 × 10.
        #expect(Self.table.answer(width: .undefined, height: .atMost(5)) == Size(width: 200, height: 10))
        // A tie (|100 − 50| = |100 − 150| = 50) goes to the earlier record; along an exactly axis the size asked.
        #expect(Self.table.record(width: .exactly(100), height: .undefined) == Self.table.records[2])
        #expect(Self.table.answer(width: .exactly(100), height: .undefined) == Size(width: 100, height: 40))
    }

    @Test func exactOnlyWhenEveryOutputIsTheContentSize() {
        #expect(!Self.table.isExact(for: Size(width: 200, height: 10)))
        let fixed = MeasureTable([
            MeasureRecord(width: .atMost(30), height: .undefined, output: Size(width: 40, height: 20)),
            MeasureRecord(width: .undefined, height: .undefined, output: Size(width: 40, height: 20)),
        ])
        #expect(fixed.isExact(for: Size(width: 40, height: 20)))
        #expect(!fixed.isExact(for: Size(width: 40, height: 21)))
    }

    // MARK: The file form

    static let leafJSON =
        #"{"content":{"height":10,"measure":[{"heightMode":"undefined","output":{"height":10,"width":200},"widthMode":"undefined"},"#
        + #"{"heightMode":"undefined","output":{"height":30,"width":60},"width":100,"widthMode":"at-most"},"#
        + #"{"height":0.5,"heightMode":"exactly","output":{"height":0.5,"width":50},"width":50,"widthMode":"exactly"}],"width":200}}"#

    @Test func aTableRoundTripsByteForByte() throws {
        let element = try JSONDecoder().decode(FlexElement.self, from: Data(Self.leafJSON.utf8))
        #expect(element.content == Size(width: 200, height: 10))
        #expect(element.measureTable?.records.count == 3)
        #expect(element.measureTable?.records[2].height == .exactly(0.5))
        #expect(try FlexEncodingTests.encode(element) == Self.leafJSON)
    }

    @Test func contentWithoutATableIsWrittenAsBefore() throws {
        let json = #"{"content":{"height":20,"width":40}}"#
        let element = try JSONDecoder().decode(FlexElement.self, from: Data(json.utf8))
        #expect(element.measureTable == nil)
        #expect(try FlexEncodingTests.encode(element) == json)
    }

    @Test func everyGoldenFlexCaseReadsBackUnchangedAndHasNoTable() throws {
        let folder = TestSupport.repositoryRoot + "/golden/flex"
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }
            .sorted()
        #expect(!names.isEmpty)
        for name in names {
            let bytes = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
            let flexCase = try JSONDecoder().decode(FlexCase.self, from: bytes)
            let again = try JSONDecoder().decode(FlexCase.self, from: try JSONEncoder().encode(flexCase))
            #expect(again == flexCase, "\(name)")
            #expect(!String(decoding: bytes, as: UTF8.self).contains("\"measure\""), "\(name)")
        }
    }

    @Test("adapters receive the table inside content")
    func wireForm() throws {
        let json = #"{"kind":"flex","name":"w","root":{"children":["# + Self.leafJSON + "]}}"
        let wire = try FlexEncodingTests.encode(try FlexEncodingTests.decode(json).adapterCase)
        #expect(wire.contains(#""content":{"height":10,"measure":[{"heightMode":"undefined","#))
        #expect(wire.contains(#""width":100,"widthMode":"at-most"}"#))
    }

    struct Failure: Sendable, CustomTestStringConvertible {
        var measure: String
        var path: String
        var message: String
        var testDescription: String { "\(path): \(message)" }
    }

    static let failures: [Failure] = [
        Failure(
            measure: "[]", path: "$.root.content.measure",
            message: "a measure table has at least one record (leave 'measure' out for none)"),
        Failure(
            measure: #"[{"widthMode":"undefined","width":3,"heightMode":"undefined","output":{"width":1,"height":1}}]"#,
            path: "$.root.content.measure[0].width",
            message: "an axis whose mode is undefined has no size: leave 'width' out"),
        Failure(
            measure: #"[{"widthMode":"at-most","heightMode":"undefined","output":{"width":1,"height":1}}]"#,
            path: "$.root.content.measure[0].width", message: "'width' is required when widthMode is at-most"),
        Failure(
            measure: #"[{"widthMode":"undefined","heightMode":"max-content","output":{"width":1,"height":1}}]"#,
            path: "$.root.content.measure[0].heightMode",
            message: #"expected one of exactly, at-most, undefined, got "max-content""#),
        Failure(
            measure: #"[{"widthMode":"exactly","width":-1,"heightMode":"undefined","output":{"width":1,"height":1}}]"#,
            path: "$.root.content.measure[0].width", message: "expected a number ≥ 0, got -1"),
        Failure(
            measure: #"[{"widthMode":"undefined","heightMode":"undefined","output":{"width":-1,"height":1}}]"#,
            path: "$.root.content.measure[0].output.width", message: "width must be >= 0, got -1.0"),
        Failure(
            measure: #"[{"widthMode":"undefined","heightMode":"undefined","output":{"width":1,"height":1},"ns":5}]"#,
            path: "$.root.content.measure[0].ns",
            message: "unknown key 'ns' (allowed: width, widthMode, height, heightMode, output)"),
        Failure(
            measure:
                #"[{"widthMode":"exactly","width":5,"heightMode":"undefined","output":{"width":5,"height":1}},"#
                + #"{"widthMode":"undefined","heightMode":"undefined","output":{"width":9,"height":1}},"#
                + #"{"widthMode":"exactly","width":5,"heightMode":"undefined","output":{"width":5,"height":2}}]"#,
            path: "$.root.content.measure[2]", message: "repeats the inputs of record 0: each input is recorded once"),
    ]

    @Test("a bad measure table is refused at its JSON path", arguments: failures)
    func refusesBadTables(_ expected: Failure) throws {
        let root = #"{"content":{"width":1,"height":1,"measure":"# + expected.measure + "}}"
        let failure = try #require(FlexDecodingTests.failure(root: root))
        #expect(failure.path == expected.path)
        #expect(failure.message == expected.message)
    }

    @Test func anUnknownContentKeyNamesTheTable() throws {
        let failure = try #require(FlexDecodingTests.failure(root: #"{"content":{"width":1,"height":1,"depth":1}}"#))
        #expect(failure.path == "$.root.content.depth")
        #expect(failure.message == "unknown key 'depth' (allowed: width, height, measure)")
    }

    // MARK: The reference

    @Test func theReferenceReplaysATable() throws {
        // A 100-wide row holds a leaf (min-width 0) whose table answers 120 × 14 unconstrained and 100 × 28 asked
        // for exactly 100.
        var leaf = FlexElement(content: Size(width: 120, height: 14))
        try leaf.style.set(.minWidth, to: .px(0))
        leaf.measureTable = MeasureTable([
            MeasureRecord(width: .undefined, height: .undefined, output: Size(width: 120, height: 14)),
            MeasureRecord(width: .exactly(100), height: .undefined, output: Size(width: 100, height: 28)),
        ])
        var root = FlexElement(children: [leaf])
        try root.style.set(.width, to: .px(100))
        let flexCase = FlexCase(name: "t", viewport: FlexViewport(width: 200), root: root)
        #expect(flexCase.referenceRefusal == nil)
        // Flex base 120 (the unconstrained record) shrinks to the row's 100; asked exactly 100 wide, the leaf answers
        // the second record's height, 28, and the row stretches it… to its own height, 28.
        let frames = try flexCase.layout(measurer: FixedAdvanceTextMeasurer()).frames
        #expect(
            frames.map(\.frame) == [
                Rect(x: 0, y: 0, width: 100, height: 28), Rect(x: 0, y: 0, width: 100, height: 28),
            ])
    }
}
