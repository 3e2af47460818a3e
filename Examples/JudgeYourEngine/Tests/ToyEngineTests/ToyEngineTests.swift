import Foundation
import RistrettoKit
import RistrettoTesting
import Testing
import ToyEngine

/// The toy engine on a slice of Ristretto's corpus: each case one test, failures named by case and node, refusals
/// skipped. Add an image snapshot test beside this one in the same way.
@Suite struct ToyEngineTests {
    /// This package's folder, and the corpus of the repository it sits in.
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let corpus = try! Corpus(golden: package + "/../../golden")
    /// The toy's known failures: `toy.json` in the corpus's `expectations/` (none yet).
    static let knownFailures = try! corpus.knownFailures(of: "toy")

    /// The flex `nesting` family: the cases of one level of fixed-size or content leaves the toy lays out, the
    /// rest it refuses. A failing case writes its page, both frames side by side, under .build/artifacts/toy.
    @Test(arguments: try corpus.cases(matching: "flex/nesting/*"))
    func conforms(_ corpusCase: CorpusCase) throws {
        try expectConforms(
            ToyEngine(), corpusCase, expectations: Self.knownFailures, artifacts: Self.package + "/.build/artifacts/toy"
        )
    }
}
