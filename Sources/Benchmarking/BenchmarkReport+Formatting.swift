import CanonicalJSON
import Engines
import Foundation

/// The output formats of `ristretto bench --format`.
public enum ReportFormat: String, Hashable, Sendable, CaseIterable {
    case table, markdown, json, csv
}

extension BenchmarkReport {
    /// The report in `format`. Table and markdown open with what each engine is and what its figures include, then
    /// give one table per shape and mode, with every engine's median ± IQR in microseconds and its ratio to the
    /// reference, each table followed by the timing note of every peer in it; json follows the CLI contract; csv
    /// has one row per result.
    public func formatted(_ format: ReportFormat) throws -> String {
        switch format {
        case .table:
            return enginesText(prefix: "engine ") + "\n" + grids().map { $0.text() }.joined(separator: "\n")
                + notesText(prefix: "note: ")
        case .markdown:
            return enginesText(prefix: "- ") + "\n" + grids().map { $0.markdown() }.joined(separator: "\n")
                + notesText(prefix: "- ")
        case .json: return try jsonText()
        case .csv: return csvText()
        }
    }

    /// `{"machine":{…},"results":[…],"notes":[…]}` with sorted keys.
    public func jsonText() throws -> String {
        String(decoding: try JSONOutput.encode(self), as: UTF8.self)
    }

    /// `engine,shape,size,mode,microsecondsPerLayout,spread,ratioToReference,engineVersion,engineTiming,
    /// coreMicrosecondsPerLayout`, one row per result (the last column empty where the engine has no core figure);
    /// text fields are quoted when they hold a comma, a quote or a line break (RFC 4180).
    public func csvText() -> String {
        var lines = [
            "engine,shape,size,mode,microsecondsPerLayout,spread,ratioToReference,engineVersion,engineTiming,"
                + "coreMicrosecondsPerLayout"
        ]
        for result in results {
            let ratio = ratioToReference(result).map { "\($0)" } ?? ""
            let detail = details(of: result.engine)
            lines.append(
                [
                    result.engine, result.shape.rawValue, "\(result.size)", result.mode.rawValue,
                    "\(result.microsecondsPerLayout)", "\(result.spread)", ratio, detail?.version ?? "",
                    detail?.timing ?? "", result.coreMicrosecondsPerLayout.map { "\($0)" } ?? "",
                ].map(Self.csvField).joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The `info` of the engine named `engine` in this run.
    func details(of engine: String) -> EngineInfo? { machine.engineDetails.first { $0.name == engine } }

    /// One line per engine: "yoga: pyyoga 0.1.0 (static Yoga core); figures: native C++; …", and what its core
    /// figure includes where it has one.
    private func enginesText(prefix: String) -> String {
        engines.map { engine in
            let detail = details(of: engine)
            return prefix + engine + ": " + (detail?.version ?? "unknown version")
                + (detail?.timing.map { "; figures: " + $0 } ?? "") + (detail?.coreTiming.map { "; core: " + $0 } ?? "")
                + "\n"
        }.joined()
    }

    private func notesText(prefix: String) -> String {
        notes.isEmpty ? "" : "\n" + notes.map { prefix + $0 + "\n" }.joined()
    }

    /// One grid per shape and mode: a size column, then per engine its cost and (for peers) the ratio.
    func grids() -> [Grid] {
        let engines = self.engines
        var grids: [Grid] = []
        for shape in BenchShape.allCases {
            for mode in BenchMode.allCases {
                let rows = results.filter { $0.shape == shape && $0.mode == mode }
                guard !rows.isEmpty else { continue }
                // An engine whose adapter also timed its own call alone gets that column beside its figure.
                let withCore = engines.filter { engine in
                    rows.contains { $0.engine == engine && $0.coreMicrosecondsPerLayout != nil }
                }
                var header = [shape.sizeLabel]
                for engine in engines {
                    header.append("\(engine) µs")
                    if withCore.contains(engine) { header.append("\(engine) core µs") }
                    if engine != "reference" && engines.contains("reference") { header.append("\(engine)/ref") }
                }
                let sizes = Array(Set(rows.map(\.size))).sorted()
                let body = sizes.map { size in
                    var cells = ["\(size)"]
                    for engine in engines {
                        let result = rows.first { $0.engine == engine && $0.size == size }
                        cells.append(
                            result.map { String(format: "%.2f ± %.2f", $0.microsecondsPerLayout, $0.spread) } ?? "–")
                        if withCore.contains(engine) {
                            cells.append(result?.coreMicrosecondsPerLayout.map { String(format: "%.2f", $0) } ?? "–")
                        }
                        if engine != "reference" && engines.contains("reference") {
                            cells.append(
                                result.flatMap { ratioToReference($0) }.map { String(format: "%.2f×", $0) } ?? "–")
                        }
                    }
                    return cells
                }
                // What each peer's figures include, right under its columns (the reference's note heads the report).
                let footnotes =
                    engines.filter { $0 != "reference" }.compactMap { engine in
                        details(of: engine)?.timing.map { "\(engine) figures: \($0)" }
                    }
                    + withCore.map { engine in
                        "\(engine) core: "
                            + (details(of: engine)?.coreTiming
                                ?? "its own layout call alone, timed apart by its adapter")
                    }
                grids.append(
                    Grid(
                        title: "\(shape.rawValue) — \(mode.rawValue) (µs per layout, median ± IQR)", header: header,
                        rows: body,
                        footnotes: footnotes))
            }
        }
        return grids
    }
}

/// A titled table of text cells, printable as aligned text or as markdown.
struct Grid: Hashable {
    var title: String
    var header: [String]
    var rows: [[String]]
    /// Lines printed under the table.
    var footnotes: [String] = []

    /// Column widths in characters (Unicode scalars, so "µ" and "×" count once).
    private var widths: [Int] {
        header.indices.map { column in
            ([header] + rows).map { $0[column].unicodeScalars.count }.max() ?? 0
        }
    }

    private func pad(_ cell: String, to width: Int) -> String {
        String(repeating: " ", count: max(0, width - cell.unicodeScalars.count)) + cell
    }

    /// Right-aligned columns separated by two spaces, under the title and a rule.
    func text() -> String {
        let widths = self.widths
        func line(_ cells: [String]) -> String {
            zip(cells, widths).map { pad($0, to: $1) }.joined(separator: "  ")
        }
        let rule = String(repeating: "-", count: widths.reduce(0, +) + 2 * (widths.count - 1))
        return ([title, line(header), rule] + rows.map(line) + footnotes.map { "  " + $0 }).joined(separator: "\n")
            + "\n"
    }

    /// A heading and a GitHub-flavoured table with right-aligned number columns.
    func markdown() -> String {
        let head = "| " + header.joined(separator: " | ") + " |"
        let align = "|" + header.map { _ in "---:|" }.joined()
        let body = rows.map { "| " + $0.joined(separator: " | ") + " |" }
        let notes = footnotes.isEmpty ? [] : [""] + footnotes.map { "*\($0)*" }
        return (["### \(title)", "", head, align] + body + notes).joined(separator: "\n") + "\n"
    }
}
