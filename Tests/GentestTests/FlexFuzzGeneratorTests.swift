import Flexbox
import Foundation
import Gentest
import LayoutCore
import Testing

/// The flex case generator and shrinker of the flex fuzzer (docs/gentest.md "Fuzzing flex cases"). No engine is
/// needed: the shrinker runs against closures standing in for an engine that disagrees with the oracle.
struct FlexFuzzGeneratorTests {
    static func json(_ flexCase: FlexCase) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return try encoder.encode(flexCase)
    }

    /// The same seed and index give the same case, byte for byte, whichever cases were generated before; another
    /// seed gives other cases.
    @Test func generationIsReproducibleCaseByCase() throws {
        let generator = FlexCaseGenerator(seed: 42)
        let forward = try (0..<66).map { try Self.json(generator.makeCase(index: $0).flexCase) }
        let backward = try (0..<66).reversed().map {
            try Self.json(FlexCaseGenerator(seed: 42).makeCase(index: $0).flexCase)
        }
        #expect(forward == Array(backward.reversed()))
        #expect(generator.makeCase(index: 3) == generator.makeCase(index: 3))
        let other = FlexCaseGenerator(seed: 43)
        #expect((0..<11).filter { generator.makeCase(index: $0) == other.makeCase(index: $0) }.isEmpty)
    }

    /// Every generated case encodes to a file that FlexCase's strict decoder reads back as the same case, within
    /// the limits (100 elements, 8 levels; 30 elements outside the nesting profile), and the profiles take turns.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func generatedCasesDecodeStrictly(seed: UInt64) throws {
        let generator = FlexCaseGenerator(seed: seed)
        for index in 0..<330 {
            let generated = generator.makeCase(index: index)
            #expect(generated.profile == FlexProfile.allCases[index % FlexProfile.allCases.count])
            let decoded = try JSONDecoder().decode(FlexCase.self, from: try Self.json(generated.flexCase))
            #expect(decoded == generated.flexCase, "\(generated.name)")
            let root = generated.flexCase.root
            #expect(root.elementCount <= (generated.profile == .nesting ? FlexCaseGenerator.maximumNodes : 30))
            #expect(root.depth <= FlexCaseGenerator.maximumDepth)
        }
    }

    /// Each profile's cases mostly give its family's values, and the nesting profile reaches deep trees.
    @Test(arguments: FlexProfile.allCases)
    func everyProfileLeansOnItsFamily(profile: FlexProfile) {
        let generator = FlexCaseGenerator(seed: 7)
        let cases = (0..<40).map { generator.makeCase(index: $0, profile: profile).flexCase }
        let present = cases.filter(profile.isPresent(in:)).count
        #expect(present >= 20, "\(profile.rawValue): \(present) of 40 give the family's values")
        if profile == .nesting {
            #expect(cases.map(\.root.depth).max()! >= 5)
            #expect(cases.map(\.root.elementCount).max()! > 30)
        }
    }

    /// Over a thousand cases every flex property of the vocabulary is given, with every keyword of the alignment,
    /// direction, wrap and overflow properties, and the viewport is sometimes definite and sometimes not.
    @Test func generationCoversTheVocabulary() {
        let generator = FlexCaseGenerator(seed: 1)
        var given: [CSSProperty: Set<CSSValue>] = [:]
        var viewports: Set<[Bool]> = []
        for index in 0..<1100 {
            let flexCase = generator.makeCase(index: index).flexCase
            viewports.insert([flexCase.viewport.width != nil, flexCase.viewport.height != nil])
            for path in flexCase.root.preorderPaths {
                for (property, value) in flexCase.root.element(at: path).style {
                    given[property, default: []].insert(value)
                }
            }
        }
        // The grid properties of a one-cell grid (`display: grid`, for box cases' ZBox) are not flex layout, and
        // the generator lays out horizontal-tb cases (vertical ones come from WPT's pages, docs/importers.md).
        let flex = CSSProperty.allCases.filter {
            !$0.rawValue.hasPrefix("grid-") && !$0.rawValue.hasPrefix("justify-i")
                && !$0.rawValue.hasPrefix("justify-s") && $0 != .writingMode
        }
        let missing = flex.filter { given[$0] == nil }
        #expect(missing == [], "never generated: \(missing.map(\.rawValue))")
        let keywordProperties: [CSSProperty] = [
            .flexDirection, .flexWrap, .justifyContent, .alignItems, .alignSelf, .alignContent, .overflowX,
        ]
        for property in keywordProperties {
            let keywords = property.grammar.keywords.filter { .keyword($0) != property.initialValue }
            let unseen = keywords.filter { !(given[property]?.contains(.keyword($0)) ?? false) }
            #expect(unseen == [], "\(property.rawValue) never takes \(unseen)")
        }
        #expect(given[.width]?.contains(.keyword("min-content")) == true)
        #expect(given[.flexBasis]?.contains(.keyword("content")) == true)
        #expect(given[.marginLeft]?.contains(.keyword("auto")) == true)
        #expect(given[.position]?.contains(.keyword("absolute")) == true)
        #expect(viewports.count == 4)
    }

    /// Shrinking against a fake oracle, "the engine disagrees whenever some leaf is wider than 30", ends at the
    /// root alone holding that content: every other element, property and the viewport gone, the height 0 and the
    /// width as generated (0, 10 and 20 are not wider than 30).
    @Test func shrinkerFindsTheMinimalCase() throws {
        let generator = FlexCaseGenerator(seed: 5)
        let start = try #require(
            (0..<60).lazy.map { generator.makeCase(index: $0).flexCase }.first {
                $0.root.elementCount > 8 && Self.widestContent($0) > 30
            })
        let minimal = FlexCaseShrinker.shrink(start) { Self.widestContent($0) > 30 }
        #expect(minimal.root.children.isEmpty)
        #expect(minimal.root.style.isEmpty)
        #expect(minimal.root.content?.height == 0)
        #expect((minimal.root.content?.width ?? 0) > 30)
        #expect(minimal.viewport == FlexViewport())
        #expect(FlexCaseShrinker.size(of: minimal) == 2)
        #expect(FlexCaseShrinker.size(of: start) > 10)
    }

    static func widestContent(_ flexCase: FlexCase) -> Double {
        flexCase.root.preorderPaths.map { flexCase.root.element(at: $0).content?.width ?? 0 }.max() ?? 0
    }

    /// A fake oracle that needs two elements: the engine "disagrees" when a growing item sits in a container at
    /// least 100 px wide. Numbers go down to round values, so the minimal case is a 100 px root and one
    /// `flex-grow: 1` child, nothing else.
    @Test func shrinkerLowersNumbersToRoundValues() throws {
        var root = FlexElement(children: [FlexElement(content: Size(width: 30, height: 20)), FlexElement()])
        try root.style.set(.width, to: .px(246))
        try root.style.set(.paddingLeft, to: .px(6))
        try root.style.set(.flexDirection, to: .keyword("column"))
        try root.children[1].style.set(.flexGrow, to: .number(3))
        try root.children[1].style.set(.marginTop, to: .px(-8))
        let start = FlexCase(name: "s", viewport: FlexViewport(width: 400), root: root)
        func disagrees(_ flexCase: FlexCase) -> Bool {
            guard case .px(let width)? = flexCase.root.style[.width], width >= 100 else { return false }
            return flexCase.root.children.contains { child in
                if case .number(let grow)? = child.style[.flexGrow] { grow > 0 } else { false }
            }
        }
        #expect(disagrees(start))
        let minimal = FlexCaseShrinker.shrink(start, holds: disagrees)
        var expected = FlexElement(children: [FlexElement()])
        try expected.style.set(.width, to: .px(100))
        try expected.children[0].style.set(.flexGrow, to: .number(1))
        #expect(minimal.root == expected)
        #expect(minimal.viewport == FlexViewport())
    }

    /// The shrinker stops within its budget even when every candidate holds.
    @Test func shrinkerRespectsItsBudget() {
        let start = FlexCaseGenerator(seed: 9).makeCase(index: 10, profile: .nesting).flexCase
        var calls = 0
        _ = FlexCaseShrinker.shrink(start, budget: 5) { _ in
            calls += 1
            return true
        }
        #expect(calls == 5)
    }

    /// Stripping a family removes exactly its values: auto margins but not length margins, percentages anywhere.
    @Test func strippingRemovesTheFamilysValues() throws {
        var root = FlexElement(children: [FlexElement()])
        try root.style.set(.marginLeft, to: .keyword("auto"))
        try root.style.set(.marginRight, to: .px(4))
        try root.style.set(.width, to: .percent(50))
        try root.children[0].style.set(.flexWrap, to: .keyword("wrap"))
        let flexCase = FlexCase(name: "s", root: root)
        let noAuto = FlexProfile.autoMargins.stripped(flexCase)
        #expect(noAuto.root.style[.marginLeft] == nil && noAuto.root.style[.marginRight] == .px(4))
        #expect(!FlexProfile.autoMargins.isPresent(in: noAuto))
        let noPercent = FlexProfile.percent.stripped(flexCase)
        #expect(noPercent.root.style[.width] == nil && noPercent.root.style[.marginLeft] == .keyword("auto"))
        #expect(
            FlexProfile.wrap.isPresent(in: flexCase)
                && !FlexProfile.wrap.isPresent(in: FlexProfile.wrap.stripped(flexCase)))
        #expect(!FlexProfile.gaps.isPresent(in: flexCase))
    }
}
