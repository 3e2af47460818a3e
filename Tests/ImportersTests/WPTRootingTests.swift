import Flexbox
import Foundation
import LayoutCore
import Testing

@testable import Importers

/// WPT pages whose checked elements are flex items: the case rooted at their container, only what
/// check-layout-th.js checks expected, Ahem text as content leaves, blocks of blocks as columns.
@Suite struct WPTRootingTests {
    /// A 100 px row holding two checked items (numbers relative to the body, 8 px in) and an unchecked third that
    /// carries numbers check-layout-th.js never reads (the selector did not match it).
    static func container() -> ResolvedMatch {
        let root = ResolvedElement(
            computed: ["display": "flex", "width": "100px", "height": "10px"], checked: false,
            frame: [0, 0, 100, 10], offset: [8, 8],
            children: [
                ResolvedElement(
                    computed: ["display": "block", "width": "30px"], checked: true,
                    data: ["data-expected-width": "30", "data-offset-x": "8", "data-offset-y": "8"],
                    frame: [0, 0, 30, 10], offset: [8, 8]),
                ResolvedElement(
                    computed: ["display": "block"],
                    textRun: ResolvedTextRun(content: " XX\n", fontSize: 10, width: 20, height: 10), checked: true,
                    data: ["data-expected-width": "20", "data-offset-x": "38"], frame: [30, 0, 20, 10],
                    offset: [38, 8]),
                ResolvedElement(
                    computed: ["display": "block", "width": "5px"], checked: false,
                    data: ["data-expected-width": "999"], frame: [50, 0, 5, 10], offset: [58, 8]),
            ])
        return ResolvedMatch(root: root, containingBlockWidth: 784, tests: [1, 2])
    }

