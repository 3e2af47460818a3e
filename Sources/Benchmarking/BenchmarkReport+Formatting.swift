import CanonicalJSON
import Engines
import Foundation

/// The output formats of `ristretto bench --format`.
public enum ReportFormat: String, Hashable, Sendable, CaseIterable {
    case table, markdown, json, csv
}

extension BenchmarkReport {
    /// The report in `format`. Table and markdown open with what each engine is and what its figures include, then
    /// give one table per shape and mode (a case run: per mode, one row per case, then the geometric means), with
    /// every engine's median ± IQR in microseconds and its ratio to the reference (a case run: to its baseline), each
    /// table followed by the timing note of every peer in it; json follows the CLI contract; csv has one row per
    /// result. **A ratio against a figure timed through Python is marked `†` in its own cell** (`pythonMark`).
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
    /// coreMicrosecondsPerLayout,viaPython,family,unequalAnswers`, one row per result (`coreMicrosecondsPerLayout`
    /// empty where the engine has no core figure, `viaPython` `true` where the ratio is against a figure timed through
    /// Python, `family` the shape's, `unequalAnswers` `true` where the ratio compares differing frames); a case run
    /// has `case,nodes` for `shape,size`, `ratioToBaseline`, and an empty `family`. Text fields are quoted when they
    /// hold a comma, a quote or a line break (RFC 4180).
    public func csvText() -> String {
        let columns = baseline == nil ? "shape,size,mode" : "case,nodes,mode"
        let ratioColumn = baseline == nil ? "ratioToReference" : "ratioToBaseline"
        var lines = [
            "engine,\(columns),microsecondsPerLayout,spread,\(ratioColumn),engineVersion,engineTiming,"
                + "coreMicrosecondsPerLayout,viaPython,family,unequalAnswers"
        ]
        for result in results {
            let ratio = ratio(result).map { "\($0)" } ?? ""
            let detail = details(of: result.engine)
            lines.append(
                [
                    result.engine, result.caseName ?? result.shape?.rawValue ?? "", "\(result.size)",
                    result.mode.rawValue, "\(result.microsecondsPerLayout)", "\(result.spread)", ratio,
                    detail?.version ?? "", detail?.timing ?? "", result.coreMicrosecondsPerLayout.map { "\($0)" } ?? "",
                    ratioIsPythonBound(result.engine) ? "true" : "", result.family?.rawValue ?? "",
                    ratioComparesUnequalAnswers(result) ? "true" : "",
                ].map(Self.csvField).joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The mark of a ratio against a figure timed through Python, in the ratio's own cell: "†", or "".
    public func pythonMark(_ engine: String) -> String { ratioIsPythonBound(engine) ? "†" : "" }

    /// The mark of a ratio between differing answers, in the ratio's own cell: "≠", or "".
    public func answerMark(_ result: BenchmarkResult) -> String { ratioComparesUnequalAnswers(result) ? "≠" : "" }

    /// A ratio cell: "2.50×", with its marks ("2.50×†≠").
    func ratioCell(_ result: BenchmarkResult?) -> String {
        guard let result, let ratio = ratio(result) else { return "–" }
        return String(format: "%.2f×", ratio) + pythonMark(result.engine) + answerMark(result)
    }

    /// The line under every table with a ratio marked ≠: what the mark means.
    func answerFootnote(_ rows: [BenchmarkResult]) -> [String] {
        guard rows.contains(where: { ratio($0) != nil && ratioComparesUnequalAnswers($0) }) else { return [] }
        return [
            "≠ the two engines' frames differ (one of them is not the answer key's; the notes say where): the ratio "
                + "compares unequal work, and no geometric mean, headline or target counts it"
        ]
    }

    /// An engine's figure column headers: "taffy µs†", and "taffy core µs†" where its adapter also timed its own
    /// call alone. A Python-bound engine's core figure is timed through Python too, so both carry the mark.
    func figureHeaders(_ engine: String, withCore: Bool) -> [String] {
        let mark = isPythonBound(engine) ? "†" : ""
        return ["\(engine) µs" + mark] + (withCore ? ["\(engine) core µs" + mark] : [])
    }

    /// The line under every table with a mark: which engines are timed through Python, and what that means.
    func pythonFootnote(_ engines: [String]) -> [String] {
        let bound = engines.filter(isPythonBound)
        guard !bound.isEmpty, engines.contains(where: ratioIsPythonBound) else { return [] }
        return [
            "† timed via Python (\(bound.joined(separator: ", "))): the figure and every ratio against it measure "
                + "Python and the binding as much as the engine; not the engine's own speed"
        ]
    }

    static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0.isNewline }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// The `info` of the engine named `engine` in this run.
    func details(of engine: String) -> EngineInfo? { machine.engineDetails.first { $0.name == engine } }

    /// One line per engine: "yoga: Yoga 3.2.1 (pyyoga 0.1.0 static core); figures: native C++; …", and what its
    /// core figure includes where it has one; a case run then names its baseline.
    private func enginesText(prefix: String) -> String {
        engines.map { engine in
            let detail = details(of: engine)
            return prefix + engine + ": " + (detail?.version ?? "unknown version")
                + (detail?.timing.map { "; figures: " + $0 } ?? "") + (detail?.coreTiming.map { "; core: " + $0 } ?? "")
                + "\n"
        }.joined() + (baseline.map { (prefix == "- " ? prefix : "") + "baseline: \($0)\n" } ?? "")
    }

    /// "yoga = Yoga 3.2.1 (pyyoga 0.1.0 static core); figures: native C++, …": a peer's name, the engine inside it
    /// and what its figures include, under every table it appears in.
    private func figuresNote(_ engine: String) -> String? {
        guard let detail = details(of: engine) else { return nil }
        return "\(engine) = \(detail.version)" + (detail.timing.map { "; figures: " + $0 } ?? "")
    }

    private func notesText(prefix: String) -> String {
        notes.isEmpty ? "" : "\n" + notes.map { prefix + $0 + "\n" }.joined()
    }

    /// One grid per family, shape and mode: a size column, then per engine its cost and (for peers) the ratio; for a
    /// case run, `caseGrids()`.
    func grids() -> [Grid] {
        if baseline != nil { return caseGrids() }
        let engines = self.engines
        var grids: [Grid] = []
        let families: [ShapeFamily?] = ShapeFamily.allCases + [nil]
        for family in families {
            for shape in BenchShape.allCases {
                for mode in BenchMode.allCases {
                    let rows = results.filter { $0.family == family && $0.shape == shape && $0.mode == mode }
                    guard !rows.isEmpty else { continue }
                    grids.append(grid(rows, family: family, shape: shape, mode: mode, engines: engines))
                }
            }
        }
        return grids
    }

    /// The grid of one family, shape and mode ("flex linear — fresh"; a report without families: "linear — fresh").
    private func grid(
        _ rows: [BenchmarkResult], family: ShapeFamily?, shape: BenchShape, mode: BenchMode, engines: [String]
    ) -> Grid {
        // An engine whose adapter also timed its own call alone gets that column beside its figure.
        let withCore = engines.filter { engine in
            rows.contains { $0.engine == engine && $0.coreMicrosecondsPerLayout != nil }
        }
        var header = [shape.sizeLabel]
        for engine in engines {
            header += figureHeaders(engine, withCore: withCore.contains(engine))
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
                if engine != "reference" && engines.contains("reference") { cells.append(ratioCell(result)) }
            }
            return cells
        }
        // What each peer's figures include, right under its columns (the reference's note heads the report).
        let footnotes =
            engines.filter { $0 != "reference" }.compactMap(figuresNote) + pythonFootnote(engines)
            + answerFootnote(rows)
            + withCore.map { engine in
                "\(engine) core: "
                    + (details(of: engine)?.coreTiming ?? "its own layout call alone, timed apart by its adapter")
            }
        let table = family?.tableName(of: shape) ?? shape.rawValue
        return Grid(
            title: "\(table) — \(mode.rawValue) (µs per layout, median ± IQR)", header: header, rows: body,
            footnotes: footnotes)
    }
}

extension BenchmarkReport {
    /// A case run's tables: per mode, one row per case (its nodes, then per engine its cost, its core figure where
    /// it has one, and its ratio to the baseline), then the geometric means of the ratios, one row per engine and a
    /// column per mode ("0.42× (51)": the mean over the 51 cases both timed).
    func caseGrids() -> [Grid] {
        let engines = self.engines
        let base = ratioBase
        var grids: [Grid] = []
        var caseNames: [String] = []
        for result in results {
            if let name = result.caseName, !caseNames.contains(name) { caseNames.append(name) }
        }
        let footnotes = engines.filter { $0 != "reference" }.compactMap(figuresNote) + pythonFootnote(engines)
        for mode in BenchMode.allCases {
            let rows = results.filter { $0.mode == mode }
            guard !rows.isEmpty else { continue }
            let withCore = engines.filter { engine in
                rows.contains { $0.engine == engine && $0.coreMicrosecondsPerLayout != nil }
            }
            var header = ["case", "nodes"]
            for engine in engines {
                header += figureHeaders(engine, withCore: withCore.contains(engine))
                if engine != base && engines.contains(base) { header.append("\(engine)/\(base)") }
            }
            let body = caseNames.compactMap { name -> [String]? in
                let row = rows.filter { $0.caseName == name }
                guard let first = row.first else { return nil }
                var cells = [name, "\(first.size)"]
                for engine in engines {
                    let result = row.first { $0.engine == engine }
                    cells.append(
                        result.map { String(format: "%.2f ± %.2f", $0.microsecondsPerLayout, $0.spread) } ?? "–")
                    if withCore.contains(engine) {
                        cells.append(result?.coreMicrosecondsPerLayout.map { String(format: "%.2f", $0) } ?? "–")
                    }
                    if engine != base && engines.contains(base) { cells.append(ratioCell(result)) }
                }
                return cells
            }
            grids.append(
                Grid(
                    title: "cases — \(mode.rawValue) (µs per layout, median ± IQR; ratios to \(base))", header: header,
                    rows: body, footnotes: footnotes + answerFootnote(rows)))
        }
        let means = geometricMeans()
        let modes = BenchMode.allCases.filter { mode in results.contains { $0.mode == mode } }
        // Every engine that ran gets a row, one that timed no case too ("–": the notes say why).
        let ran =
            machine.engineDetails.map(\.name)
            + engines.filter { engine in
                !machine.engineDetails.contains { $0.name == engine }
            }
        func meanCell(_ mean: GeometricMean) -> String {
            let leftOut = mean.unequalAnswers.map { "; \($0) ≠ left out" } ?? ""
            return String(format: "%.2f×", mean.ratio) + pythonMark(mean.engine) + " (\(mean.workloads)\(leftOut))"
        }
        let rows = ran.filter { $0 != base }.map { engine in
            [engine]
                + modes.map { mode in
                    means.first { $0.engine == engine && $0.mode == mode }.map(meanCell) ?? "–"
                }
        }
        if !rows.isEmpty {
            grids.append(
                Grid(
                    title:
                        "geometric mean of each engine's ratio to \(base) over the cases both timed with equal answers (how many in brackets)",
                    header: ["engine"] + modes.map(\.rawValue), rows: rows,
                    footnotes: ran.compactMap(figuresNote) + pythonFootnote(ran)))
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
