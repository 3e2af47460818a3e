import BoxLayout
import Engines
import LayoutCore

/// A family of generated box cases, each leaning on some properties of the coincident subset (docs/gentest.md).
/// Case `i` of a run belongs to profile `allCases[i % allCases.count]`, so every profile is covered evenly.
public enum CoincidentProfile: String, CaseIterable, Hashable, Sendable {
    /// A row of leaves: margins, padding, `space`, fixed and wrap sizes.
    case hbox
    /// A column of leaves, the same properties.
    case vbox
    /// Columns that wrap (`column wrap`): `itemSpace`, `runSpace`, a definite height so that items wrap.
    case hflow
    /// Rows that wrap (`row wrap`), likewise.
    case vflow
    /// Rows and columns inside rows and columns, three levels deep.
    case nested
    /// Flows inside boxes and boxes inside flows.
    case flowNested = "flow-nested"
    /// `grow` children of rows and columns whose main size is definite (fixed, or a `fill` root).
    case grow
    /// `{"wrap":{"min","max"}}` on leaves and boxes.
    case minMax = "min-max"
    /// `justifyContent` (align-items) and `alignment` (align-self) on the cross axis.
    case align
    /// Inactive nodes (`display: none`) everywhere.
    case inactive

    /// How often each property appears, in percent, and how the tree is shaped.
    var knobs: Knobs {
        let boxes: [BoxNodeType] = [.hbox, .vbox]
        let all: [BoxNodeType] = [.hbox, .vbox, .hflow, .vflow]
        switch self {
        case .hbox: return Knobs(roots: [.hbox])
        case .vbox: return Knobs(roots: [.vbox])
        case .hflow: return Knobs(roots: [.hflow])
        case .vflow: return Knobs(roots: [.vflow])
        case .nested: return Knobs(roots: boxes, inner: boxes, depth: 3, container: 45)
        case .flowNested: return Knobs(roots: all, inner: all, depth: 2, container: 40)
        case .grow:
            return Knobs(roots: boxes, inner: boxes, depth: 2, container: 25) {
                $0.grow = 50
                $0.definiteMain = 70
                $0.fillRoot = 50
            }
        case .minMax:
            return Knobs(roots: [.hbox, .vbox, .vflow], inner: boxes, depth: 2, container: 25) { $0.minMax = 60 }
        case .align: return Knobs(roots: boxes, inner: boxes, depth: 2, container: 25) { $0.align = 60 }
        case .inactive: return Knobs(roots: all, inner: all, depth: 2, container: 30) { $0.inactive = 30 }
        }
    }
}

/// The dials of a profile: probabilities in percent and the shape of the tree.
struct Knobs {
    init(
        roots: [BoxNodeType], inner: [BoxNodeType] = [], depth: Int = 0, container: Int = 0,
        _ adjust: (inout Knobs) -> Void = { _ in }
    ) {
        rootTypes = roots
        innerTypes = inner
        maxDepth = depth
        self.container = container
        adjust(&self)
    }

    var rootTypes: [BoxNodeType]
    /// Container types below the root.
    var innerTypes: [BoxNodeType]
    /// Container levels below the root (0: the root holds only leaves).
    var maxDepth: Int
    var maxChildren = 7
    /// Chance that a child is a container, while the depth allows.
    var container: Int
    var margin = 30
    var padding = 30
    var spacing = 40
    var fixedLeaf = 15
    /// Chance that a box's dimension is fixed (a flow's line length always is; its run length at half this).
    var fixedBox = 35
    var minMax = 5
    var grow = 0
    /// Chance that a row or column gets a definite main size when grow children are wanted.
    var definiteMain = 0
    var fillRoot = 5
    var align = 5
    var inactive = 5
}

/// One generated case: its name (`<profile>-<index>`), where it comes from, and the case itself.
public struct GeneratedCase: Hashable, Sendable {
    public var name: String
    public var profile: CoincidentProfile
    public var index: Int
    public var boxCase: BoxCase
}

