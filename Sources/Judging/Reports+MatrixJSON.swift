import CanonicalJSON
import CaseIO
import Conformance
import Engines
import Foundation

extension Reports {
    /// `conform --json FILE`, with or without `--engine`, and `merge --json FILE`: one document for tools and for
    /// `ristretto merge`, whose keys docs/cli.md "JSON output" lists. `{"line", "exitCode", "judgedAnything",
    /// "seconds", "engines": [{"engine", "version", "passed", "failed", "errors", "refused", "known"}],
    /// "skippedEngines": [{"engine", "reason", "isError"}], "results": [{"engine", "case", "family"?, "verdict",
    /// "message"?, "reason"?, "detail"?, "frames"?, "sidesWith"?, "seconds"}], "rows": [{"row", "cells": [{"engine",
    /// "passed", "failed", "errors", "refused", "known", "total", "interop"?, "sides"?}]}], "cases": [{"case",
    /// "json"?, "expect"?, "tolerance"?, …}]}`, results in column order, then by case; `verdict` is passed, failed,
    /// error, refused, known, n/a or interop; `frames` are what the engine answered where they differ from the
    /// expectation; `rows` is the matrix as the console prints it; `cases` holds each case some engine did not pass
    /// (its file and expected frames), for the dashboard.
    /// **When the reference ran alone** (`reference` given, and the matrix's only column), `line` and `exitCode` are
    /// that run's, the document also has its totals `passed`, `failed` (comparisons) and `errors` (unreadable
    /// cases), and `cases` lists every case with its `CaseRecord` keys (`identifier`, `status`, `seconds`,
    /// `messages`, pixel counts, artifact paths) beside the evidence of those with a page. The same run gives the
    /// same document apart from the `seconds`.
    public static func json(_ matrix: EngineMatrix, reference: RunSummary? = nil) throws -> Data {
        let alone = matrix.columns.map(\.engine) == ["reference"] ? reference : nil
        return try JSONOutput.encode(MatrixDocument(matrix, reference: alone))
    }
}

/// The matrix and, when the reference ran alone, its run, as `ristretto merge` reads them back from the shards.
public struct MergedRun: Sendable {
    public var matrix: EngineMatrix
    /// The reference's run gathered from the shards' case records, when every shard judged the reference alone.
    public var reference: RunSummary?
}

extension EngineMatrix {
    /// The matrix of several shards' `--json` documents (`conform --shard I/N [--engine …] --json`), as one
    /// unsharded run would have made it (`mergedRun`'s matrix).
    /// - Throws: `InputError` naming the file that is not such a document.
    public static func merged(_ documents: [(file: String, data: Data)]) throws(InputError) -> EngineMatrix {
        try mergedRun(documents).matrix
    }

