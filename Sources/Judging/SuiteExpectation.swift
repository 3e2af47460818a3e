import CaseIO
import Engines
import Flexbox
import Foundation
import LayoutCore

/// Today's browsers against the numbers an imported case recorded from its suite (docs/importers.md "Where the
/// numbers come from"): which browsers contradict them, and whether the numbers are a **stale expectation**, which
/// Chromium, Firefox and WebKit all contradict alike: each differs from the recorded numbers, and they agree with
/// each other within the tolerance the numbers are judged with. A suite's test older than the browsers reads so; it
/// is no browser's failure, and no browser is flaky for it.
public struct SuiteExpectation: Hashable, Sendable {
    /// The browsers whose agreement against a suite's numbers makes them stale.
    public static let browsers = ["chromium", "firefox", "webkit"]

    /// A browser that contradicts the recorded numbers: its name and version, and the first difference
    /// (`node [0] width: expected 120, got 100 (and 2 more)`).
    public struct Contradiction: Codable, Hashable, Sendable {
        public var engine: String
        public var mismatch: String
    }

    /// The browsers that contradict the recorded numbers, in the order asked.
    public var contradictions: [Contradiction]
    /// Every browser was asked, every one contradicts the numbers, and they agree with each other.
    public var isStale: Bool

    /// Judges the browsers' `answers` (name and version, frames; one per browser of `browsers`, in that order, for
    /// the verdict to be stale) against `expect`: a browser contradicts it where its frames differ by more than
    /// `tolerance` (the case's, at least the browser's own) at a node the expectation lists; the answers agree with
    /// each other where, at those nodes, every pair is within `tolerance`.
    public static func judge(
        expect: [PeerFrame], tolerance: Double, answers: [(engine: String, frames: [PeerFrame])]
    ) -> SuiteExpectation {
        var contradictions: [Contradiction] = []
        for (engine, frames) in answers {
            let mismatches = compareFrames(
                expected: expect, actual: framesJudged(frames, by: expect), tolerance: tolerance)
            if let first = mismatches.first {
                let more = mismatches.count > 1 ? " (and \(mismatches.count - 1) more)" : ""
                contradictions.append(Contradiction(engine: engine, mismatch: first + more))
            }
        }
        let judged = answers.map { framesJudged($0.frames, by: expect) }
        let agree = judged.indices.allSatisfy { first in
            judged.indices.allSatisfy { second in
                second <= first
                    || compareFrames(expected: judged[first], actual: judged[second], tolerance: tolerance)
                        .isEmpty
            }
        }
        let stale = answers.count == browsers.count && contradictions.count == answers.count && agree
        return SuiteExpectation(contradictions: contradictions, isStale: stale)
    }

    /// The suite whose numbers a case's `expect` holds (`wpt`, `taffy`), or nil when every number is a browser's.
    public static func suite(of flexCase: FlexCase) -> String? {
        flexCase.source?.engines.first(where: FlexCaseSource.namesSuite)
    }

    /// The prefix of a browser's failure on stale numbers.
    public static func staleMessage(suite: String, mismatch: String) -> String {
        "STALE EXPECTATION: Chromium, Firefox and WebKit agree with each other, not with \(suite)'s numbers: \(mismatch)"
    }
}

extension EngineMatrix {
    /// Marks the browsers' failures on stale expectations (`SuiteExpectation`): where the `expect` of a case holds a
    /// suite's numbers and Chromium, Firefox and WebKit all failed it with frames that agree with each other, each of
    /// their verdicts reads `STALE EXPECTATION: …` instead of a plain failure. They still fail the run: the suite's
    /// numbers need a look (`import --check` lists them). `golden` is where the cases are read from.
    public mutating func markStaleExpectations(golden: String) {
        let slots = SuiteExpectation.browsers.compactMap { name in columns.firstIndex { $0.engine == name } }
        guard slots.count == SuiteExpectation.browsers.count else { return }
        // Per browser column, each case's row.
        let rows = slots.map { column in
            Dictionary(
                columns[column].results.enumerated().map { ($1.identifier, $0) },
                uniquingKeysWith: { first, _ in first })
        }
        for identifier in columns[slots[0]].results.map(\.identifier) {
            let answers: [(engine: String, frames: [PeerFrame])] = zip(slots, rows).compactMap { column, rows in
                guard let row = rows[identifier], case .failed = columns[column].results[row].verdict,
                    let frames = columns[column].results[row].frames
                else { return nil }
                return (columns[column].version ?? columns[column].engine, frames)
            }
            guard answers.count == slots.count,
                let flexCase = try? CaseLoader.load(golden + "/" + identifier + ".json").definition as? FlexCase,
                let expect = flexCase.expect, let suite = SuiteExpectation.suite(of: flexCase)
            else { continue }
            let tolerance = max(SubprocessEngine.layoutUnit, flexCase.tolerance.geometry)
            let judged = SuiteExpectation.judge(expect: expect.frames, tolerance: tolerance, answers: answers)
            guard judged.isStale else { continue }
            for ((column, rows), contradiction) in zip(zip(slots, rows), judged.contradictions) {
                columns[column].results[rows[identifier]!].verdict = .failed(
                    SuiteExpectation.staleMessage(suite: suite, mismatch: contradiction.mismatch))
            }
        }
    }
}
