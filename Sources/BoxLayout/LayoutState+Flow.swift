import LayoutCore

extension LayoutState {
    /// FlowBox (spec §7): breaks the items into lines, lays the lines out as virtual linear boxes inside an outer
    /// linear box along the run axis, then places each line's items in the flow's coordinates.
    ///
    /// A flow that keeps an entry bounds its regime (docs/performance.md "A flow's regime") once it is *settled*:
    /// calculated before, with nothing changed inside it since. A first calculation or one after a change stores
    /// none: a fresh tree or a changed item says nothing about the next offer, and a relayout comes to a settled
    /// flow. The breaks bound its children residual, and its outer box adds the lines' regimes.
    mutating func calculateFlow(_ flow: Int, offered: Size) -> Size {
        let tracksRegime = tracksRegime(flow)
        // 1. Break the items into lines, by count or by content; 2. each line measures its items in their
        // measuring order, sorted as the line closes (`setLine`).
        var innerRegime = Regime.any
        let lineCount =
            regulator(flow).pointee.arrange > 0
            ? breakByCount(flow)
            : breakByContent(flow, offered: offered, tracksRegime: tracksRegime, innerRegime: &innerRegime)
        // 3. The outer box: the flow's own size, padding and margins, gap runSpace, format runFormat; the steps of
        //    `calculateLinear`, with the regime of the breaks to start from. Its lines bound their regimes exactly
        //    when it does (`setLine`).
        let parameters = outerParameters(flow)
        let lines = lines(of: flow, count: lineCount)
        var pass = prepareLinear(flow, parameters, lines, offered: offered, tracksNeed: tracksRegime)
        if tracksRegime { pass.narrow(to: innerRegime) }
        measureAll(lines, &pass, estimate: nil)
        if pass.totals.hasCrossRatio && pass.boxCrossIsWrap { solveCrossConflict(lines, &pass) }
        let size = finishLinear(flow, parameters, lines, pass, offered: offered)
        // 4. Each line places its items, now that the outer box has placed the line.
        placeLines(flow, lineCount: lineCount)
        regulators[flow].changedFrom = .max
        regulators[flow].lineCount = Int32(lineCount)
        return size
    }

    /// Whether flow `flow` bounds its regime in this calculation: it keeps an entry and is settled.
    private func tracksRegime(_ flow: Int) -> Bool {
        hot[flow].cacheable && regulators[flow].changedFrom == .max
    }

    private func outerParameters(_ flow: Int) -> LinearParameters {
        let regulator = regulator(flow).pointee
        return LinearParameters(
            axis: hot[flow].axis, space: regulator.runSpace, format: regulator.runFormat, reverse: regulator.reverse)
    }

    private func lines(of flow: Int, count: Int) -> ItemRange {
        ItemRange(declarationStart: cold[flow].linesStart, orderStart: cold[flow].linesStart, count: Int32(count))
    }

