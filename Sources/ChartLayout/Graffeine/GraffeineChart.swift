import LayoutCore

/// A Graffeine view: a size, an optional background and layers painted first to last (spec §3, §4).
public struct GraffeineChart: Hashable, Sendable {
    public var size: Size
    public var background: Color?
    public var layers: [GraffeineLayer]

    public init(size: Size, background: Color? = nil, layers: [GraffeineLayer] = []) {
        self.size = size
        self.background = background
        self.layers = layers
    }
}

/// The five regions of a view (spec §3).
public enum GraffeineRegion: String, Hashable, Sendable, Codable, CaseIterable {
    case main, topGutter, rightGutter, bottomGutter, leftGutter
}

/// Every Graffeine layer type (spec §6).
public enum GraffeineLayerType: String, Hashable, Sendable, Codable, CaseIterable {
    case bar, gridLine, radialGrid, line, plot, radialSegment, radialLine, radialPoly
    case horizontalLabel, verticalLabel, barLabel, radialLabel, plotLabel

    /// Text layers: never hit-tested (§9.1), styled with `unitText`.
    var isLabel: Bool {
        switch self {
        case .horizontalLabel, .verticalLabel, .barLabel, .radialLabel, .plotLabel: true
        default: false
        }
    }
}

/// One layer with every property Graffeine gives it. Only the properties of the layer's type are read;
/// decoding rejects the others, so a case never carries a property that silently does nothing.
public struct GraffeineLayer: Hashable, Sendable {
    public var id: String
    public var type: GraffeineLayerType
    public var region: GraffeineRegion
    public var insets: Insets
    /// The declared frame thickness on a gutter's thin axis: `height:` of a horizontal label, `width:` of a
    /// vertical label. Stored once, so insets are subtracted exactly once (compat fix of quirk §13.1).
    public var thickness: Double
    public var data: GraffeineData
    public var unitFill: GraffeineUnitFill
    public var unitLine: GraffeineUnitLine
    public var unitText: GraffeineUnitText
    /// ContainerFill: paints the layer's whole frame behind its units.
    public var fill: Color?
    public var masksToBounds: Bool
    /// Clips to the layer bounds shrunk by these insets when they are non-zero.
    public var maskInsets: Insets
    public var selection: GraffeineSelection

    // Geometry options; each layer type reads its own (see `GraffeineLayer+Decoding.swift`).
    public var unitColumn: GraffeineUnitColumn
    public var flipXY: Bool
    public var roundedEnds: GraffeineRoundedEnds
    public var alignment: GraffeineGridAlignment
    public var length: GraffeineDimensionalUnit
    public var smoothing: GraffeineSmoothing
    public var positioner: GraffeinePlotPositioner
    /// Plot circle diameter, or RadialLabel's anchor-circle diameter.
    public var diameter: GraffeineDimensionalUnit
    public var outerDiameter: GraffeineDimensionalUnit
    public var innerDiameter: GraffeineDimensionalUnit
    public var centerOffsetDiameter: GraffeineDimensionalUnit
    public var maxDiameter: GraffeineDimensionalUnit
    /// Degrees, clockwise positive, reduced mod 360: `rotation`, or RadialLabel's `centerRotation`.
    public var rotation: Double
    public var clockwise: Bool
    public var labelAlignment: GraffeineLabelAlignment
    public var labelPadding: GraffeinePadding
    /// Degrees, clockwise positive.
    public var labelRotation: Double
    public var labelRotationInheritFromCenter: Bool

    /// A layer of `type` with Graffeine's defaults for that type.
    public init(id: String, type: GraffeineLayerType, data: GraffeineData = GraffeineData()) {
        self.id = id
        self.type = type
        self.region =
            switch type {
            case .horizontalLabel: .bottomGutter
            case .verticalLabel: .leftGutter
            default: .main
            }
        insets = .zero
        thickness = 0
        self.data = data
        unitFill = GraffeineUnitFill()
        unitLine = GraffeineUnitLine()
        unitText = GraffeineUnitText()
        fill = nil
        masksToBounds = false
        maskInsets = .zero
        selection = GraffeineSelection()
        // Only Line turns reducedByOne on by default (quirk §13.3).
        unitColumn = GraffeineUnitColumn(reducedByOne: type == .line)
        flipXY = false
        roundedEnds = .none
        alignment = .center
        length = .percentage(1)
        smoothing = .none
        positioner = .column
        diameter = type == .plot ? .explicit(0) : .percentage(0.9)
        outerDiameter = .percentage(0.9)
        // RadialLine's inner default equals its outer, so default spokes have zero length (quirk §13.12).
        innerDiameter = type == .radialLine ? .percentage(0.9) : .explicit(0)
        centerOffsetDiameter = .explicit(0)
        maxDiameter = .percentage(1)
        rotation = 0
        clockwise = true
        labelAlignment =
            type == .verticalLabel
            ? GraffeineLabelAlignment(horizontal: .right, vertical: .center) : GraffeineLabelAlignment()
        labelPadding = GraffeinePadding()
        labelRotation = 0
        labelRotationInheritFromCenter = false
    }
}

// MARK: - Styling options

/// Per-unit fill colours, cycled by index; an empty list paints nothing (spec §0, quirk §13.16).
public struct GraffeineUnitFill: Hashable, Sendable {
    public var colors: [Color]
    /// The layer opacity, 0...1.
    public var opacity: Double

    public init(colors: [Color] = [], opacity: Double = 1) {
        self.colors = colors
        self.opacity = opacity
    }
}

