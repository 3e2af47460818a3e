import Foundation
import RistrettoKit
import Testing

/// `expectConforms(_:_:knownFailures:artifacts:sourceLocation:)` under its former label, kept for dependents.
@available(*, deprecated, renamed: "expectConforms(_:_:knownFailures:artifacts:sourceLocation:)")
public func expectConforms(
    _ engine: any InProcessLayoutEngine, _ corpusCase: CorpusCase, expectations: [KnownFailure],
    artifacts: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    try expectConforms(
        engine, corpusCase, knownFailures: expectations, artifacts: artifacts, sourceLocation: sourceLocation)
}

/// Judges `engine` on one corpus case inside a Swift Testing test, as `ristretto conform --engine` does, and records
/// what it finds as issues naming the case and the node:
///
/// ```swift
/// @Test(arguments: try Corpus(golden: "golden").cases(matching: "flex/align-*"))
/// func conforms(_ corpusCase: CorpusCase) throws {
///     try expectConforms(MyEngine(), corpusCase, knownFailures: knownFailures, artifacts: "artifacts/my-engine")
/// }
/// ```
///
/// - Passed: nothing is recorded; a known failure of the engine that covers the case is recorded as a warning
///   (stale: remove it), which does not fail the test.
/// - Failed: one issue per node whose frame differs, `flex/x: node [1] "b": expected x 10, …; got x 11, … (x
///   differs)`; an engine that threw instead records the error. With `artifacts` set, the case's page with the
///   expectation and the engine's frames side by side is written there first, and each issue names it.
/// - Known (a failure that `knownFailures` covers): the same issues, recorded as known issues with the entry's reason,
///   so the test does not fail.
/// - Refused, not applicable (chart and scene cases), interop (no single answer): the test case is cancelled with
///   the reason (Swift Testing reports it as skipped), never failed.
/// - Error (the case file cannot be read): an issue naming the file.
///
/// - Throws: only the cancellation of a skipped test case.
public func expectConforms(
    _ engine: any InProcessLayoutEngine, _ corpusCase: CorpusCase, knownFailures: [KnownFailure] = [],
    artifacts: String? = nil, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let result = CorpusRunner(knownFailures: knownFailures).judge(engine, corpusCase)
    let name = "\(result.identifier) (\(engine.name))"
    switch result.verdict {
    case .passed:
        for entry in result.staleKnownFailures {
            Issue.record(
                "\(name): STALE: the known failure '\(entry.case)' (\(entry.reason)) now passes; remove it",
                severity: .warning, sourceLocation: sourceLocation)
        }
    case .failed(let message):
        recordMismatches(result, name: name, message: message, artifacts: artifacts, sourceLocation: sourceLocation)
    case .known(let reason, let mismatch):
        withKnownIssue(Comment(rawValue: "known failure: \(reason)")) {
            recordMismatches(
                result, name: name, message: mismatch, artifacts: artifacts, sourceLocation: sourceLocation)
        }
    case .error(let message):
        Issue.record("\(name): the case could not be read: \(message)", sourceLocation: sourceLocation)
    case .refused(let reason):
        try Test.cancel("\(name): refused: \(reason)", sourceLocation: sourceLocation)
    case .notApplicable:
        try Test.cancel(
            "\(name): not an engine's case (engines are judged on box and flex geometry)",
            sourceLocation: sourceLocation)
    case .interop(let browsers):
        let sides = browsers.isEmpty ? "no browser" : browsers.joined(separator: ", ")
        try Test.cancel(
            "\(name): an interop case (the browsers disagree), not judged; sides with \(sides)",
            sourceLocation: sourceLocation)
    }
}

/// One issue per differing node (or the engine's failure when it gave no frames), each naming the evidence page
/// when it could be written.
private func recordMismatches(
    _ result: ConformanceResult, name: String, message: String, artifacts: String?, sourceLocation: SourceLocation
) {
    var evidence = ""
    if let artifacts {
        do {
            evidence = "\nframes side by side: " + (try result.writeEvidence(to: artifacts))
        } catch {
            evidence = "\nthe frames could not be drawn: \(error)"
        }
    }
    guard !result.mismatches.isEmpty else {
        Issue.record("\(name): \(message)\(evidence)", sourceLocation: sourceLocation)
        return
    }
    for node in result.mismatches {
        Issue.record("\(name): \(node)\(evidence)", sourceLocation: sourceLocation)
    }
}

extension CorpusCase: CustomTestStringConvertible {
    /// The identifier, `flex/align-content-center`, as the test's argument is shown.
    public var testDescription: String { identifier }
}
