import LayoutCore

extension ResearchKitGraph {
    /// The scrubber for one touch: line, thumb and value label (§B.2).
    struct Scrubber: Sendable {
        var plotIndex: Int
        /// The touch x, clamped to the plot and possibly snapped, in plot-local coordinates.
        var x: Double
        var snappedIndex: Int?
        var line: Rect
        /// Nil when the value is invalid (a discrete graph off every point).
        var thumb: Point?
        var value: Double?
        var label: Label?
    }
}

extension ResearchKitGraph.Spec {
    /// §B.2: clamp, snap within 0.3·pw/n (last match wins), then place line, thumb and label.
    func scrubber(at touchX: Double, frame: ResearchKitGraph.Frame, measurer: any TextMeasuring) -> ResearchKitGraph
        .Scrubber?
    {
        typealias G = ResearchKitGraph
        // 1. The scrubbing plot, falling back to 0 when the index is out of range; it needs a valid point.
        let plotIndex = plots.indices.contains(scrubbingPlotIndex) ? scrubbingPlotIndex : 0
        guard plots.indices.contains(plotIndex), frame.count > 0 else { return nil }
        let samples = plots[plotIndex]
        let valid = samples.indices.filter { samples[$0] != nil }
        guard !valid.isEmpty else { return nil }
        // 2. Clamp to [0, round(pw)] and snap; the window divides by n while the spacing divides by n − 1.
        var x = min(max(touchX - G.leftPadding, 0), frame.plotWidth.rounded())
        let window = frame.plotWidth / Double(frame.count) * G.snappingFactor
        let offset = xOffset(plotIndex)
        var snapped: Int?
        for index in valid where abs(frame.xAxisPoint(index) + offset - x) < window {
            x = frame.xAxisPoint(index) + offset
            snapped = index
        }
        // 3. The thumb's y and the value: the discrete graph needs a snap, the line graph interpolates.
        let reading: (y: Double, value: Double)? =
            switch kind {
            case .discrete: snapped.flatMap { samples[$0] }.map { (frame.y($0.max), $0.max) }
            case .line: lineReading(at: x, snapped: snapped, samples: samples, frame: frame)
            }
        let line = Rect(x: x + G.leftPadding - 0.5, y: G.topPadding, width: 1, height: frame.plotHeight)
        guard let reading else {
            return .init(
                plotIndex: plotIndex, x: x, snappedIndex: snapped, line: line, thumb: nil, value: nil, label: nil)
        }
        // 4. The label 6 right of the line at the plot's top, padded 12 × 4, never clamped.
        let text = SeedFormatting.fixed(reading.value, places: decimalPlaces)
        let textSize = measurer.size(of: text, fontSize: axisFontSize)
        return .init(
            plotIndex: plotIndex, x: x, snappedIndex: snapped, line: line, thumb: frame.view(x, reading.y),
            value: reading.value,
            label: .init(
                text: text,
                frame: Rect(
                    x: x + G.leftPadding + 6, y: G.topPadding, width: textSize.width + 12, height: textSize.height + 4))
        )
    }

    /// The line graph's thumb y (canvas space) and value (data space), interpolated between the nearest valid
    /// neighbours of the index the x falls on. The canvas path finds that index with ≥, the value path with >.
    private func lineReading(
        at x: Double, snapped: Int?, samples: [ResearchKitGraph.ValueRange?], frame: ResearchKitGraph.Frame
    ) -> (y: Double, value: Double)? {
        func pointIndex(strict: Bool) -> Int {
            (0..<max(frame.count - 1, 0)).first { strict ? frame.xAxisPoint($0) > x : frame.xAxisPoint($0) >= x }
                ?? frame.count - 1
        }
        // Neighbours: forward from i and back from i − 1. Unlike the original, which can stop on an unset end
        // point (y = ph), a missing side falls back to the other (port decision).
        func neighbours(_ index: Int) -> (Int, Int)? {
            let next = (min(index, samples.count)..<samples.count).first { samples[$0] != nil }
            let previous = (0..<min(index, samples.count)).last { samples[$0] != nil }
            guard let a = previous ?? next, let b = next ?? previous else { return nil }
            return (a, b)
        }
        func interpolate(_ pair: (Int, Int), _ measure: (Double) -> Double) -> Double {
            let (a, b) = pair
            let startX = frame.xAxisPoint(a)
            let endX = frame.xAxisPoint(b)
            let start = measure(samples[a]!.min)
            let end = measure(samples[b]!.min)
            guard a != b, endX != startX else { return start }
            return start + (end - start) * (x - startX) / (endX - startX)
        }
        guard let canvasPair = neighbours(pointIndex(strict: false)),
            let valuePair = neighbours(pointIndex(strict: true))
        else { return nil }
        let y = interpolate(canvasPair, frame.y)
        let value = snapped.flatMap { samples[$0]?.min } ?? interpolate(valuePair, { $0 })
        return (y, value)
    }
}
