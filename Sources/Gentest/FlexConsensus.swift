import BoxLayout
import CanonicalJSON
import Engines
import Flexbox
import Foundation
import LayoutCore
import Synchronization

/// The flex corpus that three browser engines confirm (docs/gentest.md "The three-browser flex corpus"): generated
/// flex cases (`FlexCaseGenerator`) are laid out by every browser; a case they agree on within 1/64 px goes to the
/// corpus with their common answer as `expect`, and a case they disagree on goes to the interop suite with each
/// browser's frames as `answers`.
public struct FlexConsensus: Sendable {
    /// A browser engine and the name and version it reports (`Chromium 156.0.7444.175`), as `source.engines` and
    /// `answers[].engine` write it.
    public struct Browser: Sendable {
        public var adapter: any LayoutEngineAdapter
        public var version: String

        public init(adapter: any LayoutEngineAdapter, version: String) {
            self.adapter = adapter
            self.version = version
        }
    }

    /// The browsers, in the order their answers are written.
    public var browsers: [Browser]
    /// Two answers agree when every coordinate differs by at most one LayoutUnit (Chromium's and WebKit's 1/64 px;
    /// Firefox's app unit, 1/60 px, is within it when the others answer whole or 1/64 px values).
    public static let tolerance = SubprocessEngine.layoutUnit
    /// The generator's name in `source.generator`.
    public static let generatorName = "gentest-flex"

    public init(browsers: [Browser]) { self.browsers = browsers }

    /// Ends every browser adapter this consensus started.
    public func shutDown() {
        for browser in browsers { browser.adapter.shutDown() }
    }

    /// What the browsers made of one case.
    public enum Verdict: Sendable {
        /// Every browser answered and every pair agrees: the expected frames (per coordinate the median of the
        /// answers) and whether all answers were identical.
        case agreed(frames: [PeerFrame], identical: Bool)
        /// Every browser answered, and some pair differs: each browser's frames, in `browsers` order.
        case disagreed([FlexAnswer])
        /// A browser refused or failed the case twice: which one and why.
        case unanswered(engine: String, message: String)
    }

    /// Judges one case: 1. every browser lays it out at once (a failure is asked once more; a browser that fails
    /// twice or refuses leaves the case unanswered: every generated value is valid CSS, so that is an adapter bug
    /// to report); 2. the answers agree when each pair has the same frames within `tolerance`; 3. agreed frames
    /// are the median of the answers, coordinate by coordinate.
    public func judge(_ flexCase: FlexCase) -> Verdict {
        // 1. Ask.
        let answers = askAll(flexCase)
        var frames: [[PeerFrame]] = []
        for (browser, answer) in zip(browsers, answers) {
            switch answer {
            case .frames(let answered): frames.append(answered)
            case .refused(let message), .failed(let message):
                return .unanswered(engine: browser.version, message: message)
            }
        }
        // 2. Compare every pair.
        let agree = frames.indices.allSatisfy { first in
            frames.indices.allSatisfy { second in
                second <= first || FlexFuzzer.largestDifference(frames[first], frames[second]) <= Self.tolerance
            }
        }
        guard agree else {
            return .disagreed(zip(browsers, frames).map { FlexAnswer(engine: $0.version, frames: $1) })
        }
        // 3. The median answer.
        let identical = frames.allSatisfy { $0 == frames[0] }
        return .agreed(frames: identical ? frames[0] : Self.median(frames), identical: identical)
    }

    /// Each browser's answer, asked concurrently (each adapter is its own process); a failure is asked again.
    public func askAll(_ flexCase: FlexCase) -> [FlexFuzzer.Answer] {
        let answers = Mutex([FlexFuzzer.Answer?](repeating: nil, count: browsers.count))
        DispatchQueue.concurrentPerform(iterations: browsers.count) { slot in
            var answer = FlexFuzzer.ask(browsers[slot].adapter, flexCase)
            if case .failed = answer { answer = FlexFuzzer.ask(browsers[slot].adapter, flexCase) }
            answers.withLock { $0[slot] = answer }
        }
        return answers.withLock { $0.map { $0! } }
    }