/// Generates box cases strictly inside the coincident subset (the coincident subset of docs/design.md, tightened as docs/gentest.md says),
/// reproducibly: the same seed gives the same cases on every platform. Pure: no I/O.
///
/// Lengths are even integers, so that sizes, sums and centred offsets stay on whole pixels; fixed sizes are the
/// natural size (found with the reference engine) plus some slack, so that most cases fit; grow slack is a
/// multiple of the sum of the grow factors, so that every share is whole.
public struct CoincidentCaseGenerator: ProfiledCaseGenerator {
    public var seed: UInt64
    /// The largest number of nodes in one case, root included.
    public static let maximumNodes = 30

    public init(seed: UInt64) { self.seed = seed }

    /// Case `index` of this seed in `profile`.
    public func makeCase(index: Int, profile: CoincidentProfile) -> GeneratedCase {
        var builder = CaseBuilder(random: SplitMix64(seed: seed, index: index), knobs: profile.knobs)
        let name = Self.caseName(profile, index: index)
        var boxCase = builder.makeCase(name: name)
        boxCase.description =
            "Generated by ristretto gentest: seed \(seed), case \(index), profile \(profile.rawValue)."
        return GeneratedCase(name: name, profile: profile, index: index, boxCase: boxCase)
    }
}

/// Builds one case, drawing every choice from its own generator.
struct CaseBuilder {
    var random: SplitMix64
    let knobs: Knobs
    /// Nodes still allowed in this case.
    var budget = CoincidentCaseGenerator.maximumNodes - 1

    init(random: SplitMix64, knobs: Knobs) {
        self.random = random
        self.knobs = knobs
    }

    /// 1. The root: a container with its subtree and its sizes (fixed, min/max or wrap, as for any container).
    /// 2. Fill axes: a root `fill` under a definite proposal (the only place the subset admits fill).
    /// 3. The proposal on each wrap axis: unbounded, wide, tight (just fits) or squeezed (too small, so that the
    ///    discard rule is exercised too).
    mutating func makeCase(name: String) -> BoxCase {
        let type = random.pick(knobs.rootTypes)
        let fillMain = random.chance(knobs.fillRoot)
        let fillCross = random.chance(knobs.fillRoot / 2)
        var root = makeContainer(type, depth: 0, definiteMain: fillMain || random.chance(knobs.definiteMain))
        let fills = [(type.mainAxis, fillMain), (type.mainAxis.crossAxis, fillCross)].filter(\.1).map(\.0)
        for axis in fills { root.setSize(.wrap(), along: axis) }
        let natural = Self.naturalSize(of: root)
        var proposal = BoxProposal()
        for axis in fills {
            proposal.set(fillProposal(for: root, natural: natural, along: axis), along: axis)
            root.setSize(.fill, along: axis)
        }
        for axis in [Axis.horizontal, .vertical] where root.size(along: axis).isWrapSize {
            let rootNatural = Self.naturalSize(of: root).main(along: axis)
            proposal.set(axis == .vertical && random.chance(70) ? nil : wrapProposal(natural: rootNatural), along: axis)
        }
        return BoxCase(name: name, proposal: proposal, root: root)
    }

    /// A definite proposal for a fill root: its natural size plus slack that every grow factor divides, or, for a
    /// flow's line axis, something between its widest item and a single line.
    mutating func fillProposal(for root: BoxNode, natural: Size, along axis: Axis) -> Double {
        if root.type.isFlowType, axis == root.type.lineAxis {
            return flowLineLength(root, natural: natural)
        }
        return natural.main(along: axis) + slack(for: root, along: axis)
    }

    /// Unbounded (40 %), wide (25 %), tight: just fits (25 %), or squeezed below the natural size (10 %).
    mutating func wrapProposal(natural: Double) -> Double? {
        switch random.int(in: 0...19) {
        case 0...7: return nil
        case 8...12: return natural + random.even(in: 40...400)
        case 13...17: return natural + random.even(in: 0...6)
        default: return max(0, natural - random.even(in: 2...40))
        }
    }

    // MARK: Containers

