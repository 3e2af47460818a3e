import CaseIO
import Engines
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
        /// The answer differs where the engine's known failures say it does (`<golden>/known-failures/<engine>.json`).
        case known(reason: String, mismatch: String)
        /// The engine does not judge this kind of case: peers are checked on box geometry only.
        case notApplicable
        /// An interop case (the browsers disagree, so it has `answers` and no `expect`): the browsers whose answer
        /// the engine's frames match, named as `answers` names them; empty when it matches none. Neither passed nor
        /// failed.
        case interop(sidesWith: [String])

        /// Failed or unreadable: what makes the run exit non-zero.
        public var failsTheRun: Bool {
            switch self {
            case .failed, .error: true
            case .passed, .refused, .known, .notApplicable, .interop: false
            }
        }

        public var isError: Bool { if case .error = self { true } else { false } }

        /// Whether this is an interop case's verdict (sides with browsers; neither passed nor failed).
        public var isInterop: Bool { if case .interop = self { true } else { false } }
    }

    /// The case identifier, `suite/case`.
    public var identifier: String
    public var verdict: Verdict
    /// Everything the report shows for a case that did not pass, when there is more than `message` (the
    /// reference's failure text, with its PNG paths and record command).
    public var detail: String?
    /// The frames the engine answered, kept where they differ from the expectation (a peer's failed and known
    /// verdicts, the reference's failures of box and flex cases), so that the dashboard can draw them.
    public var frames: [PeerFrame]?
    public var seconds: Double

    public init(
        identifier: String, verdict: Verdict, detail: String? = nil, frames: [PeerFrame]? = nil, seconds: Double = 0
    ) {
        self.identifier = identifier
        self.verdict = verdict
        self.detail = detail
        self.frames = frames
        self.seconds = seconds
    }

    /// The first folder of the identifier (`box`, `chrome`, `chart`, …); `golden` for a case at the top level.
    public var suite: String { CaseIdentifier.suite(of: identifier) }

    /// The folder below the suite (`flex/wrap/…` → `wrap`); nil for a case directly in its suite's folder.
    public var family: String? { CaseIdentifier.family(of: identifier) }

    /// The one line that explains a verdict other than passed or not applicable.
    public var message: String? {
        switch verdict {
        case .passed, .notApplicable: nil
        case .failed(let text), .error(let text), .refused(let text): text
        case .known(let reason, let mismatch): "\(mismatch) (known difference: \(reason))"
        case .interop(let browsers):
            browsers.isEmpty ? "sides with no browser" : "sides with " + browsers.joined(separator: ", ")
        }
    }
}

/// How many cases of one engine (and one suite, or all of them) ended each way.
public struct EngineTally: Hashable, Sendable {
    public var passed = 0, failed = 0, errors = 0, refused = 0, known = 0, notApplicable = 0
    /// Interop cases the engine laid out, and how many of them it sides with each browser on (by the browser's
    /// name without its version, `Chromium`), or with none (`none`). An engine may side with two browsers that
    /// agree with each other.
    public var interop = 0
    public var sides: [String: Int] = [:]

    public init() {}

    /// The key of `sides` for an engine named with its version: its first word (`Firefox 153.7.0` → `Firefox`).
    public static func browserKey(_ engine: String) -> String { String(engine.split(separator: " ").first ?? "") }

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
        case .interop(let browsers):
            interop += 1
            for browser in browsers.isEmpty ? ["none"] : browsers.map(Self.browserKey) {
                sides[browser, default: 0] += 1
            }
        }
    }

    /// Adds another tally's counts to this one.
    mutating func add(_ other: EngineTally) {
        passed += other.passed
        failed += other.failed
        errors += other.errors
        refused += other.refused
        known += other.known
        notApplicable += other.notApplicable
        interop += other.interop
        sides.merge(other.sides, uniquingKeysWith: +)
    }

    /// `Chromium 310, Firefox 402, WebKitGTK 265, none 120`: the browsers by name, then `none`.
    public var sidesText: String {
        sides.sorted { ($0.key == "none" ? 1 : 0, $0.key) < ($1.key == "none" ? 1 : 0, $1.key) }
            .map { "\($0.key) \($0.value)" }.joined(separator: ", ")
    }

    /// A matrix cell, like wpt.fyi's: `passed/total`, then what is neither passed nor failed:
    /// `40/95 (2 failed, refused 50, known 3)`; `n/a` when the engine judged none of the suite's cases.
    public var cell: String {
        let notes = [
            (failed + errors, "\(failed + errors) failed"), (refused, "refused \(refused)"), (known, "known \(known)"),
        ]
        .filter { $0.0 > 0 }.map(\.1)
        let noted = notes.isEmpty ? "" : " (" + notes.joined(separator: ", ") + ")"
        let sided = "sides with \(sidesText) of \(interop)"
        // An interop-only row (or one whose other cases were all refused) shows the sides, with the notes.
        guard interop == 0 || passed + failed + errors + known > 0 else { return sided + noted }
        guard total > 0 else { return "n/a" }
        return "\(passed)/\(total)" + noted + (interop > 0 ? "; " + sided : "")
    }

    /// Whether the row has nothing for this engine: no case judged and no interop case laid out.
    public var isEmpty: Bool { total == 0 && interop == 0 }
}

