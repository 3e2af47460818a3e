import LayoutCore

/// The properties one element's case gives, each checked against its grammar. A property not given has its
/// initial value (`value(of:)`); iteration and encoding follow `CSSProperty.allCases`, so equal styles write
/// equal text.
public struct FlexStyle: Hashable, Sendable, Sequence {
    /// Given properties only; every value passed `CSSProperty.check(_:)` and is normalized.
    private var values: [CSSProperty: CSSValue]

    /// The empty style: every property at its initial value.
    public init() { values = [:] }

    /// A style of the given values, each checked as `set(_:to:)` does.
    public init(_ values: [CSSProperty: CSSValue]) throws(CSSValueError) {
        self.init()
        for property in values.keys.sorted() { try set(property, to: values[property]) }
    }

    /// The value the case gives for `property`, or nil when it gives none.
    public subscript(property: CSSProperty) -> CSSValue? { values[property] }

    /// The value that applies: the one given, or the property's initial value.
    public func value(of property: CSSProperty) -> CSSValue { values[property] ?? property.initialValue }

    /// Gives `property` a value, or removes it with nil.
    /// - Throws: `CSSValueError` when the value is outside the property's grammar, so a style built in code holds
    ///   only what a case file could (there is no unchecked setter: the wire form trusts these values).
    public mutating func set(_ property: CSSProperty, to value: CSSValue?) throws(CSSValueError) {
        guard let value else {
            values[property] = nil
            return
        }
        do {
            try property.check(value)
        } catch {
            throw CSSValueError(message: "\(property.rawValue): \(error.message)")
        }
        values[property] = value.normalized
    }

    /// The given properties in `CSSProperty.allCases` order.
    public var properties: [CSSProperty] { values.keys.sorted() }

    public var isEmpty: Bool { values.isEmpty }

    /// The given properties and their values, in `CSSProperty.allCases` order.
    public func makeIterator() -> IndexingIterator<[(property: CSSProperty, value: CSSValue)]> {
        properties.map { (property: $0, value: values[$0]!) }.makeIterator()
    }
}

extension FlexStyle: Codable {
    /// Decodes `{"width": "100px", …}`: every key a longhand, every value a JSON string of CSS text.
    /// Errors point at the property (`$.root.children[0].style.flex`): an unknown or shorthand name, a value that
    /// is not a string (numbers too: a case holds CSS text only), or text outside the property's grammar. Keys are
    /// checked in sorted order so the same file always reports the same first error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        values = [:]
        for key in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
            guard let property = CSSProperty(rawValue: key.stringValue) else {
                throw container.invalidValue(CSSProperty.unknownMessage(for: key.stringValue), at: key)
            }
            guard let text = try? container.decode(String.self, forKey: key) else {
                let kind = container.jsonKind(at: key)
                throw container.invalidValue("expected CSS text in a JSON string, got \(kind)", at: key)
            }
            do {
                values[property] = try property.parse(text)
            } catch {
                throw container.invalidValue(error.message, at: key)
            }
        }
    }

    /// Writes each given property as its canonical CSS text.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        for (property, value) in self {
            try container.encode(value.cssText, forKey: AnyCodingKey(stringValue: property.rawValue))
        }
    }

    /// The typed form of the given properties, `{"width": {"px": 100}, "flex-grow": 1}`, for adapters.
    struct TypedValues: Encodable {
        var style: FlexStyle

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            for (property, value) in style {
                try container.encode(value, forKey: AnyCodingKey(stringValue: property.rawValue))
            }
        }
    }
}

extension KeyedDecodingContainer {
    /// Names the JSON type under `key` for an error: `a number`, `true`, `null`, `an object or an array`.
    func jsonKind(at key: Key) -> String {
        if (try? decodeNil(forKey: key)) == true { return "null" }
        if let number = try? decode(Double.self, forKey: key) { return "the number \(shortestText(number))" }
        if let flag = try? decode(Bool.self, forKey: key) { return flag ? "true" : "false" }
        return "an object or an array"
    }
}

extension CSSProperty {
    /// The shorthands people reach for, with the longhands a case writes instead.
    static let shorthands: [String: [CSSProperty]] = [
        "margin": [.marginTop, .marginRight, .marginBottom, .marginLeft],
        "padding": [.paddingTop, .paddingRight, .paddingBottom, .paddingLeft],
        "inset": [.top, .right, .bottom, .left],
        "border-width": [.borderTopWidth, .borderRightWidth, .borderBottomWidth, .borderLeftWidth],
        "border": [.borderTopWidth, .borderRightWidth, .borderBottomWidth, .borderLeftWidth],
        "flex": [.flexGrow, .flexShrink, .flexBasis],
        "flex-flow": [.flexDirection, .flexWrap],
        "gap": [.rowGap, .columnGap],
        "grid-gap": [.rowGap, .columnGap],
        "overflow": [.overflowX, .overflowY],
        "place-content": [.alignContent, .justifyContent],
    ]

    /// `unknown CSS property 'flex' (a shorthand: use the longhands flex-grow, flex-shrink, flex-basis)`, or with
    /// `(did you mean 'flex-grow'?)` when a longhand is at most two edits away.
    static func unknownMessage(for name: String) -> String {
        let message = "unknown CSS property \(CSSProperty.quotedName(name))"
        let lowered = name.lowercased()
        if let longhands = shorthands[lowered] {
            return message + " (a shorthand: use the longhands \(longhands.map(\.rawValue).joined(separator: ", ")))"
        }
        guard name.count <= 40 else { return message }
        let nearest = allCases.map { (property: $0, distance: editDistance(lowered, $0.rawValue)) }
            .min { $0.distance < $1.distance }
        if let nearest, nearest.distance <= 2 { return message + " (did you mean '\(nearest.property.rawValue)'?)" }
        return message
    }

    /// A name quoted for a message: single quotes, control characters escaped, at most 40 characters.
    static func quotedName(_ name: String) -> String {
        "'" + String(quoted(name).dropFirst().dropLast()) + "'"
    }

    /// The Levenshtein distance between two short names.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = Swift.min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
