import LayoutCore
import TestSupport
import Testing

@testable import ChartLayout

/// Bad input: a decoding error with the JSON path, or a `CaseError` from layout, never a crash.
struct SeedBadInputTests {
    /// Input that fails to decode, with the path and the start of the message.
    @Test(arguments: [
        (#"{"kind": "chart", "name": "t", "style": "radar"}"#, "$.style", "unknown chart style 'radar'"),
        (#"{"kind": "chart", "name": "t"}"#, "$.style", "No value associated with key"),
        (
            #"{"kind": "box", "name": "t", "style": "rhLinePlot", "size": {"width": 1, "height": 1}, "values": []}"#,
            "$.kind", "expected kind 'chart', got 'box'"
        ),
        (
            #"{"style": "rhLinePlot", "size": {"width": 1, "height": 1}, "values": [], "colour": "red"}"#,
            "$.colour", "unknown key 'colour' in a chart case"
        ),
        (
            #"{"style": "rhLinePlot", "size": {"width": 0, "height": 10}, "values": []}"#,
            "$.size", "the canvas size must be greater than 0"
        ),
        (
            #"{"style": "rhLinePlot", "size": {"width": 10, "height": 10}, "values": [1], "config": {"plotLineWidht": 2}}"#,
            "$.config.plotLineWidht", "unknown key 'plotLineWidht'"
        ),
        (
            #"{"style": "rhLinePlot", "size": {"width": 10, "height": 10}, "values": [1], "dragX": 3, "interactive": false}"#,
            "$.interactive", "dragX needs an interactive plot"
        ),
        (
            #"{"style": "rhLinePlot", "size": {"width": 10, "height": 10}, "values": [1], "config": {"adjustedEdgesToFitLineStrokeInCanvas": ["left"]}}"#,
            "$.config.adjustedEdgesToFitLineStrokeInCanvas[0]", ""
        ),
        (
            #"{"style": "researchKitPie", "size": {"width": 10, "height": 10}, "values": [1, -2]}"#,
            "$.values[1]", "pie values must be >= 0, got -2.0"
        ),
        (
            #"{"style": "researchKitPie", "size": {"width": 10, "height": 10}, "values": [1, 2], "titles": ["a"]}"#,
            "$.titles", "expected 2 titles (one per value), got 1"
        ),
        (
            #"{"style": "researchKitDiscrete", "size": {"width": 10, "height": 10}, "plots": [[1, {"min": 5, "max": 2}]]}"#,
            "$.plots[0][1].max", "a range needs max >= min, got min 5.0, max 2.0"
        ),
        (
            #"{"style": "researchKitLine", "size": {"width": 10, "height": 10}, "plots": [[1]], "drawsConnectedRanges": false}"#,
            "$.drawsConnectedRanges", "'drawsConnectedRanges' applies only to the researchKitDiscrete style"
        ),
        (#"{"style": "researchKitLine", "size": {"width": 10, "height": 10}, "plots": [["x"]]}"#, "$.plots[0][0]", ""),
        (
            #"{"style": "blogBarChart", "size": {"width": 10, "height": 10}, "data": [{"name": "a"}]}"#,
            "$.data[0].value", "No value associated with key"
        ),
        (
            #"{"style": "blogBarChart", "size": {"width": 10, "height": 10}, "data": [], "formulas": "blog"}"#,
            "$.formulas", ""
        ),
        (
            #"{"style": "blogBarChart", "size": {"width": 10, "height": 10}, "data": [], "expect": [1]}"#,
            "$.expect", "expect must be an object of geometry fields"
        ),
    ])
    func decodingErrorNamesThePath(json: String, path: String, message: String) {
        do {
            _ = try SeedTest.decode(json)
            Issue.record("decoded without an error")
        } catch {
            let failure = SeedTest.decodingFailure(error)
            #expect(failure?.path == path)
            #expect(failure?.message.hasPrefix(message) == true, "\(failure?.message ?? "\(error)")")
        }
    }

    /// NaN cannot be written in JSON, but a lenient decoder can produce one; it is rejected at its index.
    @Test(arguments: [
        (#"{"style": "rhLinePlot", "size": {"width": 10, "height": 10}, "values": [1, "nan"]}"#, "$.values[1]"),
        (#"{"style": "researchKitPie", "size": {"width": 10, "height": 10}, "values": ["inf"]}"#, "$.values[0]"),
        (#"{"style": "researchKitLine", "size": {"width": 10, "height": 10}, "plots": [[1, "nan"]]}"#, "$.plots[0][1]"),
        (
            #"{"style": "researchKitDiscrete", "size": {"width": 10, "height": 10}, "plots": [[{"min": "-inf", "max": 1}]]}"#,
            "$.plots[0][0].min"
        ),
        (
            #"{"style": "blogBarChart", "size": {"width": 10, "height": 10}, "data": [{"name": "a", "value": "nan"}]}"#,
            "$.data[0].value"
        ),
        (#"{"style": "rhLinePlot", "size": {"width": 10, "height": 10}, "values": [1], "dragX": "nan"}"#, "$.dragX"),
    ])
    func nonFiniteNumbersAreRejected(json: String, path: String) {
        do {
            _ = try SeedTest.decode(json, nonFinite: true)
            Issue.record("decoded without an error")
        } catch {
            let failure = SeedTest.decodingFailure(error)
            #expect(failure?.path == path)
            #expect(failure?.message.hasPrefix("expected a finite number") == true, "\(failure?.message ?? "\(error)")")
        }
    }

    /// Input that decodes but cannot be laid out: a `CaseError` with the path and message.
    @Test(arguments: [
        (
            #""values": [1, 2, 3], "lineSegmentStartingIndices": [0, 7]"#,
            CaseError(path: "$.lineSegmentStartingIndices[1]", message: "segment start 7 is out of range for 3 values")
        ),
        (
            #""values": [1, 2, 3], "lineSegmentStartingIndices": [1, 2]"#,
            CaseError(
                path: "$.lineSegmentStartingIndices[0]", message: "the first segment must start at index 0, got 1")
        ),
        (
            #""values": [1, 2, 3], "lineSegmentStartingIndices": [0, 2, 2]"#,
            CaseError(
                path: "$.lineSegmentStartingIndices[2]",
                message: "segment starts must be strictly increasing, got 2 after 2")
        ),
        (
            #""values": [1, 2, 3], "lineSegmentStartingIndices": []"#,
            CaseError(path: "$.lineSegmentStartingIndices", message: "must hold at least one index (the first is 0)")
        ),
        (
            #""values": [1, 2, 3], "lineSegmentStartingIndices": [0, 1], "activeSegment": 2"#,
            CaseError(path: "$.activeSegment", message: "activeSegment 2 is out of range for 2 segments")
        ),
        (
            #""values": [1, 2, 3], "activeSegment": 0"#,
            CaseError(path: "$.activeSegment", message: "activeSegment needs lineSegmentStartingIndices")
        ),
        (
            #""values": [], "lineSegmentStartingIndices": [0]"#,
            CaseError(path: "$.lineSegmentStartingIndices[0]", message: "segment start 0 is out of range for 0 values")
        ),
    ])
    func rhLinePlotSegmentErrors(keys: String, error: CaseError) throws {
        let chart = try SeedTest.decode(
            #"{"style": "rhLinePlot", "size": {"width": 100, "height": 100}, "# + keys + "}")
        #expect(throws: error) { try chart.layout(measurer: SeedTest.measurer) }
    }

    /// The post's [0, max] scale has no room for negatives; the error names the way out.
    @Test func postFormulasRejectNegatives() throws {
        let chart = try SeedTest.decode(
            """
            {"style": "blogBarChart", "size": {"width": 100, "height": 100}, "data": [{"name": "a", "value": 1}, {"name": "b", "value": -1}]}
            """)
        #expect(
            throws: CaseError(
                path: "$.data[1].value",
                message: "negative values are outside the post's [0, max] scale; use \"formulas\": \"corrected\"")
        ) {
            try chart.layout(measurer: SeedTest.measurer)
        }
    }

    /// `expect` fields the geometry lacks are reported as missing, and a count difference as `.count`.
    @Test func mismatchReportsMissingAndCount() throws {
        let chart = try SeedTest.decode(
            """
            {"style": "rhLinePlot", "size": {"width": 100, "height": 100}, "values": [1, 2],
             "expect": {"pointz": [], "points": [{"x": 0}], "canvas": {"width": 99}}}
            """)
        let mismatches = chart.mismatches(in: try chart.layout(measurer: SeedTest.measurer))
        #expect(
            mismatches.map(\.description) == [
                "canvas: width expected 99, got 100",
                "points: count expected 1, got 2",
                "geometry: pointz expected [0 items], got nothing (missing)",
            ])
    }
}
