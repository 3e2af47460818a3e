import BoxLayout
import LayoutCore

// MARK: - Vocabulary shared with the inverse

/// Where a child sits along one axis of its parent, as far as CSS can say: the start, the centre, the end.
enum Edge: CaseIterable {
    case start, center, end

    /// The `align-*` / `justify-content` keyword for this physical edge on an axis that may be reversed
    /// (row-reverse along the main axis, wrap-reverse across lines), where flex-start is the far side.
    func keyword(reversed: Bool) -> CSSValue {
        switch self {
        case .start: .keyword(reversed ? "flex-end" : "flex-start")
        case .center: .keyword("center")
        case .end: .keyword(reversed ? "flex-start" : "flex-end")
        }
    }

    /// The keyword for this edge in a grid container (justify-* and align-*): `start`, `center`, `end`.
    var gridKeyword: CSSValue {
        switch self {
        case .start: .keyword("start")
        case .center: .keyword("center")
        case .end: .keyword("end")
        }
    }

    /// The edge a grid keyword names; nil for anything else (`auto`, `stretch`).
    init?(grid keyword: CSSValue) {
        guard let edge = Edge.allCases.first(where: { $0.gridKeyword == keyword }) else { return nil }
        self = edge
    }

    /// The edge a keyword names; nil for anything else.
    init?(_ keyword: CSSValue, reversed: Bool) {
        guard let edge = Edge.allCases.first(where: { $0.keyword(reversed: reversed) == keyword }) else { return nil }
        self = edge
    }

    /// The one name of this edge on `axis`: left / right / horzCenter, top / bottom / vertCenter.
    func alignment(along axis: Axis) -> BoxAlignment {
        switch (self, axis) {
        case (.start, .horizontal): .left
        case (.center, .horizontal): .horzCenter
        case (.end, .horizontal): .right
        case (.start, .vertical): .top
        case (.center, .vertical): .vertCenter
        case (.end, .vertical): .bottom
        }
    }

    /// The edge of an alignment made of exactly one name without a centre ratio (leading is left, trailing
    /// right, and `"center"`, both centres, is the centre on either axis), on any axis.
    static func single(_ alignment: BoxAlignment, at path: String) throws(BoxToFlex.Refusal) -> Edge {
        let flags = alignment.flags
        if flags.contains(.none) { throw BoxToFlex.Refusal(path: path, message: Reason.noneAlignment) }
        if alignment.horizontalRatio != 0 || alignment.verticalRatio != 0 {
            throw BoxToFlex.Refusal(path: path, message: Reason.centreRatio)
        }
        guard flags.rawValue.nonzeroBitCount == 1 || flags == [.horzCenter, .vertCenter] else {
            throw BoxToFlex.Refusal(path: path, message: "\(alignment.jsonText): \(Reason.severalNames)")
        }
        if !flags.isDisjoint(with: [.left, .leading, .top]) { return .start }
        if !flags.isDisjoint(with: [.right, .trailing, .bottom]) { return .end }
        return .center
    }

    /// A zbox's justifyContent or a zbox child's alignment may name both axes, but not `none` and no centre ratio.
    static func checkGrid(_ alignment: BoxAlignment, at path: String) throws(BoxToFlex.Refusal) {
        if alignment.flags.contains(.none) { throw BoxToFlex.Refusal(path: path, message: Reason.noneAlignment) }
        if alignment.horizontalRatio != 0 || alignment.verticalRatio != 0 {
            throw BoxToFlex.Refusal(path: path, message: Reason.centreRatio)
        }
    }

    /// The edge on `axis` of an alignment that `checkGrid` accepts, by spec §8 steps 2–3: left, then right, then
    /// leading, then trailing, then horzCenter (leading and trailing only speak without left and right); top, then
    /// bottom, then vertCenter. Nil when no name is on `axis`.
    static func resolved(_ alignment: BoxAlignment, along axis: Axis) -> Edge? {
        let order: [(BoxAlignment.Flags, Edge)] =
            axis == .horizontal
            ? [(.left, .start), (.right, .end), (.leading, .start), (.trailing, .end), (.horzCenter, .center)]
            : [(.top, .start), (.bottom, .end), (.vertCenter, .center)]
        return order.first { alignment.flags.contains($0.0) }?.1
    }

