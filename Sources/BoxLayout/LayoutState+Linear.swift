import LayoutCore

extension LayoutState {
    /// LinearBox (spec §6): measures the children in priority order, flexes them, solves a wrap cross axis and
    /// places them along the main axis by `format`. Returns the box's size.
    /// A real box bounds its regime when it keeps an entry, a flow's line box when its flow does in this
    /// calculation (`Regulator.tracksRegime`); a flow's outer box runs these steps itself (`calculateFlow`).
    mutating func calculateLinear(_ box: Int, _ parameters: LinearParameters, items: ItemRange, offered: Size) -> Size {
        // 1. Residuals, and 2. the totals over the children that take part.
        let tracksNeed = box < firstLineBox ? hot[box].cacheable : regulators[box].tracksRegime
        var pass = prepareLinear(box, parameters, items, offered: offered, tracksNeed: tracksNeed)
        // 3. Measure, shrink and grow.
        measureAll(items, &pass, estimate: nil)
        // 4. A ratio cross in a wrap cross axis depends on the box's own cross size: solve it.
        if pass.totals.hasCrossRatio && pass.boxCrossIsWrap { solveCrossConflict(items, &pass) }
        // 5. The box's own size, and 6. the positions.
        return finishLinear(box, parameters, items, pass, offered: offered)
    }

    /// Steps 1 and 2: the residuals and the totals M, Σratio, Σshrink, Σgrow and Stot. Kept out of the recursive
    /// frame so deep trees use little stack.
    mutating func prepareLinear(
        _ box: Int, _ parameters: LinearParameters, _ items: ItemRange, offered: Size, tracksNeed: Bool
    ) -> LinearPass {
        let axis = parameters.axis
        let (residual, inner) = residuals(box, offered: offered)
        var pass = LinearPass(
            axis: axis, residual: residual, innerMain: inner.main(along: axis), innerCross: inner.cross(along: axis),
            boxMainIsWrap: node(box).dim(along: axis).isWrap,
            boxCrossIsWrap: node(box).dim(along: axis.crossAxis).isWrap,
            tracksNeed: tracksNeed, checksLimits: regulator(box).pointee.childrenMayBeBounded)
        let totals = regulator(box).pointee.linearTotals ?? countTotals(box, parameters, items)
        pass.totals = totals
        if totals.drops {
            for position in items.declarationStart..<items.declarationStart + items.count
            where !takesPart(node(item(position)), pass) {
                clear(item(position))
            }
        }
        return pass
    }

    /// Step 2's totals M, Σratio, Σshrink, Σgrow and Stot over `items`, from the descriptions alone.
    func countTotals(_ box: Int, _ parameters: LinearParameters, _ items: ItemRange) -> LinearTotals {
        unswitched(on: parameters.axis) { axis in countTotals(box, parameters, items, axis: axis) }
    }

    /// `countTotals` with its main axis a literal (`unswitched`).
    @inline(__always)
    private func countTotals(_ box: Int, _ parameters: LinearParameters, _ items: ItemRange, axis: Axis) -> LinearTotals
    {
        let boxMainIsWrap = node(box).dim(along: axis).isWrap
        var totals = LinearTotals()
        for position in items.declarationStart..<items.declarationStart + items.count {
            let childNode = node(item(position))
            let main = childNode.dim(along: axis)
            // A main-ratio child of a wrap-main box is dropped (quirk 3; `takesPart`).
            guard !(boxMainIsWrap && main.isRatio) else {
                totals.drops = true
                continue
            }
            if boxMainIsWrap || main.isRatio { totals.formattable = false }
            totals.margins += childNode.hot.pointee.margin.main(along: axis)
            totals.ratioSum += main.ratio
            // Only a flex has a factor (a plain wrap's are 0): skipping the others spares loading their `Dim`.
            if main.isFlex {
                totals.shrinkSum += main.shrink
                totals.growSum += main.grow
            }
            if childNode.dim(along: axis.crossAxis).isRatio { totals.hasCrossRatio = true }
            totals.count += 1
        }
        totals.gaps = Double(max(totals.count - 1, 0)) * parameters.space  // fix for quirk 1: never −space
        return totals
    }

