import LayoutCore

/// What the engine derives from the node records, at init and again after a mutation (BoxLayoutEngine+Mutation.swift):
/// each function rebuilds one derived fact for one node, from its records and its children's, so init and
/// mutations share them.
extension BoxLayoutEngine {
    /// Rebuilds what box `box` derives from its children: the slice of those that take part, their measuring
    /// order (a linear box's order slice, a flow's ranks) and a real linear box's totals.
    func arrangeChildren(_ box: Int) {
        let node = state.node(box)
        let kind = node.hot.pointee.kind
        // 1. The children that take part, in declaration order, into the box's slots; each child notes its slot.
        let start = Int(node.cold.pointee.items.declarationStart)
        var count = 0
        for child in shape.children(of: box) {
            guard shape.takesPart(Int(child)) else {
                state.cold[Int(child)].slot = -1
                continue
            }
            state.itemList[start + count] = child
            state.cold[Int(child)].slot = Int32(count)
            count += 1
        }
        node.cold.pointee.items.count = Int32(count)
        guard kind == .linear || kind == .flow else { return }
        // 2. Measuring order (stable): fixed, aspect, wrap by priority, ratio along the main axis (a flow's line
        //    axis). Usually the declaration order already is the measuring order; sort only when it is not.
        let mainAxis = kind == .flow ? node.hot.pointee.axis.crossAxis : node.hot.pointee.axis
        func level(_ offset: Int) -> (Int, Double) {
            state.node(state.item(Int32(start + offset))).dim(along: mainAxis).measuringLevel
        }
        var ordered = Array(0..<count)
        let inOrder = !(1..<max(count, 1)).contains(where: { level($0 - 1) > level($0) })
        if !inOrder { ordered.sort { level($0) != level($1) ? level($0) < level($1) : $0 < $1 } }
        let items = node.cold.pointee.items
        for (rank, offset) in ordered.enumerated() {
            let child = state.item(Int32(start + offset))
            if kind == .linear {
                state.itemList[Int(items.orderStart) + rank] = Int32(child)
            } else {
                state.hot[child].rank = Int32(rank)
            }
        }
        // 3. A flow's lines start over: they keep their items' order and totals only while nothing changes here.
        if kind == .flow {
            state.regulators[box].itemsInMeasuringOrder = inOrder
            state.regulators[box].itemsArePlain = (0..<count).allSatisfy { offset in
                state.node(state.item(Int32(start + offset))).isPlainItem(along: mainAxis)
            }
            rewriteLines(box)
        }
        // 4. A linear box's totals over its children follow from the descriptions: count them now, not per layout.
        if kind == .linear {
            state.regulators[box].linearTotals = state.countTotals(box, state.linearParameters(box), items)
        }
    }

    /// Recomputes whether node `index` keeps a measurement cache (`qualifiesForCache`, over the children that
    /// take part, whose own flags must be current). A node whose flag flips starts with no entry: one kept from
    /// before would describe an older subtree. Returns whether it flipped.
    @discardableResult
    func requalify(_ index: Int) -> Bool {
        let items = state.cold[index].items
        let children = (0..<items.count).lazy.map { [state] in state.node(state.item(items.declarationStart + $0)) }
        let qualifies =
            caching
            && state.node(index).qualifiesForCache(children: children, runRowSize: state.regulators[index].runRowSize)
        guard qualifies != state.hot[index].cacheable else { return false }
        state.hot[index].cacheable = qualifies
        state.caches[index] = .invalid
        return true
    }

    /// Flow `flow`'s virtual line boxes, one per child (no layout makes more lines).
    private func lineBoxes(of flow: Int) -> some Sequence<Int> {
        let capacity = Int(shape.childStart[flow + 1] - shape.childStart[flow])
        return (0..<capacity).lazy.map { [state] in state.item(state.cold[flow].linesStart + Int32($0)) }
    }

    /// Gives node `index` the entry its records alone allow: a cacheable leaf's static entry (`leafCache`),
    /// otherwise none (a box earns its entry by being calculated).
    func resetEntry(_ index: Int) {
        state.caches[index] =
            state.hot[index].kind == .leaf && state.hot[index].cacheable ? state.leafCache(index) : .invalid
    }

    /// Rewrites flow `flow`'s virtual line boxes, which copy its size descriptions, alignment and regulator; they
    /// start over with no items, no totals (`setLine`) and no entry, and the flow breaks its lines from the start.
    ///
    /// Every line box keeps an entry, whatever its flow: one for its very offer when its flow bounds no regime
    /// (`finishLinear`), so the lines before a changed item hit; its flow's outer box reads its regime otherwise.
    func rewriteLines(_ flow: Int) {
        var line = FlatNode(lineOf: state.record(flow), state.regulators[flow])
        line.hot.cacheable = true
        var regulator = Regulator(lineOf: state.regulators[flow])
        regulator.childrenMayBeBounded = state.regulators[flow].childrenMayBeBounded
        state.regulators[flow].changedFrom = 0
        for box in lineBoxes(of: flow) {
            state.store(line, at: box)
            state.regulators[box] = regulator
            state.caches[box] = .invalid
        }
    }
}
