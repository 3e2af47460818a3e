import ArgumentParser
import CaseIO
import Conformance
import Engines
import Foundation
import Gentest
import Judging

/// Options shared by conform and record.
struct SuiteOptions: ParsableArguments {
    @Option(help: "The golden folder holding <suite>/<case>.json and .png.")
    var golden: String = "golden"

    @Option(
        help:
            "Only cases whose identifier (e.g. box/linear-space) contains PATTERN, or matches it as a glob when it has * ? [ (e.g. 'box/linear-*')."
    )
    var filter: String?

    /// The cases to run. A folder without cases, or a filter that matches none, is an error (exit 2), so that a
    /// misconfigured CI job cannot pass by running nothing; an empty shard of a non-empty selection is not.
    func selectedCases(shard: CaseSelection.Shard? = nil) throws -> [String] {
        let discovered = try CaseSelection.discover(golden: golden)
        guard !discovered.isEmpty else {
            throw InputError(
                file: golden, message: "no case found (expected <suite>/<case>.json files in the golden folder)")
        }
        let filtered = CaseSelection.select(discovered, filter: filter, shard: nil)
        if filtered.isEmpty {
            throw InputError(file: golden, message: "no case matches --filter '\(filter ?? "")'")
        }
        return CaseSelection.select(filtered, filter: nil, shard: shard)
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
    @Option(help: "Worker threads.")
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount
    @Option(help: "Run only shard I of N (1-based, e.g. 2/4); the split is deterministic.")
    var shard: String?
    @Option(help: "Folder for actual and diff PNGs of failing cases.")
    var artifacts: String = "artifacts/conform"
    @Option(help: "Write a JUnit XML report to FILE.")
    var junit: String?
    @Option(help: "Write an HTML report into DIR (DIR/index.html); with --engine, the engine dashboard.")
    var html: String?
    @Option(help: "Write a Markdown summary to FILE (for a CI step summary).")
    var markdown: String?
    @Option(
        help:
            "Write machine-readable results to FILE as JSON (per case: status, seconds, messages, pixel counts, artifact paths; plus totals), in the schema 'ristretto merge' reads (docs/cli.md \"JSON output\")."
    )
    var json: String?
    @OptionGroup var fontOptions: FontOptions
    @OptionGroup var engineOptions: EngineOptions
    @Flag(
        name: [.customLong("update-known-failures"), .customLong("update-known")],
        help:
            "With --engine: rewrite each peer's known failures (known-failures/<engine>.json): drop entries that now pass, add new failures (--update-known: its former name)."
    )
    var updateKnownFailures = false

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        if updateKnownFailures, (try? engineOptions.engines().map(\.name)) == ["reference"] {
            throw ValidationError("--update-known-failures needs --engine with at least one peer")
        }
    }

    func run() throws {
        let engines = try engineOptions.engines()
        let shard = try shard.map { text throws(InputError) in try CaseSelection.Shard(parsing: text) }
        let identifiers = try suite.selectedCases(shard: shard)
        // Any engine besides the reference alone: the engine × suite matrix (ConformCommand+Engines.swift).
        guard engines.map(\.name) == ["reference"] else { return try runEngines(engines, identifiers: identifiers) }
        let summary = Self.runReference(try referenceRunner(identifiers: identifiers), identifiers: identifiers)
        if let junit { try AtomicFile.write(Data(Reports.junit(summary).utf8), to: junit) }
        if let markdown { try AtomicFile.write(Data(Reports.markdown(summary).utf8), to: markdown) }
        if let json {
            // The schema of `conform --engine … --json`, so that `ristretto merge` takes these shards too.
            var matrix = EngineMatrix(columns: [EngineColumn(referenceRun: summary)], seconds: summary.seconds)
            matrix.gatherEvidence(golden: suite.golden)
            try AtomicFile.write(try Reports.json(matrix, reference: summary), to: json)
        }
        if let html {
            let page = Reports.html(summary) { FileManager.default.contents(atPath: $0) }
            try AtomicFile.write(Data(page.utf8), to: html + "/index.html")
        }
        let interop = summary.interop
        if interop.judged > 0 {
            print(
                "interop: the reference sides with at least one browser on \(interop.sided) of \(interop.judged) cases")
        }
        print(summary.line)
        if summary.exitCode != 0 { throw ExitCode(summary.exitCode) }
    }

    /// The reference's runner, with its known failures (known-failures/reference.json) for `identifiers`.
    func referenceRunner(identifiers: [String]) throws -> ConformanceRunner {
        let font = try fontOptions.choice(golden: suite.golden)
        var options = ConformanceRunner.Options(golden: suite.golden, artifacts: artifacts, jobs: jobs, font: font)
        let entries = try engineOptions.peers.loadKnownFailures(golden: suite.golden)
        for identifier in identifiers {
            options.knownFailures[identifier] = KnownFailure.reason(
                in: entries, engine: "reference", caseName: identifier)
        }
        return ConformanceRunner(options: options)
    }

