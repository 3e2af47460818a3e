import BoxLayout
import CanonicalJSON
import Engines
import Flexbox
import Foundation
import LayoutCore

/// The three tree shapes of Puyopuyo's "Layout cost" tables (docs/design.md "Benchmark shapes").
public enum BenchShape: String, Hashable, Sendable, Codable, CaseIterable {
    /// A root HBox (`space` 4) of N leaves with margin 2, measured at 40 × 20.
    case linear
    /// A root VFlow (`itemSpace` 4, `runSpace` 4) of N leaves measured at 40 × 20, under a proposal 500 wide.
    case flow
    /// A chain of D+1 HBoxes; each of the first D holds 5 leaves and then the next box.
    case depth

    /// The sizes of Puyopuyo's tables.
    public var standardSizes: [Int] {
        switch self {
        case .linear: [5, 10, 30, 50, 80, 100, 120, 150, 180, 200]
        case .flow: [3, 5, 10, 50, 80, 100, 120, 150, 180, 200]
        case .depth: Array(stride(from: 4, through: 40, by: 4))
        }
    }

    /// The extra sizes that show how each engine scales.
    public var scalingSizes: [Int] {
        switch self {
        case .linear, .flow: [1_000, 10_000, 100_000]
        case .depth: [100, 1_000]
        }
    }

    /// What the size counts, for table headings.
    public var sizeLabel: String { self == .depth ? "D" : "N" }
}

/// One benchmark tree, generated as a case (a flex case, or a box case: `family`) so that every engine receives
/// exactly the same JSON.
public struct Workload: Hashable, Sendable {
    public var shape: BenchShape
    /// N leaves for linear and flow, D levels for depth.
    public var size: Int
    /// Whether this is the shape's resize variant (docs/design.md "Benchmark shapes", resize): growing leaves (and, for
    /// depth, growing boxes) under a `fill` root, proposed W(0) wide. The flow variant is the flow tree under W(0).
    public var isResizeVariant: Bool
    /// Whether the tree is written in CSS (`flexCase`) or as Puyopuyo's boxes (`boxCase`).
    public var family: ShapeFamily

    public init(shape: BenchShape, size: Int, isResizeVariant: Bool = false, family: ShapeFamily = .box) {
        self.shape = shape
        self.size = size
        self.isResizeVariant = isResizeVariant
        self.family = family
    }

    /// The tree `mode` times: the resize variant for resize, the shape's own tree otherwise.
    public func tree(for mode: BenchMode) -> Workload {
        Workload(shape: shape, size: size, isResizeVariant: mode == .resize, family: family)
    }

    /// The natural size every leaf's measure function returns.
    public static let leafContent = Size(width: 40, height: 20)
    /// The width proposal of the flow shape.
    public static let flowProposalWidth = 500.0

    /// The case name, e.g. "linear-50", or "linear-50-resize" for the resize variant; the flex family's start with
    /// "flex-" ("flex-linear-50").
    public var name: String {
        (family == .flex ? "flex-" : "") + "\(shape.rawValue)-\(size)" + (isResizeVariant ? "-resize" : "")
    }

    // MARK: The resize and incremental schedules

    /// The width W(k) of resize call k (k = 0 is the untimed first layout; k keeps counting across batches):
    /// linear N: natural + 100 + (k mod 64) with natural = 48·N − 4; depth D: the same with natural = 200·D;
    /// flow: 456 + j for even k and 480 + j for odd k, j = ⌊k/2⌋ mod 24, so every call moves the line breaks.
    /// No width repeats within 24 calls, so no cache of recent widths can answer.
    public func resizeWidth(call k: Int) -> Double {
        switch shape {
        case .linear: Double(48 * size - 4 + 100 + k % 64)
        case .depth: Double(200 * size + 100 + k % 64)
        case .flow: Double((k % 2 == 0 ? 456 : 480) + (k / 2) % 24)
        }
    }

    /// Whether resizing moves frames at all. Not for flow N ≤ 10: the leaves fit on one 436-wide line at every W(k)
    /// (≥ 456), so no call changes a frame and a cache may rightly answer it (docs/design.md's resize needs a change).
    public var resizeMovesFrames: Bool { shape != .flow || size > Self.flowLeavesPerNarrowLine }

    /// How many leaves of 40 with gaps of 4 fit on a flow line narrower than 480: 10 (436 wide).
    static let flowLeavesPerNarrowLine = 10

    /// The leaf incremental mode changes: the root's child ⌊N/2⌋ for linear and flow, the first leaf of the innermost
    /// non-empty box for depth (D−1 fives, then 0).
    public var incrementalChange: IncrementalChange {
        switch shape {
        case .linear, .flow: IncrementalChange(path: [size / 2])
        case .depth: IncrementalChange(path: Array(repeating: 5, count: size - 1) + [0])
        }
    }

    /// The number of nodes in the tree, root included.
    public var nodeCount: Int {
        switch shape {
        case .linear, .flow: size + 1
        case .depth: (size + 1) + 5 * size
        }
    }

