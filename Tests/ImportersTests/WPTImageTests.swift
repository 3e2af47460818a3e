import Flexbox
import Foundation
import LayoutCore
import Testing

@testable import Importers

/// WPT pages' `<img>` elements: loaded from the page's folder, and written as content leaves (docs/importers.md,
/// "Images").
@Suite struct WPTImageTests {
    /// A 100 px wide flex row holding one checked `<img>` of natural size 16 × 8, styled `style`, laid out at `frame`.
    static func match(image: [Double]? = [16, 8], style: [String: String], frame: [Double]) -> ResolvedMatch {
        var computed = ["display": "block", "aspect-ratio": "auto"]
        for side in ["top", "right", "bottom", "left"] {
            computed["padding-\(side)"] = "0px"
            computed["border-\(side)-width"] = "0px"
        }
        computed.merge(style) { $1 }
        let img = ResolvedElement(
            tag: "img", computed: computed,
            data: ["data-expected-width": shortestText(frame[2]), "data-expected-height": shortestText(frame[3])],
            frame: frame, image: image)
        let root = ResolvedElement(
            tag: "div", computed: ["display": "flex", "width": "100px", "align-items": "flex-start"],
            frame: [0, 0, 100, 20], children: [img])
        return ResolvedMatch(root: root, containingBlockWidth: 784)
    }

    @Test func aLoadedImageIsALeafOfItsNaturalSizeAndRatio() throws {
        let translation = try WPTCheckLayout.translate(
            Self.match(style: ["width": "30px"], frame: [0, 0, 30, 15]), name: "page")
        let image = translation.flexCase.root.children[0]
        #expect(image.content == Size(width: 16, height: 8))
        // 16 ÷ 8: the natural ratio, where the image's own `aspect-ratio` is `auto`.
        #expect(ImportTestSupport.css(image.style) == ["width": "30px", "aspect-ratio": "2"])
        #expect(translation.flexCase.description?.contains("Images as content: [0] 16 × 8 with its natural") == true)
        #expect(translation.imagesAtUsedSize == 0)
    }

