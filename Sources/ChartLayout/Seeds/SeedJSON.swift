import LayoutCore

/// A small JSON value tree: the one form in which seed geometry is both printed and checked.
///
/// Each style turns its resolved geometry into a `SeedJSON` object once; `ristretto layout` prints that
/// object and `expect` is compared against the very same tree, so every printed field can be pinned.
/// Objects keep their key order for printing; comparison looks keys up by name.
enum SeedJSON: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([SeedJSON])
    case object([(key: String, value: SeedJSON)])

    static func == (lhs: SeedJSON, rhs: SeedJSON) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case let (.bool(a), .bool(b)): a == b
        case let (.number(a), .number(b)): a == b
        case let (.string(a), .string(b)): a == b
        case let (.array(a), .array(b)): a == b
        case let (.object(a), .object(b)): a.map(\.key) == b.map(\.key) && a.map(\.value) == b.map(\.value)
        default: false
        }
    }

    var isObject: Bool {
        if case .object = self { true } else { false }
    }

    /// The value under `key` of an object; nil for a missing key or a non-object.
    subscript(key: String) -> SeedJSON? {
        guard case let .object(pairs) = self else { return nil }
        return pairs.first(where: { $0.key == key })?.value
    }
}

// MARK: Building the tree from geometry values

/// A geometry value with a JSON form in the seed chart output.
protocol SeedJSONConvertible {
    var seedJSON: SeedJSON { get }
}

extension Double: SeedJSONConvertible { var seedJSON: SeedJSON { .number(self) } }
extension Int: SeedJSONConvertible { var seedJSON: SeedJSON { .number(Double(self)) } }
extension Bool: SeedJSONConvertible { var seedJSON: SeedJSON { .bool(self) } }
extension String: SeedJSONConvertible { var seedJSON: SeedJSON { .string(self) } }
extension Color: SeedJSONConvertible { var seedJSON: SeedJSON { .string(hexString) } }
extension Point: SeedJSONConvertible { var seedJSON: SeedJSON { .object([("x", .number(x)), ("y", .number(y))]) } }

extension Rect: SeedJSONConvertible {
    var seedJSON: SeedJSON {
        .object([("x", .number(x)), ("y", .number(y)), ("width", .number(width)), ("height", .number(height))])
    }
}

extension Optional: SeedJSONConvertible where Wrapped: SeedJSONConvertible {
    var seedJSON: SeedJSON { map(\.seedJSON) ?? .null }
}

extension Array: SeedJSONConvertible where Element: SeedJSONConvertible {
    var seedJSON: SeedJSON { .array(map(\.seedJSON)) }
}

extension SeedJSON {
    /// An object from key–value pairs, in the given (printing) order.
    static func fields(_ pairs: KeyValuePairs<String, any SeedJSONConvertible>) -> SeedJSON {
        .object(pairs.map { ($0.key, $0.value.seedJSON) })
    }
}

extension SeedJSON: SeedJSONConvertible { var seedJSON: SeedJSON { self } }

// MARK: Codable

extension SeedJSON: Codable {
    init(from decoder: any Decoder) throws {
        if var list = try? decoder.unkeyedContainer() {
            var values: [SeedJSON] = []
            while !list.isAtEnd { values.append(try list.decode(SeedJSON.self)) }
            self = .array(values)
            return
        }
        if let object = try? decoder.container(keyedBy: AnyCodingKey.self) {
            let keys = object.allKeys.map(\.stringValue).sorted()
            self = .object(
                try keys.map { ($0, try object.decode(SeedJSON.self, forKey: AnyCodingKey(stringValue: $0))) })
            return
        }
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let value = try? single.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? single.decode(Double.self) {
            guard value.isFinite else { throw decoder.invalidValue("expected a finite number, got \(value)") }
            self = .number(value)
        } else {
            self = .string(try single.decode(String.self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .null:
            var single = encoder.singleValueContainer()
            try single.encodeNil()
        case let .bool(value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case let .number(value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case let .string(value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case let .array(values):
            var list = encoder.unkeyedContainer()
            for value in values { try list.encode(value) }
        case let .object(pairs):
            var object = encoder.container(keyedBy: AnyCodingKey.self)
            for pair in pairs { try object.encode(pair.value, forKey: AnyCodingKey(stringValue: pair.key)) }
        }
    }
}

// MARK: Comparing an expectation with the geometry

extension SeedJSON {
    /// Every difference between `expected` (a partial tree: objects may omit keys) and this tree.
    ///
    /// Numbers match within `tolerance`; strings, booleans and null match exactly; arrays must have the
    /// same count and match element by element. A key the geometry lacks is reported with actual nil.
    func mismatches(against expected: SeedJSON, path: String = "", tolerance: Double) -> [GeometryMismatch] {
        switch (expected, self) {
        case let (.object(expectedPairs), .object):
            return expectedPairs.flatMap { pair -> [GeometryMismatch] in
                let childPath = path.isEmpty ? pair.key : path + "." + pair.key
                guard let actual = self[pair.key] else {
                    return [SeedJSON.mismatch(childPath, expected: pair.value.summary, actual: nil)]
                }
                return actual.mismatches(against: pair.value, path: childPath, tolerance: tolerance)
            }
        case let (.array(expectedValues), .array(actualValues)):
            guard expectedValues.count == actualValues.count else {
                return [
                    SeedJSON.mismatch(
                        path + ".count", expected: String(expectedValues.count), actual: String(actualValues.count))
                ]
            }
            return zip(expectedValues, actualValues).enumerated().flatMap { index, pair in
                pair.1.mismatches(against: pair.0, path: path + "[\(index)]", tolerance: tolerance)
            }
        case let (.number(expectedValue), .number(actualValue)):
            let (subject, field) = SeedJSON.split(path)
            return GeometryMismatch.compare(
                subject, field, expected: expectedValue, actual: actualValue, tolerance: tolerance
            )
            .map { [$0] } ?? []
        default:
            return expected == self ? [] : [SeedJSON.mismatch(path, expected: expected.summary, actual: summary)]
        }
    }

    /// A short text of the value for a mismatch message.
    var summary: String {
        switch self {
        case .null: "null"
        case let .bool(value): String(value)
        case let .number(value): GeometryMismatch.format(value)
        case let .string(value): "\"\(value)\""
        case let .array(values): "[\(values.count) items]"
        case let .object(pairs): "{\(pairs.map(\.key).joined(separator: ", "))}"
        }
    }

    private static func mismatch(_ path: String, expected: String, actual: String?) -> GeometryMismatch {
        let (subject, field) = split(path)
        return GeometryMismatch(subject: subject, field: field, expected: expected, actual: actual)
    }

    /// Splits `bars[2].rect.x` into the subject `bars[2].rect` and the field `x`.
    private static func split(_ path: String) -> (subject: String, field: String) {
        guard let dot = path.lastIndex(of: ".") else { return ("geometry", path) }
        return (String(path[..<dot]), String(path[path.index(after: dot)...]))
    }
}
