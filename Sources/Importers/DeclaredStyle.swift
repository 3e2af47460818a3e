import Flexbox

/// The CSS declarations one element ends up with in a suite that styles elements directly (Taffy's XML attributes,
/// inline `style` attributes): a base stylesheet first, then the element's own declarations in order, each shorthand
/// expanded into its longhands as CSS expands it, a later declaration replacing an earlier one. `flexStyle()` then
/// checks every longhand against the vocabulary.
///
/// Only what decides layout is kept: colours, backgrounds, outlines, fonts and the like are dropped (fonts matter to
/// text alone, which is refused); a border's style is tracked per side because `none` and `hidden` make its width 0.
struct DeclaredStyle: Hashable, Sendable {
    /// Longhand name → CSS text as written, physical sides only (logical ones are mapped when declared).
    private(set) var longhands: [String: String] = [:]
    /// The order longhands were first declared in, so refusals name the same one every time.
    private(set) var order: [String] = []
    /// `border-*-style` per physical side; a side whose style is `none` or `hidden` has a used width of 0.
    private(set) var borderStyles: [String: String] = [:]
    /// The element's `direction`, which maps the logical properties (`margin-inline-start` is the left margin under
    /// `ltr`). Set it before declaring anything else: the importer reads the element's own declarations for it first.
    var direction = "ltr"

    static let sides = ["top", "right", "bottom", "left"]

    init(direction: String = "ltr") { self.direction = direction }

    /// A base stylesheet: `[("box-sizing", "border-box"), …]` declared in order.
    init(base declarations: [(String, String)], direction: String = "ltr") {
        self.direction = direction
        for (name, value) in declarations { try! declare(name, value) }
    }

    /// Sets one longhand, replacing what an earlier declaration gave it.
    mutating func set(_ name: String, _ value: String) {
        if longhands[name] == nil { order.append(name) }
        longhands[name] = value
    }

    /// Declares `name: value`, expanding shorthands and logical properties.
    /// - Throws: `ImportRefusal` when a shorthand's value cannot be split into its longhands.
    mutating func declare(_ rawName: String, _ rawValue: String) throws(ImportRefusal) {
        let name = rawName.trimmed.lowercased()
        var value = rawValue.trimmed
        if value.lowercased().hasSuffix("!important") { value = String(value.dropLast(10)).trimmed }
        if DeclaredStyle.ignored(name) { return }
        let parts = CSSText.words(value)
        let malformed = ImportRefusal(.unknownValue, "\(name): \(value)")
        if CSSText.hasMathFunction(value) { throw ImportRefusal(.calc, "\(name): \(value)") }
        switch name {
        case "margin", "padding":
            try setSides({ "\(name)-\($0)" }, parts, malformed)
        case "inset":
            try setSides({ $0 }, parts, malformed)
        case "border-width":
            try setSides({ "border-\($0)-width" }, parts, malformed)
        case "border-style":
            guard (1...4).contains(parts.count) else { throw malformed }
            for (side, part) in zip(DeclaredStyle.sides, DeclaredStyle.boxValues(parts)) { borderStyles[side] = part }
        case "border":
            let (width, style) = try DeclaredStyle.borderParts(parts, malformed)
            for side in DeclaredStyle.sides {
                set("border-\(side)-width", width)
                borderStyles[side] = style
            }
        case "border-top", "border-right", "border-bottom", "border-left":
            let side = String(name.dropFirst("border-".count))
            let (width, style) = try DeclaredStyle.borderParts(parts, malformed)
            set("border-\(side)-width", width)
            borderStyles[side] = style
        case "border-top-style", "border-right-style", "border-bottom-style", "border-left-style":
            borderStyles[String(name.dropFirst("border-".count).dropLast("-style".count))] = value.lowercased()
        case "gap", "grid-gap":
            guard (1...2).contains(parts.count) else { throw malformed }
            set("row-gap", parts[0])
            set("column-gap", parts.count == 2 ? parts[1] : parts[0])
        case "overflow":
            guard (1...2).contains(parts.count) else { throw malformed }
            set("overflow-x", parts[0])
            set("overflow-y", parts.count == 2 ? parts[1] : parts[0])
        case "flex":
            for (longhand, part) in try DeclaredStyle.flexParts(parts, malformed) { set(longhand, part) }
        case "flex-flow":
            var direction = "row"
            var wrap = "nowrap"
            for part in parts {
                switch part.lowercased() {
                case "row", "row-reverse", "column", "column-reverse": direction = part
                case "nowrap", "wrap", "wrap-reverse": wrap = part
                default: throw malformed
                }
            }
            guard !parts.isEmpty, parts.count <= 2 else { throw malformed }
            set("flex-direction", direction)
            set("flex-wrap", wrap)
        case "place-content":
            guard (1...2).contains(parts.count) else { throw malformed }
            set("align-content", parts[0])
            set("justify-content", parts.count == 2 ? parts[1] : parts[0])
        case "place-items", "place-self":
            // justify-items and justify-self do nothing in a flex container; only the align half matters.
            guard (1...2).contains(parts.count) else { throw malformed }
            set(name == "place-items" ? "align-items" : "align-self", parts[0])
        default:
            if let (physical, splits) = logicalMapping(name) {
                if physical.count == 1 || !splits {
                    for longhand in physical { try declare(longhand, value) }
                } else {
                    guard (1...2).contains(parts.count) else { throw malformed }
                    try declare(physical[0], parts[0])
                    try declare(physical[1], parts.count == 2 ? parts[1] : parts[0])
                }
            } else {
                set(name, value)
            }
        }
    }

