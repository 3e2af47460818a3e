import LayoutCore

/// A prepared tree for repeated layout. Construction flattens the tree into reusable buffers (not timed by
/// benchmarks); `layout(proposal:)` then allocates nothing per node. Mutations (BoxLayoutEngine+Mutation.swift)
/// change the prepared tree in place.
///
/// Not thread-safe: one layout or mutation at a time per engine (it is `Sendable` so it can be handed to another
/// task). Recursion depth follows the tree depth; nodes deeper than `BoxNode.maximumDepth` are treated as inactive.
public final class BoxLayoutEngine: @unchecked Sendable {
    var state: LayoutState
    /// The number of real nodes: every node of the case, inactive ones included, at its pre-order index
    /// `0..<realCount`; the flows' line boxes come after them.
    let realCount: Int
    /// The case tree's structure, which mutations read and change.
    var shape: TreeShape
    /// False turns the measurement cache off for good (tests compare against it).
    let caching: Bool

    public convenience init(root: BoxNode, measurer: any TextMeasuring) {
        self.init(root: root, measurer: measurer, caching: true)
    }

    /// - Parameter caching: false turns the measurement cache off (tests compare against it).
    init(root: BoxNode, measurer: any TextMeasuring, caching: Bool) {
        precondition(
            MemoryLayout<ColdNode>.offset(of: \.width) == 0
                && MemoryLayout<ColdNode>.offset(of: \.height) == MemoryLayout<Dim>.stride,
            "NodeRef.dim(along:) expects ColdNode to start with width, then height")
        // 1. Pre-order over every node, inactive ones too, so that indices survive activation changes.
        var nodes: [FlatNode] = []
        var regulators: [Regulator] = []
        shape = TreeShape(root: root) { node in
            nodes.append(FlatNode(node, measurer: measurer))
            regulators.append(Regulator(node))
        }
        realCount = nodes.count
        self.caching = caching
        // 2. Each container's slots in the item list, sized for all of its children: declaration order, measuring
        //    order (a ZBox has none) and, for a flow, one virtual line box per child (no layout makes more lines).
        var itemList: [Int32] = []
        for index in 0..<realCount where nodes[index].hot.kind != .leaf {
            let capacity = Int32(shape.childStart[index + 1] - shape.childStart[index])
            let start = Int32(itemList.count)
            let kind = nodes[index].hot.kind
            nodes[index].cold.items = ItemRange(
                declarationStart: start, orderStart: kind == .z ? start : start + capacity, count: 0)
            itemList.append(contentsOf: repeatElement(0, count: Int(capacity) * (kind == .z ? 1 : 2)))
            if kind == .flow {
                nodes[index].cold.linesStart = Int32(itemList.count)
                for _ in 0..<capacity {
                    itemList.append(Int32(nodes.count))
                    nodes.append(FlatNode(lineOf: nodes[index], regulators[index]))
                    regulators.append(Regulator(lineOf: regulators[index]))
                }
            }
        }
        // Which boxes have a flow below them: children come after their parent in pre-order.
        var holdsFlow = nodes[..<realCount].map { $0.hot.kind == .flow }
        for index in (1..<max(realCount, 1)).reversed() where holdsFlow[index] {
            let parent = Int(shape.parents[index])
            holdsFlow[parent] = true
            regulators[parent].childrenMayBeBounded = true
        }
        state = LayoutState(nodes: nodes, regulators: regulators, itemList: itemList, firstLineBox: realCount)
        // 3. Each box's children that take part, their measuring order and a linear box's totals.
        for index in 0..<realCount where nodes[index].hot.kind != .leaf { arrangeChildren(index) }
        // 4. Which nodes keep a measurement cache: bottom-up, since children come after their parent in pre-order.
        for index in (0..<realCount).reversed() { requalify(index) }
        // 5. Leaves' entries follow from their descriptions alone.
        for index in 0..<realCount where nodes[index].hot.kind == .leaf { resetEntry(index) }
    }

    deinit { state.deallocate() }

    /// Lays out the whole tree; the hot path: it allocates nothing per node. Returns the root's size.
    /// The root sits at its margins' top-left corner; a nil proposal dimension is unbounded.
    @discardableResult
    public func layout(proposal: BoxProposal) -> Size {
        guard shape.takesPart(0) else { return .zero }
        let offered = Size(width: proposal.width ?? unbounded, height: proposal.height ?? unbounded)
        let size = state.calculate(0, offered: offered)
        let margin = state.hot[0].margin
        state.centers[0] = Point(x: margin.left + size.width / 2, y: margin.top + size.height / 2)
        return size
    }

    /// The frames of the last layout, every active node in pre-order (allocates; not for the hot path): a node
    /// is shown when it and all of its ancestors take part.
    /// Coordinates beyond ±1.8e308 are clamped to it; a NaN (unreachable by design) would become 0.
    public func frames() -> BoxFrames {
        var paths: [[Int]] = Array(repeating: [], count: realCount)
        var shown = [Bool](repeating: false, count: realCount)
        var frames: [BoxFrame] = []
        frames.reserveCapacity(realCount)
        for index in 0..<realCount {
            let parent = Int(shape.parents[index])
            shown[index] = shape.takesPart(index) && (parent < 0 || shown[parent])
            guard shown[index] else { continue }
            if parent >= 0 { paths[index] = paths[parent] + [Int(shape.positions[index])] }
            let size = state.sizes[index]
            let center = state.centers[index]
            let frame = Rect(
                x: finite(center.x - size.width / 2), y: finite(center.y - size.height / 2),
                width: finite(size.width), height: finite(size.height))
            frames.append(BoxFrame(path: paths[index], id: shape.ids[index], frame: frame))
        }
        return BoxFrames(frames: frames)
    }
}

/// Clamps to the finite range and maps NaN to 0, so no output is ever non-finite.
func finite(_ value: Double) -> Double {
    value.isNaN ? 0 : min(max(value, -unbounded), unbounded)
}
