import BoxLayout
import CanonicalJSON
import Engines
import Flexbox
import Foundation
import Gentest
import Judging
import LayoutCore

/// Reduces an engine's failures on flex cases to causes (docs/causes.md): each failure is shrunk
/// (`FlexCaseShrinker`) to a minimal case on which the engine still differs from the oracle, and the minimal cases
/// are grouped by their `CauseSignature`, the properties that had to stay and the shape of the difference.
///
/// **Two oracles.** The failure itself is judged against the case's own `expect`. A shrunk case has none, so each
/// candidate is judged against `oracle`'s answer: Chromium, or the reference when the caller asks for speed (the
/// reference agrees with the browsers on the corpus; it is used only where it gives the case's own `expect` on the
/// unshrunk case, and a cause's minimal case is then answered by the browsers, `confirm`).
public struct CauseFinder: Sendable {
    /// The engine whose failures are explained.
    public var engine: any LayoutEngineAdapter
    /// What judges a shrunk case.
    public var oracle: any LayoutEngineAdapter
    /// The oracle's own resolution, added to the engine's tolerance: 1/64 px for a browser, 0 for the reference.
    public var oracleTolerance: Double
    /// The most candidates the shrinker tries for one failure.
    public var shrinkBudget = 600
    /// The same engine waiting longer: given a time limit, an adapter that answers within it. Only a finding of
    /// slowness (`FlexFinding.timeLimit`) asks it, to judge a case the engine does not answer within its own limit
    /// (docs/causes.md "How a timeout is judged"); nil where the engine has no limit to lengthen.
    public var patientEngine: (@Sendable (Duration) -> any LayoutEngineAdapter)?

    public init(engine: any LayoutEngineAdapter, oracle: any LayoutEngineAdapter, oracleTolerance: Double) {
        self.engine = engine
        self.oracle = oracle
        self.oracleTolerance = oracleTolerance
    }

    /// A case the engine fails: its own expectation and the engine's answer.
    public struct Failure: Sendable {
        public var identifier: String
        public var family: String?
        public var flexCase: FlexCase
        public var answer: [PeerFrame]
        /// The first differences, in the conformance runner's words.
        public var differences: [String]
        /// True when the engine gave no answer within its time limit: `answer` is empty, and only a finding of
        /// slowness can explain it.
        public var timedOut = false
    }

    /// One failure reduced: its minimal case (`expect` the oracle's answer) and the engine's answer to it.
    public struct Reduction: Sendable {
        public var identifier: String
        public var family: String?
        public var minimal: FlexCase
        public var answer: [PeerFrame]
        public var differences: [String]
        public var signature: CauseSignature
        /// False when the case stayed as it was: the oracle did not give the case's own `expect` on it, so no
        /// smaller case could be judged.
        public var shrunk: Bool
        /// The named causes that explain the failure, checked in this run (`attribute`), and by what evidence;
        /// empty while none does.
        public var causes: [String] = []
        public var evidence: Evidence?
    }

    /// What shows that named causes explain a failure (docs/causes.md "Which causes explain a failure").
    public enum Evidence: String, Codable, Sendable {
        /// With the findings' counterfactuals applied to the whole case, the engine gets the oracle's answer.
        case counterfactual
        /// The failure's minimal case has the finding's signature.
        case signature
    }

    /// How far the engine's answer may be from an expectation: its own tolerance, the oracle's and the case's.
    func tolerance(_ flexCase: FlexCase) -> Double {
        max(EngineCatalogue.geometryTolerance(of: engine.name), oracleTolerance, flexCase.tolerance.geometry)
    }

    /// The engine's failure on `flexCase`, or nil when it passes, refuses or cannot answer otherwise than by running
    /// out of time (those are not failures a minimal case explains) or the case has no `expect`. An answer that
    /// does not come within the engine's time limit is a failure (`Failure.timedOut`), as `conform` counts it.
    public func failure(_ identifier: String, family: String?, _ flexCase: FlexCase) -> Failure? {
        guard let expect = flexCase.expect, let request = try? FlexFuzzer.requestJSON(flexCase) else { return nil }
        let answer: [PeerFrame]
        do {
            answer = try engine.layout(caseJSON: request)
        } catch EngineError.timedOut {
            return Failure(
                identifier: identifier, family: family, flexCase: flexCase, answer: [],
                differences: ["no reply within the engine's time limit"], timedOut: true)
        } catch {
            return nil
        }
        let lines = differences(expect.frames, answer, tolerance: tolerance(flexCase))
        guard !lines.isEmpty else { return nil }
        return Failure(identifier: identifier, family: family, flexCase: flexCase, answer: answer, differences: lines)
    }

