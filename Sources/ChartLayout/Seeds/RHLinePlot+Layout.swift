import LayoutCore

extension RHLinePlot {
    /// The resolved plot: canvas, vertices, segments with their opacity, indicator, strokes and the value stick.
    struct Resolved: Sendable {
        struct Segment: Sendable {
            /// The segment's starting index s_k and the exclusive end s_{k+1}.
            var start: Int
            var end: Int
            /// Vertices from point s_k − 1 (the connector) through s_{k+1} − 1; segment 0 starts at P_0.
            var points: [Point]
            var opacity: Double
        }

        struct Stroke: Sendable {
            var width: Double
            /// The blur radius of the laser glow; 0 for a crisp stroke.
            var blur: Double
            var color: Color
        }

        struct Indicator: Sendable {
            var center: Point
            var diameter: Double
            /// The halo's largest diameter (width × scale effect).
            var haloDiameter: Double
        }

        var viewSize: Size
        /// The proxy box the canvas is cut from: the whole view, or the interactive plot box (§A.6).
        var proxy: Rect
        var canvas: Rect
        var plotWidth: Double
        /// The x distance between neighbours; nil with fewer than two values.
        var step: Double?
        var lowest: Double?
        var highest: Double?
        var points: [Point]
        var segments: [Segment]
        var indicator: Indicator?
        var strokes: [Stroke]
        /// The laser glow's extra bitmap room in the segmented path; never an inset of the plot (§A.4).
        var bitmapMargin: Double
        var interaction: Interaction?
    }
}

extension RHLinePlot.Spec: SeedChartStyle {
    /// Lays the plot out by §A.2–A.6 with the port decisions of docs/compat-seeds.md.
    func layout(measurer: any TextMeasuring) throws -> RHLinePlot.Resolved {
        let starts = try validatedSegmentStarts()
        let lineWidth = config.plotLineWidth
        // 1. The proxy box: the whole view, or below the stick label, gap and top padding when interactive (§A.6).
        let labelHeight = measurer.lineHeight(fontSize: stickLabelFontSize)
        let proxy = interactive ? interactivePlotBox(labelHeight: labelHeight) : Rect(origin: .zero, size: size)
        // 2. Stroke-fit insets of lw/2 on each selected edge (§A.2).
        let canvas = strokeFitCanvas(in: proxy)
        // 3. Uniform x by index over the occupied width, y min–max normalised (§A.3).
        let occupied = min(max(occupyingRelativeWidth, 0), 1)
        let plotWidth = occupied * canvas.width
        let count = values.count
        let lowest = values.min()
        let highest = values.max()
        let step: Double? = count >= 2 ? plotWidth / Double(count - 1) : nil
        func y(_ value: Double) -> Double {
            guard let lowest, let highest, highest > lowest else {
                return canvas.minY + canvas.height * (1 - config.relativeYForStraightLine)
            }
            return canvas.minY + (1 - (value - lowest) / (highest - lowest)) * canvas.height
        }
        let points = values.enumerated().map { index, value in
            Point(x: canvas.minX + Double(index) * (step ?? 0), y: y(value))
        }
        // 4. The drag, which selects the active segment while it lasts (§A.6).
        let interaction =
            interactive
            ? interaction(
                canvas: canvas, plotWidth: plotWidth, starts: starts, labelHeight: labelHeight, measurer: measurer)
            : nil
        let active = interaction?.drag?.activeSegment ?? activeSegment
        // 5. Segments: each includes the connector from the previous segment's last point (§A.4).
        let bounds = starts + [count]
        let segments: [RHLinePlot.Resolved.Segment] =
            count == 0
            ? []
            : (0..<starts.count).map { k in
                let first = max(bounds[k] - 1, 0)
                let last = bounds[k + 1] - 1
                // One value: a level line over the occupied width (port decision; the original's step is ∞ here).
                let vertices =
                    count == 1
                    ? [points[0], Point(x: canvas.minX + plotWidth, y: points[0].y)]
                    : Array(points[first...last])
                let opacity = active == nil || active == k ? 1 : config.opacityOfUnselectedSegment
                return .init(start: bounds[k], end: bounds[k + 1], points: vertices, opacity: opacity)
            }
        // 6. The glowing indicator on the last point, canvas offset included in every case (§A.5).
        let indicator =
            showGlowingIndicator
            ? values.last.map { last in
                RHLinePlot.Resolved.Indicator(
                    center: Point(x: canvas.minX + plotWidth, y: y(last)), diameter: config.glowingIndicatorWidth,
                    haloDiameter: config.glowingIndicatorWidth * config.glowingIndicatorBackgroundScaleEffect)
            } : nil
        // 7. Strokes: laser mode paints the same path three times, geometry unchanged (§A.3).
        let laser = config.useLaserLightLinePlotStyle
        let strokes: [RHLinePlot.Resolved.Stroke] =
            laser
            ? [
                .init(width: 3 * lineWidth, blur: 3 * lineWidth, color: lineColor),
                .init(width: 2 * lineWidth, blur: 2 * lineWidth, color: lineColor),
                .init(width: lineWidth, blur: 0, color: .white),
            ]
            : [.init(width: lineWidth, blur: 0, color: lineColor)]
        return RHLinePlot.Resolved(
            viewSize: size, proxy: proxy, canvas: canvas, plotWidth: plotWidth, step: step,
            lowest: lowest, highest: highest, points: points, segments: segments, indicator: indicator,
            strokes: strokes, bitmapMargin: laser && lineSegmentStartingIndices != nil ? 7.5 * lineWidth : 0,
            interaction: interaction)
    }

