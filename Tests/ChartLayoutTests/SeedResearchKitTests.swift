import LayoutCore
import RealModule
import Testing

@testable import ChartLayout

/// ResearchKit (§B) numbers. Text sizes come from the fixed measurer: advance 0.5·size, line height 1.2·size.
struct SeedResearchKitTests {
    // MARK: Pie

    /// §B.1 ring and label placement for [1, 1, 2] on 300×300: Lh = 1.2·11 = 13.2, innerR = 150 − 23.2 = 126.8.
    @Test func pieRingAndLabelPlacement() throws {
        let pie = try SeedTest.pie(
            """
            {"style": "researchKitPie", "size": {"width": 300, "height": 300}, "values": [1, 1, 2]}
            """)
        #expect(pie.outerRadius == 150)
        #expect(close(pie.innerRadius, 126.8))
        #expect(close(pie.ringRadius, 126.8))
        #expect(pie.ringWidth == 10)
        // Label 0 "25%": 3·5.5 = 16.5 × 13.2 at α = 2π·0.125, θ = α − π/2 = −π/4, ℓ = 126.8 + 10 = 136.8.
        let theta = -Double.pi / 4
        let center = Point(
            x: 150 + Double.cos(theta) * 136.8 + Double.cos(theta) * 16.5 / 2,
            y: 150 + Double.sin(theta) * 136.8 + Double.sin(theta) * 13.2 / 2)
        #expect(close(pie.labels[0].frame, Rect(x: center.x - 8.25, y: center.y - 6.6, width: 16.5, height: 13.2)))
        // Far-apart labels need one pass and keep their angles: 45°, 135°, 270°.
        #expect(pie.labelPasses == 1)
        #expect(pie.labels.map(\.angleDegrees).enumerated().allSatisfy { close($1, [45, 135, 270][$0]) })
    }

    /// §B.1 collision nudging: two 1% labels overlap; alternating passes push them apart by 0.01 rad steps
    /// (label 1 forward, label 0 backward) until no neighbours overlap.
    @Test func pieLabelsAreNudgedApart() throws {
        let pie = try SeedTest.pie(
            """
            {"style": "researchKitPie", "size": {"width": 300, "height": 300}, "values": [1, 1, 98]}
            """)
        let initial = [2 * Double.pi * 0.005, 2 * Double.pi * 0.015]
        let final = pie.labels.prefix(2).map { $0.angleDegrees * .pi / 180 }
        #expect(pie.labelPasses >= 2)
        #expect(final[0] < initial[0] && final[1] > initial[1])
        for (moved, start) in zip(final, initial) {
            let steps = (moved - start) / 0.01
            #expect(abs(steps - steps.rounded()) < 1e-6)
        }
        let a = pie.labels[0].frame
        let b = pie.labels[1].frame
        #expect(!(a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY))
    }

    /// §B.1 legend: cells 16 + text wide; "Walk" 4·6 = 24 → 40, "Run" 18 → 34, "Cycle" 30 → 46; total 120 + 2·10 = 140
    /// fits one row of 300, centred at (300 − 140)/2 = 80. Height 1.2·12 = 14.4 at the bottom; the pie ends 8 above it.
    @Test func pieLegendOneRow() throws {
        let pie = try SeedTest.pie(
            """
            {"style": "researchKitPie", "size": {"width": 300, "height": 300}, "values": [3, 2, 1],
             "titles": ["Walk", "Run", "Cycle"]}
            """)
        let legend = try #require(pie.legend)
        #expect(legend.rows == 1 && legend.perRow == 3)
        #expect(close(legend.frame, Rect(x: 0, y: 285.6, width: 300, height: 14.4)))
        #expect(legend.items.map(\.dot.x) == [80, 130, 174])
        #expect(legend.items.map(\.label.x) == [96, 146, 190])
        #expect(close(legend.items[0].dot.y, 285.6 + (14.4 - 10) / 2))
        #expect(close(pie.pieFrame, Rect(x: 0, y: 0, width: 300, height: 277.6)))
        #expect(close(pie.outerRadius, 138.8))
    }

    /// §B.1 legend rows: total 46 + 40 + 46 + 20 = 152 over W 100 → 2 rows, ceil(3/2) = 2 per row, each row centred:
    /// row 0 = 46 + 10 + 40 = 96 → x 2; row 1 = 46 → x 27. Height 2·14.4 + 6 = 34.8.
    @Test func pieLegendWrapsEvenlyByCount() throws {
        let pie = try SeedTest.pie(
            """
            {"style": "researchKitPie", "size": {"width": 100, "height": 300}, "values": [1, 1, 1],
             "titles": ["Alpha", "Beta", "Gamma"]}
            """)
        let legend = try #require(pie.legend)
        #expect(legend.rows == 2 && legend.perRow == 2)
        #expect(legend.items.map(\.dot.x) == [2, 58, 27])
        #expect(close(legend.frame.height, 34.8))
        #expect(close(legend.items[2].dot.y, 300 - 34.8 + 14.4 + 6 + 2.2))
    }

