import LayoutCore

/// Where a leaf's content sits in the leaf, the one rule every adapter uses for a content leaf's baseline.
///
/// A leaf's content is a `w × h` flex item of the leaf (docs/flex-case-format.md "Elements": a browser places one
/// block of that size inside it), so its top in the leaf's content box follows the leaf's own alignment, and the
/// leaf's CSS baseline is that block's bottom: border and padding top + offset + h. The offset is a share of the free
/// height (the content box's height less h), which is known only after layout; the share depends on whether there
/// is room (free > 0) or not, because distributed alignment falls back to the start edge without room.
public struct ContentOffset: Hashable, Sendable {
    /// The share of the free height above the content when the free height is > 0: 0, 0.5 or 1.
    public var withRoom: Double
    /// The share when the free height is ≤ 0 (the content overflows the leaf's content box).
    public var withoutRoom: Double

    public init(withRoom: Double, withoutRoom: Double) {
        self.withRoom = withRoom
        self.withoutRoom = withoutRoom
    }

    /// The content's top in a content box `inner` high, for content `height` high.
    public func top(inner: Double, height: Double) -> Double {
        let free = inner - height
        let share = free > 0 ? withRoom : withoutRoom
        return share == 0 ? 0 : free * share  // 0 at the start edge, even for an undefined height
    }
}

extension FlexElement {
    /// Where this leaf's content sits vertically, by the leaf's own alignment (css-align-3): in a row, `align-items`
    /// for a single line (nowrap, or `align-content: stretch` with room) and `align-content` otherwise, the start edge
    /// flipped by `wrap-reverse`; in a column, `justify-content`, flipped by `column-reverse`. Distributed alignment
    /// falls back to `flex-start` (stretch, normal, space-between) or `center` (space-around, space-evenly) with
    /// room, and to the start edge without.
    public var contentOffset: ContentOffset {
        let keyword = { (property: CSSProperty) -> String in
            if case .keyword(let name) = style.value(of: property) { return name }
            return ""
        }
        let direction = keyword(.flexDirection)
        if direction == "row" || direction == "row-reverse" {
            let wrap = keyword(.flexWrap)
            let flipped = wrap == "wrap-reverse"
            let single = Self.place(keyword(.alignItems), flipped: flipped)
            if wrap == "nowrap" { return ContentOffset(withRoom: single, withoutRoom: single) }
            let alignContent = keyword(.alignContent)
            if alignContent == "stretch" || alignContent == "normal" {
                return ContentOffset(withRoom: single, withoutRoom: 0)
            }
            return Self.distribute(alignContent, flipped: flipped)
        }
        return Self.distribute(keyword(.justifyContent), flipped: direction == "column-reverse")
    }

    /// The share of one box placed by `mode` along an axis whose start edge is `flipped` or not.
    static func place(_ mode: String, flipped: Bool) -> Double {
        switch mode {
        case "flex-end": flipped ? 0 : 1
        case "end": 1
        case "start": 0
        case "center": 0.5
        default: flipped ? 1 : 0  // flex-start, stretch (a definite height), baseline (alone), normal
        }
    }

    /// One line or item placed by `mode`, distributed alignment by its fallback.
    static func distribute(_ mode: String, flipped: Bool) -> ContentOffset {
        switch mode {
        case "stretch", "normal", "space-between":
            ContentOffset(withRoom: place("flex-start", flipped: flipped), withoutRoom: 0)
        case "space-around", "space-evenly":
            ContentOffset(withRoom: place("center", flipped: flipped), withoutRoom: 0)
        default:
            ContentOffset(withRoom: place(mode, flipped: flipped), withoutRoom: place(mode, flipped: flipped))
        }
    }
}
