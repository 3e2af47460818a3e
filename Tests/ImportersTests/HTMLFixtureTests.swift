import Flexbox
import LayoutCore
import Testing

@testable import Importers

/// Taffy's and Yoga's HTML fixtures: inline styles over each suite's base stylesheet, answered by the browser.
@Suite struct HTMLFixtureTests {
    static let yoga = """
        <!-- FLEX: a comment between cases -->
        <div id="first_case" style="width: 100px; height: 50px; padding: 1px 2px 3px 4px; flex-direction: row;">
          <div style="flex: 1; margin-inline-start: 10px"></div>
          <div style="border: 5px solid black; gap: 4px 6px"></div>
        </div>

        <div id="disabled_case" data-disabled="true" style="width: 10px"></div>

        <div id="text_case" style="width: 10px">
          <div>HH</div>
        </div>

        <div id="grid_case" style="display: grid"></div>

        <div id="experiment_case" data-experiments="FixFlexBasisFitContent" style="position: absolute; flex-shrink: 1"></div>
        """

    static let taffy = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
          <script src="../../scripts/gentest/test_helper.js"></script>
          <link rel="stylesheet" type="text/css" href="../../scripts/gentest/test_base_style.css">
          <style>#test-root { background-color: grey; }</style>
          <title>Test description</title>
        </head>
        <body>
        <div class="viewport" style="width: 300px;">
          <div id="test-root" style="flex-direction: column; padding: 10px;">
            <div id="item" style="height: 20px; inset: 1px"></div>
          </div>
        </div>
        </body>
        </html>
        """

    static func candidates(_ text: String, _ format: ImportFormat, file: String) -> [ImportCandidate] {
        HTMLFixtures.candidates(
            in: text, input: ImportInput(path: "/x/" + file, relativePath: file), format: format)
    }

    @Test func aFixtureThatDoesNotParseIsRefusedAndTheRunGoesOn() throws {
        // An unclosed quote, as in one of Taffy's grid fixtures: browsers recover, this reader does not.
        let broken = "<div id=\"test-root\" style=\"display: grid; overflow: hidden;>\n<div></div></div>"
        let folder = try ImportTestSupport.folder(with: ["a.html": broken, "b.html": Self.taffy])
        let report = try ImportRun.run(
            format: .taffyHTML, inputs: try ImportInput.collect([folder], format: .taffyHTML),
            outputFolder: try ImportTestSupport.scratchFolder(), browser: FakeBrowser())
        #expect(report.refused.map(\.label) == ["a.html"])
        #expect(report.refused.map(\.refusal.reason) == [.malformed])
        #expect(report.written.count == 1)
    }

    @Test(arguments: [("3.68935e+19px", "36893500000000000000px"), ("1E2px", "100px"), ("2.5e-1%", "0.25%")])
    func exponentNotationIsWrittenOutInPlainDecimal(_ written: String, _ read: String) throws {
        var style = FlexStyle()
        try Vocabulary.set("max-height", written, in: &style)
        #expect(ImportTestSupport.css(style) == ["max-height": read])
    }

    @Test func yogaCasesAreTheTopLevelDivsUnderYogasTemplate() throws {
        let found = Self.candidates(Self.yoga, .yogaHTML, file: "YGFlexTest.html")
        #expect(found.map(\.name) == ["first_case", "disabled_case", "text_case", "grid_case", "experiment_case"])
        #expect(found.map(\.origin.case) == found.map(\.name))
        let first = try #require(found[0].flexCase)
        guard case .unanswered = found[0].outcome else {
            Issue.record("a Yoga case waits for the browser's answer")
            return
        }
        let base = [
            "box-sizing": "border-box", "position": "relative", "display": "flex", "flex-direction": "column",
            "align-content": "flex-start", "flex-shrink": "0",
        ]
        #expect(
            ImportTestSupport.css(first.root.style)
                == base.merging([
                    "width": "100px", "height": "50px", "flex-direction": "row", "padding-top": "1px",
                    "padding-right": "2px", "padding-bottom": "3px", "padding-left": "4px",
                ]) { $1 })
        // flex: 1 is 1 1 0% (its shrink overrides the template's 0); margin-inline-start is the left margin in LTR.
        #expect(
            ImportTestSupport.css(first.root.children[0].style)
                == base.merging([
                    "flex-grow": "1", "flex-shrink": "1", "flex-basis": "0%", "margin-left": "10px",
                ]) { $1 })
        #expect(
            ImportTestSupport.css(first.root.children[1].style)
                == base.merging([
                    "border-top-width": "5px", "border-right-width": "5px", "border-bottom-width": "5px",
                    "border-left-width": "5px", "row-gap": "4px", "column-gap": "6px",
                ]) { $1 })
        #expect(first.viewport == FlexViewport())
    }

    @Test func yogaRefusalsAndExperiments() throws {
        let found = Self.candidates(Self.yoga, .yogaHTML, file: "YGFlexTest.html")
        #expect(found[1].refusal == ImportRefusal(.disabled, #"data-disabled="true""#))
        #expect(found[2].refusal == ImportRefusal(.text, "text in <div>"))
        #expect(found[3].refusal == ImportRefusal(.grid, "display: grid"))
        let experiment = try #require(found[4].flexCase)
        #expect(experiment.description == "Yoga runs this fixture with the experiment FixFlexBasisFitContent enabled.")
        #expect(ImportTestSupport.css(experiment.root.style)["position"] == "absolute")
        #expect(ImportTestSupport.css(experiment.root.style)["flex-shrink"] == "1")
    }

    @Test func taffyCaseIsTheTestRootInItsViewport() throws {
        let found = Self.candidates(Self.taffy, .taffyHTML, file: "flex/column_padding.html")
        try #require(found.count == 1)
        #expect(found[0].name == "column_padding")
        #expect(found[0].origin == FlexImport(format: "taffy-html", file: "flex/column_padding.html"))
        let flexCase = try #require(found[0].flexCase)
        #expect(flexCase.viewport == FlexViewport(width: 300, height: nil))
        let base = ["box-sizing": "border-box", "position": "relative", "display": "flex"]
        #expect(
            ImportTestSupport.css(flexCase.root.style)
                == base.merging([
                    "flex-direction": "column", "padding-top": "10px", "padding-right": "10px",
                    "padding-bottom": "10px", "padding-left": "10px",
                ]) { $1 })
        #expect(
            ImportTestSupport.css(flexCase.root.children[0].style)
                == base.merging(["height": "20px", "top": "1px", "right": "1px", "bottom": "1px", "left": "1px"]) { $1 }
        )
        #expect(flexCase.root.id == nil, "the root's id is the case's name")
        #expect(flexCase.root.children[0].id == "item")
    }

    struct Refused: CustomTestStringConvertible, Sendable {
        var body: String
        var refusal: ImportRefusal
        var testDescription: String { refusal.description }
    }

    @Test(arguments: [
        Refused(
            body: #"<div id="test-root"><span></span></div>"#,
            refusal: ImportRefusal(.otherDisplay, "display: inline (<span>)")),
        Refused(
            body: #"<div id="test-root"><img src="a.png"></div>"#, refusal: ImportRefusal(.replacedElement, "<img>")),
        Refused(
            body: #"<div id="test-root">HH&ZeroWidthSpace;HH</div>"#, refusal: ImportRefusal(.text, "text in <div>")),
        Refused(
            body: #"<style>#test-root div { width: 10px }</style><div id="test-root"></div>"#,
            refusal: ImportRefusal(.unknownProperty, "a <style> rule sets width: 10px")),
        Refused(
            body: #"<div class="viewport" style="width: 50%"><div id="test-root"></div></div>"#,
            refusal: ImportRefusal(.viewport, "width: 50%")),
    ])
    func taffyRefusals(_ refused: Refused) throws {
        let found = Self.candidates(refused.body, .taffyHTML, file: "a.html")
        #expect(found.map(\.refusal) == [refused.refusal])
    }

    @Test func aTaffyFileWithoutTestRootHasNoCase() throws {
        #expect(Self.candidates("<div></div>", .taffyHTML, file: "a.html").isEmpty)
    }

    @Test func yogaSpansAreFlexContainersToo() throws {
        let found = Self.candidates(
            #"<div id="a"><span style="width: 1px"></span></div>"#, .yogaHTML, file: "a.html")
        let flexCase = try #require(found.first?.flexCase)
        #expect(ImportTestSupport.css(flexCase.root.children[0].style)["display"] == "flex")
    }
}
