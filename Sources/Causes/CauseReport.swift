import CanonicalJSON
import Conformance
import Engines
import Flexbox
import Foundation
import Gentest
import Judging
import LayoutCore

/// The reports of `ristretto explain` (docs/causes.md): JSON, Markdown, and a page per engine for the dashboard,
/// its causes biggest first, each with its minimal case drawn beside the engine's answer and a reproduction page.
public enum CauseReport {
    // MARK: JSON

    struct CauseDocument: Encodable {
        var name: String
        var reason: String?
        var signature: CauseSignature
        var failures: Int
        var families: [String: Int]
        var cases: [String]
        var minimal: FlexCase
        var answer: [PeerFrame]
        var differences: [String]
        var confirmedBy: [String]
        var shrunk: Bool
        /// How many of its failures each kind of evidence explains (`counterfactual`, `signature`).
        var evidence: [String: Int]
    }

    struct KnownDocument: Encodable {
        var entries: Int
        var explained: Int
        var unexplained: [String]
    }

    struct EngineDocument: Encodable {
        var engine: String
        var version: String
        var judged: Int
        var failures: Int
        var reduced: Int
        var causes: [CauseDocument]
        var staleFindings: [String]
        var unsoundFindings: [String]
        var knownFailures: KnownDocument
    }

    /// `{"engines": [{"engine", "version", "judged", "failures", "reduced", "causes": [{"name", "reason"?,
    /// "signature": {"properties", "difference"}, "failures", "families", "cases", "minimal", "answer",
    /// "differences", "confirmedBy", "shrunk", "evidence"}], "staleFindings", "unsoundFindings", "knownFailures": {"entries", "explained",
    /// "unexplained"}}]}`, canonical JSON.
    public static func json(_ reports: [CauseFinder.EngineReport]) throws -> String {
        let engines = reports.map { report in
            EngineDocument(
                engine: report.engine, version: report.version, judged: report.judged, failures: report.failures,
                reduced: report.reduced,
                causes: report.causes.enumerated().map { index, cause in
                    CauseDocument(
                        name: cause.name(index: index), reason: cause.reason, signature: cause.signature,
                        failures: cause.reductions.count,
                        families: Dictionary(uniqueKeysWithValues: cause.families.map { ($0.family, $0.count) }),
                        cases: cause.reductions.map(\.identifier), minimal: cause.representative.minimal,
                        answer: cause.representative.answer, differences: cause.representative.differences,
                        confirmedBy: cause.confirmedBy, shrunk: cause.representative.shrunk,
                        evidence: Dictionary(grouping: cause.reductions.compactMap(\.evidence?.rawValue)) { $0 }
                            .mapValues(\.count))
                },
                staleFindings: report.staleFindings, unsoundFindings: report.unsoundFindings,
                knownFailures: KnownDocument(
                    entries: report.knownEntries.count, explained: report.explained.count,
                    unexplained: report.unexplained.map(\.case)))
        }
        return try CanonicalJSON(encoding: ["engines": engines]).text
    }

    // MARK: Console and Markdown

    /// `yoga: 5235 judged, 2264 failed, 2264 reduced to 31 causes (12 named); known failures: 2277 entries, 2100
    /// explained by a named cause, 177 unexplained`.
    public static func summary(_ report: CauseFinder.EngineReport) -> String {
        let named = report.causes.count { $0.isNamed }
        return "\(report.engine): \(report.judged) judged, \(report.failures) failed, \(report.reduced) reduced to "
            + "\(report.causes.count) causes (\(named) named); known failures: \(report.knownEntries.count) entries, "
            + "\(report.explained.count) explained by a named cause, \(report.unexplained.count) unexplained"
    }

    /// `  812  yoga-no-automatic-minimum-size  item width: <length>, … → item width`, one line per cause.
    public static func causeLines(_ report: CauseFinder.EngineReport) -> [String] {
        report.causes.enumerated().map { index, cause in
            let count = String(cause.reductions.count)
            return String(repeating: " ", count: max(0, 6 - count.count)) + count + "  " + cause.name(index: index)
                + "  " + cause.signature.text
        }
    }

    /// A section per engine: the summary, the causes biggest first as a table, then each cause's reason, minimal
    /// case and both answers.
    public static func markdown(_ reports: [CauseFinder.EngineReport]) -> String {
        var text = "# Why each engine fails\n\nMade by `ristretto explain` (docs/causes.md).\n"
        for report in reports {
            text += "\n## \(report.engine): \(report.version)\n\n\(summary(report)).\n\n"
            text += "| # | cause | failures | families | what must stay | difference |\n|---|---|---|---|---|---|\n"
            for (index, cause) in report.causes.enumerated() {
                let families = cause.families.prefix(4).map { "\($0.family) \($0.count)" }.joined(separator: ", ")
                text +=
                    "| \(index + 1) | \(cell(cause.name(index: index))) | \(cause.reductions.count) | \(cell(families)) | "
                    + "\(cell(cause.signature.properties.joined(separator: ", "))) | "
                    + "\(cell(cause.signature.difference.joined(separator: ", "))) |\n"
            }
            for (index, cause) in report.causes.enumerated() where cause.isNamed || index < 10 {
                text += "\n### \(index + 1). \(cause.name(index: index)) (\(cause.reductions.count) failures)\n\n"
                text += (cause.reason ?? "Not explained yet: no finding has this signature.") + "\n\n"
                text += "Minimal case, from `\(cause.representative.identifier)`"
                text +=
                    cause.confirmedBy.isEmpty
                    ? ":\n\n" : " (answered by \(cause.confirmedBy.joined(separator: ", "))):\n\n"
                text +=
                    "```json\n" + ((try? CanonicalJSON(encoding: bare(cause.representative.minimal)).text) ?? "")
                    + "\n```\n\n"
                text += cause.representative.differences.prefix(4).map { "- \($0)\n" }.joined()
            }
            if !report.unexplained.isEmpty {
                text +=
                    "\nUnexplained known failures: \(report.unexplained.count) (first: "
                    + report.unexplained.prefix(5).map { "`\($0.case)`" }.joined(separator: ", ") + ").\n"
            }
        }
        return text
    }

    /// The case without its expectation and source, as a reader pastes it into `ristretto layout`.
    static func bare(_ flexCase: FlexCase) -> FlexCase {
        var bare = flexCase
        bare.source = nil
        bare.description = nil
        return bare
    }

    static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
