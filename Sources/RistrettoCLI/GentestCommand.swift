import ArgumentParser
import Benchmarking
import BoxLayout
import CanonicalJSON
import CaseIO
import Engines
import Flexbox
import Foundation
import Gentest

struct GentestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "gentest",
        abstract: "Generate the Chrome-answered box corpus, check it again, or fuzz the box engines differentially.",
        discussion: """
            Default: generate cases 0, 1, 2, … of --seed in the coincident subset, ask headless Chromium (its \
            adapter) for their frames, and write each kept case to --out/<name>.json; prints the kept counts per \
            profile and the discarded counts per reason. --check: ask Chromium again for every case in --out and \
            lay each out with the reference; exit 1 when an answer changed. --fuzz: compare the reference with \
            Yoga and Taffy on generated cases and shrink every disagreement. --fuzz-flex: lay out generated flex \
            cases with Chromium (the oracle), the reference, Yoga and Taffy, count refusals by reason, and shrink every \
            disagreement with Chromium to a minimal flex case in --findings. --flex: lay out generated flex cases 0 \
            to --cases - 1 with Chromium, Firefox and WebKit; write each case they agree on to \
            --out/<family>/<name>.json (default golden/flex) and each they disagree on, with every answer, to \
            --interop/<family>/; with --check, ask each browser again and name the one whose answer changed. See \
            docs/gentest.md.
            """)

    @Option(help: "The generator's seed (at most 2^53, so that it is exact in JSON).")
    var seed: UInt64 = 1
    @Option(help: "How many cases to keep (generation stops after 20 × count attempts).")
    var count: Int = 1000
    @Option(help: "The corpus folder (default golden/chrome; with --flex, golden/flex).")
    var out: String?
    @Flag(
        help:
            "Generate the flex corpus that Chromium, Firefox and WebKit confirm (--cases N generated), or with --check ask each browser again."
    )
    var flex = false
    @Option(help: "--flex: the interop suite, where the cases the browsers disagree on go.")
    var interop: String = "golden/interop"
    @Option(help: "--flex: generate (or check) only shard I of N (1-based): the cases whose index is I - 1 modulo N.")
    var shard: String?
    @Flag(help: "Check every case in --out against Chromium (when installed) and the reference instead of generating.")
    var check = false
    @Flag(help: "Differential fuzzing: reference vs. Yoga vs. Taffy on generated cases (see --seconds, --cases).")
    var fuzz = false
    @Flag(
        help: "Differential fuzzing of flex cases: Chromium (the oracle) vs. Yoga and Taffy on generated flex cases.")
    var fuzzFlex = false
    @Option(help: "--fuzz, --fuzz-flex: stop after this many seconds.")
    var seconds: Double?
    @Option(
        help:
            "--fuzz, --fuzz-flex: stop after this many cases (default 300 when --seconds is not given); --flex: generate cases 0 to N - 1."
    )
    var cases: Int?
    @Option(
        help:
            "--fuzz: where minimal disagreements go when Chromium cannot answer them; --fuzz-flex: where every minimal disagreement goes."
    )
    var findings: String = "fuzz-findings"
    @Option(help: "--fuzz-flex: the most candidates the shrinker tries for one disagreement.")
    var shrinkBudget: Int = 1500
    @Option(help: "The Chromium adapter (default: tools/engines/.local/bin/chromium-adapter of this checkout).")
    var chromium: String?
    @Option(help: "Where the Yoga and Taffy adapters live (default: tools/engines/.local/bin of this checkout).")
    var enginesDirectory: String?

    /// The corpus folder: `--out`, or the default of the mode.
    var folder: String { out ?? (flex ? "golden/flex" : "golden/chrome") }

    /// Checked in `run`, not `validate`, so the message has the CLI's `error: FILE: message` form.
    func checkOptions() throws(InputError) {
        guard seed <= 1 << 53 else { throw InputError(file: "--seed", message: "expected at most 2^53, got \(seed)") }
        guard count > 0 else { throw InputError(file: "--count", message: "expected a positive number, got \(count)") }
        if let seconds, !(seconds > 0 && seconds.isFinite) {
            throw InputError(file: "--seconds", message: "expected a positive number of seconds")
        }
        if let cases, cases <= 0 {
            throw InputError(file: "--cases", message: "expected a positive number, got \(cases)")
        }
        if check && fuzz { throw InputError(file: "--check", message: "--check and --fuzz are separate modes") }
        if fuzzFlex && (check || fuzz) {
            throw InputError(file: "--fuzz-flex", message: "--fuzz-flex, --fuzz and --check are separate modes")
        }
        if flex && (fuzz || fuzzFlex) {
            throw InputError(file: "--flex", message: "--flex, --fuzz and --fuzz-flex are separate modes")
        }
        if shard != nil && !flex { throw InputError(file: "--shard", message: "--shard is for --flex runs") }
        guard shrinkBudget >= 0 else {
            throw InputError(file: "--shrink-budget", message: "expected a number ≥ 0, got \(shrinkBudget)")
        }
    }

    func run() throws {
        try checkOptions()
        if flex { return check ? try runFlexCheck() : try runFlexGenerate() }
        if fuzzFlex { return try runFuzzFlex() }
        if fuzz { return try runFuzz() }
        if check { return try runCheck() }
        try runGenerate()
    }

    // MARK: Generate

    func runGenerate() throws {
        let oracle = try chromiumEngine(required: true)!
        let version = try oracle.info().version
        var written: Set<String> = []
        let tally = try Gentest.generate(seed: seed, count: count, oracle: oracle) { generated, kept in
            let source = Gentest.Source(
                engine: "chromium", version: version, generator: "gentest", seed: seed,
                profile: generated.profile.rawValue)
            try AtomicFile.write(
                Data(try Gentest.corpusFile(kept, source: source).utf8), to: "\(folder)/\(generated.name).json")
            written.insert(generated.name + ".json")
        }
        let stale = try removeStale(keeping: written)
        print("oracle: \(version)")
        print(tally.summary)
        if stale > 0 { print("removed \(stale) stale generated cases from \(folder)") }
        for disagreement in tally.disagreements {
            print("disagreement \(disagreement.name): " + disagreement.lines.prefix(5).joined(separator: "; "))
        }
        if !tally.disagreements.isEmpty || tally.keptCount < count { throw ExitCode(1) }
    }

    /// Deletes the corpus files of earlier runs that this run did not write (only those `gentest` generated).
    func removeStale(keeping written: Set<String>) throws -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var removed = 0
        for name in names where name.hasSuffix(".json") && !written.contains(name) {
            let path = folder + "/" + name
            guard let data = FileManager.default.contents(atPath: path),
                let document = try? CanonicalJSON(parsing: data),
                document["source"]?["generator"] == .string("gentest")
            else { continue }
            try FileManager.default.removeItem(atPath: path)
            removed += 1
        }
        return removed
    }

    // MARK: Check

    func runCheck() throws {
        let corpus = try Gentest.readCorpus(folder)
        let oracle = try chromiumEngine(required: false)
        let version = try oracle?.info().version
        var referenceFailures = 0
        var changed = 0
        var otherVersion = 0
        for corpusCase in corpus {
            let referenceLines = Gentest.differences(corpusCase, Gentest.referenceFrames(corpusCase.boxCase))
            if !referenceLines.isEmpty {
                referenceFailures += 1
                print("reference \(corpusCase.file): " + referenceLines.prefix(5).joined(separator: "; "))
            }
            guard let oracle else { continue }
            if corpusCase.version != version { otherVersion += 1 }
            let lines: [String]
            do {
                lines = Gentest.differences(
                    corpusCase, try oracle.layout(caseJSON: try Gentest.requestJSON(corpusCase.boxCase)))
            } catch {
                lines = ["\(error)"]
            }
            if !lines.isEmpty {
                changed += 1
                print("chromium \(corpusCase.file): answer changed: " + lines.prefix(5).joined(separator: "; "))
            }
        }
        print("\(corpus.count) cases: reference \(corpus.count - referenceFailures) pass, \(referenceFailures) fail")
        if let version {
            print("chromium (\(version)): \(corpus.count - changed) same, \(changed) changed")
            if otherVersion > 0 {
                print("note: \(otherVersion) of \(corpus.count) cases name another Chromium in source.version")
            }
        } else {
            print("chromium: not installed, not asked (run tools/gentest's setup)")
        }
        if referenceFailures > 0 || changed > 0 { throw ExitCode(1) }
    }

    // MARK: Fuzz

    func runFuzz() throws {
        let peers = ["yoga", "taffy"].map {
            SubprocessEngine(name: $0, executablePath: peerDirectory() + "/\($0)-adapter")
        }
        for peer in peers where !peer.isInstalled {
            throw InputError(
                file: peer.executablePath, message: "the \(peer.name) adapter is not installed; run tools/setup-engines"
            )
        }
        let fuzzer = DifferentialFuzzer(peers: peers)
        let start = Date()
        let limit = cases ?? (seconds == nil ? 300 : Int.max)
        let tally = fuzzer.run(seed: seed) { tally in
            tally.checked < limit && (seconds.map { Date().timeIntervalSince(start) < $0 } ?? true)
        }
        let oracle = try chromiumEngine(required: false)
        for finding in tally.findings {
            print(
                "disagreement \(finding.name) (from \(finding.original.name)): "
                    + finding.differences.prefix(6).joined(separator: "; "))
            print("  originally: " + finding.originalDifferences.prefix(6).joined(separator: "; "))
            print("  written to " + (try writeFinding(finding, fuzzer: fuzzer, oracle: oracle)))
        }
        for refusal in tally.refusals.prefix(10) { print("refused " + refusal) }
        print(String(format: "%@ in %.0f s (seed %llu)", tally.summary, Date().timeIntervalSince(start), seed))
        if !tally.findings.isEmpty || !tally.refusals.isEmpty { throw ExitCode(1) }
    }

    /// Writes a minimal disagreement as a golden candidate: into --out with Chrome's answer when Chromium answers
    /// it exactly, otherwise into --findings with the frames two engines agree on (or none).
    func writeFinding(_ finding: DifferentialFuzzer.Finding, fuzzer: DifferentialFuzzer, oracle: SubprocessEngine?)
        throws -> String
    {
        var candidate = finding.minimal
        if let oracle, case .keep(let frames)? = try? Gentest.judge(candidate, oracle: oracle) {
            candidate.expect = BoxFrames(frames: frames)
            let source = Gentest.Source(
                engine: "chromium", version: try oracle.info().version, generator: "fuzz", seed: seed, profile: "fuzz")
            let path = "\(folder)/\(candidate.name).json"
            try AtomicFile.write(Data(try Gentest.corpusFile(candidate, source: source).utf8), to: path)
            return path
        }
        candidate.expect = fuzzer.majorityFrames(candidate).map { BoxFrames(frames: $0) }
        candidate.description =
            (candidate.description ?? "") + " Differences: " + finding.differences.joined(separator: "; ")
        let path = "\(findings)/\(candidate.name).json"
        try AtomicFile.write(Data(try Gentest.caseDocument(candidate).text.utf8), to: path)
        return path
    }

    // MARK: Fuzz flex cases

    /// Chromium answers, the reference, Yoga and Taffy are compared; every disagreement is shrunk and written to
    /// --findings as a flex case with Chromium's frames as `expect`. Exits 0 whatever the peers do (their known
    /// failures live in golden/known-failures); 1 when Chromium refused or failed a generated case.
    func runFuzzFlex() throws {
        let oracle = try chromiumEngine(required: true)!
        let peers = ["yoga", "taffy"].map {
            SubprocessEngine(name: $0, executablePath: peerDirectory() + "/\($0)-adapter")
        }
        for peer in peers where !peer.isInstalled {
            throw InputError(
                file: peer.executablePath, message: "the \(peer.name) adapter is not installed; run tools/setup-engines"
            )
        }
        let version = try oracle.info().version
        // The reference first: where Chromium agrees with the other browsers, a disagreement is its bug.
        var fuzzer = FlexFuzzer(oracle: oracle, peers: [ReferenceEngine()] + peers)
        fuzzer.shrinkBudget = shrinkBudget
        let start = Date()
        let limit = cases ?? (seconds == nil ? 300 : Int.max)
        var writeError: (any Error)?
        let tally = fuzzer.run(seed: seed, oracleVersion: version) { tally in
            writeError == nil && tally.cases < limit
                && (seconds.map { Date().timeIntervalSince(start) < $0 } ?? true)
        } found: { finding in
            guard finding.duplicateOf == nil else { return }
            do {
                try AtomicFile.write(
                    Data(try FlexFuzzer.caseText(finding).utf8), to: "\(findings)/\(finding.name).json")
            } catch {
                writeError = error
            }
        }
        if let writeError { throw writeError }
        let elapsed = Date().timeIntervalSince(start)
        print("oracle: \(version)")
        let profiles = FlexFuzzer.profileNames.map { "\($0) \(tally.profiles[$0] ?? 0)" }.joined(separator: ", ")
        print("\(tally.cases) cases (\(profiles)) in \(String(format: "%.0f", elapsed)) s (seed \(seed))")
        for engine in tally.engines { print(engine.summary) }
        for finding in tally.findings {
            let sameAs = finding.duplicateOf.map { " (same minimal case as \($0))" } ?? ""
            print(
                "finding \(finding.name) (\(finding.family), from \(finding.original.name), size "
                    + "\(finding.originalSize) → \(finding.minimalSize))\(sameAs): "
                    + (finding.differences.first ?? finding.originalDifferences.first ?? ""))
        }
        let distinct = tally.distinctFindings.count
        print("\(tally.findings.count) findings, \(distinct) distinct minimal cases written to \(findings)/")
        if !tally.oracleRefused.isEmpty {
            print(
                "chromium refused or failed: "
                    + tally.oracleRefused.map { "\($0.key) \($0.value)" }.sorted().joined(separator: "; "))
            throw ExitCode(1)
        }
    }

    // MARK: Engines

    /// The Chromium adapter; nil when it is not installed and not `required` (then an error names the setup).
    func chromiumEngine(required: Bool) throws -> SubprocessEngine? {
        let engine = SubprocessEngine(
            name: "chromium", executablePath: chromium ?? peerDirectory() + "/chromium-adapter")
        if engine.isInstalled { return engine }
        guard required else { return nil }
        throw InputError(
            file: engine.executablePath,
            message: "the Chromium adapter is not installed; run tools/gentest (its setup step)")
    }

    /// The adapters' folder, found as `ristretto bench` and `conform --engine` find it.
    func peerDirectory() -> String {
        PeerOptions.adapterDirectory(enginesDirectory)
    }
}
