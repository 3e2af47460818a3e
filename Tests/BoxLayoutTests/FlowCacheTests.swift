import LayoutCore
import TestSupport
import Testing

@testable import BoxLayout

/// A flow's entry holds for an interval of offers, `need ... limit` (docs/performance.md "A flow's regime"): its
/// line breaks stand while its line length L stays from its longest line to just below the length at which the next
/// item would fit. These tests pin the bounds where they are exact, and check both sides of every bound against a
/// fresh engine without the cache: a bound one step too wide lets the cache answer an offer that re-breaks.
struct FlowCacheTests {
    static let leaf = BoxNode.leaf(Size(width: 40, height: 20))

    /// A cached engine that laid `root` out under `base` twice: the first calculation of a flow bounds no regime,
    /// the second (its flow settled) does.
    static func settledEngine(_ root: BoxNode, _ base: BoxProposal) -> BoxLayoutEngine {
        let engine = BoxLayoutEngine(root: root, measurer: TestSupport.fixedMeasurer)
        engine.layout(proposal: base)
        engine.layout(proposal: base)
        return engine
    }

    /// Node `index`'s entry, copied out of the engine's buffers while the engine is alive.
    static func entry(_ engine: BoxLayoutEngine, _ index: Int) -> MeasureCache {
        withExtendedLifetime(engine) { engine.state.caches[index] }
    }

    /// The root's entry after a settled layout under `base`.
    static func settledEntry(_ root: BoxNode, _ base: BoxProposal) -> MeasureCache {
        entry(settledEngine(root, base), 0)
    }

    static func fresh(_ root: BoxNode, _ proposal: BoxProposal) -> (Size, BoxFrames) {
        let engine = BoxLayoutEngine(root: root, measurer: TestSupport.fixedMeasurer, caching: false)
        let size = engine.layout(proposal: proposal)
        return (size, engine.frames())
    }

