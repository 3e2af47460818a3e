import LayoutCore
import PropertyBased
import TestSupport
import Testing

@testable import BoxLayout

/// Mutations are invisible but for their effect: after any sequence of mutations and proposals, a long-lived
/// engine gives the very frames (==) that an engine freshly built from the mutated `BoxNode` tree gives.
struct MutationTests {
    /// Applies `steps` random mutations to one engine and to its tree, lays the engine out under one or two
    /// random proposals after each, and compares with a fresh uncached engine built from the mutated tree.
    /// Returns the first difference, or nil.
    static func mutateAndCompare(_ root: BoxNode, around base: BoxProposal, steps: Int, rng: inout SplitMix64)
        -> String?
    {
        var tree = root
        let engine = BoxLayoutEngine(root: root, measurer: TestSupport.fixedMeasurer)
        let proposals = MeasureCacheTests.proposals(around: base, rng: &rng)
        engine.layout(proposal: base)
        for step in 0..<steps {
            // 1. A random mutation, addressed in a random form, applied to both.
            let index = rng.next(engine.realCount)
            let handle = BoxNodeHandle(preorderIndex: index)
            let path = engine.path(of: handle)
            let mutation = randomMutation(for: engine.shape.types[index], &rng)
            let address: BoxNodeAddress = rng.next(2) == 0 ? .preorder(index) : .path(path)
            do {
                try engine.apply(mutation, at: address)
                try tree.apply(mutation, at: path)
            } catch {
                return "step \(step): \(mutation) at \(address) refused: \(error)"
            }
            // 2. One or two layouts, then the comparison.
            for _ in 0...rng.next(2) {
                let proposal = proposals[rng.next(proposals.count)]
                let size = engine.layout(proposal: proposal)
                let fresh = BoxLayoutEngine(root: tree, measurer: TestSupport.fixedMeasurer, caching: false)
                let freshSize = fresh.layout(proposal: proposal)
                let got = engine.frames()
                let want = fresh.frames()
                if size != freshSize || got != want {
                    return "step \(step) after \(mutation) at \(path), \(proposal): root \(size) vs \(freshSize), "
                        + "first difference \(MeasureCacheTests.firstDifference(got, want))"
                }
            }
        }
        return nil
    }

    /// A mutation that fits a node of `type`: content for leaves, padding for containers, and for both sizes
    /// (every kind, grow included), margins and activation.
    static func randomMutation(for type: BoxNodeType, _ rng: inout SplitMix64) -> BoxMutation {
        switch rng.next(8) {
        case 0, 1:
            if type == .leaf {
                return .content(
                    Size(width: rng.pick([0, 7, 20, 40, 48, 33.3, 120]), height: rng.pick([0, 5, 20, 45])))
            }
            return .padding(RandomTree.insets(&rng))
        case 2: return .width(RandomTree.size(&rng))
        case 3: return .height(RandomTree.size(&rng))
        case 4: return .margin(RandomTree.insets(&rng))
        case 5: return .activated(rng.next(3) != 0)
        default:
            return type == .leaf ? .content(Size(width: rng.pick([40, 48]), height: 20)) : .activated(true)
        }
    }

    @Test(
        "every golden box case: mutations then layouts equal a fresh engine of the mutated tree",
        arguments: GoldenBoxCaseTests.files)
    func goldenCase(_ file: String) throws {
        let boxCase = try GoldenBoxCaseTests.load(file)
        var rng = SplitMix64(seed: UInt64(file.utf8.reduce(0) { $0 &* 31 &+ UInt64($1) }))
        for round in 0..<4 {
            let failure = Self.mutateAndCompare(boxCase.root, around: boxCase.proposal, steps: 12, rng: &rng)
            #expect(failure == nil, "\(file) round \(round): \(failure ?? "")")
        }
    }

