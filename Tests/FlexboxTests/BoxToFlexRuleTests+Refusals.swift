import BoxLayout
import Flexbox
import Foundation
import LayoutCore
import TestSupport
import Testing

extension BoxToFlexRuleTests {
    // MARK: Refusals

    struct Refused: Sendable, CustomTestStringConvertible {
        var box: String
        var message: String
        var testDescription: String { message }
    }

    static let refusals: [Refused] = [
        Refused(
            box: #""root":{"type":"zbox","justifyContent":"top","children":[\#(leafAB)]}"#,
            message:
                #"$.root.justifyContent: "top" names no horizontal position: a zbox then puts the centre of each child without its own on the box's edge (quirk 12); CSS has no equivalent"#
        ),
        Refused(
            box: #""root":{"type":"zbox","justifyContent":["left","trailing"]}"#,
            message:
                #"$.root.justifyContent: ["left", "trailing"] names no vertical position: a zbox then puts the centre of each child without its own on the box's edge (quirk 12); CSS has no equivalent"#
        ),
        Refused(
            box: #""root":{"type":"zbox","justifyContent":"none"}"#,
            message:
                "$.root.justifyContent: the name none puts the child's centre on the parent's edge; CSS has no equivalent"
        ),
        Refused(
            box: #""root":{"type":"zbox","children":[{"type":"leaf","alignment":["none","top"]}]}"#,
            message:
                "$.root.children[0].alignment: the name none puts the child's centre on the parent's edge; CSS has no equivalent"
        ),
        Refused(
            box: #""root":{"type":"zbox","children":[{"type":"leaf","alignment":["top",{"horzCenter":-0.5}]}]}"#,
            message: "$.root.children[0].alignment: a centre ratio has no CSS equivalent"),
        Refused(
            box: #""root":{"type":"zbox","width":100,"children":[\#(leafAB),{"type":"leaf","height":"fill"}]}"#,
            message:
                #"$.root.children[1].height: "fill" is CSS's stretch only in a zbox of fixed size on its axis (in a wrap zbox Puyopuyo sizes it to the largest other child, CSS counts its content too)"#
        ),
        Refused(
            box: #"""
                "root":{"type":"zbox","width":100,"height":100,"padding":{"left":30},
                "children":[{"type":"leaf","width":"fill","margin":{"left":40,"right":40}}]}
                """#,
            message:
                #"$.root.children[0].width: "fill" with margins wider than the zbox's inner size: Puyopuyo sizes it 0 and aligns it, CSS's stretch falls back to the start"#
        ),
        Refused(
            box: #""root":{"type":"zbox","width":100,"height":100,"children":[{"type":"leaf","width":{"ratio":2}}]}"#,
            message:
                #"$.root.children[0].width: {"ratio": 2} has no CSS equivalent (only "fill": on the root under a definite proposal, or in a zbox of fixed size)"#
        ),
        Refused(
            box: #"""
                "root":{"type":"zbox","width":100,"height":100,"children":[{"type":"leaf","width":{"wrap":{"grow":1}}}]}
                """#,
            message:
                "$.root.children[0].width.wrap.grow: grow is flex-grow only along the main axis of an hbox or vbox parent"
        ),
        Refused(
            box: #""root":{"type":"hbox","children":[{"type":"leaf","text":"hi"}]}"#,
            message:
                "$.root.children[0].text: a text leaf has no CSS equivalent here (a flex case has no font to measure it with)"
        ),
        Refused(
            box: #""root":{"type":"hbox","children":[\#(twoLeaves),{"type":"leaf","width":{"ratio":2}}]}"#,
            message:
                #"$.root.children[2].width: {"ratio": 2} has no CSS equivalent (only "fill": on the root under a definite proposal, or in a zbox of fixed size)"#
        ),
        Refused(
            box:
                #""proposal":{"width":100},"root":{"type":"hbox","width":100,"children":[{"type":"leaf","width":"fill"}]}"#,
            message:
                #"$.root.children[0].width: "fill" has no CSS equivalent below the root (a share of what the siblings leave, without their min)"#
        ),
        Refused(
            box: #""proposal":{"width":100},"root":{"type":"hbox","height":"fill"}"#,
            message: #"$.root.height: "fill" needs a definite proposal height (it is the proposal minus the margins)"#),
        Refused(
            box: #""root":{"type":"leaf","height":{"aspectRatio":2}}"#,
            message:
                #"$.root.height: {"aspectRatio": 2} has no CSS equivalent (Puyopuyo derives it from the residual collapsed to the ratio)"#
        ),
        Refused(
            box: #""root":{"type":"leaf","width":{"wrap":{"add":4}}}"#,
            message: "$.root.width.wrap.add: add has no CSS equivalent"),
        Refused(
            box: #""root":{"type":"leaf","width":{"wrap":{"min":40,"max":20}}}"#,
            message:
                "$.root.width.wrap.min: a min above the max has no CSS equivalent (Puyopuyo's max wins, CSS's min)"),
        Refused(
            box: #""root":{"type":"leaf","width":{"wrap":{"priority":1}}}"#,
            message:
                "$.root.width.wrap.priority: priority has no CSS equivalent (it orders measuring along the main axis)"),
        Refused(
            box: #""root":{"type":"leaf","height":{"wrap":{"shrink":1}}}"#,
            message:
                "$.root.height.wrap.shrink: shrink has no CSS equivalent (Puyopuyo shares the overflow by factor, CSS by factor × basis)"
        ),
        Refused(
            box: #""root":{"type":"hbox","children":[{"type":"leaf","height":{"wrap":{"grow":1}}}]}"#,
            message:
                "$.root.children[0].height.wrap.grow: grow is flex-grow only along the main axis of an hbox or vbox parent"
        ),
        Refused(
            box: #""root":{"type":"vflow","children":[{"type":"leaf","width":{"wrap":{"grow":1}}}]}"#,
            message:
                "$.root.children[0].width.wrap.grow: grow is flex-grow only along the main axis of an hbox or vbox parent"
        ),
        Refused(
            box: #""proposal":{"width":100},"root":{"type":"leaf","width":{"wrap":{"grow":1}}}"#,
            message: "$.root.width.wrap.grow: grow is flex-grow only along the main axis of an hbox or vbox parent"),
        Refused(
            box: #""root":{"type":"hbox","padding":{"left":-1}}"#,
            message: "$.root.padding: a negative padding has no CSS equivalent"),
        Refused(
            box: #""root":{"type":"vflow","space":2,"runSpace":-1}"#,
            message: "$.root.runSpace: a negative space has no CSS equivalent (gaps are ≥ 0)"),
        Refused(
            box: #""root":{"type":"hbox","format":"center"}"#,
            message:
                "$.root.format: format acts only on a definite main size in Puyopuyo; justify-content would act on any room a min or grow makes"
        ),
        Refused(
            box: #""root":{"type":"vflow","format":"trailing"}"#,
            message:
                "$.root.format: format acts only on a definite main size in Puyopuyo; justify-content would act on any room a min or grow makes"
        ),
        Refused(
            box: #""root":{"type":"hflow","height":50,"runFormat":"center"}"#,
            message:
                "$.root.runFormat: runFormat acts only on a definite run size in Puyopuyo; align-content would act on any room a min makes"
        ),
        Refused(
            box: #""root":{"type":"hbox","width":100,"format":"round","space":10}"#,
            message: "$.root.format: round ignores space in Puyopuyo; CSS space-evenly adds the gap to its spacing"),
        Refused(
            box: #""root":{"type":"hbox","width":100,"format":"between","reverse":true,"children":[\#(leafAB)]}"#,
            message:
                "$.root.format: between packs a single child at the leading edge; CSS space-between falls back to flex-start, the far edge under reverse"
        ),
        Refused(
            box: #""root":{"type":"vflow","width":100,"height":100,"runFormat":"between","reverse":true}"#,
            message:
                "$.root.runFormat: between under reverse: a line (or a flow) of one item packs at the leading edge in Puyopuyo, at the far edge in CSS"
        ),
        Refused(
            box: #""root":{"type":"vflow","arrange":2}"#,
            message: "$.root.arrange: a fixed count of items per line has no CSS equivalent"),
        Refused(
            box: #""root":{"type":"vflow","children":[{"type":"leaf","flowEnding":true}]}"#,
            message: "$.root.children[0].flowEnding: a forced line break has no CSS equivalent"),
        Refused(
            box: #""root":{"type":"hflow","runRowSize":20}"#,
            message: "$.root.runRowSize: a size for every line has no CSS equivalent"),
        Refused(
            box: #""root":{"type":"hbox","children":[{"type":"leaf","alignment":"none"}]}"#,
            message:
                "$.root.children[0].alignment: the name none puts the child's centre on the parent's edge; CSS has no equivalent"
        ),
        Refused(
            box: #""root":{"type":"hbox","children":[{"type":"leaf","alignment":[{"vertCenter":0.5}]}]}"#,
            message: "$.root.children[0].alignment: a centre ratio has no CSS equivalent"),
        Refused(
            box: #""root":{"type":"hbox","children":[{"type":"leaf","alignment":["top","left"]}]}"#,
            message: #"$.root.children[0].alignment: ["top", "left"]: several names have no single CSS equivalent"#),
        Refused(
            box: #""root":{"type":"hbox","children":[{"type":"leaf","alignment":"leading"}]}"#,
            message:
                #"$.root.children[0].alignment: "leading" places nothing on this axis (names on the other axis are ignored); only top, bottom or vertCenter maps to align-self"#
        ),
        Refused(
            box: #""root":{"type":"vbox","justifyContent":"bottom"}"#,
            message:
                #"$.root.justifyContent: "bottom" places nothing on this axis (names on the other axis are ignored); only left, right, horzCenter, leading or trailing maps to align-items"#
        ),
        Refused(
            box: #""root":{"type":"vflow","justifyContent":["top","right"]}"#,
            message: #"$.root.justifyContent: ["top", "right"]: several names have no single CSS equivalent"#),
        Refused(
            box: #""root":{"type":"hbox","alignment":"top"}"#,
            message:
                "$.root.alignment: the root's alignment places nothing in Puyopuyo; align-self would place it in the viewport"
        ),
    ]

    @Test("a property with no CSS equivalent is refused with its JSON path and why", arguments: refusals)
    func refusal(_ refused: Refused) throws {
        let box = try Self.box(refused.box)
        #expect(throws: BoxToFlex.Refusal.self) { try BoxToFlex.translate(box) }
        do {
            _ = try BoxToFlex.translate(box)
        } catch {
            #expect(error.description == refused.message)
        }
    }
}
