import Foundation
import RistrettoKit
import TestSupport
import Testing

/// The runner judges an in-process engine with `conform --engine`'s verdicts, and names every node that differs.
@Suite struct CorpusRunnerTests {
    static let corpus = try! Corpus(golden: TestSupport.goldenDirectory)
    /// direction-row: the root and four items in a row (`[3]` at x = 120).
    static let rowCase = try! corpus.case("flex/direction-row")

    @Test(arguments: ["flex/direction-row", "box/linear-space"])
    func anEngineThatAnswersTheExpectationPasses(identifier: String) throws {
        let result = CorpusRunner().judge(ExpectEngine(name: "exact"), try Self.corpus.case(identifier))
        #expect(result.verdict == .passed)
        #expect(result.mismatches.isEmpty && result.staleKnownFailures.isEmpty)
    }

    @Test(arguments: [[1], [3]] as [[Int]])
    func aWrongNodeIsNamedWithBothFrames(path: [Int]) throws {
        let result = CorpusRunner().judge(ExpectEngine(name: "shifted", .shiftX(path: path, by: 1)), Self.rowCase)
        let expected = try #require(Self.rowCase.expected?.first { $0.path == path }).frame
        guard case .failed(let message) = result.verdict else {
            Issue.record("expected a failure, got \(result.verdict)")
            return
        }
        #expect(message.contains("node [\(path[0])]: x expected"))
        #expect(result.mismatches.count == 1)
        let node = try #require(result.mismatches.first)
        #expect(node.path == path && node.fields == ["x"])
        #expect(node.expected == expected)
        #expect(node.actual == Rect(x: expected.x + 1, y: expected.y, width: expected.width, height: expected.height))
        #expect(
            node.description
                == "node [\(path[0])]: expected x \(Int(expected.x)), y 0, width \(Int(expected.width)), height \(Int(expected.height)); got x \(Int(expected.x) + 1), y 0, width \(Int(expected.width)), height \(Int(expected.height)) (x differs)"
        )
    }

    @Test func aRefusalIsItsOwnVerdictWithTheReason() {
        let result = CorpusRunner().judge(
            ExpectEngine(name: "refusing", .refuse("$.root.style: on purpose")), Self.rowCase)
        #expect(result.verdict == .refused("$.root.style: on purpose"))
        #expect(result.mismatches.isEmpty)
    }

    @Test func aKnownFailureIsKnownAndAStaleOneIsReported() {
        let entry = KnownFailure(engine: "toy", case: "flex/direction-*", reason: "no content leaves")
        let runner = CorpusRunner(knownFailures: [entry])
        let failing = runner.judge(ExpectEngine(name: "toy", .shiftX(path: [1], by: 1)), Self.rowCase)
        guard case .known(let reason, _) = failing.verdict else {
            Issue.record("expected a known failure, got \(failing.verdict)")
            return
        }
        #expect(reason == "no content leaves")
        #expect(failing.mismatches.map(\.path) == [[1]])
        let passing = runner.judge(ExpectEngine(name: "toy"), Self.rowCase)
        #expect(passing.verdict == .passed && passing.staleKnownFailures == [entry])
        // Another engine's entry is not this engine's concern.
        #expect(runner.judge(ExpectEngine(name: "other"), Self.rowCase).staleKnownFailures.isEmpty)
    }

    @Test func aChartIsNotAnEnginesCase() throws {
        let chart = try #require(try Self.corpus.cases(matching: "chart/*").first)
        #expect(CorpusRunner().judge(ExpectEngine(name: "exact"), chart).verdict == .notApplicable)
    }

    @Test func theEvidencePageDrawsBothFramesSideBySide() throws {
        let folder = FileManager.default.temporaryDirectory.path + "/ristretto-evidence-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let result = CorpusRunner().judge(ExpectEngine(name: "shifted", .shiftX(path: [2], by: 5)), Self.rowCase)
        let page = try result.writeEvidence(to: folder)
        let pageFolder = (page as NSString).deletingLastPathComponent
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains("expect.png") && html.contains("engine-shifted.png"))
        #expect(!html.contains("the matrix"))
        for picture in ["expect.png", "engine-shifted.png"] {
            let bytes = try #require(FileManager.default.contents(atPath: pageFolder + "/" + picture))
            #expect(bytes.prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]), "\(picture) is a PNG")
        }
    }
}
