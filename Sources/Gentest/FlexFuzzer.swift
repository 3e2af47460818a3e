import BoxLayout
import CanonicalJSON
import Engines
import Flexbox
import Foundation
import LayoutCore

/// Differential fuzzing of flex engines against an oracle (docs/gentest.md "Fuzzing flex cases"): generated flex
/// cases (`FlexCaseGenerator`) laid out by the oracle (headless Chromium) and by each peer; a peer's refusal is
/// counted by reason, and a peer whose frames differ from the oracle's by more than `tolerance` is a disagreement,
/// which is attributed to a feature family and shrunk (`FlexCaseShrinker`) to a minimal case that still disagrees
/// the same way.
public struct FlexFuzzer: Sendable {
    public var oracle: any LayoutEngineAdapter
    public var peers: [any LayoutEngineAdapter]
    /// The oracle lays out in 1/64 px LayoutUnits, so differences up to one unit are not disagreements.
    public var tolerance = 1.0 / 64
    /// The most candidates the shrinker tries for one disagreement.
    public var shrinkBudget = 1500

    public init(oracle: any LayoutEngineAdapter, peers: [any LayoutEngineAdapter]) {
        self.oracle = oracle
        self.peers = peers
    }

    /// The family of a disagreement that needs no family's properties (e.g. Yoga's missing automatic minimum size).
    public static let coreFamily = "core"

    /// One engine's answer to one case.
    public enum Answer: Sendable {
        case frames([PeerFrame])
        /// The adapter refused the case (`EngineError.adapter`); the reason without its JSON path.
        case refused(String)
        /// Anything else went wrong (the adapter died, timed out or broke the protocol).
        case failed(String)
    }

    /// A minimal disagreement of one peer with the oracle.
    public struct Finding: Sendable {
        /// `fuzz-<engine>-<family>-<index>`.
        public var name: String
        public var engine: String
        /// The feature family the disagreement needs (a `FlexProfile` name), or `core`.
        public var family: String
        public var profile: String
        /// The generated case it started from, and its differences (oracle expected, peer got).
        public var original: FlexCase
        public var originalDifferences: [String]
        /// The shrunk case, with the oracle's frames as `expect` and a `source` naming the oracle and the generator.
        public var minimal: FlexCase
        public var differences: [String]
        public var originalSize: Int
        public var minimalSize: Int
        /// The earlier finding of the same engine that shrank to the same case, if any.
        public var duplicateOf: String?
    }

    /// What one peer saw.
    public struct EngineTally: Sendable {
        public var engine: String
        public var checked = 0
        public var agreed = 0
        /// Refusals by reason (the adapter's message without its JSON path).
        public var refused: [String: Int] = [:]
        /// Failures (not refusals) by message.
        public var failed: [String: Int] = [:]
        /// Disagreements by family.
        public var disagreements: [String: Int] = [:]

        public var refusedCount: Int { refused.values.reduce(0, +) }
        public var disagreementCount: Int { disagreements.values.reduce(0, +) }
        public var failedCount: Int { failed.values.reduce(0, +) }

        /// `yoga: 300 checked, 201 agreed (67.0 %), 60 refused (Yoga has no order 31, …), 39 disagreements (core 20,
        /// min-max 8, …)`: the five commonest refusal reasons, every family.
        public var summary: String {
            let share = checked == 0 ? 0 : 100 * Double(agreed) / Double(checked)
            let compared = checked - refusedCount - failedCount
            let comparedShare = compared == 0 ? 0 : 100 * Double(agreed) / Double(compared)
            var line =
                "\(engine): \(checked) checked, \(agreed) agreed ("
                + String(format: "%.1f %% of all, %.1f %% of the %d compared", share, comparedShare, compared) + ")"
            line += ", \(refusedCount) refused" + Self.counts(refused, limit: 5)
            if failedCount > 0 { line += ", \(failedCount) failed" + Self.counts(failed, limit: 3) }
            line += ", \(disagreementCount) disagreements" + Self.counts(disagreements, limit: nil)
            return line
        }

        /// ` (a 3, b 1)`, commonest first, then by name; empty for no counts.
        static func counts(_ counts: [String: Int], limit: Int?) -> String {
            guard !counts.isEmpty else { return "" }
            let sorted = counts.sorted { ($0.value, $1.key) > ($1.value, $0.key) }
            let shown = sorted.prefix(limit ?? sorted.count).map { "\($0.key) \($0.value)" }
            let more = sorted.count - shown.count
            return " (" + shown.joined(separator: ", ") + (more > 0 ? ", \(more) more" : "") + ")"
        }
    }

    /// What a run saw.
    public struct Tally: Sendable {
        public var cases = 0
        /// Cases the oracle could not answer, by reason (none expected: every generated case is valid CSS).
        public var oracleRefused: [String: Int] = [:]
        public var engines: [EngineTally]
        public var findings: [Finding] = []
        /// Cases per profile.
        public var profiles: [String: Int] = [:]

