import Flexbox
import Foundation
import LayoutCore
import Testing

@testable import Importers

/// WPT check-layout pages: the translation of a resolved page (no browser), and the real thing with Chromium.
@Suite struct WPTTests {
    @Test(arguments: [
        ("<body onload=\"checkLayout('.flexbox')\">", [".flexbox"]),
        ("checkLayout( \"#a > div\" ); checkLayout('.b', false); checkLayout('.b')", ["#a > div", ".b"]),
        ("checkLayout(`.c`); checkLayout(selector); checkLayout('it\\'s')", [".c", "it's"]),
        ("no calls here", []),
    ])
    func selectorsAreTheStringArgumentsOfCheckLayout(_ text: String, _ selectors: [String]) {
        #expect(WPTCheckLayout.selectors(in: text) == selectors)
    }

    /// A 300 px wide flex row (content-box, 2 px border, 5 px padding) in an 800 px page whose body has 8 px margins:
    /// two items, the first checked completely, the second by its width only, and a hidden third.
    static func match(rootWidth: String = "300px") -> ResolvedMatch {
        let root = ResolvedElement(
            tag: "div",
            computed: [
                "display": "flex", "width": rootWidth, "padding-left": "5px", "padding-right": "5px",
                "padding-top": "5px", "padding-bottom": "5px", "border-top-width": "2px", "border-right-width": "2px",
                "border-bottom-width": "2px", "border-left-width": "2px", "flex-grow": "3", "min-width": "auto",
                "justify-content": "normal", "row-gap": "normal",
            ],
            data: ["data-expected-height": "34"], frame: [0, 0, 314, 34], offset: [8, 8], usedWidth: "300px",
            children: [
                ResolvedElement(
                    tag: "div", id: "first",
                    computed: ["display": "block", "flex-grow": "1", "flex-basis": "0px", "height": "20px"],
                    data: [
                        "data-expected-width": "143", "data-offset-x": "15px", "data-offset-y": "15",
                        "data-expected-height": "20",
                    ],
                    frame: [7, 7, 143.5, 20], offset: [15, 15]),
                ResolvedElement(
                    tag: "span", computed: ["display": "block", "flex-grow": "1", "height": "20px"],
                    data: ["data-expected-width": "143"], frame: [150.5, 7, 143.5, 20], offset: [158.5, 15]),
                ResolvedElement(
                    tag: "div", computed: ["display": "none", "width": "50%"], data: ["data-expected-width": "0"],
                    frame: nil),
            ])
        return ResolvedMatch(root: root, containingBlockWidth: 784)
    }