    /// The root's regime after a settled layout under `base`; then, for each finite bound on either axis, the offer
    /// at the bound and the one just outside it (one ulp) laid out by the settled engine equal a fresh engine's.
    /// Returns the root's entry.
    @discardableResult
    static func expectBoundsSound(_ root: BoxNode, _ base: BoxProposal, _ label: String) -> MeasureCache {
        let entry = settledEntry(root, base)
        let offered = Size(width: base.width ?? unbounded, height: base.height ?? unbounded)
        for axis in Axis.allCases {
            let need = entry.need.main(along: axis)
            let limit = entry.limit.main(along: axis)
            var probes: [Double] = []
            if need.isFinite { probes += [need, need.nextDown] }
            if limit.isFinite { probes += [limit, limit.nextUp] }
            for value in probes where value >= 0 {
                let proposal = BoxProposal(size: offered.with(main: value, along: axis))
                let engine = settledEngine(root, base)
                let size = engine.layout(proposal: proposal)
                let (freshSize, freshFrames) = fresh(root, proposal)
                #expect(size == freshSize, "\(label): \(axis) \(value)")
                #expect(
                    engine.frames() == freshFrames,
                    "\(label): \(axis) \(value): \(MeasureCacheTests.firstDifference(engine.frames(), freshFrames))")
            }
        }
        return entry
    }

    @Test("flow 200 relayout is one hit: its regime is 480 ≤ width < 524, pinned and exact on both sides")
    func benchmarkFlowRegime() {
        let (flow, _, _) = MutationTests.benchmarkTree("flow", resize: false)
        let engine = BoxLayoutEngine(root: flow, measurer: TestSupport.fixedMeasurer)
        engine.layout(proposal: BoxProposal(width: 500))
        // The first calculation bounds no regime; the relayout under 501 does.
        #expect(!Self.entry(engine, 0).admits(Size(width: 501, height: unbounded)))
        engine.layout(proposal: BoxProposal(width: 501))
        let entry = Self.entry(engine, 0)
        // 11 leaves of 40 with 10 gaps of 4 fill 480 of a line; a 12th would need 480 + 4 + 40 = 524. The lines:
        // 18 of 11 and one of 2, each 20 tall, with 18 gaps of 4: 19 · 20 + 18 · 4 = 452 tall.
        #expect(entry.need == Size(width: 480, height: 452))
        #expect(entry.limit == Size(width: 524.0.nextDown, height: .infinity))
        #expect(entry.result == Size(width: 480, height: 452))
        #expect(entry.admits(Size(width: 500, height: unbounded)))
        // 524 fits twelve leaves a line: the cache must not answer it.
        #expect(!entry.admits(Size(width: 524, height: unbounded)))
        for width in [500.0, 480, 524.0.nextDown, 524, 479.5, 501] {
            let size = engine.layout(proposal: BoxProposal(width: width))
            let (freshSize, freshFrames) = Self.fresh(flow, BoxProposal(width: width))
            #expect(size == freshSize && engine.frames() == freshFrames, "width \(width)")
        }
        #expect(Self.fresh(flow, BoxProposal(width: 524)).0.width == 12 * 40 + 11 * 4)
    }

    /// A flow, as the root or inside a root box, under a base proposal; `cached` says the root keeps a valid entry
    /// there (a wide item or a growing one clips or grows: no entry).
    struct FlowCase: CustomTestStringConvertible {
        var label: String
        var root: BoxNode
        var base: BoxProposal
        var cached = true
        var testDescription: String { label }
    }

    /// Flows of every kind the cache covers: HFlow and VFlow, gaps, margins and padding, min and max, inactive
    /// items, flowEnding, count mode, row sizes, a fixed line length, flows nested in flows and in each box kind.
    static let cases: [FlowCase] = {
        let leaves = (0..<23).map { (index: Int) -> BoxNode in
            let width = Double(20 + index * 7 % 45)
            let height = Double(10 + index * 5 % 17)
            return BoxNode.leaf(Size(width: width, height: height))
        }
        let flow = { (type: BoxNodeType, children: [BoxNode]) in
            BoxNode(type: type, itemSpace: 4, runSpace: 6, children: children)
        }
        var margined = flow(
            .vflow,
            leaves.map { leaf in
                var leaf = leaf
                leaf.margin = Insets(top: 1, left: 2, bottom: 0.5, right: 1.5)
                return leaf
            })
        margined.padding = Insets(top: 3, left: 5, bottom: 2, right: 7)
        margined.margin = Insets(top: 1, left: 4, bottom: 2, right: 3)
        let bounded = leaves.enumerated().map { index, leaf in
            var leaf = leaf
            leaf.width = .wrap(WrapOptions(add: index % 3 == 0 ? 3 : 0, min: 30, max: 70))
            return leaf
        }
        let inactive = leaves.enumerated().map { index, leaf in
            var leaf = leaf
            leaf.activated = index % 3 != 1
            return leaf
        }
        var ending = leaves
        ending[5].flowEnding = true
        ending[6].content = Size(width: 400, height: 12)
        ending[6].width = .fixed(400)
        var endingOnly = leaves
        endingOnly[5].flowEnding = true
        endingOnly[13].flowEnding = true
        let flexible = leaves.enumerated().map { index, leaf in
            var leaf = leaf
            leaf.width = .wrap(WrapOptions(shrink: index % 4 == 0 ? 1 : 0, grow: index % 5 == 0 ? 1 : 0))
            return leaf
        }
        let inner = (0..<6).map { index in flow(index % 2 == 0 ? .hflow : .vflow, Array(leaves[index..<index + 5])) }
        return [
            FlowCase(label: "vflow", root: flow(.vflow, leaves), base: BoxProposal(width: 230)),
            FlowCase(label: "hflow", root: flow(.hflow, leaves), base: BoxProposal(height: 120)),
            FlowCase(
                label: "hflow under a width", root: flow(.hflow, leaves), base: BoxProposal(width: 300, height: 120)),
            FlowCase(label: "margins and padding", root: margined, base: BoxProposal(width: 230)),
            FlowCase(label: "wrap min and max items", root: flow(.vflow, bounded), base: BoxProposal(width: 230)),
            FlowCase(
                label: "a wrap max on the flow",
                root: BoxNode(type: .vflow, width: .wrap(WrapOptions(max: 200)), itemSpace: 4, children: leaves),
                base: BoxProposal(width: 230)),
            FlowCase(label: "inactive items", root: flow(.vflow, inactive), base: BoxProposal(width: 230)),
            FlowCase(
                label: "flowEnding and a wide item", root: flow(.vflow, ending), base: BoxProposal(width: 230),
                cached: false),
            FlowCase(label: "flowEnding", root: flow(.vflow, endingOnly), base: BoxProposal(width: 230)),
            FlowCase(
                label: "count mode", root: BoxNode(type: .vflow, arrange: 4, itemSpace: 4, children: leaves),
                base: BoxProposal(width: 230)),
            FlowCase(
                label: "fixed rows",
                root: BoxNode(type: .hflow, itemSpace: 2, runSpace: 3, runRowSize: .fixed(70), children: leaves),
                base: BoxProposal(height: 150)),
            FlowCase(
                label: "plain wrap rows",
                root: BoxNode(type: .vflow, itemSpace: 2, runRowSize: .wrap(), children: leaves),
                base: BoxProposal(width: 150, height: 400)),
            FlowCase(
                label: "fixed line length",
                root: BoxNode(type: .vflow, width: .fixed(200), format: .between, itemSpace: 4, children: leaves),
                base: BoxProposal(width: 230, height: 300)),
            FlowCase(
                label: "shrinking and growing items", root: flow(.vflow, flexible), base: BoxProposal(width: 230),
                cached: false),
            FlowCase(label: "flows in a flow", root: flow(.vflow, inner), base: BoxProposal(width: 180)),
            FlowCase(
                label: "a flow in an hbox",
                root: BoxNode(
                    type: .hbox, space: 3,
                    children: [leaves[0], flow(.vflow, leaves), .leaf(Size(width: 27, height: 15), width: .fixed(27))]),
                base: BoxProposal(width: 300)),
            FlowCase(
                label: "a flow in a vbox",
                root: BoxNode(type: .vbox, padding: Insets(all: 2), children: [leaves[0], flow(.vflow, leaves)]),
                base: BoxProposal(width: 230)),
            FlowCase(
                label: "a flow in a zbox", root: BoxNode(type: .zbox, children: [leaves[3], flow(.hflow, leaves)]),
                base: BoxProposal(width: 500, height: 90)),
        ]
    }()

    @Test("every bound of a flow's regime is sound on both sides", arguments: cases)
    func boundsAreSound(_ flowCase: FlowCase) {
        let (label, root, base) = (flowCase.label, flowCase.root, flowCase.base)
        let entry = Self.expectBoundsSound(root, base, label)
        let offered = Size(width: base.width ?? unbounded, height: base.height ?? unbounded)
        #expect(entry.admits(offered) == flowCase.cached, "\(label): the root's entry admits its base proposal")
        // Relayouts under a sweep of widths and heights around the base, each equal to a fresh layout.
        let width = base.width ?? 300
        let height = base.height ?? 300
        let sweep = (0..<40).map { (step: Int) -> BoxProposal in
            let scaledWidth: Double = width * (0.6 + Double(step) * 0.023)
            let scaledHeight: Double = height * (0.7 + Double(step % 9) * 0.1)
            return BoxProposal(
                width: step % 5 == 4 ? base.width : scaledWidth, height: step % 7 == 3 ? nil : scaledHeight)
        }
        MeasureCacheTests.expectSameAsFresh(root, [base, base] + sweep, label)
    }

    @Test("the width limit is where the next item fits: the cache answers up to it and re-breaks past it")
    func limitIsTheNextFit() {
        for (label, root, base) in Self.cases.map({ ($0.label, $0.root, $0.base) }) {
            let entry = Self.settledEntry(root, base)
            guard root.type.isFlow, root.arrange == 0, entry.limit.width.isFinite, let width = base.width else {
                continue
            }
            // Within the regime the layout is the base's; one ulp past the limit the breaks move.
            let (_, atBase) = Self.fresh(root, base)
            let (_, atLimit) = Self.fresh(root, BoxProposal(width: entry.limit.width, height: base.height))
            let (_, pastLimit) = Self.fresh(root, BoxProposal(width: entry.limit.width.nextUp, height: base.height))
            #expect(entry.admits(Size(width: width, height: base.height ?? unbounded)), "\(label)")
            #expect(atLimit == atBase, "\(label)")
            #expect(pastLimit != atBase, "\(label): nothing moves just past the limit \(entry.limit.width)")
        }
    }

    /// Each of the flow-200 tree's items, changed in content so that it stays on its line, joins the line before
    /// or leaves for the next: the layout re-breaks from that item's line on and equals a fresh one.
    @Test("a content change re-breaks from its item's line on, and the lines before it keep theirs")
    func incrementalRebreak() throws {
        var (tree, proposal, _) = MutationTests.benchmarkTree("flow", resize: false)
        let engine = BoxLayoutEngine(root: tree, measurer: TestSupport.fixedMeasurer)
        engine.layout(proposal: proposal)
        // Line k holds items 11k ..< 11k + 11 (480 of 500); 16 wide, item 11k joins line k − 1 (480 + 4 + 16 = 500).
        let changes: [(item: Int, width: Double)] = [
            (100, 48), (100, 40), (11, 16), (11, 40), (0, 60), (0, 40), (199, 48), (110, 16), (154, 120), (154, 40),
            (10, 16), (10, 40), (121, 16), (130, 200), (130, 40), (121, 40),
        ]
        for (item, width) in changes {
            // The line holding the item (the last whose break began at or before it). The break resumes where that
            // line began, which may re-close the line before it; every line before that one keeps its break: mark
            // their kept states and find the marks untouched.
            let lineCount = Int(engine.state.regulators[0].lineCount)
            let lines = (0..<lineCount).map { engine.state.item(engine.state.cold[0].linesStart + Int32($0)) }
            let holder =
                lines.lastIndex { engine.state.lineRecords[$0 - engine.realCount].breakStart.next <= item } ?? 0
            let kept = lines.prefix(max(holder - 1, 0))
            let keptStates = kept.map { engine.state.lineRecords[$0 - engine.realCount].breakStart }
            for line in kept { engine.state.lineRecords[line - engine.realCount].breakStart.accumulated = -1 }
            try engine.apply(.content(Size(width: width, height: 20)), at: .path([item]))
            try tree.apply(.content(Size(width: width, height: 20)), at: [item])
            engine.layout(proposal: proposal)
            let (_, freshFrames) = Self.fresh(tree, proposal)
            #expect(engine.frames() == freshFrames, "item \(item) → \(width)")
            #expect(
                kept.allSatisfy { engine.state.lineRecords[$0 - engine.realCount].breakStart.accumulated == -1 },
                "item \(item)")
            for (line, state) in zip(kept, keptStates) {
                engine.state.lineRecords[line - engine.realCount].breakStart = state
            }
        }
    }

    /// Random content changes, anywhere below random flows, laid out under the same proposal (where a flow resumes
    /// its breaks) or another one (where it must not), each equal to a fresh engine.
    @Test("random content changes below flows re-break exactly where a fresh engine breaks", arguments: 0..<60)
    func randomIncremental(_ seed: Int) throws {
        var rng = SplitMix64(seed: UInt64(seed) &* 0x9E37 &+ 11)
        var tree = Self.randomFlow(&rng, depth: 0)
        let base = BoxProposal(width: Double(80 + rng.next(200)), height: rng.next(3) == 0 ? 140 : nil)
        let engine = BoxLayoutEngine(root: tree, measurer: TestSupport.fixedMeasurer)
        engine.layout(proposal: base)
        let leaves = (0..<engine.realCount).filter { engine.shape.types[$0] == .leaf }
        guard !leaves.isEmpty else { return }
        for step in 0..<30 {
            let leaf = leaves[rng.next(leaves.count)]
            let path = engine.path(of: BoxNodeHandle(preorderIndex: leaf))
            let content = Size(width: rng.pick([0, 8, 20, 35, 60, 130]), height: rng.pick([0, 9, 20, 31]))
            engine.apply(.content(content), to: BoxNodeHandle(preorderIndex: leaf))
            try tree.apply(.content(content), at: path)
            let proposal = rng.next(4) == 0 ? BoxProposal(width: Double(60 + rng.next(260))) : base
            let size = engine.layout(proposal: proposal)
            let (freshSize, freshFrames) = Self.fresh(tree, proposal)
            #expect(size == freshSize, "seed \(seed) step \(step)")
            let difference = MeasureCacheTests.firstDifference(engine.frames(), freshFrames)
            #expect(engine.frames() == freshFrames, "seed \(seed) step \(step) \(path) → \(content): \(difference)")
        }
    }

    /// A flow of leaves and small boxes with margins, flowEnding, inactive and wide items; nested flows below.
    static func randomFlow(_ rng: inout SplitMix64, depth: Int) -> BoxNode {
        let children = (0..<(4 + rng.next(20))).map { _ -> BoxNode in
            var child: BoxNode
            switch rng.next(8) {
            case 0 where depth < 2: child = randomFlow(&rng, depth: depth + 1)
            case 1:
                child = BoxNode(
                    type: rng.pick([.hbox, .vbox, .zbox]), space: 2,
                    children: (0..<(1 + rng.next(3))).map { _ in
                        .leaf(Size(width: Double(5 + rng.next(40)), height: Double(5 + rng.next(20))))
                    })
            default:
                child = .leaf(Size(width: Double(5 + rng.next(60)), height: Double(5 + rng.next(25))))
                if rng.next(6) == 0 { child.width = .wrap(WrapOptions(min: 12, max: 50)) }
            }
            if rng.next(4) == 0 { child.margin = Insets(top: 1, left: 2, bottom: 0, right: 1.5) }
            child.flowEnding = rng.next(9) == 0
            child.activated = rng.next(12) != 0
            return child
        }
        return BoxNode(
            type: rng.pick([.vflow, .hflow]), padding: rng.next(3) == 0 ? Insets(all: 3) : .zero,
            arrange: rng.next(6) == 0 ? 3 : 0, itemSpace: rng.pick([0, 3, 4.5]), runSpace: rng.pick([0, 2, 6]),
            runRowSize: rng.pick([BoxNode.defaultRunRowSize, .wrap(), .fixed(25)]), children: children)
    }

    /// A box skipped by its parent is zeroed with its subtree; when it takes part again, a box below it must not
    /// answer from an entry that predates the zeroing (its subtree is no longer what that entry describes).
    @Test("a subtree zeroed while skipped is laid out again when it comes back")
    func clearedSubtreeComesBack() throws {
        // hbox (fixed 100) [vbox (fill) [vbox [leaf 30 × 10]]]: a wrap root drops its fill child (quirk 3).
        var tree = BoxNode(
            type: .hbox, width: .fixed(100),
            children: [
                BoxNode(
                    type: .vbox, width: .fill,
                    children: [BoxNode(type: .vbox, children: [.leaf(Size(width: 30, height: 10))])])
            ])
        let engine = BoxLayoutEngine(root: tree, measurer: TestSupport.fixedMeasurer)
        for width: SizeDescription in [.fixed(100), .wrap(), .fixed(100)] {
            try engine.apply(.width(width), at: .path([]))
            try tree.apply(.width(width), at: [])
            engine.layout(proposal: BoxProposal())
            #expect(engine.frames() == Self.fresh(tree, BoxProposal()).1, "root width \(width)")
        }
    }
}

extension BoxProposal {
    /// A proposal of `size`, `unbounded` on an axis meaning none.
    init(size: Size) {
        self.init(
            width: size.width == unbounded ? nil : size.width, height: size.height == unbounded ? nil : size.height)
    }
}