    /// The case as a value; `caseJSON()` encodes it.
    public var boxCase: BoxCase {
        // The resize variant grows its leaves (and depth's inner boxes) under a fill root proposed W(0) wide.
        let grows = isResizeVariant && shape != .flow
        let childWidth: SizeDescription = grows ? .wrap(WrapOptions(grow: 1)) : .wrap()
        let rootWidth: SizeDescription = grows ? .fill : .wrap()
        let resized =
            isResizeVariant ? " (resize variant, first laid out \(shortestText(resizeWidth(call: 0))) wide)" : ""
        let description: String
        let proposal: BoxProposal
        let root: BoxNode
        switch shape {
        case .linear:
            let leaf = Self.leaf(width: childWidth, margin: 2)
            description = "Puyopuyo linear table: an HBox of \(size) leaves" + resized
            proposal = BoxProposal(width: isResizeVariant ? resizeWidth(call: 0) : nil, height: nil)
            root = BoxNode(type: .hbox, width: rootWidth, space: 4, children: Array(repeating: leaf, count: size))
        case .flow:
            description = "Puyopuyo flow table: a VFlow of \(size) leaves under a proposal 500 wide" + resized
            proposal = BoxProposal(width: isResizeVariant ? resizeWidth(call: 0) : Self.flowProposalWidth, height: nil)
            root = BoxNode(
                type: .vflow, itemSpace: 4, runSpace: 4,
                children: Array(repeating: Self.leaf(width: .wrap(), margin: 0), count: size))
        case .depth:
            // Built from the innermost (empty) box outwards: each level holds 5 leaves and then the next box.
            let leaves = Array(repeating: Self.leaf(width: childWidth, margin: 0), count: 5)
            var box = BoxNode(type: .hbox, width: childWidth)
            for level in (0..<size).reversed() {
                box = BoxNode(type: .hbox, width: level == 0 ? rootWidth : childWidth, children: leaves + [box])
            }
            description = "Puyopuyo view-depth table: \(size + 1) nested HBoxes, 5 leaves per level" + resized
            proposal = BoxProposal(width: isResizeVariant ? resizeWidth(call: 0) : nil, height: nil)
            root = box
        }
        var value = BoxCase(name: name, proposal: proposal, root: root)
        value.description = description
        return value
    }

    /// A leaf `width` wide (wrap, or growing in the resize variants), wrap high, measured at 40 × 20.
    static func leaf(width: SizeDescription, margin: Double) -> BoxNode {
        BoxNode(type: .leaf, width: width, margin: Insets(all: margin), content: leafContent)
    }

    /// The case of the family (`flexCase` or `boxCase`) as compact, single-line canonical JSON (deterministic bytes
    /// at any depth).
    public func caseJSON() throws -> Data {
        switch family {
        case .flex: Data(try JSONOutput.line(flexCase).utf8)
        case .box: Data(try JSONOutput.line(boxCase).utf8)
        }
    }

    /// The case as a value, for the in-process reference (no JSON, so no nesting limit).
    public var layoutCase: LayoutCase {
        switch family {
        case .flex: .flex(flexCase)
        case .box: .box(boxCase)
        }
    }

    /// The case as it stands after `change`, for a fresh layout to compare with the changed one: the proposal width
    /// replaced (resize), or the leaf's content replaced (a content change).
    public func caseJSON(after change: LayoutChange) throws -> Data {
        switch family {
        case .flex:
            var value = flexCase
            switch change {
            case .resize(let width): value.viewport.width = width
            case .content(let path, let size): value.root.setContent(size, at: path[...])
            }
            return Data(try JSONOutput.line(value).utf8)
        case .box:
            var value = boxCase
            switch change {
            case .resize(let width): value.proposal.width = width
            case .content(let path, let size): value.root.setContent(size, at: path[...])
            }
            return Data(try JSONOutput.line(value).utf8)
        }
    }

    /// The differential check's changes for this workload: one resize of the resize variant from W(0) to W(1), and
    /// the first incremental change of the fresh tree.
    public var checkedChanges: [(mode: BenchMode, change: LayoutChange)] {
        let change = incrementalChange
        return [
            (.resize, .resize(width: resizeWidth(call: 1))),
            (.incremental, .content(path: change.path, size: change.content(call: 0))),
        ]
    }

    /// The tree as BoxLayout nodes, for the in-process reference engine (no JSON, so no nesting limit).
    public var boxNode: BoxNode { boxCase.root }

    /// The root proposal of the tree (the box case's; the flex case's viewport is the same size).
    public var proposal: BoxProposal { boxCase.proposal }

    /// The root's width proposal (the flex case's viewport width): nil for unbounded, 500 for flow, W(0) for the
    /// resize variants.
    public var proposalWidth: Double? {
        isResizeVariant ? resizeWidth(call: 0) : (shape == .flow ? Self.flowProposalWidth : nil)
    }

    /// The two widths relayout alternates between (`Engines.relayoutWidths`).
    public var relayoutWidths: (Double, Double) { Engines.relayoutWidths(proposalWidth: proposalWidth) }
}

extension BoxNode {
    /// Replaces the content of the leaf at `path` (child indices below this node).
    mutating func setContent(_ size: Size, at path: ArraySlice<Int>) {
        guard let index = path.first else {
            content = size
            return
        }
        children[index].setContent(size, at: path.dropFirst())
    }
}
