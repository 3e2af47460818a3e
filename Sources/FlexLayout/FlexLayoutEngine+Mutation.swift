import LayoutCore

/// A resolved element of a built engine: apply many changes through it without looking it up again. Valid for
/// the engine that resolved it, for that engine's whole life (insertions and removals elsewhere keep it).
public struct FlexNodeHandle: Hashable, Sendable {
    let node: Int
}

/// One change to a built engine (`FlexLayoutEngine.apply`): the frames after the change equal those of an engine
/// built from the changed tree.
public enum FlexMutation: Sendable {
    /// A leaf's content size (its content block, or what a measured leaf answers from now on).
    case content(Size)
    /// The element's whole style (its `direction`, when nil, inherits again). Boxed: a style is hundreds of bytes,
    /// and every content change would copy a mutation that size.
    indirect case style(FlexLayoutStyle)
}

/// Why a change was refused; the engine is unchanged.
public enum FlexMutationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The path leads to no element: the first `validPrefix` indices do, the next one does not.
    case unknownPath([Int], validPrefix: Int)
    /// Content is for an element without children.
    case notALeaf([Int])
    /// A size that is negative or not finite.
    case invalidSize(Size)
    /// An insertion index beyond the parent's children.
    case invalidIndex(Int, count: Int)

    public var description: String {
        switch self {
        case .unknownPath(let path, let prefix):
            "no element at path \(path): \(Array(path.prefix(prefix))) has no child \(path[prefix])"
        case .notALeaf(let path): "content does not apply to the element at \(path): it has children"
        case .invalidSize(let size): "content must be finite and ≥ 0, got \(size.width) × \(size.height)"
        case .invalidIndex(let index, let count): "no insertion index \(index) among \(count) children"
        }
    }
}

extension FlexLayoutEngine {
    /// The element at `path` (child indices from the root, as in frames).
    public func resolve(path: [Int]) throws(FlexMutationError) -> FlexNodeHandle {
        var node = children(0).first!
        for (depth, index) in path.enumerated() {
            let elements = children(node).filter { roles[$0] == .element }
            guard elements.indices.contains(index) else { throw .unknownPath(path, validPrefix: depth) }
            node = elements[index]
        }
        return FlexNodeHandle(node: node)
    }

