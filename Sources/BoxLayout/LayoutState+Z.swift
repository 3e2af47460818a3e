import LayoutCore

extension LayoutState {
    /// ZBox (spec §4): stacks the children and aligns each one on both axes. A ratio child takes `r ×` the inner
    /// size, or `r ×` the largest non-ratio sibling (margins included) when the box wraps on that axis.
    mutating func calculateZ(_ box: Int, offered: Size) -> Size {
        let node = nodes[box]
        let items = node.items
        // 1. Residuals.
        let residual = Residuals.content(of: node, offered: offered)
        let inner = Residuals.children(of: node, content: residual)
        // 2. Pass 1 measures every child; pass 2 re-measures the ratio children of a wrap box against the maxima.
        var largest = Size.zero
        for position in items.declarationStart..<items.declarationStart + items.count {
            measureZChild(item(position), of: node, inner: inner, largest: &largest)
        }
        if node.width.isWrap || node.height.isWrap {
            for position in items.declarationStart..<items.declarationStart + items.count {
                let child = item(position)
                if nodes[child].width.isRatio || nodes[child].height.isRatio {
                    measureZChild(child, of: node, inner: inner, largest: &largest)
                }
            }
        }
        // 3. The box's own size, then 4. each child aligned on both axes inside it.
        let size = Residuals.intrinsic(
            of: node, residual: residual,
            wrapped: Size(width: largest.width + node.padding.horizontal, height: largest.height + node.padding.vertical))
        for position in items.declarationStart..<items.declarationStart + items.count {
            let child = item(position)
            let x = place(child, in: node, extent: size.width, axis: .horizontal, justify: node.justify)
            let y = place(child, in: node, extent: size.height, axis: .vertical, justify: node.justify)
            centers[child] = Point(x: x, y: y)
        }
        return size
    }

    /// Measures one ZBox child and grows the running maxima by its non-ratio dimensions.
    private mutating func measureZChild(_ child: Int, of box: FlatNode, inner: Size, largest: inout Size) {
        let childNode = nodes[child]
        // A ratio dimension in a wrap box takes the running maximum so far (pass 1) or the final one (pass 2).
        func offer(_ axis: Axis) -> Double {
            let dim = childNode.dim(along: axis)
            guard dim.isRatio else { return inner.main(along: axis) }
            let base = box.dim(along: axis).isWrap ? largest.main(along: axis) : inner.main(along: axis)
            return capped(base * dim.value)
        }
        let size = calculate(child, offered: Size(width: offer(.horizontal), height: offer(.vertical)))
        if !childNode.width.isRatio { largest.width = max(largest.width, size.width + childNode.margin.horizontal) }
        if !childNode.height.isRatio { largest.height = max(largest.height, size.height + childNode.margin.vertical) }
    }
}
