import BoxLayout
import Conformance
import Flexbox
import Foundation
import LayoutCore

/// A peer adapter as `conform --engine` and `layout --engine` use it: the process, the tolerance its frames are judged
/// with, and what to do when it is not installed.
public struct PeerEngine: Sendable {
    public var adapter: SubprocessEngine
    /// The largest difference allowed in any coordinate, in px (or the case's own `tolerance.geometry`, if larger):
    /// 0.01 for Yoga, Taffy and PATH engines, whose float layout we compare numerically with rounding off; 1/64 for
    /// Chromium, which lays out in LayoutUnits of 1/64 px.
    public var tolerance: Double
    /// How to install the adapter, for the line that says it was skipped.
    public var installHint: String
    /// Whether a missing adapter fails the run (exit 2) instead of being skipped: always for a PATH engine (a path
    /// that names nothing is a mistake), and for a named peer that `--require` lists.
    public var isRequired: Bool

    public init(adapter: SubprocessEngine, tolerance: Double, installHint: String, isRequired: Bool = false) {
        self.adapter = adapter
        self.tolerance = tolerance
        self.installHint = installHint
        self.isRequired = isRequired
    }

    public var name: String { adapter.name }
}

/// An engine named on the command line: the in-process reference or a peer adapter.
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
    public static let peerNames = ["yoga", "taffy", "chromium", "firefox", "webkit"]

    /// Parses `reference,yoga,/path/to/adapter`: each item is `reference`, a peer name, or a path (it contains a `/`).
    /// - Throws: `InputError` on `--engine` for an empty list, an unknown name or a name given twice.
    public static func parse(_ list: String, adapterDirectory: String) throws(InputError) -> [EngineChoice] {
        let items = list.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        guard !items.isEmpty, !items.contains(where: \.isEmpty) else {
            throw InputError(file: "--engine", message: "expected a comma-separated list of engines")
        }
        var choices: [EngineChoice] = []
        for item in items {
            let choice = try self.choice(item, adapterDirectory: adapterDirectory)
            guard !choices.contains(where: { $0.name == choice.name }) else {
                throw InputError(file: "--engine", message: "engine '\(choice.name)' is named twice")
            }
            choices.append(choice)
        }
        return choices
    }

    /// One engine: `reference`, `yoga`, `taffy`, `chromium`, or a path to any adapter executable.
    /// A PATH engine is named after its file without extension, or after its folder when the file is `adapter.*`
    /// (`tools/engines/example/adapter.py` → `example`).
    public static func choice(_ item: String, adapterDirectory: String) throws(InputError) -> EngineChoice {
        if item == "reference" { return .reference }
        if peerNames.contains(item) {
            let setup =
                switch item {
                case "chromium": "tools/setup-engines --with-chromium"
                case "firefox", "webkit": "tools/setup-engines --with-browsers"
                default: "tools/setup-engines"
                }
            return .peer(
                PeerEngine(
                    adapter: SubprocessEngine(
                        name: item, executablePath: adapterDirectory + "/\(item)-adapter", requestTimeout: .seconds(60)),
                    tolerance: max(0.01, SubprocessEngine.geometryResolution(of: item)),
                    installHint: "install it with \(setup)"))
        }
        guard item.contains("/") else {
            throw InputError(
                file: "--engine",
                message:
                    "unknown engine '\(item)' (known: reference, \(peerNames.joined(separator: ", ")), or a path to an adapter such as ./my-adapter)"
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
    public var knownDifferences: [KnownDifference]

    public init(golden: String, knownDifferences: [KnownDifference]) {
        self.golden = golden
        self.knownDifferences = knownDifferences
    }

    /// The peer's column over `identifiers`, or why it was skipped: not installed (benign), or installed but not
    /// answering `info` (an error). One adapter process serves the whole column.
    public func column(_ peer: PeerEngine, identifiers: [String]) -> Result<EngineColumn, SkippedEngine> {
        defer { peer.adapter.shutDown() }
        guard peer.adapter.isInstalled else {
            return .failure(
                SkippedEngine(
                    engine: peer.name,
                    reason: "not installed (no adapter at \(peer.adapter.executablePath)); \(peer.installHint)",
                    isError: peer.isRequired))
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
                results: identifiers.map { judge($0, with: peer) }))
    }

    /// One case: 1. load it, 2. keep box cases with `expect`, 3. ask the peer, 4. compare with the expectation.
    public func judge(_ identifier: String, with peer: PeerEngine) -> EngineCaseResult {
        let clock = ContinuousClock.now
        var result = EngineCaseResult(identifier: identifier, verdict: verdict(identifier, peer))
        result.seconds = (ContinuousClock.now - clock).inSeconds
        return result
    }

    private func verdict(_ identifier: String, _ peer: PeerEngine) -> EngineCaseResult.Verdict {
        // 1. Load: strictly, as the reference does, so a peer never judges a case the suite calls unreadable.
        let path = golden + "/" + identifier + ".json"
        let caseJSON: Data
        let expect: BoxFrames
        let tolerance: Tolerance
        do {
            caseJSON = try CaseLoader.readFile(path, limit: CaseLoader.maxFileBytes)
            // 2. Peers judge geometry only: box and flex cases with `expect`; chart, scene and seed cases are not
            //    theirs.
            switch try CaseLoader.load(path, identifier: identifier).definition {
            case let boxCase as BoxCase where boxCase.expect != nil:
                (expect, tolerance) = (boxCase.expect!, boxCase.tolerance)
            case let flexCase as FlexCase where flexCase.expect != nil:
                (expect, tolerance) = (flexCase.expect!, flexCase.tolerance)
            default:
                return .notApplicable
            }
        } catch {
            return .error("\(error)")
        }
        // 3. Ask the peer; a refusal is not a failure, a crash or a broken reply is.
        let frames: [PeerFrame]
        do {
            frames = try peer.adapter.layout(caseJSON: caseJSON)
        } catch EngineError.adapter(_, let message) {
            return .refused(message)
        } catch {
            return .failed("\(error)")
        }
        // 4. Compare by path. An expectation without the root lists only the nodes it checks.
        let expected = expect.frames
        let isComplete = expected.contains { $0.path.isEmpty }
        let listed = Set(expected.map(\.path))
        let mismatches = compareFrames(
            expected: expected, actual: isComplete ? frames : frames.filter { listed.contains($0.path) },
            tolerance: max(peer.tolerance, tolerance.geometry))
        guard let first = mismatches.first else { return .passed }
        let mismatch = first + (mismatches.count > 1 ? " (and \(mismatches.count - 1) more)" : "")
        if let reason = KnownDifference.reason(in: knownDifferences, engine: peer.name, caseName: identifier) {
            return .known(reason: reason, mismatch: mismatch)
        }
        return .failed(mismatch)
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
            engine: "reference", version: "ristretto BoxLayout (in process): geometry and pixels",
            results: summary.outcomes.map { outcome in
                // The first line of a geometry failure only counts the mismatches; the next one names the first node.
                let message = outcome.messages.prefix(2).map { $0.trimmingCharacters(in: .whitespaces) }.joined(
                    separator: "; ")
                let verdict: EngineCaseResult.Verdict =
                    switch outcome.status {
                    case .passed: .passed
                    case .failed: .failed(message)
                    case .error: .error(message)
                    case .skipped: .refused(message)
                    }
                return EngineCaseResult(
                    identifier: outcome.identifier, verdict: verdict, detail: outcome.failureText,
                    seconds: outcome.seconds)
            })
    }
}