    /// The run of several shards' `--json` documents, as one unsharded run would have made it: each engine's results
    /// gathered in the order the columns first appear, sorted by case, the seconds added up; an engine skipped in
    /// every shard stays skipped; the evidence of each case with a page. When the reference ran alone in the
    /// shards, also its run from their case records.
    /// - Throws: `InputError` naming the file that is not such a document.
    public static func mergedRun(_ documents: [(file: String, data: Data)]) throws(InputError) -> MergedRun {
        var order: [String] = []
        var versions: [String: String] = [:]
        var results: [String: [EngineCaseResult]] = [:]
        var skipped: [String: SkippedEngine] = [:]
        var seconds = 0.0
        var cases: [String: CaseEvidence] = [:]
        var outcomes: [CaseOutcome] = []
        for (file, data) in documents {
            let document: MatrixDocument
            try CaseLoader.checkNesting(data, file: file)
            do {
                document = try JSONDecoder().decode(MatrixDocument.self, from: data)
            } catch {
                throw InputError(file: file, decoding: error)
            }
            seconds += document.seconds
            for engine in document.engines {
                if !order.contains(engine.engine) { order.append(engine.engine) }
                if let version = engine.version { versions[engine.engine] = versions[engine.engine] ?? version }
            }
            for result in document.results {
                guard let verdict = result.caseVerdict else {
                    throw InputError(file: file, message: "unknown verdict '\(result.verdict)' of \(result.case)")
                }
                results[result.engine, default: []].append(
                    EngineCaseResult(
                        identifier: result.case, verdict: verdict, detail: result.detail, frames: result.frames?.frames,
                        seconds: result.seconds))
            }
            for entry in document.cases ?? [] {
                if let record = entry.record { outcomes.append(try CaseOutcome(record: record, file: file)) }
                if cases[entry.case] == nil, entry.hasEvidence {
                    cases[entry.case] = CaseEvidence(
                        identifier: entry.case, text: entry.json, expected: entry.expect,
                        tolerance: entry.tolerance ?? 0)
                }
            }
            for skip in document.skippedEngines {
                skipped[skip.engine] = SkippedEngine(engine: skip.engine, reason: skip.reason, isError: skip.isError)
            }
        }
        let columns = order.map { engine in
            EngineColumn(
                engine: engine, version: versions[engine],
                results: (results[engine] ?? []).sorted { $0.identifier < $1.identifier })
        }
        let stillSkipped = skipped.values.filter { !order.contains($0.engine) }.sorted { $0.engine < $1.engine }
        let matrix = EngineMatrix(
            columns: columns, skipped: stillSkipped, seconds: seconds,
            cases: cases.values.sorted { $0.identifier < $1.identifier })
        let alone = order == ["reference"] && outcomes.count == columns[0].results.count
        return MergedRun(
            matrix: matrix,
            reference: alone
                ? RunSummary(outcomes: outcomes.sorted { $0.identifier < $1.identifier }, seconds: seconds) : nil)
    }
}

private struct MatrixDocument: Codable {
    struct Engine: Codable {
        var engine: String
        var version: String?
        var passed, failed, errors, refused, known: Int
    }

    struct Skipped: Codable {
        var engine, reason: String
        var isError: Bool
    }

    struct Result: Codable {
        var engine, `case`, verdict: String
        var family, message, reason, detail: String?
        var frames: Answer?
        var seconds: Double
        /// An interop verdict's browsers (added after the first documents).
        var sidesWith: [String]?

        /// The verdict this entry was written from.
        var caseVerdict: EngineCaseResult.Verdict? {
            switch verdict {
            case "passed": .passed
            case "failed": .failed(message ?? "")
            case "error": .error(message ?? "")
            case "refused": .refused(message ?? "")
            case "known": .known(reason: reason ?? "", mismatch: message ?? "")
            case "n/a": .notApplicable
            case "interop": .interop(sidesWith: sidesWith ?? [])
            default: nil
            }
        }
    }

    /// An engine's answer as the document holds it: an undefined coordinate is `null` (`CanonicalJSON`), read back
    /// as NaN as an adapter's reply is (`SubprocessEngine.WireFrame`), so that its verdict survives a merge.
    struct Answer: Codable {
        var frames: [PeerFrame]

        init(_ frames: [PeerFrame]) { self.frames = frames }

        init(from decoder: any Decoder) throws {
            frames = try [SubprocessEngine.WireFrame](from: decoder).map(\.frame)
        }

        func encode(to encoder: any Encoder) throws { try frames.encode(to: encoder) }
    }

    /// A row of the matrix, each engine's counts in it.
    struct Row: Codable {
        struct Cell: Codable {
            var engine: String
            var passed, failed, errors, refused, known, total: Int
            /// Interop cases laid out, and the browsers sided with (`none` for none); absent without interop cases.
            var interop: Int?
            var sides: [String: Int]?
        }

        var row: String
        var cells: [Cell]
    }

    /// A case with a page on the dashboard (its evidence), or, when the reference ran alone, any case it ran (its
    /// `CaseRecord`, whose keys sit beside `case` in the same object).
    struct Case: Codable {
        var `case`: String
        var json: String?
        var expect: [PeerFrame]?
        var tolerance: Double?
        var record: CaseRecord?

        enum CodingKeys: String, CodingKey { case `case`, json, expect, tolerance }

        init(case identifier: String, evidence: CaseEvidence?, record: CaseRecord?) {
            self.case = identifier
            json = evidence?.text
            expect = evidence?.expected
            tolerance = evidence.flatMap { $0.tolerance > 0 ? $0.tolerance : nil }
            self.record = record
        }

