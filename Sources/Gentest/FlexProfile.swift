import Flexbox
import LayoutCore

/// A family of generated flex cases, each leaning on some part of the vocabulary (docs/gentest.md "Fuzzing flex
/// cases"). Case `i` of a seed belongs to profile `allCases[i % allCases.count]`, so every profile is covered evenly.
/// Every profile also draws the rest of the vocabulary at low rates.
public enum FlexProfile: String, CaseIterable, Hashable, Sendable {
    /// `flex-basis` (lengths, percentages, `auto`, `content`), `flex-grow`, `flex-shrink` under definite main sizes.
    case basis
    /// `flex-wrap: wrap` and `wrap-reverse`, `align-content`, definite cross sizes so that lines have free space.
    case wrap
    /// `position: absolute` with insets (lengths, percentages, `auto`), `position: relative` with offsets.
    case absolute
    /// Percentages wherever the vocabulary takes them, under containers whose sizes are multiples of 40.
    case percent
    /// `min-*` and `max-*` (lengths, percentages, sometimes the intrinsic keywords) and `aspect-ratio`.
    case minMax = "min-max"
    /// `margin-*: auto` on items of definite containers.
    case autoMargins = "auto-margins"
    /// `row-gap` and `column-gap`, often in wrapping containers.
    case gaps
    /// `order` (peers without it refuse the case, so only some of these cases are compared).
    case order
    /// `direction: rtl`, with asymmetric margins, paddings and insets so that mirroring shows.
    case rtl
    /// `justify-content`, `align-items` (baseline too), `align-self`, reversed directions.
    case align
    /// Deep trees: up to 8 levels below the root and 100 elements.
    case nesting

    /// The properties this family is about: present in a case when any element gives one of them a value other
    /// than its initial one (`keeps(_:)`), and removed by `stripped(_:)`. Nil for `nesting`, which is about shape.
    public var properties: Set<CSSProperty>? {
        switch self {
        case .basis: [.flexGrow, .flexShrink, .flexBasis]
        case .wrap: [.flexWrap, .alignContent]
        case .absolute: [.position, .top, .right, .bottom, .left]
        case .percent: nil
        case .minMax: [.minWidth, .minHeight, .maxWidth, .maxHeight, .aspectRatio]
        case .autoMargins: [.marginTop, .marginRight, .marginBottom, .marginLeft]
        case .gaps: [.rowGap, .columnGap]
        case .order: [.order]
        case .rtl: [.direction]
        case .align: [.justifyContent, .alignItems, .alignSelf]
        case .nesting: nil
        }
    }

    /// Whether `value` of `property` belongs to this family: a non-initial value of one of its properties (only
    /// `auto` for the auto margins, only percentages for `percent`).
    public func isFamilyValue(_ value: CSSValue, of property: CSSProperty) -> Bool {
        switch self {
        case .percent:
            if case .percent = value { return true }
            return false
        case .autoMargins:
            return properties!.contains(property) && value == .keyword("auto")
        case .nesting:
            return false
        default:
            return properties!.contains(property) && value != property.initialValue
        }
    }

    /// Whether some element of `flexCase` gives a value of this family (for `nesting`: whether the tree is at least
    /// three levels deep).
    public func isPresent(in flexCase: FlexCase) -> Bool {
        if self == .nesting { return flexCase.root.depth >= 3 }
        return flexCase.root.preorderPaths.contains { path in
            flexCase.root.element(at: path).style.contains { isFamilyValue($0.value, of: $0.property) }
        }
    }

    /// The case with every value of this family removed (back to its initial value); the case itself for `nesting`.
    public func stripped(_ flexCase: FlexCase) -> FlexCase {
        var copy = flexCase
        for path in flexCase.root.preorderPaths {
            copy.root.update(path) { element in
                for (property, value) in element.style where isFamilyValue(value, of: property) {
                    try? element.style.set(property, to: nil)
                }
            }
        }
        return copy
    }
}

/// The dials of a profile: chances in percent, and the shape of the tree.
struct FlexKnobs {
    /// Container levels below the root (their leaves are one level deeper).
    var maxDepth = 2
    var maxChildren = 6
    var maxNodes = 30
    /// Chance that a child is a container, while depth and budget allow.
    var container = 25
    /// Chances that a container has a definite width and height.
    var containerWidth = 35
    var containerHeight = 20
    /// Chance that a leaf has content (otherwise it is empty, or sized by its own width and height).
    var leafContent = 85
    /// Chance that a leaf gives a width, and a height.
    var leafSize = 12
    var margin = 12
    var padding = 12
    var border = 6
    var gap = 4
    var grow = 10
    var shrink = 8
    var basis = 6
    var wrap = 8
    /// Chance that a wrapping container gives `align-content`.
    var alignContent = 35
    /// Chance that a container gives a `flex-direction` other than row.
    var direction = 30
    var absolute = 2
    var relative = 2
    /// Chance that a length is written as a percentage where the property takes one.
    var percent = 0
    var minMax = 4
    var aspectRatio = 2
    var autoMargin = 2
    var order = 0
    var rtl = 0
    var align = 12
    var displayNone = 3
    var boxSizing = 4
    var overflow = 3
    /// Chance that the whole case may use `min-content`, `max-content` and `fit-content` (which Yoga and Taffy
    /// refuse), and `flex-basis: content`.
    var intrinsic = 4
    var viewportWidth = 50
    var viewportHeight = 15

    init(_ profile: FlexProfile) {
        switch profile {
        case .basis:
            (grow, shrink, basis, containerWidth, containerHeight) = (45, 40, 50, 60, 35)
        case .wrap:
            (wrap, alignContent, containerWidth, containerHeight, maxChildren) = (85, 70, 60, 45, 8)
        case .absolute:
            (absolute, relative, containerWidth, containerHeight) = (30, 15, 45, 35)
        case .percent:
            (percent, containerWidth, containerHeight) = (45, 65, 45)
        case .minMax:
            (minMax, aspectRatio, intrinsic) = (45, 25, 15)
        case .autoMargins:
            (autoMargin, containerWidth, containerHeight) = (40, 55, 45)
        case .gaps:
            (gap, wrap, containerWidth) = (70, 45, 50)
        case .order:
            order = 55
        case .rtl:
            (rtl, margin, padding, absolute, relative, wrap) = (35, 35, 30, 10, 8, 20)
        case .align:
            (align, direction, containerHeight, containerWidth) = (65, 45, 40, 50)
        case .nesting:
            // Containers down to depth 7, so leaves reach depth 8.
            (maxDepth, maxNodes, container, maxChildren) = (FlexCaseGenerator.maximumDepth - 1, 100, 50, 4)
        }
    }
}
