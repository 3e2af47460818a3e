import Engines
import BoxLayout
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

/// One benchmark tree, generated as a box case so that every engine receives exactly the same JSON.
public struct Workload: Hashable, Sendable {
    public var shape: BenchShape
    /// N leaves for linear and flow, D levels for depth.
    public var size: Int
    /// Whether this is the shape's resize variant (docs/design.md "Benchmark shapes", resize): growing leaves (and, for
    /// depth, growing boxes) under a `fill` root, proposed W(0) wide. The flow variant is the flow tree under W(0).
    public var isResizeVariant: Bool

    public init(shape: BenchShape, size: Int, isResizeVariant: Bool = false) {
        self.shape = shape
        self.size = size
        self.isResizeVariant = isResizeVariant
    }

    /// The tree `mode` times: the resize variant for resize, the shape's own tree otherwise.
    public func tree(for mode: BenchMode) -> Workload {
        Workload(shape: shape, size: size, isResizeVariant: mode == .resize)
    }

    /// The natural size every leaf's measure function returns.
    public static let leafContent = Size(width: 40, height: 20)
    /// The width proposal of the flow shape.
    public static let flowProposalWidth = 500.0

    /// The case name, e.g. "linear-50", or "linear-50-resize" for the resize variant.
    public var name: String { "\(shape.rawValue)-\(size)" + (isResizeVariant ? "-resize" : "") }

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
    public var boxCase: WorkloadCase {
        // The resize variant grows its leaves (and depth's inner boxes) under a fill root proposed W(0) wide.
        let grows = isResizeVariant && shape != .flow
        let childWidth: WorkloadSize = grows ? .grow(1) : .wrap
        let rootWidth: WorkloadSize = grows ? .fill : .wrap
        let resized = isResizeVariant ? " (resize variant, first laid out \(shortestText(resizeWidth(call: 0))) wide)" : ""
        switch shape {
        case .linear:
            let leaf = WorkloadNode.leaf(width: childWidth, margin: 2)
            return WorkloadCase(
                name: name, description: "Puyopuyo linear table: an HBox of \(size) leaves" + resized,
                proposal: CaseProposal(width: isResizeVariant ? resizeWidth(call: 0) : nil, height: nil),
                root: WorkloadNode(type: "hbox", width: rootWidth, space: 4, children: Array(repeating: leaf, count: size)))
        case .flow:
            return WorkloadCase(
                name: name,
                description: "Puyopuyo flow table: a VFlow of \(size) leaves under a proposal 500 wide" + resized,
                proposal: CaseProposal(width: isResizeVariant ? resizeWidth(call: 0) : Self.flowProposalWidth, height: nil),
                root: WorkloadNode(
                    type: "vflow", itemSpace: 4, runSpace: 4,
                    children: Array(repeating: .leaf(width: .wrap, margin: nil), count: size)))
        case .depth:
            // Built from the innermost (empty) box outwards: each level holds 5 leaves and then the next box.
            let leaves = Array(repeating: WorkloadNode.leaf(width: childWidth, margin: nil), count: 5)
            var box = WorkloadNode(type: "hbox", width: childWidth, children: [])
            for level in (0..<size).reversed() {
                box = WorkloadNode(type: "hbox", width: level == 0 ? rootWidth : childWidth, children: leaves + [box])
            }
            return WorkloadCase(
                name: name,
                description: "Puyopuyo view-depth table: \(size + 1) nested HBoxes, 5 leaves per level" + resized,
                proposal: CaseProposal(width: isResizeVariant ? resizeWidth(call: 0) : nil, height: nil), root: box)
        }
    }

    /// The box case as compact, single-line JSON with sorted keys (deterministic bytes).
    ///
    /// Written by hand rather than with JSONEncoder: Foundation's JSON coders stop at 512 nested containers,
    /// and the depth-1000 tree nests 2 002 of them.
    public func caseJSON() throws -> Data { Self.json(of: boxCase) }

    /// The case as it stands after `change`, for a fresh layout to compare with the changed one: the proposal width
    /// replaced (resize), or the leaf's content replaced (a content change).
    public func caseJSON(after change: LayoutChange) -> Data {
        var value = boxCase
        switch change {
        case .resize(let width): value.proposal.width = width
        case .content(let path, let size): value.root.setContent(size, at: path[...])
        }
        return Self.json(of: value)
    }

