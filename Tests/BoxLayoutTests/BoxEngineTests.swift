import LayoutCore
import TestSupport
import Testing

@testable import BoxLayout

/// The engine beyond the golden cases: scale, depth, relayout, text leaves, mismatches and the scene.
struct BoxEngineTests {
    /// The DESIGN "depth" shape with one 10x10 leaf per level: D + 1 boxes.
    static func chain(depth: Int) -> BoxNode {
        var node = BoxNode(type: .hbox)
        for _ in 0..<depth {
            node = BoxNode(type: .hbox, children: [.leaf(Size(width: 10, height: 10)), node])
        }
        return node
    }

    @Test("a 1000-deep chain lays out without overflowing the stack")
    func deepChain() {
        let engine = BoxLayoutEngine(root: Self.chain(depth: 1000), measurer: TestSupport.fixedMeasurer)
        // Each level adds one 10-wide leaf; the innermost box is empty: 1000 * 10 = 10 000 wide, 10 tall.
        #expect(engine.layout(proposal: BoxProposal()) == Size(width: 10_000, height: 10))
        let frames = engine.frames().frames
        #expect(frames.count == 2 * 1000 + 1)
        // The innermost box sits after its level's leaf: x = 10 within its parent.
        #expect(frames.last?.frame == Rect(x: 10, y: 0, width: 0, height: 0))
    }

