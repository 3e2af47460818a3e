import BoxLayout
import Foundation
import LayoutCore

/// A layout engine that can lay out and time box cases: the in-process reference or a peer behind a subprocess.
/// Every engine receives the same box case JSON (docs/design.md "Peer engines"), so their trees are identical.
public protocol LayoutEngineAdapter: Sendable {
    /// The name used in reports and in `--engines`: "reference", "yoga", "taffy".
    var name: String { get }
    /// The engine's name and version. Throws `EngineError.missing` when the engine cannot be started.
    func info() throws -> EngineInfo
    /// The frames of every active node in pre-order, shaped like `ristretto layout` output, after one `change`
    /// applied between two layouts when given (peer protocol `layout` with `resize` or `change`), with pixel
    /// rounding when `rounding` is set (Yoga and Taffy only; others refuse).
    /// Throws `EngineError.adapter` when the engine refuses or fails the request.
    func layout(caseJSON: Data, change: LayoutChange?, rounding: Bool) throws -> [PeerFrame]
    /// Lays the case out `iterations` times as `plan` says (its mode, and the harness's schedule for resize and
    /// incremental), timing only the engine's own work, and returns the batch's mean nanoseconds per layout.
    /// A mode the engine cannot express throws `EngineError.adapter("mode '…': <reason>")`.
    func bench(caseJSON: Data, iterations: Int, plan: BenchPlan) throws -> BenchBatch
    /// Why the engine cannot run on this machine (`not installed (no adapter at …)`), or nil when it can. By
    /// default nil: an in-process engine is always there.
    var unavailableReason: String? { get }
    /// Ends whatever the engine keeps running between requests (an adapter process); the next request starts
    /// anew. By default nothing.
    func shutDown()
}

/// One timed batch, as the engine measured it.
public struct BenchBatch: Hashable, Sendable {
    /// The batch's mean nanoseconds per layout: the engine's figure, with what its `timing` says it includes.
    public var nanosPerLayout: Double
    /// The engine's own layout call alone, where its adapter also times that apart (Taffy's: without stretchable
    /// copying every node's result into Python); nil for the others.
    public var coreNanosPerLayout: Double?
    /// How many content leaves the engine measured through a callback into the adapter's language, where the
    /// adapter says (Taffy's: the others it gives Taffy as fixed-size leaves, docs/engines.md).
    public var measuredLeaves: Int?

    public init(nanosPerLayout: Double, coreNanosPerLayout: Double? = nil, measuredLeaves: Int? = nil) {
        self.nanosPerLayout = nanosPerLayout
        self.coreNanosPerLayout = coreNanosPerLayout
        self.measuredLeaves = measuredLeaves
    }
}

extension LayoutEngineAdapter {
    public var unavailableReason: String? { nil }

    public func shutDown() {}

    /// The frames of a single layout under the case's own proposal.
    public func layout(caseJSON: Data) throws -> [PeerFrame] {
        try layout(caseJSON: caseJSON, change: nil, rounding: false)
    }

    /// A fresh or relayout batch (resize and incremental need their schedule: `bench(caseJSON:iterations:plan:)`).
    public func bench(caseJSON: Data, iterations: Int, mode: BenchMode) throws -> BenchBatch {
        switch mode {
        case .fresh: try bench(caseJSON: caseJSON, iterations: iterations, plan: .fresh)
        case .relayout: try bench(caseJSON: caseJSON, iterations: iterations, plan: .relayout)
        case .resize, .incremental:
            throw EngineError.adapter(engine: name, message: "mode '\(mode.rawValue)': needs the harness's schedule")
        }
    }
}

/// What an engine says about itself (`{"op":"info"}` → `{"name","version","timing"?,"coreTiming"?,"viaPython"?}`).
public struct EngineInfo: Hashable, Sendable, Codable {
    public var name: String
    /// The engine inside the adapter, then what wraps it: "Yoga 3.2.1 (pyyoga 0.1.0 static core)".
    public var version: String
    /// One line saying what the engine's bench figure includes, e.g. "via Python; includes copying every node".
    public var timing: String?
    /// What the engine's core figure (`BenchBatch.coreNanosPerLayout`) includes, when its adapter reports one.
    public var coreTiming: String?
    /// Whether the engine's figures are timed through Python (the binding's calls and callbacks inside the timer), so
    /// that they measure Python as much as the engine: every output marks them and every ratio against them
    /// (docs/benchmarks.md "Python-bound figures"). An adapter that does not say is native.
    public var viaPython: Bool?

    public init(
        name: String, version: String, timing: String? = nil, coreTiming: String? = nil, viaPython: Bool? = nil
    ) {
        self.name = name
        self.version = version
        self.timing = timing
        self.coreTiming = coreTiming
        self.viaPython = viaPython
    }