    /// Steps 5 and 6: margins + gaps + non-ratio mains by the largest cross, plus padding, give the box's size
    /// (capped by its residual); then the children are placed inside it, and a cacheable box stores its entry.
    mutating func finishLinear(
        _ box: Int, _ parameters: LinearParameters, _ items: ItemRange, _ pass: LinearPass, offered: Size
    ) -> Size {
        let node = node(box)
        let axis = parameters.axis
        let padding = regulator(box).pointee.padding
        let wrapped = Size(
            main: pass.totals.margins + pass.totals.gaps + pass.used + padding.main(along: axis),
            cross: pass.crossExtent + padding.cross(along: axis), along: axis)
        let size = Residuals.intrinsic(of: node, residual: pass.residual, wrapped: wrapped)
        let placement = LinearPlacement(
            free: pass.innerMain - (pass.totals.margins + pass.totals.gaps + pass.used + pass.ratioUsed),
            crossExtent: size.cross(along: axis))
        if box >= firstLineBox {
            // A flow's line is placed once the flow has placed the line itself, straight into the flow's
            // coordinates (`placeLines`): a second pass to move every item by its line's origin cost 5 % of a flow.
            lineRecords[box - firstLineBox].placement = placement
        } else {
            unswitched(on: axis) { axis in
                placeLinear(
                    box, parameters, items, pass.totals, placement, boxMainIsWrap: pass.boxMainIsWrap, origin: nil,
                    axis: axis)
            }
        }
        if pass.tracksNeed {
            let innerRegime = Regime(
                need: Size(main: pass.needMain, cross: pass.needCross, along: axis),
                limit: Size(main: pass.limitMain, cross: pass.limitCross, along: axis))
            let inner = Size(main: pass.innerMain, cross: pass.innerCross, along: axis)
            storeCache(box, offered: offered, inner: inner, innerRegime: innerRegime, wrapped: wrapped, size: size)
        } else if box >= firstLineBox {
            // A line that bounds no regime still holds for this very offer while its items stay as they are: the
            // flow re-breaks from the line of a changed item on, and the lines before it hit (`breakByContent`).
            caches[box] = MeasureCache(Regime(need: offered, limit: offered), result: size)
        } else {
            // A box that keeps no entry this time (a flow that is not settled) drops the one it had: that entry's
            // calculation no longer left the subtree as it is.
            caches[box] = .invalid
        }
        return size
    }

    /// Folds `child`'s entry into the box's regime of Rm and Rc, through the offer formulas of `offer`: a plain
    /// wrap main is offered `fl(max(fl(Rm − K), 0) + m)` with K = M + Stot + T so far, a wrap cross Rc; any other
    /// offer (fixed, a flex's unbounded main, a flow's fill line) is the same every time and is checked once, here.
    /// Called before `accumulate`, so the running totals are the ones the offer saw; `offered` is that offer (a box
    /// that tracks needs has no ratio child, so the conflict solver's estimate never changes it).
    ///
    /// A need t on a plain wrap's offer is `free ≥ upperSum(t, −m)`, then `Rm ≥ upperSum(free need, K)` when that
    /// free need is positive (free is never negative). Limits are rare (only a flow, or a box holding one, has a
    /// finite one), so they are folded in apart (`addLimit`), for the children of a box that holds a flow.
    @inline(__always)
    private func addNeed(of child: Int, _ childNode: NodeRef, offered: Size, _ pass: inout LinearPass, axis: Axis) {
        let need = caches[child].need
        let main = childNode.dim(along: axis)
        if main.isWrap && !main.isFlex {
            let free = upperSum(need.main(along: axis), -childNode.hot.pointee.margin.main(along: axis))
            if free > 0 {
                pass.needMain = max(pass.needMain, upperSum(free, pass.totals.margins + pass.totals.gaps + pass.used))
            }
        } else if !(offered.main(along: axis) >= need.main(along: axis)) {
            pass.needMain = .infinity
        }
        if childNode.dim(along: axis.crossAxis).isWrap {
            pass.needCross = max(pass.needCross, need.cross(along: axis))
        } else if !(offered.cross(along: axis) >= need.cross(along: axis)) {
            pass.needCross = .infinity
        }
        if _slowPath(pass.checksLimits) {
            let limit = caches[child].limit
            if limit.width != .infinity || limit.height != .infinity {
                addLimit(limit, of: childNode, offered: offered, &pass)
            }
        }
    }

