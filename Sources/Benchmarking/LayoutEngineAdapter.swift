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
    /// The frames of every active node in pre-order, shaped like `ristretto layout` output.
    /// Throws `EngineError.adapter` when the engine refuses or fails the case.
    func layout(caseJSON: Data) throws -> [PeerFrame]
    /// Lays the case out `iterations` times in `mode`, timing only the engine's own layout call,
    /// and returns the mean nanoseconds per layout of that batch.
    func bench(caseJSON: Data, iterations: Int, mode: BenchMode) throws -> Double
}

/// What an engine says about itself (`{"op":"info"}` → `{"name","version"}`).
public struct EngineInfo: Hashable, Sendable, Codable {
    public var name: String
    public var version: String

    public init(name: String, version: String) {
        self.name = name
        self.version = version
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
}

/// Why an engine could not answer.
public enum EngineError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The adapter executable is not there; the message says how to install it.
    case missing(engine: String, message: String)
    /// The adapter answered `{"error": …}`: a refused case or a failed request.
    case adapter(engine: String, message: String)
    /// The adapter process died, timed out or answered something that is not the protocol.
    case protocolFailure(engine: String, message: String)

    public var engine: String {
        switch self {
        case .missing(let engine, _), .adapter(let engine, _), .protocolFailure(let engine, _): engine
        }
    }

    public var description: String {
        switch self {
        case .missing(let engine, let message): "\(engine): not available: \(message)"
        case .adapter(let engine, let message): "\(engine): \(message)"
        case .protocolFailure(let engine, let message): "\(engine): adapter failure: \(message)"
        }
    }
}
