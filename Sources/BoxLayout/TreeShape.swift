/// The case tree's structure in pre-order, **every node included**: inactive ones and those deeper than
/// `BoxNode.maximumDepth` keep their index, so a pre-order index stays valid when activation changes.
///
/// The layout passes never read it; the engine derives each box's slice of children that take part from it
/// (`BoxLayoutEngine.arrangeChildren`), at init and after a mutation.
struct TreeShape {
    /// Each node's parent index (−1 for the root) and its index among all of the parent's children.
    var parents: [Int32] = []
    var positions: [Int32] = []
    var types: [BoxNodeType] = []
    var ids: [String?] = []
    /// The case's `activated` flag, changed by mutations.
    var activated: [Bool] = []
    /// Whether the node is at most `BoxNode.maximumDepth` deep; deeper nodes are treated as inactive.
    var withinDepth: [Bool] = []
    /// Node i's children, all of them in declaration order, are `children[childStart[i]..<childStart[i + 1]]`.
    var childStart: [Int32] = []
    var children: [Int32] = []

    var count: Int { parents.count }

    /// Whether the node takes part in its parent's layout (its ancestors' own flags aside).
    @inline(__always) func takesPart(_ index: Int) -> Bool { activated[index] && withinDepth[index] }

    func children(of index: Int) -> ArraySlice<Int32> { children[Int(childStart[index])..<Int(childStart[index + 1])] }

    /// Flattens `root` without recursion (a stack of sibling lists), so any depth is fine.
    init(root: BoxNode, visit: (BoxNode) -> Void) {
        func record(_ node: BoxNode, parent: Int32, position: Int32, depth: Int) {
            parents.append(parent)
            positions.append(position)
            types.append(node.type)
            ids.append(node.id)
            activated.append(node.activated)
            withinDepth.append(depth <= BoxNode.maximumDepth)
            visit(node)
        }
        // 1. Pre-order: the root, then a stack of sibling lists and the next index in each.
        record(root, parent: -1, position: 0, depth: 0)
        var stack: [(siblings: [BoxNode], next: Int, parent: Int32)] = []
        if !root.children.isEmpty { stack.append((root.children, 0, 0)) }
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
            record(child, parent: stack[top].parent, position: Int32(position), depth: stack.count)
            if !child.children.isEmpty { stack.append((child.children, 0, Int32(parents.count - 1))) }
        }
        // 2. Each node's children: counted, then filled in index order, which is declaration order.
        var counts = [Int32](repeating: 0, count: count + 1)
        for parent in parents where parent >= 0 { counts[Int(parent) + 1] += 1 }
        for index in 0..<count { counts[index + 1] += counts[index] }
        childStart = counts
        children = [Int32](repeating: 0, count: Int(counts[count]))
        var filled = counts
        for index in 1..<max(count, 1) {
            let parent = Int(parents[index])
            children[Int(filled[parent])] = Int32(index)
            filled[parent] += 1
        }
    }

    /// The node's path: child indices from the root (among all children), as frames give it.
    func path(of index: Int) -> [Int] {
        var path: [Int] = []
        var node = index
        while parents[node] >= 0 {
            path.append(Int(positions[node]))
            node = Int(parents[node])
        }
        return path.reversed()
    }
}
