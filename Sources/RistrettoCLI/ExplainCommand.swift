import ArgumentParser
import BoxLayout
import CaseIO
import Causes
import Conformance
import Engines
import Flexbox
import Foundation
import Gentest
import Judging

/// `ristretto explain --engine E`: why an engine fails, as causes (docs/causes.md). Each failure on a flex case is
/// shrunk to a minimal case, the minimal cases are grouped by signature, and the groups are matched with the findings
/// people named in `<golden>/flex/findings/<engine>/`.
struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Reduce an engine's failures on flex cases to causes, each with a minimal case.",
        discussion: """
            Prints per engine a summary, one line per cause (failures, name, signature), the findings the engine no \
            longer fails, and its known failures that no named cause explains; the last line counts them over every \
            engine. Exit 0, or 2 for bad input or an engine that is not installed (docs/cli.md).
            """)

    @Option(help: "Comma-separated engines to explain: peer names (yoga, taffy, servo, …) or PATHs to adapters.")
    var engine: String
    @Option(help: "The golden folder holding <suite>/<case>.json.")
    var golden: String = "golden"
    @Option(help: "Only the cases whose identifier contains PATTERN, or matches it as a glob.")
    var filter: String?
    @Option(
        help: "A 'conform --engine … --json' file: explain only the cases it lists as failed or known for the engine.")
    var matrix: String?
    @Option(
        help:
            "What judges a shrunk case: chromium (default) or reference (faster; its causes are then confirmed by the browsers)."
    )
    var oracle: String = "chromium"
    @Option(help: "The most candidates the shrinker tries per failure.")
    var shrinkBudget: Int = 600
    @Option(help: "Reduce at most N failures per engine, evenly spread over them (default: all).")
    var limit: Int?
    @Option(
        help:
            "The findings folder, holding <engine>/<cause>.json and the findings that list the engine (default: flex/findings in --golden)."
    )
    var findings: String?
    @Flag(help: "Do not ask the three browsers to answer each cause's minimal case.")
    var noConfirm = false
    @Flag(help: "Write each explained entry's cause into <golden>/known-failures/<engine>.json.")
    var updateKnownFailures = false
    @Option(help: "Write each cause's minimal case to DIR/<engine>/<cause>.json, for a person to name and explain.")
    var candidates: String?
    @Option(help: "Write the causes to FILE as JSON.")
    var json: String?
    @Option(help: "Write the causes to FILE as Markdown.")
    var markdown: String?
    @Option(help: "Write a page per engine into DIR/causes/<engine>/ (the dashboard's folder).")
    var html: String?
    @Option(help: "Where the named peer adapters live (default: tools/engines/.local/bin of this checkout).")
    var enginesDirectory: String?

    func validate() throws {
        guard ["chromium", "reference"].contains(oracle) else {
            throw ValidationError("--oracle: unknown value '\(oracle)' (allowed: chromium, reference)")
        }
        guard shrinkBudget >= 0 else { throw ValidationError("--shrink-budget must be 0 or more") }
        if let limit, limit < 0 { throw ValidationError("--limit must be 0 or more") }
    }

    func run() throws {
        let directory = PeerOptions.adapterDirectory(enginesDirectory)
        let choices = try EngineCatalogue.parse(engine, adapterDirectory: directory)
        let peers = try choices.map { choice throws(InputError) -> PeerEngine in
            guard case .peer(let peer) = choice else {
                throw InputError(
                    file: "--engine", message: "the reference is the oracle's stand-in, not an engine to explain")
            }
            if let reason = peer.adapter.unavailableReason {
                throw InputError(file: "--engine", message: "\(peer.name) is \(reason); \(peer.installHint)")
            }
            return peer
        }
        let (subjects, boxes) = try loadSubjects()
        let knownEntries = try KnownFailures.load(directory: KnownFailures.directory(golden: golden))
        let (oracleAdapter, oracleTolerance) = try startOracle(directory)
        defer { oracleAdapter.shutDown() }
        let consensus = noConfirm ? nil : try? ExplainCommand.browsers(directory)
        if !noConfirm && consensus == nil {
            print(
                "note: the three browsers are not all installed; causes stay unconfirmed (tools/setup-engines --with-browsers)"
            )
        }
        defer { consensus?.shutDown() }
        var reports: [CauseFinder.EngineReport] = []
        for peer in peers {
            defer { peer.adapter.shutDown() }
            let version = try peer.adapter.info().label(peer: peer.name)
            var finder = CauseFinder(engine: peer.adapter, oracle: oracleAdapter, oracleTolerance: oracleTolerance)
            finder.shrinkBudget = shrinkBudget
            let patient = (peer.adapter as? SubprocessEngine).map(PatientAdapters.init)
            defer { patient?.shutDown() }
            if let patient { finder.patientEngine = { limit in patient.adapter(limit) } }
            let answers = CauseFinder.Answers()
            let findings = try finder.findings(root: self.findings ?? golden + "/flex/findings", answers: answers)
            let own = try matrix.map { path throws(InputError) in try Self.failedCases(in: path, engine: peer.name) }
            let chosen = own.map { set in subjects.filter { set.contains($0.identifier) } } ?? subjects
            let chosenBoxes = own.map { set in boxes.filter { set.contains($0.identifier) } } ?? boxes
            let start = Date()
            var report = finder.explain(
                chosen, boxes: chosenBoxes, version: version, findings: findings, knownEntries: knownEntries,
                limit: limit, answers: answers
            ) { done, total in
                if done % 100 == 0 || done == total {
                    FileHandle.standardError.write(
                        Data(
                            "\(peer.name): \(done) of \(total) failures reduced in \(Int(-start.timeIntervalSinceNow)) s\n"
                                .utf8))
                }
            }
            if let consensus { CauseFinder.confirm(&report.causes, with: consensus) }
            reports.append(report)
            try write(report)
        }
        try writeReports(reports)
        let failures = reports.reduce(0) { $0 + $1.failures }
        let causes = reports.reduce(0) { $0 + $1.causes.count }
        let entries = reports.reduce(0) { $0 + $1.knownEntries.count }
        let explained = reports.reduce(0) { $0 + $1.explained.count }
        print(
            "\(failures) failures, \(causes) causes, \(explained) of \(entries) known failures explained, \(entries - explained) unexplained"
        )
    }

    /// The flex and box cases with `expect` below --golden that --filter selects, as the corpus names them.
    func loadSubjects() throws -> ([CauseFinder.Subject], [CauseFinder.BoxSubject]) {
        let identifiers = CaseSelection.select(try CaseSelection.discover(golden: golden), filter: filter, shard: nil)
        guard !identifiers.isEmpty else {
            throw InputError(file: golden, message: "no case matches --filter '\(filter ?? "")'")
        }
        var subjects: [CauseFinder.Subject] = []
        var boxes: [CauseFinder.BoxSubject] = []
        for identifier in identifiers {
            let file = try CaseLoader.load(golden + "/" + identifier + ".json", identifier: identifier)
            if let flexCase = file.definition as? FlexCase, flexCase.expect != nil {
                subjects.append(
                    CauseFinder.Subject(
                        identifier: identifier, family: CaseIdentifier.family(of: identifier), flexCase: flexCase))
            } else if let boxCase = file.definition as? BoxCase, boxCase.expect != nil {
                boxes.append(CauseFinder.BoxSubject(identifier: identifier, boxCase: boxCase))
            }
        }
        return (subjects, boxes)
    }

    /// The cases a `conform --json` file lists as failed or known for `engine`.
    static func failedCases(in path: String, engine: String) throws(InputError) -> Set<String> {
        let data = try CaseLoader.readFile(path, limit: 1 << 30)
        guard let document = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let results = document["results"] as? [[String: Any]]
        else { throw InputError(file: path, message: "$.results: expected the results of 'conform --engine … --json'") }
        return Set(
            results.compactMap { result in
                guard result["engine"] as? String == engine,
                    ["failed", "known"].contains(result["verdict"] as? String ?? "")
                else { return nil }
                return result["case"] as? String
            })
    }

    /// The oracle for shrunk cases, and its resolution.
    func startOracle(_ directory: String) throws -> (any LayoutEngineAdapter, Double) {
        guard oracle == "chromium" else { return (ReferenceEngine(), 0) }
        guard case .peer(let chromium) = try EngineCatalogue.choice("chromium", adapterDirectory: directory) else {
            preconditionFailure("chromium is a peer")
        }
        if let reason = chromium.adapter.unavailableReason {
            throw InputError(
                file: "--oracle", message: "chromium is \(reason); \(chromium.installHint), or use --oracle reference")
        }
        return (chromium.adapter, chromium.tolerance)
    }

    /// The three browsers, or nil when one is not installed.
    static func browsers(_ directory: String) throws -> FlexConsensus? {
        var browsers: [FlexConsensus.Browser] = []
        for name in GentestCommand.consensusBrowsers {
            guard case .peer(let peer) = try EngineCatalogue.choice(name, adapterDirectory: directory),
                peer.adapter.unavailableReason == nil
            else { return nil }
            browsers.append(
                FlexConsensus.Browser(adapter: peer.adapter, version: try peer.adapter.info().label(peer: name)))
        }
        return FlexConsensus(browsers: browsers)
    }

    /// The engine's lines on the console, its candidates and, on request, its known-failure list's causes.
    func write(_ report: CauseFinder.EngineReport) throws {
        print(CauseReport.summary(report))
        for line in CauseReport.causeLines(report) { print(line) }
        if !report.boxFailures.isEmpty {
            let css = report.boxFailures.filter(\.answersAsCSS).count
            print(
                "   \(report.engine): \(report.boxFailures.count) box cases failed, \(css) of them answered as CSS "
                    + "answers their translation (\(CauseFinder.boxSemanticsCause))")
        }
        for name in report.staleFindings {
            print("STALE finding \(report.engine)/\(name): the engine no longer fails it")
        }
        for name in report.unsoundFindings {
            print(
                "UNSOUND counterfactual \(report.engine)/\(name): with it applied the engine still differs from the "
                    + "oracle on the finding itself, so it explains nothing")
        }
        if !report.unexplained.isEmpty {
            print(
                "unexplained \(report.engine): \(report.unexplained.count) known failures, e.g. "
                    + report.unexplained.prefix(3).map(\.case).joined(separator: ", "))
        }
        if let candidates {
            for (index, cause) in report.causes.enumerated() {
                var minimal = cause.representative.minimal
                minimal.name = cause.name(index: index)
                minimal.description =
                    cause.reason
                    ?? "Shrunk by ristretto explain from \(cause.representative.identifier); \(cause.reductions.count) failures of \(report.engine): \(cause.signature.text)"
                try AtomicFile.write(
                    Data(try FlexConsensus.fileText(minimal).utf8),
                    to: candidates + "/" + report.engine + "/" + minimal.name + ".json")
            }
        }
        if updateKnownFailures {
            let directory = KnownFailures.directory(golden: golden)
            try KnownFailures.setCauses(
                report.entryCauses, judged: Set(report.judgedEntries.map(\.case)), engine: report.engine,
                entries: try KnownFailures.load(directory: directory), directory: directory)
        }
    }

    func writeReports(_ reports: [CauseFinder.EngineReport]) throws {
        if let json { try AtomicFile.write(Data(try CauseReport.json(reports).utf8), to: json) }
        if let markdown { try AtomicFile.write(Data(CauseReport.markdown(reports).utf8), to: markdown) }
        if let html {
            for report in reports {
                for file in CauseReport.site(report, draw: { $0.png }) {
                    try AtomicFile.write(file.bytes, to: html + "/" + file.path)
                }
            }
        }
    }
}

/// A peer's adapter started again with a longer time limit, one process per limit, for the findings of slowness
/// (docs/causes.md "How a timeout is judged"): the peer's own adapter keeps its limit for every other judgement.
final class PatientAdapters: @unchecked Sendable {
    let peer: SubprocessEngine
    private let lock = NSLock()
    private var adapters: [Duration: SubprocessEngine] = [:]

    init(_ peer: SubprocessEngine) { self.peer = peer }

    /// The adapter that waits `limit` for each answer, started on its first request.
    func adapter(_ limit: Duration) -> SubprocessEngine {
        lock.withLock {
            if let adapter = adapters[limit] { return adapter }
            let adapter = SubprocessEngine(name: peer.name, executablePath: peer.executablePath, requestTimeout: limit)
            adapters[limit] = adapter
            return adapter
        }
    }

    func shutDown() {
        lock.withLock {
            for adapter in adapters.values { adapter.shutDown() }
            adapters = [:]
        }
    }
}
