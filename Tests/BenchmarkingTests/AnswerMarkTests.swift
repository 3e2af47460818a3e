import BoxLayout
import Engines
import Flexbox
import Foundation
import LayoutCore
import Testing

@testable import Benchmarking

/// A peer whose answers a test knows: the reference's frames, with the node at `shifted` moved 1 px right (none
/// when nil); every batch costs 1 µs per layout. Times nothing for real.
struct ShiftingPeer: LayoutEngineAdapter {
    let name: String
    var shifted: [Int]?

    func info() throws -> EngineInfo { EngineInfo(name: name, version: "\(name) test", timing: "none") }

    func layout(caseJSON: Data, change: LayoutChange?, rounding: Bool) throws -> [PeerFrame] {
        try ReferenceEngine().layout(caseJSON: caseJSON, change: change, rounding: false).map { frame in
            var moved = frame
            if frame.path == shifted { moved.frame.origin.x += 1 }
            return moved
        }
    }

    func bench(caseJSON: Data, iterations: Int, plan: BenchPlan) throws -> BenchBatch {
        BenchBatch(nanosPerLayout: 1_000)
    }
}

/// Ratios between equal answers (docs/benchmarks.md "Equal answers"): every engine's frames are checked against the
/// answer key in the same run, and a ratio between differing answers is marked ≠ in its own cell and counts in no
/// geometric mean.
struct AnswerMarkTests {
    static func result(_ engine: String, _ size: Int, _ micros: Double, same: Bool?) -> BenchmarkResult {
        BenchmarkResult(
            engine: engine, shape: .flow, size: size, mode: .fresh, microsecondsPerLayout: micros, spread: 0,
            batches: 1, iterationsPerBatch: 1, family: .flex, sameAnswer: same)
    }

    /// flow 5: yoga answers as the reference (4.00×); flow 10: yoga's frames differ (6.00×≠).
    static let report = BenchmarkReport(
        machine: GeometricMeanTests.machine,
        results: [
            result("reference", 5, 1, same: true), result("yoga", 5, 4, same: true),
            result("reference", 10, 2, same: true), result("yoga", 10, 12, same: false),
        ],
        notes: ["answers: yoga's frames differ on 1 of 2 timed (…)"])

