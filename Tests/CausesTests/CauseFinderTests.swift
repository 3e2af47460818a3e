import BoxLayout
import Engines
import Flexbox
import Foundation
import Gentest
import Judging
import LayoutCore
import TestSupport
import Testing

@testable import Causes

/// `ristretto explain`'s core (docs/causes.md): an engine with two planted bugs fails four small cases; shrinking
/// with the reference as the oracle reduces them to two causes, a finding names one, and the known-failure entries
/// it covers count as explained.
@Suite struct CauseFinderTests {
    /// The reference with some properties left out: a stand-in for an engine that does not implement them.
    struct IgnoringEngine: InProcessLayoutEngine {
        let name = "ignoring"
        let ignored: [CSSProperty]

        func layout(_ flexCase: FlexCase) throws -> [PeerFrame] {
            var stripped = flexCase
            for path in stripped.root.preorderPaths {
                stripped.root.update(path) { element in
                    for property in ignored { try? element.style.set(property, to: nil) }
                }
            }
            return try ReferenceEngine().layout(stripped)
        }
    }

    static func flexCase(_ name: String, _ body: String) throws -> FlexCase {
        var flexCase = try JSONDecoder().decode(
            FlexCase.self, from: Data(#"{"kind":"flex","name":"\#(name)",\#(body)}"#.utf8))
        flexCase.expect = BoxFrames(frames: try ReferenceEngine().layout(flexCase))
        return flexCase
    }

    /// Two cases each bug shows in, with properties and elements that do not matter, and one the engine passes.
    static func subjects() throws -> [CauseFinder.Subject] {
        let cases = [
            (
                "bugs/min-width-row",
                #""viewport":{"width":200,"height":null},"root":{"style":{"width":"150px","column-gap":"4px"},"children":[{"style":{"width":"20px","min-width":"60px","height":"10px"}},{"style":{"width":"30px","height":"12px","margin-left":"3px"}}]}"#
            ),
            (
                "bugs/min-width-column",
                #""viewport":{"width":null,"height":null},"root":{"style":{"flex-direction":"column","padding-top":"5px"},"children":[{"style":{"min-width":"40px"},"content":{"width":10,"height":10}},{"content":{"width":8,"height":6}}]}"#
            ),
            (
                "bugs/wrap-three",
                #""viewport":{"width":null,"height":null},"root":{"style":{"width":"50px","flex-wrap":"wrap"},"children":[{"style":{"width":"30px","height":"10px"}},{"style":{"width":"30px","height":"10px"}},{"style":{"width":"30px","height":"10px","margin-top":"2px"}}]}"#
            ),
            (
                "bugs/wrap-gap",
                #""viewport":{"width":null,"height":null},"root":{"style":{"width":"70px","flex-wrap":"wrap","row-gap":"6px","align-items":"flex-start"},"children":[{"style":{"width":"40px","height":"10px"}},{"style":{"width":"40px","height":"20px"}}]}"#
            ),
            (
                "bugs/passes",
                #""viewport":{"width":null,"height":null},"root":{"style":{"width":"100px"},"children":[{"style":{"width":"20px","height":"10px"}}]}"#
            ),
        ]
        return try cases.map { identifier, body in
            CauseFinder.Subject(
                identifier: identifier, family: "bugs",
                flexCase: try flexCase(String(identifier.split(separator: "/").last!), body))
        }
    }

    static let finder = CauseFinder(
        engine: InProcessEngineAdapter(IgnoringEngine(ignored: [.minWidth, .flexWrap])), oracle: ReferenceEngine(),
        oracleTolerance: 0)

    @Test func failuresReduceToOneCausePerBug() throws {
        let subjects = try Self.subjects()
        let report = Self.finder.explain(subjects, version: "test", findings: [], knownEntries: [], limit: nil)
        #expect(report.judged == 5)
        #expect(report.failures == 4, "the passing case is not a failure")
        #expect(report.reduced == 4)
        #expect(report.causes.count == 2, "\(report.causes.map(\.signature.text))")
        for cause in report.causes {
            #expect(cause.reductions.count == 2, "\(cause.signature.text)")
            let minimal = cause.representative.minimal
            // Each minimal case keeps its bug's property and is smaller than the case it came from.
            let original = try #require(subjects.first { $0.identifier == cause.representative.identifier })
            #expect(FlexCaseShrinker.size(of: minimal) < FlexCaseShrinker.size(of: original.flexCase))
            let bug = cause.reductions[0].identifier.contains("min-width") ? "min-width" : "flex-wrap"
            let feature = bug == "min-width" ? "min-size" : "flex-wrap: wrap"
            #expect(cause.signature.properties.contains(feature), "\(cause.signature.text)")
            #expect(
                Set(cause.reductions.map(\.identifier)).allSatisfy {
                    $0.contains(bug == "min-width" ? "min-width" : "wrap")
                })
            // The minimal case's expect is the oracle's answer, and the engine still differs from it.
            let expected = try ReferenceEngine().layout(minimal)
            #expect(minimal.expect?.frames == expected)
            #expect(cause.representative.answer != expected)
            #expect(cause.families.map(\.family) == ["bugs"])
        }
    }

    /// A finding with the same signature names the cause; a known-failure entry whose cases all reduce to named
    /// causes is explained, the others are not; the finding the engine passes is stale.
    @Test func findingsNameCausesAndExplainKnownFailures() throws {
        let subjects = try Self.subjects()
        let scratch = try CLIRun.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        var named = try Self.flexCase("ignores-min-width", #""root":{"style":{"min-width":"10px"}}"#)
        named.description = "The engine ignores min-width (CSS Sizing 3 §5.2)."
        var passing = try Self.flexCase("passes", #""root":{"style":{"width":"10px"}}"#)
        passing.description = "A finding whose cause is gone."
        try FileManager.default.createDirectory(atPath: scratch + "/ignoring", withIntermediateDirectories: true)
        for finding in [named, passing] {
            try FlexConsensus.fileText(finding).write(
                toFile: scratch + "/ignoring/\(finding.name).json", atomically: true, encoding: .utf8)
        }
        let findings = try Self.finder.findings(root: scratch)
        #expect(findings.map(\.name) == ["ignores-min-width", "passes"])
        #expect(
            findings[0].signature
                == CauseSignature(properties: ["min-size"], difference: ["size"]))
        #expect(findings[1].signature == nil)

        let entries = [
            KnownFailure(engine: "ignoring", case: "bugs/min-width-*", reason: "recorded"),
            KnownFailure(engine: "ignoring", case: "bugs/wrap-three", reason: "recorded"),
            KnownFailure(engine: "other", case: "bugs/wrap-gap", reason: "another engine's"),
        ]
        let report = Self.finder.explain(
            subjects, version: "test", findings: findings, knownEntries: entries, limit: nil)
        let minWidth = try #require(report.causes.first { $0.finding != nil })
        #expect(minWidth.finding?.name == "ignores-min-width")
        #expect(minWidth.signature == findings[0].signature)
        #expect(report.staleFindings == ["passes"])
        #expect(report.knownEntries.count == 2, "only the engine's own entries")
        #expect(report.explained.map(\.case) == ["bugs/min-width-*"])
        #expect(report.unexplained.map(\.case) == ["bugs/wrap-three"])
        #expect(report.entryCauses == ["bugs/min-width-*": ["ignores-min-width"]])
        #expect(report.causes.first { $0.isNamed }?.reductions.allSatisfy { $0.evidence == .signature } == true)
    }

    /// Counterfactuals explain a failure with the set of findings whose rewrites make the engine agree with the
    /// oracle: one bug's failures take one finding, the case with both bugs takes both; a counterfactual that does not
    /// hold on its own finding explains nothing; a finding of another engine's folder that lists this engine counts.
    @Test func counterfactualsExplainFailuresWithTheSmallestSet() throws {
        let both = try Self.flexCase(
            "both",
            #""viewport":{"width":null,"height":null},"root":{"style":{"width":"50px","flex-wrap":"wrap"},"children":[{"style":{"width":"30px","min-width":"40px","height":"10px"}},{"style":{"width":"30px","height":"10px"}}]}"#
        )
        let subjects =
            try Self.subjects() + [CauseFinder.Subject(identifier: "bugs/both", family: "bugs", flexCase: both)]
        let scratch = try CLIRun.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        func write(_ folder: String, _ name: String, _ body: String, finding: String) throws {
            var flexCase = try Self.flexCase(name, body)
            flexCase.description = "The engine ignores a property (\(name))."
            flexCase.finding = try JSONDecoder().decode(FlexFinding.self, from: Data(finding.utf8))
            try FileManager.default.createDirectory(atPath: scratch + "/" + folder, withIntermediateDirectories: true)
            try FlexConsensus.fileText(flexCase).write(
                toFile: scratch + "/\(folder)/\(name).json", atomically: true, encoding: .utf8)
        }
        try write(
            "ignoring", "ignores-min-width", #""root":{"style":{"min-width":"10px"}}"#,
            finding: #"{"counterfactual":[{"elements":"all","remove":["min-width"]}]}"#)
        try write(
            "other", "ignores-wrap",
            #""root":{"style":{"width":"10px","flex-wrap":"wrap"},"children":[{"style":{"width":"10px","height":"1px"}},{"style":{"width":"10px","height":"1px"}}]}"#,
            finding:
                #"{"engines":["other","ignoring"],"counterfactual":[{"elements":"containers","set":{"flex-wrap":"nowrap","flex-shrink":"0"}},{"elements":"children","set":{"flex-shrink":"0"}}]}"#
        )
        try write(
            "ignoring", "unsound", #""root":{"style":{"min-width":"10px","order":"1"}}"#,
            finding: #"{"counterfactual":[{"elements":"all","remove":["order"]}]}"#)
        try write(
            "other", "not-ours", #""root":{"style":{"min-width":"10px"}}"#,
            finding: #"{"counterfactual":[{"elements":"all","remove":["min-width"]}]}"#)
        let findings = try Self.finder.findings(root: scratch)
        #expect(findings.map(\.name) == ["ignores-min-width", "unsound", "ignores-wrap"], "not-ours lists no engines")
        #expect(findings.map(\.counterfactualHolds) == [true, false, true])

        let entries = ["bugs/both", "bugs/min-width-row", "bugs/wrap-*"].map {
            KnownFailure(engine: "ignoring", case: $0, reason: "recorded")
        }
        let report = Self.finder.explain(
            subjects, version: "test", findings: findings, knownEntries: entries, limit: nil)
        #expect(report.unsoundFindings == ["unsound"])
        let causes = Dictionary(uniqueKeysWithValues: report.causes.map { ($0.name(index: 0), $0) })
        #expect(causes["ignores-min-width+ignores-wrap"]?.reductions.map(\.identifier) == ["bugs/both"])
        #expect(
            causes["ignores-min-width"]?.reductions.map(\.identifier) == [
                "bugs/min-width-column", "bugs/min-width-row",
            ])
        #expect(causes["ignores-wrap"]?.reductions.map(\.identifier) == ["bugs/wrap-gap", "bugs/wrap-three"])
        #expect(report.causes.allSatisfy { $0.reductions.allSatisfy { $0.evidence == .counterfactual } })
        #expect(
            report.entryCauses == [
                "bugs/both": ["ignores-min-width", "ignores-wrap"], "bugs/min-width-row": ["ignores-min-width"],
                "bugs/wrap-*": ["ignores-wrap"],
            ])
        #expect(report.unexplained.isEmpty)
    }

    /// A rule with `percentage` removes only what a percentage gives: for an engine that ignores padding-left, the
    /// failure with a 10% padding is explained by the finding, the one with a 4px padding is not (its rewrite
    /// changes nothing, so it is not tried) and stays unexplained.
    @Test func percentageCounterfactualTakesOnlyPercentages() throws {
        let finder = CauseFinder(
            engine: InProcessEngineAdapter(IgnoringEngine(ignored: [.paddingLeft])), oracle: ReferenceEngine(),
            oracleTolerance: 0)
        let bodies = [
            (
                "padding/percent",
                #""viewport":{"width":null,"height":null},"root":{"style":{"width":"100px"},"children":[{"style":{"padding-left":"10%","height":"4px"}},{"style":{"width":"20px","height":"6px"}}]}"#
            ),
            (
                "padding/px",
                #""viewport":{"width":null,"height":null},"root":{"style":{"width":"100px"},"children":[{"style":{"padding-left":"4px","height":"4px"}},{"style":{"width":"20px","height":"6px"}}]}"#
            ),
        ]
        let subjects = try bodies.map { identifier, body in
            CauseFinder.Subject(
                identifier: identifier, family: "padding",
                flexCase: try Self.flexCase(String(identifier.split(separator: "/").last!), body))
        }
        let scratch = try CLIRun.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        var finding = try Self.flexCase(
            "ignores-percentage-padding",
            #""root":{"style":{"width":"100px"},"children":[{"style":{"padding-left":"10%"}}]}"#)
        finding.description = "The engine ignores a percentage padding-left."
        finding.finding = try JSONDecoder().decode(
            FlexFinding.self,
            from: Data(
                #"{"counterfactual":[{"elements":"all","percentage":["padding-left"],"remove":["padding-left"]}]}"#.utf8
            ))
        try FileManager.default.createDirectory(atPath: scratch + "/ignoring", withIntermediateDirectories: true)
        try FlexConsensus.fileText(finding).write(
            toFile: scratch + "/ignoring/ignores-percentage-padding.json", atomically: true, encoding: .utf8)
        let findings = try finder.findings(root: scratch)
        #expect(findings.map(\.counterfactualHolds) == [true])
        let entries = ["padding/percent", "padding/px"].map {
            KnownFailure(engine: "ignoring", case: $0, reason: "recorded")
        }
        let report = finder.explain(subjects, version: "test", findings: findings, knownEntries: entries, limit: nil)
        #expect(report.unsoundFindings.isEmpty)
        #expect(report.entryCauses == ["padding/percent": ["ignores-percentage-padding"]])
        #expect(report.unexplained.map(\.case) == ["padding/px"])
    }

    /// The signature keeps keywords, names numbers by their property, and joins sides, axes and roles: the
    /// viewport's width is a `size` as the item's width is, a negative margin a `margin`, an auto one `margin: auto`.
    @Test func signatureKeepsKeywordsAndJoinsSidesAndAxes() throws {
        let flexCase = try Self.flexCase(
            "kinds",
            #""viewport":{"width":100,"height":null},"root":{"style":{"flex-wrap":"wrap","flex-direction":"column-reverse","margin-top":"-4px","flex-grow":"0"},"children":[{"style":{"width":"50%","order":"2","aspect-ratio":"2","margin-left":"auto"},"children":[{"content":{"width":1,"height":1}}]}]}"#
        )
        let signature = CauseSignature(
            flexCase, expected: [],
            mismatches: [
                ([1], GeometryMismatch(subject: "node [1]", field: "width", expected: "1", actual: "2")),
                ([0, 0], GeometryMismatch(subject: "node [0, 0]", field: "x", expected: "1", actual: "2")),
                ([0], GeometryMismatch(subject: "node [0]", field: "height", expected: "1", actual: "2")),
            ])
        #expect(
            signature.properties == [
                "aspect-ratio", "content", "flex-direction: column reverse", "flex-grow", "flex-wrap: wrap", "margin",
                "margin: auto", "order", "size",
            ])
        #expect(signature.difference == ["position", "size"])
        #expect(signature.text.hasSuffix(" → position, size"))
    }

    /// The reproduction page lays the case out as the adapters do, draws the engine's answer over it and runs
    /// nothing; text from the case is escaped.
    @Test func reproductionPageIsSelfContained() throws {
        var flexCase = try Self.flexCase(
            "<b>x</b>",
            #""viewport":{"width":80,"height":null},"root":{"style":{"border-left-width":"2px"},"children":[{"content":{"width":10,"height":5}}]}"#
        )
        flexCase.expect = BoxFrames(frames: try ReferenceEngine().layout(flexCase))
        var answer = try #require(flexCase.expect?.frames)
        answer[1].frame.origin.x += 7
        let page = ReproductionPage.html(
            flexCase, reason: "a <reason>", engine: "eng", answer: answer, expectedBy: ["Chromium 1"])
        #expect(!page.contains("<script") && !page.contains("<b>") && page.contains("&lt;b&gt;x&lt;/b&gt;"))
        #expect(page.contains("width:80px;height:max-content"), "the viewport as the adapters write it")
        #expect(page.contains("border-left-width:2px;border-left-style:solid"))
        #expect(page.contains("width:10px;height:5px"), "the leaf's content block")
        // The answer's item sits 2 (border) + 7 px from the root's left edge: drawn there, and marked in the table.
        #expect(page.contains("left:9px;top:0px;width:10px;height:5px"))
        #expect(page.contains("<td class=\"diff\">9, 0, 10 × 5</td>"))
    }

    /// A box case's `expect` is Puyopuyo's answer (a wrap max clips its child: 50 × 20), its translation CSS's (the
    /// child keeps its 80 px and overflows). An engine that answers the translation as the oracle does is explained
    /// by the documented cause; one that also differs from the oracle (it ignores max-width) is not.
    @Test func boxCaseFailuresAnsweredAsCSSAreExplainedByTheDocumentedCause() throws {
        let path = TestSupport.goldenDirectory + "/box/linear-max-limits-children.json"
        let boxCase = try JSONDecoder().decode(BoxCase.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
        let subject = CauseFinder.BoxSubject(identifier: "box/linear-max-limits-children", boxCase: boxCase)
        let entry = { (engine: String) in
            KnownFailure(engine: engine, case: "box/linear-*", reason: "recorded")
        }
        let css = CauseFinder(engine: ReferenceEngine(), oracle: ReferenceEngine(), oracleTolerance: 0)
        let asCSS = css.explain(
            [], boxes: [subject], version: "test", findings: [], knownEntries: [entry("reference")], limit: nil)
        #expect(asCSS.judged == 1)
        let failure = try #require(asCSS.boxFailures.first, "CSS does not clip the child as Puyopuyo does")
        #expect(failure.answersAsCSS && failure.causes == ["puyopuyo-semantics-differ-from-css"])
        #expect(asCSS.entryCauses == ["box/linear-*": ["puyopuyo-semantics-differ-from-css"]])
        #expect(asCSS.explained.map(\.case) == ["box/linear-*"])

        let ignoring = CauseFinder(
            engine: InProcessEngineAdapter(IgnoringEngine(ignored: [.maxWidth])), oracle: ReferenceEngine(),
            oracleTolerance: 0)
        let own = ignoring.explain(
            [], boxes: [subject], version: "test", findings: [], knownEntries: [entry("ignoring")], limit: nil)
        #expect(own.boxFailures.map(\.answersAsCSS) == [false], "it differs from CSS on the translation too")
        #expect(own.explained.isEmpty && own.judgedEntries.map(\.case) == ["box/linear-*"])
    }

    /// The ignoring engine that gives no answer in time to a case nested three levels deep or more, unless it is
    /// patient: a stand-in for an engine whose layout time grows with nesting.
    struct SlowEngine: InProcessLayoutEngine {
        let name = "ignoring"
        var patient = false

        func layout(_ flexCase: FlexCase) throws -> [PeerFrame] {
            if !patient, (flexCase.root.preorderPaths.map(\.count).max() ?? 0) >= 3 {
                throw EngineError.timedOut(engine: name, after: .seconds(10))
            }
            return try IgnoringEngine(ignored: [.minWidth, .flexWrap]).layout(flexCase)
        }
    }

    /// A case the engine does not answer in time is a failure of difference `time`, judged only by a finding of
    /// slowness: explained by it alone where the patient engine then gives the oracle's answer, with another
    /// finding's counterfactual where that explains what the patient answer still differs by, and not at all where
    /// nothing explains the rest or no patient engine can be asked (the finding of slowness then does not hold).
    @Test func timeoutsAreJudgedByTheEngineGivenLonger() throws {
        let nested = { (item: String) in
            #""viewport":{"width":null,"height":null},"root":{"style":{"width":"80px"},"children":[{"children":[{"children":[{"style":\#(item)}]}]}]}"#
        }
        let subjects = try [
            ("slow/plain", nested(#"{"width":"10px","height":"4px"}"#)),
            ("slow/min-width", nested(#"{"width":"10px","min-width":"30px","height":"4px"}"#)),
            (
                "slow/wrap",
                #""viewport":{"width":null,"height":null},"root":{"children":[{"children":[{"style":{"width":"50px","flex-wrap":"wrap"},"children":[{"style":{"width":"30px","height":"4px"}},{"style":{"width":"30px","height":"4px"}}]}]}]}"#
            ),
        ].map { identifier, body in
            CauseFinder.Subject(
                identifier: identifier, family: "slow",
                flexCase: try Self.flexCase(String(identifier.split(separator: "/").last!), body))
        }
        let scratch = try CLIRun.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        try FileManager.default.createDirectory(atPath: scratch + "/ignoring", withIntermediateDirectories: true)
        var slowness = try Self.flexCase(
            "nesting-too-slow", #""root":{"children":[{"children":[{"children":[{}]}]}]}"#)
        slowness.description = "The engine does not answer three nested levels in time."
        slowness.finding = FlexFinding(timeLimit: 60)
        var minWidth = try Self.flexCase("ignores-min-width", #""root":{"style":{"min-width":"10px"}}"#)
        minWidth.description = "The engine ignores min-width."
        minWidth.finding = try JSONDecoder().decode(
            FlexFinding.self, from: Data(#"{"counterfactual":[{"elements":"all","remove":["min-width"]}]}"#.utf8))
        for finding in [slowness, minWidth] {
            try FlexConsensus.fileText(finding).write(
                toFile: scratch + "/ignoring/\(finding.name).json", atomically: true, encoding: .utf8)
        }
        var finder = CauseFinder(
            engine: InProcessEngineAdapter(SlowEngine()), oracle: ReferenceEngine(), oracleTolerance: 0)
        let impatient = try finder.findings(root: scratch)
        #expect(impatient.map(\.name) == ["ignores-min-width", "nesting-too-slow"])
        #expect(impatient[1].signature?.difference == ["time"])
        #expect(impatient.map(\.counterfactualHolds) == [true, false], "no patient engine to ask")
        let entries = subjects.map { KnownFailure(engine: "ignoring", case: $0.identifier, reason: "recorded") }
        let unjudged = finder.explain(
            subjects, version: "test", findings: impatient, knownEntries: entries, limit: nil)
        #expect(unjudged.failures == 3 && unjudged.explained.isEmpty)
        #expect(unjudged.unsoundFindings == ["nesting-too-slow"])

        finder.patientEngine = { limit in
            #expect(limit == .seconds(60))
            return InProcessEngineAdapter(SlowEngine(patient: true))
        }
        let findings = try finder.findings(root: scratch)
        #expect(findings.map(\.counterfactualHolds) == [true, true])
        let report = finder.explain(subjects, version: "test", findings: findings, knownEntries: entries, limit: nil)
        #expect(report.failures == 3)
        #expect(
            report.entryCauses == [
                "slow/plain": ["nesting-too-slow"], "slow/min-width": ["ignores-min-width", "nesting-too-slow"],
            ])
        #expect(report.unexplained.map(\.case) == ["slow/wrap"], "the patient answer differs by the wrap")
        let wrap = try #require(report.causes.first { !$0.isNamed })
        #expect(wrap.signature.difference == ["time"] && wrap.representative.shrunk == false)
    }

    /// A rewrite that changes no number may let another finding's act: an engine that ignores order and min-width
    /// fails a single item with both, removing order changes no number and the min-width finding's rule picks only
    /// items of order 0, so no single rewrite lowers the count; the pair does, and both findings explain it.
    @Test func aRewriteThatChangesNoNumberOpensTheWayForAnother() throws {
        let finder = CauseFinder(
            engine: InProcessEngineAdapter(IgnoringEngine(ignored: [.minWidth, .order])), oracle: ReferenceEngine(),
            oracleTolerance: 0)
        let scratch = try CLIRun.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        try FileManager.default.createDirectory(atPath: scratch + "/ignoring", withIntermediateDirectories: true)
        var order = try Self.flexCase(
            "ignores-order",
            #""root":{"children":[{"style":{"order":"1","width":"10px"}},{"style":{"width":"20px"}}]}"#)
        order.description = "The engine ignores order."
        order.finding = try JSONDecoder().decode(
            FlexFinding.self, from: Data(#"{"counterfactual":[{"elements":"all","remove":["order"]}]}"#.utf8))
        var minWidth = try Self.flexCase("ignores-min-width", #""root":{"style":{"min-width":"10px"}}"#)
        minWidth.description = "The engine ignores min-width."
        minWidth.finding = try JSONDecoder().decode(
            FlexFinding.self,
            from: Data(#"{"counterfactual":[{"elements":"all","where":{"order":"0"},"remove":["min-width"]}]}"#.utf8))
        for finding in [order, minWidth] {
            try FlexConsensus.fileText(finding).write(
                toFile: scratch + "/ignoring/\(finding.name).json", atomically: true, encoding: .utf8)
        }
        let findings = try finder.findings(root: scratch)
        #expect(findings.map(\.counterfactualHolds) == [true, true])
        let both = try Self.flexCase(
            "both",
            #""viewport":{"width":null,"height":null},"root":{"style":{"width":"80px"},"children":[{"style":{"order":"1","width":"10px","min-width":"30px","height":"4px"}}]}"#
        )
        let failure = try #require(finder.failure("pair/both", family: "pair", both))
        let set = try #require(finder.attribute(failure, to: findings, answers: CauseFinder.Answers()))
        #expect(set.map(\.name) == ["ignores-order", "ignores-min-width"])
    }
}
