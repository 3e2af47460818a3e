import BoxLayout
import FlexLayout
import Flexbox
import Foundation
import LayoutCore

/// Ristretto's own engines, in process: the reference every peer is compared with and timed against, and an
/// `InProcessLayoutEngine` like any other. It lays out flex cases with the CSS flexbox engine (`FlexLayoutEngine`,
/// ReferenceEngine+Flex.swift) and box cases, Puyopuyo's semantics, with a `BoxLayoutEngine` (construction is build
/// time in both). As a `LayoutEngineAdapter` it goes through the one bridge (`InProcessEngineAdapter`).
public final class ReferenceEngine: LayoutEngineAdapter, InProcessLayoutEngine, @unchecked Sendable {
    public let name = "reference"
    let measurer: any TextMeasuring

    /// `measurer` sizes text leaves; the benchmark trees have none (their leaves carry `content`).
    public init(measurer: any TextMeasuring = FixedAdvanceTextMeasurer()) {
        self.measurer = measurer
    }

    public func info() throws -> EngineInfo {
        EngineInfo(
            name: name, version: "ristretto FlexLayout (CSS flexbox) and BoxLayout (Puyopuyo), in process",
            timing: "in process; the engine's layout call only (tree construction apart)")
    }

    // MARK: The engine protocol, through the bridge

    /// The reference never rounds: `rounding` is refused.
    public func layout(caseJSON: Data, change: LayoutChange?, rounding: Bool) throws -> [PeerFrame] {
        try InProcessEngineAdapter(self).layout(caseJSON: caseJSON, change: change, rounding: rounding)
    }

    public func bench(caseJSON: Data, iterations: Int, plan: BenchPlan) throws -> BenchBatch {
        try InProcessEngineAdapter(self).bench(caseJSON: caseJSON, iterations: iterations, plan: plan)
    }

    // MARK: In process

    public func layout(_ flexCase: FlexCase) throws -> [PeerFrame] {
        let plan = try Self.flexPlan(flexCase)
        let engine = FlexLayoutEngine(root: plan.root)
        plan.layout(engine, width: flexCase.viewport.width, height: flexCase.viewport.height)
        return Self.frames(of: engine, plan: plan)
    }

    public func layout(_ boxCase: BoxCase) throws -> [PeerFrame] {
        let engine = BoxLayoutEngine(root: boxCase.root, measurer: measurer)
        engine.layout(proposal: boxCase.proposal)
        return Self.frames(of: engine)
    }

    /// Lays the case out, applies `change` through the engine's own API (a new proposal, or the mutation API for a
    /// leaf's content), lays out again and answers the frames.
    public func layout(_ layoutCase: LayoutCase, applying change: LayoutChange) throws -> [PeerFrame] {
        let boxCase: BoxCase
        switch layoutCase {
        case .flex(let flexCase): return try layout(flexCase, applying: change)
        case .box(let box): boxCase = box
        }
        let engine = BoxLayoutEngine(root: boxCase.root, measurer: measurer)
        engine.layout(proposal: boxCase.proposal)
        switch change {
        case .resize(let width):
            engine.layout(proposal: BoxProposal(width: width, height: boxCase.proposal.height))
        case .content(let path, let size):
            try leafChanger(engine, root: boxCase.root, path: path)(size)
            engine.layout(proposal: boxCase.proposal)
        }
        return Self.frames(of: engine)
    }

    public func bench(_ layoutCase: LayoutCase, iterations: Int, plan: BenchPlan) throws -> BenchBatch {
        switch layoutCase {
        case .flex(let flexCase):
            var subject = try flexSubject(flexCase)
            switch plan {
            case .fresh, .relayout: break
            case .resize(let widths):
                subject.resizeWidth = try Self.resizeSchedule(widths, iterations: iterations)
            case .incremental(let change): subject = try flexIncrementalSubject(flexCase, change: change)
            }
            return BenchBatch(nanosPerLayout: try timeInProcessBatch(subject, iterations: iterations, mode: plan.mode))
        case .box(let boxCase):
            var subject = subject(root: boxCase.root, proposal: boxCase.proposal)
            switch plan {
            case .fresh, .relayout: break
            case .resize(let widths): subject.resizeWidth = try Self.resizeSchedule(widths, iterations: iterations)
            case .incremental(let change):
                subject = try incrementalSubject(root: boxCase.root, proposal: boxCase.proposal, change: change)
            }
            return BenchBatch(nanosPerLayout: try timeInProcessBatch(subject, iterations: iterations, mode: plan.mode))
        }
    }

