import BoxLayout
import CaseIO
import Conformance
import Engines
import Flexbox
import Foundation
import LayoutCore

/// An engine judged on the corpus as `conform --engine` and `layout --engine` use it: a subprocess adapter or an
/// in-process engine (`InProcessEngineAdapter`), the tolerance its frames are judged with, and what to do when it is
/// not installed.
public struct PeerEngine: Sendable {
    public var adapter: any LayoutEngineAdapter
    /// The largest difference allowed in any coordinate, in px (or the case's own `tolerance.geometry`, if larger):
    /// 0.01 for Yoga, Taffy, PATH and in-process engines, whose float layout we compare numerically with rounding
    /// off; 1/64 for Chromium, which lays out in LayoutUnits of 1/64 px.
    public var tolerance: Double
    /// How to install the adapter, for the line that says it was skipped.
    public var installHint: String
    /// Whether a missing adapter fails the run (exit 2) instead of being skipped: always for a PATH engine (a path
    /// that names nothing is a mistake), and for a named peer that `--require` lists.
    public var isRequired: Bool

    public init(adapter: any LayoutEngineAdapter, tolerance: Double, installHint: String, isRequired: Bool = false) {
        self.adapter = adapter
        self.tolerance = tolerance
        self.installHint = installHint
        self.isRequired = isRequired
    }

    public var name: String { adapter.name }
}

/// An engine named on the command line: the reference's full run (geometry and pixels) or an engine judged on
/// geometry (a peer adapter, a PATH adapter or a registered in-process engine).
public enum EngineChoice: Sendable {
    case reference
    case peer(PeerEngine)

    public var name: String {
        switch self {
        case .reference: "reference"
        case .peer(let peer): peer.name
        }
    }
}

/// The engines `--engine` knows by name, and how a PATH becomes an engine.
public enum EngineCatalogue {
    /// The peers tools/setup-engines installs as `<adapterDirectory>/<name>-adapter`.
    public static let peerNames = ["yoga", "taffy", "chromium", "firefox", "webkit"] + SubprocessEngine.standalonePeers

    /// Parses `reference,yoga,/path/to/adapter`: each item is `reference`, a peer name, the name of one of
    /// `registered` (in-process engines a dependent's executable registers), or a path (it contains a `/`).
    /// - Throws: `InputError` on `--engine` for an empty list, an unknown name or a name given twice.
    public static func parse(
        _ list: String, adapterDirectory: String, registered: [any InProcessLayoutEngine] = []
    ) throws(InputError) -> [EngineChoice] {
        let items = list.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard !items.isEmpty, !items.contains(where: \.isEmpty) else {
            throw InputError(file: "--engine", message: "expected a comma-separated list of engines")
        }
        var choices: [EngineChoice] = []
        for item in items {
            let choice = try self.choice(item, adapterDirectory: adapterDirectory, registered: registered)
            guard !choices.contains(where: { $0.name == choice.name }) else {
                throw InputError(file: "--engine", message: "engine '\(choice.name)' is named twice")
            }
            choices.append(choice)
        }
        return choices
    }

    /// Checks the in-process engines a dependent's executable registers: each name is lower-case letters, digits,
    /// `-`, `_` and `.`, starting with a letter or digit, and is neither `reference`, a peer's name nor another
    /// registered engine's, so that `--engine` names each engine one way.
    /// - Throws: `InputError` on `engines` naming the first bad name.
    public static func checkRegistered(_ engines: [any InProcessLayoutEngine]) throws(InputError) {
        var seen: Set<String> = []
        for name in engines.map(\.name) {
            let allowed =
                name.first.map { $0.isASCII && ($0.isLowercase || $0.isNumber) } == true
                && name.allSatisfy { $0.isASCII && ($0.isLowercase || $0.isNumber || "-_.".contains($0)) }
            guard allowed else {
                throw InputError(
                    file: "engines", message: "'\(name)' is not an engine name (lower-case letters, digits, - _ .)")
            }
            guard name != "reference", !peerNames.contains(name) else {
                throw InputError(file: "engines", message: "'\(name)' is a built-in engine's name")
            }
            guard seen.insert(name).inserted else {
                throw InputError(file: "engines", message: "'\(name)' is registered twice")
            }
        }
    }

