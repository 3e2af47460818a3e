import ArgumentParser
import Benchmarking
import CaseIO
import Causes
import Conformance
import Engines
import Foundation
import Gentest
import Judging

extension ConformCommand {
    /// `--engine` naming anything besides the reference alone: every engine on every selected case at once, then the
    /// engine × suite matrix on the console and in the reports (docs/conformance.md). The reference runs in full
    /// (geometry and pixels); peers are judged on box geometry only.
    func runEngines(_ engines: [EngineChoice], identifiers: [String]) throws {
        let runner =
            try engines.contains { if case .reference = $0 { true } else { false } }
            ? referenceRunner(identifiers: identifiers) : nil
        let knownFailures = try engineOptions.peers.loadKnownFailures(golden: suite.golden)
        let conformance = PeerConformance(golden: suite.golden, knownFailures: knownFailures)
        let referenceRun = ReferenceRun()
        var matrix = runEngineMatrix(engines, identifiers: identifiers, conformance: conformance) {
            // Only called for the reference, which exists exactly when `runner` does.
            let summary = Self.runReference(runner!, identifiers: identifiers)
            referenceRun.summary = summary
            return EngineColumn(referenceRun: summary)
        }
        // Where all three browsers fail a suite's numbers alike, the numbers are stale, and the verdicts say so.
        matrix.markStaleExpectations(golden: suite.golden)
        // The dashboard's case pages, and the --json that `merge` draws them from, show each case that did not pass.
        if html != nil || json != nil { matrix.gatherEvidence(golden: suite.golden) }
        MatrixOutput.printVerdicts(matrix)
        let recorded = try reviewKnownFailures(matrix, entries: knownFailures)
        let output = MatrixOutput(junit: junit, markdown: markdown, html: html, json: json)
        try output.finish(matrix, reference: referenceRun.summary)
        // Failures that --update-known-failures just recorded are known from now on; errors still fail the run.
        let exitCode = recorded && matrix.exitCode == 1 ? 0 : matrix.exitCode
        if exitCode != 0 { throw ExitCode(exitCode) }
    }

    /// Prints each peer's stale known failures (entries whose cases all passed) and, with `--update-known-failures`,
    /// rewrites the lists of the engines that ran. Returns whether the lists were rewritten.
    private func reviewKnownFailures(_ matrix: EngineMatrix, entries: [KnownFailure]) throws -> Bool {
        let directory = engineOptions.peers.knownFailuresDirectory(golden: suite.golden)
        var reviews: [KnownFailures.Review] = []
        for column in matrix.columns where column.engine != "reference" {
            let review = KnownFailures.review(column, entries: entries)
            for entry in review.stale {
                print(
                    "STALE \(column.engine) \(entry.case): a known failure that now passes (remove it from \(directory)/\(column.engine).json, or run conform --update-known-failures)"
                )
            }
            reviews.append(review)
        }
        guard updateKnownFailures else {
            let stale = reviews.reduce(0) { $0 + $1.stale.count }
            let new = reviews.reduce(0) { $0 + $1.new.count }
            if stale + new > 0 {
                print(
                    "known failures: \(new) new failure(s), \(stale) stale entr\(stale == 1 ? "y" : "ies") (conform --update-known-failures rewrites the lists)"
                )
            }
            return false
        }
        for review in reviews {
            try KnownFailures.update(review, entries: entries, directory: directory)
            print(
                "updated \(directory)/\(review.engine).json: \(review.new.count) added, \(review.stale.count) removed")
        }
        return true
    }
}

/// What `conform --engine` and `merge` print and write for an engine matrix, in one place, so that a merged run's
/// output equals an unsharded one's.
struct MatrixOutput {
    var junit: String?
    var markdown: String?
    var html: String?
    var json: String?

    /// A line per peer case that failed, could not be read or failed in a known way, then the skipped engines.
    static func printVerdicts(_ matrix: EngineMatrix) {
        for column in matrix.columns where column.engine != "reference" {
            for result in column.results {
                switch result.verdict {
                case .failed(let message): print("FAIL \(column.engine) \(result.identifier): \(message)")
                case .error(let message): print("ERROR \(column.engine) \(result.identifier): \(message)")
                case .known(let reason, let mismatch):
                    print("KNOWN \(column.engine) \(result.identifier): \(mismatch)\n  known difference: \(reason)")
                case .passed, .refused, .notApplicable, .interop: continue
                }
            }
        }
        for skipped in matrix.skipped { print(skipped.line) }
    }

    /// The table, each engine's version, the reports, and the contract's last line.
    func finish(_ matrix: EngineMatrix, reference: RunSummary?) throws {
        print("\n" + Reports.matrixTable(matrix) + "\n")
        for column in matrix.columns { print("\(column.engine): \(column.version ?? "")") }
        try write(matrix, reference: reference)
        print(matrix.line)
        if !matrix.judgedAnything {
            FileHandle.standardError.write(
                Data("error: no requested engine judged any case (missing engines, or no case they judge)\n".utf8))
        }
    }

    /// JUnit, Markdown and JSON get the matrix; DIR gets the dashboard (DIR/index.html, a page per case that did
    /// not pass under DIR/cases/, their pictures drawn by GDRender), and the reference's own page with its PNGs goes
    /// next to it as DIR/reference.html, linked from the reference's column (when the reference ran here).
    func write(_ matrix: EngineMatrix, reference: RunSummary?) throws {
        if let junit { try AtomicFile.write(Data(Reports.junit(matrix).utf8), to: junit) }
        if let markdown { try AtomicFile.write(Data(Reports.markdown(matrix).utf8), to: markdown) }
        if let json { try AtomicFile.write(try Reports.json(matrix, reference: reference), to: json) }
        guard let html else { return }
        var links: [String: String] = [:]
        if let reference {
            let page = Reports.html(reference) { FileManager.default.contents(atPath: $0) }
            try AtomicFile.write(Data(page.utf8), to: html + "/reference.html")
            links["reference"] = "reference.html"
        }
        // An engine whose causes `ristretto explain --html` wrote into the same folder links to its page.
        for column in matrix.columns where links[column.engine] == nil {
            let page = CauseReport.pagePath(engine: column.engine)
            if FileManager.default.fileExists(atPath: html + "/" + page) { links[column.engine] = page }
        }
        try Reports.writeSite(matrix, to: html, engineLinks: links) { $0.png }
    }
}

/// Hands the reference's summary from its worker thread to the report writer.
private final class ReferenceRun: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: RunSummary?

    var summary: RunSummary? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
