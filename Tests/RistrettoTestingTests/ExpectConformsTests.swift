import Foundation
import RistrettoKit
import RistrettoTesting
import TestSupport
import Testing

/// The Swift Testing helper: a wrong engine's issues name the case and the node with both frames; known failures
/// do not fail; refusals skip.
@Suite struct ExpectConformsTests {
    static let corpus = try! Corpus(golden: TestSupport.goldenDirectory)
    static let rowCase = try! corpus.case("flex/direction-row")

    @Test(arguments: try corpus.cases(matching: "flex/direction-*"))
    func anEngineThatAnswersTheExpectationRecordsNoIssue(_ corpusCase: CorpusCase) throws {
        try expectConforms(ExpectEngine(name: "exact"), corpusCase)
    }

    /// One node is wrong, so exactly one issue matches; any other issue would not, and would fail this test.
    @Test func aWrongEngineRecordsAnIssuePerNodeNamingTheCaseAndTheNode() throws {
        try withKnownIssue {
            try expectConforms(ExpectEngine(name: "shifted", .shiftX(path: [1], by: 1)), Self.rowCase)
        } matching: { issue in
            issue.description.contains(
                "flex/direction-row (shifted): node [1]: expected x 30, y 0, width 40, height 10; got x 31, y 0, width 40, height 10 (x differs)"
            )
        }
    }

    @Test func withArtifactsTheIssueNamesTheSideBySidePage() throws {
        let folder = FileManager.default.temporaryDirectory.path + "/ristretto-testing-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try withKnownIssue {
            try expectConforms(
                ExpectEngine(name: "shifted", .shiftX(path: [3], by: 2)), Self.rowCase, artifacts: folder)
        } matching: { issue in
            issue.description.contains("node [3]")
                && issue.description.contains("frames side by side: \(folder)/cases/")
        }
        let pages = try FileManager.default.subpathsOfDirectory(atPath: folder)
        #expect(pages.contains { $0.hasSuffix("/engine-shifted.png") })
    }

    @Test func aKnownFailureDoesNotFailTheTest() throws {
        // Recorded as a known issue with the entry's reason: this test fails if anything else is recorded.
        try expectConforms(
            ExpectEngine(name: "toy", .shiftX(path: [1], by: 1)), Self.rowCase,
            knownFailures: [KnownFailure(engine: "toy", case: "flex/direction-row", reason: "off by one")])
    }

    @Test func aRefusalSkipsTheTestCase() throws {
        do {
            try expectConforms(ExpectEngine(name: "refusing", .refuse("$.root: on purpose")), Self.rowCase)
            Issue.record("a refusal must cancel the test case")
        } catch {
            #expect("\(error)".contains("refused: $.root: on purpose"))
        }
    }
}
