import Flexbox
import LayoutCore
import Testing

@testable import Importers

/// Taffy's XML tests: attributes as longhands under Taffy's base stylesheet, Chrome's rounded frames as `expect`.
@Suite struct TaffyXMLTests {
    static let grow = """
        <test name="flex_grow_child" use-rounding="true">
          <viewport width="200px" height="max-content"/>
          <input>
            <div box-sizing="content-box" direction="ltr" width="100px" height="20px" border-top="2px" padding-left="5%">
              <div direction="ltr" flex-grow="1" margin-left="55.00000000000001%"/>
              <div direction="rtl" display="none"><div direction="rtl"/></div>
              <div direction="ltr" position="absolute" overflow-x="hidden" scrollbar-width="15" width="10px"/>
            </div>
          </input>
          <expectations>
            <node x="0" y="0" width="100" height="22">
              <node x="5" y="2" width="40" height="20"/>
              <node x="0" y="0" width="0" height="0"><node x="0" y="0" width="0" height="0"/></node>
              <node x="0" y="2" width="10" height="0"/>
            </node>
          </expectations>
        </test>
        """

    static func only(_ text: String, file: String = "flex/case.xml") throws -> ImportCandidate {
        let candidates = try TaffyXML.candidates(in: text, input: ImportInput(path: "/x/" + file, relativePath: file))
        try #require(candidates.count == 1)
        return candidates[0]
    }

    /// `<test>` around one `<div>` tree whose expectation is a 0 × 0 root with 0 × 0 children.
    static func test(_ input: String, nodes: String = "<node x=\"0\" y=\"0\" width=\"0\" height=\"0\"/>") -> String {
        """
        <test name="t" use-rounding="false"><viewport width="max-content" height="max-content"/>
        <input>\(input)</input><expectations>\(nodes)</expectations></test>
        """
    }