    /// The longhands in the vocabulary's terms, checked.
    /// - Throws: `ImportRefusal` for the first longhand (in declaration order) the vocabulary cannot state.
    func flexStyle() throws(ImportRefusal) -> FlexStyle {
        var style = FlexStyle()
        for name in order {
            var text = longhands[name]!
            if name.hasPrefix("border-"), name.hasSuffix("-width") {
                let side = String(name.dropFirst("border-".count).dropLast("-width".count))
                if ["none", "hidden"].contains(borderStyles[side]?.lowercased() ?? "none") { text = "0px" }
                if let keyword = DeclaredStyle.borderWidthKeywords[text.lowercased()] { text = keyword }
            }
            try Vocabulary.set(name, text, in: &style)
        }
        return style
    }

    // MARK: Shorthand helpers

    private mutating func setSides(
        _ longhand: (String) -> String, _ parts: [String], _ malformed: ImportRefusal
    ) throws(ImportRefusal) {
        guard (1...4).contains(parts.count) else { throw malformed }
        for (side, part) in zip(DeclaredStyle.sides, DeclaredStyle.boxValues(parts)) { set(longhand(side), part) }
    }

    /// CSS's 1-to-4 value rule: top, right, bottom, left.
    static func boxValues(_ parts: [String]) -> [String] {
        switch parts.count {
        case 1: [parts[0], parts[0], parts[0], parts[0]]
        case 2: [parts[0], parts[1], parts[0], parts[1]]
        case 3: [parts[0], parts[1], parts[2], parts[1]]
        default: Array(parts.prefix(4))
        }
    }

    static let borderWidthKeywords = ["thin": "1px", "medium": "3px", "thick": "5px"]
    static let borderStyleKeywords: Set<String> = [
        "none", "hidden", "dotted", "dashed", "solid", "double", "groove", "ridge", "inset", "outset",
    ]

    /// `border: 10px solid black` → ("10px", "solid"). As in CSS, what the shorthand omits is reset: the width to
    /// `medium` (3px) and the style to `none`; the colour is dropped.
    static func borderParts(_ parts: [String], _ malformed: ImportRefusal) throws(ImportRefusal) -> (String, String) {
        var width: String?
        var style: String?
        for part in parts {
            let lower = part.lowercased()
            if borderStyleKeywords.contains(lower) {
                guard style == nil else { throw malformed }
                style = lower
            } else if borderWidthKeywords[lower] != nil || CSSText.isNumeric(lower) {
                guard width == nil else { throw malformed }
                width = lower
            }
        }
        guard !parts.isEmpty, parts.count <= 3 else { throw malformed }
        return (width ?? "medium", style ?? "none")
    }

