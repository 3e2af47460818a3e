import LayoutCore

extension FlexRewrite {
    /// `root` with the element at `path` turned from a right-to-left column into a left-to-right one that lays out
    /// alike in CSS. Direction decides a column's cross axis only: its cross-start is the right side in a
    /// right-to-left column, the left one in a left-to-right column (CSS Flexbox 1 §5.1, §9.4), and the main axis
    /// (the block axis) does not depend on it. So the turned column gives `direction: ltr`, each child that gives
    /// no `direction` the `rtl` it inherited (its own layout stays right-to-left), each relatively positioned child
    /// that gives both `left` and `right` loses the `left` its right-to-left containing block ignored (CSS 2.1
    /// §9.4.3), and the cross axis is mirrored by keywords:
    /// - a wrapping column swaps `wrap` and `wrap-reverse` (cross-start stays on the same side, so the lines stack
    ///   from it as before and `flex-start` and `flex-end` keep their sides); `start` and `end`, which the
    ///   container's writing mode decides, swap, in each child's alignment and in `align-content`;
    /// - a single-line column keeps `nowrap`, and each child's alignment (its `align-self`, or its parent's
    ///   `align-items` where that is `auto`) is given the keyword of the same physical side: `flex-start` ↔
    ///   `flex-end`, `start` ↔ `end`, and `stretch` (or `normal`) becomes `flex-end` where it aligns the child as
    ///   `flex-start` (an absolutely positioned child, whose static position it decides, or a child that gives a
    ///   `width`, which is not stretched); `center` and `self-start` or `self-end` (the child's own direction, which
    ///   stays `rtl`, decides those) stay.
    ///
    /// An absolutely positioned child's alignment places it across the column only at its static position: one
    /// that gives `left` or `right` keeps its alignment, and one that gives neither but both `top` and `bottom`
    /// (which its alignment also aligns between, vertically) keeps the element as it is.
    ///
    /// The element stays as it is where that would not hold: its direction (given or inherited) is not `rtl`, its
    /// writing mode not `horizontal-tb`, it is not a flex column, it is aligned `self-start` or `self-end` itself,
    /// it is relatively positioned with both `left` and `right`, a child gives `direction: ltr` and both `left` and
    /// `right` while relatively positioned, an absolutely positioned box it contains gives both `left` and `right`
    /// or a `justify-self` of `start` or `end`, a child is aligned `baseline` or by a `safe` or `unsafe` keyword
    /// (their fallbacks are the container's start), or `align-content` is (its fallback too), a child gives an
    /// `auto` left or right margin (an item that overflows its line takes its inline-start margin as zero, §9.6),
    /// or a stretched child without a `width` gives a `min-width`, `max-width` or `aspect-ratio` (which may leave it
    /// narrower or wider than its line, aligned at the line's cross-start).
    static func turnedColumnLeftToRight(_ root: FlexElement, at path: [Int]) -> FlexElement {
        let element = root.element(at: path)
        let style = element.style
        let parentStyle = path.isEmpty ? FlexStyle() : root.element(at: Array(path.dropLast())).style
        let flexDirection = style.value(of: .flexDirection)
        let wrap = style.value(of: .flexWrap)
        let ownAlignment = Self.alignment(of: style, in: parentStyle)
        let alignments = element.children.map { Self.alignment(of: $0.style, in: style) }
        let mirrored = zip(element.children, alignments).map { child, alignment in
            columnCrossAlignment(alignment, of: child, wrapping: wrap != .keyword("nowrap"))
        }
        guard Self.inherited(.direction, at: path, in: root) == .keyword("rtl"),
            Self.inherited(.writingMode, at: path, in: root) == .keyword("horizontal-tb"),
            style.value(of: .display) == .keyword("flex"),
            flexDirection == .keyword("column") || flexDirection == .keyword("column-reverse"),
            !Self.keyword(ownAlignment, contains: "self-"), Self.insetsKeepTheirPlaces(turning: element),
            !Self.keyword(style.value(of: .alignContent), contains: "safe"),
            !element.children.contains(where: {
                $0.style.value(of: .marginLeft) == .keyword("auto")
                    || $0.style.value(of: .marginRight) == .keyword("auto")
            }),
            mirrored.allSatisfy({ $0 != nil })
        else { return root }
        var turned = root
        turned.update(path) { element in
            // The values are of the properties' own grammars, so `set` cannot throw.
            try? element.style.set(.direction, to: .keyword("ltr"))
            if wrap == .keyword("wrap") { try? element.style.set(.flexWrap, to: .keyword("wrap-reverse")) }
            if wrap == .keyword("wrap-reverse") { try? element.style.set(.flexWrap, to: .keyword("wrap")) }
            if wrap != .keyword("nowrap"), let content = Self.startEndSwapped(style.value(of: .alignContent)) {
                try? element.style.set(.alignContent, to: content)
            }
            for index in element.children.indices {
                var child = element.children[index].style
                if child[.direction] == nil { try? child.set(.direction, to: .keyword("rtl")) }
                if let alignment = mirrored[index], alignment != alignments[index] {
                    try? child.set(.alignSelf, to: alignment)
                }
                if child.value(of: .position) == .keyword("relative") && Self.givesBothHorizontalInsets(child) {
                    try? child.set(.left, to: nil)
                }
                element.children[index].style = child
            }
        }
        return turned
    }

    /// The alignment that puts `child` on the same physical side of a left-to-right column as `alignment` put it in
    /// a right-to-left one (`wrapping`: the column's `wrap` and `wrap-reverse` swapped as well); nil where no
    /// keyword does.
    static func columnCrossAlignment(_ alignment: CSSValue, of child: FlexElement, wrapping: Bool) -> CSSValue? {
        guard case .keyword(let name) = alignment, !name.contains("safe"), !name.contains("baseline") else {
            return nil
        }
        let style = child.style
        if style.value(of: .position) == .keyword("absolute") {
            // Its alignment places it across the column only at its static position (no left, no right); with
            // both top and bottom it aligns it vertically between them as well (CSS Position 3 §4.1).
            let isStatic = [CSSProperty.left, .right].allSatisfy { style.value(of: $0) == .keyword("auto") }
            let between = [CSSProperty.top, .bottom].allSatisfy { style.value(of: $0) != .keyword("auto") }
            guard isStatic else { return alignment }
            if between { return nil }
        }
        if let swapped = startEndSwapped(alignment) { return swapped }
        switch name {
        case "center", "self-start", "self-end": return alignment
        case "flex-start", "flex-end":
            return wrapping ? alignment : .keyword(name == "flex-start" ? "flex-end" : "flex-start")
        case "stretch", "normal":
            // A wrapping column's cross-start stays on its side: a stretched child fills its line or sits there.
            guard !wrapping else { return alignment }
            let absolute = style.value(of: .position) == .keyword("absolute")
            let sized = style.value(of: .width) != .keyword("auto")
            guard absolute || sized else {
                let free =
                    style.value(of: .minWidth) == .keyword("auto") && style.value(of: .maxWidth) == .keyword("none")
                    && style.value(of: .aspectRatio) == .keyword("auto")
                return free ? alignment : nil
            }
            return .keyword("flex-end")
        default: return nil
        }
    }

    /// `start` ↔ `end` (the writing mode's sides), nil for every other value.
    static func startEndSwapped(_ value: CSSValue) -> CSSValue? {
        switch value {
        case .keyword("start"): .keyword("end")
        case .keyword("end"): .keyword("start")
        default: nil
        }
    }
}
