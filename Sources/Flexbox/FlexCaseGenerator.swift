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

/// One generated case: its name (`<profile>-<index>`), where it comes from, and the case itself.
public struct GeneratedFlexCase: Hashable, Sendable {
    public var name: String
    public var profile: FlexProfile
    public var index: Int
    public var flexCase: FlexCase
}

/// Generates flex cases over the whole vocabulary (docs/flex-case-format.md), reproducibly: case `index` of a seed
/// draws every choice from its own `SplitMix64(seed:index:)`, so it is the same on every platform whichever cases
/// were generated before. Pure: no I/O.
///
/// Every style is built through `FlexStyle.set`, so every value is inside its property's grammar. Lengths are even
/// whole pixels (content 4–60 × 4–40), so centred offsets halve to whole pixels and browsers, which lay out in
/// 1/64 px, agree with floating-point engines; containers that percentages resolve against are multiples of 40.
public struct FlexCaseGenerator: Sendable {
    public var seed: UInt64
    /// The most elements in one case, root included (the `nesting` profile's bound; the others stay at 30).
    public static let maximumNodes = 100
    /// The deepest nesting generated, the root being depth 0.
    public static let maximumDepth = 8

    public init(seed: UInt64) { self.seed = seed }

    /// Case `index` of this seed, in profile `allCases[index % count]`.
    public func makeCase(index: Int) -> GeneratedFlexCase {
        let profiles = FlexProfile.allCases
        return makeCase(index: index, profile: profiles[index % profiles.count])
    }

