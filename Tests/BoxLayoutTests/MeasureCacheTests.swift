import LayoutCore
import TestSupport
import Testing

@testable import BoxLayout

/// The measurement cache is invisible: a long-lived engine, relaid out under any sequence of proposals, gives the
/// very frames (==, not within a tolerance) a fresh engine without the cache gives under each proposal.
struct MeasureCacheTests {
    /// Lays `root` out once per proposal with one cached engine and compares with a fresh uncached engine each time.
    static func expectSameAsFresh(_ root: BoxNode, _ proposals: [BoxProposal], _ label: String) {
        let cached = BoxLayoutEngine(root: root, measurer: TestSupport.fixedMeasurer)
        for (step, proposal) in proposals.enumerated() {
            let size = cached.layout(proposal: proposal)
            let fresh = BoxLayoutEngine(root: root, measurer: TestSupport.fixedMeasurer, caching: false)
            let freshSize = fresh.layout(proposal: proposal)
            #expect(size == freshSize, "\(label) step \(step) \(proposal)")
            let got = cached.frames()
            let want = fresh.frames()
            #expect(got == want, "\(label) step \(step) \(proposal): first difference \(firstDifference(got, want))")
        }
    }

    static func firstDifference(_ got: BoxFrames, _ want: BoxFrames) -> String {
        for (a, b) in zip(got.frames, want.frames) where a != b { return "\(a) vs \(b)" }
        return "count \(got.frames.count) vs \(want.frames.count)"
    }

    /// Proposals around a base: unchanged, ±1, exact, halved, doubled, unbounded and zero, on both axes.
    static func proposals(around base: BoxProposal, rng: inout SplitMix64) -> [BoxProposal] {
        let width = base.width ?? 300
        let height = base.height ?? 300
        let candidates: [Double?] = [
            nil, 0, 1, width, width + 1, width - 1, width / 2, width * 2, height, height / 3, 10_000_000,
        ]
        var list = [base, base, BoxProposal(width: base.width.map { $0 + 1 }, height: base.height)]
        for _ in 0..<24 {
            list.append(
                BoxProposal(
                    width: candidates[rng.next(candidates.count)], height: candidates[rng.next(candidates.count)]))
            if rng.next(4) == 0 { list.append(base) }
        }
        return list
    }

    @Test("every golden box case: cached relayout equals a fresh layout", arguments: GoldenBoxCaseTests.files)
    func goldenCase(_ file: String) throws {
        let boxCase = try GoldenBoxCaseTests.load(file)
        var rng = SplitMix64(seed: UInt64(file.utf8.count) &* 7919)
        Self.expectSameAsFresh(boxCase.root, Self.proposals(around: boxCase.proposal, rng: &rng), file)
    }

