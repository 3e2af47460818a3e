import CanonicalJSON
import Foundation

/// The reports of a run for CI: JUnit XML, a Markdown step summary and a self-contained HTML page.
public enum Reports {
    /// JUnit XML: one testsuite, one testcase per case; failures carry the full failure text.
    public static func junit(_ summary: RunSummary) -> String {
        let failures = summary.outcomes.count { $0.status == .failed }
        let errors = summary.outcomes.count { $0.status == .error }
        // JUnit has no "known": a known failure is reported as skipped, its message the reason.
        let skipped = summary.skipped + summary.known
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <testsuites name="ristretto conform" tests="\(summary.outcomes.count)" failures="\(failures)" errors="\(errors)" skipped="\(skipped)" time="\(format(summary.seconds))">
              <testsuite name="golden" tests="\(summary.outcomes.count)" failures="\(failures)" errors="\(errors)" skipped="\(skipped)" time="\(format(summary.seconds))">

            """
        for outcome in summary.outcomes {
            let suite = outcome.identifier.split(separator: "/").dropLast().joined(separator: ".")
            xml +=
                "    <testcase classname=\"\(escape(suite.isEmpty ? "golden" : suite))\" name=\"\(escape(outcome.identifier))\" time=\"\(format(outcome.seconds))\""
            switch outcome.status {
            case .passed:
                xml += "/>\n"
            case .skipped, .known:
                xml +=
                    ">\n      <skipped message=\"\(escape(outcome.messages.first ?? "skipped"))\"/>\n    </testcase>\n"
            case .failed, .error:
                let tag = outcome.status == .failed ? "failure" : "error"
                xml +=
                    ">\n      <\(tag) message=\"\(escape(outcome.messages.first ?? tag))\">\(escape(outcome.failureText))</\(tag)>\n    </testcase>\n"
            }
        }
        return xml + "  </testsuite>\n</testsuites>\n"
    }

    /// Markdown for a CI step summary: totals, then a table of the cases that did not pass with their first messages.
    public static func markdown(_ summary: RunSummary) -> String {
        var text = "## Ristretto conformance\n\n**\(summary.line)** in \(String(format: "%.1f", summary.seconds)) s\n"
        let problems = summary.outcomes.filter { $0.status == .failed || $0.status == .error }
        guard !problems.isEmpty else { return text + "\nAll cases match their geometry and golden PNGs.\n" }
        text += "\n| case | status | problem | pixels |\n|---|---|---|---|\n"
        for outcome in problems {
            let pixels = outcome.mismatchedPixels.map { "\($0) / \(outcome.totalPixels ?? 0)" } ?? "–"
            // The headline and the first mismatches (`node [1]: x expected 44, got 46`), as the console prints them.
            let problem = outcome.messages.prefix(markdownMessageLines).map { $0.trimmingCharacters(in: .whitespaces) }
                .joined(separator: "<br>").replacingOccurrences(of: "|", with: "\\|")
            text += "| `\(outcome.identifier)` | \(outcome.status.rawValue) | \(problem) | \(pixels) |\n"
        }
        text +=
            "\nOnly when a change is intended: update a box case's expected geometry with "
            + "`ristretto record --update-expect --filter 'CASE'`, re-record its PNG with `ristretto record --filter 'CASE'`.\n"
        return text
    }

    /// How many message lines a Markdown row shows: the headline and the first three mismatches.
    static let markdownMessageLines = 4

    /// A single HTML file with the PNGs inlined, so it can be uploaded as one CI artifact: the summary, each
    /// failing case with its images, then the table of every case.
    /// `readImage` returns a file's bytes (or nil when it is absent).
    public static func html(_ summary: RunSummary, readImage: (String) -> Data?) -> String {
        var page = """
            <!doctype html><html><head><meta charset="utf-8"><title>Ristretto conformance</title><style>
            body{font:14px system-ui,sans-serif;margin:24px;color:#222}table{border-collapse:collapse}
            td,th{border:1px solid #ccc;padding:4px 8px;text-align:left}.passed{color:#2a7}.failed,.error{color:#c22}
            .case{margin:24px 0;padding:12px;border:1px solid #ddd}.images{display:flex;gap:16px;flex-wrap:wrap}
            figure{margin:0}img{border:1px solid #999;image-rendering:pixelated;max-width:480px}pre{white-space:pre-wrap;background:#f6f6f6;padding:8px}
            </style></head><body><h1>Ristretto conformance</h1>
            <p><b>\(escape(summary.line))</b> in \(String(format: "%.1f", summary.seconds)) s</p>

            """
        // The failing cases first, so a reader sees them without scrolling past every passing row.
        for outcome in summary.outcomes where outcome.status == .failed || outcome.status == .error {
            page +=
                "<div class=\"case\" id=\"\(escape(outcome.identifier))\"><h2>\(escape(outcome.identifier)) — \(outcome.status.rawValue)</h2><pre>\(escape(outcome.failureText))</pre><div class=\"images\">"
            for (title, path) in [
                ("expected", outcome.expectedPNG), ("actual", outcome.actualPNG), ("diff", outcome.diffPNG),
            ] {
                guard let path, let bytes = readImage(path) else { continue }
                page +=
                    "<figure><figcaption>\(title)</figcaption><img alt=\"\(title)\" src=\"data:image/png;base64,\(bytes.base64EncodedString())\"></figure>"
            }
            page += "</div></div>\n"
        }
        page += "<h2>All cases</h2>\n<table><tr><th>case</th><th>status</th><th>pixels</th><th>time (s)</th></tr>\n"
        for outcome in summary.outcomes {
            let pixels = outcome.mismatchedPixels.map { "\($0) / \(outcome.totalPixels ?? 0)" } ?? "–"
            let anchor =
                outcome.status == .passed
                ? escape(outcome.identifier)
                : "<a href=\"#\(escape(outcome.identifier))\">\(escape(outcome.identifier))</a>"
            page +=
                "<tr><td>\(anchor)</td><td class=\"\(outcome.status.rawValue)\">\(outcome.status.rawValue)</td><td>\(pixels)</td><td>\(format(outcome.seconds))</td></tr>\n"
        }
        page += "</table>\n"
        return page + "</body></html>\n"
    }

    public static func format(_ seconds: Double) -> String { String(format: "%.3f", seconds) }

    /// Text made safe for HTML and XML, in element content and in attribute values quoted either way: the five
    /// characters that can end a text or an attribute, or start a tag or an entity, become entities. Every string
    /// a report takes from a case, an engine or a path goes through here.
    public static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }
}
