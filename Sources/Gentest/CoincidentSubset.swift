import BoxLayout
import Engines
import LayoutCore

/// The coincident subset as the generator uses it: the coincident subset of docs/design.md (docs/gentest.md "The subset"), tightened where the
/// two semantics still differ on cases that fit. Pure: no I/O.
public enum CoincidentSubset {
    /// The JSON path and reason of the first property outside the generator's subset, or nil when the case is in.
    /// The shrinker re-checks every candidate with this, so a shrunk case never leaves the subset.
    public static func violation(in boxCase: BoxCase) -> String? {
        let root = boxCase.root
        if root.margin != .zero { return "$.root.margin: the root has no margin (Taffy ignores it)" }
        for axis in [Axis.horizontal, .vertical] where root.size(along: axis) == .fill {
            if boxCase.proposal.along(axis) == nil {
                return "$.root.\(axis.sizeKey): fill needs a definite proposal on that axis"
            }
        }
        return violation(in: root, path: "$.root", parent: nil, isRoot: true)
    }

    /// The node's own properties, then its children.
    static func violation(in node: BoxNode, path: String, parent: BoxNode?, isRoot: Bool) -> String? {
        // 1. Types and leaf content.
        switch node.type {
        case .zbox: return "\(path).type: zbox has no flexbox equivalent"
        case .leaf:
            if node.content == nil { return "\(path).content: leaves carry content (no text)" }
            if !node.children.isEmpty { return "\(path).children: a leaf has no children" }
        default: break
        }
        // 2. Sizes.
        for axis in [Axis.horizontal, .vertical] {
            if let reason = sizeViolation(node.size(along: axis), along: axis, parent: parent, isRoot: isRoot) {
                return "\(path).\(axis.sizeKey): \(reason)"
            }
        }
        // 3. Regulator properties the subset leaves at their defaults.
        if node.format != .leading || node.runFormat != .leading { return "\(path).format: only leading" }
        if node.reverse || node.arrange != 0 || node.flowEnding {
            return "\(path): reverse, arrange and flowEnding stay off"
        }
        if node.runRowSize != BoxNode.defaultRunRowSize { return "\(path).runRowSize: not in the subset" }
        if node.type.isFlowType, node.space != 0 { return "\(path).space: flows use itemSpace and runSpace" }
        if node.type.isFlowType {
            switch node.size(along: node.type.lineAxis) {
            case .fixed, .ratio(1): break
            default:
                return "\(path).\(node.type.lineAxis.sizeKey): a flow's line length is definite (fixed or a fill root)"
            }
        }
        // 4. Alignment: one cross-axis value, only where it maps to align-items / align-self.
        if let justify = node.justifyContent {
            guard node.type.isLinearType, isSingleCross(justify, in: node.type) else {
                return "\(path).justifyContent: one cross-axis value on a row or column only"
            }
        }
        if node.alignment != .idle {
            guard let parent, parent.type.isLinearType, !node.type.isFlowType,
                isSingleCross(node.alignment, in: parent.type)
            else {
                return "\(path).alignment: one cross-axis value on a child of a row or column only, and not on a flow"
            }
        }
        // 5. Known differences of the peers, excluded so that every engine must pass every generated case.
        if let parent, parent.type.isFlowType, node.margin.mainStart(along: parent.type.mainAxis) != 0 {
            return "\(path).margin: Yoga drops the run-start margin of a wrapping line's item"
        }
        for axis in [Axis.horizontal, .vertical] {
            guard case .wrap(let options) = node.size(along: axis), let max = options.max else { continue }
            if let content = node.content, max < content.main(along: axis) {
                return "\(path).\(axis.sizeKey): Taffy sizes the parent by a leaf's content above its max"
            }
            if node.margin.main(along: axis) != 0 { return "\(path).margin: Taffy takes the margin out of a max" }
        }
        // 6. A semantic difference, excluded: a box grown along its cross axis aligns its children in its natural
        //    size in Puyopuyo (spec §6.5 re-measures, then forces the size), in the grown size in CSS.
        if node.type.isLinearType, case .wrap(let options) = node.size(along: node.type.mainAxis.crossAxis),
            options.grow > 0,
            node.justifyContent != nil || node.children.contains(where: { $0.alignment != .idle })
        {
            return "\(path): a box that grows along its cross axis has no cross alignment"
        }
        // 7. The children.
        for (index, child) in node.children.enumerated() {
            if let found = violation(in: child, path: "\(path).children[\(index)]", parent: node, isRoot: false) {
                return found
            }
        }
        return nil
    }