    /// The segment starts, checked: non-empty, first 0, strictly increasing, each below the value count.
    /// Without `lineSegmentStartingIndices` the plot is one segment starting at 0.
    func validatedSegmentStarts() throws -> [Int] {
        guard let starts = lineSegmentStartingIndices else {
            if activeSegment != nil {
                throw CaseError(path: "$.activeSegment", message: "activeSegment needs lineSegmentStartingIndices")
            }
            return [0]
        }
        guard let first = starts.first else {
            throw CaseError(
                path: "$.lineSegmentStartingIndices", message: "must hold at least one index (the first is 0)")
        }
        guard first == 0 else {
            throw CaseError(
                path: "$.lineSegmentStartingIndices[0]",
                message: "the first segment must start at index 0, got \(first)")
        }
        for (index, start) in starts.enumerated() {
            if index > 0, start <= starts[index - 1] {
                throw CaseError(
                    path: "$.lineSegmentStartingIndices[\(index)]",
                    message: "segment starts must be strictly increasing, got \(start) after \(starts[index - 1])")
            }
            if start >= values.count {
                throw CaseError(
                    path: "$.lineSegmentStartingIndices[\(index)]",
                    message: "segment start \(start) is out of range for \(values.count) values")
            }
        }
        if let activeSegment, !starts.indices.contains(activeSegment) {
            throw CaseError(
                path: "$.activeSegment",
                message: "activeSegment \(activeSegment) is out of range for \(starts.count) segments")
        }
        return starts
    }

    /// §A.2: insets each selected edge by half the line width.
    func strokeFitCanvas(in proxy: Rect) -> Rect {
        let half = config.plotLineWidth / 2
        let edges = Set(config.adjustedEdgesToFitLineStrokeInCanvas)
        var canvas = proxy.inset(
            by: Insets(
                top: edges.contains(.top) ? half : 0, left: edges.contains(.leading) ? half : 0,
                bottom: edges.contains(.bottom) ? half : 0, right: edges.contains(.trailing) ? half : 0))
        // A view thinner than the insets keeps a zero-size canvas rather than a negative one.
        canvas.size = Size(width: max(canvas.width, 0), height: max(canvas.height, 0))
        return canvas
    }
}