    @Test func stylesCarryTheBaseStylesheetAndTheAttributes() throws {
        let candidate = try Self.only(Self.grow)
        #expect(candidate.name == "flex_grow_child")
        #expect(candidate.origin == FlexImport(format: "taffy-xml", file: "flex/case.xml"))
        let flexCase = try #require(candidate.flexCase)
        #expect(flexCase.viewport == FlexViewport(width: 200, height: nil))
        #expect(
            ImportTestSupport.css(flexCase.root.style) == [
                "box-sizing": "content-box", "position": "relative", "display": "flex", "direction": "ltr",
                "width": "100px", "height": "20px", "border-top-width": "2px", "padding-left": "5%",
            ])
        // The base stylesheet where the element says nothing; the percentage without the generator's float noise.
        #expect(
            ImportTestSupport.css(flexCase.root.children[0].style) == [
                "box-sizing": "border-box", "position": "relative", "display": "flex", "direction": "ltr",
                "flex-grow": "1", "margin-left": "55%",
            ])
        #expect(ImportTestSupport.css(flexCase.root.children[1].style)["display"] == "none")
        // Hidden overflow has no scrollbar, so the recorded scrollbar width changes nothing.
        #expect(
            ImportTestSupport.css(flexCase.root.children[2].style) == [
                "box-sizing": "border-box", "position": "absolute", "display": "flex", "direction": "ltr",
                "overflow-x": "hidden", "width": "10px",
            ])
    }

    @Test func expectationsAreTheNodesOfDisplayedElementsRoundedWithinAPixel() throws {
        let candidate = try Self.only(Self.grow)
        guard case .complete(let flexCase, let engines) = candidate.outcome else {
            Issue.record("expected a complete case, got \(candidate.outcome)")
            return
        }
        #expect(engines == ["taffy"])
        // [1] has display: none: neither it nor its child is listed, and [2] keeps its index.
        #expect(flexCase.expect?.frames.map(\.path) == [[], [0], [2]])
        #expect(
            flexCase.expect?.frames.map(\.frame) == [
                Rect(x: 0, y: 0, width: 100, height: 22), Rect(x: 5, y: 2, width: 40, height: 20),
                Rect(x: 0, y: 2, width: 10, height: 0),
            ])
        #expect(flexCase.tolerance.geometry == 1)
        #expect(flexCase.tolerance.reason?.hasPrefix("Taffy's XML expectations are Chrome's frames rounded") == true)
    }

    @Test func unroundedExpectationsAreChromesLayoutUnits() throws {
        let whole = try #require(try Self.only(Self.test("<div width=\"10.5px\"/>")).flexCase)
        #expect(whole.tolerance == .exact)
        #expect(whole.viewport == FlexViewport())
        let fractional = try #require(
            try Self.only(Self.test("<div/>", nodes: "<node x=\"0\" y=\"0\" width=\"33.328125\" height=\"0\"/>"))
                .flexCase)
        #expect(fractional.tolerance == LayoutUnits.tolerance)
    }

    struct Refused: CustomTestStringConvertible, Sendable {
        var input: String
        var nodes = "<node x=\"0\" y=\"0\" width=\"0\" height=\"0\"/>"
        var refusal: ImportRefusal
        var testDescription: String { refusal.description }
    }

    static let child =
        "<node x=\"0\" y=\"0\" width=\"0\" height=\"0\"><node x=\"0\" y=\"0\" width=\"0\" height=\"0\"/></node>"

    @Test(arguments: [
        Refused(
            input: "<div><text direction=\"ltr\">HH</text></div>", nodes: TaffyXMLTests.child,
            refusal: ImportRefusal(.text, "<text> leaf")),
        Refused(input: "<div>HH</div>", refusal: ImportRefusal(.text, "text in <div>")),
        Refused(input: "<div display=\"grid\"/>", refusal: ImportRefusal(.grid, "display: grid")),
        Refused(input: "<div display=\"block\"/>", refusal: ImportRefusal(.otherDisplay, "display: block")),
        Refused(
            input: "<div writing-mode=\"vertical-lr\"/>",
            refusal: ImportRefusal(.writingMode, "writing-mode: vertical-lr")),
        Refused(input: "<div flex-line-count=\"2\"/>", refusal: ImportRefusal(.unknownProperty, "flex-line-count: 2")),
        Refused(input: "<div flex-wrap=\"balance\"/>", refusal: ImportRefusal(.unknownValue, "flex-wrap: balance")),
        Refused(
            input: "<div overflow-y=\"scroll\" scrollbar-width=\"15\"/>",
            refusal: ImportRefusal(.scrollbars, "overflow-y: scroll with 15 px scrollbars")),
    ])
    func refusals(_ refused: Refused) throws {
        #expect(try Self.only(Self.test(refused.input, nodes: refused.nodes)).refusal == refused.refusal)
    }

    @Test func aTextLeafOfOnlyWhiteSpaceIsAnEmptyLeaf() throws {
        let input = "<div><text direction=\"ltr\" height=\"15px\">\n        \n      </text></div>"
        let flexCase = try #require(try Self.only(Self.test(input, nodes: Self.child)).flexCase)
        #expect(flexCase.root.children[0].content == nil)
        #expect(ImportTestSupport.css(flexCase.root.children[0].style)["height"] == "15px")
    }

    @Test func aScrollContainerWithoutScrollbarWidthImports() throws {
        let flexCase = try #require(try Self.only(Self.test("<div overflow-y=\"scroll\"/>")).flexCase)
        #expect(ImportTestSupport.css(flexCase.root.style)["overflow-y"] == "scroll")
    }

    @Test func anRTLRootInADefiniteViewportIsRefused() throws {
        let text = Self.grow.replacingOccurrences(
            of: "<div box-sizing=\"content-box\" direction=\"ltr\"",
            with: "<div box-sizing=\"content-box\" direction=\"rtl\"")
        #expect(
            try Self.only(text).refusal == ImportRefusal(.viewport, "direction: rtl in a viewport of definite width"))
    }

    @Test func aMinContentViewportIsRefused() throws {
        let text = Self.test("<div/>").replacingOccurrences(of: "width=\"max-content\"", with: "width=\"min-content\"")
        #expect(try Self.only(text).refusal == ImportRefusal(.viewport, "width: min-content"))
    }

    struct Unreadable: CustomTestStringConvertible, Sendable {
        var text: String
        var message: String
        var testDescription: String { message }
    }

    @Test(arguments: [
        Unreadable(text: "<test>", message: "not well-formed XML: line 1: <test> is never closed"),
        Unreadable(text: "<case/>", message: "expected a <test> element at the top"),
        Unreadable(text: "<test><input><div/></input></test>", message: "<test> has no <viewport>"),
        Unreadable(
            text: TaffyXMLTests.test("<div><div/></div>"), message: "line 2: 0 expected nodes for 1 input elements"),
        Unreadable(
            text: TaffyXMLTests.test("<div/>", nodes: "<node x=\"0\" y=\"a\" width=\"0\" height=\"0\"/>"),
            message: "line 2: <node> needs a number y"),
    ])
    func filesThatAreNotTaffyTestsAreUnreadable(_ unreadable: Unreadable) {
        #expect(throws: ImportError(file: "/x/flex/case.xml", message: unreadable.message)) {
            try Self.only(unreadable.text)
        }
    }

    @Test(arguments: [
        ("55.00000000000001%", "55%"), ("7.000000000000001%", "7%"), ("33.5%", "33.5%"), ("10px", "10px"),
    ])
    func percentagesLoseTheGeneratorsFloatingPointNoise(_ written: String, _ cleaned: String) {
        #expect(TaffyXML.cleanedPercentage(written) == cleaned)
    }
}
