import LayoutCore
import RealModule

extension ResearchKitPieChart {
    struct Segment: Sendable {
        var value: Double
        var fraction: Double
        /// Screen angles (clockwise from +x) in degrees, unnormalised: start → end sweeps clockwise.
        var startDegrees: Double
        var endDegrees: Double
        var color: Color
    }

    struct PercentageLabel: Sendable {
        var text: String
        /// The final signed angle from 12 o'clock (negative counter-clockwise), after collision nudging.
        var angleDegrees: Double
        var frame: Rect
        var color: Color
    }

    struct TextLine: Sendable {
        var text: String
        var frame: Rect
        var fontSize: Double
        var color: Color
    }

    struct LegendItem: Sendable {
        var text: String
        var dot: Rect
        var label: Rect
        var color: Color
    }

    struct Legend: Sendable {
        var frame: Rect
        var rows: Int
        var perRow: Int
        var items: [LegendItem]
    }

    /// The resolved pie: frames, ring radii, segments, labels, title block and legend.
    struct Resolved: Sendable {
        var pieFrame: Rect
        var center: Point
        var outerRadius: Double
        var innerRadius: Double
        /// The ring is [ringRadius − ringWidth, ringRadius]; the stroke's centre line is ringRadius − ringWidth/2.
        var ringRadius: Double
        var ringWidth: Double
        var total: Double
        var segments: [Segment]
        var labels: [PercentageLabel]
        /// How many passes the overlap-nudging loop ran.
        var labelPasses: Int
        var titleBlock: [TextLine]
        var legend: Legend?
    }
}

extension ResearchKitPieChart.Spec: SeedChartStyle {
    /// Lays out ORKPieChartView: legend at the bottom, title above or in the hole, then ring, segments and labels.
    func layout(measurer: any TextMeasuring) throws -> ResearchKitPieChart.Resolved {
        let total = values.reduce(0, +)
        let colors = segmentColors()
        // 1. The legend, 8 below the pie and flush with the view's bottom.
        let legend = legendLayout(colors: colors, measurer: measurer)
        // 2. The title block: "No Data" replaces it when the values sum to 0.
        var block = titleLines(total: total, measurer: measurer)
        let blockHeight = block.reduce(0) { $0 + $1.frame.height }
        // 3. The pie view between the title (when above) and the legend.
        let pieTop = showsTitleAboveChart && !block.isEmpty ? blockHeight + 8 : 0
        let pieBottom = legend.map { $0.frame.minY - 8 } ?? size.height
        let pie = Rect(x: 0, y: pieTop, width: size.width, height: max(pieBottom - pieTop, 0))
        // 4. The ring: outerR from the height only; labels take "100%"'s height plus 10 outside the ring.
        let labelHeight = measurer.lineHeight(fontSize: labelFontSize)
        let outerRadius = (radiusFrom == .height ? pie.height : min(pie.width, pie.height)) * radiusScaleFactor
        let innerRadius = outerRadius - (labelHeight + 10)
        let ringRadius = max(showsPercentageLabels ? innerRadius : outerRadius, 0)
        let ringWidth = min(lineWidth, ringRadius)
        // 5. Segments from 12 o'clock, clockwise or mirrored.
        let fractions = values.map { total > 0 ? $0 / total : 0 }
        var cumulative = 0.0
        let segments = fractions.enumerated().map { index, fraction in
            defer { cumulative += fraction }
            let (start, end) =
                drawsClockwise
                ? (-90 + 360 * cumulative, -90 + 360 * (cumulative + fraction))
                : (-90 - 360 * (cumulative + fraction), -90 - 360 * cumulative)
            return ResearchKitPieChart.Segment(
                value: values[index], fraction: fraction, startDegrees: start, endDegrees: end, color: colors[index])
        }
        // 6. Percentage labels, nudged apart; none when the sum is 0 (port decision).
        let placed: (labels: [ResearchKitPieChart.PercentageLabel], passes: Int) =
            showsPercentageLabels && total > 0
            ? percentageLabels(
                fractions: fractions, colors: colors, pie: pie, innerRadius: innerRadius, measurer: measurer)
            : ([], 0)
        // 7. The title block: 0 from the top when above the chart, else centred in the hole.
        var lineTop = showsTitleAboveChart ? 0 : pie.midY - blockHeight / 2
        for index in block.indices {
            block[index].frame.origin = Point(x: pie.midX - block[index].frame.width / 2, y: lineTop)
            lineTop += block[index].frame.height
        }
        return ResearchKitPieChart.Resolved(
            pieFrame: pie, center: pie.center, outerRadius: outerRadius, innerRadius: innerRadius,
            ringRadius: ringRadius, ringWidth: ringWidth, total: total, segments: segments, labels: placed.labels,
            labelPasses: placed.passes, titleBlock: block, legend: legend)
    }

    /// The data source's colours, or the tint lightened per index: c + (1 − c)·i/n per channel.
    func segmentColors() -> [Color] {
        if let colors { return colors }
        let count = Double(values.count)
        return values.indices.map { index in
            let mix = Double(index) / count
            func lighten(_ channel: UInt8) -> UInt8 {
                let c = Double(channel) / 255
                return UInt8(((c + (1 - c) * mix) * 255).rounded())
            }
            return Color(
                red: lighten(tintColor.red), green: lighten(tintColor.green), blue: lighten(tintColor.blue),
                alpha: tintColor.alpha)
        }
    }

    /// Title then text, stacked with no gap, or "No Data" when the values sum to 0. Frames are sized, not placed.
    func titleLines(total: Double, measurer: any TextMeasuring) -> [ResearchKitPieChart.TextLine] {
        let entries: [(String, Double, Color)] =
            total > 0
            ? [title.map { ($0, titleFontSize, Color.black) }, text.map { ($0, textFontSize, SeedColor.systemGray) }]
                .compactMap { $0 }
            : [("No Data", titleFontSize, SeedColor.lightGray)]
        return entries.map { text, fontSize, color in
            let textSize = measurer.size(of: text, fontSize: fontSize)
            return .init(text: text, frame: Rect(origin: .zero, size: textSize), fontSize: fontSize, color: color)
        }
    }
}
