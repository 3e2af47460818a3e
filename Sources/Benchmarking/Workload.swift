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

    public init(shape: BenchShape, size: Int) {
        self.shape = shape
        self.size = size
    }

    /// The natural size every leaf's measure function returns.
    public static let leafContent = Size(width: 40, height: 20)
    /// The width proposal of the flow shape.
    public static let flowProposalWidth = 500.0

    /// The case name, e.g. "linear-50".
    public var name: String { "\(shape.rawValue)-\(size)" }

    /// The number of nodes in the tree, root included.
    public var nodeCount: Int {
        switch shape {
        case .linear, .flow: size + 1
        case .depth: (size + 1) + 5 * size
        }
    }

    /// The case as a value; `caseJSON()` encodes it.
    public var boxCase: WorkloadCase {
        switch shape {
        case .linear:
            let leaf = WorkloadNode.leaf(margin: 2)
            return WorkloadCase(
                name: name, description: "Puyopuyo linear table: an HBox of \(size) leaves",
                proposal: CaseProposal(width: nil, height: nil),
                root: WorkloadNode(type: "hbox", space: 4, children: Array(repeating: leaf, count: size)))
        case .flow:
            return WorkloadCase(
                name: name, description: "Puyopuyo flow table: a VFlow of \(size) leaves under a proposal 500 wide",
                proposal: CaseProposal(width: Self.flowProposalWidth, height: nil),
                root: WorkloadNode(
                    type: "vflow", itemSpace: 4, runSpace: 4,
                    children: Array(repeating: .leaf(margin: nil), count: size)))
        case .depth:
            // Built from the innermost (empty) box outwards: each level holds 5 leaves and then the next box.
            var box = WorkloadNode(type: "hbox", children: [])
            for _ in 0..<size {
                box = WorkloadNode(type: "hbox", children: Array(repeating: .leaf(margin: nil), count: 5) + [box])
            }
            return WorkloadCase(
                name: name, description: "Puyopuyo view-depth table: \(size + 1) nested HBoxes, 5 leaves per level",
                proposal: CaseProposal(width: nil, height: nil), root: box)
        }
    }

    /// The box case as compact, single-line JSON with sorted keys (deterministic bytes).
    ///
    /// Written by hand rather than with JSONEncoder: Foundation's JSON coders stop at 512 nested containers,
    /// and the depth-1000 tree nests 2 002 of them.
    public func caseJSON() throws -> Data {
        let value = boxCase
        var text = #"{"description":"# + Self.quoted(value.description) + #","kind":"box","name":"# + Self.quoted(value.name)
        text += #","proposal":{"height":null,"width":"# + (value.proposal.width.map { shortestText($0) } ?? "null") + "},\"root\":"
        Self.write(value.root, into: &text)
        return Data((text + "}").utf8)
    }

    /// The tree as BoxLayout nodes, for the in-process reference engine (no JSON, so no nesting limit).
    public var boxNode: BoxNode {
        func convert(_ node: WorkloadNode) -> BoxNode {
            BoxNode(
                type: BoxNodeType(rawValue: node.type) ?? .leaf, margin: Insets(all: node.margin ?? 0),
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
        fields.append(#""width":"wrap""#)
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

/// The subset of the box node vocabulary the benchmark trees use. Sizes are always "wrap", written out.
public struct WorkloadNode: Hashable, Sendable, Codable {
    public var type: String
    public var width = "wrap"
    public var height = "wrap"
    public var margin: Double?
    public var space: Double?
    public var itemSpace: Double?
    public var runSpace: Double?
    public var content: Size?
    public var children: [WorkloadNode]?

    init(
        type: String, margin: Double? = nil, space: Double? = nil, itemSpace: Double? = nil, runSpace: Double? = nil,
        content: Size? = nil, children: [WorkloadNode]? = nil
    ) {
        self.type = type
        self.margin = margin
        self.space = space
        self.itemSpace = itemSpace
        self.runSpace = runSpace
        self.content = content
        self.children = children
    }

    /// A wrap × wrap leaf measured at 40 × 20.
    static func leaf(margin: Double?) -> WorkloadNode {
        WorkloadNode(type: "leaf", margin: margin, content: Workload.leafContent)
    }
}
