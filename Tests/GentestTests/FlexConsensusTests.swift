import BoxLayout
import CanonicalJSON
import Engines
import Flexbox
import Foundation
import LayoutCore
import Testing

@testable import Gentest

/// The three-browser consensus (docs/gentest.md "The three-browser flex corpus"), with stand-in browsers that answer
/// fixed frames: agreement within 1/64 px, the median, the odd one out, rounding, the files written, and rechecks.
@Suite struct FlexConsensusTests {
    /// A browser that answers every case with the same frames, or refuses.
    struct StandIn: LayoutEngineAdapter {
        var name: String
        var frames: [PeerFrame]?

        func info() throws -> EngineInfo { EngineInfo(name: name, version: name.capitalized + " 1.0") }

        func layout(caseJSON: Data, change: LayoutChange?, rounding: Bool) throws -> [PeerFrame] {
            guard let frames else { throw EngineError.adapter(engine: name, message: "$.case.root: refused") }
            return frames
        }

        func bench(caseJSON: Data, iterations: Int, plan: BenchPlan) throws -> BenchBatch {
            throw EngineError.adapter(engine: name, message: "not timed")
        }
    }

    static func frames(rootWidth: Double, childX: Double = 10) -> [PeerFrame] {
        [
            PeerFrame(path: [], frame: Rect(x: 0, y: 0, width: rootWidth, height: 20)),
            PeerFrame(path: [0], frame: Rect(x: childX, y: 0, width: 40, height: 20)),
        ]
    }

    static func consensus(_ answers: [[PeerFrame]?]) -> FlexConsensus {
        FlexConsensus(
            browsers: zip(["chromium", "firefox", "webkit"], answers).map { name, frames in
                FlexConsensus.Browser(adapter: StandIn(name: name, frames: frames), version: name.capitalized + " 1.0")
            })
    }

    static let generated = FlexCaseGenerator(seed: 5).makeCase(index: 1)

    @Test func identicalAnswersAgreeExactly() throws {
        let verdict = Self.consensus([
            Self.frames(rootWidth: 100), Self.frames(rootWidth: 100), Self.frames(rootWidth: 100),
        ])
        .judge(Self.generated.flexCase)
        guard case .agreed(let frames, let identical) = verdict else {
            Issue.record("expected agreement, got \(verdict)")
            return
        }
        #expect(identical)
        #expect(frames == Self.frames(rootWidth: 100))
    }

    /// Within one LayoutUnit the answers agree, and `expect` is the median of each coordinate (here Firefox's
    /// 1/60 px value between Chromium's and WebKit's 1/64 px ones).
    @Test func answersWithinOneLayoutUnitAgreeOnTheirMedian() throws {
        let chromium = Self.frames(rootWidth: 100 + 1.0 / 64)
        let firefox = Self.frames(rootWidth: 100 + 1.0 / 60)
        let webkit = Self.frames(rootWidth: 100 + 2.0 / 64)
        guard
            case .agreed(let frames, let identical) = Self.consensus([chromium, firefox, webkit]).judge(
                Self.generated.flexCase)
        else {
            Issue.record("expected agreement")
            return
        }
        #expect(!identical)
        #expect(frames[0].frame.width == 100 + 1.0 / 60)
    }

    @Test func aBrowserBeyondOneLayoutUnitDisagreesAndStandsAlone() throws {
        let consensus = Self.consensus([
            Self.frames(rootWidth: 100), Self.frames(rootWidth: 100), Self.frames(rootWidth: 100, childX: 12),
        ])
        guard case .disagreed(let answers) = consensus.judge(Self.generated.flexCase) else {
            Issue.record("expected a disagreement")
            return
        }
        #expect(answers.map(\.engine) == ["Chromium 1.0", "Firefox 1.0", "Webkit 1.0"])
        #expect(FlexConsensus.oddOneOut(answers) == "Webkit 1.0")
        #expect(FlexConsensus.largestDisagreement(answers) == 2)
    }

    @Test func threeDifferentAnswersHaveNoOddOneOut() {
        let answers = [100.0, 101, 102].map { FlexAnswer(engine: "e\($0)", frames: Self.frames(rootWidth: $0)) }
        #expect(FlexConsensus.oddOneOut(answers) == nil)
    }

    @Test func aMissingElementIsADisagreement() {
        let answers = [
            FlexAnswer(engine: "a", frames: Self.frames(rootWidth: 100)),
            FlexAnswer(engine: "b", frames: Array(Self.frames(rootWidth: 100).prefix(1))),
        ]
        #expect(FlexConsensus.largestDisagreement(answers) == .infinity)
    }

    @Test func aRefusalLeavesTheCaseUnanswered() {
        let verdict = Self.consensus([Self.frames(rootWidth: 100), nil, Self.frames(rootWidth: 100)]).judge(
            Self.generated.flexCase)
        guard case .unanswered(let engine, let message) = verdict else {
            Issue.record("expected no answer")
            return
        }
        #expect(engine == "Firefox 1.0")
        #expect(message.contains("refused"))
    }

