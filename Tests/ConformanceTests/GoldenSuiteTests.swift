import Conformance
import Foundation
import TestSupport
import Testing

/// Every golden case as its own test: `swift test` alone catches a geometry or pixel regression.
@Suite struct GoldenSuiteTests {
    static let identifiers: [String] = (try? CaseSelection.discover(golden: TestSupport.goldenDirectory)) ?? []

    static let runner = ConformanceRunner(
        options: .init(
            golden: TestSupport.goldenDirectory,
            artifacts: FileManager.default.temporaryDirectory.path + "/ristretto-test-artifacts",
            jobs: 1, fontPath: TestSupport.fontPath))

    @Test func theCorpusIsNotEmpty() {
        #expect(!Self.identifiers.isEmpty)
    }

    /// Every case passes, except flex cases outside Puyopuyo's semantics and interop cases, which the reference
    /// skips with the reason (the peers judge those: EnginesTests, `conform --engine`).
    @Test(arguments: identifiers)
    func goldenCase(_ identifier: String) {
        let outcome = Self.runner.run(identifier)
        if outcome.status == .skipped {
            #expect(
                identifier.hasPrefix("flex/") || identifier.hasPrefix("interop/"),
                "only flex and interop cases may be skipped")
            #expect(outcome.messages.first?.hasPrefix("the reference cannot express this flex case: $.") == true)
        } else {
            #expect(outcome.status == .passed, "\(identifier):\n\(outcome.failureText)")
        }
    }
}

@Suite struct CaseSelectionTests {
    @Test func shardsPartitionTheSuite() throws {
        let identifiers = (0..<200).map { "suite/case-\($0)" }
        let shards = try (1...3).map { index throws(InputError) in try CaseSelection.Shard(parsing: "\(index)/3") }
        let parts = shards.map { CaseSelection.select(identifiers, filter: nil, shard: $0) }
        #expect(parts.map(\.count).reduce(0, +) == 200)
        #expect(Set(parts.flatMap { $0 }).count == 200)
        #expect(parts.allSatisfy { $0.count > 40 })  // roughly even: 200 / 3 ≈ 67 each
    }

    @Test(arguments: ["0/3", "4/3", "1/0", "a/b", "1", "1/2/3"])
    func badShardsAreRejected(text: String) {
        #expect(throws: InputError(file: "--shard", message: "expected I/N with 1 <= I <= N, got '\(text)'")) {
            try CaseSelection.Shard(parsing: text)
        }
    }

    @Test func filtersAreSubstringsOrGlobs() {
        let identifiers = ["box/hbox-space", "box/vbox", "chart/bar"]
        #expect(CaseSelection.select(identifiers, filter: "box", shard: nil) == ["box/hbox-space", "box/vbox"])
        #expect(CaseSelection.select(identifiers, filter: "*/v*", shard: nil) == ["box/vbox"])
        #expect(CaseSelection.select(identifiers, filter: "chart/*", shard: nil) == ["chart/bar"])
    }
}
