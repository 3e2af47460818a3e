import LayoutCore

/// A prepared tree for repeated layout. Construction flattens the tree into reusable buffers (not timed by
/// benchmarks); `layout(proposal:)` then allocates nothing per node.
///
/// Not thread-safe: one layout at a time per engine (it is `Sendable` so it can be handed to another task).
/// Recursion depth follows the tree depth; nodes deeper than `BoxNode.maximumDepth` are treated as inactive.
public final class BoxLayoutEngine: @unchecked Sendable {
    var state: LayoutState
    /// The number of real nodes (pre-order indices `0..<realCount`); the flows' line boxes come after them.
    let realCount: Int
    /// Each real node's parent index (−1 for the root) and its index among all of the parent's children.
    let parents: [Int32]
    let childPositions: [Int32]
    let ids: [String?]

    public convenience init(root: BoxNode, measurer: any TextMeasuring) {
        self.init(root: root, measurer: measurer, caching: true)
    }

    /// - Parameter caching: false turns the measurement cache off (tests compare against it).
    init(root: BoxNode, measurer: any TextMeasuring, caching: Bool) {
        // 1. Pre-order over the active nodes, without recursion: a stack of sibling lists and the next index.
        var nodes: [FlatNode] = [], parents: [Int32] = [], positions: [Int32] = [], ids: [String?] = []
        var regulators: [Regulator] = []
        func record(_ node: BoxNode, parent: Int32, position: Int32) {
            nodes.append(FlatNode(node, measurer: measurer))
            regulators.append(Regulator(node))
            parents.append(parent)
            positions.append(position)
            ids.append(node.id)
        }
        var stack: [(siblings: [BoxNode], next: Int, parent: Int32)] = []
        if root.activated {
            record(root, parent: -1, position: 0)
            if !root.children.isEmpty { stack.append((root.children, 0, 0)) }
        }
        while !stack.isEmpty {
            let top = stack.count - 1
            let position = stack[top].next
            guard position < stack[top].siblings.count else {
                stack.removeLast()
                continue
            }
            stack[top].next += 1
            let child = stack[top].siblings[position]
            // The stack holds one entry per level above the child: its depth is stack.count.
            guard child.activated, stack.count <= BoxNode.maximumDepth else { continue }
            record(child, parent: stack[top].parent, position: Int32(position))
            if !child.children.isEmpty { stack.append((child.children, 0, Int32(nodes.count - 1))) }
        }
        realCount = nodes.count
        // 2. Each container's children slice (declaration order), measuring-order slice and, for flows, lines.
        var childCounts = [Int32](repeating: 0, count: nodes.count)
        for parent in parents where parent >= 0 { childCounts[Int(parent)] += 1 }
        var itemList: [Int32] = []
        for index in nodes.indices where nodes[index].kind != .leaf {
            let count = childCounts[index]
            let start = Int32(itemList.count)
            nodes[index].items = ItemRange(
                declarationStart: start, orderStart: nodes[index].kind == .z ? start : start + count, count: count)
            itemList.append(contentsOf: repeatElement(0, count: Int(count) * (nodes[index].kind == .z ? 1 : 2)))
            if nodes[index].kind == .flow {
                nodes[index].linesStart = Int32(itemList.count)
                itemList.append(contentsOf: repeatElement(0, count: Int(count)))
            }
        }
        var filled = [Int32](repeating: 0, count: nodes.count)
        for index in 1..<max(nodes.count, 1) {
            let parent = Int(parents[index])
            itemList[Int(nodes[parent].items.declarationStart + filled[parent])] = Int32(index)
            filled[parent] += 1
        }
        // 3. Measuring orders (stable): linear boxes store theirs; flow items get ranks along the line axis.
        for index in 0..<realCount where nodes[index].kind == .linear || nodes[index].kind == .flow {
            let items = nodes[index].items
            let mainAxis = nodes[index].kind == .flow ? nodes[index].axis.crossAxis : nodes[index].axis
            let start = Int(items.declarationStart), count = Int(items.count)
            func level(_ offset: Int) -> (Int, Double) { nodes[Int(itemList[start + offset])].dim(along: mainAxis).measuringLevel }
            // Usually the declaration order already is the measuring order; sort only when it is not.
            var ordered = Array(0..<count)
            if (1..<max(count, 1)).contains(where: { level($0 - 1) > level($0) }) {
                ordered.sort { level($0) != level($1) ? level($0) < level($1) : $0 < $1 }
            }
            for (rank, offset) in ordered.enumerated() {
                if nodes[index].kind == .linear {
                    itemList[Int(items.orderStart) + rank] = itemList[start + offset]
                } else {
                    nodes[Int(itemList[start + offset])].rank = Int32(rank)
                }
            }
            // 4. A flow gets one virtual line box per item: no layout makes more lines than items.
            if nodes[index].kind == .flow {
                let line = FlatNode(lineOf: nodes[index], regulators[index])
                let lineRegulator = Regulator(lineOf: regulators[index])
                for offset in 0..<Int(items.count) {
                    itemList[Int(nodes[index].linesStart) + offset] = Int32(nodes.count)
                    nodes.append(line)
                    regulators.append(lineRegulator)
                }
            }
        }
        // 5. Which real nodes keep a measurement cache: children come after their parent in pre-order.
        for index in (0..<realCount).reversed() {
            let items = nodes[index].items
            let children = (0..<Int(items.count)).lazy.map { nodes[Int(itemList[Int(items.declarationStart) + $0])] }
            nodes[index].cacheable = caching && nodes[index].qualifiesForCache(children: children)
        }
        self.parents = parents
        self.childPositions = positions
        self.ids = ids
        state = LayoutState(nodes: nodes, regulators: regulators, itemList: itemList)
        // 6. A linear box's totals over its children follow from the descriptions: count them once.
        for index in 0..<realCount where nodes[index].kind == .linear {
            state.regulators[index].linearTotals = state.countTotals(index, state.linearParameters(index), nodes[index].items)
        }
        // 7. Leaves' entries never change: their unclipped size follows from their description.
        for index in 0..<realCount where nodes[index].kind == .leaf && nodes[index].cacheable {
            state.caches[index] = state.leafCache(index)
        }
    }

