import Foundation
import RistrettoKit
import RistrettoSnapshotTesting
import RistrettoTesting
import SnapshotTesting
import Testing
import ToyEngine

/// The toy engine on a slice of Ristretto's corpus: each case one test, failures named by case and node, refusals
/// skipped; and one of its layouts as an image snapshot.
@Suite struct ToyEngineTests {
    /// This package's folder, and the corpus of the repository it sits in.
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path
    static let corpus = try! Corpus(golden: package + "/../../golden")
    /// The toy's known failures: `toy.json` in the corpus's `known-failures/` (none yet).
    static let knownFailures = try! corpus.knownFailures(of: "toy")

    /// The flex `nesting` family: the cases of one level of fixed-size or content leaves the toy lays out, the
    /// rest it refuses. A failing case writes its page, both frames side by side, under .build/artifacts/toy.
    @Test(arguments: try corpus.cases(matching: "flex/nesting/*"))
    func conforms(_ corpusCase: CorpusCase) throws {
        try expectConforms(
            ToyEngine(), corpusCase, knownFailures: Self.knownFailures,
            artifacts: Self.package + "/.build/artifacts/toy"
        )
    }

    /// The toy's frames of one case, outlined at scale 2 and compared with the PNG recorded in `__Snapshots__`
    /// (swift-snapshot-testing's record rules: a missing reference is recorded and the test fails once).
    @Test func framesSnapshot() throws {
        let flexCase = try #require(try Self.corpus.case("flex/nesting/nesting-00868").definition as? FlexCase)
        let frames = BoxFrames(frames: try ToyEngine().layout(flexCase))
        assertSnapshot(of: frames, as: .frames(scale: 2), named: "nesting-00868")
    }
}