    /// `addNeed`'s part for a child whose entry has a finite limit. A finite limit u on a plain wrap main offer is
    /// `free ≤ lowerSum(u, −m)`, which must be ≥ 0 (free never is below), then `Rm ≤ lowerSum(free limit, K)`; on a
    /// wrap cross it bounds Rc itself; any other offer is checked once.
    @inline(never)
    private func addLimit(_ limit: Size, of childNode: NodeRef, offered: Size, _ pass: inout LinearPass) {
        let axis = pass.axis
        let main = childNode.dim(along: axis)
        if main.isWrap && !main.isFlex && limit.main(along: axis) != .infinity {
            let freeLimit = lowerSum(limit.main(along: axis), -childNode.hot.pointee.margin.main(along: axis))
            let before = pass.totals.margins + pass.totals.gaps + pass.used
            pass.limitMain = freeLimit >= 0 ? min(pass.limitMain, lowerSum(freeLimit, before)) : -.infinity
        } else if !(offered.main(along: axis) <= limit.main(along: axis)) {
            pass.needMain = .infinity
        }
        if childNode.dim(along: axis.crossAxis).isWrap {
            pass.limitCross = min(pass.limitCross, limit.cross(along: axis))
        } else if !(offered.cross(along: axis) <= limit.cross(along: axis)) {
            pass.needCross = .infinity
        }
    }

    /// Whether `child` takes part in a linear pass: **a main-ratio child of a wrap-main box is dropped** (quirk 3).
    /// The totals already say whether any child is (`LinearTotals.drops`): the usual box asks no child. (Marked
    /// unlikely, or the optimiser loads every child's kind to test both conditions at once: more instructions.)
    @inline(__always) func takesPart(_ child: NodeRef, _ pass: LinearPass) -> Bool {
        takesPart(child, pass.totals, boxMainIsWrap: pass.boxMainIsWrap, axis: pass.axis)
    }

    /// `takesPart` for a box with these totals, whose main axis is `axis` and wraps when `boxMainIsWrap`.
    @inline(__always) func takesPart(_ child: NodeRef, _ totals: LinearTotals, boxMainIsWrap: Bool, axis: Axis) -> Bool
    {
        !(_slowPath(totals.drops && boxMainIsWrap) && child.dim(along: axis).isRatio)
    }

    /// The layout residual offered to `child`, its own margins included (§6.2).
    /// - Parameter estimate: the cross size the conflict solver is trying; **its ratio factor is not applied** (quirk).
    @inline(__always)
    private func offer(_ child: NodeRef, _ pass: LinearPass, estimate: Double?, axis: Axis) -> Size {
        let main = child.dim(along: axis)
        let cross = child.dim(along: axis.crossAxis)
        let margin = child.hot.pointee.margin
        let mainMargins = margin.main(along: axis)
        let crossMargins = margin.cross(along: axis)
        let mainOffer: Double =
            switch main.kind {
            case .fixed: main.value + mainMargins
            case .wrap: main.isFlex ? unbounded : pass.free + mainMargins
            case .ratio: pass.free * (main.value / pass.totals.ratioSum) + mainMargins
            case .aspect: pass.free + mainMargins
            }
        let crossOffer: Double =
            switch cross.kind {
            case .fixed: cross.value + crossMargins
            case .wrap, .aspect: pass.innerCross
            case .ratio: estimate ?? (pass.boxCrossIsWrap ? 0 : capped(pass.innerCross * cross.value))
            }
        return Size(main: mainOffer, cross: crossOffer, along: axis)
    }

