import LayoutCore

/// A length that may be a percentage: `px` or `percent` (**`50%` is `.percent(50)`**, as the CSS text shows).
public enum LengthPercentage: Hashable, Sendable {
    case px(Double)
    case percent(Double)

    /// The length in px, a percentage taken of `basis`; nil when the percentage has no definite basis.
    @inline(__always) func resolve(_ basis: Double?) -> Double? {
        switch self {
        case .px(let value): value
        case .percent(let value): basis.map { layoutUnitPercentage(value, of: $0) }
        }
    }

    /// As `resolve`, with an indefinite percentage taken as 0 (paddings, borders, gaps: CSS 2 §8.4, Align 3 §8.1).
    @inline(__always) func resolveOrZero(_ basis: Double?) -> Double { resolve(basis) ?? 0 }
}

/// `percent` % of `basis`, truncated toward zero to a LayoutUnit (1/64 px) as Chromium and WebKit resolve a
/// percentage: the one place the engine follows the browsers' fixed point, because a resolved percentage is reused
/// (gaps, margins, insets) and its rounding adds up past 1/64 px (docs/flex-engine.md "Numbers").
@inline(__always) func layoutUnitPercentage(_ percent: Double, of basis: Double) -> Double {
    (basis * percent / 100 * 64).rounded(.towardZero) / 64
}

/// A margin or inset: a length, a percentage, or `auto`.
public enum LengthPercentageAuto: Hashable, Sendable {
    case px(Double)
    case percent(Double)
    case auto

    @inline(__always) func resolve(_ basis: Double?) -> Double? {
        switch self {
        case .px(let value): value
        case .percent(let value): basis.map { layoutUnitPercentage(value, of: $0) }
        case .auto: nil
        }
    }

    var isAuto: Bool { self == .auto }
}

/// A preferred, minimum or maximum size, or a flex basis. `auto` is also `none` for a maximum and `auto` for
/// `flex-basis`; `content` is only a flex basis.
public enum SizeValue: Hashable, Sendable {
    case auto
    case px(Double)
    case percent(Double)
    case minContent
    case maxContent
    case fitContent
    case content
}

public enum FlexDirection: Hashable, Sendable {
    case row, rowReverse, column, columnReverse
    var isRow: Bool { self == .row || self == .rowReverse }
    var isReverse: Bool { self == .rowReverse || self == .columnReverse }
}

public enum FlexWrap: Hashable, Sendable { case nowrap, wrap, wrapReverse }

/// A value of `justify-content`, `align-content`, `align-items` or `align-self` (`auto` only for `align-self`;
/// `selfStart`/`selfEnd` only for the last two, `left`/`right` only for `justify-content`). Whether it is `safe` is
/// `FlexLayoutStyle.safeAlignment`'s.
public enum Alignment: Hashable, Sendable {
    case auto, stretch, flexStart, flexEnd, start, end, center, baseline, spaceBetween, spaceAround, spaceEvenly
    case selfStart, selfEnd, left, right
}

/// The alignment properties given `safe` (CSS Box Alignment 3 §4.4): an alignment subject that overflows its
/// alignment container is aligned as `start` instead. Without it (`unsafe`, the browsers' default for flexbox), it
/// is aligned as asked and overflows.
public struct SafeAlignment: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let justifyContent = SafeAlignment(rawValue: 1)
    public static let alignItems = SafeAlignment(rawValue: 2)
    public static let alignSelf = SafeAlignment(rawValue: 4)
    public static let alignContent = SafeAlignment(rawValue: 8)
}

public enum Overflow: Hashable, Sendable {
    case visible, hidden, clip, scroll
    /// Hidden and scroll make a scroll container; clip does not (CSS Overflow 3 §3).
    var scrolls: Bool { self == .hidden || self == .scroll }
}

public enum TextDirection: Hashable, Sendable { case ltr, rtl }
public enum Display: Hashable, Sendable { case flex, grid, none }
public enum Position: Hashable, Sendable { case `static`, relative, absolute }

