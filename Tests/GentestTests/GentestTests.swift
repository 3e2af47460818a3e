import BoxLayout
import CanonicalJSON
import Engines
import Foundation
import LayoutCore
import TestSupport
import Testing

@testable import Gentest

/// The coincident-case generator, the overflow rule, the shrinker, the canonical JSON and the checked-in
/// Chrome-answered corpus (docs/gentest.md). None of these needs a browser.
@Suite struct GentestTests {
    /// SplitMix64's published first outputs for seed 0 (the reference implementation by Vigna), so the stream is
    /// the algorithm's and not this toolchain's.
    @Test func splitMixMatchesTheReferenceStream() {
        var random = SplitMix64(seed: 0)
        #expect(
            [random.next(), random.next(), random.next()] == [
                0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F,
            ])
    }

    @Test(arguments: [0, 1, 2, 3])
    func evenDrawsStayEvenAndInRange(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        for _ in 0..<200 {
            let value = random.even(in: 4...60)
            #expect(value >= 4 && value <= 60 && value.truncatingRemainder(dividingBy: 2) == 0)
        }
    }

    /// The same seed and index give the same case, whichever cases were generated before.
    @Test func generationIsReproducibleCaseByCase() {
        let generator = CoincidentCaseGenerator(seed: 42)
        let forward = (0..<40).map { generator.makeCase(index: $0).boxCase }
        let backward = (0..<40).reversed().map { generator.makeCase(index: $0).boxCase }
        #expect(forward == Array(backward.reversed()))
        #expect(generator.makeCase(index: 3).boxCase != CoincidentCaseGenerator(seed: 43).makeCase(index: 3).boxCase)
    }

    /// Every generated case is inside the generator's subset, has at most 30 nodes, and the profiles take turns.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func generatedCasesStayInsideTheSubset(seed: UInt64) {
        let generator = CoincidentCaseGenerator(seed: seed)
        for index in 0..<300 {
            let generated = generator.makeCase(index: index)
            #expect(CoincidentSubset.violation(in: generated.boxCase) == nil, "\(generated.name)")
            #expect(generated.boxCase.root.preorderPaths.count <= CoincidentCaseGenerator.maximumNodes)
            #expect(generated.profile == CoincidentProfile.allCases[index % CoincidentProfile.allCases.count])
        }
    }

    /// The rule drops a wrap leaf clipped by a tight proposal and a child sticking out of a fixed box, and keeps
    /// the same trees when they fit.
    @Test func overflowRuleSeesClippingAndOverflow() {
        let leaf = BoxNode.leaf(Size(width: 40, height: 20))
        func reason(_ root: BoxNode, width: Double?) -> DiscardReason? {
            let boxCase = BoxCase(name: "x", proposal: BoxProposal(width: width), root: root)
            return OverflowRule.discardReason(for: boxCase, frames: Gentest.referenceFrames(boxCase))
        }
        let row = BoxNode(type: .hbox, children: [leaf, leaf])
        // Two leaves of 40 need 80: a proposal of 80 fits, 60 clips the second leaf to 20 (Puyopuyo's residual).
        #expect(reason(row, width: 80) == nil)
        #expect(reason(row, width: 60) == .clipped)
        // A fixed 60-wide row holding 80 of leaves: the second leaf ends at 80 > 60.
        #expect(reason(BoxNode(type: .hbox, width: .fixed(80), children: [leaf, leaf]), width: nil) == nil)
        #expect(reason(BoxNode(type: .hbox, width: .fixed(60), children: [leaf, leaf]), width: nil) != nil)
        // A min of 50 under 45 of space loses.
        let minLeaf = BoxNode.leaf(Size(width: 40, height: 20), width: .wrap(WrapOptions(min: 50)))
        #expect(reason(BoxNode(type: .hbox, children: [minLeaf]), width: 45) == .minLost)
    }

    /// Trees the generator must not produce, by name, with the JSON path the subset check names.
    static let outsideTheSubset: [String: (root: BoxNode, path: String)] = [
        "zbox": (BoxNode(type: .zbox), "$.root.type"),
        "root margin": (BoxNode(type: .hbox, margin: Insets(all: 2)), "$.root.margin"),
        "wrap-sized flow": (BoxNode(type: .vflow, width: .wrap()), "$.root.width"),
        "grow in a wrap-sized row": (
            BoxNode(type: .hbox, children: [.leaf(Size(width: 4, height: 4), width: .wrap(WrapOptions(grow: 1)))]),
            "$.root.children[0].width"
        ),
        "main-axis alignment": (
            BoxNode(type: .hbox, children: [.leaf(Size(width: 4, height: 4), alignment: .left)]),
            "$.root.children[0].alignment"
        ),
    ]

    @Test(arguments: outsideTheSubset.keys.sorted())
    func subsetNamesTheFirstViolation(tree: String) throws {
        let (root, path) = try #require(Self.outsideTheSubset[tree])
        let violation = CoincidentSubset.violation(in: BoxCase(name: "x", proposal: BoxProposal(), root: root))
        #expect(violation?.hasPrefix(path + ":") == true, "\(violation ?? "nil")")
    }

    /// Taffy's nested-full-line difference is seen only when a flow that is a flex item has a line that ends exactly
    /// at its length: items 0 + 38 high in an HFlow 38 high, inside a VBox or as the root (every root is the item of
    /// its viewport), not in one 40 high.
    @Test(arguments: [(38.0, true, true), (40.0, true, false), (38.0, false, true), (40.0, false, false)])
    func knownTaffyDifferenceNeedsANestedFullLine(flowHeight: Double, nested: Bool, found: Bool) {
        let flow = BoxNode(
            type: .hflow, height: .fixed(flowHeight),
            children: [.leaf(Size(width: 2, height: 0)), .leaf(Size(width: 2, height: 38))])
        let boxCase = BoxCase(
            name: "x", proposal: BoxProposal(), root: nested ? BoxNode(type: .vbox, children: [flow]) : flow)
        let differences = KnownPeerDifference.found(in: boxCase, frames: Gentest.referenceFrames(boxCase))
        #expect(differences == (found ? [.taffyNestedFullLine] : []))
    }

    /// Yoga's empty-nested-box difference: a nested row of zero size on an axis holding a box; not when the leaf
    /// inside gives every box some width and height.
    @Test(arguments: [(0.0, true), (4.0, false)])
    func knownYogaDifferenceNeedsAnEmptyNestedBox(leafSide: Double, found: Bool) {
        let inner = BoxNode(type: .vbox, children: [.leaf(Size(width: leafSide, height: leafSide))])
        let root = BoxNode(type: .vbox, children: [BoxNode(type: .hbox, children: [inner])])
        let boxCase = BoxCase(name: "x", proposal: BoxProposal(width: 20), root: root)
        let differences = KnownPeerDifference.found(in: boxCase, frames: Gentest.referenceFrames(boxCase))
        #expect(differences == (found ? [.yogaEmptyNestedBox] : []))
    }

    /// Shrinking against "some leaf is wider than 30" ends at one such leaf (32 wide: 2 less is not wider), with
    /// every other node and property gone.
    @Test func shrinkerFindsTheMinimalCase() {
        let generator = CoincidentCaseGenerator(seed: 5)
        let start = (0..<50).lazy.map { generator.makeCase(index: $0).boxCase }.first { boxCase in
            boxCase.root.preorderPaths.count > 5 && Self.hasWideLeaf(boxCase.root)
        }!
        let minimal = CaseShrinker.shrink(start) { Self.hasWideLeaf($0.root) }
        #expect(minimal.root.children.count == 1)
        #expect(minimal.root.children[0].type == .leaf)
        #expect(minimal.root.children[0].content?.width == 32)
        #expect(minimal.proposal == BoxProposal())
    }

    static func hasWideLeaf(_ node: BoxNode) -> Bool {
        (node.content?.width ?? 0) > 30 || node.children.contains(where: hasWideLeaf)
    }

    @Test func canonicalJSONSortsKeysAndInlinesScalars() throws {
        let document = try CanonicalJSON(
            parsing: Data(#"{"b":[1,2.5],"a":{"z":true,"y":null},"c":[{"k":"v\n"}]}"#.utf8))
        #expect(
            document.text == """
                {
                  "a": {"y": null, "z": true},
                  "b": [1, 2.5],
                  "c": [
                    {"k": "v\\n"}
                  ]
                }

                """)
        #expect(document.line == #"{"a":{"y":null,"z":true},"b":[1,2.5],"c":[{"k":"v\n"}]}"#)
    }

    /// The checked-in corpus: at least 1 000 cases, every profile present, every case inside the subset, and the
    /// reference lays each out exactly as Chrome answered.
    @Test func referencePassesTheChromeCorpus() throws {
        let corpus = try Gentest.readCorpus(TestSupport.goldenDirectory + "/chrome")
        #expect(corpus.count >= 1000)
        var profiles: Set<String> = []
        for corpusCase in corpus {
            #expect(CoincidentSubset.violation(in: corpusCase.boxCase) == nil, "\(corpusCase.file)")
            let lines = Gentest.differences(corpusCase, Gentest.referenceFrames(corpusCase.boxCase))
            #expect(lines.isEmpty, "\(corpusCase.file): \(lines.prefix(3))")
            profiles.insert(String(corpusCase.boxCase.name.prefix { !$0.isNumber }.dropLast()))
        }
        #expect(profiles.isSuperset(of: CoincidentProfile.allCases.map(\.rawValue)))
    }
}

/// Reference == Yoga == Taffy on a few hundred generated cases (fixed seed), through the real adapters.
@Suite(.serialized) struct DifferentialFuzzTests {
    static let peers = ["yoga", "taffy"].map {
        SubprocessEngine.installedPeer($0, repositoryRoot: TestSupport.repositoryRoot, requestTimeout: .seconds(60))
    }

    @Test(.enabled(if: peers.allSatisfy(\.isInstalled), "peer adapters not installed: run tools/setup-engines"))
    func referenceYogaAndTaffyAgree() {
        defer { for peer in Self.peers { peer.shutDown() } }
        let tally = DifferentialFuzzer(peers: Self.peers).run(seed: 2026) { $0.checked < 250 }
        #expect(tally.findings.map { "\($0.name): \($0.differences.prefix(3))" } == [])
        #expect(tally.refusals == [])
        // Most cases are fair tests (not discarded), so the agreement means something.
        #expect(tally.agreed > 200)
    }
}