    /// Adds a freshly measured child to the running totals T, Rsum and X.
    @inline(__always) private func accumulate(_ child: NodeRef, _ size: Size, _ pass: inout LinearPass, axis: Axis) {
        if child.dim(along: axis).isRatio {
            pass.ratioUsed += size.main(along: axis)
        } else {
            pass.used += size.main(along: axis)
        }
        if !child.dim(along: axis.crossAxis).isRatio {
            pass.crossExtent = max(
                pass.crossExtent, size.cross(along: axis) + child.hot.pointee.margin.cross(along: axis))
        }
    }

    /// One measuring pass (§6.2): every child in measuring order, then shrink and grow.
    mutating func measureAll(_ items: ItemRange, _ pass: inout LinearPass, estimate: Double?) {
        pass.used = 0
        pass.ratioUsed = 0
        pass.crossExtent = 0
        // 1. Measuring order: fixed, aspect, wrap by priority, ratio. Each wrap gets what is still free.
        unswitched(on: pass.axis) { axis in
            for position in items.orderStart..<items.orderStart + items.count {
                let child = item(position)
                let childNode = node(child)
                guard takesPart(childNode, pass) else { continue }
                let offered = offer(childNode, pass, estimate: estimate, axis: axis)
                let size = calculate(child, offered: offered)
                if pass.tracksNeed { addNeed(of: child, childNode, offered: offered, &pass, axis: axis) }
                accumulate(childNode, size, &pass, axis: axis)
            }
        }
        // No shrink happens while Rm ≥ M + Stot + T (the overflow test of `shrinkIfNeeded`).
        if pass.tracksNeed && pass.totals.shrinkSum > 0 {
            pass.needMain = max(pass.needMain, pass.totals.margins + pass.totals.gaps + pass.used)
        }
        // Grow shares the free space, which moves with every finite Rm: only an unbounded Rm, where nothing grows
        // (the fix for quirk 7), gives one result.
        if pass.tracksNeed && pass.totals.growSum > 0 { pass.needMain = max(pass.needMain, unbounded) }
        // 2. Flex, then recount the totals from scratch when anything changed: grow recounts them as it goes (one
        //    pass fewer over the children, which matters when they no longer fit in the caches), so only a shrink
        //    alone leaves them to recount here.
        let shrunk = shrinkIfNeeded(items, &pass, estimate: estimate)
        let grown = growIfNeeded(items, &pass, estimate: estimate)
        guard shrunk && !grown else { return }
        pass.used = 0
        pass.ratioUsed = 0
        pass.crossExtent = 0
        unswitched(on: pass.axis) { axis in
            for position in items.declarationStart..<items.declarationStart + items.count {
                let child = item(position)
                let childNode = node(child)
                if takesPart(childNode, pass) { accumulate(childNode, sizes[child], &pass, axis: axis) }
            }
        }
    }

    /// Shrink (§6.4): the overflow, computed once, is shared in proportion to the factors, in declaration order,
    /// with no redistribution when a child cannot absorb its share.
    private mutating func shrinkIfNeeded(_ items: ItemRange, _ pass: inout LinearPass, estimate: Double?) -> Bool {
        unswitched(on: pass.axis) { axis in shrinkIfNeeded(items, &pass, estimate: estimate, axis: axis) }
    }

