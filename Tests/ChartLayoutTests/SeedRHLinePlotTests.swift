import LayoutCore
import Testing

@testable import ChartLayout

/// RHLinePlot (§A) numbers that depend on the text measurer: the fixed measurer gives a 12-pt label a line
/// height of 1.2·12 = 14.4 and an advance of 0.5·12 = 6 per character.
struct SeedRHLinePlotTests {
    @Test func configDefaultsAreTheSpecTable() {
        let config = RHLinePlot.Config()
        #expect(config.plotLineWidth == 1.5)
        #expect(config.relativeYForStraightLine == 0.5)
        #expect(config.opacityOfUnselectedSegment == 0.3)
        #expect(config.segmentSelectionAnimationDuration == 0.1)
        #expect(config.glowingIndicatorWidth == 8)
        #expect(config.glowingIndicatorBackgroundScaleEffect == 5)
        #expect(config.glowingIndicatorDelayBetweenGlow == 0.5)
        #expect(config.glowingIndicatorGlowAnimationDuration == 0.8)
        #expect(config.useLaserLightLinePlotStyle == false)
        #expect(config.adjustedEdgesToFitLineStrokeInCanvas.isEmpty)
        #expect(config.valueStickWidth == 1.2)
        #expect(config.valueStickColor == Color(red: 128, green: 128, blue: 128))
        #expect(config.valueStickTopPadding == 28)
        #expect(config.valueStickBottomPadding == 28)
        #expect(config.spaceBetweenValueStickAndStickLabel == 8)
        #expect(config.minimumPressDurationToActivateInteraction == 0.1)
    }

    /// §A.2: each selected edge insets its side by lw/2 = 0.75.
    @Test(arguments: [
        ("[\"top\"]", Rect(x: 0, y: 0.75, width: 300, height: 199.25)),
        ("[\"bottom\"]", Rect(x: 0, y: 0, width: 300, height: 199.25)),
        ("[\"leading\"]", Rect(x: 0.75, y: 0, width: 299.25, height: 200)),
        ("[\"trailing\"]", Rect(x: 0, y: 0, width: 299.25, height: 200)),
        ("[\"leading\", \"trailing\", \"top\"]", Rect(x: 0.75, y: 0.75, width: 298.5, height: 199.25)),
    ])
    func strokeFitInsets(edges: String, canvas: Rect) throws {
        let plot = try SeedTest.rh(
            """
            {"style": "rhLinePlot", "size": {"width": 300, "height": 200}, "values": [1, 2],
             "config": {"adjustedEdgesToFitLineStrokeInCanvas": \(edges)}}
            """)
        #expect(plot.canvas == canvas)
    }

    /// §A.6 layout: label [0, 14.4], gap 8, padded box from 22.4, plot from 22.4 + 28 = 50.4 to 260 − 28 = 232.
    @Test func interactiveLayoutTopToBottom() throws {
        let plot = try SeedTest.rh(
            """
            {"style": "rhLinePlot", "size": {"width": 300, "height": 260}, "values": [1, 2, 3, 4, 5], "dragX": 500}
            """)
        let interaction = try #require(plot.interaction)
        #expect(close(interaction.labelHeight, 14.4))
        #expect(close(interaction.paddedBox, Rect(x: 0, y: 22.4, width: 300, height: 260 - 22.4)))
        #expect(close(plot.canvas, Rect(x: 0, y: 50.4, width: 300, height: 232 - 50.4)))
        // Lowest value on the plot's bottom (232), highest on its top (50.4).
        #expect(close(plot.points[0].y, 232))
        #expect(close(plot.points[4].y, 50.4))
        let drag = try #require(interaction.drag)
        // The stick spans the padded box: 28 above the highest point and 28 below the lowest.
        #expect(close(drag.stick, Rect(x: 299.4, y: 22.4, width: 1.2, height: 237.6)))
        // "5.00" is 4·6 = 24 wide; centred on 300 it is clamped to W − 12 = 288 → x 276.
        #expect(close(drag.labelFrame, Rect(x: 276, y: 0, width: 24, height: 14.4)))
    }

