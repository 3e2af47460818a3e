import LayoutCore

extension LayoutState {
    /// FlowBox (spec §7): breaks the items into lines, lays the lines out as virtual linear boxes inside an outer
    /// linear box along the run axis, then places each line's items in the flow's coordinates.
    mutating func calculateFlow(_ flow: Int, offered: Size) -> Size {
        // 1. Break the items into lines, by count or by content; 2. each line measures its items in their
        // measuring order, sorted as the line closes (`setLine`).
        let lineCount =
            regulator(flow).pointee.arrange > 0 ? breakByCount(flow) : breakByContent(flow, offered: offered)
        // 3. The outer box: the flow's own size, padding and margins, gap runSpace, format runFormat.
        let size = calculateLinear(
            flow, outerParameters(flow), items: lines(of: flow, count: lineCount), offered: offered)
        // 4. Each line places its items, now that the outer box has placed the line.
        placeLines(flow, lineCount: lineCount)
        return size
    }

    private func outerParameters(_ flow: Int) -> LinearParameters {
        let regulator = regulator(flow).pointee
        return LinearParameters(
            axis: hot[flow].axis, space: regulator.runSpace, format: regulator.runFormat, reverse: regulator.reverse)
    }

    private func lines(of flow: Int, count: Int) -> ItemRange {
        ItemRange(declarationStart: cold[flow].linesStart, orderStart: cold[flow].linesStart, count: Int32(count))
    }

    /// Step 4: places each line's items as its last calculation left them (`linePlacements`), offset by the
    /// line's top-left corner in the flow. A line the outer box cleared (quirk 3) has no placement, and its items
    /// stay cleared.
    private mutating func placeLines(_ flow: Int, lineCount: Int) {
        for line in 0..<lineCount {
            let box = lineBox(of: flow, line)
            guard let placement = linePlacements[box - firstLineBox], let totals = regulators[box].linearTotals else {
                continue
            }
            let origin = Point(x: centers[box].x - sizes[box].width / 2, y: centers[box].y - sizes[box].height / 2)
            let parameters = linearParameters(box)
            let boxMainIsWrap = node(box).dim(along: parameters.axis).isWrap
            unswitched(on: parameters.axis) { axis in
                placeLinear(
                    box, parameters, cold[box].items, totals, placement, boxMainIsWrap: boxMainIsWrap, origin: origin,
                    axis: axis)
            }
        }
    }

    @inline(__always) private func lineBox(of flow: Int, _ line: Int) -> Int {
        item(cold[flow].linesStart + Int32(line))
    }

    /// Gives line `line` the items `start..<end` (indices into the flow's items) in their measuring order, and
    /// the line its totals (`LinearTotals`).
    ///
    /// 1. Measuring order: when the flow's items are already in it (the usual case) the line measures its
    ///    declaration slice as it is; otherwise its items are sorted now, while those just measured are still in
    ///    the cache. 2. The totals follow from the items' descriptions alone, so a line that holds the same items
    ///    as at the last layout keeps them: every change to the flow's items or to the descriptions the totals
    ///    read starts the lines over (`arrangeChildren`, `rewriteLines`).
    private mutating func setLine(_ line: Int, of flow: Int, _ start: Int32, _ end: Int32) {
        let items = cold[flow].items
        let box = lineBox(of: flow, line)
        let inOrder = regulator(flow).pointee.itemsInMeasuringOrder
        let lineItems = ItemRange(
            declarationStart: items.declarationStart + start,
            orderStart: (inOrder ? items.declarationStart : items.orderStart) + start, count: end - start)
        if !inOrder { sortByRank(lineItems) }
        guard cold[box].items != lineItems || regulators[box].linearTotals == nil else { return }
        cold[box].items = lineItems
        regulators[box].linearTotals = countTotals(box, linearParameters(box), lineItems)
    }

    /// Count mode: `arrange` items per line, in declaration order. Items are measured once, by their line.
    private mutating func breakByCount(_ flow: Int) -> Int {
        var lineCount = 0
        let count = cold[flow].items.count
        let arrange = Int32(clamping: regulator(flow).pointee.arrange)
        for start in stride(from: Int32(0), to: count, by: Int(arrange)) {
            setLine(lineCount, of: flow, start, min(start + arrange, count))
            lineCount += 1
        }
        return lineCount
    }

    /// Content mode: measures each item against the inner residual and breaks when the line would pass the
    /// inner line length (**strictly greater**: an exact fit stays). A ratio item takes the rest of its line,
    /// and `flowEnding` forces a break after its item.
    ///
    /// **Fix for quirk 11:** an item wider than the line gets a line of its own and the next line starts empty
    /// (Puyopuyo keeps the accumulator, so every later item got its own line), and `flowEnding` never closes an
    /// empty line.
    private mutating func breakByContent(_ flow: Int, offered: Size) -> Int {
        unswitched(on: hot[flow].axis.crossAxis) { lineAxis in
            breakByContent(flow, offered: offered, lineAxis: lineAxis)
        }
    }

    /// `breakByContent` with the line axis a literal (`unswitched`).
    @inline(__always)
    private mutating func breakByContent(_ flow: Int, offered: Size, lineAxis: Axis) -> Int {
        let inner = residuals(flow, offered: offered).inner
        let limit = inner.main(along: lineAxis)
        let itemSpace = regulator(flow).pointee.itemSpace
        let declarationStart = cold[flow].items.declarationStart
        let count = cold[flow].items.count
        var lineCount = 0
        var lineStart: Int32 = 0
        var accumulated = 0.0
        for index in 0..<count {
            let child = item(declarationStart + index)
            let extent = calculate(child, offered: inner).main(along: lineAxis)
            let margins = hot[child].margin.main(along: lineAxis)
            let gap = index == lineStart ? 0 : itemSpace
            if node(child).dim(along: lineAxis).isRatio && accumulated + gap + margins < limit {
                accumulated = limit
            } else {
                accumulated += extent + gap + margins
            }
            if accumulated > limit {
                if index == lineStart {
                    setLine(lineCount, of: flow, index, index + 1)
                    lineStart = index + 1
                    accumulated = 0
                } else {
                    setLine(lineCount, of: flow, lineStart, index)
                    lineStart = index
                    accumulated = extent + margins
                }
                lineCount += 1
            }
            if hot[child].flowEnding {
                if lineStart <= index {
                    setLine(lineCount, of: flow, lineStart, index + 1)
                    lineCount += 1
                }
                lineStart = index + 1
                accumulated = 0
            }
        }
        if lineStart < count {
            setLine(lineCount, of: flow, lineStart, count)
            lineCount += 1
        }
        return lineCount
    }

    /// Copies a line's items into its measuring-order slice and sorts them by their static rank (insertion sort:
    /// linear when the line is already in order, and no allocation).
    private mutating func sortByRank(_ items: ItemRange) {
        let start = Int(items.orderStart)
        let count = Int(items.count)
        for offset in 0..<count {
            let child = itemList[Int(items.declarationStart) + offset]
            var slot = start + offset
            while slot > start, hot[Int(itemList[slot - 1])].rank > hot[Int(child)].rank {
                itemList[slot] = itemList[slot - 1]
                slot -= 1
            }
            itemList[slot] = child
        }
    }
}
