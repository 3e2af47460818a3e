import LayoutCore

/// Every CSS longhand a flex case may set (docs/flex-case-format.md, "Vocabulary"); the raw value is the CSS name.
///
/// Only longhands exist here: a shorthand (`margin`, `flex`, `gap`, …) expands differently in each engine's
/// importer, so a case spells out every side and every part. `allCases` is the stable order in which styles are
/// written back, so two equal styles always encode to the same text.
public enum CSSProperty: String, CaseIterable, Hashable, Sendable, Comparable {
    case display
    case position
    case top, right, bottom, left
    case boxSizing = "box-sizing"
    case width, height
    case minWidth = "min-width"
    case minHeight = "min-height"
    case maxWidth = "max-width"
    case maxHeight = "max-height"
    case aspectRatio = "aspect-ratio"
    case marginTop = "margin-top"
    case marginRight = "margin-right"
    case marginBottom = "margin-bottom"
    case marginLeft = "margin-left"
    case paddingTop = "padding-top"
    case paddingRight = "padding-right"
    case paddingBottom = "padding-bottom"
    case paddingLeft = "padding-left"
    case borderTopWidth = "border-top-width"
    case borderRightWidth = "border-right-width"
    case borderBottomWidth = "border-bottom-width"
    case borderLeftWidth = "border-left-width"
    case flexDirection = "flex-direction"
    case flexWrap = "flex-wrap"
    case flexGrow = "flex-grow"
    case flexShrink = "flex-shrink"
    case flexBasis = "flex-basis"
    case order
    case justifyContent = "justify-content"
    case alignItems = "align-items"
    case alignSelf = "align-self"
    case alignContent = "align-content"
    case rowGap = "row-gap"
    case columnGap = "column-gap"
    case overflowX = "overflow-x"
    case overflowY = "overflow-y"
    case direction
    case justifyItems = "justify-items"
    case justifySelf = "justify-self"
    case gridTemplateColumns = "grid-template-columns"
    case gridTemplateRows = "grid-template-rows"
    case gridColumnStart = "grid-column-start"
    case gridRowStart = "grid-row-start"

    /// Orders properties as `allCases` lists them.
    public static func < (lhs: CSSProperty, rhs: CSSProperty) -> Bool { lhs.index < rhs.index }

    /// The position in `allCases`, computed once.
    var index: Int { CSSProperty.indices[self]! }
    private static let indices = Dictionary(uniqueKeysWithValues: allCases.enumerated().map { ($1, $0) })

    /// The value a property has when a case does not give it: the CSS initial value, except `display`, which is
    /// `flex` for every element, and the alignments, whose `normal` is written as what it means in a flex
    /// container (`justify-items`' as what it means for the non-replaced items of a grid: `stretch`).
    public var initialValue: CSSValue {
        switch self {
        case .display: .keyword("flex")
        case .position: .keyword("static")
        case .top, .right, .bottom, .left: .keyword("auto")
        case .boxSizing: .keyword("content-box")
        case .width, .height, .minWidth, .minHeight: .keyword("auto")
        case .maxWidth, .maxHeight: .keyword("none")
        case .aspectRatio: .keyword("auto")
        case .marginTop, .marginRight, .marginBottom, .marginLeft: .px(0)
        case .paddingTop, .paddingRight, .paddingBottom, .paddingLeft: .px(0)
        case .borderTopWidth, .borderRightWidth, .borderBottomWidth, .borderLeftWidth: .px(0)
        case .flexDirection: .keyword("row")
        case .flexWrap: .keyword("nowrap")
        case .flexGrow: .number(0)
        case .flexShrink: .number(1)
        case .flexBasis: .keyword("auto")
        case .order: .number(0)
        case .justifyContent: .keyword("flex-start")
        case .alignItems, .alignContent: .keyword("stretch")
        case .alignSelf: .keyword("auto")
        case .rowGap, .columnGap: .px(0)
        case .overflowX, .overflowY: .keyword("visible")
        case .direction: .keyword("ltr")
        case .justifyItems: .keyword("stretch")
        case .justifySelf: .keyword("auto")
        case .gridTemplateColumns, .gridTemplateRows: .keyword("none")
        case .gridColumnStart, .gridRowStart: .keyword("auto")
        }
    }

    /// The value forms the property accepts, as the vocabulary table lists them.
    public var grammar: CSSGrammar { CSSProperty.grammars[self]! }

    /// Whether lengths and percentages may be below zero: margins and insets may, sizes, paddings, borders, gaps
    /// and flex-basis may not.
    public var allowsNegativeLengths: Bool { grammar.allowsNegative }

