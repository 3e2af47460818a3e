import LayoutCore

extension FlexRewrite {
    /// `root` with the leaf at `path` given content no wider than the content box of its px `width` (or
    /// `max-width`), the content's height kept. Content that overflows a definite width takes no part in CSS's layout
    /// of the leaf: the leaf's width is its width, its max-content and min-content contributions are that width (CSS
    /// Sizing 3 §5.2), and its automatic minimum size is the smaller of the width and the content (CSS Flexbox 1
    /// §4.5), the width either way. Content beyond a px max-width is likewise clamped away: every size of the leaf,
    /// its contributions, its flex base size once clamped and its automatic minimum (CSS Flexbox 1 §4.5 clamps the
    /// content size suggestion by the max main size) are at most the max-width, with the content or without it.
    ///
    /// The leaf stays as it is where the content could still count: it has no content or content no wider than the
    /// content box, a measure table (its content's width is not one number), a size that is not px, under
    /// `box-sizing: border-box` a padding or border that is not px (the content box is known only once it is),
    /// `flex-basis: content` (the flex base size is then the content's width), an `aspect-ratio` (a ratio may size
    /// the leaf from its content), or a writing mode other than `horizontal-tb` (its width would not be its inline
    /// size).
    static func contentKept(within size: CSSProperty, _ root: FlexElement, at path: [Int]) -> FlexElement {
        let element = root.element(at: path)
        let style = element.style
        guard element.children.isEmpty, let content = element.content, element.measureTable == nil,
            case .px(let width) = style.value(of: size),
            style.value(of: .flexBasis) != .keyword("content"),
            style.value(of: .aspectRatio) == .keyword("auto"),
            inherited(.writingMode, at: path, in: root) == .keyword("horizontal-tb"),
            let spacing = horizontalSpacing(style)
        else { return root }
        let box = max(0, width - spacing)
        guard content.width > box else { return root }
        var kept = root
        kept.update(path) { $0.content = Size(width: box, height: content.height) }
        return kept
    }
}

extension FlexRewrite {
    /// `root` with the leaf at `path` given content as wide as the content box of its px `width` (or `min-width`)
    /// where the content is narrower, its height kept: the leaf's layout in CSS does not read the content's width
    /// there.
    ///
    /// - By the width: the leaf's width is its width, and its max-content and min-content contributions are that
    ///   width clamped by its min-width (CSS Sizing 3 §5.2), whatever its content. The content counts in one place,
    ///   the automatic minimum size of a flex item of a row (CSS Flexbox 1 §4.5: the smaller of its width and its
    ///   content, both as content boxes), so where its min-width is `auto` the leaf is given that minimum as its
    ///   min-width (under `box-sizing: border-box` plus its padding and border). A leaf with a `max-width` stays (its
    ///   minimum would be clamped by it).
    /// - By the min-width: every size of the leaf and its contributions are at least its min-width, and its
    ///   automatic minimum is not used (the min-width is given), so the content counts only where it is the flex
    ///   base size: an item of a row whose `flex-basis` is `auto` and width not px, which stays unless its
    ///   `flex-grow` is 0 (it is then frozen at its min-width whether its flex base size is the content's or the
    ///   min-width's, CSS Flexbox 1 §9.7 steps 2 and 3).
    ///
    /// A leaf without content counts as content 0px wide and 0px high, and gets a content block of that width and
    /// no height, where that changes nothing else: no element of the case is baseline-aligned (an empty leaf's
    /// baseline is synthesized from its border box, one with content from its content block) and the leaf gives no
    /// gap (WeasyPrint gives a container without items a negative height from its gaps,
    /// gap-without-items-makes-negative-height, which the block would hide).
    ///
    /// Either way the leaf stays as it is where the content could still count: a measure table, `flex-basis:
    /// content` or a percentage `flex-basis` (against a container of indefinite width it is `content`), an
    /// `aspect-ratio`, a writing mode other than `horizontal-tb`, a scroll container (its automatic minimum is 0:
    /// the rule would give its min-width a value none of its own) or, under `box-sizing: border-box`, a padding or
    /// border that is not px.
    static func contentFilled(to size: CSSProperty, _ root: FlexElement, at path: [Int]) -> FlexElement {
        let element = root.element(at: path)
        let style = element.style
        let scrolls = [CSSProperty.overflowX, .overflowY].contains {
            ![CSSValue.keyword("visible"), .keyword("clip")].contains(style.value(of: $0))
        }
        guard element.children.isEmpty, element.measureTable == nil, case .px(let length) = style.value(of: size),
            style.value(of: .flexBasis) != .keyword("content"), !isPercentage(style.value(of: .flexBasis)),
            style.value(of: .aspectRatio) == .keyword("auto"), !scrolls,
            inherited(.writingMode, at: path, in: root) == .keyword("horizontal-tb"),
            let spacing = horizontalSpacing(style)
        else { return root }
        let box = max(0, length - spacing)
        let content: Size
        if let given = element.content {
            content = given
        } else {
            guard canTakeContent(root, at: path) else { return root }
            content = Size(width: 0, height: 0)
        }
        guard content.width < box else { return root }
        let parentDirection =
            path.isEmpty
            ? CSSValue.keyword("row") : root.element(at: Array(path.dropLast())).style.value(of: .flexDirection)
        let isRowItem =
            [CSSValue.keyword("row"), .keyword("row-reverse")].contains(parentDirection)
            && style.value(of: .position) != .keyword("absolute")
        var minimum: CSSValue?
        if size == .width {
            guard style.value(of: .maxWidth) == .keyword("none") else { return root }
            if isRowItem, style.value(of: .minWidth) == .keyword("auto") {
                minimum = .px(min(box, content.width) + spacing)
            }
        } else if isRowItem, style.value(of: .flexBasis) == .keyword("auto"), !isPx(style.value(of: .width)),
            style.value(of: .flexGrow) != .number(0)
        {
            return root
        }
        var filled = root
        filled.update(path) { element in
            element.content = Size(width: box, height: content.height)
            if let minimum { try? element.style.set(.minWidth, to: minimum) }
        }
        return filled
    }
}

extension FlexRewrite {
    /// What a px width of `style` holds beside its content box: 0 under `box-sizing: content-box`, the horizontal
    /// padding and border under `border-box`; nil where one of those is not px (the content box is known only once
    /// it is).
    static func horizontalSpacing(_ style: FlexStyle) -> Double? {
        guard style.value(of: .boxSizing) == .keyword("border-box") else { return 0 }
        var spacing = 0.0
        for property: CSSProperty in [.paddingLeft, .paddingRight, .borderLeftWidth, .borderRightWidth] {
            guard case .px(let value) = style.value(of: property) else { return nil }
            spacing += value
        }
        return spacing
    }

    static func isPx(_ value: CSSValue) -> Bool {
        if case .px = value { true } else { false }
    }

    /// Whether the leaf at `path`, which has no content, can be given a content block of no height without changing
    /// anything but its content's width: no element of the case is baseline-aligned and the leaf gives no gap.
    static func canTakeContent(_ root: FlexElement, at path: [Int]) -> Bool {
        let style = root.element(at: path).style
        guard style.value(of: .rowGap) == .px(0), style.value(of: .columnGap) == .px(0) else { return false }
        return !root.preorderPaths.contains { path in
            let style = root.element(at: path).style
            return [CSSProperty.alignItems, .alignSelf].contains { property in
                if case .keyword(let name) = style.value(of: property) { name.contains("baseline") } else { false }
            }
        }
    }
}
