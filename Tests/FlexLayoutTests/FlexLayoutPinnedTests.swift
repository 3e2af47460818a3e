import FlexLayout
import LayoutCore
import Testing

/// The spec's steps on small trees, each expectation worked out by hand from CSS Flexbox §9.
struct FlexLayoutPinnedTests {
    /// A row of `width` with `items`, in a 400 × 300 viewport.
    static func row(width: Double, _ items: [FlexLayoutNode], style: (inout FlexLayoutStyle) -> Void = { _ in })
        -> [Rect]
    {
        var root = FlexLayoutStyle()
        root.width = .px(width)
        style(&root)
        let engine = FlexLayoutEngine(root: FlexLayoutNode(style: root, children: items))
        engine.layout(viewportWidth: 400, viewportHeight: 300)
        return engine.frameList().map(\.frame)
    }

    static func item(_ configure: (inout FlexLayoutStyle) -> Void, content: Size? = nil) -> FlexLayoutNode {
        var style = FlexLayoutStyle()
        configure(&style)
        return FlexLayoutNode(style: style, content: content)
    }

    @Test("§9.7: a min violation freezes the item and the rest share what is left")
    func freezeLoop() {
        let frames = Self.row(
            width: 100,
            [
                Self.item {
                    $0.flexBasis = .px(0)
                    $0.flexGrow = 1
                    $0.minWidth = .px(60)
                },
                Self.item {
                    $0.flexBasis = .px(0)
                    $0.flexGrow = 1
                },
            ])
        // Each would get 50; A's min 60 is violated, so A freezes at 60 and B takes 100 − 60 = 40.
        #expect(frames.map(\.size.width) == [100, 60, 40])
        #expect(frames[2].origin.x == 60)
    }

    @Test("§9.4 step 8: a baseline below a box of height 0 gives a negative descent, and the line is no taller")
    func negativeDescent() {
        let frames = Self.row(
            width: 100,
            [
                Self.item({ $0.height = .px(0) }, content: Size(width: 10, height: 10)),
                Self.item {
                    $0.alignSelf = .flexStart
                    $0.width = .px(4)
                    $0.height = .px(5)
                },
            ],
            style: {
                $0.alignItems = .baseline
                $0.width = .auto
            })
        // The first item's baseline is its content's bottom, 10 below its top edge, and its outer height is 0: ascent
        // 10, descent 0 − 10 = −10, so the baseline-aligned items need 10 + (−10) = 0. The line is the second item's
        // 5 (Chromium, Firefox and WebKit agree).
        #expect(frames.map(\.size.height) == [5, 0, 5])
        #expect(frames[1].origin.y == 0)
    }

    @Test("§9.7 step 4c: shrinking is weighted by the flex base size")
    func weightedShrink() {
        let frames = Self.row(
            width: 100,
            [
                Self.item {
                    $0.flexBasis = .px(100)
                    $0.minWidth = .px(0)
                },
                Self.item {
                    $0.flexBasis = .px(50)
                    $0.minWidth = .px(0)
                },
            ])
        // Overflow 50, scaled factors 100 : 50: A loses 50 × 2/3, B 50 × 1/3.
        #expect(abs(frames[1].size.width - (100 - 50.0 * 2 / 3)) < 1e-9)
        #expect(abs(frames[2].size.width - (50 - 50.0 / 3)) < 1e-9)
    }

    @Test("§4.5: the automatic minimum size keeps an item at its content's min-content width")
    func automaticMinimum() {
        let frames = Self.row(
            width: 50,
            [
                Self.item({ $0.flexBasis = .px(0) }, content: Size(width: 40, height: 10)),
                Self.item({ $0.flexBasis = .px(100) }, content: Size(width: 0, height: 10)),
            ])
        // Free space 50 − 100 = −50 goes to the second item (the first is at its base 0, below its minimum 40:
        // it is frozen at 40 first), so 40 + 10.
        #expect(frames.map(\.size.width) == [50, 40, 10])
    }

    @Test("§9.6 and §8.3: baseline alignment lines up the content's bottom edges")
    func baselines() {
        let frames = Self.row(
            width: 100,
            [
                Self.item({ $0.alignSelf = .baseline }, content: Size(width: 10, height: 20)),
                Self.item({ $0.alignSelf = .baseline }, content: Size(width: 10, height: 10)),
            ])
        // Baselines 20 and 10 from each top: the second moves down 20 − 10 = 10; the line is 20 tall.
        #expect(frames.map(\.origin.y) == [0, 0, 10])
        #expect(frames[0].size.height == 20)
    }

