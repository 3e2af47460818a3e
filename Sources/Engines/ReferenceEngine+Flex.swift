import FlexLayout
import Flexbox
import LayoutCore

/// The reference on flex cases: the CSS flexbox engine (`FlexLayoutEngine`), built once per tree, laid out under
/// the case's viewport; changes go through its mutation API.
extension ReferenceEngine {
    /// The engine built from `flexCase`.
    /// - Throws: `LayoutRefusal` for what the engine states it does not lay out (docs/flex-engine.md).
    static func flexEngine(_ flexCase: FlexCase) throws(LayoutRefusal) -> FlexLayoutEngine {
        FlexLayoutEngine(root: try flexRoot(flexCase))
    }

    static func flexRoot(_ flexCase: FlexCase) throws(LayoutRefusal) -> FlexLayoutNode {
        do {
            return try flexCase.layoutRoot()
        } catch {
            throw LayoutRefusal(error.description)
        }
    }

    static func frames(of engine: FlexLayoutEngine) -> [PeerFrame] {
        engine.frameList().map { PeerFrame(path: $0.path, id: $0.id, frame: $0.frame) }
    }

    /// Lays `flexCase` out, applies `change` (a new viewport width, or a leaf's content through the mutation API),
    /// lays out again and answers the frames.
    func layout(_ flexCase: FlexCase, applying change: LayoutChange) throws -> [PeerFrame] {
        let engine = try Self.flexEngine(flexCase)
        let viewport = flexCase.viewport
        engine.layout(viewportWidth: viewport.width, viewportHeight: viewport.height)
        switch change {
        case .resize(let width):
            engine.layout(viewportWidth: width, viewportHeight: viewport.height)
        case .content(let path, let size):
            try flexLeafChanger(engine, path: path)(size)
            engine.layout(viewportWidth: viewport.width, viewportHeight: viewport.height)
        }
        return Self.frames(of: engine)
    }

    /// Build = `FlexLayoutEngine.init`; layout = `layout(viewportWidth:viewportHeight:)` with the viewport width
    /// replaced when relayout alternates it or resize follows its schedule.
    package func flexSubject(_ flexCase: FlexCase) throws -> InProcessSubject<FlexReferenceTree> {
        let root = try Self.flexRoot(flexCase)
        let viewport = flexCase.viewport
        return InProcessSubject(
            build: { FlexReferenceTree(engine: FlexLayoutEngine(root: root)) },
            layout: { tree, width in
                tree.engine.layout(viewportWidth: width ?? viewport.width, viewportHeight: viewport.height)
                return tree.engine.rootSize
            },
            proposalWidth: viewport.width,
            frames: { tree in tree.engine.frameList().map(\.frame) })
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
            tree.changeLeaf = try flexLeafChanger(tree.engine, path: change.path)
            return tree
        }
        subject.change = { tree, call in tree.changeLeaf?(change.content(call: call)) }
        return subject
    }

    /// Resolves the leaf at `path` once and answers what hands it a new content size.
    func flexLeafChanger(_ engine: FlexLayoutEngine, path: [Int]) throws -> (Size) -> Void {
        let handle: FlexNodeHandle
        do {
            handle = try engine.resolve(path: path)
        } catch {
            throw EngineError.adapter(engine: name, message: "$.change.path: \(error)")
        }
        return { size in try? engine.apply(.content(size), to: handle) }
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

/// A built flex engine and, for incremental mode, what changes its leaf (resolved once, outside the timer).
package final class FlexReferenceTree {
    package let engine: FlexLayoutEngine
    package var changeLeaf: ((Size) -> Void)?

    package init(engine: FlexLayoutEngine) { self.engine = engine }
}
