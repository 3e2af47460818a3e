import LayoutCore

extension FlexLayoutEngine {
    /// The absolutely positioned children of `node`, laid out once `node`'s in-flow children are placed (CSS
    /// Position 3 §4, CSS 2 §10.3.7 and §10.6.4): sized and placed against their containing block, the padding
    /// box of the nearest positioned ancestor (the viewport at the latest), and where both insets of an axis are
    /// `auto`, at their static position, which `staticPosition` gives relative to `node`'s border box.
    func layoutAbsoluteChildren(
        _ node: Int, staticPosition: (Int, Size) -> Point
    ) {
        for child in children(node) where traits[child].contains(.displayedAbsolute) {
            // 1. The containing block's padding box, and where `node`'s border box sits in it: summed up the
            //    frames between them, never through positions in the viewport, so that a relayout after an ancestor
            //    moved gives the bits a fresh layout gives.
            var block = node
            var nodeInBlock = Point.zero
            while styles[block].position == .static {
                nodeInBlock = nodeInBlock + frames[block].origin
                block = parents[block]
            }
            let border = styles[block].border
            let blockWidth = max(0, frames[block].width - border.horizontal)
            let blockHeight = max(0, frames[block].height - border.vertical)
            nodeInBlock = nodeInBlock - Point(x: border.left, y: border.top)
            let rightToLeft = styles.at(block).rightToLeft
            // 2. Insets, margins and the box.
            let style = styles.at(child)
            let childPB = paddingBorder(child, containingWidth: blockWidth)
            var margin = margins(child, containingWidth: blockWidth)
            let left = style.inset.left.resolve(blockWidth)
            let right = style.inset.right.resolve(blockWidth)
            let top = style.inset.top.resolve(blockHeight)
            let bottom = style.inset.bottom.resolve(blockHeight)
            // 3. The width: preferred, between both insets, or fit to the space the insets leave.
            let available = blockWidth - margin.horizontal - (left ?? 0) - (right ?? 0)
            var width = preferredWidth(
                child, style.width, containingWidth: blockWidth, available: available,
                paddingBorder: childPB.horizontal)
            var height = borderBoxSize(
                style.height, basis: blockHeight, paddingBorder: childPB.vertical, borderBox: style.borderBox)
            // Between both insets an automatic height stretches, unless `align-self` aligns the box in that
            // space instead (CSS Box Alignment 3 §6.1, the inset-modified containing block).
            let verticalAlign = absoluteAlignment(style.alignSelf)
            let insetHeight: Double? =
                if let top, let bottom, verticalAlign == .stretch, style.height == .auto {
                    max(childPB.vertical, blockHeight - margin.vertical - top - bottom)
                } else { nil }
            // Both insets give the width first; then the ratio, from a preferred height or one between the insets.
            if width == nil, left != nil, right != nil { width = available }
            // A definite width gives an aspect ratio's height even between both vertical insets: such a box aligns
            // as `start` there, not `stretch` (CSS Sizing 4 §5.1, as the browsers do).
            let widthIsDefinite = width != nil
            if width == nil, let ratio = style.aspectRatio, let known = height ?? insetHeight {
                var transferred = transfer(
                    known, ratio: ratio, toWidth: true, paddingBorder: childPB, borderBox: style.borderBox)
                // The automatic minimum in the ratio-dependent axis is the min-content width (CSS Sizing 4 §5.2).
                if style.minWidth == .auto, !style.isScrollContainer {
                    transferred = max(transferred, intrinsicWidths(child, containingWidth: blockWidth).min)
                }
                width = transferred
            }
            var usedWidth = width ?? fitContentWidth(child, available: available, containingWidth: blockWidth)
            if width == nil, style.width == .auto,
                let bounds = ratioWidthBounds(child, paddingBorder: childPB, containingHeight: blockHeight)
            {
                // A ratio transfers `min-height` and `max-height` to a shrink-to-fit width.
                if let high = bounds.max { usedWidth = min(usedWidth, high) }
                if let low = bounds.min { usedWidth = max(usedWidth, low) }
            }
            if let maximum = widthLimit(
                child, style.maxWidth, paddingBorder: childPB.horizontal,
                containingWidth: blockWidth)
            {
                usedWidth = min(usedWidth, maximum)
            }
            if let minimum = widthLimit(
                child, style.minWidth, paddingBorder: childPB.horizontal,
                containingWidth: blockWidth)
            {
                usedWidth = max(usedWidth, minimum)
            }
            usedWidth = max(usedWidth, childPB.horizontal)
            // 4. The height: preferred, through the ratio, between both insets, or the content's at that width.
            let input = SizingInput(
                width: usedWidth, height: nil, heightIsDefinite: false, containingWidth: blockWidth,
                containingHeight: blockHeight)
            if height == nil, let ratio = style.aspectRatio, insetHeight == nil || widthIsDefinite {
                height = transfer(
                    usedWidth, ratio: ratio, toWidth: false, paddingBorder: childPB,
                    borderBox: style.borderBox)
                // The automatic minimum in the ratio-dependent axis is the content (CSS Sizing 4 §5.2).
                if style.minHeight == .auto, !style.isScrollContainer {
                    height = max(height!, size(child, input).height)
                }
            }
            if height == nil { height = insetHeight }
            let usedHeight = clampHeight(
                child, height ?? size(child, input).contentHeight, input: input,
                paddingBorder: childPB)
            // 5. Auto margins share what an axis with both insets leaves (CSS 2 §10.3.7, §10.6.4).
            if let left, let right {
                let free = blockWidth - left - right - usedWidth - margin.horizontal
                switch (style.margin.left.isAuto, style.margin.right.isAuto) {
                case (true, true):
                    if free >= 0 {
                        (margin.left, margin.right) = (free / 2, free / 2)
                    } else if rightToLeft {
                        margin.left = free
                    } else {
                        margin.right = free
                    }
                case (true, false): margin.left = free
                case (false, true): margin.right = free
                default: break
                }
            }
            if let top, let bottom, !style.margin.top.isAuto, !style.margin.bottom.isAuto {
                // Aligned in the space between the insets; a box that overflows it starts at the top (CSS Box
                // Alignment 3 §6.1: never past the start edge), as an over-constrained one does (CSS 2 §10.6.4).
                let free = blockHeight - top - bottom - usedHeight - margin.vertical
                if free > 0 {
                    margin.top += verticalAlign == .center ? free / 2 : verticalAlign == .flexEnd ? free : 0
                } else if free < 0, style.alignSelf != .auto {
                    // Aligned on purpose but overflowing the space between its insets, the box moves back inside
                    // its containing block as far as it fits, never past the block's start edge (CSS Position 3
                    // §4.4); with `auto`, CSS 2's over-constrained rule holds (the top inset wins).
                    margin.top += max(0, min(top, blockHeight - usedHeight - margin.vertical)) - top
                }
            }
            if let top, let bottom, style.margin.top.isAuto || style.margin.bottom.isAuto {
                let free = blockHeight - top - bottom - usedHeight - margin.vertical
                switch (style.margin.top.isAuto, style.margin.bottom.isAuto) {
                case (true, true):
                    if free >= 0 { (margin.top, margin.bottom) = (free / 2, free / 2) } else { margin.bottom = free }
                case (true, false): margin.top = free
                default: margin.bottom = free
                }
            }
            // 6. The position in the containing block: by the insets, or the static position.
            let outer = Size(width: usedWidth + margin.horizontal, height: usedHeight + margin.vertical)
            let staticOrigin = staticPosition(child, outer) + nodeInBlock
            var x: Double
            if let left, right == nil || !rightToLeft {
                x = left + margin.left
            } else if let right {
                x = blockWidth - right - margin.right - usedWidth
            } else {
                x = staticOrigin.x + margin.left
            }
            var y: Double
            if let top {
                y = top + margin.top
            } else if let bottom {
                y = blockHeight - bottom - margin.bottom - usedHeight
            } else {
                y = staticOrigin.y + margin.top
            }
            x -= nodeInBlock.x
            y -= nodeInBlock.y
            frames[child] = Rect(x: x, y: y, width: usedWidth, height: usedHeight)
            perform(
                child,
                SizingInput(
                    width: usedWidth, height: usedHeight, heightIsDefinite: height != nil,
                    containingWidth: blockWidth, containingHeight: blockHeight), height: usedHeight)
        }
    }