    @Test("§9.4 and §9.6: wrapped lines, align-content space-between")
    func alignContent() {
        let frames = Self.row(
            width: 100,
            [
                Self.item({ _ in }, content: Size(width: 60, height: 10)),
                Self.item({ _ in }, content: Size(width: 60, height: 20)),
            ]
        ) {
            $0.flexWrap = .wrap
            $0.height = .px(100)
            $0.alignContent = .spaceBetween
        }
        // Lines of 10 and 20 tall; the 70 left go between them: the second line starts at 100 − 20 = 80.
        #expect(frames.map(\.origin.y) == [0, 0, 80])
    }

    @Test("§4.1: an absolutely positioned child's static position follows justify-content and align-items")
    func staticPosition() {
        var child = Self.item({ $0.position = .absolute }, content: Size(width: 20, height: 10))
        child.style.alignSelf = .center
        let frames = Self.row(width: 100, [child]) {
            $0.height = .px(50)
            $0.justifyContent = .flexEnd
            $0.position = .relative
        }
        #expect(frames[1] == Rect(x: 100 - 20, y: (50 - 10) / 2, width: 20, height: 10))
    }

    @Test("direction: rtl starts a row at the right")
    func rightToLeft() {
        let frames = Self.row(width: 100, [Self.item({ _ in }, content: Size(width: 30, height: 10))]) {
            $0.direction = .rtl
        }
        #expect(frames[1].origin.x == 70)
    }

    @Test("a percentage resolves to a LayoutUnit, truncated: 1/3 of 100 px is 33.328125, not 33.33…")
    func layoutUnitPercentage() {
        let frames = Self.row(
            width: 100,
            [
                Self.item {
                    $0.width = .percent(100.0 / 3)
                    $0.flexShrink = 0
                }
            ])
        #expect(frames[1].size.width == 2133.0 / 64)
    }

    @Test("CSS Sizing 4 §5.1 with §9.8: a height an aspect ratio transfers from the flexed width is definite")
    func aspectRatioHeightIsDefinite() {
        // The item is 48 wide (its content), 32 tall by its ratio of 1.5 (its height: 10% has no definite basis, so
        // it neither resolves nor stretches); its child's height: 10% resolves against those 32 px: 3.2, as a
        // LayoutUnit 3.1875 (Chromium, Firefox and WebKit alike).
        var item = FlexLayoutStyle()
        item.aspectRatio = 1.5
        item.height = .percent(10)
        var leaf = FlexLayoutStyle()
        leaf.height = .percent(10)
        let frames = Self.row(
            width: 100,
            [FlexLayoutNode(style: item, children: [FlexLayoutNode(style: leaf, content: Size(width: 48, height: 30))])]
        )
        #expect(frames[1].size == Size(width: 48, height: 32))
        #expect(frames[2].size == Size(width: 48, height: 204.0 / 64))
    }

    @Test("CSS Sizing 4 §5.1: a min-height an aspect ratio transfers sizes the flex base, not a given min-width")
    func transferredMinimumIsNotTheMinWidth() {
        // 27 + 246 + 28 overflow the 286 px row by 15. The first item's base is its min-height of 18 through the
        // ratio 1.5, 27; its own min-width of 16 lets it shrink with the second in proportion to their bases (the
        // third holds its content): 27 − 15 × 27/273 and 246 − 15 × 246/273 (Chromium, Firefox and WebKit alike,
        // within a LayoutUnit).
        let frames = Self.row(
            width: 286,
            [
                Self.item {
                    $0.aspectRatio = 1.5
                    $0.minHeight = .px(18)
                    $0.minWidth = .px(16)
                },
                Self.item { $0.width = .px(246) },
                Self.item({ _ in }, content: Size(width: 28, height: 16)),
            ])
        #expect(abs(frames[1].size.width - (27 - 15 * 27 / 273.0)) < 1e-9)
        #expect(abs(frames[2].size.width - (246 - 15 * 246 / 273.0)) < 1e-9)
        #expect(frames[3].size.width == 28)
    }

    @Test("CSS Sizing 4 §5.1: a max-height an aspect ratio transfers does not stop a row item from growing")
    func transferredMaximumDoesNotStopGrowing() {
        // The item's base is its 22 px of content; it grows to the row's 186 px, its max-height of 60 through the
        // ratio 1 bounding its base only; its height is then 60 (Chromium, Firefox and WebKit alike).
        let frames = Self.row(
            width: 186,
            [
                Self.item(
                    {
                        $0.aspectRatio = 1
                        $0.flexGrow = 2
                        $0.maxHeight = .px(60)
                    }, content: Size(width: 22, height: 22))
            ])
        #expect(frames[1].size == Size(width: 186, height: 60))
    }