    @Test func anImageThatDidNotLoadAndOtherReplacedElementsAreRefused() {
        #expect(throws: ImportRefusal(.replacedElement, "<img> whose image did not load")) {
            try WPTCheckLayout.translate(Self.match(image: nil, style: [:], frame: [0, 0, 16, 16]), name: "page")
        }
        var input = Self.match(style: [:], frame: [0, 0, 16, 8])
        input.root.children[0].tag = "input"
        #expect(throws: ImportRefusal(.replacedElement, "<input>")) {
            try WPTCheckLayout.translate(input, name: "page")
        }
    }

    @Test(arguments: [
        // Its own sizes: a width (height by the ratio), a height, a maximum that keeps the ratio, a minimum.
        (["width": "30px"], Size(width: 30, height: 15)),
        (["height": "4px"], Size(width: 8, height: 4)),
        (["max-width": "10px"], Size(width: 10, height: 5)),
        (["min-height": "20px"], Size(width: 40, height: 20)),
        (["max-width": "10px", "min-height": "6px"], Size(width: 10, height: 6)),
        (["width": "30px", "box-sizing": "border-box"], Size(width: 30, height: 15)),
        (["width": "auto"], Size(width: 16, height: 8)),
    ])
    func theOwnSizeIsCSS2sForAReplacedElement(_ style: [String: String], _ size: Size) {
        let element = Self.match(style: style, frame: [0, 0, size.width, size.height]).root.children[0]
        #expect(WPTCheckLayout.ownContentSize(element, natural: Size(width: 16, height: 8)) == size)
    }

    @Test func aPercentageSizeIsNotTheImagesOwn() {
        let element = Self.match(style: ["width": "50%"], frame: [0, 0, 50, 25]).root.children[0]
        #expect(WPTCheckLayout.ownContentSize(element, natural: Size(width: 16, height: 8)) == nil)
    }

    /// The browser stand-in lays a case out as the page only where the image is a leaf without a ratio: the
    /// natural translation is refused, and the used one kept because 10 × 5 is the image's own size.
    @Test func anImageAtItsOwnSizeIsWrittenAtThatSizeWhenTheRatioDoesNotReproduceThePage() throws {
        let match = Self.match(style: ["max-width": "10px"], frame: [0, 0, 10, 5])
        let browser = FakeBrowser()
        browser.page = ResolvedPage(matches: [match])
        let page = try WPTCheckLayout.translate(match, name: "page").pageFrames
        browser.frames = { flexCase in
            flexCase.framesInPreOrder { path, element in
                element.style[.aspectRatio] == nil ? page[path] : Rect(x: 0, y: 0, width: 10, height: 8)
            }
        }
        let outcomes = try ImportRun.wptOutcomes("", selector: "div", browser: browser).outcomes
        guard case .complete(let flexCase, _) = outcomes.first?.0 else {
            Issue.record("expected the used translation, got \(String(describing: outcomes.first?.0))")
            return
        }
        #expect(flexCase.root.children[0].content == Size(width: 10, height: 5))
        #expect(flexCase.description?.contains("[0] its used size 10 × 5") == true)

        // Stretched or flexed past its own size, the image is refused with the natural translation's difference.
        let flexed = Self.match(style: ["max-width": "10px"], frame: [0, 0, 10, 7])
        browser.page = ResolvedPage(matches: [flexed])
        let refused = try ImportRun.wptOutcomes("", selector: "div", browser: browser).outcomes
        #expect(refused.first?.0 == .refused(ImportRefusal(.translation, "[0] height: page 7, case 8")))
    }

    @Test func aPageIsServedFromTheFolderThatHoldsResources() throws {
        let root = try ImportTestSupport.folder(with: ["resources/check-layout-th.js": "", "css/flex/a.html": ""])
        let located = PageFile.locating(root + "/css/flex/a.html")
        #expect(located.root.hasSuffix(URL(fileURLWithPath: root).lastPathComponent))
        #expect(located.file == located.root + "/css/flex/a.html")
        let alone = try ImportTestSupport.folder(with: ["b.html": ""])
        #expect(PageFile.locating(alone + "/b.html").root.hasSuffix(URL(fileURLWithPath: alone).lastPathComponent))
    }

    // MARK: With the browser

    static let page = """
        <!DOCTYPE html>
        <style>.flexbox { display: flex; align-items: flex-start; width: 100px; }</style>
        <script src="/resources/check-layout-th.js"></script>
        <body onload="checkLayout('.flexbox')">
        <div class="flexbox"><img src="support/wide.svg" style="width: 30px" data-expected-width="30"
          data-expected-height="15"><img src="/images/wide.svg" data-expected-width="16"></div>
        <div class="flexbox"><img src="support/missing.svg" data-expected-width="16"></div>
        </body>
        """

    static let wideImage = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"16\" height=\"8\"></svg>"

    @Test(.enabled(if: ImportTestSupport.hasChromium, "\(ChromiumImportBrowser.installLine)"))
    func chromiumLoadsThePagesImagesFromItsFolder() throws {
        let root = try ImportTestSupport.folder(with: [
            "resources/check-layout-th.js": "", "css/image-001.html": Self.page,
            "css/support/wide.svg": Self.wideImage, "images/wide.svg": Self.wideImage,
        ])
        let out = try ImportTestSupport.scratchFolder()
        let report = try ImportRun.run(
            format: .wpt, inputs: try ImportInput.collect([root + "/css"], format: .wpt), outputFolder: out,
            browser: try ImportTestSupport.chromium())
        #expect(report.written == ["image-001-1"])
        #expect(
            report.refused.map(\.refusal) == [ImportRefusal(.replacedElement, "<img> whose image did not load")])
        let written = try JSONDecoder().decode(
            FlexCase.self, from: try Data(contentsOf: URL(fileURLWithPath: out + "/image-001-1.json")))
        // 30 wide at the ratio 16 : 8 is 15 high; the second image, root-relative, at its natural 16 × 8.
        #expect(
            written.expect?.frames.map(\.frame) == [
                Rect(x: 0, y: 0, width: 30, height: 15), Rect(x: 30, y: 0, width: 16, height: 8),
            ])
        #expect(written.root.children.map(\.content) == [Size(width: 16, height: 8), Size(width: 16, height: 8)])
    }
}