/// One engine's column: its results in case order.
public struct EngineColumn: Hashable, Sendable {
    /// The name used in reports and in known failures: `reference`, `yoga`, or a PATH engine's name.
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
        tally { suite == nil || $0.suite == suite }
    }

    /// The tally over one row of the matrix.
    public func tally(_ row: MatrixRow) -> EngineTally { tally(where: row.contains) }

    func tally(where included: (EngineCaseResult) -> Bool) -> EngineTally {
        var tally = EngineTally()
        for result in results where included(result) { tally.count(result.verdict) }
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
    /// The cases that some engine did not pass, as the dashboard shows them (sorted by identifier; empty until
    /// `gatherEvidence(golden:)` read them, or when the `--json` documents merged did not carry them).
    public var cases: [CaseEvidence]

    public init(
        columns: [EngineColumn], skipped: [SkippedEngine] = [], seconds: Double = 0, cases: [CaseEvidence] = []
    ) {
        self.columns = columns
        self.skipped = skipped
        self.seconds = seconds
        self.cases = cases
    }

    /// The suites in the order their cases came (the run's identifiers are sorted, so alphabetical).
    public var suites: [String] {
        var seen: [String] = []
        for column in columns {
            for result in column.results where !seen.contains(result.suite) { seen.append(result.suite) }
        }
        return seen
    }

    /// The rows of the matrix, like wpt.fyi's directory rows: each suite, and beneath it each of its families
    /// (with `(top)` for the cases directly in the suite's folder) when it has any; then `all`.
    public var rows: [MatrixRow] {
        var families: [String: Set<String?>] = [:]
        for column in columns {
            for result in column.results { families[result.suite, default: []].insert(result.family) }
        }
        var rows: [MatrixRow] = []
        for suite in suites {
            rows.append(.suite(suite))
            let found = families[suite] ?? []
            guard found.contains(where: { $0 != nil }) else { continue }
            // The cases at the top of the folder first, then the families by name.
            for family in found.sorted(by: { ($0 ?? "") < ($1 ?? "") }) {
                rows.append(.family(suite: suite, family: family))
            }
        }
        return rows + [.all]
    }

    /// Every engine's tally added up.
    public var overall: EngineTally {
        columns.map { $0.tally() }.reduce(into: EngineTally()) { sum, tally in sum.add(tally) }
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

/// One row of the engine matrix: every case, one suite, or one family of a suite.
public enum MatrixRow: Hashable, Sendable {
    case all
    case suite(String)
    /// The cases of one family of a suite; `family` is nil for the cases directly in the suite's folder.
    case family(suite: String, family: String?)

    /// `all`, `flex`, `flex/wrap`, `flex/(top)`: how the console, Markdown and HTML reports name the row.
    public var label: String {
        switch self {
        case .all: "all"
        case .suite(let suite): suite
        case .family(let suite, let family): suite + "/" + (family ?? CaseIdentifier.topLevelFamily)
        }
    }

    public func contains(_ result: EngineCaseResult) -> Bool {
        switch self {
        case .all: true
        case .suite(let suite): result.suite == suite
        case .family(let suite, let family): result.suite == suite && result.family == family
        }
    }
}