    @Test("CSS Sizing 4 §5.2: an absolutely positioned box's width from its aspect ratio is never below its content")
    func absoluteRatioWidthKeepsItsContent() {
        // height 16px through the ratio 1 asks for 16 px; the box's min-width is auto, so its automatic minimum,
        // its 60 px min-content width, wins (Chromium, Firefox and WebKit alike).
        let frames = Self.row(
            width: 100,
            [
                Self.item(
                    {
                        $0.position = .absolute
                        $0.aspectRatio = 1
                        $0.height = .px(16)
                    }, content: Size(width: 60, height: 32))
            ])
        #expect(frames[1].size == Size(width: 60, height: 16))
    }

    @Test("CSS Sizing 4 §5.1: an absolutely positioned box of definite width takes its ratio's height between insets")
    func absoluteRatioHeightBetweenInsets() {
        // width 58px and aspect-ratio 0.5 give a height of 116, though top and bottom are both given: the box
        // aligns as start between them, not stretched (Chromium, Firefox and WebKit alike).
        let frames = Self.row(
            width: 100,
            [
                Self.item(
                    {
                        $0.position = .absolute
                        $0.aspectRatio = 0.5
                        $0.width = .px(58)
                        $0.inset.top = .px(-10)
                        $0.inset.bottom = .px(24)
                    }, content: Size(width: 14, height: 4))
            ])
        #expect(frames[1] == Rect(x: 0, y: -10, width: 58, height: 116))
    }

    @Test(
        "CSS Sizing 4 §5.1: an aspect ratio transfers the cross size as used, within its min and max",
        arguments: [true, false])
    func ratioTransfersTheClampedCrossSize(isRow: Bool) {
        // A row item of height 22px within max-height 10px and aspect-ratio 4 is 40 wide, not 88; one of height
        // 22px, min-height 40px and ratio 0.5 is 20 wide. The column's items likewise, the axes swapped
        // (Chromium, Firefox and WebKit alike).
        let capped = Self.item(
            {
                $0.aspectRatio = isRow ? 4 : 0.25
                if isRow { $0.height = .px(22) } else { $0.width = .px(22) }
                if isRow { $0.maxHeight = .px(10) } else { $0.maxWidth = .px(10) }
            }, content: Size(width: 4, height: 4))
        let raised = Self.item(
            {
                $0.aspectRatio = isRow ? 0.5 : 2
                if isRow { $0.height = .px(22) } else { $0.width = .px(22) }
                if isRow { $0.minHeight = .px(40) } else { $0.minWidth = .px(40) }
            }, content: Size(width: 4, height: 4))
        let frames = Self.row(width: 200, [capped, raised]) {
            $0.alignItems = .flexStart
            if !isRow { $0.flexDirection = .column }
        }
        let mainSizes = frames.dropFirst().map { isRow ? $0.size.width : $0.size.height }
        #expect(mainSizes == [40, 20])
    }

    @Test("§8.5 with §9.4 step 11: a row's baseline comes from its first item as stretched, not as first sized")
    func stretchedFirstItemGivesTheBaseline() {
        // The second item is a row whose first item holds only an empty box: 0 tall as first sized, it has a
        // baseline only when stretched to the line's 20, from its empty box's synthesized bottom edge. The second
        // item's baseline is then 20, and the empty first item (baseline 0) sits 20 down (Chromium, Firefox and
        // WebKit alike).
        let inner = FlexLayoutNode(
            style: FlexLayoutStyle(),
            children: [
                FlexLayoutNode(style: FlexLayoutStyle(), children: [FlexLayoutNode(style: FlexLayoutStyle())]),
                Self.item({ _ in }, content: Size(width: 50, height: 20)),
            ])
        let frames = Self.row(width: 200, [Self.item { _ in }, inner]) { $0.alignItems = .baseline }
        #expect(frames[1].origin.y == 20)
    }

    @Test("CSS Sizing 4 §5.2: a wrapping column's min-content height, the ratio's floor, is its tallest item's")
    func wrappingColumnRatioFloorIsItsTallestItem() {
        // A wrapping column with aspect-ratio 1 is as wide as its widest item, 320, so 320 tall through the ratio.
        // Its items are 228 and 106 tall: on one line they would make it 334, but any item may start a column, so
        // its min-content height, the floor of the height the ratio gives, is 228, and it stays 320 (Chromium,
        // Firefox and WebKit alike).
        let column = FlexLayoutNode(
            style: {
                var style = FlexLayoutStyle()
                style.flexDirection = .column
                style.flexWrap = .wrap
                style.aspectRatio = 1
                return style
            }(),
            children: [
                Self.item({ _ in }, content: Size(width: 320, height: 228)),
                Self.item { $0.flexBasis = .px(106) },
            ])
        let frames = Self.row(width: 558, [column]) { $0.alignItems = .flexStart }
        #expect(frames[1].size == Size(width: 320, height: 320))
    }
}
