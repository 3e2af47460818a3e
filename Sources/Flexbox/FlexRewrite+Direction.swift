import LayoutCore

extension FlexRewrite {
    /// `root` with the element at `path` turned from a right-to-left row into a left-to-right one that lays out alike
    /// in CSS: `direction: ltr`, `row` ↔ `row-reverse` (main-start stays on the right), `justify-content` `start` ↔
    /// `end` (the writing mode's start moves to the left), each child that gives no `direction` the `rtl` it inherited,
    /// and each relatively positioned child that gives both `left` and `right` without its `left`, which a
    /// right-to-left containing block ignores (CSS 2.1 §9.4.3) and a left-to-right one would not. An absolutely
    /// positioned child without horizontal insets of a positioned element (its containing block), whose static position
    /// is the element's right content edge (justify-content `flex-start`, `start`, `right` or `space-between` in a row;
    /// `flex-end`, `start` or `right` in a row-reverse) gets `right` equal to the element's px `padding-right`, which
    /// places it there as well (CSS Position 3 §4.1), so that the container no longer finds its static position.
    ///
    /// The element stays as it is where that would not hold: its direction (given or inherited) is not `rtl`, its
    /// writing mode not `horizontal-tb`, it is not a flex row, its `justify-content` is `safe` (the fallback `start`
    /// would move), it is relatively positioned with both `left` and `right` (engines that take its own direction for
    /// the over-constrained offset would move it), it is aligned `self-start` or `self-end` (its own direction decides
    /// those across a column), a child gives `direction: ltr` and both `left` and `right` while relatively positioned,
    /// an absolutely positioned box it contains (a child, or a descendant through static elements) gives both
    /// `left` and `right` or a `justify-self` of `start` or `end` (the containing block's direction decides those),
    /// or it or one of its ancestors is baseline-aligned (the browsers may take a row-reverse container's baseline
    /// from another item than a right-to-left row's).
    ///
    /// `overInsets`: the element is turned only where an absolutely positioned box it contains gives both `left` and
    /// `right`, which the rule without it leaves (`asLeftToRightOverInsets`). The box keeps both, so where they
    /// over-constrain it, it takes its `left`, as in a left-to-right containing block, where the right-to-left one had
    /// it take its `right` (CSS 2.1 §10.3.7, CSS Position 3 §4.1): that box's place changes, nothing else does.
    static func turnedLeftToRight(_ root: FlexElement, at path: [Int], overInsets: Bool = false) -> FlexElement {
        let element = root.element(at: path)
        let style = element.style
        let parentStyle = path.isEmpty ? FlexStyle() : root.element(at: Array(path.dropLast())).style
        let flexDirection = style.value(of: .flexDirection)
        let justify = style.value(of: .justifyContent)
        let alignSelf = Self.alignment(of: style, in: parentStyle)
        let baselineAligned = (0...path.count).contains { length in
            let style = root.element(at: Array(path.prefix(length))).style
            let parent = length == 0 ? FlexStyle() : root.element(at: Array(path.prefix(length - 1))).style
            return Self.keyword(Self.alignment(of: style, in: parent), contains: "baseline")
        }
        guard Self.inherited(.direction, at: path, in: root) == .keyword("rtl"), !baselineAligned,
            Self.inherited(.writingMode, at: path, in: root) == .keyword("horizontal-tb"),
            style.value(of: .display) == .keyword("flex"),
            flexDirection == .keyword("row") || flexDirection == .keyword("row-reverse"),
            !Self.keyword(justify, hasPrefix: "safe"), !Self.keyword(alignSelf, contains: "self-"),
            Self.insetsKeepTheirPlaces(turning: element, overInsets: overInsets),
            !overInsets
                || Self.absoluteBoxes(containedBy: element).contains(where: {
                    Self.givesBothHorizontalInsets($0.style)
                })
        else { return root }
        var turned = root
        turned.update(path) { element in
            // The values are of the properties' own grammars, so `set` cannot throw.
            try? element.style.set(.direction, to: .keyword("ltr"))
            try? element.style.set(
                .flexDirection, to: .keyword(flexDirection == .keyword("row") ? "row-reverse" : "row"))
            if justify == .keyword("start") { try? element.style.set(.justifyContent, to: .keyword("end")) }
            if justify == .keyword("end") { try? element.style.set(.justifyContent, to: .keyword("start")) }
            let staticAtRight =
                flexDirection == .keyword("row")
                ? ["flex-start", "start", "right", "space-between"] : ["flex-end", "start", "right"]
            let paddingRight = style.value(of: .paddingRight)
            let isContainingBlock = [.keyword("relative"), .keyword("absolute")].contains(style.value(of: .position))
            for index in element.children.indices {
                var child = element.children[index].style
                if child[.direction] == nil { try? child.set(.direction, to: .keyword("rtl")) }
                if isContainingBlock, child.value(of: .position) == .keyword("absolute"), case .px = paddingRight,
                    child.value(of: .left) == .keyword("auto"), child.value(of: .right) == .keyword("auto"),
                    child.value(of: .justifySelf) == .keyword("auto"),
                    staticAtRight.contains(where: { justify == .keyword($0) })
                {
                    try? child.set(.right, to: paddingRight)
                }
                if child.value(of: .position) == .keyword("relative") && Self.givesBothHorizontalInsets(child) {
                    try? child.set(.left, to: nil)
                }
                element.children[index].style = child
            }
        }
        return turned
    }

