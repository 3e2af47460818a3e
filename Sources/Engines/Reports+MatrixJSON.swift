import CanonicalJSON
import Conformance
import Foundation

extension Reports {
    /// `conform --engine … --json FILE`: every engine × case verdict, for tools and for `ristretto merge`.
    /// `{"line", "exitCode", "judgedAnything", "seconds", "engines": [{"engine", "version", "passed", "failed",
    /// "errors", "refused", "known"}], "skippedEngines": [{"engine", "reason", "isError"}], "results": [{"engine",
    /// "case", "family"?, "verdict", "message"?, "reason"?, "detail"?, "frames"?, "seconds"}], "rows": [{"row",
    /// "cells": [{"engine", "passed", "failed", "errors", "refused", "known", "total"}]}], "cases": [{"case",
    /// "json"?, "expect"?, "tolerance"?}]}`, results in column order, then by case; `verdict` is passed, failed,
    /// error, refused, known or n/a; `frames` are what the engine answered where they differ from the expectation;
    /// `rows` is the matrix as the console prints it; `cases` holds each case some engine did not pass (its file
    /// and expected frames), for the dashboard. The same run gives the same document apart from the `seconds`.
    public static func json(_ matrix: EngineMatrix) throws -> Data {
        try JSONOutput.encode(MatrixDocument(matrix))
    }
}

extension EngineMatrix {
    /// The matrix of several shards' `--json` documents (`conform --shard I/N --engine … --json`), as one unsharded
    /// run would have made it: each engine's results gathered in the order the columns first appear, sorted by case,
    /// the seconds added up; an engine skipped in every shard stays skipped.
    /// - Throws: `InputError` naming the file that is not such a document.
    public static func merged(_ documents: [(file: String, data: Data)]) throws(InputError) -> EngineMatrix {
        var order: [String] = []
        var versions: [String: String] = [:]
        var results: [String: [EngineCaseResult]] = [:]
        var skipped: [String: SkippedEngine] = [:]
        var seconds = 0.0
        var cases: [String: CaseEvidence] = [:]
        for (file, data) in documents {
            let document: MatrixDocument
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
                        identifier: result.case, verdict: verdict, detail: result.detail, frames: result.frames,
                        seconds: result.seconds))
            }
            for evidence in document.cases ?? [] where cases[evidence.case] == nil {
                cases[evidence.case] = CaseEvidence(
                    identifier: evidence.case, text: evidence.json, expected: evidence.expect,
                    tolerance: evidence.tolerance ?? 0)
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
        return EngineMatrix(
            columns: columns, skipped: stillSkipped, seconds: seconds,
            cases: cases.values.sorted { $0.identifier < $1.identifier })
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
        var frames: [PeerFrame]?
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

    /// A case with a page on the dashboard.
    struct Case: Codable {
        var `case`: String
        var json: String?
        var expect: [PeerFrame]?
        var tolerance: Double?
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

    init(_ matrix: EngineMatrix) {
        line = matrix.line
        exitCode = matrix.exitCode
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
                    message: verdict.message, reason: verdict.reason, detail: result.detail, frames: result.frames,
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
        cases = matrix.cases.map { evidence in
            Case(
                case: evidence.identifier, json: evidence.text, expect: evidence.expected,
                tolerance: evidence.tolerance > 0 ? evidence.tolerance : nil)
        }
    }
}