    /// As `single(_:at:)`, and the name must be on `axis`: names on the other axis place nothing there.
    static func single(_ alignment: BoxAlignment, along axis: Axis, at path: String, for property: String = "")
        throws(BoxToFlex.Refusal) -> Edge
    {
        let edge = try single(alignment, at: path)
        guard alignment.hasComponent(along: axis) else {
            let names =
                axis == .horizontal ? "left, right, horzCenter, leading or trailing" : "top, bottom or vertCenter"
            throw BoxToFlex.Refusal(
                path: path, message: "\(alignment.jsonText) \(Reason.otherAxis); only \(names) maps to \(property)")
        }
        return edge
    }
}

extension BoxFormat {
    /// leading / trailing / center pack like flex-start / flex-end / center (flipped under reverse, which in
    /// Puyopuyo changes only the order); between is space-between and round space-evenly (spec §6.8).
    func justifyContent(reversed: Bool) -> CSSValue {
        switch self {
        case .leading: Edge.start.keyword(reversed: reversed)
        case .trailing: Edge.end.keyword(reversed: reversed)
        case .center: Edge.center.keyword(reversed: reversed)
        case .between: .keyword("space-between")
        case .round: .keyword("space-evenly")
        }
    }
}

/// Why each property is refused; one home for the wording.
enum Reason {
    static func justifyMissingAxis(_ axis: Axis) -> String {
        "names no \(axis == .horizontal ? "horizontal" : "vertical") position: a zbox then puts the centre of each "
            + "child without its own on the box's edge (quirk 12); CSS has no equivalent"
    }
    static let fillInWrapZBox =
        "is CSS's stretch only in a zbox of fixed size on its axis (in a wrap zbox Puyopuyo sizes it to the largest other child, CSS counts its content too)"
    static let fillMarginsOverflow =
        "with margins wider than the zbox's inner size: Puyopuyo sizes it 0 and aligns it, CSS's stretch falls back to the start"
    static let text = "a text leaf has no CSS equivalent here (a flex case has no font to measure it with)"
    static let flowEnding = "a forced line break has no CSS equivalent"
    static let arrange = "a fixed count of items per line has no CSS equivalent"
    static let runRowSize = "a size for every line has no CSS equivalent"
    static let fillBelowRoot =
        "\"fill\" has no CSS equivalent below the root (a share of what the siblings leave, without their min)"
    static func fillWithoutProposal(_ axis: Axis) -> String {
        "\"fill\" needs a definite proposal \(axis.key) (it is the proposal minus the margins)"
    }
    static let ratio =
        "has no CSS equivalent (only \"fill\": on the root under a definite proposal, or in a zbox of fixed size)"
    static let aspectRatio = "has no CSS equivalent (Puyopuyo derives it from the residual collapsed to the ratio)"
    static let add = "add has no CSS equivalent"
    static let minAboveMax = "a min above the max has no CSS equivalent (Puyopuyo's max wins, CSS's min)"
    static let priority = "priority has no CSS equivalent (it orders measuring along the main axis)"
    static let shrink = "shrink has no CSS equivalent (Puyopuyo shares the overflow by factor, CSS by factor × basis)"
    static let growOffMainAxis = "grow is flex-grow only along the main axis of an hbox or vbox parent"
    static let growWithMax = "a max beside grow has no CSS equivalent (Puyopuyo ignores it)"
    static let negativePadding = "a negative padding has no CSS equivalent"
    static let negativeSpace = "a negative space has no CSS equivalent (gaps are ≥ 0)"
    static let formatOnWrap =
        "format acts only on a definite main size in Puyopuyo; justify-content would act on any room a min or grow makes"
    static let runFormatOnWrap =
        "runFormat acts only on a definite run size in Puyopuyo; align-content would act on any room a min makes"
    static let roundWithSpace = "round ignores space in Puyopuyo; CSS space-evenly adds the gap to its spacing"
    static let betweenReversedSingle =
        "between packs a single child at the leading edge; CSS space-between falls back to flex-start, the far edge under reverse"
    static let betweenReversedFlow =
        "between under reverse: a line (or a flow) of one item packs at the leading edge in Puyopuyo, at the far edge in CSS"
    static let rootAlignment =
        "the root's alignment places nothing in Puyopuyo; align-self would place it in the viewport"
    static let noneAlignment = "the name none puts the child's centre on the parent's edge; CSS has no equivalent"
    static let centreRatio = "a centre ratio has no CSS equivalent"
    static let severalNames = "several names have no single CSS equivalent"
    static let otherAxis = "places nothing on this axis (names on the other axis are ignored)"
}

/// A style being written, whose every write is checked: a value outside the vocabulary is a refusal at the node,
/// never a crash.
struct StyleWriter {
    var style = FlexStyle()

