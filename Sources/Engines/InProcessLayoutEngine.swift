import BoxLayout
import Flexbox
import Foundation
import LayoutCore

/// A layout engine written in Swift and judged in the same process: no adapter executable, no JSON lines
/// (docs/judge-your-engine.md "In process"). A conformer lays out flex cases and answers every element's frame;
/// everything else has a default. `InProcessEngineAdapter` makes any conformer usable wherever the suite takes an
/// engine (`conform --engine`, the engine matrix, `bench`), judged by the same verdict code as a subprocess peer.
///
/// Contract:
/// - `layout` MUST answer one frame per displayed element in pre-order, each with its `path` (child indices from the
///   root, hidden siblings counted) and x and y relative to its parent's border box, as `ristretto layout` prints.
/// - A case the engine cannot express MUST throw `LayoutRefusal` naming the property and its JSON path: a refusal
///   is skipped, never a failure. Any other error is a failure of the engine.
/// - Conformers MUST be safe to call from several threads: the suite runs engines side by side.
public protocol InProcessLayoutEngine: Sendable {
    /// The name `--engine` and every report use: lower case, no `/` or `,`, not `reference` or a peer's name.
    var name: String { get }
    /// The engine's name and version, and what its bench figures include. By default: the name, "in process",
    /// and a timing line for the default `bench`.
    func info() throws -> EngineInfo
    /// Every displayed element's frame in pre-order under the case's viewport.
    /// - Throws: `LayoutRefusal` for a case the engine cannot express.
    func layout(_ flexCase: FlexCase) throws -> [PeerFrame]
    /// Every active node's frame of a box case. By default the box case goes through the suite's one box → CSS
    /// translation (`BoxToFlex`) to `layout(_:)` of a flex case, as subprocess adapters receive it; a box case
    /// without a CSS equivalent is refused with the JSON path of the property.
    func layout(_ boxCase: BoxCase) throws -> [PeerFrame]
    /// Lays `layoutCase` out, applies `change` through the engine's own API, lays out again and answers the second
    /// layout's frames (`bench --check`, and the bench harness's choice of a resize or incremental change).
    /// By default: refused, "not supported".
    func layout(_ layoutCase: LayoutCase, applying change: LayoutChange) throws -> [PeerFrame]
    /// Lays `layoutCase` out `iterations` times as `plan` says, timing only the engine's own work, and answers the
    /// mean nanoseconds per layout (`InProcessSubject` and `timeInProcessBatch` do the timing for a built tree).
    /// By default: fresh times whole `layout(_:)` calls (building the engine's tree included, as `info` says);
    /// relayout, resize and incremental are refused, which `bench` reports as the mode refused.
    func bench(_ layoutCase: LayoutCase, iterations: Int, plan: BenchPlan) throws -> BenchBatch
}

/// A case an in-process engine receives: a flex case, or a box case (Puyopuyo's semantics).
public enum LayoutCase: Sendable {
    case flex(FlexCase)
    case box(BoxCase)

    /// The case in `caseJSON` (what the suite hands every engine): a flex or a box case.
    /// - Throws: `LayoutRefusal` for any other kind or JSON that is not a readable box or flex case.
    public init(caseJSON: Data) throws(LayoutRefusal) {
        struct Kind: Decodable { var kind: String }
        do {
            switch try JSONDecoder().decode(Kind.self, from: caseJSON).kind {
            case "flex": self = .flex(try JSONDecoder().decode(FlexCase.self, from: caseJSON))
            case "box": self = .box(try JSONDecoder().decode(BoxCase.self, from: caseJSON))
            case let other: throw LayoutRefusal("$.kind: engines take flex and box cases, not \(other)")
            }
        } catch let refusal as LayoutRefusal {
            throw refusal
        } catch {
            throw LayoutRefusal("the case is not a readable box or flex case: \(error)")
        }
    }

