import ArgumentParser
import Benchmarking
import CaseIO
import Engines
import Foundation
import GDRender
import Gentest
import Judging

struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Time layout cost across node counts and depths, for the reference engine and the peers.",
        discussion: """
            Shapes (docs/design.md): linear N (an HBox of N leaves), flow N (a VFlow 500 wide), depth D (a chain of D+1 \
            HBoxes). --family flex (the default) writes each shape in CSS flexbox and gives every engine that case \
            (the reference lays it out with its flex engine); --family box builds Puyopuyo's boxes (the reference's \
            BoxLayout; peers get the box → CSS translation). Every engine's frames are checked against the \
            reference's (with --case: the case's expect, else the reference's) and a ratio between differing \
            answers is marked ≠ and left out of the geometric means. Modes: fresh (first layout of a just-built tree), relayout (after the root width changed), resize \
            (the resize variant at a new width W(k) every call; frames change) and incremental (after one leaf's \
            measured width changed, told through the engine's own API). Peers (yoga, taffy, chromium) run through \
            tools/engines adapters installed by tools/setup-engines (chromium also needs the browser: \
            tools/setup-engines --with-chromium); a missing one is skipped with a note, and a mode a peer cannot \
            express is noted as refused. Every output says each engine's version and what its figures include. JSON \
            output: {"machine":{…,"engineDetails":[{"name","version","timing"}]},"results":[{"engine","shape","size",\
            "mode","microsecondsPerLayout","spread"}]}; an engine whose adapter also times its own layout call \
            alone (taffy) gets that "core" figure beside its own. Figures timed through Python (taffy), and every \
            ratio against them, are marked with a dagger. --case FILE|DIR times flex and box case files instead of \
            the shapes, each in every mode it supports, and prints per engine the geometric mean of its ratio to \
            --baseline over the cases. See docs/benchmarks.md.
            """)

    @Option(help: "Comma-separated shapes: linear, flow, depth (default: all three; not with --case).")
    var shape: String?
    @Option(
        help:
            "Comma-separated shape families, run in order: flex (each shape in CSS, the same case for every engine; the default) and box (Puyopuyo's boxes, the reference through BoxLayout). Not with --case."
    )
    var family: String?
    @Option(
        name: .customLong("case"), parsing: .upToNextOption,
        help:
            "Time these flex or box case files, or every one under these folders, instead of the shapes (repeatable; several paths may follow one --case)."
    )
    var cases: [String] = []
    @Option(
        help:
            "With --case: the engine every ratio divides by, and whose geometric mean ratios are reported (default: reference when it runs, else the first of --engines)."
    )
    var baseline: String?
    @Option(help: "Comma-separated sizes, overriding each shape's table (N for linear and flow, D for depth).")
    var sizes: String?
    @Option(help: "Comma-separated engines: reference, yoga, taffy, chromium.")
    var engines: String = "reference,yoga,taffy"
    @Option(help: "Comma-separated modes: fresh, relayout, resize, incremental.")
    var modes: String = BenchMode.allCases.map(\.rawValue).joined(separator: ",")
    @Option(help: "Comma-separated output formats, printed in order: table, markdown, json, csv.")
    var format: String = "table"
    @Option(
        help:
            "Write a plot of cost against size (log-log, one line per engine and mode) to this PNG (not with --check, which times nothing)."
    )
    var plot: String?
    @Flag(help: "A smoke run: three sizes per shape and short batches. Not a measurement.")
    var quick = false
    @Flag(help: "Add the scaling sizes: N = 1 000, 10 000, 100 000 and D = 100, 1 000.")
    var scaling = false
    @Flag(
        help:
            "Instead of timing, compare each peer's frames with the reference on the workloads and the golden box cases (exit 1 on a difference)."
    )
    var check = false
    @Flag(
        help:
            "With --check: turn the peers' pixel rounding on and compare each peer's frames after a resize or an incremental change with its own fresh layout of the changed case (shows stale cache entries)."
    )
    var rounding = false
    @Option(help: "The golden folder whose box cases --check compares.")
    var golden: String = "golden"
    @OptionGroup var peerOptions: PeerOptions
    @OptionGroup var fontOptions: FontOptions

    func validate() throws {
        // --check compares frames and times nothing: there is no cost to plot.
        if check, plot != nil { throw ValidationError("--plot has no effect with --check") }
        if rounding, !check { throw ValidationError("--rounding only applies to --check") }
        if baseline != nil, cases.isEmpty { throw ValidationError("--baseline only applies to --case") }
        if !cases.isEmpty {
            let shapeOptions = [
                ("--shape", shape != nil), ("--family", family != nil), ("--sizes", sizes != nil),
                ("--scaling", scaling), ("--check", check),
            ]
            if let (option, _) = shapeOptions.first(where: \.1) {
                throw ValidationError("\(option) does not apply with --case (a case is its own tree)")
            }
        }
    }

    func run() throws {
        let configuration = BenchmarkConfiguration(
            shapes: try Self.parseList(
                shape ?? "linear,flow,depth", option: "--shape", allowed: Self.names(BenchShape.self)
            ) {
                BenchShape(rawValue: $0)
            },
            families: try Self.parseList(
                family ?? ShapeFamily.flex.rawValue, option: "--family", allowed: Self.names(ShapeFamily.self)
            ) {
                ShapeFamily(rawValue: $0)
            },
            sizes: try sizes.map { text in
                try Self.parseList(text, option: "--sizes", allowed: "positive whole numbers, e.g. 5,10,200") {
                    Int($0).flatMap { $0 > 0 ? $0 : nil }
                }
            },
            modes: try Self.parseList(modes, option: "--modes", allowed: Self.names(BenchMode.self)) {
                BenchMode(rawValue: $0)
            },
            includeScaling: scaling, quick: quick)
        let formats = try Self.parseList(format, option: "--format", allowed: Self.names(ReportFormat.self)) {
            ReportFormat(rawValue: $0)
        }
        let registered = RegisteredEngines.all
        let engineNames = ["reference"] + SubprocessEngine.knownPeers + registered.map(\.name)
        let selected = try Self.parseList(engines, option: "--engines", allowed: engineNames.joined(separator: ", ")) {
            engineNames.contains($0) ? $0 : nil
        }
        guard Set(selected).count == selected.count else {
            throw InputError(file: "--engines", message: "an engine is named twice in '\(engines)'")
        }
        var adapters = selected.map { name -> any LayoutEngineAdapter in
            if name == "reference" { return ReferenceEngine() }
            if let engine = registered.first(where: { $0.name == name }) { return InProcessEngineAdapter(engine) }
            return SubprocessEngine(name: name, executablePath: peerOptions.adapterDirectory + "/\(name)-adapter")
        }
        if check {
            try runCheck(configuration, adapters: adapters)
            return
        }
        let report: BenchmarkReport
        if cases.isEmpty {
            report = try runBenchmarks(configuration, engines: adapters)
        } else {
            let base = try Self.baseline(baseline, engines: selected)
            let loaded = try loadCases()
            let reference = try referenceEngine(for: loaded)
            adapters = adapters.map { $0.name == "reference" ? reference : $0 }
            var caseReport = try runCaseBenchmarks(
                loaded.workloads, config: configuration, engines: adapters, baseline: base, judge: reference)
            caseReport.notes = loaded.notes + caseReport.notes
            report = caseReport
        }
        for format in formats { print(try report.formatted(format)) }
        if let plot {
            let renderer = GDRenderer(fontPath: try fontOptions.choice(golden: golden).require(for: plot))
            do {
                try AtomicFile.write(try renderer.renderPNG(report.plotScene()), to: plot)
            } catch let error as RenderError {
                throw InputError(file: plot, message: error.description)
            }
        }
    }

    func runCheck(_ configuration: BenchmarkConfiguration, adapters: [any LayoutEngineAdapter]) throws {
        guard let reference = adapters.first(where: { $0.name == "reference" }) else {
            throw InputError(file: "--engines", message: "--check needs the reference engine")
        }
        // BoxLayout's twin first: the reference's flex engine on each box case's CSS translation.
        let peers = [InProcessEngineAdapter(FlexTwinEngine())] + adapters.filter { $0.name != "reference" }
        let cases = try NamedCase.workloads(configuration) + NamedCase.goldenBoxCases(in: golden)
        let outcomes: [DifferentialOutcome]
        let known: [KnownFailure]
        if rounding {
            // Each peer against itself: the known differences with the reference do not apply.
            print(
                "rounding on: each peer's frames after a resize or an incremental change, against its own fresh layout of the changed case"
            )
            outcomes = roundingConsistencyCheck(cases: cases, peers: peers)
            known = []
        } else {
            outcomes = differentialCheck(cases: cases, reference: reference, peers: peers)
            known = try peerOptions.loadKnownFailures()
        }
        var differences = 0
        var explained = 0
        for outcome in outcomes {
            switch outcome.verdict {
            case .agree:
                continue
            case .mismatched:
                if let reason = known.first(where: { $0.covers(outcome) })?.reason {
                    explained += 1
                    print(outcome.summary + "\n  explained: " + reason)
                    continue
                }
                differences += 1
            case .failed: differences += 1
            case .refused: break
            }
            print(outcome.summary)
        }
        let agreeing = outcomes.count { if case .agree = $0.verdict { true } else { false } }
        let refused = outcomes.count { if case .refused = $0.verdict { true } else { false } }
        print(
            "\(agreeing) passed, \(differences) failed, \(refused + explained) skipped (\(refused) refused, \(explained) explained differences)"
        )
        if differences > 0 { throw ExitCode(1) }
    }

    /// Parses a comma-separated option; an unknown item is an error that lists the `allowed` values.
    static func parseList<Value>(_ text: String, option: String, allowed: String, parse: (String) -> Value?) throws
        -> [Value]
    {
        let items = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard !items.isEmpty else {
            throw InputError(file: option, message: "expected a comma-separated list (allowed: \(allowed))")
        }
        return try items.map { item in
            guard let value = parse(item) else {
                throw InputError(file: option, message: "unknown value '\(item)' (allowed: \(allowed))")
            }
            return value
        }
    }

    /// The raw values of an option's enumeration, for error messages.
    static func names<Value: CaseIterable & RawRepresentable<String>>(_ type: Value.Type) -> String {
        Value.allCases.map(\.rawValue).joined(separator: ", ")
    }
}