    @Test("random trees: mutations then layouts equal a fresh engine of the mutated tree")
    func randomTrees() throws {
        try PropertyBoxLayoutTests.check(PropertyBoxLayoutTests.recipes) { genes in
            let (root, proposal) = PropertyBoxLayoutTests.tree(genes, profile: .general)
            var rng = SplitMix64(seed: UInt64(genes.joined().reduce(0) { $0 &* 1_000 &+ $1 }.magnitude))
            return Self.mutateAndCompare(root, around: proposal, steps: 16, rng: &rng)
        }
    }

    /// The benchmark trees of docs/design.md's resize and incremental modes (linear and flow 200, depth 40).
    static func benchmarkTree(_ shape: String, resize: Bool) -> (BoxNode, BoxProposal, changed: [Int]) {
        let grow = SizeDescription.wrap(WrapOptions(grow: 1))
        let root: SizeDescription = resize ? .fill : .wrap()
        let leaf = BoxNode.leaf(Size(width: 40, height: 20), width: resize ? grow : .wrap())
        switch shape {
        case "linear":
            var marginLeaf = leaf
            marginLeaf.margin = Insets(all: 2)
            return (
                BoxNode(type: .hbox, width: root, space: 4, children: Array(repeating: marginLeaf, count: 200)),
                BoxProposal(), [100]
            )
        case "flow":
            let flow = BoxNode(
                type: .vflow, width: root, itemSpace: 4, runSpace: 4, children: Array(repeating: leaf, count: 200))
            return (flow, BoxProposal(width: 500), [100])
        default:
            var box = BoxNode(type: .hbox, width: resize ? grow : .wrap())
            for level in 0..<40 {
                box = BoxNode(
                    type: .hbox, width: level == 39 ? root : box.width,
                    children: Array(repeating: leaf, count: 5) + [box])
            }
            return (box, BoxProposal(), Array(repeating: 5, count: 39) + [0])
        }
    }

    @Test(
        "the benchmark changes (resize widths, content 48 ↔ 40) equal a fresh engine",
        arguments: ["linear", "flow", "depth"])
    func benchmarkChanges(_ shape: String) throws {
        // Resize: the root width walks through docs/design.md's W(k) pattern (a fill root under a definite width).
        let (resizeTree, _, _) = Self.benchmarkTree(shape, resize: true)
        let resized = BoxLayoutEngine(root: resizeTree, measurer: TestSupport.fixedMeasurer)
        for k in 0..<6 {
            let width: Double =
                switch shape {
                case "linear": Double(48 * 200 - 4 + 100 + k % 64)
                case "flow": Double(k % 2 == 0 ? 456 + (k / 2) % 24 : 480 + (k / 2) % 24)
                default: Double(200 * 40 + 100 + k % 64)
                }
            resized.layout(proposal: BoxProposal(width: width))
            let fresh = BoxLayoutEngine(root: resizeTree, measurer: TestSupport.fixedMeasurer, caching: false)
            fresh.layout(proposal: BoxProposal(width: width))
            #expect(resized.frames() == fresh.frames(), "\(shape) resize k = \(k)")
        }
        // Incremental: one leaf alternates 48 and 40 wide through its handle.
        var (tree, proposal, changed) = Self.benchmarkTree(shape, resize: false)
        let engine = BoxLayoutEngine(root: tree, measurer: TestSupport.fixedMeasurer)
        engine.layout(proposal: proposal)
        let handle = try engine.resolve(.path(changed))
        for width in [48.0, 40, 48] {
            engine.apply(.content(Size(width: width, height: 20)), to: handle)
            engine.layout(proposal: proposal)
            try tree.apply(.content(Size(width: width, height: 20)), at: changed)
            let fresh = BoxLayoutEngine(root: tree, measurer: TestSupport.fixedMeasurer, caching: false)
            fresh.layout(proposal: proposal)
            #expect(engine.frames() == fresh.frames(), "\(shape) incremental \(width)")
        }
    }