    /// `flex`: `none` is 0 0 auto, `auto` 1 1 auto, `initial` 0 1 auto; otherwise up to two numbers (grow, then
    /// shrink, default 1) and a basis (default **0%** when the shorthand gives a number: CSS's rule, so `flex: 1`
    /// is 1 1 0%, as Yoga's gentest also expands it).
    static func flexParts(_ parts: [String], _ malformed: ImportRefusal) throws(ImportRefusal) -> [(String, String)] {
        if parts.count == 1 {
            switch parts[0].lowercased() {
            case "none": return [("flex-grow", "0"), ("flex-shrink", "0"), ("flex-basis", "auto")]
            case "auto": return [("flex-grow", "1"), ("flex-shrink", "1"), ("flex-basis", "auto")]
            case "initial": return [("flex-grow", "0"), ("flex-shrink", "1"), ("flex-basis", "auto")]
            default: break
            }
        }
        guard (1...3).contains(parts.count) else { throw malformed }
        var factors: [String] = []
        var basis: String?
        var previousWasFactor = false
        for part in parts {
            // The two factors are adjacent (`<grow> <shrink>? || <basis>`); a unitless 0 is a factor when it can be.
            if CSSText.isUnitlessNumber(part), factors.isEmpty || (factors.count == 1 && previousWasFactor) {
                factors.append(part)
                previousWasFactor = true
            } else if basis == nil {
                basis = part
                previousWasFactor = false
            } else {
                throw malformed
            }
        }
        return [
            ("flex-grow", factors.first ?? "1"), ("flex-shrink", factors.count > 1 ? factors[1] : "1"),
            ("flex-basis", basis ?? "0%"),
        ]
    }

    /// The physical properties a logical property stands for under `direction` in horizontal writing: one name, or
    /// two, each taking its own value (`margin-inline: 1px 2px`, `splits`) or both the whole value
    /// (`border-inline: 1px solid`); nil for any other name.
    func logicalMapping(_ name: String) -> (names: [String], splits: Bool)? {
        let start = direction.lowercased() == "rtl" ? "right" : "left"
        let end = start == "left" ? "right" : "left"
        let edges = ["block-start": "top", "block-end": "bottom", "inline-start": start, "inline-end": end]
        let sizes = [
            "inline-size": "width", "block-size": "height", "min-inline-size": "min-width",
            "min-block-size": "min-height", "max-inline-size": "max-width", "max-block-size": "max-height",
        ]
        if let size = sizes[name] { return ([size], false) }
        for prefix in ["margin", "padding", "inset", "border"] {
            guard name.hasPrefix(prefix + "-") else { continue }
            var rest = String(name.dropFirst(prefix.count + 1))
            var suffix = ""
            if prefix == "border", rest.hasSuffix("-width") || rest.hasSuffix("-style") {
                suffix = String(rest.suffix(6))
                rest = String(rest.dropLast(6))
            }
            let physical = { (edge: String) -> String in
                prefix == "inset" ? edge : "\(prefix)-\(edge)\(suffix)"
            }
            let splits = prefix != "border" || !suffix.isEmpty
            if let edge = edges[rest] { return ([physical(edge)], false) }
            if rest == "block" { return ([physical("top"), physical("bottom")], splits) }
            if rest == "inline" { return ([physical(start), physical(end)], splits) }
        }
        return nil
    }

    /// Properties without any effect on the frames of a flex case: paint, fonts (text is refused anyway), and the
    /// justify half of the alignments, which flex containers ignore.
    static func ignored(_ name: String) -> Bool {
        let prefixes = [
            "background", "outline", "font", "text-", "box-shadow", "cursor", "opacity", "color",
            "visibility", "z-index", "line-height", "letter-spacing", "word-spacing", "white-space",
            "justify-items", "justify-self", "pointer-events", "user-select",
        ]
        if prefixes.contains(where: { name.hasPrefix($0) }) { return true }
        return name.hasPrefix("border") && name.hasSuffix("color")
    }
}

