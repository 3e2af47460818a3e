import Foundation
import LayoutCore
import Testing

@testable import ChartLayout

/// Degenerate data never yields NaN or infinite geometry: every layout succeeds, its printed fields are finite,
/// and its scene encodes (Foundation's JSONEncoder throws on a non-finite number).
struct SeedNaNFreedomTests {
    static let degenerate: [String] = [
        // RHLinePlot: empty, one point, all equal, huge, tiny view, zero-width plot, every option at once.
        #"{"style": "rhLinePlot", "size": {"width": 100, "height": 50}, "values": [], "showGlowingIndicator": true, "dragX": 10}"#,
        #"{"style": "rhLinePlot", "size": {"width": 100, "height": 50}, "values": [3], "lineSegmentStartingIndices": [0], "dragX": 50, "showGlowingIndicator": true}"#,
        #"{"style": "rhLinePlot", "size": {"width": 100, "height": 50}, "values": [2, 2, 2], "lineSegmentStartingIndices": [0, 1, 2], "dragX": 1}"#,
        #"{"style": "rhLinePlot", "size": {"width": 100, "height": 50}, "values": [-1e300, 1e300, 0]}"#,
        #"{"style": "rhLinePlot", "size": {"width": 1, "height": 1}, "values": [1, 2], "dragX": 0, "config": {"plotLineWidth": 40, "adjustedEdgesToFitLineStrokeInCanvas": ["top", "bottom", "leading", "trailing"], "useLaserLightLinePlotStyle": true}}"#,
        #"{"style": "rhLinePlot", "size": {"width": 100, "height": 50}, "values": [1, 2, 3], "occupyingRelativeWidth": 0, "dragX": 30}"#,
        // Pie: zero sum, empty, one value, a tiny view, labels off with a zero line width, titles all null.
        #"{"style": "researchKitPie", "size": {"width": 100, "height": 100}, "values": [0, 0, 0], "titles": ["a", "b", "c"]}"#,
        #"{"style": "researchKitPie", "size": {"width": 100, "height": 100}, "values": []}"#,
        #"{"style": "researchKitPie", "size": {"width": 100, "height": 100}, "values": [5], "drawsClockwise": false}"#,
        #"{"style": "researchKitPie", "size": {"width": 2, "height": 2}, "values": [1, 2, 3], "titles": ["x", "y", "z"], "title": "T", "showsTitleAboveChart": true}"#,
        #"{"style": "researchKitPie", "size": {"width": 100, "height": 100}, "values": [1, 0, 1e-300, 1], "lineWidth": 0, "titles": [null, null, null, null]}"#,
        // Graphs: no plots, all unset, one point, all equal, min > max given, a tiny view, huge values.
        #"{"style": "researchKitLine", "size": {"width": 100, "height": 100}, "plots": [], "scrubX": 3}"#,
        #"{"style": "researchKitLine", "size": {"width": 100, "height": 100}, "plots": [[null], []], "scrubX": 3}"#,
        #"{"style": "researchKitLine", "size": {"width": 100, "height": 100}, "plots": [[4]], "scrubX": 50, "xAxisTitles": ["only"], "showsVerticalReferenceLines": true}"#,
        #"{"style": "researchKitLine", "size": {"width": 100, "height": 100}, "plots": [[4, 4, null, 4]], "scrubX": 70, "showsHorizontalReferenceLines": true}"#,
        #"{"style": "researchKitLine", "size": {"width": 100, "height": 100}, "plots": [[1, 2]], "minimumValue": 5, "maximumValue": 1, "scrubX": 60, "scrubbingPlotIndex": 9}"#,
        #"{"style": "researchKitDiscrete", "size": {"width": 1, "height": 1}, "plots": [[{"min": 1, "max": 2}], [3]], "scrubX": 0, "xAxisTitles": []}"#,
        #"{"style": "researchKitDiscrete", "size": {"width": 100, "height": 100}, "plots": [[{"min": -1e300, "max": 1e300}, null]], "scrubX": 10, "numberOfDivisions": 0}"#,
        // Blog: empty, all zero, one bar, a short view, negatives corrected, huge values.
        #"{"style": "blogBarChart", "size": {"width": 100, "height": 100}, "data": []}"#,
        #"{"style": "blogBarChart", "size": {"width": 100, "height": 100}, "data": [{"name": "a", "value": 0}], "formulas": "corrected"}"#,
        #"{"style": "blogBarChart", "size": {"width": 100, "height": 10}, "data": [{"name": "a", "value": 3}]}"#,
        #"{"style": "blogBarChart", "size": {"width": 100, "height": 10}, "data": [{"name": "a", "value": -3}, {"name": "b", "value": -3}], "formulas": "corrected"}"#,
        #"{"style": "blogBarChart", "size": {"width": 100, "height": 100}, "data": [{"name": "a", "value": 1e300}, {"name": "b", "value": -1e300}], "formulas": "corrected"}"#,
    ]

    @Test(arguments: degenerate)
    func degenerateDataStaysFinite(json: String) throws {
        let chart = try SeedTest.decode(json)
        let geometry = try chart.layout(measurer: SeedTest.measurer)
        #expect(geometry.fields.firstNonFinitePath() == nil)
        _ = try JSONEncoder().encode(geometry)
        _ = try JSONEncoder().encode(chart.scene(for: geometry, measurer: SeedTest.measurer))
    }

    /// The last guard of `layout(measurer:)` reports a non-finite number by its path.
    @Test func nonFinitePathIsNamed() {
        let tree = SeedJSON.fields(["bars": SeedJSON.array([.fields(["x": 1.0]), .fields(["x": Double.nan])])])
        #expect(tree.firstNonFinitePath() == "$.bars[1].x")
    }
}
