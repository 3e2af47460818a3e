import LayoutCore

extension LayoutState {
    /// Positions (§6.8): packs the laid-out children in declaration order (reversed when asked) from the padding
    /// edge, offset by the format; the cross position follows the alignment rules. A flow's line places its items
    /// in the flow's coordinates: `origin` is the line's top-left corner there (nil for any other box).
    /// `axis` is `parameters.axis` as a literal (`unswitched`).
    @inline(__always)
    mutating func placeLinear(
        _ box: Int, _ parameters: LinearParameters, _ items: ItemRange, _ totals: LinearTotals,
        _ placement: LinearPlacement,
        boxMainIsWrap: Bool, origin: Point?, axis: Axis
    ) {
        // 1. The format's offsets.
        let free = placement.free
        let format = totals.formattable ? parameters.format : .leading
        let count = Double(totals.count)
        // 2. A justifyContent without a cross component means centre in a linear box.
        let boxJustify = regulator(box).pointee.justify
        let justification = Justification(
            boxJustify.hasComponent(along: axis.crossAxis) ? boxJustify : .center, axis: axis.crossAxis)
        let padding = regulator(box).pointee.padding
        let paddingStart = padding.mainStart(along: axis)
        let crossExtent = placement.crossExtent
        var end = 0.0
        var index = 0.0
        for step in 0..<Int(items.count) {
            let position =
                parameters.reverse
                ? items.declarationStart + items.count - 1 - Int32(step) : items.declarationStart + Int32(step)
            let child = item(position)
            let childNode = node(child)
            guard takesPart(childNode, totals, boxMainIsWrap: boxMainIsWrap, axis: axis) else { continue }
            let margin = childNode.hot.pointee.margin
            let main = sizes[child].main(along: axis)
            let base = end + margin.mainStart(along: axis) + main / 2
            end = base + main / 2 + margin.mainEnd(along: axis)
            let offset: Double =
                switch format {
                case .leading: parameters.space * index
                case .trailing: parameters.space * index + free
                case .center: parameters.space * index + free / 2
                case .between: index == 0 ? 0 : (free + totals.gaps) / (count - 1) * index
                case .round: (free + totals.gaps) / (count + 1) * (index + 1)
                }
            let cross = place(child, padding: padding, extent: crossExtent, justification)
            let center = Point(main: paddingStart + base + offset, cross: cross, along: axis)
            centers[child] = if let origin { center + origin } else { center }
            index += 1
        }
    }
}
