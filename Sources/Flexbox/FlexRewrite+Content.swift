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
            inherited(.writingMode, at: path, in: root) == .keyword("horizontal-tb")
        else { return root }
        var spacing = 0.0
        if style.value(of: .boxSizing) == .keyword("border-box") {
            for property: CSSProperty in [.paddingLeft, .paddingRight, .borderLeftWidth, .borderRightWidth] {
                guard case .px(let value) = style.value(of: property) else { return root }
                spacing += value
            }
        }
        let box = max(0, width - spacing)
        guard content.width > box else { return root }
        var kept = root
        kept.update(path) { $0.content = Size(width: box, height: content.height) }
        return kept
    }
}
