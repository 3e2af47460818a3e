import FlexLayout
import LayoutCore
import Testing

/// The engine answers a content leaf without running §9's general steps (`layoutContentLeaf`). Each leaf here is
/// laid out twice: once with `content`, once with the same block written as an explicit child element, which takes
/// the general steps. Every frame but that child's must be the same, in every direction, wrap, alignment and
/// sizing, under a parent that aligns the leaf by its baseline and under one that does not.
struct FlexLayoutContentLeafTests {
    static let content = Size(width: 30, height: 12)

    /// The content block's style, as the engine builds it (docs/flex-engine.md "Content leaves").
    static var blockStyle: FlexLayoutStyle {
        var style = FlexLayoutStyle()
        style.width = .px(content.width)
        style.height = .px(content.height)
        style.flexShrink = 0
        style.minWidth = .px(0)
        style.minHeight = .px(0)
        return style
    }

    /// A parent of a sibling and the leaf: a row aligning by baselines, or a column centring.
    static func frames(leaf: FlexLayoutStyle, explicitBlock: Bool, baselineParent: Bool) -> [([Int], Rect)] {
        var parent = FlexLayoutStyle()
        parent.width = .px(200)
        if baselineParent {
            parent.alignItems = .baseline
        } else {
            parent.flexDirection = .column
            parent.alignItems = .center
        }
        var sibling = FlexLayoutStyle()
        sibling.padding = Edges(top: .px(9), right: .px(0), bottom: .px(0), left: .px(0))
        let leafNode =
            explicitBlock
            ? FlexLayoutNode(style: leaf, children: [FlexLayoutNode(style: blockStyle)])
            : FlexLayoutNode(style: leaf, content: content)
        let engine = FlexLayoutEngine(
            root: FlexLayoutNode(
                style: parent,
                children: [FlexLayoutNode(style: sibling, content: Size(width: 10, height: 20)), leafNode]
            ))
        engine.layout(viewportWidth: 400, viewportHeight: 300)
        return engine.frameList().map { ($0.path, $0.frame) }.filter { $0.0 != [1, 0] }
    }

    static let directions: [FlexDirection] = [.row, .rowReverse, .column, .columnReverse]
    static let wraps: [FlexWrap] = [.nowrap, .wrap, .wrapReverse]
    static let itemAlignments: [Alignment] = [.stretch, .flexStart, .flexEnd, .center, .baseline, .start, .end]
    static let contentAlignments: [Alignment] = [.stretch, .center, .flexEnd, .spaceAround, .start]
    static let justifications: [Alignment] = [.flexStart, .center, .flexEnd, .spaceBetween, .spaceEvenly, .end]

    /// The leaf's sizing, one of five: automatic; a definite height; a min-height above the content; a max-height
    /// below it with padding and border; a percentage min-height of an indefinite parent.
    static func sized(_ style: inout FlexLayoutStyle, _ variant: Int) {
        switch variant {
        case 1: style.height = .px(40)
        case 2: style.minHeight = .px(50)
        case 3:
            style.maxHeight = .px(5)
            style.padding = Edges(top: .px(3), right: .px(1), bottom: .px(7), left: .px(2))
            style.border = Edges(top: 1, right: 0, bottom: 2, left: 0)
        case 4: style.minHeight = .percent(50)
        default: break
        }
    }

    @Test func aContentLeafLaysOutAsTheGeneralStepsDo() {
        var compared = 0
        var differing: [String] = []
        for direction in Self.directions {
            for wrap in Self.wraps {
                for (alignIndex, alignItems) in Self.itemAlignments.enumerated() {
                    for (contentIndex, alignContent) in Self.contentAlignments.enumerated() {
                        for variant in 0..<5 {
                            var leaf = FlexLayoutStyle()
                            leaf.flexDirection = direction
                            leaf.flexWrap = wrap
                            leaf.alignItems = alignItems
                            leaf.alignContent = alignContent
                            leaf.justifyContent =
                                Self.justifications[(alignIndex + contentIndex + variant) % Self.justifications.count]
                            Self.sized(&leaf, variant)
                            let baselineParent = (alignIndex + variant) % 2 == 0
                            let fast = Self.frames(leaf: leaf, explicitBlock: false, baselineParent: baselineParent)
                            let general = Self.frames(leaf: leaf, explicitBlock: true, baselineParent: baselineParent)
                            compared += 1
                            if fast.map(\.1) != general.map(\.1) || fast.map(\.0) != general.map(\.0) {
                                differing.append(
                                    "\(direction) \(wrap) align-items \(alignItems) align-content \(alignContent) "
                                        + "sizing \(variant): \(fast.map(\.1)) vs \(general.map(\.1))")
                            }
                        }
                    }
                }
            }
        }
        #expect(compared == 4 * 3 * 7 * 5 * 5)
        #expect(differing.isEmpty, "\(differing.count) differ, first: \(differing.prefix(3))")
    }
}
