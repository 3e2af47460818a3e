import LayoutCore

extension ResearchKitGraph {
    struct Label: Sendable {
        var text: String
        var frame: Rect
    }

    struct YAxisTick: Sendable {
        var factor: Double
        /// The tick's y in view coordinates.
        var y: Double
        var tick: Rect
        /// Empty when the value is exactly 0 (ResearchKit leaves that label blank).
        var label: Label
    }

    struct XAxisLabel: Sendable {
        var label: Label
        /// The last label is a tinted pill.
        var isPill: Bool
    }

    struct XAxis: Sendable {
        var line: Rect
        var ticks: [(from: Point, to: Point)]
        var labels: [XAxisLabel]
    }

    struct ReferenceLine: Sendable {
        var from: Point
        var to: Point
    }

    struct PlotPoint: Sendable {
        var index: Int
        /// At y(range.min).
        var min: Point
        /// At y(range.max), only for a non-empty range.
        var max: Point?
        var drawsIndicator: Bool
    }

    struct PlotLine: Sendable {
        var from: Point
        var to: Point
        /// Line graph: unset points lie between the pair, so the bridge is dashed [12, 6].
        var dashed: Bool
    }

    struct Plot: Sendable {
        var color: Color
        var xOffset: Double
        var points: [PlotPoint]
        var lines: [PlotLine]
        /// Line graph only: the fill polygon under the line.
        var fill: [Point]?
    }

    /// The resolved graph, every coordinate in view space (the plot box starts at (10, 7)).
    struct Resolved: Sendable {
        var plotFrame: Rect
        var xAxisFrame: Rect
        var yAxisFrame: Rect
        var numberOfXAxisPoints: Int
        /// xAxisPoint(i) + 10 for each index.
        var xAxisPoints: [Double]
        var minimumValue: Double
        var maximumValue: Double
        var yAxis: [YAxisTick]
        var xAxis: XAxis?
        var horizontalReferenceLines: [ReferenceLine]
        var verticalReferenceLines: [ReferenceLine]
        var plots: [Plot]
        var scrubber: Scrubber?
        /// Shown instead of everything else when no plot has a valid point.
        var noDataLabel: Label?
    }

    /// Every geometric fact the steps share: plot size, x positions and the value normaliser.
    struct Frame: Sendable {
        var plotWidth: Double
        var plotHeight: Double
        var count: Int
        var minimumValue: Double
        var maximumValue: Double

        /// floor(pw / max(1, n − 1) · i), plot-local.
        func xAxisPoint(_ index: Int) -> Double {
            (plotWidth / Double(max(1, count - 1)) * Double(index)).rounded(.down)
        }

        /// ph − (v − min)/(max − min)·ph, plot-local; the middle when min == max.
        func y(_ value: Double) -> Double {
            guard maximumValue != minimumValue else { return plotHeight / 2 }
            return plotHeight - (value - minimumValue) / (maximumValue - minimumValue) * plotHeight
        }

        /// Plot-local to view coordinates.
        func view(_ x: Double, _ y: Double) -> Point {
            Point(x: x + ResearchKitGraph.leftPadding, y: y + ResearchKitGraph.topPadding)
        }
    }
}