    /// The reference's full run (geometry, then pixels), with progress on a terminal; prints each case that did not pass.
    static func runReference(_ runner: ConformanceRunner, identifiers: [String]) -> RunSummary {
        let console = Console()
        let summary = runner.run(identifiers) { finished, outcome in
            console.progress(finished: finished, total: identifiers.count, outcome: outcome)
        }
        console.clearProgress()
        for outcome in summary.outcomes where outcome.status == .failed || outcome.status == .error {
            print("\(outcome.status == .failed ? "FAIL" : "ERROR") \(outcome.identifier)")
            print(
                outcome.failureText.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(
                    separator: "\n"))
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
        abstract: "Regenerate golden PNGs, or with --update-expect the expected geometry of box cases, on purpose.",
        discussion: """
            Writes are atomic (temporary file, then rename). Prints 'created: PATH' or 'updated: PATH' for each PNG \
            written and 'skipped: CASE (why)' for each geometry-only case, then 'N created, N updated, N unchanged, \
            N skipped, N not recorded'. Never records a case whose layout, expectations or render failed. \
            --update-expect rewrites the 'expect' of box cases from the reference layout instead, splicing the new \
            value into the file (the rest stays byte-identical); it prints 'CASE: node [1]: x 44 → 46' per change \
            and 'skipped: CASE (why)' for a box case without an expect, then 'N updated, N unchanged, N skipped, \
            N not box cases, N not updated'. Refuses to run in CI (CI set to anything but empty, false or 0) \
            unless --force. Exit code 2 when any case could not be recorded or updated.
            """)

    @OptionGroup var suite: SuiteOptions
    @Flag(help: "Only record cases that have no PNG yet.")
    var missingOnly = false
    @Flag(help: "Rewrite the expect of the selected box cases from the reference layout instead of recording PNGs.")
    var updateExpect = false
    @Flag(help: "Record even in CI.")
    var force = false
    @OptionGroup var fontOptions: FontOptions

    func validate() throws {
        if updateExpect, missingOnly { throw ValidationError("--missing-only has no effect with --update-expect") }
    }

    func run() throws {
        let environment = ProcessInfo.processInfo.environment
        if Recorder.isContinuousIntegration(environment), !force {
            throw InputError(
                file: suite.golden,
                message:
                    "refusing to record goldens in CI (CI=\(environment["CI"] ?? "")); pass --force if you really mean it"
            )
        }
        let font = try fontOptions.choice(golden: suite.golden)
        let identifiers = try suite.selectedCases()
        let problems = updateExpect ? updateExpectations(identifiers, font: font) : recordPNGs(identifiers, font: font)
        if problems > 0 { throw ExitCode(2) }
    }

    /// Records PNGs; returns how many cases could not be recorded.
    func recordPNGs(_ identifiers: [String], font: FontChoice) -> Int {
        let recorder = Recorder(golden: suite.golden, font: font)
        var counts: [Recorder.Change: Int] = [:]
        var problems = 0
        for identifier in identifiers {
            let entry = recorder.record(identifier, missingOnly: missingOnly)
            guard let change = entry.change else {
                problems += 1
                Self.reportProblem(identifier, entry.problem)
                continue
            }
            counts[change, default: 0] += 1
            if change == .created || change == .updated { print("\(change.rawValue): \(entry.goldenPNG)") }
            if change == .skipped, !missingOnly, let note = entry.note { print("skipped: \(identifier) (\(note))") }
        }
        print(
            "\(counts[.created, default: 0]) created, \(counts[.updated, default: 0]) updated, \(counts[.unchanged, default: 0]) unchanged, \(counts[.skipped, default: 0]) skipped, \(problems) not recorded"
        )
        return problems
    }

    /// Rewrites `expect` values; returns how many cases could not be updated.
    func updateExpectations(_ identifiers: [String], font: FontChoice) -> Int {
        let updater = ExpectUpdater(golden: suite.golden, font: font)
        var counts: [ExpectUpdater.Change: Int] = [:]
        var problems = 0
        for identifier in identifiers {
            let entry = updater.update(identifier)
            guard let change = entry.change else {
                problems += 1
                Self.reportProblem(identifier, entry.problem)
                continue
            }
            counts[change, default: 0] += 1
            for difference in entry.differences { print("\(identifier): \(difference)") }
            if change == .skipped { print("skipped: \(identifier) (\(entry.note ?? "skipped"))") }
        }
        print(
            "\(counts[.updated, default: 0]) updated, \(counts[.unchanged, default: 0]) unchanged, \(counts[.skipped, default: 0]) skipped, \(counts[.notBoxCase, default: 0]) not box cases, \(problems) not updated"
        )
        return problems
    }

    static func reportProblem(_ identifier: String, _ problem: String?) {
        FileHandle.standardError.write(Data("error: \(identifier): \(problem ?? "unknown")\n".utf8))
    }
}