    /// §B.1 quirk (reproduced): the "+10 unless last" test compares the segment index with the cell count − 1, so a
    /// null title in the middle adds 10 for the last cell too: 22 + 10 + 22 + 10 = 64 > 60 → 2 rows, not 1.
    @Test func pieLegendSpacingQuirk() throws {
        let pie = try SeedTest.pie(
            """
            {"style": "researchKitPie", "size": {"width": 60, "height": 300}, "values": [1, 1, 1], "titles": ["A", null, "B"]}
            """)
        #expect(pie.legend?.rows == 2)
        #expect(pie.legend?.items.map(\.text) == ["A", "B"])
    }

    /// §B.1 title block centred in the hole: "Steps" at 17 pt is 42.5 × 20.4, "today" at 15 pt 37.5 × 18; the
    /// 38.4-tall block is centred on (150, 150).
    @Test func pieTitleBlockInTheHole() throws {
        let pie = try SeedTest.pie(
            """
            {"style": "researchKitPie", "size": {"width": 300, "height": 300}, "values": [1], "title": "Steps", "text": "today"}
            """)
        #expect(close(pie.titleBlock[0].frame, Rect(x: 150 - 21.25, y: 150 - 19.2, width: 42.5, height: 20.4)))
        #expect(close(pie.titleBlock[1].frame, Rect(x: 150 - 18.75, y: 150 - 19.2 + 20.4, width: 37.5, height: 18)))
    }

    /// §B.1 title above the chart: the pie starts 8 below the 20.4-tall title.
    @Test func pieTitleAboveChart() throws {
        let pie = try SeedTest.pie(
            """
            {"style": "researchKitPie", "size": {"width": 300, "height": 300}, "values": [1], "title": "Steps",
             "showsTitleAboveChart": true}
            """)
        #expect(close(pie.pieFrame, Rect(x: 0, y: 28.4, width: 300, height: 271.6)))
        #expect(close(pie.titleBlock[0].frame.origin, Point(x: 150 - 21.25, y: 0)))
    }

    /// §B.1 default colours: channel c + (1 − c)·i/n; with n = 1 the tint itself.
    @Test(arguments: [(1, 0, "#007aff"), (2, 1, "#80bdff"), (4, 3, "#bfdeff")])
    func pieDefaultColours(count: Int, index: Int, hex: String) throws {
        let values = Array(repeating: "1", count: count).joined(separator: ", ")
        let pie = try SeedTest.pie(
            """
            {"style": "researchKitPie", "size": {"width": 100, "height": 100}, "values": [\(values)]}
            """)
        // n = 2, i = 1: (0 + 255/2, 122 + 133/2, 255) = (127.5 → 128, 188.5 → 189, 255) = #80bdff.
        // n = 4, i = 3: (191.25 → 191, 122 + 99.75 = 221.75 → 222, 255) = #bfdeff.
        #expect(pie.segments[index].color.hexString == hex)
    }

    // MARK: Graphs

    /// §B.4 side-by-side offsets for P plots: P even → (k − P/2 + 0.5)·8, P odd → (k − P/2)·8 with integer P/2.
    @Test(arguments: [(1, [0.0]), (2, [-4, 4]), (3, [-8, 0, 8]), (4, [-12, -4, 4, 12]), (5, [-16, -8, 0, 8, 16])])
    func discreteOffsets(plotCount: Int, offsets: [Double]) throws {
        let plots = Array(repeating: "[1, 2]", count: plotCount).joined(separator: ", ")
        let graph = try SeedTest.graph(
            """
            {"style": "researchKitDiscrete", "size": {"width": 355, "height": 237}, "plots": [\(plots)]}
            """)
        #expect(graph.plots.map(\.xOffset) == offsets)
    }

    /// §B.2 x positions are floored: pw = 100 (W 155), n = 4 → floor(33.33·i) = 0, 33, 66, 100.
    @Test func xAxisPointsAreFloored() throws {
        let graph = try SeedTest.graph(
            """
            {"style": "researchKitLine", "size": {"width": 155, "height": 237}, "plots": [[1, 2, 3, 4]]}
            """)
        #expect(graph.xAxisPoints == [10, 43, 76, 110])
    }