extension ResearchKitGraph.Spec: SeedChartStyle {
    /// Lays out the graph by §B.2–B.4: frames, y range, axes, reference lines, plots, then the scrubber.
    func layout(measurer: any TextMeasuring) throws -> ResearchKitGraph.Resolved {
        typealias G = ResearchKitGraph
        // 1. Frames: plot (10, 7, W−55, H−37), x axis below it, y axis on the right.
        let plotWidth = max(size.width - G.leftPadding - G.yAxisWidth, 0)
        let plotHeight = max(size.height - G.topPadding - G.xAxisHeight, 0)
        let plotFrame = Rect(x: G.leftPadding, y: G.topPadding, width: plotWidth, height: plotHeight)
        // 2. n = max(divisions, longest plot); the y range from the data unless given, 0 when nothing is found.
        let count = max(numberOfDivisions ?? 0, plots.map(\.count).max() ?? 0)
        let ranges = plots.flatMap { $0.compactMap { $0 } }
        let frame = G.Frame(
            plotWidth: plotWidth, plotHeight: plotHeight, count: count,
            minimumValue: minimumValue ?? ranges.map(\.min).min() ?? 0,
            maximumValue: maximumValue ?? ranges.map(\.max).max() ?? 0)
        var resolved = G.Resolved(
            plotFrame: plotFrame,
            xAxisFrame: Rect(x: G.leftPadding, y: G.topPadding + plotHeight, width: plotWidth, height: G.xAxisHeight),
            yAxisFrame: Rect(x: size.width - G.yAxisWidth, y: G.topPadding, width: G.yAxisWidth, height: plotHeight),
            numberOfXAxisPoints: count, xAxisPoints: (0..<count).map { frame.xAxisPoint($0) + G.leftPadding },
            minimumValue: frame.minimumValue, maximumValue: frame.maximumValue, yAxis: [], xAxis: nil,
            horizontalReferenceLines: [], verticalReferenceLines: [], plots: [], scrubber: nil, noDataLabel: nil)
        // 3. No valid point anywhere: a "No Data" label centred in the plot box and nothing else.
        guard !ranges.isEmpty else {
            let textSize = measurer.size(of: "No Data", fontSize: 17)
            resolved.noDataLabel = .init(
                text: "No Data",
                frame: Rect(
                    x: plotFrame.midX - textSize.width / 2, y: plotFrame.midY - textSize.height / 2,
                    width: textSize.width, height: textSize.height))
            return resolved
        }
        // 4. Axes and reference lines.
        resolved.yAxis = yAxis(frame, measurer: measurer)
        resolved.xAxis = xAxisTitles.map { xAxis(frame, titles: $0, measurer: measurer) }
        if showsHorizontalReferenceLines {
            let y = (plotHeight / 2).rounded(.down)
            resolved.horizontalReferenceLines = [
                .init(from: frame.view(-G.px, y), to: frame.view(plotWidth + G.yAxisWidth, y))
            ]
        }
        if showsVerticalReferenceLines {
            resolved.verticalReferenceLines = (0..<count).dropFirst().filter {
                !hiddenVerticalReferenceLines.contains($0)
            }.map {
                .init(
                    from: frame.view(frame.xAxisPoint($0) - G.px, 0),
                    to: frame.view(frame.xAxisPoint($0) - G.px, plotHeight))
            }
        }
        // 5. Plots, then 6. the scrubber over them.
        resolved.plots = plots.indices.map { plot($0, frame: frame) }
        resolved.scrubber = scrubX.flatMap { scrubber(at: $0, frame: frame, measurer: measurer) }
        return resolved
    }

    /// §B.2 y axis: factors [0.2, 1] (or [0.5] when min == max); ticks at the right edge, labels right-aligned.
    private func yAxis(_ frame: ResearchKitGraph.Frame, measurer: any TextMeasuring) -> [ResearchKitGraph.YAxisTick] {
        typealias G = ResearchKitGraph
        let factors = frame.minimumValue == frame.maximumValue ? [0.5] : [0.2, 1.0]
        let axisX = size.width - G.yAxisWidth
        return factors.map { factor in
            let y = G.topPadding + frame.plotHeight * (1 - factor)
            let value = frame.minimumValue + (frame.maximumValue - frame.minimumValue) * factor
            let text = value == 0 ? "" : SeedFormatting.fixed(value, places: decimalPlaces)
            let textSize = measurer.size(of: text, fontSize: axisFontSize)
            let labelRight = axisX + G.yAxisWidth - G.tickLength - G.yAxisTickPadding
            return .init(
                factor: factor, y: y,
                tick: Rect(x: axisX + G.yAxisWidth - G.tickLength, y: y - 0.5, width: G.tickLength, height: 1),
                label: .init(
                    text: text,
                    frame: Rect(
                        x: labelRight - textSize.width, y: y - textSize.height / 2, width: textSize.width,
                        height: textSize.height)))
        }
    }

