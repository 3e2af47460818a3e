import LayoutCore

/// Addresses one node of the case tree. Pre-order indices count **every** node of the case (inactive ones too),
/// so an index stays valid when activation changes. Paths are child indices from the root, as in frames.
public enum BoxNodeAddress: Hashable, Sendable {
    case preorder(Int)
    case path([Int])
    case id(String)
}

/// One change to a built tree (`BoxLayoutEngine.apply`), or to a `BoxNode` (`BoxNode.apply`): the engine's frames
/// after the change equal those of an engine built from the changed node.
public enum BoxMutation: Hashable, Sendable {
    /// A leaf's measured (natural) size, what its measure function now returns; leaves only. Replaces a text.
    case content(Size)
    case width(SizeDescription)
    case height(SizeDescription)
    case margin(Insets)
    /// Containers only.
    case padding(Insets)
    case activated(Bool)
}

/// A resolved node address: apply many mutations through it without looking the node up again.
/// Valid for the engine that resolved it, for that engine's whole life.
public struct BoxNodeHandle: Hashable, Sendable {
    /// The node's pre-order index among all nodes of the case.
    public let preorderIndex: Int
}

/// Why a mutation was refused; the engine is unchanged.
public enum BoxMutationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No node has this pre-order index; the case has `count` nodes.
    case unknownIndex(Int, count: Int)
    /// The path leads to no node: the first `validPrefix` indices do, the next one does not.
    case unknownPath([Int], validPrefix: Int)
    case unknownID(String)
    /// Several nodes carry this id: address one by path or index.
    case ambiguousID(String, count: Int)
    /// The mutation does not apply to this node's type (content on a box, padding on a leaf).
    case misfit(BoxMutation, type: BoxNodeType, path: [Int])
    /// A value no case could hold (a negative size, a non-finite inset, a ratio of 0, …).
    case invalidValue(BoxMutation, reason: String)

    public var description: String {
        switch self {
        case .unknownIndex(let index, let count): "no node has pre-order index \(index) (the tree has \(count) nodes)"
        case .unknownPath(let path, let prefix):
            "no node at path \(path): \(Array(path.prefix(prefix))) has no child \(path[prefix])"
        case .unknownID(let id): "no node has id '\(id)'"
        case .ambiguousID(let id, let count): "\(count) nodes have id '\(id)'; address one by path or pre-order index"
        case .misfit(let mutation, let type, let path):
            "\(mutation.name) does not apply to the \(type.rawValue) at \(path)"
        case .invalidValue(let mutation, let reason): "\(mutation.name): \(reason)"
        }
    }
}

extension BoxLayoutEngine {
    /// Applies a change; the next `layout(proposal:)` recomputes only what it reaches.
    /// - Throws: `BoxMutationError` when the address is unknown or the mutation does not fit the node; the
    ///   engine is then unchanged.
    public func apply(_ mutation: BoxMutation, at address: BoxNodeAddress) throws(BoxMutationError) {
        let handle = try resolve(address)
        try mutation.check(for: shape.types[handle.preorderIndex], at: shape.path(of: handle.preorderIndex))
        apply(mutation, to: handle)
    }

    /// The hot-path form for benchmarks: resolve once, then apply many times without lookups.
    public func resolve(_ address: BoxNodeAddress) throws(BoxMutationError) -> BoxNodeHandle {
        switch address {
        case .preorder(let index):
            guard (0..<realCount).contains(index) else { throw .unknownIndex(index, count: realCount) }
            return BoxNodeHandle(preorderIndex: index)
        case .path(let path):
            var node = 0
            for (depth, position) in path.enumerated() {
                let children = shape.children(of: node)
                guard children.indices.contains(children.startIndex + position) else {
                    throw .unknownPath(path, validPrefix: depth)
                }
                node = Int(children[children.startIndex + position])
            }
            return BoxNodeHandle(preorderIndex: node)
        case .id(let id):
            let matches = shape.ids.indices.filter { shape.ids[$0] == id }
            guard let first = matches.first else { throw .unknownID(id) }
            guard matches.count == 1 else { throw .ambiguousID(id, count: matches.count) }
            return BoxNodeHandle(preorderIndex: first)
        }
    }

    /// The path of a resolved node (child indices from the root, as frames give it).
    public func path(of node: BoxNodeHandle) -> [Int] { shape.path(of: node.preorderIndex) }

