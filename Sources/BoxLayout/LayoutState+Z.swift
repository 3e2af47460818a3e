import LayoutCore

extension LayoutState {
    /// ZBox (spec §4): stacks the children and aligns each one on both axes. A ratio child takes `r ×` the inner
    /// size, or `r ×` the largest non-ratio sibling (margins included) when the box wraps on that axis.
    mutating func calculateZ(_ box: Int, offered: Size) -> Size {
        // 1. Residuals.
        let (residual, inner) = residuals(box, offered: offered)
        let items = cold[box].items
        // 2. Pass 1 measures every child; pass 2 re-measures the ratio children of a wrap box against the maxima.
        var largest = Size.zero
        // A cacheable box's children are offered `inner` itself (none is a ratio): their regimes bound it.
        let tracksNeed = hot[box].cacheable
        var innerRegime = Regime.any
        for position in items.declarationStart..<items.declarationStart + items.count {
            measureZChild(item(position), of: box, inner: inner, largest: &largest)
            if tracksNeed { innerRegime.narrow(to: caches[item(position)].regime) }
        }
        if node(box).dim(along: .horizontal).isWrap || node(box).dim(along: .vertical).isWrap {
            for position in items.declarationStart..<items.declarationStart + items.count {
                let child = node(item(position))
                guard child.dim(along: .horizontal).isRatio || child.dim(along: .vertical).isRatio else { continue }
                measureZChild(item(position), of: box, inner: inner, largest: &largest)
            }
        }
        // 3. The box's own size, then 4. each child aligned on both axes inside it.
        let padding = regulator(box).pointee.padding
        let wrapped = Size(width: largest.width + padding.horizontal, height: largest.height + padding.vertical)
        let size = finishZ(box, items, residual: residual, wrapped: wrapped)
        // 5. A cacheable box stores its entry.
        if tracksNeed {
            storeCache(box, offered: offered, inner: inner, innerRegime: innerRegime, wrapped: wrapped, size: size)
        }
        return size
    }

    private mutating func finishZ(_ box: Int, _ items: ItemRange, residual: Size, wrapped: Size) -> Size {
        let justify = regulator(box).pointee.justify
        let padding = regulator(box).pointee.padding
        let size = Residuals.intrinsic(of: node(box), residual: residual, wrapped: wrapped)
        let horizontal = Justification(justify, axis: .horizontal)
        let vertical = Justification(justify, axis: .vertical)
        for position in items.declarationStart..<items.declarationStart + items.count {
            let child = item(position)
            let x = place(child, padding: padding, extent: size.width, horizontal)
            let y = place(child, padding: padding, extent: size.height, vertical)
            centers[child] = Point(x: x, y: y)
        }
        return size
    }

    /// Measures one ZBox child and grows the running maxima by its non-ratio dimensions (margins included).
    private mutating func measureZChild(_ child: Int, of box: Int, inner: Size, largest: inout Size) {
        let size = calculate(child, offered: zOffer(child, of: box, inner: inner, largest: largest))
        for axis in Axis.allCases where !node(child).dim(along: axis).isRatio {
            let extent = size.main(along: axis) + hot[child].margin.main(along: axis)
            largest = largest.with(main: max(largest.main(along: axis), extent), along: axis)
        }
    }

    /// The inner size, except that a ratio dimension takes `r ×` the inner size, or `r ×` the running maximum
    /// so far (pass 1) or the final one (pass 2) when the box wraps on that axis.
    private func zOffer(_ child: Int, of box: Int, inner: Size, largest: Size) -> Size {
        func offer(_ axis: Axis) -> Double {
            let dim = node(child).dim(along: axis)
            guard dim.isRatio else { return inner.main(along: axis) }
            let base = node(box).dim(along: axis).isWrap ? largest.main(along: axis) : inner.main(along: axis)
            return capped(base * dim.value)
        }
        return Size(width: offer(.horizontal), height: offer(.vertical))
    }
}
