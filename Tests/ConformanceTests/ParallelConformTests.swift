import CaseIO
import Conformance
import Foundation
import TestSupport
import Testing

/// `conform --jobs N` gives exactly the results of `--jobs 1`: the same outcomes in the same order, the same
/// messages and pixel counts, the same artifacts byte for byte, the same reports.
///
/// The corpus is a scratch copy of the golden sample (`TestSupport.goldenSample`: every suite and family, the skipped
/// flex cases included) with four faults injected, so every status is covered:
/// a swapped golden (pixel failure with a diff image), a deleted golden (missing), a corrupt golden (error) and a
/// case with a wrong `expect` (geometry failure). golden/ itself is never written.
@Suite struct ParallelConformTests {
    struct Comparable: Equatable, CustomStringConvertible {
        var identifier: String
        var status: CaseOutcome.Status
        var messages: [String]
        var pixels: [Int?]
        var artifacts: [String?]

        var description: String { "\(identifier) \(status) \(messages.first ?? "")" }
    }

    /// Copies the golden sample to a scratch folder and breaks four cases in four ways; returns the folder.
    static func faultyCorpus() throws -> String {
        let golden =
            FileManager.default.temporaryDirectory.path
            + "/ristretto-parallel-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        try TestSupport.copyGolden(TestSupport.goldenSample, to: golden)
        // The PNG faults need cases with a PNG: the geometry-only golden/chrome cases have none.
        let all = try CaseSelection.discover(golden: golden).filter {
            FileManager.default.fileExists(atPath: golden + "/" + $0 + ".png")
        }
        try #require(all.count >= 6, "the fault injection needs a few cases")
        let victims = [all[1], all[all.count / 2], all[all.count - 2]]
        // 1. A golden of another case with the same size would be ideal; any other PNG fails on pixels or size.
        try FileManager.default.removeItem(atPath: golden + "/" + victims[0] + ".png")
        try FileManager.default.copyItem(
            atPath: golden + "/" + victims[1] + ".png", toPath: golden + "/" + victims[0] + ".png")
        // 2. Missing, 3. corrupt.
        try FileManager.default.removeItem(atPath: golden + "/" + victims[1] + ".png")
        try Data("corrupt".utf8).write(to: URL(fileURLWithPath: golden + "/" + victims[2] + ".png"))
        // 4. A chart whose expectation is off by one pixel.
        //    Its first expected y moves down by one.
        let chart = try #require(try CaseSelection.discover(golden: golden).first(where: { $0.hasPrefix("chart/") }))
        let path = golden + "/" + chart + ".json"
        var text = try String(contentsOfFile: path, encoding: .utf8)
        let expect = try #require(text.range(of: #""expect""#), "\(chart) has no expect")
        let y = try #require(text[expect.upperBound...].firstMatch(of: /"y": (-?[0-9]+(?:\.[0-9]+)?)/), "\(chart)")
        text.replaceSubrange(y.range, with: "\"y\": \(try #require(Double(y.1)) + 1)")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return golden
    }

    static func run(golden: String, jobs: Int) -> (summary: RunSummary, artifacts: String) {
        let artifacts = golden + "-artifacts-\(jobs)"
        let runner = ConformanceRunner(
            options: .init(golden: golden, artifacts: artifacts, jobs: jobs, fontPath: TestSupport.fontPath))
        let identifiers = (try? CaseSelection.discover(golden: golden)) ?? []
        return (runner.run(identifiers), artifacts)
    }

    /// The outcome without timings, with the artifact folder replaced by a placeholder and each artifact's bytes.
    static func comparable(_ outcome: CaseOutcome, artifacts: String) -> Comparable {
        let neutral = { (text: String) in text.replacingOccurrences(of: artifacts, with: "<artifacts>") }
        let files = [outcome.actualPNG, outcome.diffPNG].map { path in
            path.map { neutral($0) + " " + String(FileManager.default.contents(atPath: $0)?.hashValue ?? 0) }
        }
        return Comparable(
            identifier: outcome.identifier, status: outcome.status, messages: outcome.messages.map(neutral),
            pixels: [outcome.mismatchedPixels, outcome.totalPixels], artifacts: [outcome.expectedPNG] + files)
    }

    @Test func jobsDoNotChangeResults() throws {
        let golden = try Self.faultyCorpus()
        defer {
            for suffix in ["", "-artifacts-1", "-artifacts-2", "-artifacts-5"] {
                try? FileManager.default.removeItem(atPath: golden + suffix)
            }
        }
        let (serial, serialArtifacts) = Self.run(golden: golden, jobs: 1)
        let expected = serial.outcomes.map { Self.comparable($0, artifacts: serialArtifacts) }
        // The faults show up, so the comparison covers every status, and the moved y is a geometry failure.
        #expect(Set(expected.map(\.status)).isSuperset(of: [.passed, .failed, .error]))
        #expect(
            expected.contains { $0.identifier.hasPrefix("chart/") && $0.messages.first?.hasPrefix("geometry:") == true }
        )
        #expect(serial.exitCode == 2)
        for jobs in [2, 5] {
            let (parallel, parallelArtifacts) = Self.run(golden: golden, jobs: jobs)
            let actual = parallel.outcomes.map { Self.comparable($0, artifacts: parallelArtifacts) }
            #expect(actual == expected, "--jobs \(jobs) differs from --jobs 1")
            #expect(parallel.line == serial.line && parallel.exitCode == serial.exitCode)
            // The JUnit report, without its timings and artifact folder, is the same document.
            let strip = { (xml: String, artifacts: String) in
                xml.replacing(/time="[0-9.]+"/, with: "").replacingOccurrences(of: artifacts, with: "<artifacts>")
            }
            #expect(strip(Reports.junit(parallel), parallelArtifacts) == strip(Reports.junit(serial), serialArtifacts))
        }
    }
}
