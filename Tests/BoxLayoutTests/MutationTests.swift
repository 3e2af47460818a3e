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
    static func mutateAndCompare(_ root: BoxNode, around base: BoxProposal, steps: Int, rng: inout SplitMix) -> String? {
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
                let got = engine.frames(), want = fresh.frames()
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
    static func randomMutation(for type: BoxNodeType, _ rng: inout SplitMix) -> BoxMutation {
        switch rng.next(8) {
        case 0, 1:
            if type == .leaf {
                return .content(Size(width: rng.pick([0, 7, 20, 40, 48, 33.3, 120]), height: rng.pick([0, 5, 20, 45])))
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

    @Test("every golden box case: mutations then layouts equal a fresh engine of the mutated tree", arguments: GoldenBoxCaseTests.files)
    func goldenCase(_ file: String) throws {
        let boxCase = try GoldenBoxCaseTests.load(file)
        var rng = SplitMix(seed: UInt64(file.utf8.reduce(0) { $0 &* 31 &+ UInt64($1) }))
        for round in 0..<4 {
            let failure = Self.mutateAndCompare(boxCase.root, around: boxCase.proposal, steps: 12, rng: &rng)
            #expect(failure == nil, "\(file) round \(round): \(failure ?? "")")
        }
    }

    @Test("random trees: mutations then layouts equal a fresh engine of the mutated tree")
    func randomTrees() throws {
        try PropertyBoxLayoutTests.check(PropertyBoxLayoutTests.recipes) { genes in
            let (root, proposal) = PropertyBoxLayoutTests.tree(genes, profile: .general)
            var rng = SplitMix(seed: UInt64(genes.joined().reduce(0) { $0 &* 1_000 &+ $1 }.magnitude))
            return Self.mutateAndCompare(root, around: proposal, steps: 16, rng: &rng)
        }
    }

    @Test("random trees with every cacheable and non-cacheable form", arguments: 0..<150)
    func randomTreeSeeds(_ seed: Int) {
        var rng = SplitMix(seed: UInt64(seed) &+ 0x6D75_7461)
        let root = RandomTree.node(depth: 0, rng: &rng)
        let failure = Self.mutateAndCompare(root, around: BoxProposal(width: 200, height: 150), steps: 16, rng: &rng)
        #expect(failure == nil, "seed \(seed): \(failure ?? "")")
    }
}