/// One element's computed style, typed: every keyword is an enum, every length a number. Values are as checked by
/// the flex case format (docs/flex-case-format.md "Vocabulary"); the initial values are CSS's.
public struct FlexLayoutStyle: Hashable, Sendable {
    // The stored order is the engine's: the keywords and factors every pass reads of each item come first, so that
    // they share one cache line of this 464-byte record; the lengths follow.
    public var display: Display = .flex
    public var position: Position = .static
    public var flexDirection: FlexDirection = .row
    public var flexWrap: FlexWrap = .nowrap
    /// `direction`; nil inherits the parent's (the viewport's is `ltr`). The engine stores what applies.
    public var direction: TextDirection?
    public var justifyContent: Alignment = .flexStart
    public var alignItems: Alignment = .stretch
    public var alignSelf: Alignment = .auto
    public var alignContent: Alignment = .stretch
    /// Which of the four alignments are `safe`.
    public var safeAlignment: SafeAlignment = []
    public var overflowX: Overflow = .visible
    public var overflowY: Overflow = .visible
    public var borderBox = false
    /// A one-cell grid's `justify-items` / `justify-self` (`auto` only for the latter).
    public var justifyItems: Alignment = .stretch
    public var justifySelf: Alignment = .auto
    /// Whether the grid track lists are `minmax(0px, 1fr)` (true) or `none`, per axis.
    public var gridTrackColumns = false
    public var gridTrackRows = false
    public var flexGrow: Double = 0
    public var flexShrink: Double = 1
    public var order: Int = 0
    /// Width ÷ height, or nil for `auto`.
    public var aspectRatio: Double?
    public var width: SizeValue = .auto
    public var height: SizeValue = .auto
    public var minWidth: SizeValue = .auto
    public var minHeight: SizeValue = .auto
    /// `auto` is `none`.
    public var maxWidth: SizeValue = .auto
    public var maxHeight: SizeValue = .auto
    public var flexBasis: SizeValue = .auto
    public var margin: Edges<LengthPercentageAuto> = Edges(.px(0))
    public var padding: Edges<LengthPercentage> = Edges(.px(0))
    /// Border widths in px.
    public var border: Edges<Double> = Edges(0)
    /// top, right, bottom, left.
    public var inset: Edges<LengthPercentageAuto> = Edges(.auto)
    public var rowGap: LengthPercentage = .px(0)
    public var columnGap: LengthPercentage = .px(0)
    /// Grid start lines, nil for `auto`.
    public var gridColumnStart: Int?
    public var gridRowStart: Int?

    public init() {}

    @inline(__always) var isScrollContainer: Bool { overflowX.scrolls || overflowY.scrolls }
    @inline(__always) var rightToLeft: Bool { direction == .rtl }
}

/// Four values, one per side.
public struct Edges<Value: Hashable & Sendable>: Hashable, Sendable {
    public var top: Value
    public var right: Value
    public var bottom: Value
    public var left: Value

    public init(top: Value, right: Value, bottom: Value, left: Value) {
        self.top = top
        self.right = right
        self.bottom = bottom
        self.left = left
    }

    public init(_ all: Value) { self.init(top: all, right: all, bottom: all, left: all) }
}

/// What a measured leaf is asked along one axis: Yoga's measure modes (docs/flex-case-format.md "Measure tables").
public enum LeafConstraint: Hashable, Sendable {
    case exactly(Double)
    case atMost(Double)
    case undefined
}

/// A leaf whose size comes from a function of what it is asked (a recorded measure table), instead of `content`.
public protocol LeafMeasuring: Sendable {
    /// The content-box size the leaf answers.
    func measure(width: LeafConstraint, height: LeafConstraint) -> Size
}

/// An element of the tree the engine is built from.
public struct FlexLayoutNode: Sendable {
    public var style: FlexLayoutStyle
    /// A leaf's intrinsic content-box size: laid out as one inflexible block of this size inside the element, as a
    /// browser lays out the flex case's content block.
    public var content: Size?
    /// A measured leaf: answers this function instead of laying out `content`.
    public var measure: (any LeafMeasuring)?
    public var id: String?
    public var children: [FlexLayoutNode]

    public init(
        style: FlexLayoutStyle = FlexLayoutStyle(), content: Size? = nil, measure: (any LeafMeasuring)? = nil,
        id: String? = nil, children: [FlexLayoutNode] = []
    ) {
        self.style = style
        self.content = content
        self.measure = measure
        self.id = id
        self.children = children
    }
}