    private static let grammars = Dictionary(uniqueKeysWithValues: allCases.map { ($0, $0.makeGrammar()) })

    /// `safe` before each of `positions` (CSS Box Alignment 3 §4.4): `start` where the subject overflows.
    private static func safe(_ positions: [String]) -> [String] { positions.map { "safe \($0)" } }

    /// `unsafe` before each of `positions`, written as the position alone: flexbox's alignment is unsafe unless
    /// it says `safe` (the three browsers agree).
    private static func unsafe(_ positions: [String]) -> [String: CSSValue] {
        Dictionary(uniqueKeysWithValues: positions.map { ("unsafe \($0)", .keyword($0)) })
    }

    /// The vocabulary table, one row per group of properties.
    private func makeGrammar() -> CSSGrammar {
        let sizeKeywords = ["min-content", "max-content", "fit-content"]
        let positions = ["flex-start", "flex-end", "start", "end", "center"]
        let distributions = ["space-between", "space-around", "space-evenly"]
        switch self {
        case .display: return CSSGrammar(keywords: ["flex", "grid", "none"])
        case .position: return CSSGrammar(keywords: ["static", "relative", "absolute"])
        case .top, .right, .bottom, .left, .marginTop, .marginRight, .marginBottom, .marginLeft:
            return CSSGrammar(lengths: true, percentages: true, allowsNegative: true, keywords: ["auto"])
        case .boxSizing: return CSSGrammar(keywords: ["border-box", "content-box"])
        case .width, .height, .minWidth, .minHeight:
            return CSSGrammar(lengths: true, percentages: true, keywords: ["auto"] + sizeKeywords)
        case .maxWidth, .maxHeight:
            return CSSGrammar(lengths: true, percentages: true, keywords: ["none"] + sizeKeywords)
        case .aspectRatio: return CSSGrammar(number: .ratio, keywords: ["auto"])
        case .paddingTop, .paddingRight, .paddingBottom, .paddingLeft:
            return CSSGrammar(lengths: true, percentages: true)
        case .borderTopWidth, .borderRightWidth, .borderBottomWidth, .borderLeftWidth:
            return CSSGrammar(lengths: true)
        case .flexDirection: return CSSGrammar(keywords: ["row", "row-reverse", "column", "column-reverse"])
        case .flexWrap: return CSSGrammar(keywords: ["nowrap", "wrap", "wrap-reverse"])
        case .flexGrow, .flexShrink: return CSSGrammar(number: .nonNegative)
        case .flexBasis: return CSSGrammar(lengths: true, percentages: true, keywords: ["auto", "content"])
        case .order: return CSSGrammar(number: .integer)
        case .justifyContent:
            // `stretch` distributes nothing in a flex container: it behaves as flex-start (Box Alignment 3 §5.1.1).
            let justified = positions + ["left", "right"]
            return CSSGrammar(
                keywords: justified + distributions + CSSProperty.safe(justified),
                aliases: CSSProperty.unsafe(justified).merging(
                    ["normal": .keyword("flex-start"), "stretch": .keyword("flex-start")]) { $1 })
        case .alignItems, .alignSelf:
            // `normal` behaves as stretch for a flex item and for the static position of an absolute child.
            let selfPositions = positions + ["self-start", "self-end"]
            return CSSGrammar(
                keywords: (self == .alignSelf ? ["auto"] : []) + ["stretch"] + selfPositions + ["baseline"]
                    + CSSProperty.safe(selfPositions),
                aliases: CSSProperty.unsafe(selfPositions).merging(
                    ["normal": .keyword("stretch"), "first baseline": .keyword("baseline")]) { $1 })
        case .alignContent:
            // A flex container's lines share no baseline: the baseline values align them as flex-start, in
            // Chromium, Firefox and WebKit alike (`last baseline` they do not agree on).
            let keywords = ["stretch"] + positions + distributions + CSSProperty.safe(positions)
            return CSSGrammar(
                keywords: keywords,
                aliases: CSSProperty.unsafe(positions).merging([
                    "normal": .keyword("stretch"), "baseline": .keyword("flex-start"),
                    "first baseline": .keyword("flex-start"),
                ]) { $1 })
        case .rowGap, .columnGap: return CSSGrammar(lengths: true, percentages: true, aliases: ["normal": .px(0)])
        case .overflowX, .overflowY:
            // `auto` makes a scroll container as `scroll` does, and a case's scrollbars take no space: the same layout.
            return CSSGrammar(keywords: ["visible", "hidden", "clip", "scroll"], aliases: ["auto": .keyword("scroll")])
        case .direction: return CSSGrammar(keywords: ["ltr", "rtl"])
        // The few grid properties a one-cell grid needs (a Puyopuyo ZBox): one track form, one line number form.
        case .justifyItems:
            let keywords = ["stretch", "start", "end", "center"]
            return CSSGrammar(keywords: keywords, aliases: ["normal": .keyword("stretch")])
        case .justifySelf: return CSSGrammar(keywords: ["auto", "stretch", "start", "end", "center"])
        case .gridTemplateColumns, .gridTemplateRows: return CSSGrammar(keywords: ["none"], track: true)
        case .gridColumnStart, .gridRowStart: return CSSGrammar(number: .line, keywords: ["auto"])
        }
    }
}

