import BoxLayout
import CanonicalJSON
import Engines
import Flexbox
import Foundation
import LayoutCore

/// A flex or box case file as a benchmark workload (`ristretto bench --case`, docs/benchmarks.md "Cases as
/// workloads"): every engine times the same tree, fresh and relayout always, resize where the root's width is the
/// viewport's, incremental on a seeded leaf with content.
public struct CaseWorkload: Sendable {
    /// How reports name the case: its folder and file name without `.json`, "flex/wrap-lines".
    public var name: String
    /// The case as peers receive it, one line of canonical JSON (a box case is translated by `SubprocessEngine`).
    public var caseJSON: Data
    /// What the reference lays out: the flex case with its CSS flexbox engine, the box case with BoxLayout; nil
    /// when the reference refuses the case.
    public var referenceCase: LayoutCase?
    /// Why the reference refuses the case (a stated refusal of the flex engine, with its JSON path).
    public var referenceRefusal: String?
    /// The number of elements (box nodes) in the tree, the root included: the case's size in reports and the plot.
    public var nodeCount: Int
    /// The viewport (proposal) width resize starts from, when the root's width is the viewport's: a flex root with a
    /// percentage `width`, or an `auto` width and `flex-grow` > 0 (as a box case's fill root translates), or a box
    /// root whose width is `fill`, under a definite width. Nil otherwise (`resizeAbsence` says why).
    public var resizeBase: Double?
    /// Why resize does not apply, when `resizeBase` is nil.
    public var resizeAbsence: String?
    /// The displayed leaves with content, in the order incremental tries them: pre-order, rotated to start at the
    /// case's seed (`seed(of:)`), so each case changes its own leaf and a run is the same every time; leaves that
    /// replay a measure table follow the others.
    public var contentLeaves: [(path: [Int], content: Size)]
    /// The leaf incremental changes, chosen among `contentLeaves` by the run (`runCaseBenchmarks`): its content width
    /// goes w + 8, w, w + 8, … (w its own width; the height stays).
    public var incrementalChange: IncrementalChange?
    /// The viewport (proposal) width as written: relayout alternates it with it + 1 (`relayoutWidths`).
    public var proposalWidth: Double?
    /// The case's `expect`, the answer key of its fresh layout (docs/benchmarks.md "Equal answers"), and the
    /// tolerance it is judged within: the case's own, at least the resolution of the browsers that answered it.
    public var expect: [PeerFrame]?
    public var expectTolerance = 0.0

    /// A flex case: the reference lays it out with its flex engine, unless it states a refusal.
    public init(name: String, flex: FlexCase) throws {
        self.name = name
        caseJSON = Data(try JSONOutput.line(flex).utf8)
        referenceRefusal = flex.referenceRefusal
        if referenceRefusal == nil { referenceCase = .flex(flex) }
        nodeCount = Self.count(flex.root, children: \.children)
        proposalWidth = flex.viewport.width
        expect = flex.expect?.frames
        expectTolerance = max(flex.tolerance.geometry, flex.answerResolution)
        let style = flex.root.style
        let fills =
            if case .percent = style.value(of: .width) {
                true
            } else if style.value(of: .width) == .keyword("auto"), case .number(let grow) = style.value(of: .flexGrow) {
                grow > 0
            } else {
                false
            }
        (resizeBase, resizeAbsence) = Self.resize(
            fills: fills, width: flex.viewport.width,
            why: "the root's width is not the viewport's (a percentage width, or auto with flex-grow > 0)")
        // Leaves that replay a measure table (imported captures) come last: their recorded answers, not their
        // content size, decide their frames, so a change of content width says little about relayout there.
        func leaves(replaying: Bool) -> [(path: [Int], content: Size)] {
            var leaves: [(path: [Int], content: Size)] = []
            Self.collect(flex.root, path: [], into: &leaves) { element in
                let included = (element.measureTable != nil) == replaying
                return (
                    element.style.value(of: .display) != .keyword("none"), included ? element.content : nil,
                    element.children
                )
            }
            return Self.seeded(leaves, name: name)
        }
        contentLeaves = leaves(replaying: false) + leaves(replaying: true)
    }

    /// A box case: the reference takes it as it is; peers receive its flex translation.
    public init(name: String, box: BoxCase) throws {
        self.name = name
        caseJSON = Data(try JSONOutput.line(box).utf8)
        referenceCase = .box(box)
        nodeCount = Self.count(box.root, children: \.children)
        proposalWidth = box.proposal.width
        expect = box.expect?.frames
        expectTolerance = box.tolerance.geometry
        let fills = if case .ratio = box.root.width { true } else { false }
        (resizeBase, resizeAbsence) = Self.resize(
            fills: fills, width: box.proposal.width, why: "the root's width is not fill")
        var leaves: [(path: [Int], content: Size)] = []
        Self.collect(box.root, path: [], into: &leaves) { node in
            (node.activated, node.type == .leaf && node.text == nil ? node.content : nil, node.children)
        }
        contentLeaves = Self.seeded(leaves, name: name)
    }

    /// The case as the reference reads it (`ReferenceEngine.layout`), when it takes it.
    public var referenceJSON: Data? { referenceCase == nil ? nil : caseJSON }

    /// The width W(k) of resize call k: W(k) = P + (k mod 64), P the case's own width, so call 0 is the case as
    /// written and no width repeats within 64 calls.
    public func resizeWidth(call k: Int) -> Double { (resizeBase ?? 0) + Double(k % 64) }

    /// The incremental change of the leaf at `path` whose content is `content`: width w + 8, then w, …
    public static func change(path: [Int], content: Size) -> IncrementalChange {
        var change = IncrementalChange(path: path)
        change.widths = [content.width + 8, content.width]
        change.height = content.height
        return change
    }

    /// FNV-1a of the name: the same on every machine and run.
    public static func seed(of name: String) -> UInt64 { FNV1a.hash(name.utf8) }

    private static func resize(fills: Bool, width: Double?, why: String) -> (Double?, String?) {
        guard fills else { return (nil, why) }
        guard let width else {
            return (nil, "the viewport's width is null (max-content), so there is no width to resize")
        }
        return (width, nil)
    }

    private static func seeded(_ leaves: [(path: [Int], content: Size)], name: String) -> [(path: [Int], content: Size)]
    {
        guard !leaves.isEmpty else { return [] }
        let start = Int(seed(of: name) % UInt64(leaves.count))
        return Array(leaves[start...] + leaves[..<start])
    }

    /// The number of nodes below and including `root`, without recursion.
    private static func count<Node>(_ root: Node, children: (Node) -> [Node]) -> Int {
        var count = 0
        var stack = [root]
        while let node = stack.popLast() {
            count += 1
            stack += children(node)
        }
        return count
    }

    /// The displayed leaves with content in pre-order, each with its path (hidden siblings count, as in frames);
    /// `read` gives a node's displayed flag, its content and its children. Without recursion: cases nest deep.
    private static func collect<Node>(
        _ root: Node, path: [Int], into leaves: inout [(path: [Int], content: Size)],
        read: (Node) -> (displayed: Bool, content: Size?, children: [Node])
    ) {
        var stack = [(root, path)]
        while let (node, path) = stack.popLast() {
            let (displayed, content, children) = read(node)
            guard displayed else { continue }
            if let content, children.isEmpty { leaves.append((path, content)) }
            for (index, child) in children.enumerated().reversed() { stack.append((child, path + [index])) }
        }
    }
}