    /// The harness's resize widths as a schedule: call k gets `widths[k]`.
    static func resizeSchedule(_ widths: [Double], iterations: Int) throws(LayoutRefusal) -> (Int) -> Double {
        guard widths.count == iterations + 1 else {
            throw LayoutRefusal("$.widths: expected iterations + 1 = \(iterations + 1) widths")
        }
        return { widths[min($0, widths.count - 1)] }
    }

    static func frames(of engine: BoxLayoutEngine) -> [PeerFrame] {
        engine.frames().frames.map { PeerFrame(path: $0.path, id: $0.id, frame: $0.frame) }
    }

    /// Times `subject` with the full in-process loop. **Why these two wrappers**: the loop is generic over the tree,
    /// and a generic function called from another module runs unspecialized (every call on the tree goes through
    /// witness tables: +670 instructions per timed layout, measured with tools/bench-instructions). Called here,
    /// in the loop's own module with the concrete `ReferenceTree`, it is specialized.
    package func time(_ subject: InProcessSubject<ReferenceTree>, mode: BenchMode, options: TimingOptions) throws
        -> TimingResult
    {
        try timeInProcess(subject, mode: mode, options: options)
    }

    /// Makes `calls` calls of `mode` on `subject`, each inside `measured` (see `runMeasuredCalls`); specialized here
    /// for the same reason as `time(_:mode:options:)`.
    package func runMeasured(
        _ subject: InProcessSubject<ReferenceTree>, mode: BenchMode, calls: Int, measured: (() -> Size) -> Size
    ) throws {
        try runMeasuredCalls(subject, mode: mode, calls: calls, measured: measured)
    }

    /// Build = `BoxLayoutEngine.init` (flattening the tree); layout = `layout(proposal:)` with the root width
    /// replaced when relayout alternates it or resize follows its schedule.
    package func subject(root: BoxNode, proposal: BoxProposal) -> InProcessSubject<ReferenceTree> {
        let measurer = self.measurer
        return InProcessSubject(
            build: { ReferenceTree(engine: BoxLayoutEngine(root: root, measurer: measurer)) },
            layout: { tree, width in
                var timed = proposal
                if let width { timed.width = width }
                return tree.engine.layout(proposal: timed)
            },
            proposalWidth: proposal.width,
            frames: { tree in tree.engine.frames().frames.map(\.frame) })
    }

    /// The incremental subject: each tree resolves the changed leaf once when built; every timed call hands the
    /// leaf its next content through the mutation API and lays out under the case's own proposal.
    package func incrementalSubject(root: BoxNode, proposal: BoxProposal, change: IncrementalChange) throws
        -> InProcessSubject<ReferenceTree>
    {
        var subject = subject(root: root, proposal: proposal)
        let build = subject.build
        subject.build = { [self] in
            let tree = try build()
            tree.changeLeaf = try leafChanger(tree.engine, root: root, path: change.path)
            return tree
        }
        subject.change = { tree, call in tree.changeLeaf?(change.content(call: call)) }
        return subject
    }

    /// Checks that `path` names a leaf of `root`, resolves it once in `engine`, and returns what hands the leaf a
    /// new measured content through the mutation API (`apply(.content(…), to: handle)`, no lookup per call).
    func leafChanger(_ engine: BoxLayoutEngine, root: BoxNode, path: [Int]) throws -> (Size) -> Void {
        var node = root
        for index in path {
            guard node.children.indices.contains(index) else {
                throw EngineError.adapter(engine: name, message: "$.change.path: no node at path \(path)")
            }
            node = node.children[index]
        }
        guard node.type == .leaf else {
            throw EngineError.adapter(engine: name, message: "$.change.path: the node at path \(path) is not a leaf")
        }
        let handle = try engine.resolve(.path(path))
        return { size in engine.apply(.content(size), to: handle) }
    }
}

/// A built reference engine and, for incremental mode, what changes its leaf (resolved once, outside the timer).
package final class ReferenceTree {
    package let engine: BoxLayoutEngine
    package var changeLeaf: ((Size) -> Void)?

    package init(engine: BoxLayoutEngine) { self.engine = engine }
}
