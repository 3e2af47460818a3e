import LayoutCore

extension FlexLayoutEngine {
    // MARK: §9.4 Cross size determination

    /// Step 8: a single-line container of known cross size gives its line that size; otherwise a line is as large
    /// as its largest outer item, or its baseline-aligned items' largest ascent plus largest descent. A single line
    /// is clamped by the container's min and max cross sizes.
    /// Answers the lines' cross sizes and gaps before a single line is clamped: the content's own cross size.
    @discardableResult
    func determineLineCrossSizes(_ lines: Lines, items: Items, container: FlexContainer) -> Double {
        let knownCross = container.isRow ? container.knownInnerHeight : container.innerWidth
        for index in lines.indices {
            var largest = 0.0
            // The largest distances from a baseline to the outer cross-start and cross-end edges: either may be
            // negative (a baseline below a box of height 0), so they start from no item, not from 0.
            var ascent = -Double.infinity
            var descent = -Double.infinity
            for item in lines[index].range {
                if items[item].alignsByBaseline {
                    let itemAscent = items[item].ascent(in: container.axes)
                    ascent = max(ascent, itemAscent)
                    descent = max(descent, items[item].outerCross - itemAscent)
                } else {
                    largest = max(largest, items[item].outerCross)
                }
            }
            let aligned = ascent > -Double.infinity
            lines[index].maxAscent = aligned ? ascent : 0
            lines[index].crossSize = aligned ? max(largest, ascent + descent) : largest
        }
        let content = linesCrossSum(lines, gap: container.crossGap)
        if container.singleLine {
            if let knownCross {
                lines[0].crossSize = knownCross
            } else if container.isRow {
                lines[0].crossSize = max(container.minInnerHeight, min(container.maxInnerHeight, lines[0].crossSize))
            }
        }
        return content
    }

    /// Step 15: the container's inner cross size: known, or its lines and gaps clamped by its min and max.
    func containerInnerCross(lines: Lines, container: FlexContainer) -> Double {
        if !container.isRow { return container.innerWidth }
        if let known = container.knownInnerHeight { return known }
        var sum = container.crossGap * Double(max(0, lines.count - 1))
        for line in lines { sum += line.crossSize }
        return max(container.minInnerHeight, min(container.maxInnerHeight, sum))
    }

    /// Step 9: `align-content: stretch` shares the free cross space equally among the lines of a multi-line
    /// container.
    func stretchLines(_ lines: Lines, innerCross: Double, container: FlexContainer) {
        guard !container.singleLine, container.alignContent == .stretch else { return }
        let free = innerCross - linesCrossSum(lines, gap: container.crossGap)
        guard free > 0 else { return }
        let share = free / Double(lines.count)
        for index in lines.indices { lines[index].crossSize += share }
    }

    func linesCrossSum(_ lines: Lines, gap: Double) -> Double {
        var sum = gap * Double(max(0, lines.count - 1))
        for line in lines { sum += line.crossSize }
        return sum
    }

    /// Step 11: a stretched item takes its line's cross size less its margins, within its min and max; its
    /// height is then definite (§9.8).
    func determineUsedCrossSize(_ item: inout FlexItem, line: FlexLine, container: FlexContainer) {
        guard item.stretches else { return }
        let stretched = item.clampCross(line.crossSize - item.crossMargin.start - item.crossMargin.end)
        item.crossSize = stretched
        item.stretched = true
        if container.isRow { item.heightIsDefinite = true }
    }

    // MARK: §9.5 Main-axis alignment

    /// Step 12: positive free space goes to `auto` margins first, then to `justify-content` (with CSS Box
    /// Alignment 3's fallbacks: a distribution that cannot apply aligns to flex-start or the centre).
    func distributeMainSpace(_ items: Items, innerMain: Double, container: FlexContainer) {
        guard !items.isEmpty else { return }
        var used = container.mainGap * Double(items.count - 1)
        var autoMargins = 0
        for index in items.indices {
            used += items[index].outerMain
            autoMargins += (items[index].mainAutoMargin.start ? 1 : 0) + (items[index].mainAutoMargin.end ? 1 : 0)
        }
        var free = innerMain - used
        if autoMargins > 0 {
            let share = max(0, free) / Double(autoMargins)
            for index in items.indices {
                if items[index].mainAutoMargin.start { items[index].mainMargin.start = share }
                if items[index].mainAutoMargin.end { items[index].mainMargin.end = share }
            }
            free = min(0, free)
        }
        var justify = container.justifyContent
        if free < 0, styles[container.node].safeAlignment.contains(.justifyContent) {
            justify = container.axes.safe(justify, free: free, mainAxis: true)
        }
        let (leading, between) = distribution(
            justify, free: free, count: items.count, gap: container.mainGap,
            startIsFlexEnd: container.axes.mainStartIsFlexEnd)
        var offset = leading
        for index in items.indices {
            items[index].mainOffset = offset + items[index].mainMargin.start
            offset += items[index].outerMain + between
        }
    }

