import BoxLayout
import Foundation
import LayoutCore
import TestSupport
import Testing

@testable import Flexbox

/// Vertical writing modes: the case's `writing-mode`, its transposition into a horizontal-tb case, and the frames
/// swapped back, on small cases whose layout is worked out by hand.
struct WritingModeTests {
    static func decode(_ root: String, viewport: String = #"{"width":400,"height":null}"#) throws -> FlexCase {
        let json = #"{"kind":"flex","name":"w","viewport":"# + viewport + #","root":"# + root + "}"
        return try JSONDecoder().decode(FlexCase.self, from: Data(json.utf8))
    }

    static func frames(_ flexCase: FlexCase) throws -> [Rect] {
        try flexCase.layout(measurer: FixedAdvanceTextMeasurer()).frames.map(\.frame)
    }

    @Test func writingModeIsAVocabularyPropertyInheritedLikeDirection() throws {
        #expect(CSSProperty.writingMode.initialValue == .keyword("horizontal-tb"))
        #expect(try CSSProperty.writingMode.parse(" Vertical-RL ") == .keyword("vertical-rl"))
        #expect(
            throws: CSSValueError(message: #"expected horizontal-tb, vertical-lr, or vertical-rl, got "sideways-rl""#)
        ) {
            try CSSProperty.writingMode.parse("sideways-rl")
        }
        // An element that does not say it is in its parent's mode: the child below is vertical-lr too.
        let flexCase = try Self.decode(
            #"{"style":{"writing-mode":"vertical-lr","width":"10px","height":"10px","flex-shrink":"0"},"children":[{}]}"#
        )
        #expect(flexCase.referenceRefusal == nil)
    }

    @Test func aVerticalLRRowOfThreeFixedItemsRunsDown() throws {
        // The row follows the inline axis, top to bottom; its items start at the block-start edge, the left.
        let flexCase = try Self.decode(
            #"{"style":{"writing-mode":"vertical-lr","width":"100px","height":"200px","flex-shrink":"0"},"children":["#
                + #"{"style":{"width":"30px","height":"40px"}},{"style":{"width":"20px","height":"50px"}},"#
                + #"{"style":{"width":"10px","height":"60px"}}]}"#)
        #expect(
            try Self.frames(flexCase) == [
                Rect(x: 0, y: 0, width: 100, height: 200), Rect(x: 0, y: 0, width: 30, height: 40),
                Rect(x: 0, y: 40, width: 20, height: 50), Rect(x: 0, y: 40 + 50, width: 10, height: 60),
            ])
    }

    @Test func aVerticalRLColumnStacksFromTheRightWithItsMargins() throws {
        // A column follows the block axis, right to left: the first item's right margin is its block-start one.
        let flexCase = try Self.decode(
            #"{"style":{"writing-mode":"vertical-rl","width":"120px","height":"50px","flex-shrink":"0","#
                + #""flex-direction":"column","margin-left":"7px"},"children":["#
                + #"{"style":{"width":"30px","height":"20px","margin-right":"5px"}},"#
                + #"{"style":{"width":"40px","height":"10px","margin-left":"7px","margin-right":"2px"}}]}"#)
        #expect(
            try Self.frames(flexCase) == [
                // The root sits in the horizontal viewport: its left margin places it, unmirrored.
                Rect(x: 7, y: 0, width: 120, height: 50),
                Rect(x: 120 - 5 - 30, y: 0, width: 30, height: 20),
                Rect(x: 120 - (5 + 30) - 2 - 40, y: 0, width: 40, height: 10),
            ])
    }

    @Test func percentagesResolveAgainstTheInlineSizeWhichIsTheHeight() throws {
        // margin-top 10% and padding-left 5% of the root's inline size (its height, 200); width 50% of its width.
        let flexCase = try Self.decode(
            #"{"style":{"writing-mode":"vertical-lr","width":"100px","height":"200px","flex-shrink":"0"},"children":["#
                + #"{"style":{"width":"50%","height":"25%","margin-top":"10%","padding-left":"5%"}}]}"#)
        #expect(
            try Self.frames(flexCase) == [
                Rect(x: 0, y: 0, width: 100, height: 200),
                Rect(x: 0, y: 0.1 * 200, width: 0.5 * 100 + 0.05 * 200, height: 0.25 * 200),
            ])
    }

    @Test func rtlRunsTheInlineAxisUp() throws {
        let flexCase = try Self.decode(
            #"{"style":{"writing-mode":"vertical-lr","direction":"rtl","width":"100px","height":"200px","#
                + #""flex-shrink":"0"},"children":[{"style":{"width":"30px","height":"40px"}},"#
                + #"{"style":{"width":"20px","height":"50px"}}]}"#)
        #expect(
            try Self.frames(flexCase) == [
                Rect(x: 0, y: 0, width: 100, height: 200), Rect(x: 0, y: 200 - 40, width: 30, height: 40),
                Rect(x: 0, y: 200 - 40 - 50, width: 20, height: 50),
            ])
    }

