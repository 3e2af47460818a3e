extension FlexLayoutEngine {
    /// §9.7 Resolving flexible lengths, for one line: grow or shrink the unfrozen items toward the free space,
    /// freezing those their min or max sizes clamp, until every item is frozen.
    func resolveFlexibleLengths(_ items: Items, innerMain: Double, gap: Double, container: FlexContainer) {
        let gaps = gap * Double(max(0, items.count - 1))
        // 1. The used flex factor: grow when the hypothetical sizes leave space, shrink otherwise.
        var hypotheticalSum = gaps
        for index in items.indices { hypotheticalSum += items[index].outerHypotheticalMain }
        let growing = hypotheticalSum < innerMain
        // 2. Size inflexible items: no factor, or a base size already past the hypothetical size that way. With it,
        // for step 3, the outer sizes (frozen items at their target, others at their flex base size) and how many
        // items stay unfrozen. (Each step reads every item of the line: at 10⁵ items a pass is a trip through
        // memory, so the steps that can share one do.)
        var outerSum = 0.0
        var unfrozen = 0
        var unfrozenFactors = 0.0
        for index in items.indices {
            let item = items[index]
            let factor = growing ? item.grow : item.shrink
            if factor == 0 || (growing && item.flexBase > item.hypotheticalMain)
                || (!growing && item.flexBase < item.hypotheticalMain)
            {
                items[index].frozen = true
                items[index].mainSize = item.hypotheticalMain
                outerSum += item.outerHypotheticalMain
            } else {
                items[index].frozen = false
                items[index].mainSize = item.flexBase
                outerSum += item.outerFlexBase
                unfrozen += 1
                unfrozenFactors += factor
            }
        }
        // A shrinking item's deferred automatic minimum (§4.5) is found now: it may clamp. (Once per pass: an
        // item is in one line.)
        if !growing, unfrozen > 0 {
            for index in items.indices where items[index].minMainDeferred && !items[index].frozen {
                items[index].minMain = automaticMinimumMain(items[index], in: container)
            }
        }
        // 3. The initial free space.
        let initialFree = innerMain - outerSum - gaps
        // 4. Loop until every item is frozen. Each pass freezes at least one item, so it ends within a pass per item
        // (the bound holds even for numbers no case can hold).
        var passes = 0
        while passes <= items.count, unfrozen > 0 {
            passes += 1
            // b. The remaining free space, scaled down when the unfrozen factors sum below 1. On the first pass the
            // sums are step 2's: nothing has changed since (a frozen item's target is its hypothetical size).
            var outerSizes = outerSum
            var factorSum = unfrozenFactors
            if passes > 1 {
                outerSizes = 0
                factorSum = 0
                for index in items.indices {
                    let item = items[index]
                    if item.frozen {
                        outerSizes += item.outerMain
                    } else {
                        outerSizes += item.outerFlexBase
                        factorSum += growing ? item.grow : item.shrink
                    }
                }
            }
            var free = innerMain - outerSizes - gaps
            if factorSum < 1 {
                let scaled = initialFree * factorSum
                if abs(scaled) < abs(free) { free = scaled }
            }
            // c. Distribute it in proportion to the flex factors (shrink: scaled by the inner base size), and d. fix
            // min/max violations: each unfrozen item's target, clamped, in one pass (a target needs only the sums).
            let distributes = free != 0 && factorSum > 0
            var scaledSum = 0.0
            if distributes, !growing {
                for index in items.indices where !items[index].frozen {
                    scaledSum += items[index].shrink * innerBase(items[index])
                }
            }
            var totalViolation = 0.0
            for index in items.indices where !items[index].frozen {
                let item = items[index]
                var target = item.flexBase
                if distributes {
                    if growing {
                        target = item.flexBase + free * item.grow / factorSum
                    } else {
                        let ratio = scaledSum > 0 ? item.shrink * innerBase(item) / scaledSum : 0
                        target = item.flexBase - abs(free) * ratio
                    }
                }
                let clamped = item.clampMain(target)
                items[index].violation = clamped - target
                totalViolation += clamped - target
                items[index].mainSize = clamped
            }
            // e. Freeze over-flexed items: every one when the total violation is zero, else those whose violation
            // has its sign.
            if abs(totalViolation) < 1e-9 { break }
            for index in items.indices where !items[index].frozen {
                let violation = items[index].violation
                if (totalViolation > 0 && violation > 0) || (totalViolation < 0 && violation < 0) {
                    items[index].frozen = true
                    unfrozen -= 1
                }
            }
        }
    }

    /// The inner (content-box) flex base size the shrink factor scales (§9.7 step 4c).
    @inline(__always) private func innerBase(_ item: FlexItem) -> Double {
        max(0, item.flexBase - item.mainPaddingBorder)
    }
}