    /// A container and its subtree. `definiteMain`: its main size will be definite (fixed, or a fill root), so
    /// its children may grow.
    mutating func makeContainer(_ type: BoxNodeType, depth: Int, definiteMain: Bool) -> BoxNode {
        var node = BoxNode(type: type)
        // 1. Its own spacing properties.
        if random.chance(knobs.padding) { node.padding = insets(upTo: 8) }
        if random.chance(knobs.spacing) {
            if type.isFlowType {
                node.itemSpace = random.even(in: 0...8)
                node.runSpace = random.even(in: 0...8)
            } else {
                node.space = random.even(in: 0...8)
            }
        }
        if type.isLinearType, random.chance(knobs.align) { node.justifyContent = crossAlignment(in: type) }
        // 2. The children.
        let wanted = random.chance(5) ? 0 : random.int(in: 1...knobs.maxChildren)
        for _ in 0..<min(wanted, budget) {
            guard budget > 0 else { break }
            budget -= 1
            node.children.append(makeChild(in: type, depth: depth + 1, parentDefiniteMain: definiteMain))
        }
        // 3. Its sizes, from its natural size now that the children are known.
        sizeContainer(&node, definiteMain: definiteMain)
        return node
    }

    /// Fixes the dimensions the dice choose: a definite main for grow parents, a wrapping line length for flows,
    /// natural-plus-slack otherwise; or min/max options.
    mutating func sizeContainer(_ node: inout BoxNode, definiteMain: Bool) {
        let natural = Self.naturalSize(of: node)
        let type = node.type
        if type.isFlowType {
            // Always definite: a wrap-sized flow takes the available width in Yoga, and Taffy sizes nested
            // wrap-sized flows from their min-content (docs/gentest.md).
            node.setSize(.fixed(flowLineLength(node, natural: natural)), along: type.lineAxis)
            if random.chance(knobs.fixedBox / 2) {
                let runNatural = Self.naturalSize(of: node).main(along: type.lineAxis.crossAxis)
                node.setSize(.fixed(runNatural + random.even(in: 0...20)), along: type.lineAxis.crossAxis)
            }
            return
        }
        let main = type.mainAxis
        if definiteMain || random.chance(knobs.fixedBox) {
            node.setSize(.fixed(natural.main(along: main) + slack(for: node, along: main)), along: main)
        } else if random.chance(knobs.minMax) {
            node.setSize(.wrap(boxMinMax(natural: natural.main(along: main))), along: main)
        }
        if random.chance(knobs.fixedBox / 2) {
            node.setSize(.fixed(natural.main(along: main.crossAxis) + random.even(in: 0...20)), along: main.crossAxis)
        } else if random.chance(knobs.minMax) {
            node.setSize(.wrap(boxMinMax(natural: natural.main(along: main.crossAxis))), along: main.crossAxis)
        }
    }

    /// A line length for a flow that makes it wrap: at least its widest item (with the padding), at most one line.
    mutating func flowLineLength(_ flow: BoxNode, natural: Size) -> Double {
        let axis = flow.type.lineAxis
        let frames = Self.naturalFrames(of: flow)
        let widest =
            frames.filter { $0.path.count == 1 }.map { frame -> Double in
                let child = flow.children[frame.path[0]]
                return frame.frame.size.main(along: axis) + child.margin.main(along: axis)
            }.max() ?? 0
        let least = widest + flow.padding.main(along: axis)
        let most = natural.main(along: axis)
        guard most > least else { return most }
        return least + random.even(in: 0...Int(most - least) / 2 * 2)
    }

    /// Free space for the grow children: a multiple of twice the sum of their factors, so every share is an even
    /// whole number; any even slack when nothing grows.
    mutating func slack(for node: BoxNode, along axis: Axis) -> Double {
        let factors = node.children.filter(\.activated).reduce(0.0) { sum, child in
            if axis == node.type.mainAxis, case .wrap(let options) = child.size(along: axis) {
                sum + options.grow
            } else {
                sum
            }
        }
        return factors > 0 ? 2 * factors * Double(random.int(in: 0...15)) : random.even(in: 0...40)
    }

    /// Min and max for a box that never clip its children: a max at or above the natural size; a min anywhere.
    mutating func boxMinMax(natural: Double) -> WrapOptions {
        var options = WrapOptions()
        if random.chance(60) { options.min = max(0, natural + random.even(in: -20...30)) }
        if random.chance(50) { options.max = max(natural, options.min) + random.even(in: 0...30) }
        return options
    }