    /// The largest difference an engine's frames may have from an expectation before the case's own tolerance
    /// (`Engines.geometryTolerance(of:)`, which the engine layer's checks use too).
    public static func geometryTolerance(of engine: String) -> Double {
        Engines.geometryTolerance(of: engine)
    }

    /// One engine: `reference`, `yoga`, `taffy`, `chromium`, a registered in-process engine's name, or a path to
    /// any adapter executable. A PATH engine is named after its file without extension, or after its folder when the
    /// file is `adapter.*` (`tools/engines/example/adapter.py` → `example`). A registered engine is always there, so
    /// it is required (judged with the PATH engines' 0.01 px).
    public static func choice(
        _ item: String, adapterDirectory: String, registered: [any InProcessLayoutEngine] = []
    ) throws(InputError) -> EngineChoice {
        if item == "reference" { return .reference }
        if let engine = registered.first(where: { $0.name == item }) {
            return .peer(
                PeerEngine(
                    adapter: InProcessEngineAdapter(engine), tolerance: geometryTolerance(of: item),
                    installHint: "it runs in process", isRequired: true))
        }
        if peerNames.contains(item) {
            let setup =
                switch item {
                case "chromium": "tools/setup-engines --with-chromium"
                case "firefox", "webkit": "tools/setup-engines --with-browsers"
                case _ where SubprocessEngine.standalonePeers.contains(item): "tools/setup-engines --with-peers"
                default: "tools/setup-engines"
                }
            return .peer(
                PeerEngine(
                    adapter: SubprocessEngine(
                        name: item, executablePath: adapterDirectory + "/\(item)-adapter",
                        requestTimeout: SubprocessEngine.layoutTimeout(of: item)),
                    tolerance: geometryTolerance(of: item),
                    installHint: "install it with \(setup)"))
        }
        guard item.contains("/") else {
            throw InputError(
                file: "--engine",
                message:
                    "unknown engine '\(item)' (known: \((["reference"] + peerNames + registered.map(\.name)).joined(separator: ", ")), or a path to an adapter such as ./my-adapter)"
            )
        }
        let url = URL(fileURLWithPath: item)
        let stem = url.deletingPathExtension().lastPathComponent
        let name = stem == "adapter" ? url.deletingLastPathComponent().lastPathComponent : stem
        return .peer(
            PeerEngine(
                adapter: SubprocessEngine(name: name, executablePath: item, requestTimeout: .seconds(60)),
                tolerance: 0.01, installHint: "check the path", isRequired: true))
    }
}

/// Judges peer engines on the golden cases' expected geometry (docs/conformance.md): each box case with `expect` goes
/// to the adapter as it is written, and the frames it answers are compared path by path with the expectation.
public struct PeerConformance: Sendable {
    public var golden: String
    public var knownFailures: [KnownFailure]

    public init(golden: String, knownFailures: [KnownFailure]) {
        self.golden = golden
        self.knownFailures = knownFailures
    }

    /// `init(golden:knownFailures:)` under its former label, kept for dependents.
    @available(*, deprecated, renamed: "init(golden:knownFailures:)")
    public init(golden: String, knownDifferences: [KnownFailure]) {
        self.init(golden: golden, knownFailures: knownDifferences)
    }

    /// The peer's column over `identifiers`, or why it was skipped: not installed (benign), or installed but not
    /// answering `info` (an error). One adapter process serves the whole column.
    public func column(_ peer: PeerEngine, identifiers: [String]) -> Result<EngineColumn, SkippedEngine> {
        defer { peer.adapter.shutDown() }
        if let reason = peer.adapter.unavailableReason {
            return .failure(
                SkippedEngine(engine: peer.name, reason: "\(reason); \(peer.installHint)", isError: peer.isRequired))
        }
        let info: EngineInfo
        do {
            info = try peer.adapter.info()
        } catch {
            return .failure(
                SkippedEngine(engine: peer.name, reason: "the adapter does not answer info: \(error)", isError: true))
        }
        return .success(
            EngineColumn(
                engine: peer.name, version: info.label(peer: peer.name),
                results: identifiers.map { judge($0, with: peer, version: info.label(peer: peer.name)) }))
    }