    /// An absolutely positioned box's `align-self` in its inset-modified containing block: `auto` and `stretch`
    /// stretch, the others align as start, centre or end.
    private func absoluteAlignment(_ value: Alignment) -> Alignment {
        switch value {
        case .auto, .stretch: .stretch
        case .center: .center
        case .flexEnd, .end, .selfEnd: .flexEnd
        default: .flexStart
        }
    }

    /// CSS Flexbox §4.1: an absolutely positioned child's static position is where it would be as the container's
    /// sole flex item of outer size `size`: `justify-content` along the main axis, its `align-self` along the
    /// cross axis. Answers the margin box's top-left relative to the container's border box.
    func staticPosition(_ child: Int, _ size: Size, inner: Size, container: FlexContainer) -> Point {
        let axes = container.axes
        let innerMain = axes.isRow ? inner.width : inner.height
        let innerCross = axes.isRow ? inner.height : inner.width
        let outerMain = axes.isRow ? size.width : size.height
        let outerCross = axes.isRow ? size.height : size.width
        // A sole item: a distribution falls back to its position (CSS Box Alignment 3 §5.3).
        var justify = container.justifyContent
        if justify == .spaceBetween { justify = .flexStart }
        if justify == .spaceAround || justify == .spaceEvenly { justify = .center }
        let containerStyle = styles.at(container.node)
        if containerStyle.safeAlignment.contains(.justifyContent) {
            justify = axes.safe(justify, free: innerMain - outerMain, mainAxis: true)
        }
        let main = distribution(justify, free: innerMain - outerMain, count: 1, gap: 0).leading
        let style = styles.at(child)
        var align = axes.align(
            style.alignSelf == .auto ? containerStyle.alignItems : style.alignSelf, itemRightToLeft: style.rightToLeft)
        // A sole item has no baseline to share: `baseline` falls back to `start` (CSS Box Alignment 3 §9.3).
        if align == .baseline { align = axes.align(.start) }
        if alignsSafely(child, in: container.node) {
            align = axes.safe(align, free: innerCross - outerCross, mainAxis: false)
        }
        let cross = distribution(align, free: innerCross - outerCross, count: 1, gap: 0).leading
        let physicalMain = axes.mainReversed ? innerMain - main - outerMain : main
        let physicalCross = axes.crossReversed ? innerCross - cross - outerCross : cross
        let pb = container.paddingBorder
        return axes.isRow
            ? Point(x: pb.left + physicalMain, y: pb.top + physicalCross)
            : Point(x: pb.left + physicalCross, y: pb.top + physicalMain)
    }
}