    /// Applies a change through a resolved handle: no lookup; a content change allocates nothing and costs one
    /// step per ancestor.
    ///
    /// Precondition: the mutation fits the node and its values are valid (`apply(_:at:)` checks both and throws;
    /// here a misfit stops the program, as an out-of-range index does).
    public func apply(_ mutation: BoxMutation, to node: BoxNodeHandle) {
        let index = node.preorderIndex
        // 1. The node's own record.
        let record = state.node(index)
        var describesSize = false
        var arrangesParent = true
        var activates = false
        switch mutation {
        case .content(let size):
            precondition(record.hot.pointee.kind == .leaf, "content applies to leaves only")
            record.cold.pointee.natural = size
            arrangesParent = false
        case .width(let description):
            record.describe(width: Dim(description), height: record.cold.pointee.height)
            describesSize = true
        case .height(let description):
            record.describe(width: record.cold.pointee.width, height: Dim(description))
            describesSize = true
        case .margin(let margin):
            record.hot.pointee.margin = margin
        case .padding(let padding):
            precondition(record.hot.pointee.kind != .leaf, "padding applies to containers only")
            state.regulators[index].padding = padding
            arrangesParent = false
        case .activated(let activated):
            shape.activated[index] = activated
            activates = true
        }
        if describesSize { refreshSizeDescription(index) }
        if record.hot.pointee.kind == .flow { state.regulators[index].changedFrom = 0 }
        // 2. What the parent derives from its children: which take part, their order, its totals.
        let parent = Int(shape.parents[index])
        if arrangesParent && parent >= 0 { arrangeChildren(parent) }
        // 3. The cache flags up the path: the node's own when its description changed, then the ancestors'
        //    while they flip (a parent's flag reads its children's flags and descriptions).
        if describesSize { requalify(index) }
        if describesSize || activates {
            var ancestor = parent
            while ancestor >= 0 && requalify(ancestor) { ancestor = Int(shape.parents[ancestor]) }
        }
        // 4. The node's own entry (unless only its activation changed: nothing wrote below it meanwhile), then
        //    every ancestor's: the path to the root is exactly what the change reaches (docs/performance.md). A
        //    flow on the path notes the first of its items that changed, so it re-breaks only from there.
        if !activates { resetEntry(index) }
        var child = index
        var ancestor = parent
        while ancestor >= 0 {
            state.caches[ancestor] = .invalid
            if state.hot[ancestor].kind == .flow && state.cold[child].slot >= 0 {
                state.regulators[ancestor].changedFrom = min(
                    state.regulators[ancestor].changedFrom, state.cold[child].slot)
            }
            child = ancestor
            ancestor = Int(shape.parents[ancestor])
        }
    }

    /// What the boxes derive from a node's size description beyond its own record (whose aspect ratio and hot
    /// copies `NodeRef.describe` keeps): a linear box's totals (which read whether its main axis wraps) and a
    /// flow's line boxes (which copy its descriptions).
    private func refreshSizeDescription(_ index: Int) {
        if state.hot[index].kind == .linear { arrangeChildren(index) }
        if state.hot[index].kind == .flow { rewriteLines(index) }
    }
}

extension BoxMutation {
    /// The mutation's name in messages.
    var name: String {
        switch self {
        case .content: "content"
        case .width: "width"
        case .height: "height"
        case .margin: "margin"
        case .padding: "padding"
        case .activated: "activated"
        }
    }

    /// Throws when the mutation does not fit a node of `type` or holds a value no case could hold (the rules of
    /// case decoding: sizes ≥ 0 and finite, ratios > 0, insets finite).
    func check(for type: BoxNodeType, at path: [Int]) throws(BoxMutationError) {
        switch self {
        case .content(let size):
            guard type == .leaf else { throw .misfit(self, type: type, path: path) }
            guard size.width.isFinite, size.height.isFinite, size.width >= 0, size.height >= 0 else {
                throw .invalidValue(
                    self, reason: "a content size is finite and >= 0, got \(size.width) × \(size.height)")
            }
        case .width(let description), .height(let description):
            if let reason = description.invalidReason { throw .invalidValue(self, reason: reason) }
        case .margin(let insets), .padding(let insets):
            if case .padding = self, type == .leaf { throw .misfit(self, type: type, path: path) }
            guard [insets.top, insets.left, insets.bottom, insets.right].allSatisfy(\.isFinite) else {
                throw .invalidValue(self, reason: "insets are finite numbers")
            }
        case .activated:
            break
        }
    }
}

extension SizeDescription {
    /// Why no case could hold this description (the rules of its decoding), or nil when it is valid.
    var invalidReason: String? {
        switch self {
        case .fixed(let value):
            value.isFinite && value >= 0 ? nil : "a fixed size is a finite number >= 0, got \(value)"
        case .ratio(let value), .aspectRatio(let value):
            value.isFinite && value > 0 ? nil : "a ratio is a finite number > 0, got \(value)"
        case .wrap(let options):
            if ![options.add, options.min, options.priority, options.shrink, options.grow].allSatisfy(\.isFinite) {
                "wrap options are finite numbers"
            } else if options.min < 0 || options.shrink < 0 || options.grow < 0 {
                "wrap min, shrink and grow are >= 0"
            } else if let max = options.max, !(max.isFinite && max >= 0) {
                "a wrap max is a finite number >= 0, got \(max)"
            } else if options.grow > 0 && options.max != nil {
                "a wrap size with grow > 0 cannot have a max"
            } else {
                nil
            }
        }
    }
}

extension BoxNode {
    /// Applies a change to the node at `path` below this one, as `BoxLayoutEngine.apply` does to a built tree
    /// (a content change replaces a leaf's text). Differential checks build a fresh engine from the result.
    public mutating func apply(_ mutation: BoxMutation, at path: [Int]) throws(BoxMutationError) {
        guard let position = path.first else {
            try mutation.check(for: type, at: [])
            switch mutation {
            case .content(let size):
                content = size
                text = nil
                fontSize = nil
            case .width(let description): width = description
            case .height(let description): height = description
            case .margin(let insets): margin = insets
            case .padding(let insets): padding = insets
            case .activated(let flag): activated = flag
            }
            return
        }
        guard children.indices.contains(position) else { throw .unknownPath(path, validPrefix: 0) }
        do {
            try children[position].apply(mutation, at: Array(path.dropFirst()))
        } catch {
            // Errors name the whole path from this node.
            throw error.prefixed(by: position)
        }
    }
}

extension BoxMutationError {
    /// The same error seen one level up, from a parent whose child `position` holds the path.
    func prefixed(by position: Int) -> BoxMutationError {
        switch self {
        case .unknownPath(let path, let prefix): .unknownPath([position] + path, validPrefix: prefix + 1)
        case .misfit(let mutation, let type, let path): .misfit(mutation, type: type, path: [position] + path)
        default: self
        }
    }
}