    /// §A.6: a label wider than the view crosses the clamp bounds; min(max(x, Lw/2), W − Lw/2) gives W − Lw/2.
    @Test func labelWiderThanTheView() throws {
        let plot = try SeedTest.rh(
            """
            {"style": "rhLinePlot", "size": {"width": 20, "height": 120}, "values": [1234], "dragX": 0}
            """)
        let drag = try #require(plot.interaction?.drag)
        // "1234.00" is 7·6 = 42 wide; centre = min(max(0, 21), 20 − 21) = −1 → x = −1 − 21 = −22.
        #expect(drag.labelText == "1234.00")
        #expect(close(drag.labelFrame.x, -22))
        // One value: the stick sits at the canvas start (the original's NaN clamp returns RC.minX).
        #expect(drag.stickX == 0)
    }

    /// §A.6 drag → index: round(rel·(n−1)) with ties away from zero, for n = 5 over 0…400.
    @Test(arguments: [(-50.0, 0), (0, 0), (49.9, 0), (50, 1), (150, 2), (249.9, 2), (250, 3), (399, 4), (1000, 4)])
    func dragIndex(dragX: Double, index: Int) throws {
        let plot = try SeedTest.rh(
            """
            {"style": "rhLinePlot", "size": {"width": 400, "height": 200}, "values": [5, 4, 3, 2, 1], "dragX": \(dragX)}
            """)
        let drag = try #require(plot.interaction?.drag)
        #expect(drag.index == index)
        // The stick snaps to the point: index · 400/4.
        #expect(drag.stickX == Double(index) * 100)
    }

    /// §A.6: the active segment is the largest start ≤ index; it replaces the case's activeSegment while dragging.
    @Test(arguments: [(0.0, 0), (100, 0), (200, 1), (300, 1), (400, 2), (600, 2)])
    func dragSelectsSegment(dragX: Double, segment: Int) throws {
        let plot = try SeedTest.rh(
            """
            {"style": "rhLinePlot", "size": {"width": 600, "height": 200}, "values": [1, 2, 3, 4, 5, 6, 7],
             "lineSegmentStartingIndices": [0, 2, 4], "activeSegment": 0, "dragX": \(dragX)}
            """)
        #expect(plot.interaction?.drag?.activeSegment == segment)
        #expect(plot.segments.map(\.opacity) == (0..<3).map { $0 == segment ? 1 : 0.3 })
    }

    /// §A.4: laser mode adds 7.5·lw of bitmap room to a segmented plot only; the vertices do not move.
    @Test func laserBitmapMargin() throws {
        let plot = try SeedTest.rh(
            """
            {"style": "rhLinePlot", "size": {"width": 300, "height": 100}, "values": [0, 10, 5],
             "lineSegmentStartingIndices": [0, 1], "config": {"useLaserLightLinePlotStyle": true, "plotLineWidth": 2}}
            """)
        #expect(plot.bitmapMargin == 15)
        #expect(plot.points == [Point(x: 0, y: 100), Point(x: 150, y: 0), Point(x: 300, y: 50)])
    }

    /// A.7: occupyingRelativeWidth outside 0…1 is clamped (port decision): 1.5 → 1, −1 → 0.
    @Test(arguments: [(1.5, 300.0), (-1, 0), (0.25, 75)])
    func occupyingWidthIsClamped(occupying: Double, plotWidth: Double) throws {
        let plot = try SeedTest.rh(
            """
            {"style": "rhLinePlot", "size": {"width": 300, "height": 100}, "values": [1, 2], "occupyingRelativeWidth": \(occupying)}
            """)
        #expect(plot.plotWidth == plotWidth)
        #expect(plot.points.last?.x == plotWidth)
    }
}
