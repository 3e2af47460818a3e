import BoxLayout
import CaseIO
import Engines
import Flexbox
import Foundation
import LayoutCore
import TestSupport
import Testing

/// The in-process engine protocol and its one bridge to the engine protocol every runner takes.
@Suite struct InProcessEngineTests {
    static func caseJSON(_ identifier: String) throws -> Data {
        try CaseLoader.readFile(
            TestSupport.goldenDirectory + "/" + identifier + ".json", limit: CaseLoader.maxFileBytes)
    }

    static func boxCase(_ identifier: String) throws -> BoxCase {
        try JSONDecoder().decode(BoxCase.self, from: caseJSON(identifier))
    }

    @Test func theBridgeAnswersTheEnginesFramesAndTurnsARefusalIntoTheAdaptersRefusal() throws {
        let json = try Self.caseJSON("flex/direction-row")
        let expected = try JSONDecoder().decode(FlexCase.self, from: json).expect?.frames
        #expect(try InProcessEngineAdapter(ExpectEngine(name: "exact")).layout(caseJSON: json) == expected)
        let refusing = InProcessEngineAdapter(ExpectEngine(name: "refusing", .refuse("$.root.style.order: no")))
        #expect(throws: EngineError.adapter(engine: "refusing", message: "$.root.style.order: no")) {
            try refusing.layout(caseJSON: json)
        }
        #expect(throws: EngineError.adapter(engine: "exact", message: "rounding: exact does not round")) {
            try InProcessEngineAdapter(ExpectEngine(name: "exact")).layout(caseJSON: json, change: nil, rounding: true)
        }
    }

    @Test func aCaseOfAnotherKindIsRefusedNamingTheKind() throws {
        let json = try Self.caseJSON("scene/all-primitives")
        #expect(
            throws: EngineError.adapter(engine: "exact", message: "$.kind: engines take flex and box cases, not scene")
        ) {
            try InProcessEngineAdapter(ExpectEngine(name: "exact")).layout(caseJSON: json)
        }
    }

    /// By default an engine times fresh layouts (whole calls) and refuses every other mode, as `bench` reports it.
    @Test(arguments: [BenchPlan.relayout, .resize(widths: [100, 101]), .incremental(IncrementalChange(path: [0]))])
    func theDefaultBenchRefusesModesBesidesFresh(plan: BenchPlan) throws {
        let adapter = InProcessEngineAdapter(ExpectEngine(name: "toy"))
        let json = try Self.caseJSON("flex/direction-row")
        #expect(
            throws: EngineError.adapter(engine: "toy", message: "mode '\(plan.mode.rawValue)': not supported by toy")
        ) {
            try adapter.bench(caseJSON: json, iterations: 1, plan: plan)
        }
        #expect(try adapter.bench(caseJSON: json, iterations: 3, plan: .fresh).nanosPerLayout > 0)
    }

    @Test func theDefaultChangeIsRefused() throws {
        let adapter = InProcessEngineAdapter(ExpectEngine(name: "toy"))
        #expect(throws: EngineError.adapter(engine: "toy", message: "resize: not supported by toy")) {
            try adapter.layout(
                caseJSON: Self.caseJSON("flex/direction-row"), change: .resize(width: 10), rounding: false)
        }
    }

    /// A box case reaches an engine that only lays out flex cases through the one box → CSS translation.
    @Test func aBoxCaseGoesThroughTheTranslationByDefault() throws {
        struct Translated: InProcessLayoutEngine {
            let name = "translated"
            func layout(_ flexCase: FlexCase) throws -> [PeerFrame] { flexCase.expect?.frames ?? [] }
        }
        let boxCase = try Self.boxCase("box/linear-space")
        #expect(try Translated().layout(boxCase) == BoxToFlex.translate(boxCase).expect?.frames)
        #expect(!(try Translated().layout(boxCase)).isEmpty)
    }

    /// The reference is an in-process engine: a flex case in the translation's image lays out as its box case does,
    /// and one outside it is refused with the inverse translation's reason.
    @Test(arguments: [
        "box/linear-space", "box/flow-content-basic", "box/linear-alignment", "box/linear-cross-center-margin",
    ])
    func theReferenceLaysOutTheTranslationAsTheBoxCase(identifier: String) throws {
        let boxCase = try Self.boxCase(identifier)
        let reference = ReferenceEngine()
        #expect(try reference.layout(BoxToFlex.translate(boxCase)) == reference.layout(boxCase))
        #expect(try reference.layout(boxCase) == boxCase.expect?.frames)
    }

    @Test func theReferenceLaysOutAFlexCaseOutsidePuyopuyo() throws {
        // `order` has no Puyopuyo equivalent; the flex engine lays it out as the case's expect says.
        let flexCase = try JSONDecoder().decode(FlexCase.self, from: Self.caseJSON("flex/order-row"))
        #expect(flexCase.referenceRefusal == nil)
        let frames = try ReferenceEngine().layout(flexCase)
        #expect(frames.map(\.frame) == flexCase.expect?.frames.map(\.frame))
    }

    @Test func theReferenceRefusesAGridItemOutsideTheOneCell() throws {
        var item = FlexElement()
        try item.style.set(.gridRowStart, to: .number(3))
        var grid = FlexElement(children: [item, FlexElement()])
        try grid.style.set(.display, to: .keyword("grid"))
        let flexCase = FlexCase(name: "grid", root: grid)
        let reason = try #require(flexCase.referenceRefusal)
        #expect(reason.hasPrefix("$.root.children[0].style.grid-row-start: "))
        #expect(throws: LayoutRefusal(reason)) { try ReferenceEngine().layout(flexCase) }
    }
}
