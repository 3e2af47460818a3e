import LayoutCore

extension FlexLayoutEngine {
    /// A one-cell grid (docs/flex-case-format.md "Grid"), the form a Puyopuyo ZBox takes in CSS: every item in the
    /// one cell, which is the grid's inner size where that is known, and otherwise its largest item (CSS Grid
    /// §11.7, `minmax(0px, 1fr)` tracks); each item placed in the cell by `justify-self` and `align-self`.
    func layoutGrid(_ node: Int, _ input: SizingInput, perform: Bool) -> SizingOutput {
        let style = styles.at(node)
        let pb = paddingBorder(node, containingWidth: input.containingWidth)
        let cellWidth = max(0, input.width - pb.horizontal)
        let knownInnerHeight = input.height.map { max(0, $0 - pb.vertical) }
        let definiteInnerHeight = input.heightIsDefinite ? knownInnerHeight : nil
        let itemsContaining = SizingInput(
            width: 0, height: nil, heightIsDefinite: false, containingWidth: cellWidth,
            containingHeight: definiteInnerHeight)
        // 1. Each item's width, and its height when the cell's height is not needed to find it.
        var cellHeight = knownInnerHeight ?? 0
        var firstBaseline: Double?
        for pass in 0..<2 {
            if pass == 1, knownInnerHeight != nil || !perform { break }
            if pass == 1 {
                // The automatic cell height, clamped by the grid's own min and max (the flexible track fills them).
                cellHeight = clampHeight(node, cellHeight + pb.vertical, input: input, paddingBorder: pb) - pb.vertical
            }
            var largest = 0.0
            for child in children(node) where isInFlow(child) {
                let placed = placeGridItem(
                    child, cellWidth: cellWidth,
                    cellHeight: pass == 1 || knownInnerHeight != nil
                        ? cellHeight : nil, containing: itemsContaining, grid: style, paddingBorder: pb)
                largest = max(largest, placed.outerHeight)
                if firstBaseline == nil { firstBaseline = placed.frame.y + (placed.baseline ?? placed.frame.height) }
                if perform, pass == 1 || knownInnerHeight != nil {
                    frames[child] = placed.frame
                    var childInput = itemsContaining
                    childInput.width = placed.frame.width
                    childInput.heightIsDefinite = placed.heightIsDefinite
                    childInput.height = placed.frame.height
                    self.perform(child, childInput, height: placed.frame.height)
                }
            }
            if pass == 0, knownInnerHeight == nil { cellHeight = largest }
        }
        let height = input.height ?? clampHeight(node, cellHeight + pb.vertical, input: input, paddingBorder: pb)
        if perform {
            let inner = Size(width: cellWidth, height: height - pb.vertical)
            layoutAbsoluteChildren(node) { _, _ in Point(x: pb.left, y: pb.top) }
            _ = inner
        }
        return SizingOutput(
            height: height, baseline: firstBaseline, contentHeight: input.height ?? cellHeight + pb.vertical)
    }

    /// One grid item in its cell: its border box relative to the grid's border box, its outer height, and whether
    /// its height is definite (stretched or given). Without `cellHeight` the item takes its content height at the
    /// top of the cell.
    private func placeGridItem(
        _ child: Int, cellWidth: Double, cellHeight: Double?, containing: SizingInput, grid: StyleReference,
        paddingBorder pb: Edges<Double>
    ) -> (frame: Rect, outerHeight: Double, baseline: Double?, heightIsDefinite: Bool) {
        let style = styles.at(child)
        let childPB = paddingBorder(child, containingWidth: cellWidth)
        var margin = margins(child, containingWidth: cellWidth)
        let justify = gridAlignment(style.justifySelf == .auto ? grid.justifyItems : style.justifySelf)
        let align = gridAlignment(style.alignSelf == .auto ? grid.alignItems : style.alignSelf)
        let autoHorizontal = style.margin.left.isAuto || style.margin.right.isAuto
        let autoVertical = style.margin.top.isAuto || style.margin.bottom.isAuto
        // Width: preferred, stretched to the cell, or fit to it.
        let available = cellWidth - margin.horizontal
        var width =
            preferredWidth(
                child, style.width, containingWidth: cellWidth, available: available,
                paddingBorder: childPB.horizontal)
            ?? (justify == .stretch && !autoHorizontal
                ? available : fitContentWidth(child, available: available, containingWidth: cellWidth))
        if let maximum = widthLimit(
            child, style.maxWidth, paddingBorder: childPB.horizontal, containingWidth: cellWidth)
        {
            width = min(width, maximum)
        }
        if let minimum = widthLimit(
            child, style.minWidth, paddingBorder: childPB.horizontal, containingWidth: cellWidth)
        {
            width = max(width, minimum)
        }
        width = max(width, childPB.horizontal)
        // Height: preferred, stretched to a known cell, or the content's at that width.
        var input = containing
        input.width = width
        var height = borderBoxSize(
            style.height, basis: containing.containingHeight, paddingBorder: childPB.vertical,
            borderBox: style.borderBox)
        let given = height != nil
        var stretched = false
        if height == nil, align == .stretch, !autoVertical, let cellHeight {
            height = clampHeight(child, cellHeight - margin.vertical, input: input, paddingBorder: childPB)
            stretched = true
        }
        if let fixed = height, given { height = clampHeight(child, fixed, input: input, paddingBorder: childPB) }
        let output: SizingOutput
        if let height {
            input.height = height
            input.heightIsDefinite = true
            output = size(child, input)
        } else {
            output = size(child, input)
        }
        let usedHeight = height ?? output.height
        // Auto margins take the free space first (CSS Grid §11.2), then the self-alignment.
        let freeX = cellWidth - width - margin.horizontal
        let freeY = (cellHeight ?? usedHeight + margin.vertical) - usedHeight - margin.vertical
        var x: Double
        if autoHorizontal {
            let share = max(0, freeX) / Double((style.margin.left.isAuto ? 1 : 0) + (style.margin.right.isAuto ? 1 : 0))
            if style.margin.left.isAuto { margin.left = share }
            x = margin.left
        } else {
            x = gridOffset(justify, free: freeX, reversed: grid.rightToLeft) + margin.left
        }
        var y: Double
        if autoVertical {
            let share = max(0, freeY) / Double((style.margin.top.isAuto ? 1 : 0) + (style.margin.bottom.isAuto ? 1 : 0))
            if style.margin.top.isAuto { margin.top = share }
            y = margin.top
        } else {
            y = gridOffset(align, free: freeY, reversed: false) + margin.top
        }
        x += pb.left
        y += pb.top
        return (
            Rect(x: x, y: y, width: width, height: usedHeight), usedHeight + margin.vertical, output.baseline,
            given || stretched
        )
    }

    /// A grid self-alignment: `flex-start`/`flex-end` act as `start`/`end`, `baseline` as `start`.
    private func gridAlignment(_ value: Alignment) -> Alignment {
        switch value {
        case .flexStart, .start, .baseline, .selfStart: .start
        case .flexEnd, .end, .selfEnd: .end
        default: value
        }
    }

    /// The margin box's offset in the cell for a self-alignment over `free` space (in rtl, `start` is the right).
    private func gridOffset(_ value: Alignment, free: Double, reversed: Bool) -> Double {
        switch value {
        case .end: reversed ? 0 : free
        case .center: free / 2
        default: reversed ? free : 0
        }
    }
}