    /// §B.2 x axis: a line on the plot's bottom edge, ticks rising 12 into the plot, labels at pw·i/(n−1).
    private func xAxis(
        _ frame: ResearchKitGraph.Frame, titles: [String], measurer: any TextMeasuring
    ) -> ResearchKitGraph.XAxis {
        typealias G = ResearchKitGraph
        let px = G.px
        let bottom = frame.plotHeight
        let ticks = (0..<frame.count).map { index in
            let x = frame.xAxisPoint(index) - px
            return (from: frame.view(x, bottom - G.tickLength + px), to: frame.view(x, bottom + px))
        }
        let labelCount = min(titles.count, frame.count)
        let labels = (0..<labelCount).map { index in
            let text = titles[index]
            let textSize = measurer.size(of: text, fontSize: axisFontSize)
            // Not floored, so a label may sit half a pixel off its tick; one point centres it at 0.
            let centerX = frame.count > 1 ? frame.plotWidth * Double(index) / Double(frame.count - 1) : 0
            let isPill = index == labelCount - 1
            let boxSize = isPill ? Size(width: max(20, textSize.width + 10), height: 20) : textSize
            let center = frame.view(centerX, bottom + 15)
            return ResearchKitGraph.XAxisLabel(
                label: .init(
                    text: text,
                    frame: Rect(
                        x: center.x - boxSize.width / 2, y: center.y - boxSize.height / 2,
                        width: boxSize.width, height: boxSize.height)),
                isPill: isPill)
        }
        return .init(
            line: Rect(x: G.leftPadding, y: G.topPadding + bottom - 0.5, width: frame.plotWidth, height: 1),
            ticks: ticks, labels: labels)
    }

    /// The side-by-side offset of discrete plot k (§B.4); 0 for line graphs.
    func xOffset(_ plotIndex: Int) -> Double {
        guard kind == .discrete else { return 0 }
        let half = plots.count / 2
        let k = Double(plotIndex)
        return plots.count % 2 == 0
            ? (k - Double(half) + 0.5) * ResearchKitGraph.pointAndLineWidth
            : (k - Double(half)) * ResearchKitGraph.pointAndLineWidth
    }

    /// §B.3/B.4: points, lines (bridged or ranged) and the line graph's fill for one plot.
    private func plot(_ plotIndex: Int, frame: ResearchKitGraph.Frame) -> ResearchKitGraph.Plot {
        typealias G = ResearchKitGraph
        let color =
            plotColors.flatMap { plotIndex < $0.count ? $0[plotIndex] : nil }
            ?? (plotIndex == 0 ? tintColor : G.referenceLineColor)
        let offset = xOffset(plotIndex)
        let samples = plots[plotIndex]
        let indicators =
            kind == .line ? (drawsPointIndicators.flatMap { plotIndex < $0.count ? $0[plotIndex] : nil } ?? true) : true
        // 1. Every valid point at y(min), plus y(max) for a non-empty range.
        let points = samples.enumerated().compactMap { index, range -> G.PlotPoint? in
            guard let range else { return nil }
            let x = frame.xAxisPoint(index) + offset
            return .init(
                index: index, min: frame.view(x, frame.y(range.min)),
                max: range.isEmpty ? nil : frame.view(x, frame.y(range.max)),
                drawsIndicator: indicators || !range.isEmpty)
        }
        switch kind {
        case .discrete:
            // 2a. An 8-wide round-capped bar over each non-empty range.
            let lines =
                drawsConnectedRanges
                ? points.compactMap { point in point.max.map { G.PlotLine(from: point.min, to: $0, dashed: false) } }
                : []
            return .init(color: color, xOffset: offset, points: points, lines: lines, fill: nil)
        case .line:
            // 2b. Lines between consecutive valid points, dashed over unset ones; only with two or more points.
            guard points.count > 1, let first = points.first, let last = points.last else {
                return .init(color: color, xOffset: offset, points: points, lines: [], fill: nil)
            }
            let lines = zip(points, points.dropFirst()).map { a, b in
                G.PlotLine(from: a.min, to: b.min, dashed: b.index - a.index > 1)
            }
            // 3. The fill: down the first point's left edge, along the line, down past the last point.
            let px = G.px
            let floor = G.topPadding + frame.plotHeight + px
            let lastNudge = last.index == frame.count - 1 ? px : 0
            let fill =
                [Point(x: first.min.x - px, y: floor), Point(x: first.min.x - px, y: first.min.y)]
                + points.map(\.min)
                + [Point(x: last.min.x + lastNudge, y: last.min.y), Point(x: last.min.x + px, y: floor)]
            return .init(color: color, xOffset: offset, points: points, lines: lines, fill: fill)
        }
    }
}
