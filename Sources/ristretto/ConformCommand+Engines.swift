import ArgumentParser
import Benchmarking
import Conformance
import Engines
import Foundation
import Gentest

extension ConformCommand {
    /// `--engine` naming anything besides the reference alone: every engine on every selected case at once, then the
    /// engine × suite matrix on the console and in the reports (docs/conformance.md). The reference runs in full
    /// (geometry and pixels); peers are judged on box geometry only.
    func runEngines(_ engines: [EngineChoice], identifiers: [String]) throws {
        let runner = try engines.contains { if case .reference = $0 { true } else { false } } ? referenceRunner() : nil
        let conformance = PeerConformance(
            golden: suite.golden, knownDifferences: try engineOptions.peers.loadKnownDifferences())
        let referenceRun = ReferenceRun()
        let matrix = runEngineMatrix(engines, identifiers: identifiers, conformance: conformance) {
            // Only called for the reference, which exists exactly when `runner` does.
            let summary = Self.runReference(runner!, identifiers: identifiers)
            referenceRun.summary = summary
            return EngineColumn(referenceRun: summary)
        }
        for column in matrix.columns where column.engine != "reference" {
            for result in column.results {
                switch result.verdict {
                case .failed(let message): print("FAIL \(column.engine) \(result.identifier): \(message)")
                case .error(let message): print("ERROR \(column.engine) \(result.identifier): \(message)")
                case .known(let reason, let mismatch):
                    print("KNOWN \(column.engine) \(result.identifier): \(mismatch)\n  known difference: \(reason)")
                case .passed, .refused, .notApplicable: continue
                }
            }
        }
        for skipped in matrix.skipped { print(skipped.line) }
        print("\n" + Reports.matrixTable(matrix) + "\n")
        for column in matrix.columns { print("\(column.engine): \(column.version ?? "")") }
        try writeReports(matrix, reference: referenceRun.summary)
        print(matrix.line)
        if matrix.exitCode != 0 { throw ExitCode(matrix.exitCode) }
    }

    /// JUnit and Markdown get the matrix; the HTML page is the matrix, and the reference's own page with its PNGs goes
    /// next to it as DIR/reference.html, linked from the reference's column.
    private func writeReports(_ matrix: EngineMatrix, reference: RunSummary?) throws {
        if let junit { try AtomicFile.write(Data(Reports.junit(matrix).utf8), to: junit) }
        if let markdown { try AtomicFile.write(Data(Reports.markdown(matrix).utf8), to: markdown) }
        guard let html else { return }
        var links: [String: String] = [:]
        if let reference {
            let page = Reports.html(reference) { FileManager.default.contents(atPath: $0) }
            try AtomicFile.write(Data(page.utf8), to: html + "/reference.html")
            links["reference"] = "reference.html"
        }
        try AtomicFile.write(Data(Reports.html(matrix, engineLinks: links).utf8), to: html + "/index.html")
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