    /// Changes to one item of the flow-200 tree that keep every line's items (or move them); a flow's line keeps
    /// its totals and order while it holds the same items, so each must start the lines over.
    static let flowItemChanges: [BoxMutation] = [
        .margin(Insets(top: 0, left: 1, bottom: 0, right: 1)), .width(.wrap(WrapOptions(grow: 1))),
        .width(.wrap(WrapOptions(shrink: 1))), .width(.fixed(40)), .width(.ratio(1)), .height(.ratio(1)),
        .activated(false),
    ]

    @Test("a flow's lines keep their totals only while their items' descriptions stand", arguments: flowItemChanges)
    func flowLinesStartOver(_ change: BoxMutation) throws {
        var (tree, proposal, changed) = Self.benchmarkTree("flow", resize: false)
        let engine = BoxLayoutEngine(root: tree, measurer: TestSupport.fixedMeasurer)
        engine.layout(proposal: proposal)
        try engine.apply(change, at: .path(changed))
        try tree.apply(change, at: changed)
        let fresh = BoxLayoutEngine(root: tree, measurer: TestSupport.fixedMeasurer, caching: false)
        fresh.layout(proposal: proposal)
        // Twice: the first layout after the change, then one that reuses what that layout derived.
        for round in 0..<2 {
            engine.layout(proposal: proposal)
            #expect(engine.frames() == fresh.frames(), "\(change), layout \(round + 1) after it")
        }
    }

    /// A wrap flow drops every `fill` row (quirk 3, as in §6.1), a fixed one keeps them. A flow's lines place their
    /// items after the flow has placed the lines (`placeLines`); a line dropped after it was placed must place
    /// nothing, or its items would come back from the earlier layout.
    @Test("a flow's line that its outer box drops places nothing, even after it was placed")
    func droppedLinesPlaceNothing() throws {
        var (tree, proposal) = (
            BoxNode(
                type: .vflow, height: .fixed(100), itemSpace: 4, runSpace: 4, runRowSize: .fill,
                children: Array(repeating: .leaf(Size(width: 40, height: 20)), count: 5)),
            BoxProposal(width: 100)
        )
        let engine = BoxLayoutEngine(root: tree, measurer: TestSupport.fixedMeasurer)
        engine.layout(proposal: proposal)
        #expect(
            engine.frames().frames.contains { $0.path == [4] && $0.frame.width == 40 }, "rows kept under a fixed height"
        )
        for height: SizeDescription in [.wrap(), .fixed(100)] {
            try engine.apply(.height(height), at: .path([]))
            try tree.apply(.height(height), at: [])
            engine.layout(proposal: proposal)
            let fresh = BoxLayoutEngine(root: tree, measurer: TestSupport.fixedMeasurer, caching: false)
            fresh.layout(proposal: proposal)
            #expect(engine.frames() == fresh.frames(), "after height \(height)")
        }
    }

    @Test("random trees with every cacheable and non-cacheable form", arguments: 0..<150)
    func randomTreeSeeds(_ seed: Int) {
        var rng = SplitMix64(seed: UInt64(seed) &+ 0x6D75_7461)
        let root = RandomTree.node(depth: 0, rng: &rng)
        let failure = Self.mutateAndCompare(root, around: BoxProposal(width: 200, height: 150), steps: 16, rng: &rng)
        #expect(failure == nil, "seed \(seed): \(failure ?? "")")
    }
}

/// The three address forms, the errors, and what a change invalidates.
struct MutationAddressTests {
    /// hbox [leaf 10×5, vbox (inactive) [leaf 20×8 id b], leaf 30×6 id c]: pre-order 0 root, 1, 2 vbox, 3 b, 4 c.
    static func tree() -> BoxNode {
        BoxNode(
            type: .hbox,
            children: [
                .leaf(Size(width: 10, height: 5)),
                BoxNode(type: .vbox, activated: false, children: [.leaf(Size(width: 20, height: 8), id: "b")]),
                .leaf(Size(width: 30, height: 6), id: "c"),
            ])
    }

