import BoxLayout
import Flexbox
import Foundation
import LayoutCore
import TestSupport
import Testing

/// One small box case per translation rule, with the CSS written out by hand; the refusals with their JSON
/// paths; and the inverse on flex cases outside the translation's image.
struct BoxToFlexRuleTests {
    /// A box case from the JSON after `"kind"` and `"name"`: `"root": {…}` and optionally `"proposal"`.
    static func box(_ json: String) throws -> BoxCase {
        try JSONDecoder().decode(BoxCase.self, from: Data((#"{"kind":"box","name":"t","# + json + "}").utf8))
    }

    static func flex(_ json: String) throws -> FlexCase {
        try JSONDecoder().decode(FlexCase.self, from: Data((#"{"kind":"flex","name":"t","# + json + "}").utf8))
    }

    /// Every element's style as CSS text, by path.
    static func styles(_ root: FlexElement) -> [[Int]: [String: String]] {
        var result: [[Int]: [String: String]] = [:]
        var stack: [(FlexElement, [Int])] = [(root, [])]
        while let (element, path) = stack.popLast() {
            result[path] = Dictionary(
                uniqueKeysWithValues: element.style.map { ($0.property.rawValue, $0.value.cssText) })
            for (index, child) in element.children.enumerated() { stack.append((child, path + [index])) }
        }
        return result
    }

    // MARK: The CSS every element and every container has

    /// Every element: border-box sizes, the containing block of its children, never shrinking.
    static let item = ["box-sizing": "border-box", "position": "relative", "flex-shrink": "0"]

    /// A container: Puyopuyo's defaults (it has no stretch) and a direction.
    static func container(_ direction: String, _ wrap: String = "nowrap", _ extra: [String: String] = [:])
        -> [String: String]
    {
        item.merging(
            [
                "flex-direction": direction, "flex-wrap": wrap, "justify-content": "flex-start",
                "align-items": "flex-start", "align-content": "flex-start",
            ]
        ) { $1 }.merging(extra) { $1 }
    }

    static func leaf(_ extra: [String: String] = [:]) -> [String: String] { item.merging(extra) { $1 } }

    /// A zbox: a grid of one `minmax(0px, 1fr)` cell on each axis, its items centred unless justifyContent says.
    static func grid(_ extra: [String: String] = [:]) -> [String: String] {
        item.merging(
            [
                "display": "grid", "grid-template-columns": "minmax(0px, 1fr)",
                "grid-template-rows": "minmax(0px, 1fr)", "justify-items": "center", "align-items": "center",
            ]
        ) { $1 }.merging(extra) { $1 }
    }

    /// A displayed zbox child: in the one cell.
    static func cell(_ extra: [String: String] = [:]) -> [String: String] {
        leaf(["grid-row-start": "1", "grid-column-start": "1"]).merging(extra) { $1 }
    }

    struct Pinned: Sendable, CustomTestStringConvertible {
        var rule: String
        var box: String
        var styles: [[Int]: [String: String]]
        var testDescription: String { rule }
    }

    static let leafAB = #"{"type":"leaf","content":{"width":20,"height":10}}"#
    static let twoLeaves = leafAB + "," + leafAB

    static let pinned: [Pinned] = [
        Pinned(
            rule: "hbox: row nowrap, space is column-gap; a leaf is an item",
            box: #""root":{"type":"hbox","space":4,"children":[\#(leafAB)]}"#,
            styles: [[]: container("row", "nowrap", ["column-gap": "4px"]), [0]: leaf()]),
        Pinned(
            rule: "vbox: column nowrap, space is row-gap",
            box: #""root":{"type":"vbox","space":4,"children":[\#(leafAB)]}"#,
            styles: [[]: container("column", "nowrap", ["row-gap": "4px"]), [0]: leaf()]),
        Pinned(
            rule: "vflow: row wrap, space sets both gaps",
            box: #""root":{"type":"vflow","width":100,"space":3,"children":[\#(leafAB)]}"#,
            styles: [
                []: container("row", "wrap", ["width": "100px", "column-gap": "3px", "row-gap": "3px"]), [0]: leaf(),
            ]),
        Pinned(
            rule: "hflow: column wrap, itemSpace along a line (row-gap), runSpace between lines (column-gap)",
            box: #""root":{"type":"hflow","height":100,"itemSpace":2,"runSpace":5,"children":[\#(leafAB)]}"#,
            styles: [
                []: container("column", "wrap", ["height": "100px", "row-gap": "2px", "column-gap": "5px"]),
                [0]: leaf(),
            ]),
        Pinned(
            rule: "sizes: a number is px, wrap min and max are min-/max-, grow along an hbox is flex-grow",
            box: #"""
                "root":{"type":"hbox","width":300,"children":[{"type":"leaf","width":30,"height":20},
                {"type":"leaf","width":{"wrap":{"min":5,"max":50}},"height":{"wrap":{"max":8}}},
                {"type":"leaf","width":{"wrap":{"grow":2}}}]}
                """#,
            styles: [
                []: container("row", "nowrap", ["width": "300px"]),
                [0]: leaf(["width": "30px", "height": "20px"]),
                [1]: leaf(["min-width": "5px", "max-width": "50px", "max-height": "8px"]),
                [2]: leaf(["flex-grow": "2"]),
            ]),
        Pinned(
            rule: "margin and padding, side by side",
            box: #"""
                "root":{"type":"vbox","padding":{"top":1,"left":2,"bottom":3,"right":4},
                "children":[{"type":"leaf","margin":{"top":-5,"right":6}}]}
                """#,
            styles: [
                []: container(
                    "column", "nowrap",
                    ["padding-top": "1px", "padding-left": "2px", "padding-bottom": "3px", "padding-right": "4px"]),
                [0]: leaf(["margin-top": "-5px", "margin-right": "6px"]),
            ]),
        Pinned(
            rule: "format: leading, trailing, center, between, round (space-evenly)",
            box: #"""
                "root":{"type":"vbox","children":[
                {"type":"hbox","width":100,"format":"leading"},{"type":"hbox","width":100,"format":"trailing"},
                {"type":"hbox","width":100,"format":"center"},{"type":"hbox","width":100,"format":"between","space":3},
                {"type":"hbox","width":100,"format":"round"}]}
                """#,
            styles: [
                []: container("column"),
                [0]: container("row", "nowrap", ["width": "100px"]),
                [1]: container("row", "nowrap", ["width": "100px", "justify-content": "flex-end"]),
                [2]: container("row", "nowrap", ["width": "100px", "justify-content": "center"]),
                [3]: container(
                    "row", "nowrap", ["width": "100px", "justify-content": "space-between", "column-gap": "3px"]),
                [4]: container("row", "nowrap", ["width": "100px", "justify-content": "space-evenly"]),
            ]),
        Pinned(
            rule: "reverse reverses the order only: leading packs at the physical start, flex-end under row-reverse",
            box: #"""
                "root":{"type":"vbox","children":[
                {"type":"hbox","width":100,"reverse":true},{"type":"hbox","width":100,"format":"trailing","reverse":true},
                {"type":"vbox","height":100,"format":"center","reverse":true},
                {"type":"hbox","width":100,"format":"between","reverse":true,"children":[\#(twoLeaves)]},
                {"type":"hbox","width":100,"format":"round","reverse":true}]}
                """#,
            styles: [
                []: container("column"),
                [0]: container("row-reverse", "nowrap", ["width": "100px", "justify-content": "flex-end"]),
                [1]: container("row-reverse", "nowrap", ["width": "100px", "justify-content": "flex-start"]),
                [2]: container("column-reverse", "nowrap", ["height": "100px", "justify-content": "center"]),
                [3]: container("row-reverse", "nowrap", ["width": "100px", "justify-content": "space-between"]),
                [3, 0]: leaf(), [3, 1]: leaf(),
                [4]: container("row-reverse", "nowrap", ["width": "100px", "justify-content": "space-evenly"]),
            ]),
        Pinned(
            rule: "a linear box's justifyContent is align-items, a child's alignment align-self",
            box: #"""
                "root":{"type":"hbox","justifyContent":"bottom","children":[
                {"type":"leaf","alignment":"vertCenter"},{"type":"leaf","alignment":"top"},
                {"type":"vbox","justifyContent":"trailing","alignment":"center","children":[
                {"type":"leaf","alignment":"leading"},{"type":"leaf","alignment":"horzCenter"}]}]}
                """#,
            styles: [
                []: container("row", "nowrap", ["align-items": "flex-end"]),
                [0]: leaf(["align-self": "center"]),
                [1]: leaf(["align-self": "flex-start"]),
                [2]: container("column", "nowrap", ["align-items": "flex-end", "align-self": "center"]),
                [2, 0]: leaf(["align-self": "flex-start"]),
                [2, 1]: leaf(["align-self": "center"]),
            ]),
        Pinned(
            rule: "a flow: format per line, runFormat across lines, justifyContent the items within their line",
            box: #"""
                "root":{"type":"vflow","width":100,"height":50,"format":"center","runFormat":"trailing",
                "justifyContent":"bottom","children":[{"type":"leaf","alignment":"vertCenter"}]}
                """#,
            styles: [
                []: container(
                    "row", "wrap",
                    [
                        "width": "100px", "height": "50px", "justify-content": "center", "align-content": "flex-end",
                        "align-items": "flex-end",
                    ]),
                [0]: leaf(["align-self": "center"]),
            ]),
        Pinned(
            rule: "a flow's justifyContent on its line axis centres the items in their line (spec §7)",
            box: #""root":{"type":"hflow","height":50,"justifyContent":"top"}"#,
            styles: [[]: container("column", "wrap", ["height": "50px", "align-items": "center"])]),
        Pinned(
            rule: "reverse on a flow reverses the lines too: wrap-reverse, whose cross-start is the far side",
            box: #"""
                "root":{"type":"vflow","width":100,"reverse":true,"children":[{"type":"leaf","alignment":"bottom"}]}
                """#,
            styles: [
                []: container(
                    "row-reverse", "wrap-reverse",
                    [
                        "width": "100px", "justify-content": "flex-end", "align-content": "flex-end",
                        "align-items": "flex-end",
                    ]),
                [0]: leaf(["align-self": "flex-start"]),
            ]),
        Pinned(
            rule: "a flow with a wrap line length: lines as long as their content, placed as justify-content",
            box: #"""
                "root":{"type":"vbox","width":100,"children":[{"type":"vflow","justifyContent":"top"},
                {"type":"vflow","justifyContent":"bottom","alignment":"right"},
                {"type":"vflow","justifyContent":"left","reverse":true}]}
                """#,
            styles: [
                []: container("column", "nowrap", ["width": "100px"]),
                [0]: container("row", "wrap", ["justify-content": "center"]),
                [1]: container(
                    "row", "wrap", ["justify-content": "flex-end", "align-items": "flex-end", "align-self": "flex-end"]),
                [2]: container(
                    "row-reverse", "wrap-reverse",
                    ["justify-content": "flex-end", "align-content": "flex-end", "align-items": "center"]),
            ]),
        Pinned(
            rule: "activated false is display none",
            box: #""root":{"type":"hbox","children":[{"type":"leaf","activated":false}]}"#,
            styles: [[]: container("row"), [0]: leaf(["display": "none"])]),
        Pinned(
            rule: "a wrap root shrinks to a definite viewport width: flex-shrink 1, min-width 0",
            box: #""proposal":{"width":200},"root":{"type":"hbox"}"#,
            styles: [[]: container("row", "nowrap", ["flex-shrink": "1", "min-width": "0px"])]),
        Pinned(
            rule: "a wrap root keeps its own min and max as it shrinks",
            box: #""proposal":{"width":200},"root":{"type":"hbox","width":{"wrap":{"min":50,"max":150}}}"#,
            styles: [[]: container("row", "nowrap", ["flex-shrink": "1", "min-width": "50px", "max-width": "150px"])]),
        Pinned(
            rule: "a wrap root under a height proposal: max-height is the proposal minus the margins (or its own max)",
            box: #"""
                "proposal":{"height":100},"root":{"type":"vbox","margin":{"top":10,"bottom":5},"height":{"wrap":{"min":4}},
                "children":[{"type":"hbox","height":{"wrap":{"max":50}}}]}
                """#,
            styles: [
                []: container(
                    "column", "nowrap",
                    ["margin-top": "10px", "margin-bottom": "5px", "min-height": "4px", "max-height": "85px"]),
                [0]: container("row", "nowrap", ["max-height": "50px"]),
            ]),
        Pinned(
            rule: "a root's own max height below the proposal's room stays",
            box: #""proposal":{"height":100},"root":{"type":"vbox","height":{"wrap":{"max":60}}}"#,
            styles: [[]: container("column", "nowrap", ["max-height": "60px"])]),
        Pinned(
            rule: "a fill root grows into the viewport's width (basis 0, min 0) and stretches across its height",
            box: #""proposal":{"width":200,"height":100},"root":{"type":"vbox","width":"fill","height":"fill"}"#,
            styles: [
                []: container(
                    "column", "nowrap",
                    ["flex-grow": "1", "flex-basis": "0px", "min-width": "0px", "align-self": "stretch"])
            ]),
        Pinned(
            rule: "a fixed root keeps flex-shrink 0 under a proposal",
            box: #""proposal":{"width":20,"height":10},"root":{"type":"leaf","width":300,"height":40}"#,
            styles: [[]: leaf(["width": "300px", "height": "40px"])]),
    ]

    static let zboxes: [Pinned] = [
        Pinned(
            rule: "a fixed zbox is a one-cell grid; its child sits in the cell, centred by justify-items / align-items",
            box: #""root":{"type":"zbox","width":100,"height":80,"padding":5,"children":[\#(leafAB)]}"#,
            styles: [
                []: grid([
                    "width": "100px", "height": "80px", "padding-top": "5px", "padding-right": "5px",
                    "padding-bottom": "5px", "padding-left": "5px",
                ]),
                [0]: cell(),
            ]),
        Pinned(
            rule: "a wrap zbox with two children: both in the one cell, margins as elsewhere, sizes as elsewhere",
            box: #"""
                "root":{"type":"zbox","children":[{"type":"leaf","content":{"width":20,"height":10},"margin":{"left":3}},
                {"type":"leaf","width":30,"height":{"wrap":{"min":4}}}]}
                """#,
            styles: [
                []: grid(),
                [0]: cell(["margin-left": "3px"]),
                [1]: cell(["width": "30px", "min-height": "4px"]),
            ]),
        Pinned(
            rule: "alignment per axis: justify-self from the horizontal name, align-self from the vertical one",
            box: #"""
                "root":{"type":"zbox","width":100,"height":100,"children":[
                {"type":"leaf","alignment":"left"},{"type":"leaf","alignment":"bottom"},
                {"type":"leaf","alignment":["trailing","vertCenter"]},{"type":"leaf","alignment":"center"},
                {"type":"leaf","alignment":["bottom","vertCenter","right","horzCenter","leading"]}]}
                """#,
            styles: [
                []: grid(["width": "100px", "height": "100px"]),
                [0]: cell(["justify-self": "start"]),
                [1]: cell(["align-self": "end"]),
                [2]: cell(["justify-self": "end", "align-self": "center"]),
                [3]: cell(["justify-self": "center", "align-self": "center"]),
                [4]: cell(["justify-self": "end", "align-self": "end"]),
            ]),
        Pinned(
            rule: "a zbox's justifyContent, one name per axis, is justify-items and align-items",
            box: #""root":{"type":"zbox","justifyContent":["leading","bottom"],"children":[\#(leafAB)]}"#,
            styles: [[]: grid(["justify-items": "start", "align-items": "end"]), [0]: cell()]),
        Pinned(
            rule:
                "fill in a fixed zbox stretches (its own name on that axis places nothing); an inactive child has no cell",
            box: #"""
                "root":{"type":"zbox","width":100,"height":50,"children":[
                {"type":"leaf","width":"fill","height":"fill","alignment":["left","bottom"]},
                {"type":"hbox","width":"fill","alignment":"top"},{"type":"leaf","activated":false}]}
                """#,
            styles: [
                []: grid(["width": "100px", "height": "50px"]),
                [0]: cell(["justify-self": "stretch", "align-self": "stretch"]),
                [1]: container("row", "nowrap", ["grid-row-start": "1", "grid-column-start": "1"])
                    .merging(["justify-self": "stretch", "align-self": "start"]) { $1 },
                [2]: leaf(["display": "none"]),
            ]),
        Pinned(
            rule: "a zbox in a linear box is placed by align-self like any item; an inactive zbox keeps its tracks",
            box: #"""
                "root":{"type":"hbox","children":[{"type":"zbox","alignment":"bottom","children":[\#(leafAB)]},
                {"type":"zbox","activated":false}]}
                """#,
            styles: [
                []: container("row"),
                [0]: grid(["align-self": "flex-end"]),
                [0, 0]: cell(),
                [1]: grid(["display": "none"]),
            ]),
    ]

    @Test("a translation rule, pinned", arguments: pinned + zboxes)
    func rule(_ pinned: Pinned) throws {
        let flex = try BoxToFlex.translate(try Self.box(pinned.box))
        let actual = Self.styles(flex.root)
        #expect(Set(actual.keys) == Set(pinned.styles.keys))
        for (path, style) in pinned.styles.sorted(by: { $0.key.lexicographicallyPrecedes($1.key) }) {
            #expect(actual[path] == style, "element \(path)")
        }
    }

    @Test("the viewport is the proposal; name, ids, content, expect and tolerance are copied")
    func copied() throws {
        var box = try Self.box(
            #""proposal":{"width":375},"root":{"type":"hbox","id":"row","children":[{"type":"leaf","id":"a","content":{"width":3,"height":4}}]}"#
        )
        box.expect = BoxFrames(frames: [BoxFrame(path: [], id: "row", frame: Rect(x: 0, y: 0, width: 3, height: 4))])
        box.tolerance = Tolerance(geometry: 0.5, reason: "why")
        let flex = try BoxToFlex.translate(box)
        #expect(flex.name == "t")
        #expect(flex.viewport == FlexViewport(width: 375, height: nil))
        #expect(flex.root.id == "row")
        #expect(flex.root.children[0].id == "a")
        #expect(flex.root.children[0].content == Size(width: 3, height: 4))
        #expect(flex.expect == box.expect)
        #expect(flex.tolerance == box.tolerance)
    }
}