    /// The differences of `answer` from `expected`, only on the nodes `expected` lists.
    func differences(_ expected: [PeerFrame], _ answer: [PeerFrame], tolerance: Double) -> [String] {
        mismatches(expected, answer, tolerance: tolerance).map(\.mismatch.description)
    }

    func mismatches(_ expected: [PeerFrame], _ answer: [PeerFrame], tolerance: Double) -> [(
        path: [Int], mismatch: GeometryMismatch
    )] {
        judgedMismatches(expected: expected, answer: answer, engine: engine.name, caseTolerance: tolerance)
    }

    /// Answers asked of the oracle and the engine, by request, shared by every shrink of a run: shrinking many
    /// failures of one engine passes the same small cases again and again.
    public final class Answers: @unchecked Sendable {
        var oracle: [Data: [PeerFrame]?] = [:]
        var engine: [Data: [PeerFrame]?] = [:]
        /// The patient engine's answers, by its time limit in seconds (`CauseFinder.patient`).
        var patient: [Double: Answers] = [:]
        public init() {}
    }

    /// The oracle's answer to `flexCase` (nil when it cannot answer), asked once per request.
    func oracleAnswer(_ flexCase: FlexCase, _ answers: Answers) -> [PeerFrame]? {
        Self.ask(oracle, flexCase, &answers.oracle)
    }

    /// The engine's answer to `flexCase` (nil when it refuses or cannot answer), asked once per request.
    func engineAnswer(_ flexCase: FlexCase, _ answers: Answers) -> [PeerFrame]? {
        Self.ask(engine, flexCase, &answers.engine)
    }

    static func ask(_ adapter: any LayoutEngineAdapter, _ flexCase: FlexCase, _ cache: inout [Data: [PeerFrame]?])
        -> [PeerFrame]?
    {
        guard let key = try? FlexFuzzer.requestJSON(flexCase) else { return nil }
        if let known = cache[key] { return known }
        var frames: [PeerFrame]?
        if case .frames(let answered) = FlexFuzzer.ask(adapter, flexCase) { frames = answered }
        cache[key] = frames
        return frames
    }

    /// Whether the oracle stands in for the failure's own `expect`: it gives that answer on the unshrunk case.
    func oracleGivesExpect(_ failure: Failure, _ answers: Answers) -> Bool {
        guard let start = oracleAnswer(failure.flexCase, answers) else { return false }
        return differences(failure.flexCase.expect?.frames ?? [], start, tolerance: tolerance(failure.flexCase))
            .isEmpty
    }

    /// 1. Check that the oracle gives the case's own `expect` (else keep the case as it is); 2. shrink while the
    /// engine still differs from the oracle, by half a pixel or more when the failure did; 3. the signature of what
    /// is left.
    public func reduce(_ failure: Failure, answers: Answers = Answers()) -> Reduction {
        let expect = failure.flexCase.expect?.frames ?? []
        // A case the engine does not answer in time is not shrunk: every candidate would wait as long.
        if failure.timedOut {
            return Reduction(
                identifier: failure.identifier, family: failure.family, minimal: failure.flexCase, answer: [],
                differences: failure.differences, signature: CauseSignature(timedOut: failure.flexCase),
                shrunk: false)
        }
        let wholePixels = FlexFuzzer.largestDifference(expect, failure.answer) >= 0.5
        let unshrunk = Reduction(
            identifier: failure.identifier, family: failure.family, minimal: failure.flexCase, answer: failure.answer,
            differences: failure.differences,
            signature: CauseSignature(
                failure.flexCase, expected: expect,
                mismatches: mismatches(
                    expect, failure.answer, tolerance: tolerance(failure.flexCase))),
            shrunk: false)
        // 1. The oracle stands in for the expectation only where it gives it.
        guard oracleGivesExpect(failure, answers) else { return unshrunk }
        // 2. Shrink.
        var minimal = FlexCaseShrinker.shrink(failure.flexCase, budget: shrinkBudget) { candidate in
            guard let expected = oracleAnswer(candidate, answers), let answer = engineAnswer(candidate, answers),
                !differences(expected, answer, tolerance: tolerance(candidate)).isEmpty
            else { return false }
            return !wholePixels || FlexFuzzer.largestDifference(expected, answer) >= 0.5
        }
        guard let expected = oracleAnswer(minimal, answers), let answer = engineAnswer(minimal, answers)
        else { return unshrunk }
        // 3. The minimal case carries the oracle's answer; `source` is written once browsers confirm it.
        minimal.expect = BoxFrames(frames: expected)
        minimal.source = nil
        minimal.tolerance = Tolerance()
        let found = mismatches(expected, answer, tolerance: tolerance(minimal))
        return Reduction(
            identifier: failure.identifier, family: failure.family, minimal: minimal, answer: answer,
            differences: found.map(\.mismatch.description),
            signature: CauseSignature(minimal, expected: expected, mismatches: found), shrunk: true)
    }
}