    static func engine(_ root: BoxNode = tree()) -> BoxLayoutEngine {
        let engine = BoxLayoutEngine(root: root, measurer: TestSupport.fixedMeasurer)
        engine.layout(proposal: BoxProposal())
        return engine
    }

    @Test("pre-order indices count inactive nodes: index, path and id reach the same node")
    func addressForms() throws {
        let engine = Self.engine()
        for (index, path, id) in [(3, [1, 0], "b"), (4, [2], "c")] {
            let handle = try engine.resolve(.preorder(index))
            #expect(try engine.resolve(.path(path)) == handle)
            #expect(try engine.resolve(.id(id)) == handle)
            #expect(engine.path(of: handle) == path)
            #expect(handle.preorderIndex == index)
        }
        #expect(try engine.resolve(.path([])).preorderIndex == 0)
    }

    @Test("activating the inactive box shows it and moves its next sibling by its width")
    func activation() throws {
        let engine = Self.engine()
        #expect(engine.frames().frames.map(\.path) == [[], [0], [2]])
        #expect(engine.frames().frames[2].frame.x == 10)
        try engine.apply(.activated(true), at: .path([1]))
        engine.layout(proposal: BoxProposal())
        let frames = engine.frames().frames
        #expect(frames.map(\.path) == [[], [0], [1], [1, 0], [2]])
        // The vbox wraps its 20 × 8 leaf, so the last leaf starts at 10 + 20 and the root is 60 × 8.
        #expect(frames[2].frame == Rect(x: 10, y: 0, width: 20, height: 8))
        #expect(frames[4].frame.x == 30)
        #expect(frames[0].frame.size == Size(width: 60, height: 8))
    }

    static let errors: [(BoxMutation, BoxNodeAddress, BoxMutationError, String)] = [
        (
            .activated(true), .preorder(5), .unknownIndex(5, count: 5),
            "no node has pre-order index 5 (the tree has 5 nodes)"
        ),
        (
            .activated(true), .preorder(-1), .unknownIndex(-1, count: 5),
            "no node has pre-order index -1 (the tree has 5 nodes)"
        ),
        (
            .activated(true), .path([1, 1]), .unknownPath([1, 1], validPrefix: 1),
            "no node at path [1, 1]: [1] has no child 1"
        ),
        (
            .activated(true), .path([0, 0]), .unknownPath([0, 0], validPrefix: 1),
            "no node at path [0, 0]: [0] has no child 0"
        ),
        (.activated(true), .path([3]), .unknownPath([3], validPrefix: 0), "no node at path [3]: [] has no child 3"),
        (.activated(true), .path([-1]), .unknownPath([-1], validPrefix: 0), "no node at path [-1]: [] has no child -1"),
        (.activated(true), .id("z"), .unknownID("z"), "no node has id 'z'"),
        (
            .content(Size(width: 1, height: 1)), .path([1]),
            .misfit(.content(Size(width: 1, height: 1)), type: .vbox, path: [1]),
            "content does not apply to the vbox at [1]"
        ),
        (
            .padding(.zero), .path([1, 0]), .misfit(.padding(.zero), type: .leaf, path: [1, 0]),
            "padding does not apply to the leaf at [1, 0]"
        ),
        (
            .content(Size(width: -1, height: 5)), .path([0]),
            .invalidValue(
                .content(Size(width: -1, height: 5)), reason: "a content size is finite and >= 0, got -1.0 × 5.0"),
            "content: a content size is finite and >= 0, got -1.0 × 5.0"
        ),
        (
            .width(.ratio(0)), .path([0]),
            .invalidValue(.width(.ratio(0)), reason: "a ratio is a finite number > 0, got 0.0"),
            "width: a ratio is a finite number > 0, got 0.0"
        ),
        (
            .height(.wrap(WrapOptions(max: 5, grow: 1))), .path([2]),
            .invalidValue(
                .height(.wrap(WrapOptions(max: 5, grow: 1))), reason: "a wrap size with grow > 0 cannot have a max"),
            "height: a wrap size with grow > 0 cannot have a max"
        ),
        (
            .margin(Insets(all: .infinity)), .path([2]),
            .invalidValue(.margin(Insets(all: .infinity)), reason: "insets are finite numbers"),
            "margin: insets are finite numbers"
        ),
    ]

