import LayoutCore

extension RHLinePlot {
    /// The interactive layout of §A.6: stick label on top, a gap, then the padded plot box.
    struct Interaction: Sendable {
        /// The box the stick spans: the plot grown by the top and bottom paddings.
        var paddedBox: Rect
        var labelHeight: Double
        var drag: Drag?
    }

    /// The value stick and its label for one drag x, a pure function of that x.
    struct Drag: Sendable {
        var dragX: Double
        var index: Int
        var value: Double
        /// The largest segment start ≤ index; nil when the plot is not segmented.
        var activeSegment: Int?
        var stickX: Double
        var stick: Rect
        var labelText: String
        var labelFrame: Rect
    }
}

extension RHLinePlot.Spec {
    /// The plot box inside the interactive view: below label, gap and top padding, above the bottom padding.
    func interactivePlotBox(labelHeight: Double) -> Rect {
        let top = labelHeight + config.spaceBetweenValueStickAndStickLabel + config.valueStickTopPadding
        return Rect(x: 0, y: top, width: size.width, height: max(size.height - top - config.valueStickBottomPadding, 0))
    }

    /// §A.6 for the case's `dragX`; the drag is nil without a drag or without values.
    func interaction(
        canvas: Rect, plotWidth: Double, starts: [Int], labelHeight: Double, measurer: any TextMeasuring
    ) -> RHLinePlot.Interaction {
        let paddedTop = labelHeight + config.spaceBetweenValueStickAndStickLabel
        let paddedBox = Rect(x: 0, y: paddedTop, width: size.width, height: max(size.height - paddedTop, 0))
        var drag: RHLinePlot.Drag?
        if let dragX {
            drag = self.drag(
                at: dragX, canvas: canvas, plotWidth: plotWidth, starts: starts, paddedBox: paddedBox,
                labelHeight: labelHeight, measurer: measurer)
        }
        return RHLinePlot.Interaction(paddedBox: paddedBox, labelHeight: labelHeight, drag: drag)
    }

    private func drag(
        at dragX: Double, canvas: Rect, plotWidth: Double, starts: [Int], paddedBox: Rect,
        labelHeight: Double, measurer: any TextMeasuring
    ) -> RHLinePlot.Drag? {
        guard !values.isEmpty else { return nil }
        let last = Double(values.count - 1)
        // 1. The selected index: the touch clamped to the occupied canvas, rounded ties away from zero.
        let clampedX = min(max(dragX, canvas.minX), canvas.minX + plotWidth)
        let relative = (clampedX - canvas.minX) / max(plotWidth, 1)
        let index = Int(min(max((relative * last).rounded(.toNearestOrAwayFromZero), 0), last))
        // 2. The stick snaps to the point's x; one value puts it at the canvas start (the original's NaN clamp).
        let offset = values.count == 1 ? 0 : min(max(Double(index) * plotWidth / last, 0), plotWidth)
        let stickX = canvas.minX + offset
        let stick = Rect(
            x: stickX - config.valueStickWidth / 2, y: paddedBox.minY, width: config.valueStickWidth,
            height: paddedBox.height)
        // 3. The label is centred on the stick, clamped to the full view width as Swift's min(max()) does.
        let text = SeedFormatting.fixed(values[index], places: stickLabelDecimals)
        let labelWidth = measurer.lineWidth(of: Substring(text), fontSize: stickLabelFontSize)
        let centerX = min(max(stickX, labelWidth / 2), size.width - labelWidth / 2)
        // 4. The active segment: the largest start ≤ index.
        let active = lineSegmentStartingIndices == nil ? nil : starts.lastIndex(where: { $0 <= index })
        return RHLinePlot.Drag(
            dragX: dragX, index: index, value: values[index], activeSegment: active, stickX: stickX, stick: stick,
            labelText: text,
            labelFrame: Rect(x: centerX - labelWidth / 2, y: 0, width: labelWidth, height: labelHeight))
    }
}