    @Test func onlyTheElementsCheckLayoutChecksAreExpected() throws {
        let translation = try WPTCheckLayout.translate(Self.container(), name: "page")
        #expect(translation.checkedElements == 2)
        #expect(WPTCheckLayout.checkedElements(in: Self.container()) == 2)
        // offset-x 38 is relative to the body, whose padding box is 8 px left of the container's border box.
        #expect(
            translation.flexCase.expect?.frames.map(\.frame) == [
                Rect(x: 0, y: 0, width: 30, height: 10), Rect(x: 30, y: 0, width: 20, height: 10),
            ])
        // The unchecked item is still laid out, and still held to the page's frame by the reproduction check.
        #expect(translation.pageFrames[[2]] == Rect(x: 50, y: 0, width: 5, height: 10))
    }

    @Test func ahemTextIsAContentLeafOfItsCharactersTimesTheFontSize() throws {
        let flexCase = try WPTCheckLayout.translate(Self.container(), name: "page").flexCase
        // " XX\n" collapses to "XX": 2 × 10 px wide, one line-height (normal: 1 em in Ahem) tall.
        #expect(flexCase.root.children[1].content == Size(width: 20, height: 10))
        #expect(flexCase.description?.hasPrefix("Ahem text as content: [1] 20 × 10.") == true)
    }

    struct Run: CustomTestStringConvertible, Sendable {
        var run: ResolvedTextRun
        var outcome: Result<Size, ImportRefusal>
        var testDescription: String { "\(run.content) → \(outcome)" }
    }

    @Test(arguments: [
        Run(
            run: ResolvedTextRun(content: "a b", lineHeight: "25px", fontSize: 8, width: 24, height: 8),
            outcome: .success(Size(width: 3 * 8, height: 25))),
        Run(
            run: ResolvedTextRun(content: "ab", fontFamily: "\"Ahem\", serif", fontSize: 16, width: 32, height: 16),
            outcome: .success(Size(width: 32, height: 16))),
        Run(
            run: ResolvedTextRun(content: "ab ab", fontSize: 10, width: 20, height: 20, lines: 2),
            outcome: .failure(ImportRefusal(.wrappingText, "2 lines of text in <div>"))),
        Run(
            run: ResolvedTextRun(content: "ab", fontFamily: "serif", fontSize: 10, width: 13, height: 11),
            outcome: .failure(ImportRefusal(.text, "text in <div> in serif"))),
        Run(
            run: ResolvedTextRun(content: "é", fontSize: 10, width: 10, height: 10),
            outcome: .failure(ImportRefusal(.text, "text in <div> with characters outside printable ASCII"))),
        Run(
            run: ResolvedTextRun(content: "ab", whiteSpace: "pre", fontSize: 10, width: 20, height: 10),
            outcome: .failure(ImportRefusal(.text, "text in <div> with white-space: pre"))),
        Run(
            run: ResolvedTextRun(content: "ab", fontSize: 10, width: 18.5, height: 10),
            outcome: .failure(ImportRefusal(.text, "text in <div> is 18.5 × 10 px in the page, not 20 × 10 as in Ahem"))
        ),
    ])
    func ahemRuns(_ run: Run) {
        #expect(Result { () throws(ImportRefusal) in try AhemText.contentSize(run.run, tag: "div") } == run.outcome)
    }

    @Test func aBlockOfBlocksIsAColumnWhoseItemsNeitherGrowNorShrink() throws {
        var match = Self.container()
        match.root.children[0].computed["flex-direction"] = "row-reverse"  // a block does not read it
        match.root.children[0].children = [
            ResolvedElement(
                computed: ["display": "block", "height": "4px", "flex-grow": "2"], frame: [0, 0, 30, 4]),
            ResolvedElement(computed: ["display": "flex", "height": "6px"], frame: [0, 4, 30, 6]),
        ]
        let flexCase = try WPTCheckLayout.translate(match, name: "page").flexCase
        #expect(
            ImportTestSupport.css(flexCase.root.children[0].style) == ["width": "30px", "flex-direction": "column"])
        #expect(
            flexCase.root.children[0].children.map { ImportTestSupport.css($0.style) } == [
                ["height": "4px", "flex-shrink": "0"], ["height": "6px", "flex-shrink": "0"],
            ])
        #expect(flexCase.description?.contains("written as columns whose items neither grow nor shrink: [0].") == true)
        match.root.children[0].children[1].other["float"] = "left"
        #expect(throws: ImportRefusal(.otherDisplay, "float: left in a block")) {
            try WPTCheckLayout.translate(match, name: "page")
        }
    }

    @Test func theSummaryCountsCheckedElementsByReason() throws {
        var report = ImportRun.Report(format: .wpt)
        report.written = ["a"]
        report.checkedElementsImported = 7
        report.refused = [
            .init(
                label: "a.html#x 2", refusal: ImportRefusal(.writingMode, "writing-mode: vertical-rl"),
                checkedElements: 3),
            .init(
                label: "a.html#x 3", refusal: ImportRefusal(.script, "an inline script uses .style"), checkedElements: 5
            ),
            .init(
                label: "a.html#x 4", refusal: ImportRefusal(.writingMode, "writing-mode: vertical-lr"),
                checkedElements: 4),
        ]
        #expect(
            Array(report.lines.suffix(4)) == [
                "checked elements: 19 read, 7 imported, 12 refused",
                "checked elements refused 7: writing mode",
                "checked elements refused 5: script the import cannot run",
                "1 imported, 3 refused",
            ])
    }

    // MARK: With the browser

    static let page = """
        <!DOCTYPE html>
        <link rel="stylesheet" href="/fonts/ahem.css">
        <style>
        body { margin: 0; }
        .flexbox { display: flex; width: 200px; font: 10px/1 Ahem; }
        .flexbox > div { flex: none; }
        .tall { height: 30px; }
        </style>
        <script src="/resources/check-layout-th.js"></script>
        <body onload="checkLayout('.flexbox > div')">
        <div class="flexbox">
          <div data-expected-width="30" data-expected-height="10" data-offset-x="0" data-offset-y="0">ABC</div>
          <div class="tall" data-expected-width="50" data-offset-x="30"><div style="width: 50px; height: 5px"></div></div>
        </div>
        </body>
        """

    @Test(.enabled(if: ImportTestSupport.hasChromium, "\(ChromiumImportBrowser.installLine)"))
    func chromiumRootsCheckedFlexItemsAtTheirContainer() throws {
        let folder = try ImportTestSupport.folder(with: ["items-001.html": Self.page])
        let out = try ImportTestSupport.scratchFolder()
        let browser = try ImportTestSupport.chromium()
        let report = try ImportRun.run(
            format: .wpt, inputs: try ImportInput.collect([folder], format: .wpt), outputFolder: out, browser: browser)
        #expect(report.refused.isEmpty)
        #expect(report.written == ["items-001"])
        #expect(report.checkedElementsImported == 2)
        let written = try JSONDecoder().decode(
            FlexCase.self, from: try Data(contentsOf: URL(fileURLWithPath: out + "/items-001.json")))
        guard case .imported(let origin) = written.source?.origin else {
            Issue.record("not an imported case")
            return
        }
        #expect(origin.case == ".flexbox > div 1, 2")
        // "ABC" in 10 px Ahem: 30 × 10; the block holding a 50 × 5 block is a column of it, 30 tall.
        #expect(written.root.children[0].content == Size(width: 30, height: 10))
        #expect(
            written.expect?.frames.map(\.frame) == [
                Rect(x: 0, y: 0, width: 30, height: 10), Rect(x: 30, y: 0, width: 50, height: 30),
            ])
        #expect(written.expect?.frames.map(\.path) == [[0], [1]])
    }
}