    /// Step 4: places each line's items as its last calculation left them (`LineRecord.placement`), offset by the
    /// line's top-left corner in the flow. A line the outer box cleared (quirk 3) has no placement, and its items
    /// stay cleared.
    private mutating func placeLines(_ flow: Int, lineCount: Int) {
        for line in 0..<lineCount {
            let box = lineBox(of: flow, line)
            guard let placement = lineRecords[box - firstLineBox].placement, let totals = regulators[box].linearTotals
            else {
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
    ///    the cache. 2. The line's entry goes: it describes its items as they were, and a change inside an item
    ///    reaches the flow's entry, not its lines'. 3. The totals follow from the items' descriptions alone, so a
    ///    line that holds the same items as at the last layout keeps them: every change to the flow's items or to
    ///    the descriptions the totals read starts the lines over (`arrangeChildren`, `rewriteLines`).
    private mutating func setLine(_ line: Int, of flow: Int, _ start: Int32, _ end: Int32) {
        let items = cold[flow].items
        let box = lineBox(of: flow, line)
        let inOrder = regulator(flow).pointee.itemsInMeasuringOrder
        let lineItems = ItemRange(
            declarationStart: items.declarationStart + start,
            orderStart: (inOrder ? items.declarationStart : items.orderStart) + start, count: end - start)
        if !inOrder { sortByRank(lineItems) }
        caches[box] = .invalid
        regulators[box].tracksRegime = tracksRegime(flow)
        guard cold[box].items != lineItems || regulators[box].linearTotals == nil else { return }
        cold[box].items = lineItems
        regulators[box].linearTotals =
            regulator(flow).pointee.itemsArePlain
            ? plainLineTotals(box, count: end - start) : countTotals(box, linearParameters(box), lineItems)
    }

    /// The totals `countTotals` counts over a line of `count` plain items (`NodeRef.isPlainItem`), without a pass
    /// over them: no item is dropped, none has a ratio or a flex factor, and their main margins are all zero, so
    /// M, Σratio, Σshrink and Σgrow are exactly 0 (+0 plus zeros) and only the count and the gaps remain.
    private func plainLineTotals(_ box: Int, count: Int32) -> LinearTotals {
        var totals = LinearTotals()
        totals.count = Int(count)
        totals.gaps = Double(max(totals.count - 1, 0)) * regulator(box).pointee.space
        totals.formattable = !node(box).dim(along: hot[box].axis).isWrap
        return totals
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
    ///
    /// A flow that bounds its regime narrows `innerRegime` to where the breaks stay: the items are offered the inner
    /// residual itself, so their regimes bound it; and every break test compares the line length L with a length
    /// that does not depend on it, so L may be anything from the longest that stayed on its line to just below
    /// the shortest that broke (a fill item, whose extent is L itself, keeps its flow from keeping an entry).
    private mutating func breakByContent(_ flow: Int, offered: Size, tracksRegime: Bool, innerRegime: inout Regime)
        -> Int
    {
        // One copy of the loop per axis and per tracking, each with its literals folded (`unswitched`).
        unswitched(on: hot[flow].axis.crossAxis) { lineAxis in
            tracksRegime
                ? breakByContent(
                    flow, offered: offered, tracksRegime: true, innerRegime: &innerRegime, lineAxis: lineAxis)
                : breakByContent(
                    flow, offered: offered, tracksRegime: false, innerRegime: &innerRegime, lineAxis: lineAxis)
        }
    }

    /// `breakByContent` with the line axis and whether it tracks the regime literals (`unswitched`).
    ///
    /// 1. Where to start: at the first item, or, when only items from some line on changed since the last
    ///    calculation and the inner residual is the same, where that line's break began (`resumption`).
    /// 2. Each item: measured, added to the open line, which it either joins or closes; the state before an item
    ///    that opens a line is kept, for a later calculation to resume there (`LineRecord.breakStart`).
    @inline(__always)
    private mutating func breakByContent(
        _ flow: Int, offered: Size, tracksRegime: Bool, innerRegime: inout Regime, lineAxis: Axis
    ) -> Int {
        let inner = residuals(flow, offered: offered).inner
        let lineLength = inner.main(along: lineAxis)
        let itemSpace = regulator(flow).pointee.itemSpace
        let declarationStart = cold[flow].items.declarationStart
        let count = cold[flow].items.count
        // 1. The start.
        let start = resumption(flow, inner: inner)
        regulators[flow].lastInner = inner
        var lineStart = start.lineStart
        var lineCount = start.lineCount
        var accumulated = start.accumulated
        // The longest accumulated length that stayed on its line (L ≥ it) and the shortest that broke (L < it).
        var longestFit = -Double.infinity
        var shortestBreak = Double.infinity
        // 2. The items.
        for index in start.next..<count {
            let child = item(declarationStart + index)
            let extent = calculate(child, offered: inner).main(along: lineAxis)
            if tracksRegime { innerRegime.narrow(to: caches[child].regime) }
            let margins = hot[child].margin.main(along: lineAxis)
            let opensLine = index == lineStart
            let before = BreakState(next: index, lineStart: lineStart, lineCount: lineCount, accumulated: accumulated)
            // An item that opens the open line: the state before it is where that line's break began.
            if opensLine { lineRecords[lineBox(of: flow, Int(lineCount)) - firstLineBox].breakStart = before }
            let gap = opensLine ? 0 : itemSpace
            if node(child).dim(along: lineAxis).isRatio && accumulated + gap + margins < lineLength {
                accumulated = lineLength
            } else {
                accumulated += extent + gap + margins
            }
            let breaks = accumulated > lineLength
            if tracksRegime && breaks { shortestBreak = min(shortestBreak, accumulated) }
            if tracksRegime && !breaks { longestFit = max(longestFit, accumulated) }
            if breaks {
                if opensLine {
                    setLine(Int(lineCount), of: flow, index, index + 1)
                    lineStart = index + 1
                    accumulated = 0
                } else {
                    // The item opens the next line: its break began before this item, on the line it closes.
                    lineRecords[lineBox(of: flow, Int(lineCount) + 1) - firstLineBox].breakStart = before
                    setLine(Int(lineCount), of: flow, lineStart, index)
                    lineStart = index
                    accumulated = extent + margins
                }
                lineCount += 1
            }
            if hot[child].flowEnding {
                if lineStart <= index {
                    setLine(Int(lineCount), of: flow, lineStart, index + 1)
                    lineCount += 1
                }
                lineStart = index + 1
                accumulated = 0
            }
        }
        if lineStart < count {
            setLine(Int(lineCount), of: flow, lineStart, count)
            lineCount += 1
        }
        if tracksRegime {
            innerRegime.need = innerRegime.need.with(
                main: max(innerRegime.need.main(along: lineAxis), longestFit), along: lineAxis)
            // L < shortestBreak is L ≤ the double just below it; no break, no limit.
            let breakLimit = shortestBreak == .infinity ? .infinity : shortestBreak.nextDown
            innerRegime.limit = innerRegime.limit.with(
                main: min(innerRegime.limit.main(along: lineAxis), breakLimit), along: lineAxis)
        }
        return Int(lineCount)
    }

    /// Where flow `flow`'s break starts: at the first item, unless only items from some position on changed
    /// since its last calculation (`Regulator.changedFrom`) and its inner residual is that calculation's. Then
    /// it resumes where the line holding the first changed item began: every item before that point is as it
    /// was and was measured under the same residual, so the loop reached that point in the same state, with
    /// the same lines closed before it. Those lines keep their items, totals and entries (a line's entry holds
    /// while its items stay as they are, `finishLinear`), so the outer box finds them as hits.
    private func resumption(_ flow: Int, inner: Size) -> BreakState {
        let changedFrom = regulators[flow].changedFrom
        let lineCount = Int(regulators[flow].lineCount)
        guard changedFrom > 0, changedFrom < cold[flow].items.count, lineCount > 0,
            inner == regulators[flow].lastInner
        else { return BreakState() }
        // The last line whose break began at or before the first changed item (lines begin in item order).
        var low = 0
        var high = lineCount - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineRecords[lineBox(of: flow, middle) - firstLineBox].breakStart.next <= changedFrom {
                low = middle
            } else {
                high = middle - 1
            }
        }
        return lineRecords[lineBox(of: flow, low) - firstLineBox].breakStart
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

/// What a flow's line box keeps between calculations (`LayoutState.lineRecords`).
struct LineRecord {
    /// The line's placement from its last calculation until its flow places it (`placeLines`); nil for a line its
    /// flow cleared.
    var placement: LinearPlacement?
    /// Where the line's break began at its flow's last calculation, for a later one to resume there.
    var breakStart = BreakState()
}

/// The content-mode break loop's state just before it takes item `next` (a position in its flow's items): the
/// open line's first item and accumulated length, and how many lines it closed before. Kept for each line's first
/// item (`LineRecord.breakStart`), so that a later calculation can resume there.
struct BreakState {
    var next: Int32 = 0
    var lineStart: Int32 = 0
    var lineCount: Int32 = 0
    var accumulated = 0.0
}
