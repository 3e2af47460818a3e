import LayoutCore

/// ResearchKit's ORKLineGraphChartView and ORKDiscreteGraphChartView as of 13eabb77, on the shared
/// ORKGraphChartView frame. Spec: docs/spec/chart-seeds.md §B.2–B.4.
enum ResearchKitGraph {
    enum Kind: Sendable { case line, discrete }

    /// ORKValueRange: `min == max` is an "empty" range (one value). Unset points are `nil`, never DBL_MAX.
    struct ValueRange: Hashable, Sendable {
        var min: Double
        var max: Double
        var isEmpty: Bool { min == max }
    }

    /// One entry of a plot in a case file: a number, null (unset) or `{"min", "max"}`.
    struct Sample: Decodable, Sendable {
        var range: ValueRange?

        enum Keys: String, CodingKey, CaseIterable { case min, max }

        init(from decoder: any Decoder) throws {
            if let single = try? decoder.singleValueContainer() {
                if single.decodeNil() {
                    range = nil
                    return
                }
                if let value = try? single.decode(Double.self) {
                    guard value.isFinite else { throw decoder.invalidValue("expected a finite number, got \(value)") }
                    range = ValueRange(min: value, max: value)
                    return
                }
            }
            let container = try decoder.strictContainer(keyedBy: Keys.self)
            let low = try container.decodeFinite(.min)
            let high = try container.decodeFinite(.max)
            // ORKValueRange's initialiser throws for max < min.
            guard high >= low else {
                throw container.invalidValue("a range needs max >= min, got min \(low), max \(high)", at: .max)
            }
            range = ValueRange(min: low, max: high)
        }
    }

    /// One decoded line or discrete graph case, with ResearchKit's defaults.
    struct Spec: Sendable {
        var kind: Kind
        var size: Size
        var plots: [[ValueRange?]]
        var minimumValue: Double?
        var maximumValue: Double?
        var numberOfDivisions: Int?
        /// X-axis titles; the x axis is drawn only when they are given.
        var xAxisTitles: [String]?
        var showsHorizontalReferenceLines = false
        var showsVerticalReferenceLines = false
        /// Indices whose vertical reference line the data source vetoes.
        var hiddenVerticalReferenceLines: Set<Int> = []
        var decimalPlaces = 0
        var tintColor = SeedColor.systemBlue
        var plotColors: [Color]?
        /// A scrub touch's x in view coordinates.
        var scrubX: Double?
        var scrubbingPlotIndex = 0
        /// Line graph only: per plot, whether single-value points get an indicator image.
        var drawsPointIndicators: [Bool]?
        /// Discrete graph only.
        var drawsConnectedRanges = true
        var axisFontSize = 12.0
    }

    // Constants of ORKGraphChartView (§B.2).
    static let leftPadding = 10.0, topPadding = 7.0, xAxisHeight = 30.0, yAxisWidth = 45.0
    static let tickLength = 12.0, yAxisTickPadding = 2.0, pointAndLineWidth = 8.0, snappingFactor = 0.3
    /// The hairline nudge at scale 1.
    static let px = 1.0
    static let referenceLineColor = Color(red: 225, green: 225, blue: 229)
    static let axisColor = Color(red: 217, green: 217, blue: 217)
}

extension ResearchKitGraph.Spec {
    enum Keys: String, CodingKey, CaseIterable {
        case style, size, plots, minimumValue, maximumValue, numberOfDivisions, xAxisTitles
        case showsHorizontalReferenceLines, showsVerticalReferenceLines, hiddenVerticalReferenceLines, decimalPlaces
        case tintColor, plotColors, scrubX, scrubbingPlotIndex, drawsPointIndicators, drawsConnectedRanges, axisFontSize
    }

    init(from decoder: any Decoder, kind: ResearchKitGraph.Kind) throws {
        let container = try decoder.caseContainer(keyedBy: Keys.self, kind: "chart")
        self.kind = kind
        let foreign: Keys = kind == .line ? .drawsConnectedRanges : .drawsPointIndicators
        if container.contains(foreign) {
            let owner = kind == .line ? "researchKitDiscrete" : "researchKitLine"
            throw container.invalidValue("'\(foreign.stringValue)' applies only to the \(owner) style", at: foreign)
        }
        size = try container.decodeCanvasSize(.size)
        plots = try container.decode([[ResearchKitGraph.Sample]].self, forKey: .plots).map { $0.map(\.range) }
        minimumValue = try container.decodeFiniteIfPresent(.minimumValue)
        maximumValue = try container.decodeFiniteIfPresent(.maximumValue)
        numberOfDivisions = try container.decodeIfPresent(Int.self, forKey: .numberOfDivisions)
        if let numberOfDivisions, numberOfDivisions < 0 {
            throw container.invalidValue(
                "numberOfDivisions must be >= 0, got \(numberOfDivisions)", at: .numberOfDivisions)
        }
        xAxisTitles = try container.decodeIfPresent([String].self, forKey: .xAxisTitles)
        showsHorizontalReferenceLines = try container.decode(.showsHorizontalReferenceLines, default: false)
        showsVerticalReferenceLines = try container.decode(.showsVerticalReferenceLines, default: false)
        hiddenVerticalReferenceLines = Set(try container.decode(.hiddenVerticalReferenceLines, default: [Int]()))
        decimalPlaces = try container.decode(.decimalPlaces, default: 0)
        guard (0...10).contains(decimalPlaces) else {
            throw container.invalidValue(
                "decimalPlaces must be within 0...10, got \(decimalPlaces)", at: .decimalPlaces)
        }
        tintColor = try container.decode(.tintColor, default: tintColor)
        plotColors = try container.decodeIfPresent([Color].self, forKey: .plotColors)
        scrubX = try container.decodeFiniteIfPresent(.scrubX)
        scrubbingPlotIndex = try container.decode(.scrubbingPlotIndex, default: 0)
        drawsPointIndicators = try container.decodeIfPresent([Bool].self, forKey: .drawsPointIndicators)
        drawsConnectedRanges = try container.decode(.drawsConnectedRanges, default: true)
        axisFontSize = try container.decodePositive(.axisFontSize, default: 12)
    }
}
