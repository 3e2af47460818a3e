extension FlexLayoutEngine {
    /// §9.7 Resolving flexible lengths, for one line: grow or shrink the unfrozen items toward the free space,
    /// freezing those their min or max sizes clamp, until every item is frozen.
    func resolveFlexibleLengths(_ items: Items, innerMain: Double, gap: Double, container: FlexContainer) {
        let gaps = gap * Double(max(0, items.count - 1))
        // 1. The used flex factor: grow when the hypothetical sizes leave space, shrink otherwise.
        var hypotheticalSum = gaps
        for index in items.indices { hypotheticalSum += items[index].outerHypotheticalMain }
        let growing = hypotheticalSum < innerMain
        // 2. Size inflexible items: no factor, or a base size already past the hypothetical size that way.
        for index in items.indices {
            let item = items[index]
            let factor = growing ? item.grow : item.shrink
            if factor == 0 || (growing && item.flexBase > item.hypotheticalMain)
                || (!growing && item.flexBase < item.hypotheticalMain)
            {
                items[index].frozen = true
                items[index].mainSize = item.hypotheticalMain
            } else {
                items[index].frozen = false
                items[index].mainSize = item.flexBase
            }
        }
        // A shrinking item's deferred automatic minimum (§4.5) is found now: it may clamp.
        if !growing {
            for index in items.indices where items[index].minMainDeferred && !items[index].frozen {
                items[index].minMain = automaticMinimumMain(items[index], in: container)
                items[index].minMainDeferred = false
            }
        }
        // 3. The initial free space.
        let initialFree = innerMain - sumOfOuterSizes(items) - gaps
        // 4. Loop until every item is frozen. Each pass freezes at least one item, so it ends within a pass per item
        // (the bound holds even for numbers no case can hold).
        var passes = 0
        while passes <= items.count, items.contains(where: { !$0.frozen }) {
            passes += 1
            // b. The remaining free space, scaled down when the unfrozen factors sum below 1.
            var free = innerMain - sumOfOuterSizes(items) - gaps
            var factorSum = 0.0
            for index in items.indices where !items[index].frozen {
                factorSum += growing ? items[index].grow : items[index].shrink
            }
            if factorSum < 1 {
                let scaled = initialFree * factorSum
                if abs(scaled) < abs(free) { free = scaled }
            }
            // c. Distribute it in proportion to the flex factors (shrink: scaled by the inner base size).
            if free != 0, factorSum > 0 {
                if growing {
                    for index in items.indices where !items[index].frozen {
                        items[index].mainSize = items[index].flexBase + free * items[index].grow / factorSum
                    }
                } else {
                    var scaledSum = 0.0
                    for index in items.indices where !items[index].frozen {
                        scaledSum += items[index].shrink * innerBase(items[index])
                    }
                    for index in items.indices where !items[index].frozen {
                        let ratio = scaledSum > 0 ? items[index].shrink * innerBase(items[index]) / scaledSum : 0
                        items[index].mainSize = items[index].flexBase - abs(free) * ratio
                    }
                }
            } else {
                for index in items.indices where !items[index].frozen { items[index].mainSize = items[index].flexBase }
            }
            // d. Fix min/max violations; the total violation decides who freezes (e).
            var totalViolation = 0.0
            for index in items.indices where !items[index].frozen {
                let target = items[index].mainSize
                let clamped = items[index].clampMain(target)
                items[index].violation = clamped - target
                totalViolation += clamped - target
                items[index].mainSize = clamped
            }
            for index in items.indices where !items[index].frozen {
                let violation = items[index].violation
                if abs(totalViolation) < 1e-9 || (totalViolation > 0 && violation > 0)
                    || (totalViolation < 0 && violation < 0)
                {
                    items[index].frozen = true
                }
            }
        }
    }

    /// The inner (content-box) flex base size the shrink factor scales (§9.7 step 4c).
    @inline(__always) private func innerBase(_ item: FlexItem) -> Double {
        max(0, item.flexBase - item.mainPaddingBorder)
    }

    /// The outer sizes of a line's items: frozen ones at their target, others at their flex base size.
    private func sumOfOuterSizes(_ items: Items) -> Double {
        var sum = 0.0
        for index in items.indices { sum += items[index].frozen ? items[index].outerMain : items[index].outerFlexBase }
        return sum
    }
}