    /// Applies a change; the next `layout` recomputes only the changed element, its ancestors, and what their new
    /// sizes reach.
    /// - Throws: `FlexMutationError` for content on an element with children or a size no case could hold.
    public func apply(_ mutation: FlexMutation, to handle: FlexNodeHandle) throws(FlexMutationError) {
        let node = checked(handle)
        switch mutation {
        case .content(let size):
            guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
                throw .invalidSize(size)
            }
            let kids = children(node)
            if let block = kids.first, roles[block] == .contentBlock {
                noteContentChange(leaf: node)
                setContentSize(size, leaf: node, block: block)
                forgetAnswers(of: block)
            } else if kids.isEmpty {
                measures[node] = nil
                isMeasured[node] = false
                appendContentBlock(to: node, size: size)
                invalidate(node)
            } else {
                throw .notALeaf(path(of: node))
            }
        case .style(var style):
            if style.direction == nil { style.direction = styles[parents[node]].direction ?? .ltr }
            styles[node] = style
            noteStyle(node)
            // The children's items read this style (their alignment, the axes, whether a line wraps).
            for child in children(node) {
                if roles[child] == .contentBlock { styles[child].direction = style.direction }
                preparedKeys[child] = nil
            }
            invalidate(node)
            noteTreeWideFacts()
        }
    }

    /// Inserts `element` as child `index` of `parent` (an element without content).
    public func insert(_ element: FlexLayoutNode, at index: Int, into parent: FlexNodeHandle) throws(FlexMutationError)
    {
        let node = checked(parent)
        let elements = children(node).filter { roles[$0] == .element }
        guard index >= 0, index <= elements.count else { throw .invalidIndex(index, count: elements.count) }
        guard !children(node).contains(where: { roles[$0] == .contentBlock }) else { throw .notALeaf(path(of: node)) }
        let added = appendSubtree(element, parent: node)
        var list = Array(children(node))
        list.insert(added, at: index)
        setChildren(of: node, list)
        invalidate(node)
        noteTreeWideFacts()
    }

    /// Removes the element at `handle` and its subtree from the tree (its storage is not reused).
    public func remove(_ handle: FlexNodeHandle) {
        let node = checked(handle)
        let parent = parents[node]
        setChildren(of: parent, children(parent).filter { $0 != node })
        invalidate(parent)
        noteTreeWideFacts()
    }

    /// The handle's node, which must be one of this engine's (the columns check their index in debug builds only).
    func checked(_ handle: FlexNodeHandle) -> Int {
        precondition(handle.node > 0 && handle.node < parents.count, "a FlexNodeHandle of another engine")
        return handle.node
    }

    /// The element's path among its parent's elements.
    func path(of node: Int) -> [Int] {
        var path: [Int] = []
        var current = node
        while current > 0, parents[current] > 0 {
            let parent = parents[current]
            path.append(children(parent).filter { roles[$0] == .element }.firstIndex(of: current)!)
            current = parent
        }
        return path.reversed()
    }

    /// Notes the change (once per leaf and layout) with the leaf's content size before it. The leaf's answers stay
    /// in its cache until the next layout, which nothing reads before `settleChanges` sets them aside and forgets
    /// them (a mutation that forgets them meanwhile only makes the change reach further).
    func noteContentChange(leaf node: Int) {
        if !pendingChanges.contains(where: { $0.node == node }) {
            pendingChanges.append(PendingChange(node: node, contentBefore: contentSizes[node]))
        }
    }

    /// How far each content change since the last layout reaches, decided before the layout: the changed leaf's
    /// parent asked it only what its cache kept (its sizings under each input, its intrinsic widths) and, of a
    /// content leaf, its content width. When every such answer is the same as before, every ancestor's answer is
    /// too (a node's answer depends only on its subtree and its input), so only the leaf's own subtree is laid out
    /// again, under the input it was placed under. Otherwise its parent's answers go as well, and the same question
    /// is asked of the parent, up to the viewport, which the layout then lays out as after any change.
    /// A node that is not a flex item placed by its parent's pass, one with an escaping absolutely positioned
    /// descendant, or one whose cache let an answer go, always passes the change up.
    func settleChanges() {
        for index in pendingChanges.indices {
            let change = pendingChanges[index]
            var node = change.node
            while true {
                // What needs no answer first: the cache is set aside (a copy of seven lines) only where the
                // answers may hold. The viewport never holds: the layout lays it out.
                let mayHold =
                    node != 0 && placedByFlexPass(node) && !escaping[node]
                    && (node != change.node || !isContentLeaf(node)
                        || contentSizes[node].width == change.contentBefore.width)
                if mayHold {
                    let before = caches[node]
                    forgetAnswers(of: node)
                    if before.performed != nil, answersHold(node, before: before) {
                        perform(node, placements[node], height: frames[node].height)
                        break
                    }
                } else {
                    forgetAnswers(of: node)
                }
                if node == 0 { break }
                node = parents[node]
            }
        }
        // Emptied one by one: `removeAll(keepingCapacity:)` costs more than the few changes a layout settles.
        while pendingChanges.popLast() != nil {}
    }

    /// Whether the node is an item its parent's flex pass places (`recordPlacement`): its frame then follows from
    /// its answers alone. An absolutely positioned box or a grid item is placed by a step that reads more of it.
    func placedByFlexPass(_ node: Int) -> Bool {
        traits[node].contains(.inFlow) && styles[parents[node]].display == .flex
    }

    /// Whether `node`, its answers forgotten, gives again every answer `before` holds.
    func answersHold(_ node: Int, before: NodeCache) -> Bool {
        guard !before.mayHaveForgotten else { return false }
        // The intrinsic widths first: a change of content width shows there, at less cost than a pass.
        if let widths = before.intrinsic, intrinsicContentWidths(node, innerHeight: nil) != widths { return false }
        if let known = before.intrinsicAtHeight,
            intrinsicContentWidths(node, innerHeight: known.height) != known.widths
        {
            return false
        }
        func same(_ a: SizingOutput, _ b: SizingOutput) -> Bool {
            a.height.bitPattern == b.height.bitPattern && a.contentHeight.bitPattern == b.contentHeight.bitPattern
                && (a.baseline ?? .nan).bitPattern == (b.baseline ?? .nan).bitPattern
        }
        // Each remembered sizing in turn (no array of them: the check runs inside the layout, which allocates
        // nothing).
        func holds(_ entry: NodeCache.Entry) -> Bool {
            guard let key = entry.key else { return true }
            return same(size(node, key), entry.value)
        }
        return holds(before.entries.0) && holds(before.entries.1) && holds(before.entries.2)
            && holds(before.entries.3)
    }

    /// Forgets what `node` answered and how its container prepared it.
    @inline(__always) func forgetAnswers(of node: Int) {
        caches[node].invalidate()
        preparedKeys[node] = nil
    }

    /// Forgets every answer `node` and its ancestors remembered: their sizes depend on it.
    func invalidate(_ node: Int) {
        var current = node
        while current >= 0 {
            forgetAnswers(of: current)
            current = parents[current]
        }
    }

    /// Gives `node` a new child list (written at the end of `childList`; the old range is left unused).
    func setChildren(of node: Int, _ list: [Int]) {
        childStart[node] = childList.count
        childCount[node] = list.count
        childList.append(contentsOf: list)
        if list.count == 1, roles[list[0]] == .contentBlock {
            traits[node].insert(.contentLeaf)
        } else {
            traits[node].remove(.contentLeaf)
        }
        // Paths count elements only: content blocks come first and are skipped.
        var position = 0
        for child in list where roles[child] == .element {
            indexInParent[child] = position
            position += 1
        }
    }
}

/// A content change not yet laid out: the leaf and its content size before the change.
struct PendingChange {
    var node: Int
    var contentBefore: Size
}
