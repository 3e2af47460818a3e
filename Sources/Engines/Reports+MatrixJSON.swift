import CanonicalJSON
import Conformance
import Foundation

extension Reports {
    /// `conform --engine … --json FILE`: every engine × case verdict, for tools. `{"line", "exitCode",
    /// "judgedAnything", "engines": [{"engine", "version", "passed", "failed", "errors", "refused", "known"}],
    /// "skippedEngines": [{"engine", "reason", "isError"}], "results": [{"engine", "case", "verdict", "message"?,
    /// "reason"?, "seconds"}]}`, results sorted by engine then case; not-applicable cases are left out. The same run
    /// gives the same document apart from the `seconds`.
    public static func json(_ matrix: EngineMatrix) throws -> Data {
        try JSONOutput.encode(MatrixDocument(matrix))
    }
}

private struct MatrixDocument: Encodable {
    struct Engine: Encodable {
        var engine: String
        var version: String?
        var passed, failed, errors, refused, known: Int
    }

    struct Skipped: Encodable {
        var engine, reason: String
        var isError: Bool
    }

    struct Result: Encodable {
        var engine, `case`, verdict: String
        var message, reason: String?
        var seconds: Double
    }

    var line: String
    var exitCode: Int32
    var judgedAnything: Bool
    var engines: [Engine]
    var skippedEngines: [Skipped]
    var results: [Result]

    init(_ matrix: EngineMatrix) {
        line = matrix.line
        exitCode = matrix.exitCode
        judgedAnything = matrix.judgedAnything
        engines = matrix.columns.map { column in
            let tally = column.tally()
            return Engine(
                engine: column.engine, version: column.version, passed: tally.passed, failed: tally.failed,
                errors: tally.errors, refused: tally.refused, known: tally.known)
        }
        skippedEngines = matrix.skipped.map { Skipped(engine: $0.engine, reason: $0.reason, isError: $0.isError) }
        results = matrix.columns.flatMap { column in
            column.results.compactMap { result -> Result? in
                let verdict: (name: String, message: String?, reason: String?)
                switch result.verdict {
                case .notApplicable: return nil
                case .passed: verdict = ("passed", nil, nil)
                case .failed(let message): verdict = ("failed", message, nil)
                case .error(let message): verdict = ("error", message, nil)
                case .refused(let message): verdict = ("refused", message, nil)
                case .known(let reason, let mismatch): verdict = ("known", mismatch, reason)
                }
                return Result(
                    engine: column.engine, case: result.identifier, verdict: verdict.name, message: verdict.message,
                    reason: verdict.reason, seconds: result.seconds)
            }
        }.sorted { ($0.engine, $0.case) < ($1.engine, $1.case) }
    }
}
