import CaseIO
import Conformance
import Foundation
import TestSupport
import Testing

/// The reports of a real run over two cases, one passing and one whose expect was moved by 2 px: per-case
/// times, failures first in HTML, the first mismatches in Markdown, and the JSON results.
@Suite struct ConformReportTests {
    /// A scratch golden folder with box/linear-space (its node [1] expected at x 122 instead of 120) and
    /// box/linear-width-wrap unchanged, run once.
    static func run() throws -> (summary: RunSummary, golden: String) {
        let golden = try CLIRun.scratchFolder()
        try FileManager.default.createDirectory(atPath: golden + "/box", withIntermediateDirectories: true)
        for name in ["linear-space", "linear-width-wrap"] {
            for ext in ["json", "png"] {
                try FileManager.default.copyItem(
                    atPath: TestSupport.goldenDirectory + "/box/\(name).\(ext)", toPath: golden + "/box/\(name).\(ext)")
            }
        }
        let path = golden + "/box/linear-space.json"
        let original = try String(contentsOfFile: path, encoding: .utf8)
        let moved = original.replacingOccurrences(of: #""x": 120"#, with: #""x": 122"#)
        #expect(moved != original, "the fixture no longer has a node at x 120")
        try moved.write(toFile: path, atomically: true, encoding: .utf8)
        let runner = ConformanceRunner(
            options: .init(golden: golden, artifacts: golden + "/artifacts", jobs: 1, fontPath: TestSupport.fontPath))
        return (runner.run(["box/linear-space", "box/linear-width-wrap"]), golden)
    }

    @Test func perCaseTimesAreMeasured() throws {
        let (summary, golden) = try Self.run()
        defer { try? FileManager.default.removeItem(atPath: golden) }
        #expect(summary.outcomes.allSatisfy { $0.seconds > 0 }, "\(summary.outcomes.map(\.seconds))")
        #expect(summary.outcomes.map(\.seconds).reduce(0, +) <= summary.seconds + 0.001)
        // JUnit prints three decimals: a real case takes well over a millisecond in a debug build.
        let times = Reports.junit(summary).matches(of: /<testcase [^>]*time="([0-9.]+)"/).map { Double($0.1) ?? 0 }
        #expect(times.count == 2 && times.allSatisfy { $0 > 0 }, "\(times)")
    }

    @Test func htmlPutsFailuresBeforeTheTable() throws {
        let (summary, golden) = try Self.run()
        defer { try? FileManager.default.removeItem(atPath: golden) }
        let page = Reports.html(summary) { FileManager.default.contents(atPath: $0) }
        let summaryLine = try #require(page.range(of: "1 passed, 1 failed"))
        let failure = try #require(page.range(of: #"<div class="case" id="box/linear-space">"#))
        let table = try #require(page.range(of: "<table>"))
        #expect(summaryLine.lowerBound < failure.lowerBound && failure.lowerBound < table.lowerBound)
        #expect(page.contains(#"<td>box/linear-width-wrap</td><td class="passed">"#))
    }

    @Test func markdownNamesTheFirstMismatches() throws {
        let (summary, golden) = try Self.run()
        defer { try? FileManager.default.removeItem(atPath: golden) }
        let text = Reports.markdown(summary)
        #expect(text.contains("node [1]: x expected 122, got 120"), "\(text)")
        #expect(text.contains("ristretto record --update-expect --filter 'CASE'"))
    }

    /// Each case's record as `conform --json` writes it in `cases` (the document itself: RistrettoCLITests'
    /// JSONOutputCLITests), and the outcome `merge` reads back from it.
    @Test func caseRecords() throws {
        let (summary, golden) = try Self.run()
        defer { try? FileManager.default.removeItem(atPath: golden) }
        let records = summary.outcomes.map(CaseRecord.init)
        #expect(records.map(\.identifier) == ["box/linear-space", "box/linear-width-wrap"])
        #expect(records.map(\.status) == ["failed", "passed"])
        #expect(records.allSatisfy { $0.seconds > 0 })
        #expect(records[0].messages.contains("node [1]: x expected 122, got 120"), "indentation trimmed")
        #expect(records[0].expectedPNG == golden + "/box/linear-space.png")
        #expect(records[0].actualPNG == golden + "/artifacts/box/linear-space.actual.png")
        let read = try CaseOutcome(record: records[0], file: "shard.json")
        #expect(read.status == .failed && read.messages == records[0].messages && read.seconds == records[0].seconds)
        var unknown = records[1]
        unknown.status = "flaky"
        #expect(throws: InputError(file: "shard.json", message: "unknown status 'flaky' of box/linear-width-wrap")) {
            try CaseOutcome(record: unknown, file: "shard.json")
        }
    }

    /// The failure text prints the command that updates the geometry, not only the one that re-records PNGs.
    @Test func geometryFailureHintsUpdateExpect() throws {
        let (summary, golden) = try Self.run()
        defer { try? FileManager.default.removeItem(atPath: golden) }
        #expect(
            summary.outcomes[0].failureText.contains(
                "ristretto record --update-expect --golden \(golden) --filter 'box/linear-space'"))
        #expect(!summary.outcomes[0].failureText.contains("re-record the PNG"), "its pixels match")
    }

    /// Every value of CI except empty, `false` and `0` means CI, in any letter case.
    @Test(arguments: [
        ("true", true), ("TRUE", true), ("True", true), ("1", true), ("yes", true), ("github", true),
        ("", false), ("false", false), ("FALSE", false), ("False", false), ("0", false), (" 0 ", false),
    ])
    func continuousIntegrationDetection(value: String, isCI: Bool) {
        #expect(Recorder.isContinuousIntegration(["CI": value]) == isCI)
        #expect(!Recorder.isContinuousIntegration([:]))
    }
}
