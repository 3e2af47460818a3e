import LayoutCore

/// A CSS value text (or a value built in code) that its property does not accept. The message names what was
/// expected and quotes what was given: `expected a length (px), a percentage, or auto, got "10em"`.
public struct CSSValueError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String

    public init(message: String) { self.message = message }

    public var description: String { message }
}

extension CSSProperty {
    /// Parses CSS value text exactly as the vocabulary allows, and nothing more.
    ///
    /// The grammar is a closed list: plain decimal numbers (optional sign, optional fraction, no exponent) with
    /// `px`, `%` or no unit where the property takes one, and the property's keywords, case-insensitively.
    /// Surrounding ASCII whitespace is ignored. Because nothing else parses, text that could break out of a style
    /// attribute or a stylesheet (`;`, `{`, `<`, quotes, `url(`, `!important`, control characters) is refused
    /// without a list of dangerous characters to keep up to date, and so are `nan` and `infinity`.
    /// - Returns: the value in canonical form: keywords lower case, `normal` replaced by what it means here, a
    ///   bare `0` as `0px`, `w / h` as the number w ÷ h, negative zero as zero.
    public func parse(_ text: String) throws(CSSValueError) -> CSSValue {
        let grammar = self.grammar
        let bytes = Array(text.utf8).trimmingASCIIWhitespace()
        let rejection = CSSValueError(message: "expected \(grammar.expectation), got \(CSSProperty.quoted(text))")
        // 1. Keywords: ASCII only, compared in lower case, the words of a two-word keyword (`safe center`,
        //    `last baseline`) one space apart.
        let word = String(decoding: CSSProperty.singleSpaced(bytes).map(CSSProperty.asciiLowercased), as: UTF8.self)
        if grammar.keywords.contains(word) { return .keyword(word) }
        if let alias = grammar.aliases[word] { return alias }
        if grammar.track, CSSGrammar.isOneTrack(word) { return .keyword(CSSGrammar.oneTrack) }
        // 2. Numbers, with or without a unit.
        if grammar.number == .ratio, let slash = bytes.firstIndex(of: UInt8(ascii: "/")) {
            let width = Array(bytes[..<slash]).trimmingASCIIWhitespace()
            let height = Array(bytes[(slash + 1)...]).trimmingASCIIWhitespace()
            guard let w = NumberToken(width), w.unit.isEmpty, w.value > 0,
                let h = NumberToken(height), h.unit.isEmpty, h.value > 0
            else { throw rejection }
            let ratio = w.value / h.value
            guard ratio.isFinite, ratio > 0 else { throw rejection }
            return .number(ratio)
        }
        guard let token = NumberToken(bytes) else { throw rejection }
        guard let value = grammar.value(of: token) else { throw rejection }
        return value.normalized
    }

    /// Checks a value built in code against the grammar: it must be what parsing its canonical text gives, so a
    /// style holds only values that `parse(_:)` could have produced (no `.keyword("red;")`, no NaN, no `normal`).
    public func check(_ value: CSSValue) throws(CSSValueError) {
        let parsed = try parse(value.cssText)
        guard parsed == value else {
            let text = CSSProperty.quoted(value.cssText)
            throw CSSValueError(message: "\(text) is written \(parsed.cssText) in canonical form")
        }
    }

    /// The text as an error quotes it: JSON-escaped, and cut after 40 characters so hostile input stays short.
    static func quoted(_ text: String) -> String {
        text.count <= 40 ? jsonQuoted(text) : jsonQuoted(String(text.prefix(40)) + "…")
    }

    /// `bytes` with each run of ASCII whitespace made one space.
    static func singleSpaced(_ bytes: [UInt8]) -> [UInt8] {
        let whitespace: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0C, 0x0D]
        var out: [UInt8] = []
        for byte in bytes {
            if whitespace.contains(byte) {
                if out.last != 0x20 { out.append(0x20) }
            } else {
                out.append(byte)
            }
        }
        return out
    }

    static func asciiLowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }
}

extension CSSGrammar {
    /// The value a number token stands for under this grammar, or nil when the grammar does not take it.
    func value(of token: NumberToken) -> CSSValue? {
        let unit = String(decoding: token.unit.map(CSSProperty.asciiLowercased), as: UTF8.self)
        if !allowsNegative, token.value < 0, unit == "px" || unit == "%" { return nil }
        switch unit {
        case "px" where lengths: return .px(token.value)
        case "%" where percentages: return .percent(token.value)
        case "": break
        default: return nil
        }
        switch number {
        case .nonNegative: return token.value >= 0 ? .number(token.value) : nil
        case .integer:
            guard !token.hasFraction, abs(token.value) <= CSSGrammar.integerLimit else { return nil }
            return .number(token.value)
        case .ratio: return token.value > 0 ? .number(token.value) : nil
        case .line:
            guard !token.hasFraction, token.value >= 1, token.value <= CSSGrammar.lineLimit else { return nil }
            return .number(token.value)
        case nil: return lengths && token.value == 0 ? .px(0) : nil
        }
    }

    /// Whether lower-case text is the one track list, `minmax(0px, 1fr)`: `minmax(` at once, then a zero length
    /// (`0px` or a bare `0`), a comma, `1fr`, and `)`, with whitespace allowed around the two arguments only.
    static func isOneTrack(_ text: String) -> Bool {
        guard text.hasPrefix("minmax("), text.hasSuffix(")") else { return false }
        let inside = text.dropFirst("minmax(".count).dropLast()
        let arguments = inside.split(separator: ",", omittingEmptySubsequences: false)
        guard arguments.count == 2 else { return false }
        let minimum = Array(arguments[0].utf8).trimmingASCIIWhitespace()
        let maximum = Array(arguments[1].utf8).trimmingASCIIWhitespace()
        guard let low = NumberToken(minimum), low.value == 0, low.unit.isEmpty || Array(low.unit) == Array("px".utf8),
            let high = NumberToken(maximum), high.value == 1, !high.hasFraction, Array(high.unit) == Array("fr".utf8)
        else { return false }
        return true
    }
}

/// A plain decimal number and whatever follows it: `[+-]? (digits | digits? "." digits)` then the unit bytes.
struct NumberToken {
    var value: Double
    var hasFraction: Bool
    var unit: ArraySlice<UInt8>

    /// Nil unless the bytes start with a number whose value is finite. An exponent is not part of the number: in
    /// `1e2px` the unit would be `e2px`, which no property takes.
    init?(_ bytes: [UInt8]) {
        var index = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        while index < bytes.count, NumberToken.isDigit(bytes[index]) { index += 1 }
        let integerDigits = index - integerStart
        var fractionDigits = 0
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            let fractionStart = index + 1
            var end = fractionStart
            while end < bytes.count, NumberToken.isDigit(bytes[end]) { end += 1 }
            fractionDigits = end - fractionStart
            // "10." is not a CSS number: a point needs a digit after it.
            guard fractionDigits > 0 else { return nil }
            index = end
        }
        guard integerDigits + fractionDigits > 0,
            let value = Double(String(decoding: bytes[..<index], as: UTF8.self)), value.isFinite
        else { return nil }
        self.value = value
        self.hasFraction = fractionDigits > 0
        self.unit = bytes[index...]
    }

    static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
}

extension Array where Element == UInt8 {
    /// Without leading and trailing CSS whitespace (space, tab, line feed, carriage return, form feed).
    func trimmingASCIIWhitespace() -> [UInt8] {
        let isSpace: (UInt8) -> Bool = { [0x20, 0x09, 0x0A, 0x0D, 0x0C].contains($0) }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return []
        }
        return Array(self[first...last])
    }
}
