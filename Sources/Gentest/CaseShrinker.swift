import BoxLayout
import Engines
import LayoutCore

/// Shrinks a box case to a minimal one that still shows a property (a disagreement between engines): the box steps
/// of the one greedy loop (`GreedyShrinker`), which the flex shrinker shares. Pure apart from what `holds` does.
public enum CaseShrinker {
    /// The kinds of step of `candidates(of:)`, biggest first.
    enum Step: Int, CaseIterable, Comparable, Sendable {
        /// A proposal dimension made unbounded (where the root does not fill it).
        case unboundProposal
        /// One child removed, with its subtree.
        case removeChild
        /// A box below the root replaced by one of its children.
        case hoistChild
        /// One property reset to its default.
        case resetProperty
        /// One number lowered (content, fixed sizes, wrap options, insets, gaps, the proposal).
        case lowerNumber

        static func < (lhs: Step, rhs: Step) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The smallest case reached from `start` by the steps of `candidates(of:)` while `holds` stays true
    /// (`GreedyShrinker`). Terminates: every step removes a node, resets a property to its default or lowers a
    /// number, and at most `budget` candidates are tried.
    public static func shrink(_ start: BoxCase, budget: Int = 3000, holds: (BoxCase) -> Bool) -> BoxCase {
        GreedyShrinker.shrink(start, budget: budget, candidates: candidates(of:), holds: holds)
    }

    /// Every one-step simplification, tagged with its kind, biggest first: 1. an unbounded proposal; 2. a child
    /// removed; 3. a box replaced by one of its children; 4. a property reset to its default; 5. a number lowered.
    static func candidates(of boxCase: BoxCase) -> [(step: Step, candidate: BoxCase)] {
        var result: [(step: Step, candidate: BoxCase)] = []
        for axis in [Axis.horizontal, .vertical]
        where boxCase.proposal.along(axis) != nil && boxCase.root.size(along: axis) != .fill {
            var unbounded = boxCase
            unbounded.proposal.set(nil, along: axis)
            result.append((.unboundProposal, unbounded))
        }
        let paths = boxCase.root.preorderPaths
        for path in paths {
            let node = boxCase.root.node(at: path)
            for index in node.children.indices {
                result.append((.removeChild, boxCase.updating(path) { $0.children.remove(at: index) }))
            }
        }
        for path in paths where !path.isEmpty {
            for child in boxCase.root.node(at: path).children {
                result.append((.hoistChild, boxCase.updating(path) { $0 = child }))
            }
        }
        for path in paths {
            for reset in resets(of: boxCase.root.node(at: path)) {
                result.append((.resetProperty, boxCase.updating(path) { $0 = reset }))
            }
        }
        for path in paths {
            for lower in lowered(boxCase.root.node(at: path)) {
                result.append((.lowerNumber, boxCase.updating(path) { $0 = lower }))
            }
        }
        for axis in [Axis.horizontal, .vertical] {
            for value in smaller(boxCase.proposal.along(axis)) {
                var lower = boxCase
                lower.proposal.set(value, along: axis)
                result.append((.lowerNumber, lower))
            }
        }
        return result
    }

    /// The node with one property back at its default (only properties that differ from it).
    static func resets(of node: BoxNode) -> [BoxNode] {
        var result: [BoxNode] = []
        func reset<Value: Equatable>(_ keyPath: WritableKeyPath<BoxNode, Value>, to value: Value) {
            guard node[keyPath: keyPath] != value else { return }
            var copy = node
            copy[keyPath: keyPath] = value
            result.append(copy)
        }
        reset(\.activated, to: true)
        reset(\.width, to: .wrap())
        reset(\.height, to: .wrap())
        reset(\.margin, to: .zero)
        reset(\.padding, to: .zero)
        reset(\.space, to: 0)
        reset(\.itemSpace, to: nil)
        reset(\.runSpace, to: nil)
        reset(\.alignment, to: .idle)
        reset(\.justifyContent, to: nil)
        return result
    }

    /// The node with one number lowered: halved, or less 2 (lengths stay even), for content, fixed sizes, wrap
    /// options, insets and gaps.
    static func lowered(_ node: BoxNode) -> [BoxNode] {
        var result: [BoxNode] = []
        func lower(_ keyPath: WritableKeyPath<BoxNode, Double>) {
            for value in smaller(node[keyPath: keyPath]) {
                var copy = node
                copy[keyPath: keyPath] = value
                result.append(copy)
            }
        }
        for axis in [Axis.horizontal, .vertical] {
            let key: WritableKeyPath<BoxNode, SizeDescription> = axis == .horizontal ? \.width : \.height
            switch node[keyPath: key] {
            case .fixed(let value):
                for smaller in smaller(value) {
                    var copy = node
                    copy[keyPath: key] = .fixed(smaller)
                    result.append(copy)
                }
            case .wrap(let options):
                let variants =
                    smaller(options.min).map { min in with(options) { $0.min = min } }
                    + smaller(options.max).map { max in with(options) { $0.max = max } }
                    + (options.grow > 1 ? [with(options) { $0.grow -= 1 }] : [])
                for variant in variants where variant.min <= (variant.max ?? .infinity) {
                    var copy = node
                    copy[keyPath: key] = .wrap(variant)
                    result.append(copy)
                }
            default: break
            }
        }
        if node.content != nil {
            lower(\.contentWidth)
            lower(\.contentHeight)
        }
        for side: WritableKeyPath<Insets, Double> in [\.top, \.left, \.bottom, \.right] {
            let insets: [WritableKeyPath<BoxNode, Insets>] = [\.margin, \.padding]
            for inset in insets { lower(inset.appending(path: side)) }
        }
        lower(\.space)
        if node.itemSpace != nil { lower(\.itemSpaceValue) }
        if node.runSpace != nil { lower(\.runSpaceValue) }
        return result
    }

    /// Smaller even values to try: half (rounded down to even), and 2 less.
    static func smaller(_ value: Double?) -> [Double] {
        guard let value, value > 0 else { return [] }
        let half = (value / 4).rounded(.down) * 2
        return half < value - 2 ? [half, max(0, value - 2)] : [max(0, value - 2)]
    }

    static func with(_ options: WrapOptions, _ change: (inout WrapOptions) -> Void) -> WrapOptions {
        var copy = options
        change(&copy)
        return copy
    }
}

extension BoxCase {
    /// The case with the node at `path` changed.
    func updating(_ path: [Int], _ change: (inout BoxNode) -> Void) -> BoxCase {
        var copy = self
        copy.root.update(path, change)
        return copy
    }
}

extension BoxNode {
    var contentWidth: Double {
        get { content?.width ?? 0 }
        set { content?.width = newValue }
    }

    var contentHeight: Double {
        get { content?.height ?? 0 }
        set { content?.height = newValue }
    }

    var itemSpaceValue: Double {
        get { itemSpace ?? 0 }
        set { itemSpace = newValue }
    }

    var runSpaceValue: Double {
        get { runSpace ?? 0 }
        set { runSpace = newValue }
    }
}