    /// The case as a flex case: itself, or a box case's translation (`BoxToFlex`).
    /// - Throws: `LayoutRefusal` naming the JSON path of a box property without a CSS equivalent.
    public func flexCase() throws(LayoutRefusal) -> FlexCase {
        switch self {
        case .flex(let flexCase): return flexCase
        case .box(let boxCase):
            do {
                return try BoxToFlex.translate(boxCase)
            } catch {
                throw LayoutRefusal(error.description)
            }
        }
    }
}

/// An engine cannot express a case (or a mode): `reason` names the property and its JSON path,
/// `$.root.children[1].style.display: grid is not supported`. The suite skips the case; it is not a failure.
public struct LayoutRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    public var reason: String

    public init(_ reason: String) { self.reason = reason }

    public var description: String { reason }
}

extension InProcessLayoutEngine {
    public func info() throws -> EngineInfo {
        EngineInfo(name: name, version: "in process", timing: "in process; the whole layout call, building included")
    }

    public func layout(_ boxCase: BoxCase) throws -> [PeerFrame] {
        try layout(LayoutCase.box(boxCase).flexCase())
    }

    public func layout(_ layoutCase: LayoutCase, applying change: LayoutChange) throws -> [PeerFrame] {
        throw LayoutRefusal("\(change.key): not supported by \(name)")
    }

    public func bench(_ layoutCase: LayoutCase, iterations: Int, plan: BenchPlan) throws -> BenchBatch {
        guard case .fresh = plan else { throw LayoutRefusal("mode '\(plan.mode.rawValue)': not supported by \(name)") }
        let clock = ContinuousClock()
        var elapsed = Duration.zero
        var sink = 0
        for _ in 0..<max(1, iterations) {
            let start = clock.now
            let frames = try layout(layoutCase)
            elapsed += clock.now - start
            sink &+= frames.count
        }
        blackHole(Double(sink))
        return BenchBatch(nanosPerLayout: elapsed.nanoseconds / Double(max(1, iterations)))
    }

    /// `layout(_:)` of whichever case this is.
    public func layout(_ layoutCase: LayoutCase) throws -> [PeerFrame] {
        switch layoutCase {
        case .flex(let flexCase): try layout(flexCase)
        case .box(let boxCase): try layout(boxCase)
        }
    }
}

/// **The one bridge** from an in-process engine to the engine protocol every runner takes (`LayoutEngineAdapter`):
/// it decodes the case JSON the suite hands every engine, calls the engine, and turns a `LayoutRefusal` into the
/// refusal a subprocess adapter answers (`EngineError.adapter`), so the same verdict code judges both.
public struct InProcessEngineAdapter: LayoutEngineAdapter {
    public let engine: any InProcessLayoutEngine

    public init(_ engine: any InProcessLayoutEngine) { self.engine = engine }

    public var name: String { engine.name }

    public func info() throws -> EngineInfo { try engine.info() }

    /// Pixel rounding is refused: in-process engines answer their own unrounded layout.
    public func layout(caseJSON: Data, change: LayoutChange?, rounding: Bool) throws -> [PeerFrame] {
        try refusingAsAdapter {
            if rounding { throw LayoutRefusal("rounding: \(name) does not round") }
            let layoutCase = try LayoutCase(caseJSON: caseJSON)
            guard let change else { return try engine.layout(layoutCase) }
            return try engine.layout(layoutCase, applying: change)
        }
    }

    public func bench(caseJSON: Data, iterations: Int, plan: BenchPlan) throws -> BenchBatch {
        try refusingAsAdapter { try engine.bench(LayoutCase(caseJSON: caseJSON), iterations: iterations, plan: plan) }
    }

    /// Runs `body`, a `LayoutRefusal` becoming `EngineError.adapter` under the engine's name.
    private func refusingAsAdapter<Answer>(_ body: () throws -> Answer) throws -> Answer {
        do {
            return try body()
        } catch let refusal as LayoutRefusal {
            throw EngineError.adapter(engine: name, message: refusal.reason)
        }
    }
}
