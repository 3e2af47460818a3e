import LayoutCore

/// One checked CSS value. Values come from `CSSProperty.parse(_:)` (or `CSSProperty.check(_:)` for values built in
/// code), so every number is finite and every keyword is one of its property's, in lower case.
public enum CSSValue: Hashable, Sendable {
    /// A length in CSS pixels.
    case px(Double)
    /// A percentage as written: **`50%` is `.percent(50)`, not 0.5**, the same number the CSS text shows.
    case percent(Double)
    /// A keyword, lower case: `auto`, `none`, `min-content`, `row-reverse`, ….
    case keyword(String)
    /// A unitless number: `flex-grow`, `flex-shrink`, `order`, or `aspect-ratio` as width ÷ height.
    case number(Double)

    /// The canonical CSS text: numbers in shortest round-trip form without an exponent, units lower case (`10px`,
    /// `50%`, `0px`, `1.5`, `auto`). Parsing it gives this value back.
    public var cssText: String {
        switch self {
        case .px(let value): plainDecimalText(value) + "px"
        case .percent(let value): plainDecimalText(value) + "%"
        case .keyword(let name): name
        case .number(let value): plainDecimalText(value)
        }
    }

    /// The same value with a negative zero made positive, so `-0px` and `0px` are one value with one text.
    var normalized: CSSValue {
        switch self {
        case .px(let value): .px(value == 0 ? 0 : value)
        case .percent(let value): .percent(value == 0 ? 0 : value)
        case .number(let value): .number(value == 0 ? 0 : value)
        case .keyword: self
        }
    }
}

extension CSSValue: Encodable {
    enum CodingKeys: String, CodingKey { case px, percent }

    /// The typed form adapters read (docs/flex-case-format.md, "What adapters receive"): `{"px":10}`,
    /// `{"percent":50}`, a keyword string (`"auto"`), or a number.
    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .px(let value):
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(value, forKey: .px)
        case .percent(let value):
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(value, forKey: .percent)
        case .keyword(let name):
            var container = encoder.singleValueContainer()
            try container.encode(name)
        case .number(let value):
            var container = encoder.singleValueContainer()
            try container.encode(value)
        }
    }
}

/// `shortestText(value)` with any exponent written out (`1e-05` → `0.00001`, `1e+16` → `10000000000000000`),
/// because CSS text here has no exponents: the canonical text must parse again. `value` is finite.
func plainDecimalText(_ value: Double) -> String {
    let text = shortestText(value)
    guard let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) else { return text }
    // 1. Split "-1.25e-07" into its sign, its digits "125", and where the point falls among them.
    var mantissa = Substring(text[..<e])
    let exponent = Int(text[text.index(after: e)...].drop(while: { $0 == "+" }))!
    let negative = mantissa.hasPrefix("-")
    if negative { mantissa = mantissa.dropFirst() }
    let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
    let fraction = parts.count > 1 ? String(parts[1]) : ""
    let digits = String(parts[0]) + fraction
    let point = parts[0].count + exponent
    // 2. Move the point, padding with zeros on whichever side runs out of digits.
    var result: String
    if point <= 0 {
        result = "0." + String(repeating: "0", count: -point) + digits
    } else if point >= digits.count {
        result = digits + String(repeating: "0", count: point - digits.count)
    } else {
        result = String(digits.prefix(point)) + "." + String(digits.dropFirst(point))
    }
    // 3. Trim what the move made redundant: trailing fraction zeros and leading integer zeros.
    if result.contains(".") {
        while result.hasSuffix("0") { result.removeLast() }
        if result.hasSuffix(".") { result.removeLast() }
    }
    while result.count > 1, result.hasPrefix("0"), !result.hasPrefix("0.") { result.removeFirst() }
    return (negative ? "-" : "") + result
}
