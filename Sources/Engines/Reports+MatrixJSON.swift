import CanonicalJSON
import Conformance
import Foundation

extension Reports {
    /// `conform --engine … --json FILE`: every engine × case verdict, for tools and for `ristretto merge`.
    /// `{"line", "exitCode", "judgedAnything", "seconds", "engines": [{"engine", "version", "passed", "failed",
    /// "errors", "refused", "known"}], "skippedEngines": [{"engine", "reason", "isError"}], "results": [{"engine",
    /// "case", "verdict", "message"?, "reason"?, "detail"?, "seconds"}]}`, results in column order, then by case;
    /// `verdict` is passed, failed, error, refused, known or n/a. The same run gives the same document apart from
    /// the `seconds`.
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
                        identifier: result.case, verdict: verdict, detail: result.detail, seconds: result.seconds))
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
        return EngineMatrix(columns: columns, skipped: stillSkipped, seconds: seconds)
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
        var message, reason, detail: String?
        var seconds: Double

        /// The verdict this entry was written from.
        var caseVerdict: EngineCaseResult.Verdict? {
            switch verdict {
            case "passed": .passed
            case "failed": .failed(message ?? "")
            case "error": .error(message ?? "")
            case "refused": .refused(message ?? "")
            case "known": .known(reason: reason ?? "", mismatch: message ?? "")
            case "n/a": .notApplicable
            default: nil
            }
        }
    }

    var line: String
    var exitCode: Int32
    var judgedAnything: Bool
    var seconds: Double
    var engines: [Engine]
    var skippedEngines: [Skipped]
    var results: [Result]

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
                }
                return Result(
                    engine: column.engine, case: result.identifier, verdict: verdict.name, message: verdict.message,
                    reason: verdict.reason, detail: result.detail, seconds: result.seconds)
            }.sorted { $0.case < $1.case }
        }
    }
}