    /// The value an inherited property has at `path`: the nearest given one on the way to the root, else the
    /// initial value (the viewport's).
    static func inherited(_ property: CSSProperty, at path: [Int], in root: FlexElement) -> CSSValue {
        for length in stride(from: path.count, through: 0, by: -1) {
            if let value = root.element(at: Array(path.prefix(length))).style[property] { return value }
        }
        return property.initialValue
    }

    /// Whether the insets of `element` and of the boxes it positions keep their places when its direction turns
    /// from right-to-left to left-to-right: it is not relatively positioned with both `left` and `right`, no
    /// relatively positioned child that gives `direction: ltr` gives both, and no absolutely positioned box it
    /// contains gives both (unless `overInsets`) or a `justify-self` of `start` or `end` (the containing block's
    /// direction decides those).
    static func insetsKeepTheirPlaces(turning element: FlexElement, overInsets: Bool = false) -> Bool {
        !(element.style.value(of: .position) == .keyword("relative") && givesBothHorizontalInsets(element.style))
            && !element.children.contains(where: {
                $0.style.value(of: .position) == .keyword("relative") && $0.style[.direction] == .keyword("ltr")
                    && givesBothHorizontalInsets($0.style)
            })
            && !absoluteBoxes(containedBy: element).contains(where: {
                (!overInsets && givesBothHorizontalInsets($0.style))
                    || [.keyword("start"), .keyword("end")].contains($0.style.value(of: .justifySelf))
            })
    }

    /// An item's alignment: its `align-self`, or its parent's `align-items` where that is `auto`.
    static func alignment(of style: FlexStyle, in parent: FlexStyle) -> CSSValue {
        style.value(of: .alignSelf) == .keyword("auto") ? parent.value(of: .alignItems) : style.value(of: .alignSelf)
    }

    static func givesBothHorizontalInsets(_ style: FlexStyle) -> Bool {
        [CSSProperty.left, .right].allSatisfy { style.value(of: $0) != .keyword("auto") }
    }

    /// The absolutely positioned boxes whose containing block `element` is when it is positioned: its absolutely
    /// positioned children and those of its static descendants, recursively.
    static func absoluteBoxes(containedBy element: FlexElement) -> [FlexElement] {
        element.children.flatMap { child -> [FlexElement] in
            switch child.style.value(of: .position) {
            case .keyword("absolute"): [child]
            case .keyword("relative"): []
            default: absoluteBoxes(containedBy: child)
            }
        }
    }

    static func keyword(_ value: CSSValue, hasPrefix prefix: String) -> Bool {
        if case .keyword(let name) = value { name.hasPrefix(prefix) } else { false }
    }

    static func keyword(_ value: CSSValue, contains part: String) -> Bool {
        if case .keyword(let name) = value { name.contains(part) } else { false }
    }
}