    /// One case: 1. load it, 2. keep box and flex cases with `expect` (or a flex case's browser `answers`), 3. ask
    /// the peer, 4. compare with the expectation, or find the answers it sides with. `version` (the engine's name
    /// and version, `Firefox 153.7.0`) lets a browser be held to the answers it gave itself.
    public func judge(_ identifier: String, with peer: PeerEngine, version: String? = nil) -> EngineCaseResult {
        let clock = ContinuousClock.now
        let (verdict, frames) = verdict(identifier, peer, version: version)
        var result = EngineCaseResult(identifier: identifier, verdict: verdict, frames: frames)
        result.seconds = (ContinuousClock.now - clock).inSeconds
        return result
    }

    /// The verdict, and the peer's frames when they differ from the expectation (failed or known) or decide an
    /// interop verdict.
    private func verdict(_ identifier: String, _ peer: PeerEngine, version: String?) -> (
        EngineCaseResult.Verdict, [PeerFrame]?
    ) {
        // 1. Load: strictly, as the reference does, so a peer never judges a case the suite calls unreadable.
        let path = golden + "/" + identifier + ".json"
        let caseJSON: Data
        let expect: BoxFrames
        let tolerance: Tolerance
        var answeredBy: [String] = []
        var answers: [FlexAnswer]?
        do {
            caseJSON = try CaseLoader.readFile(path, limit: CaseLoader.maxFileBytes)
            // 2. Peers judge geometry only: box and flex cases with `expect`, and interop cases; chart, scene and seed
            //    cases are not theirs.
            switch try CaseLoader.load(path, identifier: identifier).definition {
            case let boxCase as BoxCase where boxCase.expect != nil:
                (expect, tolerance) = (boxCase.expect!, boxCase.tolerance)
            case let flexCase as FlexCase where flexCase.expect != nil:
                (expect, tolerance) = (flexCase.expect!, flexCase.tolerance)
                answeredBy = flexCase.source?.engines ?? []
            case let flexCase as FlexCase where flexCase.answers != nil:
                (expect, tolerance, answers) = (BoxFrames(frames: []), flexCase.tolerance, flexCase.answers)
            default:
                return (.notApplicable, nil)
            }
        } catch {
            return (.error("\(error)"), nil)
        }
        // 3. Ask the peer; a refusal is not a failure, a crash or a broken reply is.
        let frames: [PeerFrame]
        do {
            frames = try peer.adapter.layout(caseJSON: caseJSON)
        } catch EngineError.adapter(_, let message) {
            return (.refused(message), nil)
        } catch {
            return (.failed("\(error)"), nil)
        }
        // 3'. An answer is finite numbers. A coordinate that is not (an engine's undefined value, which its adapter
        //     writes `null`) fails the case wherever it is, interop cases and nodes an expectation leaves out too,
        //     named; every JSON output writes it `null` (docs/cli.md "JSON output").
        let undefined = nonFiniteCoordinates(in: frames)
        if let first = undefined.first {
            let mismatch = "\(first), not a finite number (null in JSON)" + Self.more(undefined.count)
            return (failure(mismatch, identifier, peer, version: version, answeredBy: answeredBy), frames)
        }
        if let answers { return (interopVerdict(answers, frames: frames, peer: peer, version: version), frames) }
        // 4. Compare by path. An expectation without the root lists only the nodes it checks.
        let mismatches = compareFrames(
            expected: expect.frames, actual: framesJudged(frames, by: expect.frames),
            tolerance: max(peer.tolerance, tolerance.geometry))
        guard let first = mismatches.first else { return (.passed, nil) }
        let mismatch = first + Self.more(mismatches.count)
        return (failure(mismatch, identifier, peer, version: version, answeredBy: answeredBy), frames)
    }

    /// ` (and N more)` after the first of `count` differences; nothing for one.
    private static func more(_ count: Int) -> String { count > 1 ? " (and \(count - 1) more)" : "" }

    /// A wrong answer's verdict: known when the engine's known failures list the case, else failed; a browser that
    /// answered this `expect` itself (a generated case is the browsers' consensus) and now answers differently
    /// gives a flaky answer, said loudly, since the corpus rests on it. **Only where every number is a browser's**:
    /// an `expect` that holds a suite's own numbers (`source.engines` names `wpt`, `taffy`, …, beside the browser
    /// that filled in the rest) may be stale, and a browser that differs from it contradicts the suite, not itself.
    private func failure(
        _ mismatch: String, _ identifier: String, _ peer: PeerEngine, version: String?, answeredBy: [String]
    ) -> EngineCaseResult.Verdict {
        if let reason = KnownFailure.reason(in: knownFailures, engine: peer.name, caseName: identifier) {
            return .known(reason: reason, mismatch: mismatch)
        }
        if let version, let own = answeredBy.first(where: { EngineInfo.sameEngine($0, version) }),
            !answeredBy.contains(where: FlexCaseSource.namesSuite)
        {
            return .failed("FLAKY: \(version) differs from the answer \(own) gave for this expect: \(mismatch)")
        }
        return .failed(mismatch)
    }

