import Testing

@testable import Importers

/// The small tolerant parser the importers read fixtures with.
@Suite struct MarkupTests {
    @Test func xmlElementsAttributesAndEntities() throws {
        let document = try Markup.parse(
            """
            <?xml version="1.0"?>
            <!-- a comment -->
            <test name="a &amp; b" use-rounding='true'>
              <div width="10px"/>
              <text>HH&#8203;HH</text>
            </test>
            """, dialect: .xml)
        let test = try #require(document.children.first)
        #expect(test.name == "test")
        #expect(test.attributes == ["name": "a & b", "use-rounding": "true"])
        #expect(test.children.map(\.name) == ["div", "text"])
        #expect(test.children[0].attributes == ["width": "10px"])
        #expect(test.children[1].ownText == "HH\u{200B}HH")
        #expect(test.children[1].hasText)
        #expect(test.children[1].line == 5)
    }

    @Test func htmlVoidRawTextUnquotedAndCase() throws {
        let document = try Markup.parse(
            """
            <!DOCTYPE html>
            <HTML><head><META charset=utf-8><script>if (a < b) { checkLayout('.x') }</script>
            <style>div > span { color: red }</style></head>
            <body><DIV ID=root Style="width: 10px">&ZeroWidthSpace;<span></span></div></body>
            """, dialect: .html)
        let elements = document.descendantsAndSelf
        #expect(
            elements.map(\.name) == ["#document", "html", "head", "meta", "script", "style", "body", "div", "span"])
        let script = try #require(elements.first { $0.name == "script" })
        #expect(script.ownText == "if (a < b) { checkLayout('.x') }")
        let div = try #require(elements.first { $0.name == "div" })
        #expect(div.attributes == ["id": "root", "style": "width: 10px"])
        #expect(div.hasText, "a zero-width space is text: Taffy's fixtures size boxes with it")
        #expect(!div.children[0].hasText)
    }

    @Test func htmlEndTagsCloseTheNearestOpenElementAndStrayOnesAreIgnored() throws {
        let document = try Markup.parse("<div><span><div>a</span></p></div>", dialect: .html)
        let outer = try #require(document.children.first)
        #expect(outer.children.map(\.name) == ["span"])
        #expect(outer.children[0].children.map(\.name) == ["div"])
    }

    struct Broken: CustomTestStringConvertible, Sendable {
        var text: String
        var line: Int
        var message: String
        var testDescription: String { message }
    }

    @Test(arguments: [
        Broken(text: "<test>\n<div>\n</test>", line: 3, message: "</test> closes <test> while <div> is open"),
        Broken(text: "<test>\n<div/>", line: 1, message: "<test> is never closed"),
        Broken(text: "<a>\n<!-- open", line: 2, message: "unterminated comment"),
        Broken(text: "<a b=c/>", line: 1, message: "unquoted attribute value in <a>"),
        Broken(text: "<a b/>", line: 1, message: "attribute b of <a> has no value"),
        Broken(text: "<a b='1' b='2'/>", line: 1, message: "attribute b of <a> is repeated"),
        Broken(text: "</a>", line: 1, message: "</a> closes nothing"),
    ])
    func xmlSyntaxErrorsNameTheLine(_ broken: Broken) {
        #expect(throws: Markup.SyntaxError(line: broken.line, message: broken.message)) {
            try Markup.parse(broken.text, dialect: .xml)
        }
    }

    @Test func nestingIsBounded() {
        let deep = String(repeating: "<div>", count: Markup.maximumDepth + 2)
        #expect(throws: Markup.SyntaxError(line: 1, message: "elements nest deeper than 1000 levels")) {
            try Markup.parse(deep, dialect: .html)
        }
    }
}
