import Flexbox
import Testing

@testable import Importers

/// Shorthand expansion and the refusals of `DeclaredStyle`, which every style-attribute importer shares.
@Suite struct DeclaredStyleTests {
    struct Expansion: CustomTestStringConvertible, Sendable {
        var declarations: String
        var direction = "ltr"
        var longhands: [String: String]
        var testDescription: String { declarations + (direction == "ltr" ? "" : " (\(direction))") }
    }

    /// Declarations as a style attribute holds them, over a base that makes borders solid (as both suites' sheets do).
    static func style(_ declarations: String, direction: String = "ltr") throws(ImportRefusal) -> [String: String] {
        var declared = DeclaredStyle(base: [("border-style", "solid")], direction: direction)
        for (name, value) in HTMLFixtures.declarations(declarations) { try declared.declare(name, value) }
        return ImportTestSupport.css(try declared.flexStyle())
    }

    static let sides = ["top", "right", "bottom", "left"]
    static func box(_ prefix: String, _ suffix: String = "", _ values: [String]) -> [String: String] {
        Dictionary(uniqueKeysWithValues: zip(sides, values).map { ("\(prefix)\($0)\(suffix)", $1) })
    }

    @Test(arguments: [
        Expansion(declarations: "margin: 1px", longhands: box("margin-", "", ["1px", "1px", "1px", "1px"])),
        Expansion(declarations: "margin: 1px 2px", longhands: box("margin-", "", ["1px", "2px", "1px", "2px"])),
        Expansion(declarations: "padding: 1px 2px 3px", longhands: box("padding-", "", ["1px", "2px", "3px", "2px"])),
        Expansion(
            declarations: "padding: 1px 2px 3px 4%", longhands: box("padding-", "", ["1px", "2px", "3px", "4%"])),
        Expansion(declarations: "inset: 0 auto", longhands: box("", "", ["0px", "auto", "0px", "auto"])),
        Expansion(
            declarations: "border-width: 1px 5px", longhands: box("border-", "-width", ["1px", "5px", "1px", "5px"])),
        Expansion(
            declarations: "border: 10px solid black",
            longhands: box("border-", "-width", Array(repeating: "10px", count: 4))),
        Expansion(
            declarations: "border: solid black 5px",
            longhands: box("border-", "-width", Array(repeating: "5px", count: 4))),
        // What the shorthand omits is reset: the width to medium (3px), the style to none (no border at all).
        Expansion(
            declarations: "border: solid", longhands: box("border-", "-width", Array(repeating: "3px", count: 4))),
        Expansion(declarations: "border: 10px", longhands: box("border-", "-width", Array(repeating: "0px", count: 4))),
        Expansion(declarations: "border-left: thick dashed red", longhands: ["border-left-width": "5px"]),
        Expansion(
            declarations: "border-width: 2px; border-top-style: none",
            longhands: box("border-", "-width", ["0px", "2px", "2px", "2px"])),
        Expansion(declarations: "gap: 10px", longhands: ["row-gap": "10px", "column-gap": "10px"]),
        Expansion(declarations: "gap: 10px 20%", longhands: ["row-gap": "10px", "column-gap": "20%"]),
        Expansion(
            declarations: "overflow: hidden scroll", longhands: ["overflow-x": "hidden", "overflow-y": "scroll"]),
        Expansion(declarations: "flex: 1", longhands: ["flex-grow": "1", "flex-shrink": "1", "flex-basis": "0%"]),
        Expansion(declarations: "flex: 2 3", longhands: ["flex-grow": "2", "flex-shrink": "3", "flex-basis": "0%"]),
        Expansion(
            declarations: "flex: 1 10px", longhands: ["flex-grow": "1", "flex-shrink": "1", "flex-basis": "10px"]),
        Expansion(declarations: "flex: 10px", longhands: ["flex-grow": "1", "flex-shrink": "1", "flex-basis": "10px"]),
        Expansion(declarations: "flex: none", longhands: ["flex-grow": "0", "flex-shrink": "0", "flex-basis": "auto"]),
        Expansion(declarations: "flex: auto", longhands: ["flex-grow": "1", "flex-shrink": "1", "flex-basis": "auto"]),
        Expansion(
            declarations: "flex-flow: wrap column", longhands: ["flex-direction": "column", "flex-wrap": "wrap"]),
        Expansion(
            declarations: "flex-flow: row-reverse", longhands: ["flex-direction": "row-reverse", "flex-wrap": "nowrap"]),
        Expansion(
            declarations: "place-content: center space-between",
            longhands: ["align-content": "center", "justify-content": "space-between"]),
        Expansion(declarations: "margin-inline-start: 10px", longhands: ["margin-left": "10px"]),
        Expansion(declarations: "margin-inline-start: 10px", direction: "rtl", longhands: ["margin-right": "10px"]),
        Expansion(
            declarations: "inset-inline-end: 5px; inset-block-start: 1px", longhands: ["right": "5px", "top": "1px"]),
        Expansion(
            declarations: "padding-inline: 1px 2px", direction: "rtl",
            longhands: ["padding-right": "1px", "padding-left": "2px"]),
        Expansion(declarations: "border-inline-start-width: 4px", longhands: ["border-left-width": "4px"]),
        Expansion(
            declarations: "inline-size: 5px; max-block-size: 6px", longhands: ["width": "5px", "max-height": "6px"]),
        // Later declarations win, shorthand or not; !important changes nothing inside one attribute.
        Expansion(
            declarations: "margin: 1px; margin-left: 2px !important",
            longhands: box("margin-", "", ["1px", "1px", "1px", "2px"])),
        Expansion(
            declarations: "margin-left: 2px; margin: 1px", longhands: box("margin-", "", ["1px", "1px", "1px", "1px"])),
        // Paint and fonts decide no frame.
        Expansion(declarations: "background-color: rgb(1, 2, 3); color: red; font: 10px/1 Ahem", longhands: [:]),
        Expansion(declarations: "WIDTH: 10PX; ; nonsense", longhands: ["width": "10px"]),
    ])
    func shorthandsExpandAsCSSExpandsThem(_ expansion: Expansion) throws {
        #expect(try Self.style(expansion.declarations, direction: expansion.direction) == expansion.longhands)
    }