/// The value forms one property accepts. Numbers are plain decimals (`10`, `-2.5`, `.5`; no exponent), and a
/// bare `0` is a length wherever lengths are accepted.
public struct CSSGrammar: Hashable, Sendable {
    /// The unitless numbers a property may take.
    public enum NumberForm: Hashable, Sendable {
        /// A number ≥ 0 (`flex-grow`, `flex-shrink`).
        case nonNegative
        /// A whole number of either sign, within ±`CSSGrammar.integerLimit` (`order`).
        case integer
        /// A number > 0, or `w / h` with both > 0, stored as w ÷ h (`aspect-ratio`).
        case ratio
        /// A grid line: a whole number from 1 to `CSSGrammar.lineLimit` (`grid-row-start`, `grid-column-start`).
        case line
    }

    /// `px` lengths.
    public var lengths: Bool
    /// Percentages, stored as written (`50%` is 50).
    public var percentages: Bool
    /// Whether lengths and percentages may be below zero.
    public var allowsNegative: Bool
    public var number: NumberForm?
    /// The one grid track list a case may give, `minmax(0px, 1fr)`: a single track that is exactly the grid's
    /// inner size when that is definite and its largest item's max-content contribution (margins included)
    /// otherwise, with no automatic minimum size for its items (`grid-template-columns`, `grid-template-rows`).
    /// Being flexible, it fills the grid whatever `justify-content` and `align-content` say.
    public var track: Bool
    /// The keywords, lower case, in the order the vocabulary table lists them.
    public var keywords: [String]
    /// Keywords accepted and written back as another value (`normal` for the alignments and gaps), so that
    /// canonical text has one spelling per meaning.
    public var aliases: [String: CSSValue]

    /// The largest `order` magnitude: browsers clamp `order` to a 32-bit integer, and it keeps every integer exact.
    public static let integerLimit = 2_147_483_647.0
    /// The largest grid line: every line below it is an implicit track an engine allocates, so a case cannot ask for
    /// millions of them.
    public static let lineLimit = 1000.0
    /// The canonical text of the one track list (`track`).
    public static let oneTrack = "minmax(0px, 1fr)"

    init(
        lengths: Bool = false, percentages: Bool = false, allowsNegative: Bool = false, number: NumberForm? = nil,
        keywords: [String] = [], aliases: [String: CSSValue] = [:], track: Bool = false
    ) {
        self.lengths = lengths
        self.percentages = percentages
        self.allowsNegative = allowsNegative
        self.number = number
        self.track = track
        self.keywords = keywords
        self.aliases = aliases
    }

    /// What the property accepts, for error messages: `a length (px), a percentage, or auto`.
    public var expectation: String {
        let bound = allowsNegative ? "" : " ≥ 0"
        var parts: [String] = []
        if lengths { parts.append("a length\(bound) (px)") }
        if percentages { parts.append("a percentage\(bound)") }
        switch number {
        case .nonNegative: parts.append("a number ≥ 0")
        case .integer: parts.append("an integer")
        case .ratio: parts += ["a number > 0", "a ratio w / h of numbers > 0"]
        case .line: parts.append("an integer from 1 to \(Int(CSSGrammar.lineLimit))")
        case nil: break
        }
        // An alignment's positions also come after `safe` and `unsafe`: said once, not listed twice more.
        let overflow = keywords.contains { $0.hasPrefix("safe ") }
        parts += keywords.filter { !$0.hasPrefix("safe ") }
        parts += aliases.keys.sorted().filter { !$0.hasPrefix("unsafe ") }
        if overflow { parts.append("safe or unsafe before a position") }
        if track { parts.append(CSSGrammar.oneTrack) }
        guard parts.count > 1 else { return parts.first ?? "nothing" }
        if parts.count == 2 { return "\(parts[0]) or \(parts[1])" }
        return parts.dropLast().joined(separator: ", ") + ", or " + parts.last!
    }
}
