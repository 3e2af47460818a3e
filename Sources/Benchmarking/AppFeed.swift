import Engines
import Flexbox
import LayoutCore

/// A capture-like flex case of the project's own: a phone feed screen written as Yoga's app captures are imported
/// (docs/importers.md "yoga-capture"), every element carrying Yoga's base style (`flex-direction: column`,
/// `align-content: flex-start`, `flex-shrink: 0`, `box-sizing: border-box`, `position: relative`, `min-width` and
/// `min-height` 0px), with text as content leaves of seeded sizes. Yoga's own captures may not be committed; this
/// tree stands in for them where a captured tree must be built in code (Benchmarks/, tools/bench-instructions).
///
/// - The root: 390 × 844, pinned as the apps pin theirs (`width` and `max-width` 390px, `height` and `max-height`
///   844px), in a viewport of that size. So it has no resize mode, as Yoga's captures have none.
/// - A header row (44px: a title, a 24 × 24 button), a scroll column (`flex-grow: 1`, `flex-basis: 0px`,
///   `overflow: scroll`) of `cards` cards, and a tab bar of 5 items (an icon and a label each).
/// - A card: padding 12px, border 1px, margins 8px 16px 0: a row (a 40 × 40 avatar; a growing column of a name and a
///   meta line; a time stamp), a body text, and a row of 3 actions spaced between (an icon and a label each).
/// - 20 cards make 381 elements, between Yoga's profile-ios (101) and feed-android (559).
public enum AppFeed {
    /// The viewport the screen is laid out in, and the root's pinned size: a phone, 390 × 844.
    public static let viewportWidth = 390.0
    public static let viewportHeight = 844.0
    public static let standardCards = 20

    /// The screen with `cards` cards, text sizes drawn from `seed`.
    public static func flexCase(cards: Int = standardCards, seed: UInt64 = 1) -> FlexCase {
        var random = SplitMix64(seed: seed)
        func text(_ widths: ClosedRange<Int>, lineHeight: Double, lines: ClosedRange<Int> = 1...1) -> FlexElement {
            let width = Double(random.int(in: widths))
            let height = lineHeight * Double(random.int(in: lines))
            return element([:], content: Size(width: width, height: height))
        }
        func icon(_ side: Double) -> FlexElement { element([.width: .px(side), .height: .px(side)]) }
        func labelled(_ side: Double, _ widths: ClosedRange<Int>, row: Bool) -> FlexElement {
            element(
                [.flexDirection: .keyword(row ? "row" : "column"), .alignItems: .keyword("center")],
                children: [icon(side), text(widths, lineHeight: 12)])
        }
        let header = element(
            [
                .flexDirection: .keyword("row"), .height: .px(44), .alignItems: .keyword("center"),
                .justifyContent: .keyword("space-between"), .paddingLeft: .px(16), .paddingRight: .px(16),
            ], children: [text(80...160, lineHeight: 20), icon(24)])
        let feed = (0..<cards).map { _ in
            let identity = element(
                [.flexGrow: .number(1), .flexBasis: .px(0), .marginLeft: .px(8)],
                children: [text(60...140, lineHeight: 17), text(40...100, lineHeight: 14)])
            let top = element(
                [.flexDirection: .keyword("row"), .alignItems: .keyword("center")],
                children: [icon(40), identity, text(20...40, lineHeight: 14)])
            let actions = element(
                [.flexDirection: .keyword("row"), .justifyContent: .keyword("space-between"), .marginTop: .px(8)],
                children: (0..<3).map { _ in labelled(16, 20...50, row: true) })
            return element(
                Self.box(padding: 12, border: 1).merging([
                    .marginTop: .px(8), .marginLeft: .px(16), .marginRight: .px(16),
                ]) { $1 },
                children: [top, text(200...320, lineHeight: 17, lines: 1...4), actions])
        }
        let scroll = element(
            [
                .flexGrow: .number(1), .flexBasis: .px(0), .overflowX: .keyword("scroll"),
                .overflowY: .keyword("scroll"),
            ],
            children: feed)
        let tabs = element(
            [.flexDirection: .keyword("row"), .height: .px(49), .justifyContent: .keyword("space-around")],
            children: (0..<5).map { _ in labelled(24, 30...60, row: false) })
        let root = element(
            [
                .width: .px(viewportWidth), .maxWidth: .px(viewportWidth), .height: .px(viewportHeight),
                .maxHeight: .px(viewportHeight),
            ], children: [header, scroll, tabs])
        var value = FlexCase(
            name: "app-feed-\(cards)", viewport: FlexViewport(width: viewportWidth, height: viewportHeight), root: root)
        value.description =
            "A capture-like feed screen of \(cards) cards in Yoga's base style, generated (seed \(seed)); no expect"
        return value
    }

    /// The leaf incremental changes: the first card's time stamp ([1, 0, 0, 2]: scroll, card 0, its top row, the
    /// stamp). A wider stamp narrows the identity column beside it. (A name would move nothing: its column
    /// stretches it to the column's width whatever its content.)
    public static let incrementalPath = [1, 0, 0, 2]

    /// Yoga's base style, as the yoga-capture importer writes it on every element.
    static let base: [CSSProperty: CSSValue] = [
        .flexDirection: .keyword("column"), .alignContent: .keyword("flex-start"), .flexShrink: .number(0),
        .boxSizing: .keyword("border-box"), .position: .keyword("relative"), .minWidth: .px(0), .minHeight: .px(0),
    ]

    /// Every side's padding `padding` and border `border`.
    static func box(padding: Double, border: Double) -> [CSSProperty: CSSValue] {
        var style: [CSSProperty: CSSValue] = [:]
        for side in [CSSProperty.paddingTop, .paddingRight, .paddingBottom, .paddingLeft] { style[side] = .px(padding) }
        for side in [CSSProperty.borderTopWidth, .borderRightWidth, .borderBottomWidth, .borderLeftWidth] {
            style[side] = .px(border)
        }
        return style
    }

    /// An element of Yoga's base style overridden by `style`.
    static func element(_ style: [CSSProperty: CSSValue], content: Size? = nil, children: [FlexElement] = [])
        -> FlexElement
    {
        FlexElement(style: Workload.style(base.merging(style) { $1 }), content: content, children: children)
    }
}

extension CaseWorkload {
    /// The capture-like screen (`AppFeed`) as a case workload, its incremental leaf chosen: the first card's time
    /// stamp, 8 px wider, then as it was.
    public static func appFeed(cards: Int = AppFeed.standardCards) throws -> CaseWorkload {
        let flexCase = AppFeed.flexCase(cards: cards)
        var workload = try CaseWorkload(name: flexCase.name, flex: flexCase)
        let leaf = workload.contentLeaves.first { $0.path == AppFeed.incrementalPath }
        workload.incrementalChange = leaf.map { CaseWorkload.change(path: $0.path, content: $0.content) }
        return workload
    }
}
