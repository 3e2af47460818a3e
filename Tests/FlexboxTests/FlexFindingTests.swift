import BoxLayout
import Flexbox
import Foundation
import LayoutCore
import Testing

/// A finding's `finding` key (docs/causes.md "What a finding declares"): its rules pick elements and rewrite their
/// style; bad rules are refused with their JSON path.
struct FlexFindingTests {
    static func flexCase(_ json: String) throws -> FlexCase {
        try JSONDecoder().decode(FlexCase.self, from: Data(#"{"kind":"flex","name":"f",\#(json)}"#.utf8))
    }

    static let tree =
        #""root":{"style":{"flex-direction":"column","min-width":"5px"},"children":[{"style":{"flex-basis":"10px","position":"relative","bottom":"3px"}},{"style":{"min-height":"2px"},"children":[{"content":{"width":1,"height":1},"style":{"flex-basis":"20%"}}]}]}"#

    /// `fill` gives a value only where none is given; `all` picks the root too.
    @Test func fillLeavesGivenValues() throws {
        let rule = try JSONDecoder().decode(
            FlexRewrite.self, from: Data(#"{"elements":"all","fill":{"min-width":"0px","min-height":"0px"}}"#.utf8))
        let rewritten = rule.applied(to: try Self.flexCase(Self.tree)).root
        #expect(rewritten.style[.minWidth] == .px(5), "the root's own min-width stays")
        #expect(rewritten.style[.minHeight] == .px(0))
        #expect(rewritten.children[1].style[.minHeight] == .px(2))
        #expect(rewritten.children[1].children[0].style[.minWidth] == .px(0))
    }

    /// `asMainSize` moves a value to the main size in the parent's direction: height under the column root, width
    /// under the row item; the viewport is a row, so the root's would be a width.
    @Test func asMainSizeFollowsTheParentsDirection() throws {
        let rule = FlexRewrite(elements: .all, asMainSize: [.flexBasis])
        let rewritten = rule.applied(to: try Self.flexCase(Self.tree)).root
        #expect(rewritten.children[0].style[.flexBasis] == nil)
        #expect(rewritten.children[0].style[.height] == .px(10))
        #expect(rewritten.children[1].children[0].style[.width] == .percent(20))
    }

    /// `copy` gives each given value of one property to another where the element gives that one no value: the
    /// root keeps its own min-width, the item with a flex-basis gets it as its min-height too, and an element
    /// without the first property is left alone.
    @Test func copyGivesAValueToAnotherProperty() throws {
        let rules = try JSONDecoder().decode(
            [FlexRewrite].self,
            from: Data(#"[{"elements":"all","copy":{"flex-basis":"min-height","min-width":"width"}}]"#.utf8))
        #expect(rules[0].copy == [.init(from: .flexBasis, to: .minHeight), .init(from: .minWidth, to: .width)])
        let flexCase = try Self.flexCase(Self.tree)
        let rewritten = rules.applied(to: flexCase).root
        #expect(rewritten.style[.width] == .px(5))
        #expect(rewritten.style[.minWidth] == .px(5))
        #expect(rewritten.children[0].style[.minHeight] == .px(10))
        #expect(rewritten.children[0].style[.flexBasis] == .px(10))
        #expect(rewritten.children[1].style[.minHeight] == .px(2), "a given min-height stays")
        #expect(rewritten.children[1].children[0].style[.minHeight] == .percent(20))
        let again = try JSONDecoder().decode([FlexRewrite].self, from: try JSONEncoder().encode(rules))
        #expect(again == rules)
        let none = FlexRewrite(elements: .leaves, copy: [.init(from: .maxWidth, to: .minWidth)])
        #expect(none.applied(to: flexCase) == flexCase, "no leaf gives a max-width")
    }

    /// `where`, `parent` and `given` read the case before the rule: only the relative item of the column loses its
    /// inset; a rule that picks nothing leaves the case equal.
    @Test func conditionsPickElements() throws {
        let flexCase = try Self.flexCase(Self.tree)
        let rules = try JSONDecoder().decode(
            [FlexRewrite].self,
            from: Data(
                #"[{"elements":"children","where":{"position":"relative"},"parent":{"flex-direction":"column"},"given":["bottom"],"remove":["bottom"]}]"#
                    .utf8))
        let rewritten = rules.applied(to: flexCase)
        #expect(rewritten.root.children[0].style[.bottom] == nil)
        #expect(rewritten.root.children[0].style[.position] == .keyword("relative"))
        let none = FlexRewrite(
            elements: .leaves, parent: try FlexStyle([.flexDirection: .keyword("row-reverse")]),
            set: try FlexStyle([.width: .px(1)]))
        #expect(none.applied(to: flexCase) == flexCase)
    }

    /// `child` picks an element only where one of its children matches: the item whose leaf gives a percentage
    /// flex-basis loses its min-height, the root (whose children give none) keeps its min-width, and a leaf never
    /// matches; the key round-trips.
    @Test func childConditionPicksParentsOfMatchingChildren() throws {
        let flexCase = try Self.flexCase(Self.tree)
        let rules = try JSONDecoder().decode(
            [FlexRewrite].self,
            from: Data(#"[{"elements":"all","child":{"flex-basis":"20%"},"remove":["min-height","min-width"]}]"#.utf8))
        let rewritten = rules.applied(to: flexCase).root
        #expect(rewritten.children[1].style[.minHeight] == nil)
        #expect(rewritten.style[.minWidth] == .px(5))
        #expect(rewritten.children[0].style[.flexBasis] == .px(10))
        let again = try JSONDecoder().decode([FlexRewrite].self, from: try JSONEncoder().encode(rules))
        #expect(again == rules)
        let leaves = FlexRewrite(
            elements: .leaves, child: FlexStyle(), set: try FlexStyle([.width: .px(1)]))
        #expect(leaves.applied(to: flexCase) == flexCase, "an element without children matches no child condition")
    }

    /// `percentage` picks an element only where each listed property is a percentage: the percentage flex-basis
    /// of the grandchild goes, the px one of the first child stays, and a property not given never matches.
    @Test func percentageConditionPicksPercentagesOnly() throws {
        let flexCase = try Self.flexCase(Self.tree)
        let rules = try JSONDecoder().decode(
            [FlexRewrite].self,
            from: Data(#"[{"elements":"all","percentage":["flex-basis"],"remove":["flex-basis"]}]"#.utf8))
        #expect(rules[0].percentage == [.flexBasis])
        let rewritten = rules.applied(to: flexCase).root
        #expect(rewritten.children[0].style[.flexBasis] == .px(10))
        #expect(rewritten.children[1].children[0].style[.flexBasis] == nil)
        #expect(rewritten.children[1].children[0].style[.width] == nil)
        let again = try JSONDecoder().decode([FlexRewrite].self, from: try JSONEncoder().encode(rules))
        #expect(again == rules)
        let none = FlexRewrite(
            elements: .all, percentage: [.flexBasis, .minHeight], set: try FlexStyle([.width: .px(1)]))
        #expect(none.applied(to: flexCase) == flexCase, "no element gives both as percentages")
    }

    /// `content` picks by whether the element has content: `true` only the grandchild with its content block,
    /// `false` with `leaves` only the empty first child.
    @Test func contentConditionPicksByContent() throws {
        let flexCase = try Self.flexCase(Self.tree)
        let rules = try JSONDecoder().decode(
            [FlexRewrite].self,
            from: Data(
                #"[{"elements":"all","content":true,"set":{"width":"1px"}},{"elements":"leaves","content":false,"set":{"height":"2px"}}]"#
                    .utf8))
        #expect(rules.map(\.content) == [true, false])
        let rewritten = rules.applied(to: flexCase).root
        #expect(rewritten.children[1].children[0].style[.width] == .px(1))
        #expect(rewritten.children[1].children[0].style[.height] == nil)
        #expect(rewritten.style[.width] == nil && rewritten.children[0].style[.width] == nil)
        #expect(rewritten.children[0].style[.height] == .px(2))
        #expect(rewritten.children[1].style[.height] == nil, "a container is not a leaf")
        let again = try JSONDecoder().decode([FlexRewrite].self, from: try JSONEncoder().encode(rules))
        #expect(again == rules)
    }

    /// `atMost` picks an element only where it gives both properties of a pair in px, the first at most the
    /// second: the width at most the max-width is copied, the larger one is not, and a percentage never compares.
    @Test func atMostComparesPxValues() throws {
        let flexCase = try Self.flexCase(
            #""root":{"children":[{"style":{"width":"10px","max-width":"20px"}},{"style":{"width":"30px","max-width":"20px"}},{"style":{"width":"10%","max-width":"20px"}},{"style":{"width":"10px"}}]}"#
        )
        let rules = try JSONDecoder().decode(
            [FlexRewrite].self,
            from: Data(#"[{"elements":"children","atMost":{"width":"max-width"},"copy":{"width":"min-width"}}]"#.utf8))
        #expect(rules[0].atMost == [.init(from: .width, to: .maxWidth)])
        let children = rules.applied(to: flexCase).root.children
        #expect(children[0].style[.minWidth] == .px(10))
        #expect(children[1].style[.minWidth] == nil, "30px is more than 20px")
        #expect(children[2].style[.minWidth] == nil, "a percentage does not compare")
        #expect(children[3].style[.minWidth] == nil, "no max-width given")
        let again = try JSONDecoder().decode([FlexRewrite].self, from: try JSONEncoder().encode(rules))
        #expect(again == rules)
    }

    /// `items` picks by whether the element has flex items: `false` the container whose children are all
    /// absolutely positioned or not displayed, and the leaf, `true` the container with one in-flow child among
    /// out-of-flow ones.
    @Test func itemsConditionPicksByInFlowChildren() throws {
        let flexCase = try Self.flexCase(
            #""root":{"children":[{"children":[{"style":{"position":"absolute"}},{"style":{"display":"none"}}]},{"children":[{"style":{"position":"absolute"}},{"style":{"position":"relative"}}]},{}]}"#
        )
        let rules = try JSONDecoder().decode(
            [FlexRewrite].self,
            from: Data(
                #"[{"elements":"all","items":false,"set":{"row-gap":"1px"}},{"elements":"all","items":true,"set":{"column-gap":"2px"}}]"#
                    .utf8))
        #expect(rules.map(\.items) == [false, true])
        let rewritten = rules.applied(to: flexCase).root
        #expect(rewritten.children[0].style[.rowGap] == .px(1), "every child out of flow")
        #expect(rewritten.children[0].style[.columnGap] == nil)
        #expect(rewritten.children[1].style[.rowGap] == nil, "a relatively positioned child is a flex item")
        #expect(rewritten.children[1].style[.columnGap] == .px(2))
        #expect(rewritten.children[2].style[.rowGap] == .px(1), "a leaf has no flex items")
        #expect(rewritten.style[.columnGap] == .px(2) && rewritten.style[.rowGap] == nil)
        let again = try JSONDecoder().decode([FlexRewrite].self, from: try JSONEncoder().encode(rules))
        #expect(again == rules)
    }

    /// `asLeftToRight` turns a right-to-left row into a left-to-right row-reverse: the child that inherited `rtl`
    /// gives it, the relatively positioned child that gives both horizontal insets loses `left` (which the
    /// right-to-left container ignored), the absolutely positioned child without insets gets the `right` of its
    /// static position, `start` becomes `end`; a column, a row whose absolutely positioned box gives
    /// both insets and a left-to-right row stay as they are, and the reference lays out the turned case alike.
    @Test func asLeftToRightKeepsTheLayout() throws {
        let flexCase = try Self.flexCase(
            #""viewport":{"width":100,"height":null},"root":{"style":{"direction":"rtl","position":"relative","justify-content":"start","width":"60px"},"children":[{"content":{"width":10,"height":4},"style":{"position":"relative","left":"3px","right":"5px"}},{"style":{"direction":"ltr","width":"7px"}},{"style":{"position":"absolute","left":"2px","width":"10px"}},{"style":{"flex-direction":"column"},"children":[{"style":{"width":"4px"}}]},{"style":{"position":"absolute","width":"5px"}}]}"#
        )
        let rule = try JSONDecoder().decode(
            FlexRewrite.self, from: Data(#"{"elements":"root","asLeftToRight":true}"#.utf8))
        let rewritten = rule.applied(to: flexCase)
        let root = rewritten.root
        #expect(root.style[.direction] == .keyword("ltr"))
        #expect(root.style[.flexDirection] == .keyword("row-reverse"))
        #expect(root.style[.justifyContent] == .keyword("end"))
        #expect(root.children[0].style[.direction] == .keyword("rtl"))
        #expect(root.children[0].style[.left] == nil && root.children[0].style[.right] == .px(5))
        #expect(root.children[1].style[.direction] == .keyword("ltr"), "a given direction stays")
        #expect(root.children[3].style[.flexDirection] == .keyword("column"), "a column is not turned")
        #expect(root.children[3].style[.direction] == .keyword("rtl"))
        #expect(root.children[4].style[.right] == .px(0), "its static position, the right content edge, as an inset")
        #expect(root.children[2].style[.right] == nil, "a box with left keeps its right auto")
        #expect(
            try rewritten.layout(measurer: FlexGeometryTests.measurer)
                == flexCase.layout(measurer: FlexGeometryTests.measurer))
        let again = try JSONDecoder().decode(FlexRewrite.self, from: try JSONEncoder().encode(rule))
        #expect(again == rule)
        var overconstrained = flexCase
        overconstrained.root.children[2].style = try FlexStyle([
            .position: .keyword("absolute"), .left: .px(2), .right: .px(4), .width: .px(10),
        ])
        #expect(rule.applied(to: overconstrained) == overconstrained, "its right-to-left block ignores left")
        var leftToRight = flexCase
        leftToRight.root.style = try FlexStyle([.position: .keyword("relative")])
        #expect(rule.applied(to: leftToRight) == leftToRight)
    }

    /// `asLeftToRightOverInsets` turns only a right-to-left row that `asLeftToRight` leaves because an absolutely
    /// positioned box it contains gives both `left` and `right`: the box keeps both, and where they leave it its
    /// width the reference lays the turned case out alike; a row without such a box stays as it is.
    @Test func asLeftToRightOverInsetsTurnsRowsWithPinnedBoxes() throws {
        let flexCase = try Self.flexCase(
            #""viewport":{"width":100,"height":null},"root":{"style":{"direction":"rtl","position":"relative","width":"60px"},"children":[{"content":{"width":10,"height":4}},{"style":{"position":"absolute","left":"2px","right":"4px","height":"3px"}}]}"#
        )
        let rule = try JSONDecoder().decode(
            FlexRewrite.self, from: Data(#"{"elements":"root","asLeftToRightOverInsets":true}"#.utf8))
        let plain = try JSONDecoder().decode(
            FlexRewrite.self, from: Data(#"{"elements":"root","asLeftToRight":true}"#.utf8))
        #expect(plain.applied(to: flexCase) == flexCase)
        let root = rule.applied(to: flexCase).root
        #expect(root.style[.direction] == .keyword("ltr"))
        #expect(root.style[.flexDirection] == .keyword("row-reverse"))
        #expect(root.children[1].style[.left] == .px(2) && root.children[1].style[.right] == .px(4))
        #expect(
            try rule.applied(to: flexCase).layout(measurer: FlexGeometryTests.measurer)
                == flexCase.layout(measurer: FlexGeometryTests.measurer))
        let again = try JSONDecoder().decode(FlexRewrite.self, from: try JSONEncoder().encode(rule))
        #expect(again == rule)
        var unpinned = flexCase
        try unpinned.root.children[1].style.set(.right, to: nil)
        #expect(rule.applied(to: unpinned) == unpinned, "asLeftToRight turns that one")
    }

    /// `columnAsLeftToRight` turns a right-to-left column into a left-to-right one: the child that inherited `rtl`
    /// gives it, each child's alignment takes the keyword of the same physical side (`flex-end` for `flex-start`,
    /// `start` for `end`, `flex-end` for a stretched child of a given width, `center` kept, a stretched child
    /// of auto width kept), and the reference lays out the turned case alike; a wrapping column swaps `wrap` and
    /// `wrap-reverse` and keeps `flex-start`; a row, a left-to-right column and a column with a baseline-aligned
    /// child stay as they are.
    @Test func columnAsLeftToRightKeepsTheLayout() throws {
        let flexCase = try Self.flexCase(
            #""viewport":{"width":100,"height":null},"root":{"style":{"direction":"rtl","flex-direction":"column","align-items":"flex-start","width":"60px"},"children":[{"content":{"width":10,"height":4}},{"style":{"align-self":"end","width":"7px","height":"3px"}},{"style":{"align-self":"stretch","width":"5px","height":"2px"}},{"style":{"align-self":"stretch","height":"2px"}},{"style":{"align-self":"center","width":"9px","height":"2px"}},{"style":{"direction":"ltr","width":"4px","height":"2px"}}]}"#
        )
        let rule = try JSONDecoder().decode(
            FlexRewrite.self, from: Data(#"{"elements":"root","columnAsLeftToRight":true}"#.utf8))
        let rewritten = rule.applied(to: flexCase)
        let root = rewritten.root
        #expect(root.style[.direction] == .keyword("ltr"))
        #expect(root.style[.flexDirection] == .keyword("column"))
        #expect(root.children[0].style[.direction] == .keyword("rtl"))
        #expect(root.children[0].style[.alignSelf] == .keyword("flex-end"))
        #expect(root.children[1].style[.alignSelf] == .keyword("start"))
        #expect(root.children[2].style[.alignSelf] == .keyword("flex-end"), "a given width is not stretched")
        #expect(root.children[3].style[.alignSelf] == .keyword("stretch"), "an auto width fills the line")
        #expect(root.children[4].style[.alignSelf] == .keyword("center"))
        #expect(root.children[5].style[.direction] == .keyword("ltr"), "a given direction stays")
        #expect(
            try rewritten.layout(measurer: FlexGeometryTests.measurer)
                == flexCase.layout(measurer: FlexGeometryTests.measurer))
        let again = try JSONDecoder().decode(FlexRewrite.self, from: try JSONEncoder().encode(rule))
        #expect(again == rule)
        var wrapping = flexCase
        try wrapping.root.style.set(.flexWrap, to: .keyword("wrap"))
        let turnedWrapping = rule.applied(to: wrapping)
        #expect(turnedWrapping.root.style[.flexWrap] == .keyword("wrap-reverse"))
        #expect(turnedWrapping.root.children[0].style[.alignSelf] == nil, "cross-start stays on the right")
        #expect(turnedWrapping.root.children[1].style[.alignSelf] == .keyword("start"))
        #expect(
            try turnedWrapping.layout(measurer: FlexGeometryTests.measurer)
                == wrapping.layout(measurer: FlexGeometryTests.measurer))
        var row = flexCase
        try row.root.style.set(.flexDirection, to: .keyword("row"))
        #expect(rule.applied(to: row) == row)
        var leftToRight = flexCase
        try leftToRight.root.style.set(.direction, to: nil)
        #expect(rule.applied(to: leftToRight) == leftToRight)
        var baseline = flexCase
        try baseline.root.children[0].style.set(.alignSelf, to: .keyword("baseline"))
        #expect(rule.applied(to: baseline) == baseline)
    }

    /// `asContentBox` gives a border-box element the content-box sizes of the same content box: px sizes lose the
    /// padding and border of their axis (not below 0), the flex-basis those of the parent's main axis, keywords stay;
    /// an element with a percentage padding or an aspect-ratio stays as it is, and the reference lays out the
    /// converted case alike.
    @Test func asContentBoxKeepsTheContentBox() throws {
        let flexCase = try Self.flexCase(
            #""viewport":{"width":200,"height":null},"root":{"style":{"flex-direction":"column"},"children":[{"style":{"box-sizing":"border-box","padding-left":"3px","border-right-width":"2px","padding-top":"4px","min-width":"30px","max-width":"4px","height":"10px","max-height":"none","flex-basis":"20px"},"content":{"width":50,"height":5}}]}"#
        )
        let rule = try JSONDecoder().decode(
            FlexRewrite.self, from: Data(#"{"elements":"children","asContentBox":true}"#.utf8))
        let rewritten = rule.applied(to: flexCase)
        let item = rewritten.root.children[0].style
        #expect(item[.boxSizing] == nil)
        #expect(item[.minWidth] == .px(25))
        #expect(item[.maxWidth] == .px(0), "never below 0")
        #expect(item[.height] == .px(6))
        #expect(item[.flexBasis] == .px(16), "the column's main axis is vertical")
        #expect(item[.maxHeight] == .keyword("none"))
        #expect(
            try rewritten.layout(measurer: FlexGeometryTests.measurer)
                == flexCase.layout(measurer: FlexGeometryTests.measurer))
        let again = try JSONDecoder().decode(FlexRewrite.self, from: try JSONEncoder().encode(rule))
        #expect(again == rule)
        for extra: (CSSProperty, CSSValue) in [(.paddingRight, .percent(10)), (.aspectRatio, .number(2))] {
            var kept = flexCase
            try kept.root.children[0].style.set(extra.0, to: extra.1)
            #expect(rule.applied(to: kept) == kept, "\(extra.0)")
        }
    }

    /// `contentWithinWidth` narrows a leaf's content to the content box of its px width (less a border-box leaf's
    /// padding and border), its height kept; content within its width, an auto or percentage width, a measure
    /// table, `flex-basis: content` and an `aspect-ratio` leave the leaf as it is, and the reference lays out the
    /// narrowed case alike. `contentWithinMaxWidth` does the same by the max-width.
    @Test func contentWithinWidthKeepsTheLayout() throws {
        let flexCase = try Self.flexCase(
            #""viewport":{"width":null,"height":null},"root":{"children":[{"content":{"width":15,"height":4},"style":{"flex-grow":"1","width":"10px"}},{"content":{"width":20,"height":3},"style":{"box-sizing":"border-box","padding-left":"2px","border-right-width":"3px","width":"12px","flex-basis":"4px","min-width":"0px"}},{"content":{"width":5,"height":2},"style":{"width":"10px"}},{"content":{"width":30,"height":1},"style":{"width":"50%"}}]}"#
        )
        let rule = try JSONDecoder().decode(
            FlexRewrite.self, from: Data(#"{"elements":"leaves","contentWithinWidth":true}"#.utf8))
        let rewritten = rule.applied(to: flexCase)
        let children = rewritten.root.children
        #expect(children[0].content == Size(width: 10, height: 4))
        #expect(children[1].content == Size(width: 7, height: 3), "12px less 2px padding and 3px border")
        #expect(children[2].content == Size(width: 5, height: 2), "content within its width stays")
        #expect(children[3].content == Size(width: 30, height: 1), "a percentage width stays")
        #expect(
            try rewritten.layout(measurer: FlexGeometryTests.measurer)
                == flexCase.layout(measurer: FlexGeometryTests.measurer))
        let again = try JSONDecoder().decode(FlexRewrite.self, from: try JSONEncoder().encode(rule))
        #expect(again == rule)
        for extra: (CSSProperty, CSSValue) in [(.flexBasis, .keyword("content")), (.aspectRatio, .number(2))] {
            var kept = flexCase
            try kept.root.children[0].style.set(extra.0, to: extra.1)
            #expect(rule.applied(to: kept).root.children[0] == kept.root.children[0], "\(extra.0)")
        }
        let measured = try Self.flexCase(
            #""root":{"children":[{"content":{"width":15,"height":4,"measure":[{"widthMode":"undefined","heightMode":"undefined","output":{"width":15,"height":4}}]},"style":{"width":"10px"}}]}"#
        )
        #expect(rule.applied(to: measured) == measured, "a measure table stays")
        let capped = try Self.flexCase(
            #""viewport":{"width":100,"height":null},"root":{"children":[{"content":{"width":15,"height":4},"style":{"max-width":"6px"}},{"content":{"width":15,"height":4},"style":{"width":"8px"}}]}"#
        )
        let maxRule = try JSONDecoder().decode(
            FlexRewrite.self, from: Data(#"{"elements":"leaves","contentWithinMaxWidth":true}"#.utf8))
        let narrowed = maxRule.applied(to: capped)
        #expect(narrowed.root.children.map(\.content) == [Size(width: 6, height: 4), Size(width: 15, height: 4)])
        #expect(
            try narrowed.layout(measurer: FlexGeometryTests.measurer)
                == capped.layout(measurer: FlexGeometryTests.measurer))
        #expect(try JSONDecoder().decode(FlexRewrite.self, from: try JSONEncoder().encode(maxRule)) == maxRule)
    }

    /// `contentFillingWidth` widens a leaf's content to the content box of its px width and gives an item of a row
    /// whose min-width is auto the automatic minimum CSS gave it (an item of a column keeps its min-width); a leaf
    /// without content gets content of no height where nothing is baseline-aligned; a max-width, a scroll container
    /// and a percentage flex-basis leave the leaf as it is, and the reference lays out the widened case alike.
    @Test func contentFillingWidthKeepsTheLayout() throws {
        let flexCase = try Self.flexCase(
            #""viewport":{"width":null,"height":null},"root":{"children":[{"content":{"width":10,"height":4},"style":{"width":"20px"}},{"content":{"width":5,"height":3},"style":{"box-sizing":"border-box","padding-left":"2px","border-right-width":"3px","width":"20px"}},{"style":{"width":"12px","flex-grow":"1"}},{"content":{"width":5,"height":2},"style":{"width":"10px","max-width":"30px"}},{"content":{"width":5,"height":2},"style":{"width":"10px","overflow-x":"hidden"}},{"content":{"width":5,"height":2},"style":{"width":"10px","flex-basis":"50%"}},{"content":{"width":4,"height":4},"style":{"flex-basis":"40px"}},{"style":{"flex-direction":"column"},"children":[{"content":{"width":4,"height":4},"style":{"width":"10px"}}]}]}"#
        )
        let rule = try JSONDecoder().decode(
            FlexRewrite.self, from: Data(#"{"elements":"leaves","contentFillingWidth":true}"#.utf8))
        let rewritten = rule.applied(to: flexCase)
        let children = rewritten.root.children
        #expect(children[0].content == Size(width: 20, height: 4))
        #expect(children[0].style[.minWidth] == .px(10), "the smaller of its width and its content")
        #expect(children[1].content == Size(width: 15, height: 3), "20px less 2px padding and 3px border")
        #expect(children[1].style[.minWidth] == .px(10), "5px of content, plus padding and border under border-box")
        #expect(children[2].content == Size(width: 12, height: 0), "a leaf without content")
        #expect(children[2].style[.minWidth] == .px(0))
        for index in 3...6 { #expect(children[index] == flexCase.root.children[index], "child \(index) stays") }
        #expect(children[7].children[0].content == Size(width: 10, height: 4))
        #expect(children[7].children[0].style[.minWidth] == nil, "an item of a column keeps its min-width")
        #expect(
            try rewritten.layout(measurer: FlexGeometryTests.measurer)
                == flexCase.layout(measurer: FlexGeometryTests.measurer))
        #expect(try JSONDecoder().decode(FlexRewrite.self, from: try JSONEncoder().encode(rule)) == rule)
        var baseline = flexCase
        try baseline.root.children[0].style.set(.alignSelf, to: .keyword("baseline"))
        #expect(rule.applied(to: baseline).root.children[2] == baseline.root.children[2], "nothing baseline-aligned")
    }

    /// `contentFillingMinWidth` widens a leaf's content to the content box of its px min-width, except where the
    /// content is the flex base size of an item that can grow; the reference lays out the widened case alike.
    @Test func contentFillingMinWidthKeepsTheLayout() throws {
        let flexCase = try Self.flexCase(
            #""viewport":{"width":100,"height":null},"root":{"style":{"width":"70px","flex-wrap":"wrap"},"children":[{"content":{"width":10,"height":10},"style":{"min-width":"30px"}},{"content":{"width":10,"height":10},"style":{"min-width":"30px","flex-grow":"1"}},{"content":{"width":10,"height":10},"style":{"min-width":"30px","flex-grow":"1","width":"20px"}},{"style":{"min-width":"8px"}}]}"#
        )
        let rule = try JSONDecoder().decode(
            FlexRewrite.self, from: Data(#"{"elements":"leaves","contentFillingMinWidth":true}"#.utf8))
        let rewritten = rule.applied(to: flexCase)
        #expect(
            rewritten.root.children.map(\.content) == [
                Size(width: 30, height: 10), Size(width: 10, height: 10), Size(width: 30, height: 10),
                Size(width: 8, height: 0),
            ])
        #expect(rewritten.root.children.map(\.style) == flexCase.root.children.map(\.style))
        #expect(
            try rewritten.layout(measurer: FlexGeometryTests.measurer)
                == flexCase.layout(measurer: FlexGeometryTests.measurer))
        #expect(try JSONDecoder().decode(FlexRewrite.self, from: try JSONEncoder().encode(rule)) == rule)
    }

    /// The key round-trips through a case file, and a bad rule names its path.
    @Test func decodingIsStrict() throws {
        let text =
            #""finding":{"engines":["yoga","yoga-current"],"counterfactual":[{"elements":"containers","set":{"align-content":"flex-start"}}]},"#
            + Self.tree
        let flexCase = try Self.flexCase(text)
        #expect(flexCase.finding?.engines == ["yoga", "yoga-current"])
        let again = try JSONDecoder().decode(FlexCase.self, from: try JSONEncoder().encode(flexCase))
        #expect(again == flexCase)
        let slowness = try Self.flexCase(#""finding":{"timeLimit":300},"# + Self.tree)
        #expect(slowness.finding?.timeLimit == 300 && slowness.finding?.counterfactual == nil)
        let bad: [(String, String)] = [
            (#"{"counterfactual":[{"elements":"items","remove":["top"]}]}"#, "unknown elements 'items'"),
            (#"{"counterfactual":[{"elements":"all"}]}"#, "a rule changes something"),
            (#"{"counterfactual":[{"elements":"all","remove":["flex"]}]}"#, "unknown CSS property 'flex'"),
            (
                #"{"counterfactual":[{"elements":"all","percentage":["pad"],"remove":["top"]}]}"#,
                "unknown CSS property 'pad'"
            ),
            (#"{"counterfactual":[{"elements":"all","set":{"width":"wide"}}]}"#, #"got "wide""#),
            (#"{"counterfactual":[{"elements":"all","copy":{"width":"wide"}}]}"#, "unknown CSS property 'wide'"),
            (
                #"{"counterfactual":[{"elements":"all","atMost":{"wide":"width"},"remove":["top"]}]}"#,
                "unknown CSS property 'wide'"
            ),
            (#"{"engines":[]}"#, "engines must be non-empty"),
            (#"{"timeLimit":0}"#, "a time limit is a number of seconds above 0"),
            (#"{"timeLimit":7200}"#, "at most 3600"),
            (
                #"{"timeLimit":60,"counterfactual":[{"elements":"all","remove":["top"]}]}"#,
                "a finding of slowness has no counterfactual rules"
            ),
            (#"{"counterfactual":[{"elements":"all","fill":{"width":"1px"}}],"extra":1}"#, "extra"),
        ]
        for (finding, message) in bad {
            #expect(throws: DecodingError.self, "\(finding)") {
                try Self.flexCase(#""finding":"# + finding + "," + Self.tree)
            }
            do {
                _ = try Self.flexCase(#""finding":"# + finding + "," + Self.tree)
            } catch let DecodingError.dataCorrupted(context) {
                let path = context.codingPath.map(\.stringValue)
                #expect(path.first == "finding", "\(path)")
                #expect(context.debugDescription.contains(message), "\(context.debugDescription)")
            }
        }
    }
}