    struct Refused: CustomTestStringConvertible, Sendable {
        var declarations: String
        var refusal: ImportRefusal
        var testDescription: String { declarations }
    }

    @Test(arguments: [
        Refused(declarations: "width: calc(100% - 10px)", refusal: ImportRefusal(.calc, "width: calc(100% - 10px)")),
        Refused(declarations: "margin: min(1px, 2%)", refusal: ImportRefusal(.calc, "margin: min(1px, 2%)")),
        Refused(declarations: "width: 10em", refusal: ImportRefusal(.unknownValue, "width: 10em")),
        Refused(declarations: "height: 75", refusal: ImportRefusal(.unknownValue, "height: 75")),
        Refused(
            declarations: "align-items: 'stretch'", refusal: ImportRefusal(.unknownValue, "align-items: 'stretch'")),
        Refused(
            declarations: "justify-content: safe space-between",
            refusal: ImportRefusal(.unknownValue, "justify-content: safe space-between")),
        Refused(declarations: "flex: 1 2 3 4", refusal: ImportRefusal(.unknownValue, "flex: 1 2 3 4")),
        Refused(declarations: "display: grid", refusal: ImportRefusal(.grid, "display: grid")),
        Refused(declarations: "grid-template-columns: 1fr", refusal: ImportRefusal(.grid, "grid-template-columns")),
        Refused(declarations: "display: block", refusal: ImportRefusal(.otherDisplay, "display: block")),
        Refused(declarations: "display: contents", refusal: ImportRefusal(.otherDisplay, "display: contents")),
        Refused(declarations: "float: left", refusal: ImportRefusal(.otherDisplay, "float: left")),
        Refused(
            declarations: "writing-mode: vertical-lr", refusal: ImportRefusal(.writingMode, "writing-mode: vertical-lr")
        ),
        Refused(declarations: "transform: scale(2)", refusal: ImportRefusal(.unknownProperty, "transform: scale(2)")),
        Refused(declarations: "alignItems: center", refusal: ImportRefusal(.unknownProperty, "alignitems: center")),
    ])
    func whatTheVocabularyCannotSayIsRefusedWithItsReason(_ refused: Refused) {
        #expect(throws: refused.refusal) { try Self.style(refused.declarations) }
    }

    @Test func theFirstRefusalInDeclarationOrderIsReported() {
        #expect(throws: ImportRefusal(.unknownValue, "width: 1em")) {
            try Self.style("width: 1em; display: grid")
        }
        #expect(ImportRefusal(.grid, "display: grid").description == "grid (display: grid)")
    }
}