    /// `shrinkIfNeeded` with its main axis a literal (`unswitched`).
    @inline(__always)
    private mutating func shrinkIfNeeded(_ items: ItemRange, _ pass: inout LinearPass, estimate: Double?, axis: Axis)
        -> Bool
    {
        let overflow = pass.totals.margins + pass.totals.gaps + pass.used - pass.innerMain
        guard pass.totals.shrinkSum > 0, overflow > 0 else { return false }
        for position in items.declarationStart..<items.declarationStart + items.count {
            let child = item(position)
            let childNode = node(child)
            let main = childNode.dim(along: axis)
            guard takesPart(childNode, pass), main.isWrap, main.shrink > 0 else { continue }
            let current = sizes[child].main(along: axis)
            pass.used -= current
            let target = max(0, current - overflow * main.shrink / pass.totals.shrinkSum)
            let offered = offer(childNode, pass, estimate: estimate, axis: axis)
                .with(main: target + childNode.hot.pointee.margin.main(along: axis), along: axis)
            accumulate(childNode, calculate(child, offered: offered), &pass, axis: axis)
        }
        return true
    }

    /// Grow (§6.5): the free space, captured once, is shared in proportion to the factors; disabled by any
    /// main-ratio sibling. **Fix for quirk 7:** nothing grows into an unbounded residual (Puyopuyo reaches ≈1.8e308).
    ///
    /// The same loop recounts T, Rsum and X from scratch, in declaration order, with every child's final size: what
    /// `measureAll`'s recount would give, term for term (a grown child's offer reads none of the running totals: its
    /// main is forced and its cross offer depends on the box alone).
    private mutating func growIfNeeded(_ items: ItemRange, _ pass: inout LinearPass, estimate: Double?) -> Bool {
        unswitched(on: pass.axis) { axis in growIfNeeded(items, &pass, estimate: estimate, axis: axis) }
    }

    /// `growIfNeeded` with its main axis a literal (`unswitched`).
    @inline(__always)
    private mutating func growIfNeeded(_ items: ItemRange, _ pass: inout LinearPass, estimate: Double?, axis: Axis)
        -> Bool
    {
        guard pass.totals.growSum > 0, pass.totals.ratioSum == 0, pass.used < pass.innerMain, pass.innerMain < unbounded
        else { return false }
        let free = pass.free
        pass.used = 0
        pass.ratioUsed = 0
        pass.crossExtent = 0
        for position in items.declarationStart..<items.declarationStart + items.count {
            let child = item(position)
            let childNode = node(child)
            guard takesPart(childNode, pass) else { continue }
            let main = childNode.dim(along: axis)
            if main.isWrap && main.grow > 0 {
                let grown = sizes[child].main(along: axis) + free * main.grow / pass.totals.growSum
                let offered = offer(childNode, pass, estimate: estimate, axis: axis)
                    .with(main: grown + childNode.hot.pointee.margin.main(along: axis), along: axis)
                // The grown main is forced; the re-measured cross is kept.
                sizes[child] = calculate(child, offered: offered).with(main: grown, along: axis)
            }
            accumulate(childNode, sizes[child], &pass, axis: axis)
        }
        return true
    }

    /// The cross-conflict solver (§6.6): bisection on the wrap cross size, at most 31 passes, tolerance 0.5.
    mutating func solveCrossConflict(_ items: ItemRange, _ pass: inout LinearPass) {
        let historyStart = conflictHistory.count
        defer { conflictHistory.removeSubrange(historyStart...) }
        var estimate = pass.crossExtent
        var best = estimate
        var bestDelta = Double.infinity
        var attempts = 0
        while true {
            let tries = conflictHistory[historyStart...].reduce(0) { $1 == estimate ? $0 + 1 : $0 }
            if tries >= 2 || attempts > 30 {
                measureAll(items, &pass, estimate: best)
                pass.crossExtent = best
                return
            }
            measureAll(items, &pass, estimate: estimate)
            conflictHistory.append(estimate)
            let delta = pass.crossExtent - estimate
            if abs(delta) < bestDelta {
                best = estimate
                bestDelta = abs(delta)
            }
            if abs(delta) < 0.5 {
                estimate = max(pass.crossExtent, estimate)
                measureAll(items, &pass, estimate: estimate)
                pass.crossExtent = estimate
                return
            }
            estimate = truncatedToThousandths(estimate + delta / 2)
            attempts += 1
        }
    }
}