    @Test func computedStylesBecomeTheCasesNonInitialLonghands() throws {
        let translation = try WPTCheckLayout.translate(Self.match(), name: "page")
        let flexCase = translation.flexCase
        #expect(flexCase.viewport == FlexViewport(width: 784, height: nil))
        // The root is no flex item in the page: its flex-grow is dropped and it does not shrink.
        #expect(
            ImportTestSupport.css(flexCase.root.style) == [
                "width": "300px", "padding-top": "5px", "padding-right": "5px", "padding-bottom": "5px",
                "padding-left": "5px", "border-top-width": "2px", "border-right-width": "2px",
                "border-bottom-width": "2px", "border-left-width": "2px", "flex-shrink": "0",
            ])
        // An empty block leaf lays out as an empty flex container: it stays, without a display.
        #expect(
            ImportTestSupport.css(flexCase.root.children[0].style) == [
                "flex-grow": "1", "flex-basis": "0px", "height": "20px",
            ])
        #expect(flexCase.root.children[0].id == "first")
        #expect(ImportTestSupport.css(flexCase.root.children[2].style) == ["display": "none"])
        #expect(translation.pageFrames[[1]] == Rect(x: 150.5, y: 7, width: 143.5, height: 20))
    }

    @Test func expectationsComeFromTheAttributesAndTheRestFromThePage() throws {
        let flexCase = try WPTCheckLayout.translate(Self.match(), name: "page").flexCase
        #expect(flexCase.expect?.frames.map(\.path) == [[], [0], [1]])
        #expect(
            flexCase.expect?.frames.map(\.frame) == [
                // The root: data-expected-height; x, y at its margins and the width from the page.
                Rect(x: 0, y: 0, width: 314, height: 34),
                // data-offset-x 15 is relative to the body: 15 + (7 − 15) = 7 relative to the parent.
                Rect(x: 7, y: 7, width: 143, height: 20),
                Rect(x: 150.5, y: 7, width: 143, height: 20),
            ])
        #expect(
            flexCase.description
                == "Filled from the browser's frame of the page where the test states no number: [] width, x, y; [1] height, x, y."
        )
        // 143 against the page's 143.5: check-layout-th.js passes within 1 px, and so does the case.
        #expect(flexCase.tolerance == WPTCheckLayout.tolerance)
    }

    @Test func anAutoWidthRootGetsItsUsedWidth() throws {
        let flexCase = try WPTCheckLayout.translate(Self.match(rootWidth: "auto"), name: "page").flexCase
        #expect(ImportTestSupport.css(flexCase.root.style)["width"] == "300px")
        #expect(flexCase.description?.hasPrefix("The root's width is its used width in the page (300px)") == true)
    }

    @Test func exactAttributesNeedNoTolerance() throws {
        var match = Self.match()
        match.root.children[0].frame = [7, 7, 143, 20]
        match.root.children[1].frame = [150, 7, 143, 20]
        let flexCase = try WPTCheckLayout.translate(match, name: "page").flexCase
        #expect(flexCase.tolerance == .exact)
    }

    struct Refused: CustomTestStringConvertible, Sendable {
        var change: @Sendable (inout ResolvedMatch) -> Void
        var refusal: ImportRefusal
        var testDescription: String { refusal.description }
    }

    @Test(arguments: [
        Refused(
            change: { $0.root.children[0].computed["display"] = "grid" }, refusal: ImportRefusal(.grid, "display: grid")
        ),
        Refused(
            change: {
                $0.root.children[0].children = [
                    ResolvedElement(computed: ["display": "inline-block"], frame: [0, 0, 0, 0])
                ]
            },
            refusal: ImportRefusal(.otherDisplay, "display: inline-block in a block")),
        Refused(change: { $0.root.children[1].text = true }, refusal: ImportRefusal(.text, "text in <span>")),
        Refused(change: { $0.root.children[0].tag = "video" }, refusal: ImportRefusal(.replacedElement, "<video>")),
        Refused(
            change: { $0.root.computed["width"] = "calc(50% + 1px)" },
            refusal: ImportRefusal(.calc, "width: calc(50% + 1px)")),
        Refused(
            change: { $0.root.children[0].computed["align-self"] = "last baseline" },
            refusal: ImportRefusal(.unknownValue, "align-self: last baseline")),
        Refused(
            change: { $0.root.other["writing-mode"] = "vertical-rl" },
            refusal: ImportRefusal(.writingMode, "writing-mode: vertical-rl")),
        Refused(
            change: { $0.root.children[0].other["before"] = "\"x\"" },
            refusal: ImportRefusal(.generatedContent, "::before { content: \"x\" }")),
        Refused(
            change: { $0.root.computed["position"] = "absolute" },
            refusal: ImportRefusal(.placement, "the checked element has position: absolute")),
        Refused(
            change: { $0.parentDisplay = "flex" },
            refusal: ImportRefusal(.placement, "the checked element's parent has display: flex")),
        Refused(
            change: { match in
                match.root.data = [:]
                for index in match.root.children.indices { match.root.children[index].data = [:] }
            },
            refusal: ImportRefusal(
                .nothingChecked, "no displayed element carries data-expected-width/height or data-offset-x/y")),
    ])
    func refusals(_ refused: Refused) {
        var match = Self.match()
        refused.change(&match)
        #expect(throws: refused.refusal) { try WPTCheckLayout.translate(match, name: "page") }
    }

    @Test func theBrowsersLayoutOfTheCaseMustMatchThePage() throws {
        let translation = try WPTCheckLayout.translate(Self.match(), name: "page")
        let same = translation.flexCase.framesInPreOrder { path, _ in translation.pageFrames[path] }
        #expect(WPTCheckLayout.firstDifference(page: translation.pageFrames, layout: same) == nil)
        var moved = same
        moved[1].frame.origin.x += 0.5
        #expect(
            WPTCheckLayout.firstDifference(page: translation.pageFrames, layout: moved) == "[0] x: page 7, case 7.5")
    }

    @Test func aResolvedPageBecomesFilesNamedAfterIt() throws {
        let folder = try ImportTestSupport.folder(with: [
            "css/flex-001.html": "<script>checkLayout('.flexbox')</script>"
        ])
        let out = try ImportTestSupport.scratchFolder()
        let browser = FakeBrowser()
        browser.page = ResolvedPage(matches: [Self.match()])
        let translation = try WPTCheckLayout.translate(Self.match(), name: "page")
        browser.frames = { flexCase in flexCase.framesInPreOrder { path, _ in translation.pageFrames[path] } }
        let report = try ImportRun.run(
            format: .wpt, inputs: try ImportInput.collect([folder], format: .wpt), outputFolder: out, browser: browser)
        #expect(report.written == ["flex-001"])
        let written = try JSONDecoder().decode(
            FlexCase.self, from: try Data(contentsOf: URL(fileURLWithPath: out + "/flex-001.json")))
        // The numbers are the test's, and the browser's where the test states none (the root's width, x, y).
        #expect(
            written.source
                == FlexCaseSource(
                    engines: ["wpt", "FakeBrowser 1.0"],
                    origin: .imported(FlexImport(format: "wpt", file: "css/flex-001.html", case: ".flexbox 1"))))

        browser.frames = { _ in [] }
        let refused = try ImportRun.run(
            format: .wpt, inputs: try ImportInput.collect([folder], format: .wpt), outputFolder: out, browser: browser)
        #expect(refused.refused.map(\.refusal) == [ImportRefusal(.translation, "[] is not laid out")])
    }

    // MARK: With the browser

    static let page = """
        <!DOCTYPE html>
        <title>flex-grow shares the free space</title>
        <style>
        .flexbox { display: flex; width: 300px; border: 2px solid black; padding: 5px; }
        .flexbox > div { height: 20px; flex: 1 0 0px; }
        .flexbox > .big { flex-grow: 2; }
        </style>
        <script src="/resources/check-layout-th.js"></script>
        <body onload="checkLayout('.flexbox')">
        <div class="flexbox" data-expected-height="34">
          <div data-expected-width="75" data-offset-x="15" data-offset-y="15"></div>
          <div class="big" data-expected-width="150" data-offset-x="90"></div>
          <div data-expected-width="75"></div>
        </div>
        <div class="flexbox"><div>text</div></div>
        </body>
        """

    @Test(.enabled(if: ImportTestSupport.hasChromium, "\(ChromiumImportBrowser.installLine)"))
    func chromiumResolvesAPageIntoACaseThatReproducesIt() throws {
        let folder = try ImportTestSupport.folder(with: ["flex-grow-001.html": Self.page])
        let out = try ImportTestSupport.scratchFolder()
        let browser = try ImportTestSupport.chromium()
        let report = try ImportRun.run(
            format: .wpt, inputs: try ImportInput.collect([folder], format: .wpt), outputFolder: out, browser: browser)
        #expect(report.written == ["flex-grow-001-1"])
        // Text that is not in Ahem has no size the case can state.
        #expect(report.refused.map(\.refusal.reason) == [.text])
        let written = try JSONDecoder().decode(
            FlexCase.self, from: try Data(contentsOf: URL(fileURLWithPath: out + "/flex-grow-001-1.json")))
        // 300 − 0 shared 1 : 2 : 1 from bases of 0: 75, 150, 75; items at the padding edge, 2 + 5 = 7 in.
        #expect(
            written.expect?.frames.map(\.frame) == [
                Rect(x: 0, y: 0, width: 314, height: 34), Rect(x: 7, y: 7, width: 75, height: 20),
                Rect(x: 82, y: 7, width: 150, height: 20), Rect(x: 232, y: 7, width: 75, height: 20),
            ])
        #expect(written.tolerance == .exact)
        #expect(written.viewport == FlexViewport(width: 784, height: nil))
        #expect(
            ImportTestSupport.css(written.root.children[1].style) == [
                "flex-grow": "2", "flex-basis": "0px", "flex-shrink": "0", "height": "20px",
            ])
    }

    @Test(.enabled(if: ImportTestSupport.hasChromium, "\(ChromiumImportBrowser.installLine)"))
    func chromiumAnswersAYogaFixture() throws {
        let folder = try ImportTestSupport.folder(with: ["YGFlexTest.html": HTMLFixtureTests.yoga])
        let out = try ImportTestSupport.scratchFolder()
        let browser = try ImportTestSupport.chromium()
        let report = try ImportRun.run(
            format: .yogaHTML, inputs: try ImportInput.collect([folder], format: .yogaHTML), outputFolder: out,
            browser: browser)
        #expect(report.written == ["first_case", "experiment_case"])
        let first = try JSONDecoder().decode(
            FlexCase.self, from: try Data(contentsOf: URL(fileURLWithPath: out + "/first_case.json")))
        // A 100 × 50 row with padding 1 2 3 4: the flex: 1 item (margin-left 10) takes 100 − 4 − 2 − 10 − 10 = 74;
        // the bordered item is 10 × 10 of borders, both stretched to 50 − 1 − 3 = 46.
        #expect(
            first.expect?.frames.map(\.frame) == [
                Rect(x: 0, y: 0, width: 100, height: 50), Rect(x: 14, y: 1, width: 74, height: 46),
                Rect(x: 88, y: 1, width: 10, height: 46),
            ])
        #expect(first.source?.engines.first?.hasPrefix("Chromium ") == true)
    }
}
