import Conformance
import Foundation

/// The engine × suite reports of `ristretto conform --engine A,B,…`: a column per engine, a row per suite, each cell
/// `passed/total (…)`, as wpt.fyi shows browsers; then the cases that did not pass, each with its first difference.
extension Reports {
    /// The matrix as aligned plain text for the console: a header row of engines, a row per suite, then `all`.
    public static func matrixTable(_ matrix: EngineMatrix) -> String {
        let rows = [["suite"] + matrix.columns.map(\.engine)] + matrixRows(matrix).map { [$0.suite] + $0.cells }
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
                let results = column.results.filter { $0.suite == suite && $0.verdict != .notApplicable }
                xml +=
                    "  <testsuite name=\"\(name)\" tests=\"\(tally.total)\" failures=\"\(tally.failed)\" errors=\"\(tally.errors)\" skipped=\"\(tally.refused + tally.known)\" time=\"\(format(results.reduce(0) { $0 + $1.seconds }))\">\n"
                for result in results {
                    xml +=
                        "    <testcase classname=\"\(name)\" name=\"\(escape(result.identifier))\" time=\"\(format(result.seconds))\""
                    let message = escape(result.message ?? "")
                    switch result.verdict {
                    case .passed, .notApplicable: xml += "/>\n"
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
            text += "| \(row.suite) | " + row.cells.joined(separator: " | ") + " |\n"
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

    /// A self-contained HTML page: the matrix, then every case that failed and every refusal and known difference,
    /// per engine. `engineLinks` maps an engine to a page with more detail (the reference's own report with its
    /// PNGs), linked from its column header.
    public static func html(_ matrix: EngineMatrix, engineLinks: [String: String] = [:]) -> String {
        var page = """
            <!doctype html><html><head><meta charset="utf-8"><title>Ristretto conformance by engine</title><style>
            body{font:14px system-ui,sans-serif;margin:24px;color:#222}table{border-collapse:collapse;margin-bottom:16px}
            td,th{border:1px solid #ccc;padding:4px 8px;text-align:left}td.all{background:#cfc}td.some{background:#ffd}
            td.none{background:#fcc}td.na{color:#999}
            </style></head><body><h1>Ristretto conformance by engine</h1>
            <p><b>\(escape(matrix.line))</b> in \(String(format: "%.1f", matrix.seconds)) s</p>
            <table><tr><th>suite</th>
            """
        for column in matrix.columns {
            let name = escape(column.engine)
            page +=
                "<th>" + (engineLinks[column.engine].map { "<a href=\"\(escape($0))\">\(name)</a>" } ?? name) + "</th>"
        }
        page += "</tr>\n"
        for row in matrixRows(matrix) {
            page += "<tr><th>\(escape(row.suite))</th>"
            for tally in row.tallies {
                let shade =
                    tally.total == 0
                    ? "na" : tally.failed + tally.errors > 0 ? (tally.passed == 0 ? "none" : "some") : "all"
                page += "<td class=\"\(shade)\">\(escape(tally.cell))</td>"
            }
            page += "</tr>\n"
        }
        page += "</table>\n<ul>" + engineNotes(matrix).map { "<li>\(escape($0))</li>" }.joined() + "</ul>\n"
        for column in matrix.columns {
            let shown = column.results.filter { $0.message != nil }
            guard !shown.isEmpty else { continue }
            page +=
                "<h2>\(escape(column.engine))</h2><table><tr><th>case</th><th>verdict</th><th>first difference or reason</th></tr>\n"
            for result in shown {
                page +=
                    "<tr><td>\(escape(result.identifier))</td><td>\(verdictName(result.verdict))</td><td>\(escape(result.message ?? ""))</td></tr>\n"
            }
            page += "</table>\n"
        }
        return page + "</body></html>\n"
    }

    // MARK: Shared pieces

    /// One row per suite, then `all`, each with a tally per engine column.
    static func matrixRows(_ matrix: EngineMatrix) -> [(suite: String, tallies: [EngineTally], cells: [String])] {
        (matrix.suites.map(Optional.some) + [nil]).map { suite in
            let tallies = matrix.columns.map { $0.tally(suite: suite) }
            return (suite ?? "all", tallies, tallies.map(\.cell))
        }
    }

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
        }
    }
}