    deinit { state.deallocate() }

    /// Lays out the whole tree; the hot path: it allocates nothing per node. Returns the root's size.
    /// The root sits at its margins' top-left corner; a nil proposal dimension is unbounded.
    @discardableResult
    public func layout(proposal: BoxProposal) -> Size {
        guard realCount > 0 else { return .zero }
        let offered = Size(width: proposal.width ?? unbounded, height: proposal.height ?? unbounded)
        let size = state.calculate(0, offered: offered)
        let margin = state.nodes[0].margin
        state.centers[0] = Point(x: margin.left + size.width / 2, y: margin.top + size.height / 2)
        return size
    }

    /// The frames of the last layout, every active node in pre-order (allocates; not for the hot path).
    /// Coordinates beyond ±1.8e308 are clamped to it; a NaN (unreachable by design) would become 0.
    public func frames() -> BoxFrames {
        var paths: [[Int]] = []
        paths.reserveCapacity(realCount)
        var frames: [BoxFrame] = []
        frames.reserveCapacity(realCount)
        for index in 0..<realCount {
            let parent = Int(parents[index])
            paths.append(parent < 0 ? [] : paths[parent] + [Int(childPositions[index])])
            let size = state.sizes[index], center = state.centers[index]
            let frame = Rect(
                x: finite(center.x - size.width / 2), y: finite(center.y - size.height / 2),
                width: finite(size.width), height: finite(size.height))
            frames.append(BoxFrame(path: paths[index], id: ids[index], frame: frame))
        }
        return BoxFrames(frames: frames)
    }
}

/// Clamps to the finite range and maps NaN to 0, so no output is ever non-finite.
func finite(_ value: Double) -> Double {
    value.isNaN ? 0 : min(max(value, -unbounded), unbounded)
}