        /// Whether the entry carries a dashboard page's evidence rather than a record alone.
        var hasEvidence: Bool { record == nil || json != nil || expect != nil }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            self.case = try container.decode(String.self, forKey: .case)
            json = try container.decodeIfPresent(String.self, forKey: .json)
            expect = try container.decodeIfPresent([PeerFrame].self, forKey: .expect)
            tolerance = try container.decodeIfPresent(Double.self, forKey: .tolerance)
            // A record is an entry with a status: the reference's own run.
            let recordKeys = try decoder.container(keyedBy: RecordKey.self)
            record = recordKeys.contains(.status) ? try CaseRecord(from: decoder) : nil
        }

        func encode(to encoder: any Encoder) throws {
            try record?.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(self.case, forKey: .case)
            try container.encodeIfPresent(json, forKey: .json)
            try container.encodeIfPresent(expect, forKey: .expect)
            try container.encodeIfPresent(tolerance, forKey: .tolerance)
        }

        private enum RecordKey: String, CodingKey { case status }
    }

    var line: String
    var exitCode: Int32
    var judgedAnything: Bool
    var seconds: Double
    var engines: [Engine]
    var skippedEngines: [Skipped]
    var results: [Result]
    /// Added after the first documents: absent from those, and recomputed from `results` when merging.
    var rows: [Row]?
    var cases: [Case]?
    /// The reference's totals, when it ran alone: passed, failed comparisons, unreadable cases.
    var passed, failed, errors: Int?

    init(_ matrix: EngineMatrix, reference: RunSummary?) {
        line = reference?.line ?? matrix.line
        exitCode = reference?.exitCode ?? matrix.exitCode
        judgedAnything = matrix.judgedAnything
        seconds = matrix.seconds
        engines = matrix.columns.map { column in
            let tally = column.tally()
            return Engine(
                engine: column.engine, version: column.version, passed: tally.passed, failed: tally.failed,
                errors: tally.errors, refused: tally.refused, known: tally.known)
        }
        skippedEngines = matrix.skipped.map { Skipped(engine: $0.engine, reason: $0.reason, isError: $0.isError) }
        results = matrix.columns.flatMap { column in
            column.results.map { result -> Result in
                let verdict: (name: String, message: String?, reason: String?)
                switch result.verdict {
                case .notApplicable: verdict = ("n/a", nil, nil)
                case .passed: verdict = ("passed", nil, nil)
                case .failed(let message): verdict = ("failed", message, nil)
                case .error(let message): verdict = ("error", message, nil)
                case .refused(let message): verdict = ("refused", message, nil)
                case .known(let reason, let mismatch): verdict = ("known", mismatch, reason)
                case .interop: verdict = ("interop", result.message, nil)
                }
                var sides: [String]?
                if case .interop(let browsers) = result.verdict { sides = browsers }
                return Result(
                    engine: column.engine, case: result.identifier, verdict: verdict.name, family: result.family,
                    message: verdict.message, reason: verdict.reason, detail: result.detail,
                    frames: result.frames.map(Answer.init),
                    seconds: result.seconds, sidesWith: sides)
            }.sorted { $0.case < $1.case }
        }
        rows = matrix.rows.map { row in
            Row(
                row: row.label,
                cells: matrix.columns.map { column in
                    let tally = column.tally(row)
                    return Row.Cell(
                        engine: column.engine, passed: tally.passed, failed: tally.failed, errors: tally.errors,
                        refused: tally.refused, known: tally.known, total: tally.total,
                        interop: tally.interop > 0 ? tally.interop : nil, sides: tally.interop > 0 ? tally.sides : nil)
                })
        }
        let evidence = Dictionary(matrix.cases.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
        guard let reference else {
            cases = matrix.cases.map { Case(case: $0.identifier, evidence: $0, record: nil) }
            return
        }
        let errors = reference.outcomes.count { $0.status == .error }
        (passed, failed, self.errors) = (reference.passed, reference.failed - errors, errors)
        cases = reference.outcomes.map { outcome in
            Case(case: outcome.identifier, evidence: evidence[outcome.identifier], record: CaseRecord(outcome))
        }
    }
}
