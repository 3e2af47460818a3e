import BoxLayout
import Foundation

/// What happened to one case in a conformance run.
public struct CaseOutcome: Sendable {
    public enum Status: String, Sendable {
        case passed, failed
        /// The case or its golden could not be read: bad input (exit code 2).
        case error
        /// The reference refuses the case for a reason stated in docs/flex-engine.md: not judged, and not a
        /// failure; its message says why.
        case skipped
        /// A failure the reference's known-failure list (golden/known-failures/reference.json) names with its
        /// reason: reported with the reason, not counted as failed. A listed case that passes is said to be stale.
        case known
    }

    public var identifier: String
    public var status: Status
    /// One line per problem, most important first.
    public var messages: [String]
    public var mismatchedPixels: Int?
    public var totalPixels: Int?
    /// The golden PNG, the actual render and the diff, when they exist.
    public var expectedPNG: String?
    public var actualPNG: String?
    public var diffPNG: String?
    /// The reference's frames of a box or flex case that did not pass, for the engine dashboard to draw.
    public var frames: [BoxFrame]?
    /// The command that re-records this case's PNG, printed when its pixels failed.
    public var recordCommand: String
    /// The command that rewrites this case's `expect`, printed when its geometry failed (nil for chart and seed
    /// cases, whose expectations are edited by hand, and for a case whose `expect` another engine answered).
    public var updateExpectCommand: String?
    /// Whether the pixel comparison failed (or the golden is missing), as opposed to the geometry alone.
    public var pixelsFailed = false
    /// An interop case's verdict: the browsers whose answers the reference's frames match (empty when none).
    /// Interop cases have no pass or fail (the browsers disagree); the run counts whom the reference sides with.
    public var sidesWith: [String]?
    public var seconds: Double

    /// The lines the console and the reports print for a case that did not pass.
    public var failureText: String {
        var lines = messages
        if let expectedPNG { lines.append("expected: \(expectedPNG)") }
        if let actualPNG { lines.append("actual:   \(actualPNG)") }
        if let diffPNG { lines.append("diff:     \(diffPNG)") }
        if status == .failed, let updateExpectCommand {
            lines.append("update the expect, only if the change is intended: \(updateExpectCommand)")
        }
        if status == .failed, pixelsFailed {
            lines.append("re-record the PNG, only if the change is intended: \(recordCommand)")
        }
        return lines.joined(separator: "\n")
    }
}

/// The totals of a run, and the exit code they mean.
public struct RunSummary: Sendable {
    public var outcomes: [CaseOutcome]
    public var seconds: Double

    public init(outcomes: [CaseOutcome], seconds: Double) {
        self.outcomes = outcomes
        self.seconds = seconds
    }

    public var passed: Int { outcomes.count { $0.status == .passed } }
    /// Failed and errored cases together, as the summary line counts them.
    public var failed: Int { outcomes.count { $0.status == .failed || $0.status == .error } }
    public var skipped: Int { outcomes.count { $0.status == .skipped } }
    public var known: Int { outcomes.count { $0.status == .known } }

    /// `N passed, N failed` (`, N skipped` when the reference skipped any, `, N known` when known failures were
    /// met): the contract's last line.
    public var line: String {
        "\(passed) passed, \(failed) failed" + (skipped > 0 ? ", \(skipped) skipped" : "")
            + (known > 0 ? ", \(known) known" : "")
    }

    /// The interop cases judged, and how many of them the reference sides with at least one browser on.
    public var interop: (judged: Int, sided: Int) {
        let verdicts = outcomes.compactMap(\.sidesWith)
        return (verdicts.count, verdicts.count { !$0.isEmpty })
    }

    /// 0 all passed, 2 when any case or golden was unreadable, 1 when any comparison failed.
    public var exitCode: Int32 {
        if outcomes.contains(where: { $0.status == .error }) { return 2 }
        return failed > 0 ? 1 : 0
    }
}
