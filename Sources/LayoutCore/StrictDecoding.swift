/// Decoding helpers shared by every case format: unknown keys are errors, numbers are finite,
/// and each error carries the coding path so the CLI can name the JSON path of the problem.

/// A coding key made from any string or index, used to list the keys a JSON object really has.
public struct AnyCodingKey: CodingKey, Hashable, Sendable {
    public var stringValue: String
    public var intValue: Int?

    public init(stringValue: String) {
        self.stringValue = stringValue
        self.intValue = nil
    }

    public init(intValue: Int) {
        self.stringValue = String(intValue)
        self.intValue = intValue
    }
}

extension Decoder {
    /// A keyed container that throws when the object holds a key that `Keys` does not list.
    public func strictContainer<Keys: CodingKey & CaseIterable>(keyedBy keys: Keys.Type) throws
        -> KeyedDecodingContainer<Keys>
    {
        let everything = try container(keyedBy: AnyCodingKey.self)
        let known = Set(Keys.allCases.map(\.stringValue))
        if let unknown = everything.allKeys.map(\.stringValue).sorted().first(where: { !known.contains($0) }) {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: codingPath + [AnyCodingKey(stringValue: unknown)],
                    debugDescription:
                        "unknown key '\(unknown)' (allowed: \(Keys.allCases.map(\.stringValue).joined(separator: ", ")))"
                ))
        }
        return try container(keyedBy: keys)
    }

    /// An error for a value that decoded but is not allowed, pointing at this decoder's path.
    public func invalidValue(_ message: String) -> DecodingError {
        .dataCorrupted(.init(codingPath: codingPath, debugDescription: message))
    }
}

extension KeyedDecodingContainer {
    /// An error for the value under `key`.
    public func invalidValue(_ message: String, at key: Key) -> DecodingError {
        .dataCorrupted(.init(codingPath: codingPath + [key], debugDescription: message))
    }

    /// Decodes a value, or returns `fallback` when the key is absent or null.
    public func decode<Value: Decodable>(_ key: Key, default fallback: Value) throws -> Value {
        try decodeIfPresent(Value.self, forKey: key) ?? fallback
    }

    /// Decodes a finite number, rejecting NaN and infinities with the key's path.
    public func decodeFinite(_ key: Key) throws -> Double {
        let value = try decode(Double.self, forKey: key)
        guard value.isFinite else { throw invalidValue("expected a finite number, got \(value)", at: key) }
        return value
    }

    /// Decodes an optional finite number.
    public func decodeFiniteIfPresent(_ key: Key) throws -> Double? {
        guard let value = try decodeIfPresent(Double.self, forKey: key) else { return nil }
        guard value.isFinite else { throw invalidValue("expected a finite number, got \(value)", at: key) }
        return value
    }

    /// Decodes a finite number that is zero or more.
    public func decodeNonNegative(_ key: Key, default fallback: Double) throws -> Double {
        guard let value = try decodeFiniteIfPresent(key) else { return fallback }
        guard value >= 0 else { throw invalidValue("expected a number >= 0, got \(value)", at: key) }
        return value
    }
}

/// Renders a coding path as a JSON path: `$.root.children[2].width`.
public func jsonPath(_ codingPath: [any CodingKey]) -> String {
    var text = "$"
    for key in codingPath {
        if let index = key.intValue {
            text += "[\(index)]"
        } else {
            text += "." + key.stringValue
        }
    }
    return text
}