    /// Fixed and wrap everywhere; fill only on the root (checked against the proposal by the caller); grow only
    /// along the main axis of a row or column whose main size is definite, and never with a min.
    static func sizeViolation(_ size: SizeDescription, along axis: Axis, parent: BoxNode?, isRoot: Bool) -> String? {
        switch size {
        case .fixed: return nil
        case .ratio(1) where isRoot: return nil
        case .ratio, .aspectRatio: return "fill (on the root only), ratio and aspectRatio are not in the subset"
        case .wrap(let options):
            if options.add != 0 || options.priority != 0 || options.shrink != 0 {
                return "add, priority and shrink are not in the subset"
            }
            guard options.grow > 0 else { return nil }
            guard let parent, parent.type.isLinearType, parent.type.mainAxis == axis else {
                return "grow only along the main axis of a row or column"
            }
            if options.min > 0 { return "grow with a min differs (CSS grows from the base size, then clamps)" }
            switch parent.size(along: axis) {
            case .fixed, .ratio(1): return nil
            default: return "grow needs a parent whose main size is definite (fixed, or a fill root)"
            }
        }
    }

    static func isSingleCross(_ alignment: BoxAlignment, in type: BoxNodeType) -> Bool {
        let allowed: [BoxAlignment] =
            type.mainAxis == .horizontal
            ? [.top, .bottom, .vertCenter] : [.left, .right, .horzCenter, .leading, .trailing]
        return allowed.contains(alignment)
    }
}

/// Why a generated case was dropped. Each reason is counted and printed (docs/gentest.md "Keep or discard").
public enum DiscardReason: String, CaseIterable, Hashable, Sendable, Comparable {
    /// A child's margin box leaves its parent's padding box, or the root's margin box leaves a bounded proposal:
    /// flexbox overflows where Puyopuyo clips.
    case overflow
    /// A size lost to the available space: a wrap leaf below its clamped content, a fixed size not kept, a box
    /// smaller than its padding (Puyopuyo clips wrap children in order and zeroes them; flexbox keeps them).
    case clipped
    /// A wrap `min` lost to the available space (it wins in CSS).
    case minLost = "min-lost"
    /// A wrap-sized flow broke its items into several lines: CSS sizes such a container to the available space,
    /// Puyopuyo to its widest line.
    case wrapFlowLines = "wrap-flow-lines"
    /// The answer has a frame off the whole-pixel grid (Chrome lays out in 1/64 px).
    case fractional
    /// The answering engine refused the case (it should not: the generator stays inside the coincident subset of docs/design.md).
    case refused
    /// A known difference of a peer engine applies (`KnownPeerDifference`): kept out of the corpus so that
    /// every engine must pass every case.
    case peerKnown = "peer-known"

    public static func < (lhs: DiscardReason, rhs: DiscardReason) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// Decides, from the reference engine's own layout, whether content overflows where the two semantics differ.
/// Pure. The rule (docs/gentest.md): nothing was clipped and nothing sticks out, so both engines lay every node
/// out at the size it asks for.
public enum OverflowRule {
    /// The first reason to drop the case, or nil when Puyopuyo and flexbox must agree on it.
    public static func discardReason(for boxCase: BoxCase, frames: [BoxFrame]) -> DiscardReason? {
        let byPath = Dictionary(frames.map { ($0.path, $0.frame) }, uniquingKeysWith: { first, _ in first })
        guard let rootFrame = byPath[[]] else { return nil }
        // 1. The root within a bounded proposal.
        for axis in [Axis.horizontal, .vertical] {
            if let offered = boxCase.proposal.along(axis), rootFrame.size.main(along: axis) > offered {
                return .overflow
            }
        }
        // 2. Every node, top-down.
        var worst: DiscardReason?
        var stack: [(node: BoxNode, path: [Int])] = [(boxCase.root, [])]
        while let (node, path) = stack.popLast() {
            guard node.activated, let frame = byPath[path] else { continue }
            if let reason = ownSizeReason(node, frame: frame) { worst = min(worst ?? reason, reason) }
            if let reason = childrenReason(node, frame: frame, path: path, byPath: byPath) {
                worst = min(worst ?? reason, reason)
            }
            for (index, child) in node.children.enumerated() { stack.append((child, path + [index])) }
        }
        return worst
    }

    /// The node got the size it asked for: a fixed size exactly, a wrap leaf its content clamped by min and max
    /// (at least that, when it grows), a wrap min honoured, a box at least its padding.
    static func ownSizeReason(_ node: BoxNode, frame: Rect) -> DiscardReason? {
        for axis in [Axis.horizontal, .vertical] {
            let got = frame.size.main(along: axis)
            switch node.size(along: axis) {
            case .fixed(let value) where got != value: return .clipped
            case .wrap(let options):
                if got < options.min { return .minLost }
                if let content = node.content?.main(along: axis) {
                    let wanted = min(max(content, options.min), options.max ?? .infinity)
                    if options.grow > 0 ? got < wanted : got != wanted { return .clipped }
                }
            default: break
            }
            if node.type.isContainer, got < node.padding.main(along: axis) { return .clipped }
        }
        return nil
    }

