import Conformance
import Foundation

/// One engine's verdict on one case of an engine × suite run (`ristretto conform --engine …`).
public struct EngineCaseResult: Hashable, Sendable {
    public enum Verdict: Hashable, Sendable {
        case passed
        /// The answer differs: the message names the first mismatching node (`node [1] x: expected 44, got 46`), or
        /// says how the engine failed (a crash, a reply that is not the protocol).
        case failed(String)
        /// The case could not be read: bad input, exit code 2.
        case error(String)
        /// The engine cannot express the case; its message names the property and its JSON path.
        case refused(String)
        /// The answer differs where the engine's known failures say it does (`<golden>/expectations/<engine>.json`).
        case known(reason: String, mismatch: String)
        /// The engine does not judge this kind of case: peers are checked on box geometry only.
        case notApplicable

        /// Failed or unreadable: what makes the run exit non-zero.
        public var failsTheRun: Bool {
            switch self {
            case .failed, .error: true
            case .passed, .refused, .known, .notApplicable: false
            }
        }

        public var isError: Bool { if case .error = self { true } else { false } }
    }

    /// The case identifier, `suite/case`.
    public var identifier: String
    public var verdict: Verdict
    /// Everything the report shows for a case that did not pass, when there is more than `message` (the
    /// reference's failure text, with its PNG paths and record command).
    public var detail: String?
    public var seconds: Double

    public init(identifier: String, verdict: Verdict, detail: String? = nil, seconds: Double = 0) {
        self.identifier = identifier
        self.verdict = verdict
        self.detail = detail
        self.seconds = seconds
    }

    /// The first component of the identifier (`box`, `chrome`, `chart`, …); `golden` for a case at the top level.
    public var suite: String {
        let components = identifier.split(separator: "/")
        return components.count > 1 ? String(components[0]) : "golden"
    }

    /// The one line that explains a verdict other than passed or not applicable.
    public var message: String? {
        switch verdict {
        case .passed, .notApplicable: nil
        case .failed(let text), .error(let text), .refused(let text): text
        case .known(let reason, let mismatch): "\(mismatch) (known difference: \(reason))"
        }
    }
}

/// How many cases of one engine (and one suite, or all of them) ended each way.
public struct EngineTally: Hashable, Sendable {
    public var passed = 0, failed = 0, errors = 0, refused = 0, known = 0, notApplicable = 0

    public init() {}

    /// The cases the engine was asked to judge: everything but the not applicable ones.
    public var total: Int { passed + failed + errors + refused + known }

    mutating func count(_ verdict: EngineCaseResult.Verdict) {
        switch verdict {
        case .passed: passed += 1
        case .failed: failed += 1
        case .error: errors += 1
        case .refused: refused += 1
        case .known: known += 1
        case .notApplicable: notApplicable += 1
        }
    }

    /// A matrix cell, like wpt.fyi's: `passed/total`, then what is neither passed nor failed:
    /// `40/95 (2 failed, refused 50, known 3)`; `n/a` when the engine judged none of the suite's cases.
    public var cell: String {
        guard total > 0 else { return "n/a" }
        let notes = [
            (failed + errors, "\(failed + errors) failed"), (refused, "refused \(refused)"), (known, "known \(known)"),
        ]
        .filter { $0.0 > 0 }.map(\.1)
        return "\(passed)/\(total)" + (notes.isEmpty ? "" : " (" + notes.joined(separator: ", ") + ")")
    }
}

/// One engine's column: its results in case order.
public struct EngineColumn: Hashable, Sendable {
    /// The name used in reports and in known-differences: `reference`, `yoga`, or a PATH engine's name.
    public var engine: String
    /// What the engine says about itself (`name version`), when it answered `info`.
    public var version: String?
    public var results: [EngineCaseResult]

    public init(engine: String, version: String? = nil, results: [EngineCaseResult]) {
        self.engine = engine
        self.version = version
        self.results = results
    }

    /// The tally over one suite, or over every suite when `suite` is nil.
    public func tally(suite: String? = nil) -> EngineTally {
        var tally = EngineTally()
        for result in results where suite == nil || result.suite == suite { tally.count(result.verdict) }
        return tally
    }
}

/// An engine that was asked for but not run, with the one line that says why and how to install it.
public struct SkippedEngine: Error, Hashable, Sendable {
    public var engine: String
    public var reason: String
    /// A missing engine is benign (the run stays green); one that is there but does not start is an error.
    public var isError: Bool

    public init(engine: String, reason: String, isError: Bool) {
        self.engine = engine
        self.reason = reason
        self.isError = isError
    }

    public var line: String { "skipped \(engine): \(reason)" }
}

/// Every engine on every suite: the outcome of `ristretto conform --engine A,B,…`.
public struct EngineMatrix: Hashable, Sendable {
    public var columns: [EngineColumn]
    public var skipped: [SkippedEngine]
    public var seconds: Double

    public init(columns: [EngineColumn], skipped: [SkippedEngine] = [], seconds: Double = 0) {
        self.columns = columns
        self.skipped = skipped
        self.seconds = seconds
    }

    /// The suites in the order their cases came (the run's identifiers are sorted, so alphabetical).
    public var suites: [String] {
        var seen: [String] = []
        for column in columns {
            for result in column.results where !seen.contains(result.suite) { seen.append(result.suite) }
        }
        return seen
    }

    /// Every engine's tally added up.
    public var overall: EngineTally {
        columns.map { $0.tally() }.reduce(into: EngineTally()) { sum, tally in
            sum.passed += tally.passed
            sum.failed += tally.failed
            sum.errors += tally.errors
            sum.refused += tally.refused
            sum.known += tally.known
            sum.notApplicable += tally.notApplicable
        }
    }

    /// The contract's last line, over every engine: `N passed, N failed, N skipped`, where skipped counts the
    /// refused cases and the known differences (not-applicable cases are not counted at all).
    public var line: String {
        let sum = overall
        return "\(sum.passed) passed, \(sum.failed + sum.errors) failed, \(sum.refused + sum.known) skipped"
    }

    /// 2 when a case could not be read, an engine would not start, a required engine is missing or nothing was
    /// judged; 1 when any engine has a failure that is not a known difference; else 0. Refusals, known differences
    /// and missing engines that are not required do not fail the run.
    public var exitCode: Int32 {
        let sum = overall
        if sum.errors > 0 || skipped.contains(where: \.isError) || !judgedAnything { return 2 }
        return sum.failed > 0 ? 1 : 0
    }

    /// Whether any engine gave any case a verdict (passed, failed, refused or known). **A run that judged nothing
    /// is not green**: a CI job whose only engine is missing, or whose filter leaves no case an engine judges, must
    /// not pass as `0 passed, 0 failed`; it exits 2, as an empty suite does.
    public var judgedAnything: Bool {
        columns.contains { column in column.results.contains { $0.verdict != .notApplicable } }
    }
}