    static func json(of value: WorkloadCase) -> Data {
        var text = #"{"description":"# + Self.quoted(value.description) + #","kind":"box","name":"# + Self.quoted(value.name)
        text += #","proposal":{"height":null,"width":"# + (value.proposal.width.map { shortestText($0) } ?? "null") + "},\"root\":"
        Self.write(value.root, into: &text)
        return Data((text + "}").utf8)
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
    public var boxNode: BoxNode {
        func convert(_ node: WorkloadNode) -> BoxNode {
            BoxNode(
                type: BoxNodeType(rawValue: node.type) ?? .leaf, width: node.width.description,
                margin: Insets(all: node.margin ?? 0),
                space: node.space ?? 0, itemSpace: node.itemSpace, runSpace: node.runSpace,
                content: node.content,
                children: (node.children ?? []).map(convert))
        }
        return convert(boxCase.root)
    }

    /// The root proposal of the tree.
    public var proposal: BoxProposal { BoxProposal(width: boxCase.proposal.width, height: boxCase.proposal.height) }

    static func write(_ node: WorkloadNode, into text: inout String) {
        // Keys in sorted order, matching JSONEncoder's .sortedKeys output of earlier versions byte for byte.
        text += "{"
        var fields: [String] = []
        if let children = node.children {
            var list = "\"children\":["
            for (index, child) in children.enumerated() {
                if index > 0 { list += "," }
                write(child, into: &list)
            }
            fields.append(list + "]")
        }
        if let content = node.content {
            fields.append(#""content":{"height":"# + shortestText(content.height) + #","width":"# + shortestText(content.width) + "}")
        }
        fields.append(#""height":"wrap""#)
        if let itemSpace = node.itemSpace { fields.append(#""itemSpace":"# + shortestText(itemSpace)) }
        if let margin = node.margin { fields.append(#""margin":"# + shortestText(margin)) }
        if let runSpace = node.runSpace { fields.append(#""runSpace":"# + shortestText(runSpace)) }
        if let space = node.space { fields.append(#""space":"# + shortestText(space)) }
        fields.append(#""type":"# + quoted(node.type))
        fields.append(#""width":"# + node.width.json)
        text += fields.joined(separator: ",") + "}"
    }

    static func quoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}

/// A box case file of the benchmark shapes (docs/design.md "Case format"), mirroring its vocabulary.
public struct WorkloadCase: Hashable, Sendable, Codable {
    public var kind = "box"
    public var name: String
    public var description: String
    public var proposal: CaseProposal
    public var root: WorkloadNode
}

/// A root proposal; nil encodes as `null` (unbounded).
public struct CaseProposal: Hashable, Sendable, Codable {
    public var width: Double?
    public var height: Double?

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
    }
}

/// The subset of the box node vocabulary the benchmark trees use. Heights are always "wrap", written out.
public struct WorkloadNode: Hashable, Sendable, Codable {
    public var type: String
    public var width = WorkloadSize.wrap
    public var height = "wrap"
    public var margin: Double?
    public var space: Double?
    public var itemSpace: Double?
    public var runSpace: Double?
    public var content: Size?
    public var children: [WorkloadNode]?

    init(
        type: String, width: WorkloadSize = .wrap, margin: Double? = nil, space: Double? = nil, itemSpace: Double? = nil,
        runSpace: Double? = nil, content: Size? = nil, children: [WorkloadNode]? = nil
    ) {
        self.type = type
        self.width = width
        self.margin = margin
        self.space = space
        self.itemSpace = itemSpace
        self.runSpace = runSpace
        self.content = content
        self.children = children
    }

    /// Replaces the content of the leaf at `path` (child indices below this node).
    mutating func setContent(_ size: Size, at path: ArraySlice<Int>) {
        guard let index = path.first else {
            content = size
            return
        }
        children?[index].setContent(size, at: path.dropFirst())
    }

    /// A leaf `width` wide (wrap, or growing in the resize variants), wrap high, measured at 40 × 20.
    static func leaf(width: WorkloadSize, margin: Double?) -> WorkloadNode {
        WorkloadNode(type: "leaf", width: width, margin: margin, content: Workload.leafContent)
    }
}

/// The widths the benchmark trees use: `"wrap"`, `{"wrap":{"grow":g}}` and the root's `"fill"`.
public enum WorkloadSize: Hashable, Sendable, Codable {
    case wrap
    case grow(Double)
    case fill

    /// The size as BoxLayout describes it.
    var description: SizeDescription {
        switch self {
        case .wrap: .wrap()
        case .grow(let grow): .wrap(WrapOptions(grow: grow))
        case .fill: .fill
        }
    }

    /// The size as case JSON.
    var json: String {
        switch self {
        case .wrap: #""wrap""#
        case .grow(let grow): #"{"wrap":{"grow":"# + shortestText(grow) + "}}"
        case .fill: #""fill""#
        }
    }

    private struct GrowOptions: Codable { var grow: Double }
    private struct Wrapped: Codable { var wrap: GrowOptions }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let keyword = try? container.decode(String.self), keyword == "wrap" || keyword == "fill" {
            self = keyword == "wrap" ? .wrap : .fill
        } else {
            self = .grow(try container.decode(Wrapped.self).wrap.grow)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .wrap: try container.encode("wrap")
        case .fill: try container.encode("fill")
        case .grow(let grow): try container.encode(Wrapped(wrap: GrowOptions(grow: grow)))
        }
    }
}
