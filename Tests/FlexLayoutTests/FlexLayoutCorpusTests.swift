import FlexLayout
import Flexbox
import Foundation
import LayoutCore
import TestSupport
import Testing

/// The engine on the corpus: the hand-checked cases at the top of golden/flex, and a fixed sample of the
/// browser-answered ones (every 40th of each family), judged as `ristretto conform` judges them. The whole corpus
/// is `ristretto conform`'s (in .ci/run); these keep the engine's own test fast.
struct FlexLayoutCorpusTests {
    static let flexDirectory = TestSupport.goldenDirectory + "/flex"

    static let handChecked: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: flexDirectory)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }()

    static let sample: [String] = {
        let families = ((try? FileManager.default.contentsOfDirectory(atPath: flexDirectory)) ?? [])
            .filter { !$0.hasSuffix(".json") && !$0.hasSuffix(".png") }.sorted()
        return families.flatMap { family -> [String] in
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: flexDirectory + "/" + family)) ?? [])
                .filter { $0.hasSuffix(".json") }.sorted()
            return stride(from: 0, to: names.count, by: 40).map { family + "/" + names[$0] }
        }
    }()

    static func load(_ name: String) throws -> FlexCase {
        try JSONDecoder().decode(
            FlexCase.self, from: Data(contentsOf: URL(fileURLWithPath: flexDirectory + "/" + name)))
    }

    @Test("a hand-checked flex case lays out as its expect says", arguments: handChecked)
    func handCheckedCase(name: String) throws {
        let flexCase = try Self.load(name)
        let frames = try flexCase.layout(measurer: FixedAdvanceTextMeasurer())
        #expect(flexCase.mismatches(in: frames).isEmpty, "\(name): \(flexCase.mismatches(in: frames).prefix(3))")
    }

    /// Every sampled case passes; the cases the engine gets wrong are `ristretto conform`'s to list.
    @Test func sampleOfTheBrowserCorpus() throws {
        #expect(Self.handChecked.count == 69)
        #expect(Self.sample.count == 135)
        var failing: [String] = []
        for name in Self.sample {
            let flexCase = try Self.load(name)
            let frames = try flexCase.layout(measurer: FixedAdvanceTextMeasurer())
            if !flexCase.mismatches(in: frames).isEmpty { failing.append(name) }
        }
        #expect(failing == Self.knownFailingInSample)
    }

    static let knownFailingInSample: [String] = []
}