/// Setting one longhand of the vocabulary from CSS text, with the importers' refusal families.
enum Vocabulary {
    /// Checks `name: text` and adds it to `style`.
    /// - Throws: `ImportRefusal`: grid properties are `grid`; `display` other than flex and none is `grid` or
    ///   `display other than flex/none`; `writing-mode` is `writing mode`; `float` and `clear` are layout the
    ///   format has not; other names are `unknown property`; values outside the grammar are `value outside the
    ///   vocabulary`.
    static func set(_ name: String, _ text: String, in style: inout FlexStyle) throws(ImportRefusal) {
        let lower = text.trimmed.lowercased()
        let declaration = "\(name): \(text.trimmed)"
        // The vocabulary's few grid properties describe a one-cell grid (a Puyopuyo ZBox); the suites' grids are
        // other grids, so importers refuse them all.
        if name.hasPrefix("grid") { throw ImportRefusal(.grid, name) }
        // The HTML suites are Taffy's and Yoga's, whose engines lay out horizontal-tb only.
        if name == "writing-mode" {
            if lower == "horizontal-tb" { return }
            throw ImportRefusal(.writingMode, declaration)
        }
        guard let property = CSSProperty(rawValue: name) else {
            switch name {
            case "float", "clear":
                if lower == "none" { return }
                throw ImportRefusal(.otherDisplay, declaration)
            default: throw ImportRefusal(.unknownProperty, declaration)
            }
        }
        if CSSText.hasMathFunction(text) { throw ImportRefusal(.calc, declaration) }
        if property == .display, !["flex", "none"].contains(lower) {
            throw ImportRefusal(lower.contains("grid") ? .grid : .otherDisplay, declaration)
        }
        do {
            try style.set(property, to: property.parse(CSSText.withoutExponents(text)))
        } catch {
            throw ImportRefusal(.unknownValue, declaration)
        }
    }
}

/// Small pieces of CSS text handling.
enum CSSText {
    /// The value with each number written in exponent notation (`3.68935e+19px`, valid CSS, which the flex
    /// vocabulary does not read) written out in plain decimal (`36893500000000000000px`, as Taffy's XML writes the
    /// same length); other text unchanged.
    static func withoutExponents(_ value: String) -> String {
        words(value).map { word -> String in
            let number = word.prefix { "+-.0123456789eE".contains($0) }
            guard number.contains(where: { $0 == "e" || $0 == "E" }), let parsed = Double(number), parsed.isFinite
            else { return word }
            return CSSValue.number(parsed).cssText + word.dropFirst(number.count)
        }.joined(separator: " ")
    }

    /// The space-separated words of a value, keeping parenthesised groups whole (`calc(1px + 2px)` is one word).
    static func words(_ value: String) -> [String] {
        var words: [String] = []
        var current = ""
        var depth = 0
        for character in value {
            if character == "(" { depth += 1 }
            if character == ")" { depth = max(0, depth - 1) }
            if depth == 0, character.isWhitespace {
                if !current.isEmpty { words.append(current) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// Whether the value uses `calc()` or another function that computes a length (`min()`, `max()`, `clamp()`,
    /// `var()`, `env()`), which the vocabulary has none of. Colour functions (`rgb()`) are not among them.
    static func hasMathFunction(_ value: String) -> Bool {
        let lower = value.lowercased()
        return ["calc(", "min(", "max(", "clamp(", "var(", "env(", "attr("].contains { lower.contains($0) }
    }

    /// A number with or without a unit: `10px`, `-2.5%`, `0`, `.5em`.
    static func isNumeric(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first else { return false }
        return "0123456789.+-".unicodeScalars.contains(first)
    }

    /// A plain number without a unit: `1`, `0.5`, `-2`.
    static func isUnitlessNumber(_ text: String) -> Bool { Double(text) != nil && isNumeric(text) }
}

extension String {
    /// Without leading and trailing whitespace.
    var trimmed: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !Markup.isWhitespace($0) }),
            let last = scalars.lastIndex(where: { !Markup.isWhitespace($0) })
        else { return "" }
        return String(scalars[first...last])
    }
}
