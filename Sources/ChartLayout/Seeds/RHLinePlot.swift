import LayoutCore

/// aunnnn/RHLinePlot: a Robinhood-style SwiftUI line plot with segments, a glowing indicator and a value stick.
/// Spec: docs/spec/chart-seeds.md §A.
enum RHLinePlot {
    /// A stroke-fit edge of `adjustedEdgesToFitLineStrokeInCanvas` (§A.2).
    enum Edge: String, Codable, CaseIterable, Sendable { case top, bottom, leading, trailing }

    /// `RHLinePlotConfig` with every default of §A.1. Animation-only keys are accepted and kept for the record.
    struct Config: Sendable {
        var plotLineWidth = 1.5
        var relativeYForStraightLine = 0.5
        var opacityOfUnselectedSegment = 0.3
        var segmentSelectionAnimationDuration = 0.1
        var glowingIndicatorWidth = 8.0
        var glowingIndicatorBackgroundScaleEffect = 5.0
        var glowingIndicatorDelayBetweenGlow = 0.5
        var glowingIndicatorGlowAnimationDuration = 0.8
        var useLaserLightLinePlotStyle = false
        var adjustedEdgesToFitLineStrokeInCanvas: [Edge] = []
        var valueStickWidth = 1.2
        var valueStickColor = SeedColor.gray
        var valueStickTopPadding = 28.0
        var valueStickBottomPadding = 28.0
        var spaceBetweenValueStickAndStickLabel = 8.0
        var minimumPressDurationToActivateInteraction = 0.1
    }

    /// One decoded RHLinePlot case.
    struct Spec: Sendable {
        var size: Size
        var values: [Double]
        /// Clamped to 0...1 when laid out (port decision, docs/compat-seeds.md).
        var occupyingRelativeWidth = 1.0
        var lineSegmentStartingIndices: [Int]?
        var activeSegment: Int?
        var showGlowingIndicator = false
        /// Lays the plot out as `RHInteractiveLinePlot` (label, gap, padded plot box) even without a drag.
        var interactive = false
        /// A drag's x in view coordinates; implies `interactive`.
        var dragX: Double?
        var lineColor = Color(red: 0x21, green: 0xce, blue: 0x99)
        var stickLabelFontSize = 12.0
        var stickLabelDecimals = 2
        var config = Config()
    }
}

extension RHLinePlot.Spec {
    enum Keys: String, CodingKey, CaseIterable {
        case style, size, values, occupyingRelativeWidth, lineSegmentStartingIndices, activeSegment
        case showGlowingIndicator, interactive, dragX, lineColor, stickLabelFontSize, stickLabelDecimals, config
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.caseContainer(keyedBy: Keys.self, kind: "chart")
        size = try container.decodeCanvasSize(.size)
        values = try container.decodeFiniteList(.values)
        occupyingRelativeWidth = try container.decodeFiniteIfPresent(.occupyingRelativeWidth) ?? 1
        lineSegmentStartingIndices = try container.decodeIfPresent([Int].self, forKey: .lineSegmentStartingIndices)
        activeSegment = try container.decodeIfPresent(Int.self, forKey: .activeSegment)
        showGlowingIndicator = try container.decode(.showGlowingIndicator, default: false)
        dragX = try container.decodeFiniteIfPresent(.dragX)
        interactive = try container.decodeIfPresent(Bool.self, forKey: .interactive) ?? (dragX != nil)
        if dragX != nil, !interactive {
            throw container.invalidValue(
                "dragX needs an interactive plot; remove \"interactive\": false", at: .interactive)
        }
        lineColor = try container.decode(.lineColor, default: lineColor)
        stickLabelFontSize = try container.decodePositive(.stickLabelFontSize, default: 12)
        stickLabelDecimals = try container.decode(.stickLabelDecimals, default: 2)
        guard (0...10).contains(stickLabelDecimals) else {
            throw container.invalidValue(
                "stickLabelDecimals must be within 0...10, got \(stickLabelDecimals)", at: .stickLabelDecimals)
        }
        config = try container.decode(.config, default: RHLinePlot.Config())
    }
}

extension RHLinePlot.Config: Decodable {
    enum Keys: String, CodingKey, CaseIterable {
        case plotLineWidth, relativeYForStraightLine, opacityOfUnselectedSegment, segmentSelectionAnimationDuration
        case glowingIndicatorWidth, glowingIndicatorBackgroundScaleEffect, glowingIndicatorDelayBetweenGlow
        case glowingIndicatorGlowAnimationDuration, useLaserLightLinePlotStyle, adjustedEdgesToFitLineStrokeInCanvas
        case valueStickWidth, valueStickColor, valueStickTopPadding, valueStickBottomPadding
        case spaceBetweenValueStickAndStickLabel, minimumPressDurationToActivateInteraction
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: Keys.self)
        let defaults = RHLinePlot.Config()
        plotLineWidth = try container.decodeNonNegative(.plotLineWidth, default: defaults.plotLineWidth)
        relativeYForStraightLine =
            try container.decodeFiniteIfPresent(.relativeYForStraightLine) ?? defaults.relativeYForStraightLine
        opacityOfUnselectedSegment = try container.decodeNonNegative(
            .opacityOfUnselectedSegment, default: defaults.opacityOfUnselectedSegment)
        guard opacityOfUnselectedSegment <= 1 else {
            throw container.invalidValue(
                "opacityOfUnselectedSegment must be within 0...1, got \(opacityOfUnselectedSegment)",
                at: .opacityOfUnselectedSegment)
        }
        segmentSelectionAnimationDuration = try container.decodeNonNegative(
            .segmentSelectionAnimationDuration, default: defaults.segmentSelectionAnimationDuration)
        glowingIndicatorWidth = try container.decodeNonNegative(
            .glowingIndicatorWidth, default: defaults.glowingIndicatorWidth)
        glowingIndicatorBackgroundScaleEffect = try container.decodeNonNegative(
            .glowingIndicatorBackgroundScaleEffect, default: defaults.glowingIndicatorBackgroundScaleEffect)
        glowingIndicatorDelayBetweenGlow = try container.decodeNonNegative(
            .glowingIndicatorDelayBetweenGlow, default: defaults.glowingIndicatorDelayBetweenGlow)
        glowingIndicatorGlowAnimationDuration = try container.decodeNonNegative(
            .glowingIndicatorGlowAnimationDuration, default: defaults.glowingIndicatorGlowAnimationDuration)
        useLaserLightLinePlotStyle = try container.decode(
            .useLaserLightLinePlotStyle, default: defaults.useLaserLightLinePlotStyle)
        adjustedEdgesToFitLineStrokeInCanvas = try container.decode(
            .adjustedEdgesToFitLineStrokeInCanvas, default: defaults.adjustedEdgesToFitLineStrokeInCanvas)
        valueStickWidth = try container.decodeNonNegative(.valueStickWidth, default: defaults.valueStickWidth)
        valueStickColor = try container.decode(.valueStickColor, default: defaults.valueStickColor)
        valueStickTopPadding = try container.decodeNonNegative(
            .valueStickTopPadding, default: defaults.valueStickTopPadding)
        valueStickBottomPadding = try container.decodeNonNegative(
            .valueStickBottomPadding, default: defaults.valueStickBottomPadding)
        spaceBetweenValueStickAndStickLabel = try container.decodeNonNegative(
            .spaceBetweenValueStickAndStickLabel, default: defaults.spaceBetweenValueStickAndStickLabel)
        minimumPressDurationToActivateInteraction = try container.decodeNonNegative(
            .minimumPressDurationToActivateInteraction, default: defaults.minimumPressDurationToActivateInteraction)
    }
}