    mutating func set(_ property: CSSProperty, _ value: CSSValue) throws(BoxToFlex.Refusal) {
        do {
            try style.set(property, to: value)
        } catch {
            throw BoxToFlex.Refusal(path: "", message: "cannot be written in CSS: \(error.message)")
        }
    }
}

/// The shape of a tree being walked in pre-order: each node's parent and its index among its siblings, so that a
/// node's JSON path is spelt out only when something is refused.
struct TreePath {
    var parents: [Int] = []
    var positions: [Int] = []

    mutating func append(parent: Int, position: Int) {
        parents.append(parent)
        positions.append(position)
    }

    /// `$.root.children[2].children[0]` for the node at `index`.
    func path(of index: Int) -> String {
        var steps: [Int] = []
        var node = index
        while parents[node] >= 0 {
            steps.append(positions[node])
            node = parents[node]
        }
        return "$.root" + steps.reversed().map { ".children[\($0)]" }.joined()
    }
}

/// Nests a pre-order list into its tree: `parents[i]` is the index of element i's parent, -1 for the root
/// (index 0). Built from the last element backwards, so every subtree is complete before it is attached.
func nested<Element>(_ flat: [Element], parents: [Int], children: WritableKeyPath<Element, [Element]>) -> Element {
    var built = flat
    var childLists = [[Element]](repeating: [], count: flat.count)
    for index in flat.indices.reversed() {
        built[index][keyPath: children] = childLists[index].reversed()
        childLists[index] = []
        if parents[index] >= 0 { childLists[parents[index]].append(built[index]) }
    }
    return built[0]
}

extension BoxNodeType {
    var isLinearBox: Bool { self == .hbox || self == .vbox }
    var isFlowBox: Bool { self == .hflow || self == .vflow }
    /// The CSS main axis: a linear box's own, a flow's line axis (a vflow is `row wrap`, an hflow `column wrap`).
    var flexMainAxis: Axis { self == .hbox || self == .vflow ? .horizontal : .vertical }
}

extension BoxNode {
    func size(along axis: Axis) -> SizeDescription { axis == .horizontal ? width : height }
}

extension SizeDescription {
    var isWrapSize: Bool { if case .wrap = self { true } else { false } }
}

extension FlexViewport {
    func along(_ axis: Axis) -> Double? { axis == .horizontal ? width : height }
}

extension Axis {
    /// The case-format key of the size on this axis.
    var key: String { self == .horizontal ? "width" : "height" }
    var size: CSSProperty { self == .horizontal ? .width : .height }
    var minSize: CSSProperty { self == .horizontal ? .minWidth : .minHeight }
    var maxSize: CSSProperty { self == .horizontal ? .maxWidth : .maxHeight }
    /// The gap between neighbours placed along this axis.
    var gap: CSSProperty { self == .horizontal ? .columnGap : .rowGap }
    /// A grid container's default alignment of its items on this axis, and an item's own.
    var gridItems: CSSProperty { self == .horizontal ? .justifyItems : .alignItems }
    var gridSelf: CSSProperty { self == .horizontal ? .justifySelf : .alignSelf }
}

extension CSSProperty {
    /// Top, right, bottom, left, as `Insets` are read in `writeInsets`.
    static let margins: [CSSProperty] = [.marginTop, .marginRight, .marginBottom, .marginLeft]
    static let paddings: [CSSProperty] = [.paddingTop, .paddingRight, .paddingBottom, .paddingLeft]
}

extension BoxAlignment {
    /// As written in a box case: one name, or an array of names and centre-ratio objects.
    var jsonText: String {
        let names: [(String, Flags)] = [
            ("none", .none), ("top", .top), ("bottom", .bottom), ("left", .left), ("right", .right),
            ("horzCenter", .horzCenter), ("vertCenter", .vertCenter), ("leading", .leading), ("trailing", .trailing),
        ]
        let parts = names.filter { flags.contains($0.1) }.map { name, flag in
            let ratio = flag == .horzCenter ? horizontalRatio : flag == .vertCenter ? verticalRatio : 0
            return ratio == 0 ? "\"\(name)\"" : "{\"\(name)\": \(shortestText(ratio))}"
        }
        return parts.count == 1 && !parts[0].hasPrefix("{") ? parts[0] : "[" + parts.joined(separator: ", ") + "]"
    }

    func hasComponent(along axis: Axis) -> Bool {
        !flags.isDisjoint(
            with: axis == .horizontal
                ? [.left, .right, .horzCenter, .leading, .trailing] : [.top, .bottom, .vertCenter])
    }
}