    @Test("an unknown address or a misfit is refused with a one-line message, and nothing changes", arguments: errors)
    func refusals(_ mutation: BoxMutation, _ address: BoxNodeAddress, _ expected: BoxMutationError, _ message: String) {
        let engine = Self.engine()
        let before = engine.frames()
        #expect(throws: expected) { try engine.apply(mutation, at: address) }
        #expect(expected.description == message)
        engine.layout(proposal: BoxProposal())
        #expect(engine.frames() == before)
        // A BoxNode refuses a path the same way.
        if case .path(let path) = address {
            var node = Self.tree()
            #expect(throws: expected) { try node.apply(mutation, at: path) }
            #expect(node == Self.tree())
        }
    }

    @Test("an id carried by two nodes is ambiguous")
    func ambiguousID() {
        let root = BoxNode(type: .zbox, children: [.leaf(.zero, id: "x"), .leaf(.zero, id: "x")])
        #expect(throws: BoxMutationError.ambiguousID("x", count: 2)) { try Self.engine(root).resolve(.id("x")) }
    }

    @Test("a content change invalidates its path to the root and leaves the sibling subtree's entry")
    func invalidatesThePathOnly() throws {
        // hbox [vbox A [leaf, leaf], vbox B [leaf, leaf]]: pre-order 0 root, 1 A, 2, 3, 4 B, 5, 6.
        let pair = BoxNode(
            type: .vbox, children: [.leaf(Size(width: 10, height: 5)), .leaf(Size(width: 12, height: 5))])
        let engine = Self.engine(BoxNode(type: .hbox, children: [pair, pair]))
        let offered = Size(width: unbounded, height: unbounded)
        #expect((0..<7).allSatisfy { engine.state.caches[$0].admits(offered) })
        engine.apply(.content(Size(width: 48, height: 20)), to: try engine.resolve(.path([1, 0])))
        let valid = (0..<7).map { engine.state.caches[$0].admits(offered) }
        #expect(valid == [false, true, true, true, false, true, true])
        #expect(engine.layout(proposal: BoxProposal()) == Size(width: 12 + 48, height: 25))
    }

    @Test("a node's hot half is one aligned cache line; its cold half starts with width, then height")
    func recordLayout() {
        #expect(MemoryLayout<HotNode>.size <= 64)
        #expect(MemoryLayout<HotNode>.stride == 64)
        #expect(MemoryLayout<HotNode>.offset(of: \.rank)! + MemoryLayout<Int32>.size <= 64)
        #expect(MemoryLayout<ColdNode>.offset(of: \.width) == 0)
        #expect(MemoryLayout<ColdNode>.offset(of: \.height) == MemoryLayout<Dim>.stride)
        let engine = Self.engine()
        #expect(Int(bitPattern: engine.state.hot) % 64 == 0)
        #expect(Int(bitPattern: engine.state.cold) % 64 == 0)
    }

    @Test("a size mutation keeps the record's copied kinds in step")
    func dimensionKinds() throws {
        let engine = Self.engine()
        try engine.apply(.width(.wrap(WrapOptions(grow: 1))), at: .preorder(1))
        try engine.apply(.height(.ratio(2)), at: .preorder(1))
        let width = engine.state.node(1).dim(along: .horizontal)
        let height = engine.state.node(1).dim(along: .vertical)
        #expect(width.kind == .wrap && width.isFlex && width.grow == 1)
        #expect(height.kind == .ratio && !height.isFlex && height.ratio == 2)
    }
}
