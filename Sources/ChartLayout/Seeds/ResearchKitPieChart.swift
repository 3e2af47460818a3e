import LayoutCore

/// ResearchKit's ORKPieChartView as of 13eabb77: a donut with percentage labels, a title block and a legend.
/// Spec: docs/spec/chart-seeds.md §B.1.
enum ResearchKitPieChart {
    /// Which side sets the radius: the original's height (§B.1), or the shorter side (the spec's port option).
    enum RadiusSource: String, Codable, CaseIterable, Sendable { case height, minSide }

    /// One decoded pie chart case, with ResearchKit's defaults.
    struct Spec: Sendable {
        var size: Size
        var values: [Double]
        /// Legend titles; a null entry gets no legend cell. Absent means no legend.
        var titles: [String?]?
        var colors: [Color]?
        var tintColor = SeedColor.systemBlue
        var lineWidth = 10.0
        var radiusScaleFactor = 0.5
        var radiusFrom = RadiusSource.height
        var showsPercentageLabels = true
        var drawsClockwise = true
        var showsTitleAboveChart = false
        var title: String?
        var text: String?
        /// Caption2, Caption1, Headline and Subheadline, in points.
        var labelFontSize = 11.0
        var legendFontSize = 12.0
        var titleFontSize = 17.0
        var textFontSize = 15.0
    }
}

extension ResearchKitPieChart.Spec {
    enum Keys: String, CodingKey, CaseIterable {
        case style, size, values, titles, colors, tintColor, lineWidth, radiusScaleFactor, radiusFrom
        case showsPercentageLabels, drawsClockwise, showsTitleAboveChart, title, text
        case labelFontSize, legendFontSize, titleFontSize, textFontSize
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.caseContainer(keyedBy: Keys.self, kind: "chart")
        size = try container.decodeCanvasSize(.size)
        values = try container.decodeFiniteList(.values)
        // A pie of negative parts has no meaning; ResearchKit draws odd clamped arcs and "-25%" labels.
        if let negative = values.firstIndex(where: { $0 < 0 }) {
            throw container.invalidValue(
                "pie values must be >= 0, got \(values[negative])", at: .values, index: negative)
        }
        titles = try container.decodeIfPresent([String?].self, forKey: .titles)
        if let titles, titles.count != values.count {
            throw container.invalidValue(
                "expected \(values.count) titles (one per value), got \(titles.count)", at: .titles)
        }
        colors = try container.decodeIfPresent([Color].self, forKey: .colors)
        if let colors, colors.count != values.count {
            throw container.invalidValue(
                "expected \(values.count) colors (one per value), got \(colors.count)", at: .colors)
        }
        tintColor = try container.decode(.tintColor, default: tintColor)
        lineWidth = try container.decodeNonNegative(.lineWidth, default: 10)
        radiusScaleFactor = try container.decodeNonNegative(.radiusScaleFactor, default: 0.5)
        radiusFrom = try container.decode(.radiusFrom, default: .height)
        showsPercentageLabels = try container.decode(.showsPercentageLabels, default: true)
        drawsClockwise = try container.decode(.drawsClockwise, default: true)
        showsTitleAboveChart = try container.decode(.showsTitleAboveChart, default: false)
        title = try container.decodeIfPresent(String.self, forKey: .title)
        text = try container.decodeIfPresent(String.self, forKey: .text)
        labelFontSize = try container.decodePositive(.labelFontSize, default: 11)
        legendFontSize = try container.decodePositive(.legendFontSize, default: 12)
        titleFontSize = try container.decodePositive(.titleFontSize, default: 17)
        textFontSize = try container.decodePositive(.textFontSize, default: 15)
    }
}