    @Test("the maximum depth lays out; deeper nodes are treated as inactive")
    func depthLimit() throws {
        let limit = BoxNode.maximumDepth
        // chain(k) nests its innermost box k levels deep: k + 1 boxes and k leaves, k * 10 wide.
        let engine = BoxLayoutEngine(root: Self.chain(depth: limit), measurer: TestSupport.fixedMeasurer)
        #expect(engine.layout(proposal: BoxProposal()).width == Double(limit) * 10)
        let tooDeep = BoxCase(name: "deep", proposal: BoxProposal(), root: Self.chain(depth: limit + 1))
        #expect(
            throws: CaseError(path: "$.root", message: "the tree nests 2001 levels deep; at most 2000 are supported")
        ) {
            try tooDeep.layout(measurer: TestSupport.fixedMeasurer)
        }
        let clipped = BoxLayoutEngine(root: Self.chain(depth: limit + 1), measurer: TestSupport.fixedMeasurer)
        // The leaf and the empty box at depth 2001 are dropped: 2001 boxes (depths 0...2000) and 2000 leaves remain.
        clipped.layout(proposal: BoxProposal())
        #expect(clipped.frames().frames.count == 2 * limit + 1)
    }

    @Test("a 100 000-leaf HBox lays out in one linear pass")
    func wideRow() {
        let count = 100_000
        let row = BoxNode(type: .hbox, children: Array(repeating: .leaf(Size(width: 4, height: 3)), count: count))
        let engine = BoxLayoutEngine(root: row, measurer: TestSupport.fixedMeasurer)
        // 100 000 * 4 = 400 000 wide; the last leaf starts at 99 999 * 4.
        #expect(engine.layout(proposal: BoxProposal()) == Size(width: 400_000, height: 3))
        #expect(engine.frames().frames.last?.frame == Rect(x: 399_996, y: 0, width: 4, height: 3))
    }

    @Test("a 10 000-item content flow breaks into lines of 11")
    func wideFlow() {
        let flow = BoxNode(
            type: .vflow, itemSpace: 4, runSpace: 4,
            children: Array(repeating: .leaf(Size(width: 40, height: 20)), count: 10_000))
        let engine = BoxLayoutEngine(root: flow, measurer: TestSupport.fixedMeasurer)
        // 11 items fit in 500 (11 * 40 + 10 * 4 = 480; a 12th makes 524); ceil(10 000 / 11) = 910 lines of 20 with 909 gaps of 4.
        #expect(engine.layout(proposal: BoxProposal(width: 500)) == Size(width: 480, height: 910 * 20 + 909 * 4))
    }

    @Test("relayout after a proposal change gives the frames of a fresh engine")
    func relayout() throws {
        let flow = BoxNode(
            type: .vflow, itemSpace: 4, runSpace: 4,
            children: Array(repeating: .leaf(Size(width: 40, height: 20)), count: 30))
        let reused = BoxLayoutEngine(root: flow, measurer: TestSupport.fixedMeasurer)
        for width in [500.0, 90, 501, 300, 500] {
            reused.layout(proposal: BoxProposal(width: width))
            let fresh = BoxLayoutEngine(root: flow, measurer: TestSupport.fixedMeasurer)
            fresh.layout(proposal: BoxProposal(width: width))
            #expect(reused.frames() == fresh.frames(), "width \(width)")
        }
    }

    @Test("text leaves are measured through TextMeasuring")
    func textLeaf() {
        // Fixed advance 0.5 em and line height 1.2 em: "hello" at 10 px is 5 * 5 = 25 wide, 12 tall; two lines 24.
        let row = BoxNode(
            type: .hbox,
            children: [
                BoxNode(type: .leaf, text: "hello", fontSize: 10), BoxNode(type: .leaf, text: "ab\ncd", fontSize: 10),
            ])
        let engine = BoxLayoutEngine(root: row, measurer: TestSupport.fixedMeasurer)
        #expect(engine.layout(proposal: BoxProposal()) == Size(width: 25 + 10, height: 24))
        #expect(
            engine.frames().frames.map(\.frame) == [
                Rect(x: 0, y: 0, width: 35, height: 24), Rect(x: 0, y: 0, width: 25, height: 12),
                Rect(x: 25, y: 0, width: 10, height: 24),
            ])
    }

    @Test("an inactive root lays out to nothing")
    func inactiveRoot() {
        let engine = BoxLayoutEngine(root: BoxNode(type: .hbox, activated: false), measurer: TestSupport.fixedMeasurer)
        #expect(engine.layout(proposal: BoxProposal()) == .zero)
        #expect(engine.frames().frames.isEmpty)
    }

    @Test("an unbounded fill root stays finite and the canvas is clamped to 4096")
    func unboundedScene() throws {
        let root = BoxNode(
            type: .zbox, width: .ratio(3), height: .fill, children: [.leaf(Size(width: 5, height: 5), id: "dot")])
        let boxCase = BoxCase(name: "huge", proposal: BoxProposal(), root: root)
        let frames = try boxCase.layout(measurer: TestSupport.fixedMeasurer)
        #expect(frames.frames.allSatisfy { $0.frame.isFinite })
        #expect(frames.frames[0].frame.width == Double.greatestFiniteMagnitude)
        let scene = boxCase.scene(for: frames, measurer: TestSupport.fixedMeasurer)
        #expect(scene.size == Size(width: 4096, height: 4096))
    }

    @Test("absolute rects add each parent's origin; a parent not listed counts as at the origin")
    func absoluteRects() {
        let frames = BoxFrames(frames: [
            BoxFrame(path: [], frame: Rect(x: 2, y: 3, width: 40, height: 30)),
            BoxFrame(path: [0], frame: Rect(x: 5, y: 6, width: 20, height: 10)),
            BoxFrame(path: [0, 1], frame: Rect(x: 1, y: 1, width: 4, height: 4)),
            BoxFrame(path: [1], frame: Rect(x: 0, y: 12, width: 8, height: 8)),
            BoxFrame(path: [2, 0], frame: Rect(x: 7, y: 7, width: 1, height: 1)),
        ])
        #expect(
            frames.absoluteRects == [
                Rect(x: 2, y: 3, width: 40, height: 30),
                Rect(x: 2 + 5, y: 3 + 6, width: 20, height: 10),
                Rect(x: 2 + 5 + 1, y: 3 + 6 + 1, width: 4, height: 4),
                Rect(x: 2 + 0, y: 3 + 12, width: 8, height: 8),
                Rect(x: 7, y: 7, width: 1, height: 1),
            ])
    }

    @Test("the scene draws each node by depth with its id")
    func sceneItems() throws {
        let root = BoxNode(
            type: .hbox, margin: Insets(all: 2), padding: Insets(all: 3),
            children: [.leaf(Size(width: 10, height: 6), id: "a")])
        let boxCase = BoxCase(name: "scene", proposal: BoxProposal(), root: root)
        let scene = boxCase.scene(
            for: try boxCase.layout(measurer: TestSupport.fixedMeasurer), measurer: TestSupport.fixedMeasurer)
        // Root 16x12 at (2, 2); canvas 16+4 by 12+4; the leaf at 2+3 = 5 absolute.
        #expect(scene.size == Size(width: 20, height: 16))
        #expect(scene.items.count == 3)
        #expect(scene.items[0].shape == .rect(Rect(x: 2, y: 2, width: 16, height: 12)))
        #expect(scene.items[1].shape == .rect(Rect(x: 5, y: 5, width: 10, height: 6)))
        #expect(scene.items[0].style.fill != scene.items[1].style.fill)
        guard case .text(let run) = scene.items[2].shape else {
            Issue.record("expected the id label")
            return
        }
        #expect(run.string == "a")
        #expect(scene.items[2].clip == Rect(x: 5, y: 5, width: 10, height: 6))
    }

    @Test("mismatches name the node and the field; a complete expectation reports extra nodes")
    func mismatchReport() {
        let root = BoxNode(
            type: .hbox,
            children: [.leaf(Size(width: 30, height: 20), id: "title"), .leaf(Size(width: 10, height: 10))])
        var boxCase = BoxCase(name: "m", proposal: BoxProposal(), root: root)
        let frames = BoxLayoutEngine(root: root, measurer: TestSupport.fixedMeasurer)
        frames.layout(proposal: BoxProposal())
        let actual = frames.frames()
        // Partial: only [0] listed, with a wrong x; [1] and the root are not reported.
        boxCase.expect = BoxFrames(frames: [
            BoxFrame(path: [0], id: "title", frame: Rect(x: 1, y: 0, width: 30, height: 20))
        ])
        #expect(boxCase.mismatches(in: actual).map(\.description) == [#"node [0] "title": x expected 1, got 0"#])
        // Complete: the root is listed, so the unlisted [1] is reported, and a missing [5] too.
        boxCase.expect = BoxFrames(frames: [
            BoxFrame(path: [], frame: Rect(x: 0, y: 0, width: 40, height: 20)),
            BoxFrame(path: [5], frame: Rect(x: 0, y: 0, width: 1, height: 1)),
        ])
        #expect(
            boxCase.mismatches(in: actual).map(\.description) == [
                "node [5]: frame expected 0, 0, 1, 1, got nothing (missing)",
                #"node [0] "title": frame expected no such node, got 0, 0, 30, 20"#,
                "node [1]: frame expected no such node, got 30, 0, 10, 10",
            ])
        // Within tolerance passes.
        boxCase.expect = BoxFrames(frames: [BoxFrame(path: [0], frame: Rect(x: 0.001, y: 0, width: 30, height: 20))])
        boxCase.tolerance = Tolerance(geometry: 0.01, reason: "test")
        #expect(boxCase.mismatches(in: actual).isEmpty)
    }
}