    /// Case `index` of this seed in `profile`.
    public func makeCase(index: Int, profile: FlexProfile) -> GeneratedFlexCase {
        var builder = FlexCaseBuilder(random: SplitMix64(seed: seed, index: index), profile: profile)
        let digits = String(index)
        let name = "\(profile.rawValue)-\(String(repeating: "0", count: max(0, 5 - digits.count)))\(digits)"
        var flexCase = builder.makeCase(name: name)
        flexCase.description =
            "Generated by ristretto gentest --fuzz-flex: seed \(seed), case \(index), profile \(profile.rawValue)."
        return GeneratedFlexCase(name: name, profile: profile, index: index, flexCase: flexCase)
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

/// Builds one case, drawing every choice from its own generator.
struct FlexCaseBuilder {
    var random: SplitMix64
    let profile: FlexProfile
    let knobs: FlexKnobs
    /// Elements still allowed in this case.
    var budget: Int
    /// Whether this case may use the intrinsic size keywords and `flex-basis: content`.
    var intrinsic = false

    init(random: SplitMix64, profile: FlexProfile) {
        self.random = random
        self.profile = profile
        self.knobs = FlexKnobs(profile)
        self.budget = knobs.maxNodes - 1
    }

    /// 1. Case-wide choices; 2. the root, a container with its subtree; 3. the viewport, each dimension definite
    /// sometimes (a multiple of 40 where percentages may resolve against it).
    mutating func makeCase(name: String) -> FlexCase {
        intrinsic = random.chance(knobs.intrinsic)
        var root = makeContainer(depth: 0)
        if random.chance(knobs.margin) { setEdges(&root.style, .margin, upTo: 8) }
        if profile == .rtl, random.chance(60) { set(&root.style, .direction, .keyword("rtl")) }
        var viewport = FlexViewport()
        if random.chance(knobs.viewportWidth) { viewport.width = size(in: 100...600) }
        if random.chance(knobs.viewportHeight) { viewport.height = size(in: 100...400) }
        return FlexCase(name: name, viewport: viewport, root: root)
    }

    // MARK: Containers

    /// A container: its own properties, its children (each decorated as a flex item of it), and its position when a
    /// child is absolutely positioned.
    mutating func makeContainer(depth: Int) -> FlexElement {
        var element = FlexElement()
        containerStyle(&element.style)
        let wanted = random.chance(4) ? 0 : random.int(in: 1...knobs.maxChildren)
        for _ in 0..<wanted {
            guard budget > 0 else { break }
            budget -= 1
            var child: FlexElement
            if depth < knobs.maxDepth, budget >= 2, random.chance(knobs.container) {
                child = makeContainer(depth: depth + 1)
            } else {
                child = makeLeaf()
            }
            itemStyle(&child.style)
            element.children.append(child)
        }
        // An absolutely positioned child's containing block is the nearest positioned ancestor: mostly this one.
        let hasAbsolute = element.children.contains { $0.style[.position] == .keyword("absolute") }
        if hasAbsolute, element.style[.position] == nil, random.chance(85) {
            set(&element.style, .position, .keyword("relative"))
        }
        return element
    }

    mutating func containerStyle(_ style: inout FlexStyle) {
        if random.chance(knobs.direction) {
            set(&style, .flexDirection, .keyword(random.pick(["row-reverse", "column", "column", "column-reverse"])))
        }
        if random.chance(knobs.wrap) {
            set(&style, .flexWrap, .keyword(random.chance(65) ? "wrap" : "wrap-reverse"))
            if random.chance(knobs.alignContent) {
                set(&style, .alignContent, alignmentValue(Self.alignContentValues, .alignContent))
            }
        }
        if random.chance(knobs.align) {
            set(&style, .justifyContent, alignmentValue(Self.justifyValues, .justifyContent))
        }
        if random.chance(knobs.align) { set(&style, .alignItems, alignmentValue(Self.alignItemsValues, .alignItems)) }
        if random.chance(knobs.gap) {
            if random.chance(70) { set(&style, .rowGap, gapValue()) }
            if random.chance(70) { set(&style, .columnGap, gapValue()) }
        }
        if random.chance(knobs.padding) { setEdges(&style, .padding, upTo: 10) }
        if random.chance(knobs.border) { setEdges(&style, .border, upTo: 6) }
        if random.chance(knobs.boxSizing) { set(&style, .boxSizing, .keyword("border-box")) }
        if random.chance(knobs.rtl) { set(&style, .direction, .keyword(random.chance(80) ? "rtl" : "ltr")) }
        if random.chance(knobs.overflow) { setOverflow(&style) }
        if random.chance(knobs.containerWidth) { set(&style, .width, containerSize()) }
        if random.chance(knobs.containerHeight) { set(&style, .height, containerSize()) }
    }

    static let justifyValues = [
        "flex-start", "flex-end", "start", "end", "center", "space-between", "space-around", "space-evenly", "left",
        "right",
    ]
    static let alignItemsValues = [
        "stretch", "flex-start", "flex-end", "start", "end", "center", "baseline", "self-start", "self-end",
    ]

    /// One of `values`, made `safe` one time in eight where `property` takes it so.
    mutating func alignmentValue(_ values: [String], _ property: CSSProperty) -> CSSValue {
        let value = random.pick(values)
        let safe = "safe \(value)"
        return random.chance(12) && property.grammar.keywords.contains(safe) ? .keyword(safe) : .keyword(value)
    }
    static let alignContentValues = [
        "stretch", "flex-start", "flex-end", "start", "end", "center", "space-between", "space-around",
        "space-evenly",
    ]

    /// A definite container size: even 40–320 px, a multiple of 40 under the percent profile, sometimes a
    /// percentage or an intrinsic keyword.
    mutating func containerSize() -> CSSValue {
        if intrinsic, random.chance(15) { return .keyword(random.pick(Self.intrinsicKeywords)) }
        if random.chance(knobs.percent / 2) { return percentValue() }
        if profile == .percent { return .px(Double(40 * random.int(in: 1...8))) }
        return .px(random.even(in: 40...320))
    }

    static let intrinsicKeywords = ["min-content", "max-content", "fit-content"]

    // MARK: Leaves and items

    /// A leaf: content of even size (mostly), and sometimes its own width and height.
    mutating func makeLeaf() -> FlexElement {
        var leaf = FlexElement()
        if random.chance(knobs.leafContent) {
            leaf.content = Size(width: random.even(in: 4...60), height: random.even(in: 4...40))
        }
        if random.chance(knobs.leafSize) { set(&leaf.style, .width, leafSize()) }
        if random.chance(knobs.leafSize) { set(&leaf.style, .height, leafSize()) }
        return leaf
    }

    mutating func leafSize() -> CSSValue {
        if intrinsic, random.chance(15) { return .keyword(random.pick(Self.intrinsicKeywords)) }
        if random.chance(knobs.percent) { return percentValue() }
        return .px(random.even(in: 0...80))
    }

    /// The properties of an element as a flex item of its parent.
    mutating func itemStyle(_ style: inout FlexStyle) {
        if random.chance(knobs.margin) { setEdges(&style, .margin, upTo: 8) }
        if random.chance(knobs.autoMargin) {
            let sides = [CSSProperty.marginTop, .marginRight, .marginBottom, .marginLeft]
            for side in sides where random.chance(45) { set(&style, side, .keyword("auto")) }
            if !sides.contains(where: { style[$0] == .keyword("auto") }) {
                set(&style, random.pick(sides), .keyword("auto"))
            }
        }
        if random.chance(knobs.grow) { set(&style, .flexGrow, .number(Double(random.pick([0, 1, 1, 1, 2, 3])))) }
        if random.chance(knobs.shrink) { set(&style, .flexShrink, .number(Double(random.pick([0, 0, 1, 2, 3])))) }
        if random.chance(knobs.basis) { set(&style, .flexBasis, basisValue()) }
        if random.chance(knobs.align / 2) {
            set(&style, .alignSelf, alignmentValue(["auto"] + Self.alignItemsValues, .alignSelf))
        }
        if random.chance(knobs.order) { set(&style, .order, .number(Double(random.pick([-2, -1, 0, 1, 1, 2, 3])))) }
        if random.chance(knobs.minMax) { minMax(&style) }
        if random.chance(knobs.aspectRatio) { set(&style, .aspectRatio, .number(random.pick([1, 2, 0.5, 4, 1.5]))) }
        if random.chance(knobs.absolute) {
            set(&style, .position, .keyword("absolute"))
            insets(&style, offsets: false)
        } else if random.chance(knobs.relative) {
            set(&style, .position, .keyword("relative"))
            insets(&style, offsets: true)
        }
        if random.chance(knobs.boxSizing / 2) { set(&style, .boxSizing, .keyword("border-box")) }
        if random.chance(knobs.overflow) { setOverflow(&style) }
        if random.chance(knobs.displayNone) { set(&style, .display, .keyword("none")) }
    }

    /// A flex-basis: a length, a percentage, `auto`, or `content` when the case allows it.
    mutating func basisValue() -> CSSValue {
        if intrinsic, random.chance(30) { return .keyword("content") }
        if random.chance(knobs.percent) { return percentValue() }
        switch random.int(in: 0...9) {
        case 0: return .keyword("auto")
        case 1: return .px(0)
        default: return .px(random.even(in: 0...120))
        }
    }

    /// Min and max sizes along one or both axes: lengths around typical content sizes, percentages, and the
    /// intrinsic keywords when the case allows them.
    mutating func minMax(_ style: inout FlexStyle) {
        for (minimum, maximum) in [(CSSProperty.minWidth, CSSProperty.maxWidth), (.minHeight, .maxHeight)] {
            guard random.chance(60) else { continue }
            if random.chance(55) { set(&style, minimum, minMaxValue(in: 0...80)) }
            if random.chance(55) { set(&style, maximum, minMaxValue(in: 0...120)) }
        }
    }

    mutating func minMaxValue(in range: ClosedRange<Int>) -> CSSValue {
        if intrinsic, random.chance(25) { return .keyword(random.pick(Self.intrinsicKeywords)) }
        if random.chance(max(knobs.percent, 15)) { return percentValue() }
        return .px(random.even(in: range))
    }

    /// Insets of an absolutely positioned element (lengths, percentages, `auto`), or a relative element's offsets.
    mutating func insets(_ style: inout FlexStyle, offsets: Bool) {
        for side in [CSSProperty.top, .right, .bottom, .left] where random.chance(offsets ? 30 : 45) {
            if !offsets, random.chance(10) {
                set(&style, side, .keyword("auto"))
            } else if random.chance(max(knobs.percent, 15)) {
                set(&style, side, percentValue())
            } else {
                set(&style, side, .px(random.even(in: offsets ? -20...20 : -10...40)))
            }
        }
        if !offsets, random.chance(40) { set(&style, .width, leafSize()) }
        if !offsets, random.chance(30) { set(&style, .height, leafSize()) }
    }

    mutating func gapValue() -> CSSValue {
        random.chance(max(knobs.percent, 10)) ? percentValue() : .px(random.even(in: 0...16))
    }

    mutating func setOverflow(_ style: inout FlexStyle) {
        let values = ["visible", "hidden", "clip", "scroll"]
        set(&style, .overflowX, .keyword(random.pick(values)))
        if random.chance(70) { set(&style, .overflowY, .keyword(random.pick(values))) }
    }

    enum EdgeKind { case margin, padding, border }

    /// Even values on the four sides of margins (sometimes negative), paddings (sometimes percentages) or borders:
    /// the same on every side or per side.
    mutating func setEdges(_ style: inout FlexStyle, _ kind: EdgeKind, upTo limit: Int) {
        let sides: [CSSProperty] =
            switch kind {
            case .margin: [.marginTop, .marginRight, .marginBottom, .marginLeft]
            case .padding: [.paddingTop, .paddingRight, .paddingBottom, .paddingLeft]
            case .border: [.borderTopWidth, .borderRightWidth, .borderBottomWidth, .borderLeftWidth]
            }
        let uniform = random.chance(40)
        var shared: CSSValue?
        for side in sides {
            let value: CSSValue
            if uniform, let shared {
                value = shared
            } else if kind != .border, random.chance(knobs.percent / 3) {
                value = .percent(Double(random.pick([5, 10])))
            } else if kind == .margin, random.chance(8) {
                value = .px(-random.even(in: 2...limit))
            } else {
                value = .px(random.even(in: 0...limit))
            }
            shared = value
            set(&style, side, value)
        }
    }

    // MARK: Values

    /// A percentage that resolves to whole pixels against a multiple of 40.
    mutating func percentValue() -> CSSValue { .percent(Double(random.pick([5, 10, 20, 25, 50, 75, 100]))) }

    /// A viewport dimension: even, a multiple of 40 under the percent profile.
    mutating func size(in range: ClosedRange<Int>) -> Double {
        profile == .percent
            ? Double(40 * random.int(in: range.lowerBound / 40...range.upperBound / 40))
            : random.even(in: range)
    }

    /// Sets a value the generator made; every value it makes is inside its property's grammar, so a refusal is a
    /// bug of the generator (the tests generate thousands of cases).
    func set(_ style: inout FlexStyle, _ property: CSSProperty, _ value: CSSValue) {
        do {
            try style.set(property, to: value)
        } catch {
            preconditionFailure("FlexCaseGenerator made an invalid value: \(error)")
        }
    }
}

// MARK: Paths

extension FlexElement {
    /// The paths of every element (child indices from this one), in pre-order, found without recursion.
    public var preorderPaths: [[Int]] {
        var result: [[Int]] = []
        var stack: [(FlexElement, [Int])] = [(self, [])]
        while let (element, path) = stack.popLast() {
            result.append(path)
            for index in element.children.indices.reversed() { stack.append((element.children[index], path + [index])) }
        }
        return result
    }

    /// How many elements this one holds, itself included.
    public var elementCount: Int { preorderPaths.count }

    /// The element at `path` (which must exist).
    public func element(at path: [Int]) -> FlexElement {
        path.reduce(self) { element, index in element.children[index] }
    }

    /// Changes the element at `path` (which must exist).
    public mutating func update(_ path: [Int], _ change: (inout FlexElement) -> Void) {
        update(path[...], change)
    }

    private mutating func update(_ path: ArraySlice<Int>, _ change: (inout FlexElement) -> Void) {
        guard let first = path.first else { return change(&self) }
        children[first].update(path.dropFirst(), change)
    }
}
