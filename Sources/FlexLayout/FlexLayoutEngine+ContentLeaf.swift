import LayoutCore

extension FlexLayoutEngine {
    /// A content leaf: a flex container of one content block (an inflexible block of the content's size, with no
    /// margins, padding or baseline). What §9 gives for that one item, written out: the leaves are most of a tree,
    /// and running the general steps for each was most of a layout. `FlexLayoutTests` checks this against the
    /// general steps for every direction, wrap and alignment.
    func layoutContentLeaf(_ node: Int, _ input: SizingInput) -> SizingOutput {
        let content = contentSize(ofLeaf: node)
        let style = styles.at(node)
        let (pb, (minInner, maxInner)) = ownBox(node, input)
        let known = input.height.map { max(0, $0 - pb.vertical) }
        let axes = FlowAxes(style)
        let contentHeight = input.height ?? content.height + pb.vertical
        if !axes.isRow {
            // A column: the block's height is the main size (§9.3), placed by `justify-content` (§9.5); the
            // baseline is the block's bottom, synthesized (§8.5).
            let innerMain = known ?? max(minInner, min(maxInner, content.height))
            // (One box: no gap, so none is resolved.)
            let free = innerMain - content.height
            var justify = axes.justify(style.justifyContent)
            if style.safeAlignment.contains(.justifyContent) {
                justify = axes.safe(justify, free: free, mainAxis: true)
            }
            let leading = distribution(justify, free: free, count: 1, gap: 0, startIsFlexEnd: axes.mainStartIsFlexEnd)
                .leading
            let main = axes.mainReversed ? innerMain - leading - content.height : leading
            return SizingOutput(
                height: input.height ?? innerMain + pb.vertical, baseline: pb.top + main + content.height,
                contentHeight: contentHeight)
        }
        // A row: §9.4 the one line is as tall as the block, a single line as the container's known height or the
        // block's within min and max; `align-content: stretch` grows a wrapping container's line.
        let singleLine = style.flexWrap == .nowrap
        var lineCross = singleLine ? known ?? max(minInner, min(maxInner, content.height)) : content.height
        let innerCross = known ?? max(minInner, min(maxInner, lineCross))
        if !singleLine, style.alignContent == .stretch, innerCross > lineCross { lineCross = innerCross }
        // §9.6 the block in its line (`align-items`; a baseline-aligned block alone sits at the line's start), the
        // line in the container (`align-content`).
        // The block inherits the leaf's direction: its `self-start` is the leaf's start.
        let free = lineCross - content.height
        var align = axes.align(style.alignItems, itemRightToLeft: style.rightToLeft)
        if style.safeAlignment.contains(.alignItems) { align = axes.safe(align, free: free, mainAxis: false) }
        let itemOffset: Double =
            switch align {
            case .flexEnd: free
            case .center: free / 2
            default: 0
            }
        var lineOffset = 0.0
        if !singleLine, style.alignContent != .stretch {
            var alignContent = axes.align(style.alignContent)
            if style.safeAlignment.contains(.alignContent) {
                alignContent = axes.safe(alignContent, free: innerCross - lineCross, mainAxis: false)
            }
            lineOffset =
                distribution(
                    alignContent, free: innerCross - lineCross, count: 1, gap: 0,
                    startIsFlexEnd: axes.crossStartIsFlexEnd
                ).leading
        }
        let flowCross = lineOffset + itemOffset
        let cross = axes.crossReversed ? innerCross - flowCross - content.height : flowCross
        return SizingOutput(
            height: input.height ?? innerCross + pb.vertical, baseline: pb.top + cross + content.height,
            contentHeight: contentHeight)
    }

    /// The content size of a content leaf: its block's size.
    @inline(__always) func contentSize(ofLeaf node: Int) -> Size { contentSizes[node] }
}
