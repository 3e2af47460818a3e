import BoxLayout
import Engines
import Foundation
import LayoutCore

/// Differential fuzzing of the box engine (docs/gentest.md "The differential fuzzer"): generated cases in the
/// coincident subset, laid out by the reference and every peer (pixel rounding off), compared frame by frame
/// within 0.01. A disagreement is shrunk to a minimal case that still disagrees.
public struct DifferentialFuzzer: Sendable {
    public var peers: [any LayoutEngineAdapter]
    public var tolerance = 0.01

    public init(peers: [any LayoutEngineAdapter]) { self.peers = peers }

    /// A minimal disagreement: the generated case it started from, the shrunk case and each peer's differences.
    public struct Finding: Sendable {
        public var name: String
        public var original: BoxCase
        public var originalDifferences: [String]
        public var minimal: BoxCase
        public var differences: [String]
    }

    /// What a run saw.
    public struct Tally: Sendable {
        public var checked = 0
        public var agreed = 0
        public var discarded: [DiscardReason: Int] = [:]
        /// Per peer: cases not compared because a known difference of that peer applies.
        public var known: [String: Int] = [:]
        /// Peer refusals of in-subset cases: adapter gaps (the coincident subset of docs/design.md says they accept the whole subset).
        public var refusals: [String] = []
        public var findings: [Finding] = []

        public var summary: String {
            let reasons = DiscardReason.allCases.compactMap { reason in
                discarded[reason].map { "\(reason.rawValue) \($0)" }
            }
            let knownText = known.keys.sorted().map { "\($0) \(known[$0]!)" }
            return "\(checked) cases: \(agreed) agree, \(findings.count) disagreements, \(refusals.count) refused, "
                + "\(discarded.values.reduce(0, +)) discarded (\(reasons.isEmpty ? "none" : reasons.joined(separator: ", "))), "
                + "known peer differences not compared: \(knownText.isEmpty ? "none" : knownText.joined(separator: ", "))"
        }
    }

    /// The peers' differences from the reference on `boxCase`, one line each (`yoga: [0] width: expected 40, got
    /// 48`); empty when every peer agrees. Nil when the case is not a fair test: outside the subset, dropped by the
    /// overflow rule (`discard` says why), or refused by a peer (`refusal` gets the message). A peer whose known
    /// difference (`KnownPeerDifference`) the case runs into is not compared (`known` gets its name).
    public func differences(
        _ boxCase: BoxCase, discard: ((DiscardReason) -> Void)? = nil, refusal: ((String) -> Void)? = nil,
        known: ((String) -> Void)? = nil
    ) -> [String]? {
        guard CoincidentSubset.violation(in: boxCase) == nil else { return nil }
        let reference = Gentest.referenceFrames(boxCase)
        if let reason = OverflowRule.discardReason(for: boxCase, frames: reference) {
            discard?(reason)
            return nil
        }
        guard let request = try? Gentest.requestJSON(boxCase) else { return nil }
        let knownEngines = Set(KnownPeerDifference.found(in: boxCase, frames: reference).map(\.engine))
        var lines: [String] = []
        for peer in peers {
            if knownEngines.contains(peer.name) {
                known?(peer.name)
                continue
            }
            do {
                let frames = try peer.layout(caseJSON: request)
                lines += compareFrames(expected: reference, actual: frames, tolerance: tolerance).map {
                    "\(peer.name): \($0)"
                }
            } catch {
                refusal?("\(peer.name): \(error)")
                return nil
            }
        }
        return lines
    }

    /// Checks cases `first`, `first + 1`, … of `seed` while `shouldContinue()` holds, shrinking each disagreement.
    public func run(seed: UInt64, first: Int = 0, shouldContinue: (Tally) -> Bool) -> Tally {
        let generator = CoincidentCaseGenerator(seed: seed)
        var tally = Tally()
        var index = first
        while shouldContinue(tally) {
            let generated = generator.makeCase(index: index)
            index += 1
            tally.checked += 1
            var refused: String?
            guard
                let lines = differences(
                    generated.boxCase, discard: { tally.discarded[$0, default: 0] += 1 }, refusal: { refused = $0 },
                    known: { tally.known[$0, default: 0] += 1 })
            else {
                if let refused { tally.refusals.append("\(generated.name): \(refused)") }
                continue
            }
            if lines.isEmpty {
                tally.agreed += 1
                continue
            }
            // Shrink while the same engines still disagree, so the minimal case shows the same problem.
            let engines = Self.engines(in: lines)
            let minimal = CaseShrinker.shrink(generated.boxCase) { candidate in
                let found = differences(candidate) ?? []
                return !found.isEmpty && Self.engines(in: found) == engines
            }
            var named = minimal
            named.name = "fuzz-\(seed)-\(generated.index)"
            named.description = "Shrunk by the differential fuzzer from \(generated.name) of seed \(seed)."
            tally.findings.append(
                Finding(
                    name: named.name, original: generated.boxCase, originalDifferences: lines, minimal: named,
                    differences: differences(minimal) ?? []))
        }
        return tally
    }

    /// The engines named by difference lines (`yoga: …`).
    static func engines(in lines: [String]) -> Set<Substring> {
        Set(lines.compactMap { $0.split(separator: ":").first })
    }

    /// The frames two or more engines agree on (reference first, then the peers in order), for a finding's
    /// candidate golden; nil when all differ.
    public func majorityFrames(_ boxCase: BoxCase) -> [PeerFrame]? {
        guard let request = try? Gentest.requestJSON(boxCase) else { return nil }
        let answers = [Gentest.referenceFrames(boxCase)] + peers.compactMap { try? $0.layout(caseJSON: request) }
        for (index, answer) in answers.enumerated() {
            let others = answers[(index + 1)...]
            if others.contains(where: { compareFrames(expected: answer, actual: $0, tolerance: tolerance).isEmpty }) {
                return answer
            }
        }
        return nil
    }
}