    // MARK: Children

    /// A leaf or (while the depth allows) a container, with the properties its parent admits.
    mutating func makeChild(in parentType: BoxNodeType, depth: Int, parentDefiniteMain: Bool) -> BoxNode {
        var child: BoxNode
        if depth <= knobs.maxDepth, budget >= 2, !knobs.innerTypes.isEmpty, random.chance(knobs.container) {
            child = makeContainer(
                random.pick(knobs.innerTypes), depth: depth, definiteMain: random.chance(knobs.definiteMain))
        } else {
            child = makeLeaf()
        }
        if random.chance(knobs.margin) { child.margin = insets(upTo: 8) }
        if parentType.isFlowType { child.margin.setStart(0, along: parentType.mainAxis) }
        if parentType.isLinearType, !child.type.isFlowType, random.chance(knobs.align) {
            child.alignment = crossAlignment(in: parentType)
        }
        // A box whose fixed main size lets its own children grow keeps it.
        let keepsFixed = child.type.isContainer && !child.size(along: parentType.mainAxis).isWrapSize
        if parentType.isLinearType, parentDefiniteMain, !keepsFixed, random.chance(knobs.grow) {
            child.setSize(.wrap(WrapOptions(grow: Double(random.int(in: 1...3)))), along: parentType.mainAxis)
            if child.type.isLinearType, child.type.mainAxis != parentType.mainAxis { child.clearCrossAlignment() }
        }
        child.clearMarginsAlongMax()
        if random.chance(knobs.inactive) { child.activated = false }
        return child
    }

    /// A leaf of even content size, sometimes with a fixed dimension or min/max options.
    mutating func makeLeaf() -> BoxNode {
        let content = Size(width: random.even(in: 4...60), height: random.even(in: 4...40))
        var leaf = BoxNode.leaf(content)
        for axis in [Axis.horizontal, .vertical] {
            if random.chance(knobs.fixedLeaf) {
                leaf.setSize(.fixed(random.even(in: 4...60)), along: axis)
            } else if random.chance(knobs.minMax) {
                leaf.setSize(.wrap(leafMinMax(content: content.main(along: axis))), along: axis)
            }
        }
        return leaf
    }

    /// Min and max around a leaf's content: a min binding or not, a max at or above the content (a binding max
    /// meets Taffy's known difference, docs/gentest.md), never min > max.
    mutating func leafMinMax(content: Double) -> WrapOptions {
        var options = WrapOptions()
        if random.chance(60) { options.min = max(0, content + random.even(in: -20...20)) }
        if random.chance(50) { options.max = max(options.min, content) + random.even(in: 0...20) }
        return options
    }

    /// One cross-axis alignment value of a row (top, bottom, vertCenter) or a column (left, right, horzCenter,
    /// leading, trailing).
    mutating func crossAlignment(in type: BoxNodeType) -> BoxAlignment {
        type.mainAxis == .horizontal
            ? random.pick([.top, .bottom, .vertCenter])
            : random.pick([.left, .right, .horzCenter, .leading, .trailing])
    }

    /// Even insets, the same on every side or per side.
    mutating func insets(upTo limit: Int) -> Insets {
        if random.chance(50) { return Insets(all: random.even(in: 0...limit)) }
        return Insets(
            top: random.even(in: 0...limit), left: random.even(in: 0...limit),
            bottom: random.even(in: 0...limit), right: random.even(in: 0...limit))
    }

    // MARK: Natural sizes, from the reference engine

    /// The frames of `node` laid out alone under an unbounded proposal.
    static func naturalFrames(of node: BoxNode) -> [BoxFrame] {
        var alone = node
        alone.margin = .zero
        let engine = BoxLayoutEngine(root: alone, measurer: FixedAdvanceTextMeasurer())
        engine.layout(proposal: BoxProposal())
        return engine.frames().frames
    }

    /// The size `node` takes when nothing constrains it.
    static func naturalSize(of node: BoxNode) -> Size {
        naturalFrames(of: node).first?.frame.size ?? .zero
    }
}
