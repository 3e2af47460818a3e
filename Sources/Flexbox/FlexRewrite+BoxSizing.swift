import LayoutCore

extension FlexRewrite {
    /// `root` with the element at `path` turned from `box-sizing: border-box` into `content-box` with the same
    /// content box: `width`, `min-width` and `max-width` of px lose its left and right padding and border, `height`,
    /// `min-height` and `max-height` its top and bottom ones, a px `flex-basis` those along its parent's main axis,
    /// none below 0 (CSS Sizing 3 §4.4: a border-box size never makes the content box negative), and `box-sizing`
    /// goes. Keywords (`auto`, `none`, `min-content`, …) mean the same under either sizing and stay.
    ///
    /// The element stays as it is where the content box could change: it is not `border-box`, a size, min or max
    /// size, flex-basis or padding it gives is a percentage (the subtraction is known only once the percentage
    /// is), it gives an `aspect-ratio` (which `border-box` applies to the border box), or its parent's writing mode
    /// is not `horizontal-tb` (the main axis would not be the one the properties name).
    static func convertedToContentBox(_ root: FlexElement, at path: [Int]) -> FlexElement {
        let style = root.element(at: path).style
        let parentPath = Array(path.dropLast())
        let parentStyle = path.isEmpty ? FlexStyle() : root.element(at: parentPath).style
        let sized: [CSSProperty] = [.width, .minWidth, .maxWidth, .height, .minHeight, .maxHeight, .flexBasis]
        let spacing: [CSSProperty] = [
            .paddingLeft, .paddingRight, .paddingTop, .paddingBottom,
            .borderLeftWidth, .borderRightWidth, .borderTopWidth, .borderBottomWidth,
        ]
        guard style.value(of: .boxSizing) == .keyword("border-box"),
            !(sized + spacing).contains(where: { isPercentage(style[$0]) }),
            style.value(of: .aspectRatio) == .keyword("auto"),
            path.isEmpty || inherited(.writingMode, at: parentPath, in: root) == .keyword("horizontal-tb")
        else { return root }
        func px(_ property: CSSProperty) -> Double {
            if case .px(let value) = style.value(of: property) { value } else { 0 }
        }
        let horizontal = px(.paddingLeft) + px(.paddingRight) + px(.borderLeftWidth) + px(.borderRightWidth)
        let vertical = px(.paddingTop) + px(.paddingBottom) + px(.borderTopWidth) + px(.borderBottomWidth)
        let column = [.keyword("column"), .keyword("column-reverse")].contains(parentStyle.value(of: .flexDirection))
        var converted = root
        converted.update(path) { element in
            for property in sized {
                guard case .px(let value) = element.style.value(of: property) else { continue }
                let isVertical =
                    [.height, .minHeight, .maxHeight].contains(property) || (property == .flexBasis && column)
                // A length of 0 or more is of every one of these properties' grammars, so `set` cannot throw.
                try? element.style.set(property, to: .px(max(0, value - (isVertical ? vertical : horizontal))))
            }
            try? element.style.set(.boxSizing, to: nil)
        }
        return converted
    }
}
