import Conformance
import Foundation

/// The engine × suite reports of `ristretto conform --engine A,B,…`: a column per engine, a row per suite and, in a
/// suite with families, per family (`flex/wrap`), each cell `passed/total (…)`, as wpt.fyi shows browsers; then the
/// cases that did not pass, each with its first difference. The HTML dashboard is in Reports+Dashboard.swift.
extension Reports {
    /// The matrix as aligned plain text for the console: a header row of engines, a row per suite and per family,
    /// then `all`.
    public static func matrixTable(_ matrix: EngineMatrix) -> String {
        let rows = [["suite"] + matrix.columns.map(\.engine)] + matrixRows(matrix).map { [$0.row.label] + $0.cells }
        let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.map { row in
            zip(row, widths).map { $0.padding(toLength: $1, withPad: " ", startingAt: 0) }.joined(separator: "  ")
                .trimmingCharacters(in: .whitespaces)
        }.joined(separator: "\n")
    }

    /// JUnit XML with one testsuite per engine × suite (`yoga.box`); refusals and known differences are
    /// `<skipped message=…>`, not-applicable cases are left out.
    public static func junit(_ matrix: EngineMatrix) -> String {
        let sum = matrix.overall
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="ristretto conform" tests="\(sum.total)" failures="\(sum.failed)" errors="\(sum.errors)" skipped="\(sum.refused + sum.known)" time="\(format(matrix.seconds))">

            """
        for column in matrix.columns {
            for suite in matrix.suites {
                let tally = column.tally(suite: suite)
                guard tally.total > 0 else { continue }
                let name = escape(column.engine + "." + suite)
                // Interop verdicts are neither passed nor failed, so JUnit, which has no such outcome, leaves them out.
                let results = column.results.filter {
                    $0.suite == suite && $0.verdict != .notApplicable && !$0.verdict.isInterop
                }
                xml +=
                    "  <testsuite name=\"\(name)\" tests=\"\(tally.total)\" failures=\"\(tally.failed)\" errors=\"\(tally.errors)\" skipped=\"\(tally.refused + tally.known)\" time=\"\(format(results.reduce(0) { $0 + $1.seconds }))\">\n"
                for result in results {
                    xml +=
                        "    <testcase classname=\"\(name)\" name=\"\(escape(result.identifier))\" time=\"\(format(result.seconds))\""
                    let message = escape(result.message ?? "")
                    switch result.verdict {
                    case .passed, .notApplicable, .interop: xml += "/>\n"
                    case .refused: xml += ">\n      <skipped message=\"refused: \(message)\"/>\n    </testcase>\n"
                    case .known: xml += ">\n      <skipped message=\"\(message)\"/>\n    </testcase>\n"
                    case .failed, .error:
                        let tag = result.verdict.isError ? "error" : "failure"
                        xml +=
                            ">\n      <\(tag) message=\"\(message)\">\(escape(result.detail ?? result.message ?? ""))</\(tag)>\n    </testcase>\n"
                    }
                }
                xml += "  </testsuite>\n"
            }
        }
        return xml + "</testsuites>\n"
    }

    /// Markdown for a CI step summary: the matrix, the engines' versions and skips, then every case that failed.
    public static func markdown(_ matrix: EngineMatrix) -> String {
        var text =
            "## Ristretto conformance by engine\n\n**\(matrix.line)** in \(String(format: "%.1f", matrix.seconds)) s\n\n"
        text += "| suite | " + matrix.columns.map(\.engine).joined(separator: " | ") + " |\n"
        text += "|---|" + String(repeating: "---|", count: matrix.columns.count) + "\n"
        for row in matrixRows(matrix) {
            text += "| \(row.row.label) | " + row.cells.joined(separator: " | ") + " |\n"
        }
        text += "\n" + engineNotes(matrix).map { "- \($0)\n" }.joined()
        let failures = failingResults(matrix)
        guard !failures.isEmpty else { return text + "\nNo engine has a failure that is not a known difference.\n" }
        text += "\n| engine | case | first difference |\n|---|---|---|\n"
        for (engine, result) in failures {
            text +=
                "| \(engine) | `\(result.identifier)` | \((result.message ?? "").replacingOccurrences(of: "|", with: "\\|")) |\n"
        }
        return text
    }

    // MARK: Shared pieces

    /// The lines under the matrix: each engine's version, then each engine that was not run.
    static func engineNotes(_ matrix: EngineMatrix) -> [String] {
        matrix.columns.compactMap { column in column.version.map { "\(column.engine): \($0)" } }
            + matrix.skipped.map(\.line)
    }

    /// The cases that fail the run (not refusals, not known differences), engine by engine.
    static func failingResults(_ matrix: EngineMatrix) -> [(engine: String, result: EngineCaseResult)] {
        matrix.columns.flatMap { column in
            column.results.filter(\.verdict.failsTheRun).map { (column.engine, $0) }
        }
    }

    static func verdictName(_ verdict: EngineCaseResult.Verdict) -> String {
        switch verdict {
        case .passed: "passed"
        case .failed: "failed"
        case .error: "error"
        case .refused: "refused"
        case .known: "known difference"
        case .notApplicable: "n/a"
        case .interop: "interop"
        }
    }
}