    /// 4'. An interop case: the browsers whose answer the peer's frames match within one LayoutUnit (or the peer's
    /// own tolerance if larger). A browser that does not side with its own recorded answer is flaky: failed.
    private func interopVerdict(_ answers: [FlexAnswer], frames: [PeerFrame], peer: PeerEngine, version: String?)
        -> EngineCaseResult.Verdict
    {
        let tolerance = max(peer.tolerance, SubprocessEngine.layoutUnit)
        let sides = answers.filter { compareFrames(expected: $0.frames, actual: frames, tolerance: tolerance).isEmpty }
        if let version, let own = answers.first(where: { EngineInfo.sameEngine($0.engine, version) }),
            !sides.contains(own)
        {
            let mismatch = compareFrames(expected: own.frames, actual: frames, tolerance: tolerance).first ?? ""
            return .failed("FLAKY: \(version) differs from the answer \(own.engine) recorded: \(mismatch)")
        }
        return .interop(sidesWith: sides.map(\.engine))
    }
}

/// Runs every engine on `identifiers` at once, each on its own thread (a peer keeps one adapter process for the run),
/// and gathers the columns in the order given. `reference` produces the reference's column (the full
/// conformance run: geometry and pixels).
public func runEngineMatrix(
    _ engines: [EngineChoice], identifiers: [String], conformance: PeerConformance,
    reference: @Sendable () -> EngineColumn
) -> EngineMatrix {
    let started = ContinuousClock.now
    let slots = ColumnSlots(count: engines.count)
    DispatchQueue.concurrentPerform(iterations: engines.count) { index in
        switch engines[index] {
        case .reference: slots.store(.success(reference()), at: index)
        case .peer(let peer): slots.store(conformance.column(peer, identifiers: identifiers), at: index)
        }
    }
    let outcomes = slots.all()
    return EngineMatrix(
        columns: outcomes.compactMap { try? $0.get() },
        skipped: outcomes.compactMap { if case .failure(let skipped) = $0 { skipped } else { nil } },
        seconds: (ContinuousClock.now - started).inSeconds)
}

/// The columns as the engines' threads finish them, kept in the engines' order.
private final class ColumnSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [Result<EngineColumn, SkippedEngine>?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func store(_ outcome: Result<EngineColumn, SkippedEngine>, at index: Int) {
        lock.withLock { slots[index] = outcome }
    }

    func all() -> [Result<EngineColumn, SkippedEngine>] { lock.withLock { slots.compactMap { $0 } } }
}

extension EngineColumn {
    /// The reference's column from a conformance run: passed, failed (geometry or pixels) or error, with the
    /// run's own failure text as the detail.
    public init(referenceRun summary: RunSummary) {
        self.init(
            engine: "reference",
            version: "ristretto FlexLayout (CSS flexbox) and BoxLayout (Puyopuyo), in process: geometry and pixels",
            results: summary.outcomes.map { outcome in
                // The first line of a geometry failure only counts the mismatches; the next one names the first node.
                let message = outcome.messages.prefix(2).map { $0.trimmingCharacters(in: .whitespaces) }.joined(
                    separator: "; ")
                var verdict: EngineCaseResult.Verdict =
                    switch outcome.status {
                    case .passed: .passed
                    case .failed: .failed(message)
                    case .error: .error(message)
                    case .skipped: .refused(message)
                    case .known:
                        .known(
                            reason: String(outcome.messages[0].dropFirst("known failure: ".count)),
                            mismatch: outcome.messages.dropFirst().prefix(2).joined(separator: "; "))
                    }
                if let sides = outcome.sidesWith { verdict = .interop(sidesWith: sides) }
                return EngineCaseResult(
                    identifier: outcome.identifier, verdict: verdict, detail: outcome.failureText,
                    frames: outcome.frames, seconds: outcome.seconds)
            })
    }
}
