import ArgumentParser
import Conformance
import Foundation

/// Options shared by conform and record.
struct SuiteOptions: ParsableArguments {
    @Option(help: "The golden folder holding <suite>/<case>.json and .png.")
    var golden: String = "golden"

    @Option(help: "Only cases whose identifier (e.g. box/hbox-space) contains PATTERN, or matches it as a glob when it has * ? [.")
    var filter: String?

    func selectedCases(shard: CaseSelection.Shard? = nil) throws -> [String] {
        let selected = CaseSelection.select(try CaseSelection.discover(golden: golden), filter: filter, shard: shard)
        if selected.isEmpty, filter != nil {
            throw InputError(file: golden, message: "no case matches --filter '\(filter ?? "")'")
        }
        return selected
    }
}

struct ConformCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conform",
        abstract: "Run the conformance suite: geometry first, then pixels against the golden PNGs.",
        discussion: """
            Artifacts of failing cases go to ARTIFACTS/<case>.actual.png and .diff.png. The last line printed is \
            'N passed, N failed'. Exit code 0 when all pass, 1 when a comparison failed, 2 when a case or golden \
            could not be read. Never records goldens (see 'ristretto record'). With --engine, several engines side by \
            side, as an engine × suite matrix whose last line is 'N passed, N failed, N skipped' (docs/conformance.md).
            """)

    @OptionGroup var suite: SuiteOptions
    @Option(help: "Worker threads (default: all cores).")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount
    @Option(help: "Run only shard I of N (1-based, e.g. 2/4); the split is deterministic.")
    var shard: String?
    @Option(help: "Folder for actual and diff PNGs of failing cases.")
    var artifacts: String = "artifacts/conform"
    @Option(help: "Write a JUnit XML report to FILE.")
    var junit: String?
    @Option(help: "Write a self-contained HTML report into DIR (DIR/index.html).")
    var html: String?
    @Option(help: "Write a Markdown summary to FILE (for a CI step summary).")
    var markdown: String?
    @OptionGroup var fontOptions: FontOptions
    @OptionGroup var engineOptions: EngineOptions

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
    }

    func run() throws {
        let engines = try engineOptions.engines()
        let shard = try shard.map { text throws(InputError) in try CaseSelection.Shard(parsing: text) }
        let identifiers = try suite.selectedCases(shard: shard)
        // Any engine besides the reference alone: the engine × suite matrix (ConformCommand+Engines.swift).
        guard engines.map(\.name) == ["reference"] else { return try runEngines(engines, identifiers: identifiers) }
        let summary = Self.runReference(try referenceRunner(), identifiers: identifiers)
        if let junit { try AtomicFile.write(Data(Reports.junit(summary).utf8), to: junit) }
        if let markdown { try AtomicFile.write(Data(Reports.markdown(summary).utf8), to: markdown) }
        if let html {
            let page = Reports.html(summary) { FileManager.default.contents(atPath: $0) }
            try AtomicFile.write(Data(page.utf8), to: html + "/index.html")
        }
        print(summary.line)
        if summary.exitCode != 0 { throw ExitCode(summary.exitCode) }
    }

    func referenceRunner() throws -> ConformanceRunner {
        let fontPath = try FontLocator.locate(explicit: fontOptions.font, golden: suite.golden, near: nil)
        return ConformanceRunner(options: .init(golden: suite.golden, artifacts: artifacts, jobs: jobs, fontPath: fontPath))
    }

    /// The reference's full run (geometry, then pixels), with progress on a terminal; prints each case that did not pass.
    static func runReference(_ runner: ConformanceRunner, identifiers: [String]) -> RunSummary {
        let console = Console()
        let summary = runner.run(identifiers) { finished, outcome in
            console.progress(finished: finished, total: identifiers.count, outcome: outcome)
        }
        console.clearProgress()
        for outcome in summary.outcomes where outcome.status != .passed {
            print("\(outcome.status == .failed ? "FAIL" : "ERROR") \(outcome.identifier)")
            print(outcome.failureText.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n"))
        }
        return summary
    }
}

/// Progress on a terminal only, on one rewritten stderr line, so logs in CI stay clean.
final class Console: @unchecked Sendable {
    private let lock = NSLock()
    private let isTerminal = isatty(STDERR_FILENO) == 1
    private var lastDraw = Date.distantPast

    func progress(finished: Int, total: Int, outcome: CaseOutcome) {
        guard isTerminal else { return }
        lock.withLock {
            guard finished == total || Date().timeIntervalSince(lastDraw) > 0.1 else { return }
            lastDraw = Date()
            FileHandle.standardError.write(Data("\r\u{1B}[K[\(finished)/\(total)] \(outcome.identifier)".utf8))
        }
    }

    func clearProgress() {
        guard isTerminal else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
    }
}

struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Regenerate golden PNGs on purpose.",
        discussion: """
            Writes are atomic (temporary file, then rename). Prints each file as created, updated, unchanged or \
            skipped. Never records a case whose layout, expectations or render failed. Refuses to run when CI=true \
            unless --force. Exit code 2 when any case could not be recorded.
            """)

    @OptionGroup var suite: SuiteOptions
    @Flag(help: "Only record cases that have no PNG yet.")
    var missingOnly = false
    @Flag(help: "Record even when CI=true.")
    var force = false
    @OptionGroup var fontOptions: FontOptions

    func run() throws {
        if ProcessInfo.processInfo.environment["CI"] == "true", !force {
            throw InputError(file: suite.golden, message: "refusing to record goldens in CI (CI=true); pass --force if you really mean it")
        }
        let fontPath = try FontLocator.locate(explicit: fontOptions.font, golden: suite.golden, near: nil)
        let recorder = Recorder(golden: suite.golden, fontPath: fontPath)
        var counts: [Recorder.Change: Int] = [:]
        var problems = 0
        for identifier in try suite.selectedCases() {
            let entry = recorder.record(identifier, missingOnly: missingOnly)
            if let change = entry.change {
                counts[change, default: 0] += 1
                if change == .created || change == .updated { print("\(change.rawValue): \(entry.goldenPNG)") }
            } else {
                problems += 1
                FileHandle.standardError.write(Data("error: \(identifier): \(entry.problem ?? "unknown")\n".utf8))
            }
        }
        print("\(counts[.created, default: 0]) created, \(counts[.updated, default: 0]) updated, \(counts[.unchanged, default: 0]) unchanged, \(counts[.skipped, default: 0]) skipped, \(problems) not recorded")
        if problems > 0 { throw ExitCode(2) }
    }
}