    /// Where the first of `count` boxes starts and the space between two of them, for a content distribution or
    /// position over `free` space (CSS Box Alignment 3 §5.3). The distributions fall back: `space-between` to
    /// flex-start, `space-around` and `space-evenly` to `safe center`, which overflows toward `start` (the flow's
    /// end when `startIsFlexEnd`).
    func distribution(_ value: Alignment, free: Double, count: Int, gap: Double, startIsFlexEnd: Bool = false)
        -> (leading: Double, between: Double)
    {
        let n = Double(count)
        if value == .spaceAround || value == .spaceEvenly, free < 0 { return (startIsFlexEnd ? free : 0, gap) }
        switch value {
        case .flexEnd, .end: return (free, gap)
        case .center: return (free / 2, gap)
        case .spaceBetween:
            guard free > 0, count > 1 else { return (0, gap) }
            return (0, gap + free / (n - 1))
        case .spaceAround:
            guard free > 0 else { return (free / 2, gap) }
            return (free / n / 2, gap + free / n)
        case .spaceEvenly:
            guard free > 0 else { return (free / 2, gap) }
            return (free / (n + 1), gap + free / (n + 1))
        default: return (0, gap)
        }
    }

    // MARK: §9.6 Cross-axis alignment

    /// Steps 13–14 for one item: `auto` cross margins take positive free space (or, when it is negative, the start
    /// one is 0); otherwise `align-self` places the item in its line, baseline-aligned items by their shared
    /// baseline.
    @inline(__always) func alignInLine(_ item: inout FlexItem, line: FlexLine, container: FlexContainer) {
        let free = line.crossSize - item.outerCross
        let autoStart = item.crossAutoMargin.start
        let autoEnd = item.crossAutoMargin.end
        if autoStart || autoEnd {
            if free > 0 {
                let share = (autoStart && autoEnd) ? free / 2 : free
                if autoStart { item.crossMargin.start = share }
                if autoEnd { item.crossMargin.end = share }
                item.crossOffset = item.crossMargin.start
            } else if container.axes.crossStartIsFlexEnd {
                // The physical start margin is 0 and the item overflows at the end (it is at the flow's end).
                item.crossOffset = free + item.crossMargin.start
            } else {
                item.crossOffset = item.crossMargin.start
            }
            return
        }
        var align = item.align
        if free < 0, alignsSafely(item.node, in: container.node) {
            align = container.axes.safe(align, free: free, mainAxis: false)
        }
        switch align {
        case .flexEnd: item.crossOffset = free + item.crossMargin.start
        case .center: item.crossOffset = free / 2 + item.crossMargin.start
        case .baseline: item.crossOffset = line.maxAscent - item.ascent(in: container.axes) + item.crossMargin.start
        default: item.crossOffset = item.crossMargin.start
        }
    }

    /// Whether `child`'s own cross-axis alignment is `safe`: its `align-self`'s, or, for `auto`, its container's
    /// `align-items`'.
    func alignsSafely(_ child: Int, in container: Int) -> Bool {
        let style = styles.at(child)
        return style.alignSelf == .auto
            ? styles.at(container).safeAlignment.contains(.alignItems) : style.safeAlignment.contains(.alignSelf)
    }

    /// Step 16: `align-content` places the lines in the container's cross space (a single-line container's line
    /// fills it).
    func alignLines(_ lines: Lines, innerCross: Double, container: FlexContainer) {
        let free = innerCross - linesCrossSum(lines, gap: container.crossGap)
        var value = container.alignContent
        if container.singleLine { value = .flexStart }
        if value == .stretch { value = .flexStart }
        if free < 0, !container.singleLine, styles[container.node].safeAlignment.contains(.alignContent) {
            value = container.axes.safe(value, free: free, mainAxis: false)
        }
        let (leading, between) = distribution(
            value, free: free, count: lines.count, gap: container.crossGap,
            startIsFlexEnd: container.axes.crossStartIsFlexEnd)
        var offset = leading
        for index in lines.indices {
            lines[index].crossOffset = offset
            offset += lines[index].crossSize + between
        }
    }

    // MARK: Baselines (§8.5) and placement

