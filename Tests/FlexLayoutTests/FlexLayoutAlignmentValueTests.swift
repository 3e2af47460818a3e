import FlexLayout
import LayoutCore
import Testing

/// CSS Box Alignment 3's own-side and overflow values: `self-start`/`self-end` (the item's own start side),
/// `left`/`right` (physical sides along a row), and `safe` (an overflowing subject aligns as `start`). Each
/// expectation is worked out by hand; Chromium, Firefox and WebKit agree on all of them.
struct FlexLayoutAlignmentValueTests {
    /// A 100 × 80 container (`style`) holding `items` in a 400 × 300 viewport: the items' frames.
    static func frames(_ items: [FlexLayoutNode], style: (inout FlexLayoutStyle) -> Void) -> [Rect] {
        var root = FlexLayoutStyle()
        root.width = .px(100)
        root.height = .px(80)
        style(&root)
        let engine = FlexLayoutEngine(root: FlexLayoutNode(style: root, children: items))
        engine.layout(viewportWidth: 400, viewportHeight: 300)
        return Array(engine.frameList().map(\.frame).dropFirst())
    }

    /// A 20 × 10 item.
    static func item(_ configure: (inout FlexLayoutStyle) -> Void = { _ in }) -> FlexLayoutNode {
        var style = FlexLayoutStyle()
        style.width = .px(20)
        style.height = .px(10)
        configure(&style)
        return FlexLayoutNode(style: style)
    }

    @Test("self-end across a column is each item's own inline end: the right in ltr, the left in rtl")
    func selfEndAcrossAColumnFollowsTheItemsDirection() {
        let frames = Self.frames(
            [
                Self.item { $0.alignSelf = .selfEnd },
                Self.item {
                    $0.alignSelf = .selfEnd
                    $0.direction = .rtl
                },
            ]
        ) { $0.flexDirection = .column }
        // ltr: 100 − 20 = 80 from the left; rtl: its end is the left, 0.
        #expect(frames.map(\.origin.x) == [80, 0])
    }

    @Test("self-start across a row is the top, also in rtl; under wrap-reverse the top is flex-end")
    func selfStartAcrossARowIsTheTop() {
        let rtl = Self.frames([
            Self.item {
                $0.alignSelf = .selfStart
                $0.direction = .rtl
            }
        ]) { _ in }
        #expect(rtl.map(\.origin.y) == [0])
        let wrapReverse = Self.frames([Self.item { $0.alignSelf = .selfStart }]) { $0.flexWrap = .wrapReverse }
        // One line of 80 (the container's height) whose cross-start is the bottom: the top is 0 all the same.
        #expect(wrapReverse.map(\.origin.y) == [0])
        let selfEnd = Self.frames([Self.item { $0.alignSelf = .selfEnd }]) { $0.flexWrap = .wrapReverse }
        #expect(selfEnd.map(\.origin.y) == [80 - 10])
    }

    @Test("justify-content left and right are physical along a row, and start along a column")
    func leftAndRight() {
        let two = [Self.item(), Self.item()]
        // Two items of 20: 60 free.
        #expect(Self.frames(two) { $0.justifyContent = .right }.map(\.origin.x) == [60, 80])
        #expect(
            Self.frames(two) {
                $0.justifyContent = .left
                $0.direction = .rtl
            }.map(\.origin.x) == [20, 0])
        #expect(
            Self.frames(two) {
                $0.justifyContent = .right
                $0.flexDirection = .rowReverse
            }.map(\.origin.x) == [80, 60])
        // A column's main axis is not the inline axis: right is start, the top.
        #expect(
            Self.frames(two) {
                $0.justifyContent = .right
                $0.flexDirection = .column
            }.map(\.origin.y) == [0, 10])
    }

    @Test("safe: an item that overflows its line aligns as start; one that fits aligns as asked")
    func safeAlignSelf() {
        let frames = Self.frames(
            [
                Self.item {
                    $0.alignSelf = .center
                    $0.height = .px(120)
                    $0.flexShrink = 0
                },
                Self.item {
                    $0.alignSelf = .center
                    $0.safeAlignment = .alignSelf
                    $0.height = .px(120)
                },
                Self.item {
                    $0.alignSelf = .flexEnd
                    $0.safeAlignment = .alignSelf
                },
            ]
        ) { _ in }
        // Unsafe: (80 − 120) / 2 = −20; safe: the start, 0; fitting: 80 − 10 = 70.
        #expect(frames.map(\.origin.y) == [-20, 0, 70])
    }

    @Test("safe justify-content and align-content fall back to start when the content overflows")
    func safeContentDistribution() {
        let wide = [
            Self.item {
                $0.width = .px(150)
                $0.flexShrink = 0
            }
        ]
        #expect(Self.frames(wide) { $0.justifyContent = .center }.map(\.origin.x) == [-25])
        #expect(
            Self.frames(wide) {
                $0.justifyContent = .flexEnd
                $0.safeAlignment = .justifyContent
            }.map(\.origin.x) == [0])
        // In rtl, start is the right: a safe overflow leaves the item's right edge at the container's.
        #expect(
            Self.frames(wide) {
                $0.justifyContent = .center
                $0.safeAlignment = .justifyContent
                $0.direction = .rtl
            }.map(\.origin.x) == [100 - 150])
        let tall = [60.0, 60].map { height in
            Self.item {
                $0.height = .px(height)
                $0.width = .px(100)
            }
        }
        // Two lines of 60 in 80: −40 free; centred they start at −20, safe at the top.
        #expect(
            Self.frames(tall) {
                $0.flexWrap = .wrap
                $0.alignContent = .center
            }.map(\.origin.y) == [-20, 40])
        #expect(
            Self.frames(tall) {
                $0.flexWrap = .wrap
                $0.alignContent = .center
                $0.safeAlignment = .alignContent
            }.map(\.origin.y) == [0, 60])
    }
}