    /// §B.2 numberOfDivisions pads the x axis: n = max(6, 3) = 6 → floor(300/5·i) = 0, 60, …; the missing points are unset.
    @Test func divisionsPadTheAxis() throws {
        let graph = try SeedTest.graph(
            """
            {"style": "researchKitLine", "size": {"width": 355, "height": 237}, "plots": [[1, 2, 3]], "numberOfDivisions": 6}
            """)
        #expect(graph.numberOfXAxisPoints == 6)
        #expect(graph.xAxisPoints == [10, 70, 130, 190, 250, 310])
        // The fill ends at index 2, not the array's last index 5, so no +px nudge on its last line vertex.
        #expect(graph.plots[0].fill?.suffix(2).map(\.x) == [130, 131])
    }

    /// §B.2 axis text with the fixed measurer: "16" is 12 × 14.4, right-aligned at 310 + 45 − 12 − 2 = 341; the
    /// last x title "Thu" (18 wide) is a pill max(20, 18 + 10) = 28 × 20 centred on (10 + 300, 207 + 15).
    @Test func axisLabelFrames() throws {
        let graph = try SeedTest.graph(
            """
            {"style": "researchKitLine", "size": {"width": 355, "height": 237}, "plots": [[10, 20, 30, 40]],
             "xAxisTitles": ["Mon", "Tue", "Wed", "Thu"], "scrubX": 160}
            """)
        #expect(close(graph.yAxis[0].label.frame, Rect(x: 329, y: 167 - 7.2, width: 12, height: 14.4)))
        let labels = try #require(graph.xAxis?.labels)
        #expect(close(labels[0].label.frame, Rect(x: 10 - 9, y: 222 - 7.2, width: 18, height: 14.4)))
        // Label 1 is centred at pw·1/3 = 100 (not floored), exactly on its point here.
        #expect(close(labels[1].label.frame.midX, 110))
        #expect(close(labels[3].label.frame, Rect(x: 310 - 14, y: 212, width: 28, height: 20)))
        // Scrubber label: "25" (interpolated 10 + 30·0.5 … here 20 + 10·0.5 = 25) padded to (12 + 12) × (14.4 + 4).
        #expect(graph.scrubber?.label?.text == "25")
        #expect(close(graph.scrubber?.label?.frame, Rect(x: 166, y: 7, width: 24, height: 18.4)))
    }

    /// §B.2 line-graph scrubbing over an unset point: the neighbours skip it.
    @Test func scrubbingBridgesUnsetPoints() throws {
        let graph = try SeedTest.graph(
            """
            {"style": "researchKitLine", "size": {"width": 355, "height": 237}, "plots": [[0, null, 20, 30]], "scrubX": 60}
            """)
        // x = 50: canvas index 1 (first xAxisPoint ≥ 50 is 100); next valid from 1 is 2, previous valid before 1 is 0.
        // min 0, max 30: y(0) = 200, y(20) = 66.667; at 50 of 0…200: 200 + (66.667 − 200)·0.25 = 166.667 → view 173.667.
        let scrubber = try #require(graph.scrubber)
        #expect(close(scrubber.thumb?.y, 7 + 200 - 133.333_333_333_333_3 * 0.25, tolerance: 1e-6))
        #expect(close(scrubber.value, 5))
    }

    /// Port decision: before the first valid point the original's previous neighbour stops on the unset index 0
    /// (y = ph); the port uses the next valid point instead. [null, 20, 10], n = 3: x = 0 → thumb at y(20) = 0 → 7.
    @Test func scrubbingBeforeTheFirstValidPoint() throws {
        let graph = try SeedTest.graph(
            """
            {"style": "researchKitLine", "size": {"width": 355, "height": 237}, "plots": [[null, 20, 10]], "scrubX": 10}
            """)
        let scrubber = try #require(graph.scrubber)
        #expect(scrubber.snappedIndex == nil)
        #expect(scrubber.thumb == Point(x: 10, y: 7))
        #expect(scrubber.value == 20)
    }

    /// §B.2 given min > max is not validated (reproduced): the plot inverts. min 5, max 1:
    /// y(v) = 200 − (v − 5)/(1 − 5)·200 → y(1) = 0, y(2) = 50, so the smaller value is drawn higher.
    @Test func invertedGivenRange() throws {
        let graph = try SeedTest.graph(
            """
            {"style": "researchKitLine", "size": {"width": 355, "height": 237}, "plots": [[1, 2]],
             "minimumValue": 5, "maximumValue": 1}
            """)
        #expect(graph.plots[0].points.map(\.min) == [Point(x: 10, y: 7), Point(x: 310, y: 57)])
    }
}
