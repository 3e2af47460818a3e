import LayoutCore

extension LayoutState {
    /// ZBox (spec §4): stacks the children and aligns each one on both axes. A ratio child takes `r ×` the inner
    /// size, or `r ×` the largest non-ratio sibling (margins included) when the box wraps on that axis.
    mutating func calculateZ(_ box: Int, offered: Size) -> Size {
        // 1. Residuals.
        let (residual, inner) = residuals(box, offered: offered)
        let items = nodes[box].items
        // 2. Pass 1 measures every child; pass 2 re-measures the ratio children of a wrap box against the maxima.
        var largest = Size.zero
        for position in items.declarationStart..<items.declarationStart + items.count {
            measureZChild(item(position), of: box, inner: inner, largest: &largest)
        }
        if nodes[box].width.isWrap || nodes[box].height.isWrap {
            for position in items.declarationStart..<items.declarationStart + items.count
            where nodes[item(position)].width.isRatio || nodes[item(position)].height.isRatio {
                measureZChild(item(position), of: box, inner: inner, largest: &largest)
            }
        }
        // 3. The box's own size, then 4. each child aligned on both axes inside it.
        return finishZ(box, items, residual: residual, largest: largest)
    }

    private mutating func finishZ(_ box: Int, _ items: ItemRange, residual: Size, largest: Size) -> Size {
        let node = nodes[box]
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

    /// Measures one ZBox child and grows the running maxima by its non-ratio dimensions (margins included).
    private mutating func measureZChild(_ child: Int, of box: Int, inner: Size, largest: inout Size) {
        let size = calculate(child, offered: zOffer(child, of: box, inner: inner, largest: largest))
        for axis in Axis.allCases where !nodes[child].dim(along: axis).isRatio {
            let extent = size.main(along: axis) + nodes[child].margin.main(along: axis)
            largest = largest.with(main: max(largest.main(along: axis), extent), along: axis)
        }
    }

    /// The inner size, except that a ratio dimension takes `r ×` the inner size, or `r ×` the running maximum
    /// so far (pass 1) or the final one (pass 2) when the box wraps on that axis.
    private func zOffer(_ child: Int, of box: Int, inner: Size, largest: Size) -> Size {
        func offer(_ axis: Axis) -> Double {
            let dim = nodes[child].dim(along: axis)
            guard dim.isRatio else { return inner.main(along: axis) }
            let base = nodes[box].dim(along: axis).isWrap ? largest.main(along: axis) : inner.main(along: axis)
            return capped(base * dim.value)
        }
        return Size(width: offer(.horizontal), height: offer(.vertical))
    }
}
