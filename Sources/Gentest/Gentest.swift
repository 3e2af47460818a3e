import BoxLayout
import CanonicalJSON
import CaseIO
import Engines
import Foundation
import LayoutCore

/// The Chrome-answered corpus (docs/gentest.md): generate cases in the coincident subset, ask an oracle engine
/// (headless Chromium through its adapter) for their frames, and keep a case only when the answer is exact in the
/// case format and the reference agrees with it exactly.
public enum Gentest {
    /// What happened to each generated case of a run.
    public struct Tally: Sendable {
        public var kept: [CoincidentProfile: Int] = [:]
        public var discarded: [DiscardReason: Int] = [:]
        /// Cases the oracle answered exactly but the reference laid out differently: each needs investigating
        /// (a reference bug, or a semantic difference the subset must exclude). None is written to the corpus.
        public var disagreements: [(name: String, lines: [String])] = []
        public var generated = 0

        public var keptCount: Int { kept.values.reduce(0, +) }

        /// `kept 1000 of 1234 generated (hbox 100, …); discarded: overflow 12, …; disagreements: 0`.
        public var summary: String {
            let perProfile = CoincidentProfile.allCases.map { "\($0.rawValue) \(kept[$0] ?? 0)" }.joined(
                separator: ", ")
            let reasons = DiscardReason.allCases.map { "\($0.rawValue) \(discarded[$0] ?? 0)" }.joined(separator: ", ")
            return "kept \(keptCount) of \(generated) generated (\(perProfile))\n"
                + "discarded \(discarded.values.reduce(0, +)): \(reasons)\n"
                + "disagreements with the reference: \(disagreements.count)"
        }
    }

    /// The verdict on one generated case.
    public enum Verdict: Sendable {
        case keep([PeerFrame])
        case discard(DiscardReason)
        /// The reference differs from a valid, exact oracle answer; one line per difference.
        case disagree([String])
    }

    /// The frames of `boxCase` as the reference engine lays it out.
    public static func referenceFrames(_ boxCase: BoxCase) -> [PeerFrame] {
        let engine = BoxLayoutEngine(root: boxCase.root, measurer: FixedAdvanceTextMeasurer())
        engine.layout(proposal: boxCase.proposal)
        return engine.frames().frames
    }

    /// The case as the peers receive it: the case JSON without `expect`, `source` or `description`.
    public static func requestJSON(_ boxCase: BoxCase) throws -> Data {
        var bare = boxCase
        bare.expect = nil
        bare.description = nil
        return Data(try caseDocument(bare).line.utf8)
    }

    /// The case as canonical JSON, with single alignment names written as strings (`"top"`, not `["top"]`).
    public static func caseDocument(_ boxCase: BoxCase) throws -> CanonicalJSON {
        func simplified(_ value: CanonicalJSON) -> CanonicalJSON {
            switch value {
            case .object(let members):
                return .object(
                    Dictionary(
                        uniqueKeysWithValues: members.map { key, member in
                            if key == "alignment" || key == "justifyContent", case .array(let names) = member,
                                names.count == 1
                            {
                                return (key, names[0])
                            }
                            return (key, simplified(member))
                        }))
            case .array(let items): return .array(items.map(simplified))
            default: return value
            }
        }
        return simplified(try CanonicalJSON(encoding: boxCase))
    }

    /// Judges one generated case, cheapest test first: 1. the overflow rule on the reference layout, then the
    /// peers' known differences; 2. the oracle's answer (a refusal is counted); 3. whole pixels; 4. the reference
    /// equals the answer exactly.
    public static func judge(_ boxCase: BoxCase, oracle: any LayoutEngineAdapter) throws -> Verdict {
        let reference = referenceFrames(boxCase)
        if let reason = OverflowRule.discardReason(for: boxCase, frames: reference) { return .discard(reason) }
        if !KnownPeerDifference.found(in: boxCase, frames: reference).isEmpty { return .discard(.peerKnown) }
        let answer: [PeerFrame]
        do {
            answer = try oracle.layout(caseJSON: try requestJSON(boxCase))
        } catch EngineError.adapter {
            return .discard(.refused)
        }
        let isWhole = answer.allSatisfy { frame in
            [frame.frame.x, frame.frame.y, frame.frame.width, frame.frame.height].allSatisfy { $0.rounded() == $0 }
        }
        guard isWhole else { return .discard(.fractional) }
        let lines = compareFrames(expected: answer, actual: reference, tolerance: 0)
        return lines.isEmpty ? .keep(answer) : .disagree(lines)
    }