    /// Per coordinate, the median of the answers (which list the same paths in the same order once they agree).
    static func median(_ answers: [[PeerFrame]]) -> [PeerFrame] {
        func middle(_ values: [Double]) -> Double {
            let sorted = values.sorted()
            return sorted.count % 2 == 1
                ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        }
        let byPath = answers.map { Dictionary($0.map { ($0.path, $0.frame) }, uniquingKeysWith: { first, _ in first }) }
        return answers[0].map { frame in
            let rects = byPath.map { $0[frame.path]! }
            let rect = Rect(
                x: middle(rects.map(\.x)), y: middle(rects.map(\.y)), width: middle(rects.map(\.width)),
                height: middle(rects.map(\.height)))
            return PeerFrame(path: frame.path, id: frame.id, frame: rect)
        }
    }

    /// A disagreement below this many px is rounding: each browser rounds to its own unit (1/64 or 1/60 px) at
    /// each level, and the errors add up through nested fractions.
    public static let roundingBound = 0.1

    /// The largest difference between any two answers (infinity when they list different elements).
    public static func largestDisagreement(_ answers: [FlexAnswer]) -> Double {
        var largest = 0.0
        for first in answers.indices {
            for second in answers.indices where second > first {
                largest = max(largest, FlexFuzzer.largestDifference(answers[first].frames, answers[second].frames))
            }
        }
        return largest
    }

    /// Which browser stands alone in a disagreement: the one whose answer differs from the other two when those
    /// two agree; nil when no two agree (or with other than three browsers).
    public static func oddOneOut(_ answers: [FlexAnswer]) -> String? {
        guard answers.count == 3 else { return nil }
        for alone in 0..<3 {
            let others = (0..<3).filter { $0 != alone }
            if FlexFuzzer.largestDifference(answers[others[0]].frames, answers[others[1]].frames) <= tolerance {
                return answers[alone].engine
            }
        }
        return nil
    }
}

// MARK: The corpus files

extension FlexConsensus {
    /// A generated case as written to the corpus or the interop suite: the case without its generator's
    /// description, the browsers' verdict (`expect`, with a 1/64 px tolerance when the answers were not identical,
    /// or `answers`), and a `source` naming every browser and the generator.
    public func corpusCase(_ generated: GeneratedFlexCase, verdict: Verdict, seed: UInt64) -> FlexCase? {
        var flexCase = generated.flexCase
        flexCase.description = nil
        flexCase.source = FlexCaseSource(
            engines: browsers.map(\.version),
            origin: .generator(Self.generatorName, seed: String(seed), profile: generated.profile.rawValue))
        switch verdict {
        case .agreed(let frames, let identical):
            flexCase.expect = BoxFrames(frames: frames)
            if !identical {
                flexCase.tolerance = Tolerance(
                    geometry: Self.tolerance,
                    reason: "the browsers agree within 1/64 px but not exactly; expect is their median")
            }
        case .disagreed(let answers):
            flexCase.answers = answers
        case .unanswered:
            return nil
        }
        return flexCase
    }

    /// A corpus file's text: compact canonical JSON on one line (the corpus holds thousands of cases).
    public static func fileText(_ flexCase: FlexCase) throws -> String {
        try CanonicalJSON(encoding: flexCase).line + "\n"
    }

    /// The file of a generated case below a suite folder: `<folder>/<profile>/<name>.json`, the profile being the
    /// case's feature family (docs/conformance.md "Families").
    public static func relativePath(_ generated: GeneratedFlexCase) -> String {
        "\(generated.profile.rawValue)/\(generated.name).json"
    }

    /// The index in a generated case's name (`wrap-00012` → 12), nil for other names.
    public static func generatedIndex(ofName name: String) -> Int? {
        guard let dash = name.lastIndex(of: "-"), let index = Int(name[name.index(after: dash)...]),
            FlexProfile(rawValue: String(name[..<dash])) != nil
        else { return nil }
        return index
    }
}

// MARK: The run

extension FlexConsensus {
    /// What a run saw, per family (the case's profile).
    public struct Tally: Sendable {
        public var generated = 0
        public var agreed: [String: Int] = [:]
        /// Cases whose answers were not identical but within 1/64 px (kept, with that tolerance).
        public var agreedWithin: Int = 0
        public var disagreed: [String: Int] = [:]
        /// Per family, which browser stood alone (`oddOneOut`), or `none` when no two browsers agreed.
        public var alone: [String: [String: Int]] = [:]
        /// Per family, the disagreements smaller than `roundingBound` (LayoutUnit rounding that accumulated past
        /// 1/64 px, rather than a different layout).
        public var rounding: [String: Int] = [:]
        /// Cases a browser did not answer: `engine: message` and the case name.
        public var unanswered: [(name: String, engine: String, message: String)] = []