    @Test func theTableMarksTheRatioInItsOwnCellAndSaysWhy() throws {
        #expect(
            try Self.report.formatted(.table) == """
                engine reference: r1
                engine yoga: Yoga 3.2.1 (pyyoga 0.1.0 static core); figures: native

                flex flow — fresh (µs per layout, median ± IQR)
                 N  reference µs       yoga µs  yoga/ref
                ----------------------------------------
                 5   1.00 ± 0.00   4.00 ± 0.00     4.00×
                10   2.00 ± 0.00  12.00 ± 0.00    6.00×≠
                  yoga = Yoga 3.2.1 (pyyoga 0.1.0 static core); figures: native
                  ≠ the two engines' frames differ (one of them is not the answer key's; the notes say where): the ratio compares unequal work, and no geometric mean, headline or target counts it

                note: answers: yoga's frames differ on 1 of 2 timed (…)

                """)
        #expect(try Self.report.formatted(.markdown).contains("| 10 | 2.00 ± 0.00 | 12.00 ± 0.00 | 6.00×≠ |"))
    }

    @Test func jsonCarriesEachAnswerAndCsvEachRatio() throws {
        let json = try #require(
            JSONSerialization.jsonObject(with: Data(try Self.report.formatted(.json).utf8)) as? [String: Any])
        let results = try #require(json["results"] as? [[String: Any]])
        #expect(results.map { $0["sameAnswer"] as? Bool } == [true, true, true, false])
        #expect(results.allSatisfy { $0["family"] as? String == "flex" && $0["shape"] as? String == "flow" })
        let csv = Self.report.csvText().split(separator: "\n")
        #expect(csv[0].hasSuffix(",coreMicrosecondsPerLayout,viaPython,family,unequalAnswers"))
        #expect(csv[2] == "yoga,flow,5,fresh,4.0,0.0,4.0,Yoga 3.2.1 (pyyoga 0.1.0 static core),native,,,flex,")
        #expect(csv[4] == "yoga,flow,10,fresh,12.0,0.0,6.0,Yoga 3.2.1 (pyyoga 0.1.0 static core),native,,,flex,true")
    }

    /// An unchecked answer (nil) is no difference: old reports, and engines the check could not lay out, keep
    /// their ratios; the notes say what went unchecked.
    @Test func onlyAKnownDifferenceMarks() {
        var report = Self.report
        report.results[3].sameAnswer = nil
        #expect(report.answerMark(report.results[3]) == "")
        report.results[2].sameAnswer = false  // the reference itself differs from the key: every ratio to it
        #expect(report.answerMark(report.results[3]) == "≠")
    }

    /// Case runs: the geometric mean leaves out the cases whose answers differ on either side, and says how many.
    @Test func geometricMeansLeaveOutUnequalAnswers() throws {
        func result(_ engine: String, _ name: String, _ micros: Double, same: Bool) -> BenchmarkResult {
            var result = GeometricMeanTests.result(engine, name, .fresh, micros)
            result.sameAnswer = same
            return result
        }
        // reference/yoga: 1/2 on a, 1/8 on b (b's answers differ: left out), so the mean is a's 0.5.
        let report = BenchmarkReport(
            machine: GeometricMeanTests.machine,
            results: [
                result("yoga", "flex/a", 10, same: true), result("reference", "flex/a", 5, same: true),
                result("yoga", "flex/b", 8, same: false), result("reference", "flex/b", 1, same: true),
            ],
            baseline: "yoga")
        let means = report.geometricMeans()
        #expect(means.count == 1)
        #expect(means[0].ratio == 0.5 && means[0].workloads == 1 && means[0].unequalAnswers == 1)
        let table = try report.formatted(.table)
        #expect(table.contains("0.12×≠"))  // reference/yoga on flex/b, in its own cell
        #expect(table.contains("0.50× (1; 1 ≠ left out)"))
        let json = try #require(
            JSONSerialization.jsonObject(with: Data(try report.formatted(.json).utf8)) as? [String: Any])
        let encoded = try #require(json["geometricMeans"] as? [[String: Any]])
        #expect(encoded.first?["unequalAnswers"] as? Int == 1)
    }

    /// The runner checks every timed engine's frames against the reference's, in every mode, and notes where they
    /// differ: yoga moves the root 1 px, taffy answers as the reference does.
    @Test func theRunnerChecksEachEngineInEveryMode() throws {
        let config = BenchmarkConfiguration(shapes: [.linear], sizes: [5], quick: true)
        let report = try runBenchmarks(
            config,
            engines: [ReferenceEngine(), ShiftingPeer(name: "yoga", shifted: []), ShiftingPeer(name: "taffy")])
        #expect(report.results.count == 3 * 4)
        for result in report.results {
            #expect(result.family == .flex)
            #expect(result.sameAnswer == (result.engine != "yoga"), "\(result.engine) \(result.mode)")
        }
        #expect(
            report.notes.contains(
                "answers: yoga's frames differ on 4 of 4 timed (ratios marked ≠, left out of the means): "
                    + "flex-linear-5 fresh (against the reference's: node []: x expected 0, got 1); "
                    + "flex-linear-5 relayout (against the reference's: node []: x expected 0, got 1); "
                    + "flex-linear-5 resize (against the reference's: node []: x expected 0, got 1); "
                    + "flex-linear-5 incremental (against the reference's: node []: x expected 0, got 1)"))
        #expect(!report.notes.contains { $0.contains("taffy") })
    }

    /// A case with `expect` is checked against it (fresh): an engine that matches the reference but not the
    /// expectation differs, and so does the reference.
    @Test func aCaseIsCheckedAgainstItsExpect() throws {
        var box = CaseWorkloadTests.box
        let reference = try ReferenceEngine().layout(box)
        box.expect = BoxFrames(frames: reference)
        box.expect!.frames[1].frame.origin.x += 1
        let workload = try CaseWorkload(name: "box/fill", box: box)
        let check = checkAnswers(
            [ReferenceEngine(), ShiftingPeer(name: "yoga", shifted: [0])],
            on: AnswerProblem(case: workload, mode: .fresh),
            key: AnswerKeySource(reference: ReferenceEngine(), fallback: nil))
        #expect(check.key == "the case's expect")
        #expect(check.verdicts["reference"] == .different("node [0]: x expected 1, got 0"))
        #expect(check.verdicts["yoga"] == .same)
        // Relayout has no expect: the reference's frames are the key.
        let relayout = checkAnswers(
            [ReferenceEngine(), ShiftingPeer(name: "yoga", shifted: [0])],
            on: AnswerProblem(case: workload, mode: .relayout),
            key: AnswerKeySource(reference: ReferenceEngine(), fallback: nil))
        #expect(relayout.key == "the reference's")
        #expect(relayout.verdicts["reference"] == .same)
        #expect(relayout.verdicts["yoga"] == .different("node [0]: x expected 0, got 1"))
    }
}