    /// Generates cases 0, 1, 2, … of `seed` until `count` are kept (or `count × 20` were tried), and hands each
    /// kept case, with the oracle's frames as its `expect`, to `write`.
    public static func generate(
        seed: UInt64, count: Int, oracle: any LayoutEngineAdapter, write: (GeneratedCase, BoxCase) throws -> Void
    ) throws -> Tally {
        let generator = CoincidentCaseGenerator(seed: seed)
        var tally = Tally()
        var index = 0
        while tally.keptCount < count, index < count * 20 {
            let generated = generator.makeCase(index: index)
            index += 1
            tally.generated += 1
            switch try judge(generated.boxCase, oracle: oracle) {
            case .keep(let frames):
                var kept = generated.boxCase
                kept.expect = BoxFrames(frames: frames.map { BoxFrame(path: $0.path, frame: $0.frame) })
                try write(generated, kept)
                tally.kept[generated.profile, default: 0] += 1
            case .discard(let reason):
                tally.discarded[reason, default: 0] += 1
            case .disagree(let lines):
                tally.disagreements.append((generated.name, lines))
            }
        }
        return tally
    }

    /// The corpus file of a kept case: the box case, its `expect` frames and a `source` naming the oracle.
    public static func corpusFile(_ kept: BoxCase, source: Source) throws -> String {
        try caseDocument(kept).setting("source", to: source.json).text
    }

    /// Where a corpus case's answer comes from (docs/gentest.md): `{"engine","version","generator","seed","profile"}`.
    public struct Source: Hashable, Sendable {
        public var engine: String
        public var version: String
        public var generator: String
        public var seed: UInt64
        public var profile: String

        public init(engine: String, version: String, generator: String, seed: UInt64, profile: String) {
            self.engine = engine
            self.version = version
            self.generator = generator
            self.seed = seed
            self.profile = profile
        }

        var json: CanonicalJSON {
            .object([
                "engine": .string(engine), "version": .string(version), "generator": .string(generator),
                "seed": .number(Double(seed)), "profile": .string(profile),
            ])
        }
    }
}

// MARK: Checking a corpus again

extension Gentest {
    /// One corpus case read back: its file, the case without `source`, and the `source` version.
    public struct CorpusCase: Sendable {
        public var file: String
        public var boxCase: BoxCase
        public var version: String?
    }

    /// Every `*.json` in `directory`, sorted by name, decoded strictly once `source` is set aside.
    /// - Throws: `InputError` naming the file and the JSON path of the first problem.
    public static func readCorpus(_ directory: String) throws -> [CorpusCase] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return try names.filter { $0.hasSuffix(".json") }.sorted().map { name in
            let file = directory + "/" + name
            let data = try CaseLoader.readFile(file, limit: CaseLoader.maxFileBytes)
            let document: CanonicalJSON
            do {
                document = try CanonicalJSON(parsing: data)
            } catch {
                let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
                throw InputError(file: file, message: "malformed JSON: \(detail)")
            }
            guard case .string(let version)? = document["source"]?["version"] else {
                throw InputError(
                    file: file, jsonPath: "$.source.version", message: "a corpus case names its oracle's version")
            }
            do {
                let bare = Data(document.removing(["source"]).line.utf8)
                return CorpusCase(
                    file: file, boxCase: try JSONDecoder().decode(BoxCase.self, from: bare), version: version)
            } catch {
                throw InputError(file: file, decoding: error)
            }
        }
    }

    /// The differences between a case's `expect` and `frames`, exactly (these answers are whole pixels).
    public static func differences(_ corpusCase: CorpusCase, _ frames: [PeerFrame]) -> [String] {
        compareFrames(expected: corpusCase.boxCase.expect?.frames ?? [], actual: frames, tolerance: 0)
    }
}