/// Per-unit stroke: colours cycled by index, and the line style (spec §4).
public struct GraffeineUnitLine: Hashable, Sendable {
    public var colors: [Color]
    public var thickness: Double
    public var dashPattern: [Double]
    /// Accepted for fidelity; the Scene has no dash phase, so it is not drawn (docs/compat-chart.md).
    public var dashPhase: Double
    public var join: LineJoin
    public var cap: LineCap

    public init(
        colors: [Color] = [], thickness: Double = 0, dashPattern: [Double] = [], dashPhase: Double = 0,
        join: LineJoin = .bevel, cap: LineCap = .butt
    ) {
        self.colors = colors
        self.thickness = thickness
        self.dashPattern = dashPattern
        self.dashPhase = dashPhase
        self.join = join
        self.cap = cap
    }
}

/// Label text colours (cycled by index) and font size, default 10.
public struct GraffeineUnitText: Hashable, Sendable {
    public var colors: [Color]
    public var fontSize: Double

    public init(colors: [Color] = [], fontSize: Double = 10) {
        self.colors = colors
        self.fontSize = fontSize
    }
}

/// What changes for the unit at `data.selected.index` (spec §9.2), and whether the layer takes taps.
public struct GraffeineSelection: Hashable, Sendable {
    public struct Fill: Hashable, Sendable {
        public var color: Color?
        public var opacity: Double?
        public init(color: Color? = nil, opacity: Double? = nil) {
            self.color = color
            self.opacity = opacity
        }
    }

    public struct Line: Hashable, Sendable {
        public var color: Color?
        public var thickness: Double?
        public var dashPattern: [Double]?
        public var dashPhase: Double?
        public var join: LineJoin?
        public var cap: LineCap?
        public init(
            color: Color? = nil, thickness: Double? = nil, dashPattern: [Double]? = nil, dashPhase: Double? = nil,
            join: LineJoin? = nil, cap: LineCap? = nil
        ) {
            self.color = color
            self.thickness = thickness
            self.dashPattern = dashPattern
            self.dashPhase = dashPhase
            self.join = join
            self.cap = cap
        }
    }

    public struct Text: Hashable, Sendable {
        public var color: Color?
        /// RadialLabel only: replaces `labelAlignment` for the selected label.
        public var alignment: GraffeineLabelAlignment?
        public init(color: Color? = nil, alignment: GraffeineLabelAlignment? = nil) {
            self.color = color
            self.alignment = alignment
        }
    }

    /// Radial size overrides: the exploded slice, the bigger plot point, the pushed-out label.
    public struct Radial: Hashable, Sendable {
        public var outerDiameter: GraffeineDimensionalUnit?
        public var innerDiameter: GraffeineDimensionalUnit?
        public var centerOffsetDiameter: GraffeineDimensionalUnit?
        public init(
            outerDiameter: GraffeineDimensionalUnit? = nil, innerDiameter: GraffeineDimensionalUnit? = nil,
            centerOffsetDiameter: GraffeineDimensionalUnit? = nil
        ) {
            self.outerDiameter = outerDiameter
            self.innerDiameter = innerDiameter
            self.centerOffsetDiameter = centerOffsetDiameter
        }
    }

    public var isEnabled: Bool
    public var fill: Fill
    public var line: Line
    public var text: Text
    public var radial: Radial

    public init(
        isEnabled: Bool = false, fill: Fill = Fill(), line: Line = Line(), text: Text = Text(),
        radial: Radial = Radial()
    ) {
        self.isEnabled = isEnabled
        self.fill = fill
        self.line = line
        self.text = text
        self.radial = radial
    }
}

// MARK: - Geometry options

/// Which bar corners are rounded (spec §6.1): `hi` is the value end, `lo` the base end.
public enum GraffeineRoundedEnds: Hashable, Sendable {
    case none
    case hi(Double)
    case lo(Double)
    case both(Double)
}

/// Where a grid line sits across the value axis (spec §6.2).
public enum GraffeineGridAlignment: String, Hashable, Sendable, Codable, CaseIterable { case left, center, right }

/// Line smoothing (spec §10). `.custom` takes a closure upstream and has no JSON form.
public enum GraffeineSmoothing: Hashable, Sendable {
    case none
    /// Uniform Catmull-Rom with `granularity` steps per segment.
    case catmullRom(Int)
}

/// How plot points are placed (spec §6.4).
public enum GraffeinePlotPositioner: String, Hashable, Sendable, Codable, CaseIterable { case column, xy }

/// Horizontal label alignment, including the distributed mode (spec §7.3).
public enum GraffeineHorizontalAlignment: String, Hashable, Sendable, Codable, CaseIterable {
    case left, center, right, centerLeftRight
}

/// Vertical label alignment, including the distributed mode (spec §7.3).
public enum GraffeineVerticalAlignment: String, Hashable, Sendable, Codable, CaseIterable {
    case top, center, bottom, centerTopBottom
}

/// A label alignment; the distributed modes are resolved per label before placement.
public struct GraffeineLabelAlignment: Hashable, Sendable {
    public var horizontal: GraffeineHorizontalAlignment
    public var vertical: GraffeineVerticalAlignment

    public init(horizontal: GraffeineHorizontalAlignment = .center, vertical: GraffeineVerticalAlignment = .center) {
        self.horizontal = horizontal
        self.vertical = vertical
    }

    var isDistributed: Bool { horizontal == .centerLeftRight || vertical == .centerTopBottom }
}

/// Label padding: pushes text inward from the aligned edge; **negative values push it outside** (spec §7.2).
public struct GraffeinePadding: Hashable, Sendable {
    public var horizontal: Double
    public var vertical: Double

    public init(horizontal: Double = 0, vertical: Double = 0) {
        self.horizontal = horizontal
        self.vertical = vertical
    }
}