    @Test("random trees under random proposal sequences", arguments: 0..<300)
    func randomTree(_ seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) &+ 1)
        let root = RandomTree.node(depth: 0, rng: &rng)
        Self.expectSameAsFresh(
            root, Self.proposals(around: BoxProposal(width: 200, height: 150), rng: &rng), "seed \(seed)")
    }

    @Test("the benchmark shapes relayout through the root's entry and stay equal to fresh")
    func benchmarkShapes() {
        // linear 200 and depth 40 as docs/design.md builds them, alternating 10 000 000 / 10 000 001 as relayout does.
        let leaf = BoxNode.leaf(Size(width: 40, height: 20), margin: Insets(top: 2, left: 2, bottom: 2, right: 2))
        let linear = BoxNode(type: .hbox, space: 4, children: Array(repeating: leaf, count: 200))
        var depth = BoxNode(type: .hbox)
        for _ in 0..<40 {
            depth = BoxNode(
                type: .hbox, children: Array(repeating: .leaf(Size(width: 40, height: 20)), count: 5) + [depth])
        }
        let alternating = (0..<6).map { BoxProposal(width: $0 % 2 == 0 ? 10_000_000 : 10_000_001) }
        Self.expectSameAsFresh(linear, alternating, "linear 200")
        Self.expectSameAsFresh(depth, alternating, "depth 40")
        // The root's entry admits the other width: a relayout is a cache hit at the root.
        let engine = BoxLayoutEngine(root: depth, measurer: TestSupport.fixedMeasurer)
        engine.layout(proposal: alternating[0])
        #expect(engine.state.caches[0].admits(Size(width: 10_000_001, height: unbounded)))
        // Depth 40: each box holds 5 · 40 = 200 of leaves plus the next box; the innermost is empty, so the
        // root is 40 · 200 = 8000 wide and 20 tall. Its width need is at least that content width.
        #expect(engine.state.caches[0].result == Size(width: 8000, height: 20))
        #expect(engine.state.caches[0].need.width >= 8000)
    }

    @Test("an entry is exact at its threshold: one ulp less is a miss")
    func leafThreshold() {
        // A wrap leaf 40 × 20 with margin 2: unclipped while its residual holds 40 (width), i.e. offer ≥ 44.
        let leaf = BoxNode.leaf(Size(width: 40, height: 20), margin: Insets(top: 2, left: 2, bottom: 2, right: 2))
        let engine = BoxLayoutEngine(root: BoxNode(type: .hbox, children: [leaf]), measurer: TestSupport.fixedMeasurer)
        let entry = engine.state.caches[1]
        #expect(entry.need == Size(width: 44, height: 24))
        #expect(entry.result == Size(width: 40, height: 20))
        #expect(entry.admits(Size(width: 44, height: 24)))
        #expect(!entry.admits(Size(width: 44.0.nextDown, height: 24)))
    }

    @Test("a negative add is not mistaken for room: the need covers the natural size, not the result")
    func negativeAdd() {
        // wrap(add: -10) on a 40-wide leaf gives 30; under a 35 residual it measures 35 and gives 25, so a
        // result of 30 inside 35 must not be reused: the need is the natural 40.
        let leaf = BoxNode.leaf(Size(width: 40, height: 20), width: .wrap(WrapOptions(add: -10)))
        let root = BoxNode(type: .hbox, children: [leaf])
        let engine = BoxLayoutEngine(root: root, measurer: TestSupport.fixedMeasurer)
        #expect(engine.state.caches[1].need.width == 40)
        Self.expectSameAsFresh(
            root, [BoxProposal(width: 100), BoxProposal(width: 35), BoxProposal(width: 100)], "add -10")
    }

    @Test("upperSum bounds the exact sum from above")
    func upperSumBound() {
        // 1e16 + 1 rounds to 1e16 (ties to even), below the exact sum: the bound moves up one ulp, to 1e16 + 2.
        #expect(upperSum(1e16, 1) == 1e16 + 2)
        #expect(upperSum(40, 4) == 44)
        #expect(upperSum(0.1, 0.2) >= 0.1 + 0.2)
        #expect(upperSum(-Double.infinity, 3) == -.infinity)
        #expect(upperSum(.infinity, -3) == .infinity)
    }
}

/// The tests draw from LayoutCore's `SplitMix64`, so failures reproduce from the seed.
extension SplitMix64 {
    /// Uniform in 0..<bound.
    mutating func next(_ bound: Int) -> Int { int(in: 0...bound - 1) }
}

/// Random trees that mix cacheable nodes (fixed and wrap, with add, min, max, priority, shrink) with nodes that
/// are not (ratio, aspect, grow, flows), and inactive ones.
enum RandomTree {
    static func size(_ rng: inout SplitMix64) -> SizeDescription {
        switch rng.next(12) {
        case 0, 1: .fixed(rng.pick([0, 10, 25, 60, 0.1]))
        case 2: .ratio(rng.pick([1, 0.5, 2]))
        case 3: .aspectRatio(rng.pick([1, 2, 0.5]))
        case 4: .wrap(WrapOptions(add: rng.pick([-10, 5]), min: rng.pick([0, 15]), max: rng.pick([nil, 30, 80])))
        case 5: .wrap(WrapOptions(priority: 1, shrink: rng.pick([0, 1, 2])))
        case 6: .wrap(WrapOptions(grow: 1))
        default: .wrap()
        }
    }

    static func insets(_ rng: inout SplitMix64) -> Insets {
        rng.next(3) == 0 ? Insets(top: Double(rng.next(4)), left: Double(rng.next(5)), bottom: 1, right: 0.3) : .zero
    }

    static func node(depth: Int, rng: inout SplitMix64) -> BoxNode {
        let isLeaf = depth >= 4 || rng.next(3) == 0
        if isLeaf {
            let content = Size(width: rng.pick([0, 7, 20, 40, 33.3, 120]), height: rng.pick([0, 5, 20, 45]))
            var leaf = BoxNode.leaf(content, width: size(&rng), height: size(&rng), margin: insets(&rng))
            leaf.activated = rng.next(15) != 0
            leaf.flowEnding = rng.next(10) == 0
            return leaf
        }
        let type = rng.pick([BoxNodeType.hbox, .vbox, .hbox, .vbox, .zbox, .zbox, .vflow, .hflow])
        let children = (0..<rng.next(6)).map { _ in node(depth: depth + 1, rng: &rng) }
        return BoxNode(
            type: type, width: size(&rng), height: size(&rng), margin: insets(&rng),
            alignment: rng.pick([.idle, .center, .bottom, .right, .horzCenter(0.5)]), padding: insets(&rng),
            space: rng.pick([0, 4, 2.5]), format: rng.pick(BoxFormat.allCases), reverse: rng.next(4) == 0,
            arrange: type.isFlow && rng.next(3) == 0 ? 2 : 0, children: children)
    }
}