        init(engines: [String]) { self.engines = engines.map { EngineTally(engine: $0) } }

        public var distinctFindings: [Finding] { findings.filter { $0.duplicateOf == nil } }
    }

    // MARK: Asking engines

    /// The case as engines receive it: its canonical JSON on one line, without `expect`, `source` or `description`.
    public static func requestJSON(_ flexCase: FlexCase) throws -> Data {
        var bare = flexCase
        bare.expect = nil
        bare.source = nil
        bare.description = nil
        return Data(try CanonicalJSON(encoding: bare).line.utf8)
    }

    /// `engine`'s frames for `flexCase`, its refusal, or its failure.
    public static func ask(_ engine: any LayoutEngineAdapter, _ flexCase: FlexCase) -> Answer {
        do {
            return .frames(try engine.layout(caseJSON: try requestJSON(flexCase)))
        } catch EngineError.adapter(_, let message) {
            return .refused(refusalReason(message))
        } catch {
            return .failed("\(error)")
        }
    }

    /// A refusal's reason without the JSON path it starts with and without its explanation, so that refusals
    /// group: `$.case.root.children[1].values.order: Yoga has no order` → `Yoga has no order`;
    /// `…: Taffy 0.7.7 has no flex-basis: content (it is auto …)` → `Taffy 0.7.7 has no flex-basis: content`.
    public static func refusalReason(_ message: String) -> String {
        var text = Substring(message)
        if text.hasPrefix("$"), let colon = text.range(of: ": ") { text = text[colon.upperBound...] }
        for separator in [" (", ": it ", ": Taffy ", "; "] {
            if let range = text.range(of: separator) { text = text[..<range.lowerBound] }
        }
        return String(text)
    }

    /// The differences of `actual` from the oracle's `expected` frames, in the conformance runner's words.
    func differences(_ expected: [PeerFrame], _ actual: [PeerFrame]) -> [String] {
        compareFrames(expected: expected, actual: actual, tolerance: tolerance)
    }

    /// The largest difference of one field between two frame lists (infinity when a frame is missing on either side).
    public static func largestDifference(_ expected: [PeerFrame], _ actual: [PeerFrame]) -> Double {
        let actualByPath = Dictionary(actual.map { ($0.path, $0.frame) }, uniquingKeysWith: { first, _ in first })
        guard Set(expected.map(\.path)) == Set(actualByPath.keys) else { return .infinity }
        return expected.reduce(0) { largest, frame in
            let other = actualByPath[frame.path]!
            return max(
                largest, abs(frame.frame.x - other.x), abs(frame.frame.y - other.y),
                abs(frame.frame.width - other.width), abs(frame.frame.height - other.height))
        }
    }

    /// The oracle's and `peer`'s answers, and the differences when both laid the case out; nil differences when
    /// either did not.
    func compare(_ flexCase: FlexCase, peer: any LayoutEngineAdapter) -> (
        expected: [PeerFrame], lines: [String], largest: Double
    )? {
        guard case .frames(let expected) = Self.ask(oracle, flexCase),
            case .frames(let actual) = Self.ask(peer, flexCase)
        else { return nil }
        return (expected, differences(expected, actual), Self.largestDifference(expected, actual))
    }

    // MARK: Families

    /// The family a disagreement of `peer` on `flexCase` needs: the first of `profile` and then the other
    /// profiles whose properties the case gives and without which the peer agrees with the oracle; `core` when none.
    func family(of flexCase: FlexCase, profile: FlexProfile, peer: any LayoutEngineAdapter) -> String {
        let order = [profile] + FlexProfile.allCases.filter { $0 != profile }
        for candidate in order where candidate != .nesting && candidate.isPresent(in: flexCase) {
            if let result = compare(candidate.stripped(flexCase), peer: peer), result.lines.isEmpty {
                return candidate.rawValue
            }
        }
        return Self.coreFamily
    }

    /// Whether `candidate` shows the disagreement the same way: the peer still differs from the oracle (by half a
    /// pixel or more when the original did); for a family, the family's properties are still there and the peer
    /// agrees without them.
    func disagreesTheSameWay(
        _ candidate: FlexCase, peer: any LayoutEngineAdapter, family: FlexProfile?, wholePixels: Bool
    ) -> Bool {
        if let family, !family.isPresent(in: candidate) { return false }
        guard let result = compare(candidate, peer: peer), !result.lines.isEmpty else { return false }
        if wholePixels, result.largest < 0.5 { return false }
        guard let family else { return true }
        guard let stripped = compare(family.stripped(candidate), peer: peer) else { return false }
        return stripped.lines.isEmpty
    }

    // MARK: The run

