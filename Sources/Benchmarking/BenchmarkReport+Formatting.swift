import Foundation

/// The output formats of `ristretto bench --format`.
public enum ReportFormat: String, Hashable, Sendable, CaseIterable {
    case table, markdown, json, csv
}

extension BenchmarkReport {
    /// The report in `format`. Table and markdown give one table per shape and mode, with every engine's
    /// median ± IQR in microseconds and its ratio to the reference; json follows the CLI contract; csv has one row
    /// per result.
    public func formatted(_ format: ReportFormat) throws -> String {
        switch format {
        case .table: return grids().map { $0.text() }.joined(separator: "\n") + notesText(prefix: "note: ")
        case .markdown: return grids().map { $0.markdown() }.joined(separator: "\n") + notesText(prefix: "- ")
        case .json: return try jsonText()
        case .csv: return csvText()
        }
    }

    /// `{"machine":{…},"results":[…],"notes":[…]}` with sorted keys.
    public func jsonText() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
    }

    /// `engine,shape,size,mode,microsecondsPerLayout,spread,ratioToReference`, one row per result.
    public func csvText() -> String {
        var lines = ["engine,shape,size,mode,microsecondsPerLayout,spread,ratioToReference"]
        for result in results {
            let ratio = ratioToReference(result).map { "\($0)" } ?? ""
            lines.append(
                [
                    result.engine, result.shape.rawValue, "\(result.size)", result.mode.rawValue,
                    "\(result.microsecondsPerLayout)", "\(result.spread)", ratio,
                ].joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
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
                var header = [shape.sizeLabel]
                for engine in engines {
                    header.append("\(engine) µs")
                    if engine != "reference" && engines.contains("reference") { header.append("\(engine)/ref") }
                }
                let sizes = Array(Set(rows.map(\.size))).sorted()
                let body = sizes.map { size in
                    var cells = ["\(size)"]
                    for engine in engines {
                        let result = rows.first { $0.engine == engine && $0.size == size }
                        cells.append(result.map { String(format: "%.2f ± %.2f", $0.microsecondsPerLayout, $0.spread) } ?? "–")
                        if engine != "reference" && engines.contains("reference") {
                            cells.append(result.flatMap { ratioToReference($0) }.map { String(format: "%.2f×", $0) } ?? "–")
                        }
                    }
                    return cells
                }
                grids.append(
                    Grid(title: "\(shape.rawValue) — \(mode.rawValue) (µs per layout, median ± IQR)", header: header, rows: body))
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
        return ([title, line(header), rule] + rows.map(line)).joined(separator: "\n") + "\n"
    }

    /// A heading and a GitHub-flavoured table with right-aligned number columns.
    func markdown() -> String {
        let head = "| " + header.joined(separator: " | ") + " |"
        let align = "|" + header.map { _ in "---:|" }.joined()
        let body = rows.map { "| " + $0.joined(separator: " | ") + " |" }
        return (["### \(title)", "", head, align] + body).joined(separator: "\n") + "\n"
    }
}