    /// The container's first baseline from its border box's top (§8.5): from the line nearest the block-start
    /// (row) or inline-start (column) edge, the last in flow order under `wrap-reverse`, its first baseline-aligned item or else its first item, first in
    /// physical order (the last in flow order in `row-reverse` and `column-reverse`), as the browsers choose; the
    /// item's baseline is synthesized from its border box when it has none. nil without items, and when no item of the
    /// tree aligns by its baseline (`baselinesAreRead`): then nothing reads it.
    func firstBaseline(
        items: Items, lines: Lines, innerMain: Double, innerCross: Double, container: FlexContainer
    ) -> Double? {
        guard baselinesAreRead else { return nil }
        let axes = container.axes
        let lineIndex = axes.crossStartIsFlexEnd ? lines.count - 1 : 0
        guard lines.indices.contains(lineIndex), !lines[lineIndex].range.isEmpty else { return nil }
        let line = lines[lineIndex]
        let reversed = styles[container.node].flexDirection.isReverse
        var chosen = reversed ? line.range.upperBound - 1 : line.range.lowerBound
        if axes.isRow {
            let aligned =
                reversed
                ? line.range.last(where: { items[$0].alignsByBaseline })
                : line.range.first(where: { items[$0].alignsByBaseline })
            if let aligned { chosen = aligned }
        }
        let item = items[chosen]
        let rect = physicalRect(item, line: line, innerMain: innerMain, innerCross: innerCross, container: container)
        var baseline = item.baseline
        // A column lays its items out at their final sizes only when performing, and a row lays a stretched item out
        // again at its line's cross size (§9.4 step 11): the baseline is that layout's (cached), not the hypothetical
        // one's (an item that had none at its hypothetical height may have one once stretched: a box synthesizes
        // its baseline from its border box's bottom, which stretching moved).
        if !axes.isRow || item.stretches {
            let output = size(
                item.node,
                itemInput(
                    item, width: rect.size.width, height: rect.size.height,
                    definite: placedHeightIsDefinite(item, in: container), in: container))
            baseline = itemBaseline(item.node, output.baseline, height: rect.size.height)
        }
        return rect.origin.y + (baseline ?? rect.size.height)
    }

    /// The item's border box relative to the container's border box.
    @inline(__always) func physicalRect(
        _ item: FlexItem, line: FlexLine, innerMain: Double, innerCross: Double, container: FlexContainer
    )
        -> Rect
    {
        let axes = container.axes
        let flowMain = item.mainOffset
        let flowCross = line.crossOffset + item.crossOffset
        let main = axes.mainReversed ? innerMain - flowMain - item.mainSize : flowMain
        let cross = axes.crossReversed ? innerCross - flowCross - item.crossSize : flowCross
        let pb = container.paddingBorder
        if axes.isRow {
            return Rect(x: pb.left + main, y: pb.top + cross, width: item.mainSize, height: item.crossSize)
        }
        return Rect(x: pb.left + cross, y: pb.top + main, width: item.crossSize, height: item.mainSize)
    }

    /// Writes the item's frame (relative offsets applied) and the input it is placed under, in every pass: when the
    /// pass that sized a container under some input is followed by placing it under the same input, its children's
    /// frames are already written (`perform` then only walks down).
    @inline(__always) func recordPlacement(
        _ item: FlexItem, line: FlexLine, innerMain: Double, innerCross: Double, container: FlexContainer
    ) {
        let node = item.node
        var rect = physicalRect(item, line: line, innerMain: innerMain, innerCross: innerCross, container: container)
        if traits[node].contains(.relativelyPositioned) {
            let offset = relativeOffset(
                node, containingWidth: container.innerWidth, containingHeight: container.definiteInnerHeight)
            rect.origin.x += offset.x
            rect.origin.y += offset.y
        }
        frames[node] = rect
        placements[node] = SizingInput(
            width: rect.width, height: rect.height, heightIsDefinite: placedHeightIsDefinite(item, in: container),
            containingWidth: container.innerWidth, containingHeight: container.definiteInnerHeight)
    }

    /// Whether an item's height is definite for its children once it is placed at its used size (§9.8): in a row,
    /// as its cross size was found; in a column, when the column's height is definite or the item gives its own.
    @inline(__always) func placedHeightIsDefinite(_ item: FlexItem, in container: FlexContainer) -> Bool {
        container.isRow ? item.heightIsDefinite : container.definiteInnerHeight != nil || item.preferredMain != nil
    }

    /// Lays `node`'s in-flow children out for good where its last pass placed them (`recordPlacement`).
    func performPlacedChildren(_ node: Int) {
        for child in children(node) where isInFlow(child) {
            perform(child, placements[child], height: frames[child].height)
        }
    }

    /// `position: relative`'s offset (CSS 2 §9.4.3): left wins over right (right when the containing block is
    /// rtl), top over bottom;
    /// percentages of the containing block (a height's only when definite).
    func relativeOffset(_ node: Int, containingWidth: Double?, containingHeight: Double?) -> Point {
        let style = styles.at(node)
        guard style.position == .relative else { return .zero }
        let left = style.inset.left.resolve(containingWidth)
        let right = style.inset.right.resolve(containingWidth)
        let top = style.inset.top.resolve(containingHeight)
        let bottom = style.inset.bottom.resolve(containingHeight)
        var x = 0.0
        if let left, let right {
            x = styles[parents[node]].rightToLeft ? -right : left
        } else {
            x = left ?? right.map { -$0 } ?? 0
        }
        let y = top ?? bottom.map { -$0 } ?? 0
        return Point(x: x, y: y)
    }
}