    /// The files: an agreed case has `expect` (and a tolerance only when the answers were not identical), an
    /// interop case has `answers` and no `expect`; both name every browser and the generator, lose the generator's
    /// description, read back strictly, and are one line of canonical JSON.
    @Test func corpusAndInteropFilesReadBack() throws {
        let consensus = Self.consensus([Self.frames(rootWidth: 100), Self.frames(rootWidth: 100), nil])
        let agreed = try #require(
            consensus.corpusCase(
                Self.generated, verdict: .agreed(frames: Self.frames(rootWidth: 100), identical: true), seed: 5))
        let text = try FlexConsensus.fileText(agreed)
        #expect(text.filter { $0 == "\n" }.count == 1)
        let decoded = try JSONDecoder().decode(FlexCase.self, from: Data(text.utf8))
        #expect(decoded == agreed)
        #expect(decoded.description == nil && decoded.tolerance == .exact && decoded.answers == nil)
        #expect(decoded.source?.engines == ["Chromium 1.0", "Firefox 1.0", "Webkit 1.0"])
        #expect(
            decoded.source?.origin == .generator("gentest-flex", seed: "5", profile: Self.generated.profile.rawValue))

        let within = try #require(
            consensus.corpusCase(
                Self.generated, verdict: .agreed(frames: Self.frames(rootWidth: 100), identical: false), seed: 5))
        #expect(within.tolerance.geometry == 1.0 / 64)

        let answers = [FlexAnswer(engine: "Chromium 1.0", frames: Self.frames(rootWidth: 100))]
        let interop = try #require(consensus.corpusCase(Self.generated, verdict: .disagreed(answers), seed: 5))
        let interopBack = try JSONDecoder().decode(
            FlexCase.self, from: Data(try FlexConsensus.fileText(interop).utf8))
        #expect(interopBack.expect == nil && interopBack.answers == answers)
        #expect(consensus.corpusCase(Self.generated, verdict: .unanswered(engine: "x", message: "y"), seed: 5) == nil)
    }

    @Test func generatedNamesGiveTheirIndexAndFolder() {
        #expect(FlexConsensus.generatedIndex(ofName: "wrap-00012") == 12)
        #expect(FlexConsensus.generatedIndex(ofName: "auto-margins-00340") == 340)
        #expect(FlexConsensus.generatedIndex(ofName: "align-content-center") == nil)
        #expect(FlexConsensus.generatedIndex(ofName: "fuzz-yoga-core-00012") == nil)
        let generated = FlexCaseGenerator(seed: 1).makeCase(index: 12)
        #expect(FlexConsensus.relativePath(generated) == "\(generated.profile.rawValue)/\(generated.name).json")
    }

    /// A recheck compares a corpus case with its `expect`, and an interop case with that browser's own answer.
    @Test func recheckNamesTheBrowserWhoseAnswerChanged() throws {
        var corpusCase = Self.generated.flexCase
        corpusCase.expect = BoxFrames(frames: Self.frames(rootWidth: 100))
        let consensus = Self.consensus([
            Self.frames(rootWidth: 100), Self.frames(rootWidth: 101), Self.frames(rootWidth: 100 + 1.0 / 64),
        ])
        let changes = consensus.recheck(corpusCase)
        #expect(changes[0] == nil && changes[2] == nil)
        #expect(changes[1]?.contains("width") == true)

        var interopCase = Self.generated.flexCase
        interopCase.answers = [
            FlexAnswer(engine: "Chromium 0.9", frames: Self.frames(rootWidth: 100)),
            FlexAnswer(engine: "Firefox 0.9", frames: Self.frames(rootWidth: 101)),
            FlexAnswer(engine: "Webkit 0.9", frames: Self.frames(rootWidth: 90)),
        ]
        let interopChanges = consensus.recheck(interopCase)
        #expect(interopChanges[0] == nil && interopChanges[1] == nil)
        #expect(interopChanges[2] != nil)
    }

    /// `answers` and `expect` exclude each other, and an engine answers once.
    @Test(arguments: [
        (
            #""expect":{"frames":[]},"answers":[{"engine":"A 1","frames":[]}]"#,
            "an interop case has 'answers' instead of 'expect', not both"
        ),
        (#""answers":[]"#, "answers must not be empty"),
        (#""answers":[{"engine":"A 1","frames":[]},{"engine":"A 1","frames":[]}]"#, "engine 'A 1' answers twice"),
        (#""answers":[{"engine":"","frames":[]}]"#, "engine must not be empty"),
        (#""answers":[{"engine":"A 1","frames":[],"extra":1}]"#, "extra"),
    ])
    func badAnswersAreRefused(members: String, message: String) {
        let text = #"{"kind":"flex","name":"x","root":{"style":{}},"# + members + "}"
        #expect {
            try JSONDecoder().decode(FlexCase.self, from: Data(text.utf8))
        } throws: { error in
            "\(error)".contains(message)
        }
    }
}
