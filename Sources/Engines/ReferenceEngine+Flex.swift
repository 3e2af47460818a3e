import FlexLayout
import Flexbox
import LayoutCore

/// The reference on flex cases: the CSS flexbox engine (`FlexLayoutEngine`), built once per tree, laid out under
/// the case's viewport; changes go through its mutation API.
extension ReferenceEngine {
    /// How `flexCase` reaches the engine (transposed when it is vertical).
    /// - Throws: `LayoutRefusal` for what the engine states it does not lay out (docs/flex-engine.md).
    static func flexPlan(_ flexCase: FlexCase) throws(LayoutRefusal) -> FlexLayoutPlan {
        do {
            return try flexCase.layoutPlan()
        } catch {
            throw LayoutRefusal(error.description)
        }
    }

    /// Lays `flexCase` out, applies `change` (a new viewport width, or a leaf's content through the mutation API),
    /// lays out again and answers the frames.
    func layout(_ flexCase: FlexCase, applying change: LayoutChange) throws -> [PeerFrame] {
        let plan = try Self.flexPlan(flexCase)
        let engine = FlexLayoutEngine(root: plan.root)
        let viewport = flexCase.viewport
        func layout(width: Double?) { plan.layout(engine, width: width, height: viewport.height) }
        layout(width: viewport.width)
        switch change {
        case .resize(let width):
            layout(width: width)
        case .content(let path, let size):
            try flexLeafChanger(engine, plan: plan, path: path)(size)
            layout(width: viewport.width)
        }
        return Self.frames(of: engine, plan: plan)
    }

    static func frames(of engine: FlexLayoutEngine, plan: FlexLayoutPlan) -> [PeerFrame] {
        plan.frames(of: engine).map { PeerFrame(path: $0.path, id: $0.id, frame: $0.frame) }
    }

    /// Build = `FlexLayoutEngine.init`; layout = `layout(viewportWidth:viewportHeight:)` with the viewport width
    /// replaced when relayout alternates it or resize follows its schedule.
    package func flexSubject(_ flexCase: FlexCase) throws -> InProcessSubject<FlexReferenceTree> {
        let plan = try Self.flexPlan(flexCase)
        let viewport = flexCase.viewport
        // The timed closure holds the writing mode only (no tree to retain and release per call).
        let mode = plan.writingMode
        return InProcessSubject(
            build: { FlexReferenceTree(engine: FlexLayoutEngine(root: plan.root), plan: plan) },
            layout: { tree, width in
                mode.layout(tree.engine, width: width ?? viewport.width, height: viewport.height)
                return mode.size(tree.engine.rootSize)
            },
            proposalWidth: viewport.width,
            frames: { tree in tree.plan.frames(of: tree.engine).map(\.frame) })
    }

    /// The incremental subject: each tree resolves the changed leaf once when built; every timed call hands it
    /// its next content through the mutation API.
    package func flexIncrementalSubject(_ flexCase: FlexCase, change: IncrementalChange) throws
        -> InProcessSubject<FlexReferenceTree>
    {
        var subject = try flexSubject(flexCase)
        let build = subject.build
        subject.build = { [self] in
            let tree = try build()
            tree.changeLeaf = try flexLeafChanger(tree.engine, plan: tree.plan, path: change.path)
            return tree
        }
        subject.change = { tree, call in tree.changeLeaf?(change.content(call: call)) }
        return subject
    }

    /// Resolves the leaf at `path` once and answers what hands it a new content size (as the case states it).
    func flexLeafChanger(_ engine: FlexLayoutEngine, plan: FlexLayoutPlan, path: [Int]) throws -> (Size) -> Void {
        let handle: FlexNodeHandle
        do {
            handle = try engine.resolve(path: path)
        } catch {
            throw EngineError.adapter(engine: name, message: "$.change.path: \(error)")
        }
        return { size in try? engine.apply(.content(plan.size(size)), to: handle) }
    }

    /// Times `subject` with the in-process loop, specialized here (see `time(_:mode:options:)`).
    package func time(_ subject: InProcessSubject<FlexReferenceTree>, mode: BenchMode, options: TimingOptions) throws
        -> TimingResult
    {
        try timeInProcess(subject, mode: mode, options: options)
    }

    package func runMeasured(
        _ subject: InProcessSubject<FlexReferenceTree>, mode: BenchMode, calls: Int, measured: (() -> Size) -> Size
    ) throws {
        try runMeasuredCalls(subject, mode: mode, calls: calls, measured: measured)
    }
}

/// A built flex engine, how its case maps onto it, and, for incremental mode, what changes its leaf (resolved once,
/// outside the timer).
package final class FlexReferenceTree {
    package let engine: FlexLayoutEngine
    package let plan: FlexLayoutPlan
    package var changeLeaf: ((Size) -> Void)?

    package init(engine: FlexLayoutEngine, plan: FlexLayoutPlan) {
        self.engine = engine
        self.plan = plan
    }
}