    @Test func theTranspositionSwapsPhysicalPropertiesAndKeepsLogicalOnes() throws {
        let flexCase = try Self.decode(
            #"{"style":{"writing-mode":"vertical-rl","width":"100px","height":"200px","flex-shrink":"0","#
                + #""margin-left":"7px","padding-left":"3px","border-right-width":"2px","flex-direction":"column","#
                + #""row-gap":"4px","overflow-x":"hidden"},"children":[{"style":{"margin-right":"5px","top":"1px","#
                + #""min-width":"8px","aspect-ratio":"2"},"content":{"width":12,"height":8}}]}"#,
            viewport: #"{"width":400,"height":300}"#)
        let transposed = try flexCase.transposed()
        #expect(transposed.viewport == FlexViewport(width: 300, height: 400))
        let root = transposed.root.style
        #expect(root[.writingMode] == nil)
        #expect(root[.width] == .px(200) && root[.height] == .px(100))
        // The root's margins are placed by the horizontal viewport (swapped only); its padding and border by its
        // own vertical-rl (left is block-end, the transposed bottom; right block-start, the transposed top).
        #expect(root[.marginTop] == .px(7) && root[.marginLeft] == nil)
        #expect(root[.paddingBottom] == .px(3) && root[.borderTopWidth] == .px(2))
        #expect(root[.flexDirection] == .keyword("column") && root[.rowGap] == .px(4))
        #expect(root[.overflowY] == .keyword("hidden") && root[.overflowX] == nil)
        let child = transposed.root.children[0]
        #expect(child.style[.marginTop] == .px(5) && child.style[.left] == .px(1))
        #expect(child.style[.minHeight] == .px(8) && child.style[.aspectRatio] == .number(0.5))
        #expect(child.content == Size(width: 8, height: 12))
    }

    @Test func framesSwapBackAndMirrorInsideTheParentInVerticalRL() {
        let transposed: [(path: [Int], frame: Rect)] = [
            ([], Rect(x: 3, y: 4, width: 200, height: 100)), ([0], Rect(x: 10, y: 5, width: 40, height: 30)),
            ([0, 0], Rect(x: 1, y: 2, width: 6, height: 7)),
        ]
        #expect(
            FlexLayoutPlan.physicalFrames(transposed, writingMode: .verticalRL) == [
                Rect(x: 4, y: 3, width: 100, height: 200), Rect(x: 100 - 5 - 30, y: 10, width: 30, height: 40),
                Rect(x: 30 - 2 - 7, y: 1, width: 7, height: 6),
            ])
        #expect(
            FlexLayoutPlan.physicalFrames(transposed, writingMode: .verticalLR) == [
                Rect(x: 4, y: 3, width: 100, height: 200), Rect(x: 5, y: 10, width: 30, height: 40),
                Rect(x: 2, y: 1, width: 7, height: 6),
            ])
    }

    @Test(
        "what the transposition would not lay out as CSS does is refused at its path",
        arguments: [
            (
                #"{"children":[{"style":{"writing-mode":"vertical-lr"}}]}"#, "$.root.children[0].style.writing-mode",
                "the reference lays out one writing mode throughout: vertical-lr inside horizontal-tb is an orthogonal "
                    + "flow or a flipped block axis"
            ),
            (
                #"{"style":{"writing-mode":"vertical-rl","height":"10px","flex-shrink":"0"}}"#, "$.root.style.width",
                "a vertical root is an orthogonal flow in the horizontal viewport: the reference lays it out at a "
                    + "definite size only (a length), got auto"
            ),
            (
                #"{"style":{"writing-mode":"vertical-lr","width":"10px","height":"10px"}}"#, "$.root.style.flex-shrink",
                "a vertical root is laid out only where it neither grows nor shrinks in the viewport (0)"
            ),
            (
                #"{"style":{"writing-mode":"vertical-lr","width":"9px","height":"9px","flex-shrink":"0","margin-top":"1%"}}"#,
                "$.root.style.margin-top",
                "a vertical root's percentage margins and paddings resolve against the horizontal viewport's width, "
                    + "which the transposition does not keep"
            ),
            (
                #"{"style":{"writing-mode":"vertical-lr","width":"9px","height":"9px","flex-shrink":"0","align-items":"baseline"}}"#,
                "$.root.style.align-items", "the reference aligns baselines in horizontal-tb only, not in vertical-lr"
            ),
            (
                #"{"style":{"writing-mode":"vertical-rl","width":"9px","height":"9px","flex-shrink":"0"},"#
                    + #""children":[{"style":{"position":"absolute"}}]}"#, "$.root.children[0].style.position",
                "in vertical-rl the reference places an absolutely positioned element only inside a positioned "
                    + "ancestor, not against the horizontal viewport"
            ),
        ])
    func refusals(root: String, path: String, message: String) throws {
        let flexCase = try Self.decode(root)
        #expect(flexCase.referenceRefusal == "\(path): \(message)")
    }
}