        public var agreedCount: Int { agreed.values.reduce(0, +) }
        public var disagreedCount: Int { disagreed.values.reduce(0, +) }

        /// One line per family and a total: `wrap: 480 agreed, 21 disagree (Firefox … alone 12, …)`.
        public var lines: [String] {
            var lines = FlexProfile.allCases.map(\.rawValue).map { family in
                var line = "\(family): \(agreed[family] ?? 0) agreed, \(disagreed[family] ?? 0) disagree"
                if let rounding = rounding[family] { line += ", \(rounding) of them by less than 0.1 px" }
                if let alone = alone[family], !alone.isEmpty {
                    line +=
                        " ("
                        + alone.sorted { $0.key < $1.key }.map { "\($0.key) alone \($0.value)" }.joined(
                            separator: ", ") + ")"
                }
                return line
            }
            lines.append(
                "\(generated) generated: \(agreedCount) agreed (\(agreedWithin) within 1/64 px, not identical), "
                    + "\(disagreedCount) disagree, \(unanswered.count) unanswered")
            return lines
        }
    }

    /// Generates cases `indices` of `seed`, judges each, and hands each judged case to `write` (the agreed ones
    /// for the corpus, the others for the interop suite).
    public func run(
        seed: UInt64, indices: some Sequence<Int>, write: (GeneratedFlexCase, FlexCase, _ agreed: Bool) throws -> Void
    ) throws -> Tally {
        let generator = FlexCaseGenerator(seed: seed)
        var tally = Tally()
        for index in indices {
            let generated = generator.makeCase(index: index)
            tally.generated += 1
            let family = generated.profile.rawValue
            let verdict = judge(generated.flexCase)
            switch verdict {
            case .agreed(_, let identical):
                tally.agreed[family, default: 0] += 1
                if !identical { tally.agreedWithin += 1 }
            case .disagreed(let answers):
                tally.disagreed[family, default: 0] += 1
                tally.alone[family, default: [:]][Self.oddOneOut(answers) ?? "none", default: 0] += 1
                if Self.largestDisagreement(answers) < Self.roundingBound { tally.rounding[family, default: 0] += 1 }
            case .unanswered(let engine, let message):
                tally.unanswered.append((generated.name, engine, message))
            }
            guard let corpusCase = corpusCase(generated, verdict: verdict, seed: seed) else { continue }
            if case .agreed = verdict {
                try write(generated, corpusCase, true)
            } else {
                try write(generated, corpusCase, false)
            }
        }
        return tally
    }
}

// MARK: Checking the corpus again

extension FlexConsensus {
    /// What asking a browser again about a corpus or interop case gave: the same answer, or the differences.
    public struct Recheck: Sendable {
        public var engine: String
        public var same = 0
        /// `case: difference` per changed case.
        public var changed: [String] = []

        public init(engine: String) { self.engine = engine }
    }

    /// Asks every browser again for `flexCase`: against `expect` for a corpus case (within `tolerance`), against the
    /// browser's own recorded answer for an interop case (matched by name, the version may differ). Returns, per
    /// browser, nil when the answer is the same, or the differences.
    public func recheck(_ flexCase: FlexCase) -> [String?] {
        let answers = askAll(flexCase)
        return zip(browsers, answers).map { browser, answer in
            guard case .frames(let frames) = answer else {
                if case .refused(let message) = answer { return "refused: \(message)" }
                if case .failed(let message) = answer { return "failed: \(message)" }
                return nil
            }
            let recorded: [PeerFrame]
            if let expect = flexCase.expect {
                recorded = expect.frames
            } else if let answer = flexCase.answers?.first(where: { EngineInfo.sameEngine($0.engine, browser.version) })
            {
                recorded = answer.frames
            } else {
                return nil
            }
            let lines = compareFrames(
                expected: recorded, actual: frames, tolerance: max(Self.tolerance, flexCase.tolerance.geometry))
            return lines.isEmpty ? nil : lines.prefix(3).joined(separator: "; ")
        }
    }

}