    /// Every active child's margin box inside the padding box; a wrap-sized flow in one line.
    static func childrenReason(_ node: BoxNode, frame: Rect, path: [Int], byPath: [[Int]: Rect]) -> DiscardReason? {
        let inner = Rect(
            x: node.padding.left, y: node.padding.top,
            width: frame.width - node.padding.horizontal, height: frame.height - node.padding.vertical)
        var runStarts: Set<Double> = []
        for (index, child) in node.children.enumerated() where child.activated {
            guard let box = byPath[path + [index]] else { continue }
            let outer = Rect(
                x: box.x - child.margin.left, y: box.y - child.margin.top,
                width: box.width + child.margin.horizontal, height: box.height + child.margin.vertical)
            if outer.minX < inner.minX || outer.minY < inner.minY || outer.maxX > inner.maxX || outer.maxY > inner.maxY
            {
                return .overflow
            }
            if node.type.isFlowType { runStarts.insert(outer.origin.main(along: node.type.mainAxis)) }
        }
        if node.type.isFlowType, node.size(along: node.type.lineAxis).isWrapSize, runStarts.count > 1 {
            return .wrapFlowLines
        }
        return nil
    }
}

extension Axis {
    /// The case-format key of the size on this axis.
    var sizeKey: String { self == .horizontal ? "width" : "height" }
}

/// A behaviour of a peer engine that Chromium does not share (docs/engines.md), recognised on a case and the
/// reference's frames. The fuzzer classifies the peer's disagreement on such a case as known, and the corpus
/// leaves such cases out, so that every engine must pass every generated case. Pure.
public enum KnownPeerDifference: String, CaseIterable, Hashable, Sendable {
    /// Taffy 0.7.7 (stretchable 1.1.8) sizes a flow that is a flex item with an exactly full line as if that line
    /// broke once more: a VBox around an HFlow 38 high holding items 0 and 38 high is 4 wide instead of 2. Every
    /// root is a flex item too (the only item of its viewport, docs/flex-case-format.md), so a root flow counts:
    /// a VFlow 28 wide holding items 0 and 6 + 22 wide is 4 high instead of 2.
    case taffyNestedFullLine = "taffy-nested-full-line"
    /// Yoga (pyyoga 0.1.0) may give a nested row or column that is empty along an axis (size 0) but not childless
    /// (inactive children count) the whole space available on that axis: under a proposal 20 wide, a VBox around an HBox around a VBox
    /// around a 0 × 0 leaf makes the inner three 20 wide instead of 0; a column with a max height of 2 holding a
    /// column around a 0 × 0 leaf becomes 2 high. Recognised conservatively (any such box), as generated leaves
    /// are never empty.
    case yogaEmptyNestedBox = "yoga-empty-nested-box"

    /// The engine the difference belongs to.
    public var engine: String {
        switch self {
        case .taffyNestedFullLine: "taffy"
        case .yogaEmptyNestedBox: "yoga"
        }
    }

    /// The known differences that `boxCase` (laid out as `frames` by the reference) runs into.
    public static func found(in boxCase: BoxCase, frames: [BoxFrame]) -> [KnownPeerDifference] {
        let byPath = Dictionary(frames.map { ($0.path, $0.frame) }, uniquingKeysWith: { first, _ in first })
        var found: Set<KnownPeerDifference> = []
        var stack: [(node: BoxNode, path: [Int])] = [(boxCase.root, [])]
        while let (node, path) = stack.popLast() {
            guard node.activated, let frame = byPath[path] else { continue }
            if node.type.isFlowType, hasFullLine(node, frame: frame, path: path, byPath: byPath) {
                found.insert(.taffyNestedFullLine)
            }
            if !path.isEmpty, node.type.isLinearType, frame.width == 0 || frame.height == 0, !node.children.isEmpty {
                found.insert(.yogaEmptyNestedBox)
            }
            for (index, child) in node.children.enumerated() { stack.append((child, path + [index])) }
        }
        return allCases.filter(found.contains)
    }

    /// Whether some line of the flow ends exactly at the end of its inner line length.
    static func hasFullLine(_ flow: BoxNode, frame: Rect, path: [Int], byPath: [[Int]: Rect]) -> Bool {
        let axis = flow.type.lineAxis
        let lineEnd = frame.size.main(along: axis) - flow.padding.mainEnd(along: axis)
        return flow.children.indices.contains { index in
            guard flow.children[index].activated, let box = byPath[path + [index]] else { return false }
            return box.origin.main(along: axis) + box.size.main(along: axis)
                + flow.children[index].margin.mainEnd(along: axis) == lineEnd
        }
    }
}