    /// `viaPython`, an absent answer read as false.
    public var isPythonBound: Bool { viaPython == true }

    /// The engine and its version as reports and `source.engines` write them: the version alone when the adapter
    /// answers under the peer's own name (`chromium` → `Chromium 156.0.8078.108`), else `<name> <version>`.
    public func label(peer: String) -> String { name == peer ? version : "\(name) \(version)" }

    /// Whether two engine labels name the same engine, whatever their versions (`Firefox 153.7.0`, `Firefox 154.0`):
    /// their first words are equal.
    public static func sameEngine(_ first: String, _ second: String) -> Bool {
        first.split(separator: " ").first == second.split(separator: " ").first
    }
}

/// One bench request's mode with the schedule the harness computed for it (peer protocol `bench`).
public enum BenchPlan: Hashable, Sendable {
    case fresh
    case relayout
    /// Lay out untimed at `widths[0]`, then time one layout at each later width: exactly iterations + 1 widths.
    case resize(widths: [Double])
    /// Lay out untimed, then time: set the leaf at `change.path` to `change.content(call: i)`, lay out again.
    case incremental(IncrementalChange)

    public var mode: BenchMode {
        switch self {
        case .fresh: .fresh
        case .relayout: .relayout
        case .resize: .resize
        case .incremental: .incremental
        }
    }
}

/// The one change a `layout` request applies between its two layouts (peer protocol `layout` with `resize` or
/// `change`).
public enum LayoutChange: Hashable, Sendable {
    /// Lay out again with this root width proposal.
    case resize(width: Double)
    /// Set the measured content of the leaf at `path` (child indices from the root), then lay out again.
    case content(path: [Int], size: Size)

    /// The request key that carries the change.
    var key: String {
        switch self {
        case .resize: "resize"
        case .content: "change"
        }
    }
}

/// One node's frame as an engine reports it: the same JSON shape as `ristretto layout` prints, so the reference
/// engine's own frame type decodes every peer's reply (strictly: unknown keys and negative sizes are errors).
public typealias PeerFrame = BoxFrame

/// What a timed layout measures (docs/design.md "Benchmark shapes").
public enum BenchMode: String, Hashable, Sendable, Codable, CaseIterable {
    /// The first layout of a just-built tree; construction is outside the timer.
    case fresh
    /// Another layout of the same tree after the root width proposal changed (P ↔ P+1).
    case relayout
    /// Another layout of the resize variant at a width W(k) it has not seen in its last 24 calls; frames change.
    case resize
    /// Another layout under the same proposal after one leaf's measured width changed (48 ↔ 40).
    case incremental
}

/// Why an engine could not answer.
public enum EngineError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The adapter executable is not there; the message says how to install it.
    case missing(engine: String, message: String)
    /// The adapter answered `{"error": …}`: a refused case or a failed request.
    case adapter(engine: String, message: String)
    /// The adapter process died or answered something that is not the protocol.
    case protocolFailure(engine: String, message: String)
    /// The adapter did not answer within the request's time limit; it was stopped, and the next request starts a
    /// new one.
    case timedOut(engine: String, after: Duration)

    public var engine: String {
        switch self {
        case .missing(let engine, _), .adapter(let engine, _), .protocolFailure(let engine, _),
            .timedOut(let engine, _):
            engine
        }
    }

    public var description: String {
        switch self {
        case .missing(let engine, let message): "\(engine): not available: \(message)"
        case .adapter(let engine, let message): "\(engine): \(message)"
        case .protocolFailure(let engine, let message): "\(engine): adapter failure: \(message)"
        case .timedOut(let engine, let after):
            "\(engine): no reply within \(formatDuration(nanos: after.nanoseconds)); the adapter was stopped"
        }
    }
}
/// "850 ns", "12.3 µs", "4.56 ms", "1.23 s".
public func formatDuration(nanos: Double) -> String {
    switch nanos {
    case ..<1_000: String(format: "%.0f ns", nanos)
    case ..<1_000_000: String(format: "%.1f µs", nanos / 1_000)
    case ..<1_000_000_000: String(format: "%.2f ms", nanos / 1_000_000)
    default: String(format: "%.2f s", nanos / 1_000_000_000)
    }
}

/// The change incremental mode makes: the leaf at `path` measures `widths[i % 2]` × `height` at timed call i
/// (docs/design.md "Benchmark shapes": 48, then 40, then 48, …; the height stays 20).
public struct IncrementalChange: Hashable, Sendable {
    /// Child indices from the root, as in frames.
    public var path: [Int]
    public var widths: [Double] = [48, 40]
    public var height = 20.0

    public init(path: [Int]) { self.path = path }

    /// The leaf's content at timed call `call` (0-based).
    public func content(call: Int) -> Size { Size(width: widths[call % widths.count], height: height) }
}
