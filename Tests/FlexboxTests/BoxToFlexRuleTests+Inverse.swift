import BoxLayout
import Flexbox
import Foundation
import LayoutCore
import TestSupport
import Testing

extension BoxToFlexRuleTests {
    // MARK: The inverse

    /// A flex case written by hand (not by `translate`), inside the image: an hbox root shrinking to a 100 px
    /// viewport, padding-left 5, space 10, a fixed 30 px leaf and a bottom-aligned 40 × 10 leaf. `root` and
    /// `child` add properties to the root's and the first child's styles.
    static func handWritten(root: String = "", child: String = "") -> String {
        #"""
        "viewport":{"width":100,"height":null},"root":{"style":{\#(root)"box-sizing":"border-box",
        "position":"relative","flex-shrink":"1","min-width":"0px","align-items":"flex-start",
        "align-content":"flex-start","column-gap":"10px","padding-left":"5px"},"children":[
        {"style":{\#(child)"box-sizing":"border-box","position":"relative","flex-shrink":"0","width":"30px"},
        "content":{"width":10,"height":20}},
        {"style":{"box-sizing":"border-box","position":"relative","flex-shrink":"0","align-self":"flex-end"},
        "content":{"width":40,"height":10}}]}
        """#
    }

    @Test("a hand-written flex case reads as its box case and lays out by Puyopuyo's rules")
    func handWrittenCase() throws {
        let flex = try Self.flex(Self.handWritten())
        let expected = try Self.box(
            #"""
            "proposal":{"width":100},"root":{"type":"hbox","padding":{"left":5},"space":10,"children":[
            {"type":"leaf","width":30,"content":{"width":10,"height":20}},
            {"type":"leaf","alignment":"bottom","content":{"width":40,"height":10}}]}
            """#)
        #expect(try BoxToFlex.boxCase(from: flex) == expected)
        // Width 5 + 30 + 10 + 40 = 85 (under 100), height the taller leaf's 20; the second leaf at x 5 + 30 + 10.
        let frames = try flex.layout(measurer: TestSupport.fixedMeasurer).frames.map(\.frame)
        #expect(
            frames == [
                Rect(x: 0, y: 0, width: 85, height: 20), Rect(x: 5, y: 0, width: 30, height: 20),
                Rect(x: 45, y: 20 - 10, width: 40, height: 10),
            ])
    }

    struct OutsideImage: Sendable, CustomTestStringConvertible {
        var root = ""
        var child = ""
        /// A whole case instead of the hand-written one.
        var json: String?
        var message: String
        var testDescription: String { message }
    }

    static let outsideImage: [OutsideImage] = [
        OutsideImage(child: #""order":"1","#, message: "$.root.children[0].style.order: 1 has no Puyopuyo equivalent"),
        OutsideImage(
            child: #""flex-shrink":"1","#,
            message:
                "$.root.children[0].style.flex-shrink: 1 has no Puyopuyo equivalent here (the nearest box case translates to 0)"
        ),
        OutsideImage(
            child: #""margin-left":"auto","#,
            message:
                "$.root.children[0].style.margin-left: auto has no Puyopuyo equivalent here (the nearest box case translates to 0px)"
        ),
        OutsideImage(
            root: #""width":"50%","#,
            message: "$.root.style.width: 50% has no Puyopuyo equivalent here (the nearest box case translates to auto)"
        ),
        OutsideImage(
            root: #""align-items":"stretch","#,
            message:
                "$.root.style.align-items: stretch has no Puyopuyo equivalent here (the nearest box case translates to flex-start)"
        ),
        OutsideImage(
            json: #"""
                "root":{"style":{"box-sizing":"border-box","position":"relative","flex-shrink":"0","width":"80px",
                "flex-direction":"row-reverse","justify-content":"space-between","align-items":"flex-start",
                "align-content":"flex-start"},"children":[{"style":{"box-sizing":"border-box","position":"relative",
                "flex-shrink":"0"}}]}
                """#,
            message:
                "$.root.style.justify-content: no Puyopuyo equivalent: between packs a single child at the leading edge; CSS space-between falls back to flex-start, the far edge under reverse"
        ),
    ]

    /// A grid root holding one child, inside the image but for `root` and `child`, added to their styles.
    static func handWrittenGrid(root: String = "", child: String = "") -> String {
        #"""
        "root":{"style":{\#(root)"box-sizing":"border-box","position":"relative","flex-shrink":"0","display":"grid",
        "grid-template-columns":"minmax(0px, 1fr)","grid-template-rows":"minmax(0px, 1fr)","width":"50px",
        "height":"40px"},"children":[{"style":{\#(child)"box-sizing":"border-box","position":"relative",
        "flex-shrink":"0","grid-column-start":"1"},"content":{"width":10,"height":20}}]}
        """#
    }

    static let outsideGrid: [OutsideImage] = [
        OutsideImage(
            json: handWrittenGrid(
                root: #""justify-items":"center","align-items":"center","#, child: #""grid-row-start":"2","#),
            message:
                "$.root.children[0].style.grid-row-start: 2 has no Puyopuyo equivalent here (the nearest box case translates to 1)"
        ),
        OutsideImage(
            json: handWrittenGrid(root: #""align-items":"end","#, child: #""grid-row-start":"1","#),
            message:
                "$.root.style.justify-items: stretch has no Puyopuyo equivalent here (the nearest box case translates to center)"
        ),
        OutsideImage(
            json: handWrittenGrid(
                root: #""justify-items":"start","align-items":"end","#,
                child: #""grid-row-start":"1","margin-left":"60px","justify-self":"stretch","#),
            message:
                "$.root.children[0].style.justify-self: stretch has no Puyopuyo equivalent here (the nearest box case translates to auto)"
        ),
    ]

    @Test("a hand-written grid reads as a zbox and lays out by Puyopuyo's rules")
    func handWrittenGridCase() throws {
        let flex = try Self.flex(
            Self.handWrittenGrid(
                root: #""justify-items":"end","align-items":"center","#,
                child: #""grid-row-start":"1","align-self":"start","#))
        let expected = try Self.box(
            #"""
            "root":{"type":"zbox","width":50,"height":40,"justifyContent":["right","vertCenter"],"children":[
            {"type":"leaf","alignment":"top","content":{"width":10,"height":20}}]}
            """#)
        #expect(try BoxToFlex.boxCase(from: flex) == expected)
        // The child at the right (50 − 10) and the top.
        let frames = try flex.layout(measurer: TestSupport.fixedMeasurer).frames.map(\.frame)
        #expect(frames == [Rect(x: 0, y: 0, width: 50, height: 40), Rect(x: 40, y: 0, width: 10, height: 20)])
    }

    @Test(
        "a flex case outside the translation's image is refused by the inverse, with its path",
        arguments: outsideImage + outsideGrid)
    func outside(_ outside: OutsideImage) throws {
        let flex = try Self.flex(outside.json ?? Self.handWritten(root: outside.root, child: outside.child))
        #expect(throws: BoxToFlex.Refusal.self) { try BoxToFlex.boxCase(from: flex) }
        do {
            _ = try BoxToFlex.boxCase(from: flex)
        } catch {
            #expect(error.description == outside.message)
        }
        // The reference lays it out all the same, with its flex engine (a one-cell grid's items outside the cell
        // are its one stated refusal).
        if flex.referenceRefusal == nil { _ = try flex.layout(measurer: TestSupport.fixedMeasurer) }
    }

    @Test("a tree as deep as box cases may nest translates and reads back")
    func deepest() throws {
        var node = BoxNode.leaf(Size(width: 1, height: 1))
        for _ in 0..<BoxNode.maximumDepth { node = BoxNode(type: .hbox, children: [node]) }
        let box = BoxCase(name: "deep", proposal: BoxProposal(width: 10), root: node)
        let flex = try BoxToFlex.translate(box)
        let (translatedDepth, readDepth) = (flex.root.depth, try BoxToFlex.boxCase(from: flex).root.depth)
        #expect(translatedDepth == BoxNode.maximumDepth)
        #expect(readDepth == BoxNode.maximumDepth)
    }
}
