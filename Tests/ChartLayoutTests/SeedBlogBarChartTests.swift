import LayoutCore
import Testing

@testable import ChartLayout

/// The blog bar chart (§C): the post's drawing and the corrected formulas.
struct SeedBlogBarChartTests {
    /// §C.2: n bars of w = 2W/(3n+1) plus n+1 gaps of w/2 fill W exactly, in both formula sets; the last bar ends
    /// at W − w/2 (§C.3).
    @Test(arguments: [1, 2, 3, 5, 7], ["post", "corrected"])
    func barsFillTheWidth(count: Int, formulas: String) throws {
        let data = (0..<count).map { "{\"name\": \"n\($0)\", \"value\": \($0 + 1)}" }.joined(separator: ", ")
        let chart = try SeedTest.blog(
            """
            {"style": "blogBarChart", "size": {"width": 390, "height": 300}, "data": [\(data)], "formulas": "\(formulas)"}
            """)
        let w = 2 * 390 / Double(3 * count + 1)
        #expect(close(chart.barWidth, w))
        #expect(close(chart.bars.first?.rect.minX, w / 2))
        #expect(close(chart.bars.last?.rect.maxX, 390 - w / 2))
        #expect(close(Double(count) * w + Double(count + 1) * w / 2, 390))
    }

    /// §C.1b vs §C.4: on non-negative data with H > 93.33 both formula sets give the same bars.
    @Test func postAndCorrectedAgreeOnTheBlogsData() throws {
        let json = { (formulas: String) in
            """
            {"style": "blogBarChart", "size": {"width": 375, "height": 400}, "formulas": "\(formulas)",
             "data": [{"name": "a", "value": 3}, {"name": "b", "value": 10}, {"name": "c", "value": 6.5}]}
            """
        }
        let post = try SeedTest.blog(json("post"))
        let corrected = try SeedTest.blog(json("corrected"))
        for (a, b) in zip(post.bars, corrected.bars) { #expect(close(a.rect, b.rect)) }
        // u = 375/10 = 37.5, bar 1 starts at u·(3·1 + 1) = 150, w = 75; the tallest reaches H/4 = 100 from B = 330.
        #expect(close(post.bars[1].rect, Rect(x: 37.5 * 4, y: 100, width: 75, height: 230)))
    }

    /// §C.4 label placement with the fixed measurer at 20 pt (10 per character, 24 tall): the value label's bottom
    /// is 4 above the bar's value end, the name label's top 8 below the baseline, both centred on u(3i+2).
    @Test func correctedLabels() throws {
        let chart = try SeedTest.blog(
            """
            {"style": "blogBarChart", "size": {"width": 400, "height": 300}, "formulas": "corrected",
             "data": [{"name": "太郎", "value": 9}]}
            """)
        // n = 1: u = 400/4 = 100, centre = 200; y(9) = T = 75.
        #expect(close(chart.bars[0].valueLabel.frame, Rect(x: 195, y: 75 - 4 - 24, width: 10, height: 24)))
        #expect(close(chart.bars[0].nameLabel.frame, Rect(x: 190, y: 238, width: 20, height: 24)))
    }

    /// §C.1b value text is the integer value (truncated); §C.4 prints the value itself.
    @Test(arguments: [("post", "7"), ("corrected", "7.9")])
    func valueText(formulas: String, text: String) throws {
        let chart = try SeedTest.blog(
            """
            {"style": "blogBarChart", "size": {"width": 300, "height": 300}, "formulas": "\(formulas)",
             "data": [{"name": "a", "value": 7.9}]}
            """)
        #expect(chart.bars[0].valueLabel.text == text)
    }

    /// §C.4: T clamps to B when H ≤ 280/3, so the corrected chart never inverts: H = 90 → B = T = 20, all heights 0.
    @Test func correctedClampsTheTop() throws {
        let chart = try SeedTest.blog(
            """
            {"style": "blogBarChart", "size": {"width": 200, "height": 90}, "formulas": "corrected",
             "data": [{"name": "p", "value": 2}, {"name": "q", "value": 4}]}
            """)
        #expect(chart.topY == 20)
        #expect(chart.bars.allSatisfy { $0.rect.height == 0 && $0.rect.minY == 20 })
    }
}