    /// Checks cases `first`, `first + 1`, … of `seed` while `shouldContinue(tally)` holds: each is laid out by the
    /// oracle and every peer, and each disagreement is attributed to a family and shrunk. `oracleVersion` goes
    /// into each finding's `source`; `found` is called with each finding as it is made.
    public func run(
        seed: UInt64, first: Int = 0, oracleVersion: String, shouldContinue: (Tally) -> Bool,
        found: (Finding) -> Void = { _ in }
    ) -> Tally {
        let generator = FlexCaseGenerator(seed: seed)
        var tally = Tally(engines: peers.map(\.name))
        var seen: [String: String] = [:]
        var index = first
        while shouldContinue(tally) {
            let generated = generator.makeCase(index: index)
            index += 1
            tally.cases += 1
            tally.profiles[generated.profile.rawValue, default: 0] += 1
            let expected: [PeerFrame]
            switch Self.ask(oracle, generated.flexCase) {
            case .frames(let frames): expected = frames
            case .refused(let reason), .failed(let reason):
                tally.oracleRefused[reason, default: 0] += 1
                continue
            }
            for (slot, peer) in peers.enumerated() {
                tally.engines[slot].checked += 1
                let actual: [PeerFrame]
                switch Self.ask(peer, generated.flexCase) {
                case .frames(let frames): actual = frames
                case .refused(let reason):
                    tally.engines[slot].refused[reason, default: 0] += 1
                    continue
                case .failed(let message):
                    tally.engines[slot].failed[String(message.prefix(120)), default: 0] += 1
                    continue
                }
                let lines = differences(expected, actual)
                if lines.isEmpty {
                    tally.engines[slot].agreed += 1
                    continue
                }
                var finding = shrink(
                    generated, peer: peer, lines: lines, wholePixels: Self.largestDifference(expected, actual) >= 0.5,
                    seed: seed, oracleVersion: oracleVersion)
                tally.engines[slot].disagreements[finding.family, default: 0] += 1
                var bare = finding.minimal
                bare.name = "-"
                let key =
                    peer.name + "\n" + ((try? Self.requestJSON(bare)).map { String(decoding: $0, as: UTF8.self) } ?? "")
                finding.duplicateOf = seen[key]
                if finding.duplicateOf == nil { seen[key] = finding.name }
                tally.findings.append(finding)
                found(finding)
            }
        }
        return tally
    }

    /// Shrinks one disagreement of `peer` on a generated case, keeping its family and (when the original was off by
    /// half a pixel or more) its size; the minimal case gets the oracle's frames and a `source`.
    func shrink(
        _ generated: GeneratedFlexCase, peer: any LayoutEngineAdapter, lines: [String], wholePixels: Bool,
        seed: UInt64, oracleVersion: String
    ) -> Finding {
        var familyName = family(of: generated.flexCase, profile: generated.profile, peer: peer)
        let family = FlexProfile(rawValue: familyName)
        var minimal = FlexCaseShrinker.shrink(generated.flexCase, budget: shrinkBudget) { candidate in
            disagreesTheSameWay(candidate, peer: peer, family: family, wholePixels: wholePixels)
        }
        // A disagreement no single family explained may shrink to one that a family does: name it after that.
        if family == nil { familyName = self.family(of: minimal, profile: generated.profile, peer: peer) }
        let digits = String(generated.index)
        let name = "fuzz-\(peer.name)-\(familyName)-" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits
        let result = compare(minimal, peer: peer)
        minimal.name = name
        minimal.description =
            "Shrunk by ristretto gentest --fuzz-flex from \(generated.name) of seed \(seed): \(peer.name) differs "
            + "from \(oracle.name) (\(familyName)): " + (result?.lines.prefix(3).joined(separator: "; ") ?? "")
        if let result { minimal.expect = BoxFrames(frames: result.expected) }
        minimal.source = FlexCaseSource(
            engines: [oracleVersion],
            origin: .generator("fuzz-flex", seed: String(seed), profile: generated.profile.rawValue))
        return Finding(
            name: name, engine: peer.name, family: familyName, profile: generated.profile.rawValue,
            original: generated.flexCase, originalDifferences: lines, minimal: minimal,
            differences: result?.lines ?? [], originalSize: FlexCaseShrinker.size(of: generated.flexCase),
            minimalSize: FlexCaseShrinker.size(of: minimal))
    }

    /// A finding's minimal case as a flex case file (canonical JSON).
    public static func caseText(_ finding: Finding) throws -> String {
        try CanonicalJSON(encoding: finding.minimal).text
    }

    /// Generated case `index` of `seed` as canonical JSON, for reproducibility checks.
    public static func generatedCaseText(seed: UInt64, index: Int) throws -> String {
        try CanonicalJSON(encoding: FlexCaseGenerator(seed: seed).makeCase(index: index).flexCase).text
    }

    /// The profile names, in the order cases take them.
    public static var profileNames: [String] { FlexProfile.allCases.map(\.rawValue) }
}
