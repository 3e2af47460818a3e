import Foundation
import LayoutCore

/// A JSON document written the same way on every platform and toolchain, so that a regenerated corpus is
/// byte-identical: keys sorted by their UTF-8 bytes, numbers as `shortestText` (`40`, `0.5`), two-space indent,
/// and a container that holds only scalars (or arrays of scalars) on one line (`"path": [0, 2]`, a frame).
/// **Every document it writes parses**: JSON has no NaN or infinity, so a non-finite number is written `null`
/// (an engine's undefined coordinate; the verdict that judges it names the value, docs/cli.md "JSON output").
public indirect enum CanonicalJSON: Hashable, Sendable {
    case null
    case bool(Bool)
    /// A number; a non-finite one is written `null` (`CanonicalJSONEncoder` already encodes it as `.null`).
    case number(Double)
    case string(String)
    case array([CanonicalJSON])
    case object([String: CanonicalJSON])

    /// Parses JSON text. Booleans are told apart from numbers by their Objective-C type code (`c`), which is how
    /// Foundation's parser marks them on Linux and Apple platforms alike.
    public init(parsing data: Data) throws {
        self = CanonicalJSON(foundation: try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]))
    }

    /// The JSON an `Encodable` value encodes to, at any nesting depth (`CanonicalJSONEncoder`).
    public init(encoding value: some Encodable) throws {
        self = try CanonicalJSONEncoder.encode(value, at: [])
    }

    init(foundation value: Any) {
        switch value {
        case let number as NSNumber where String(cString: number.objCType) == "c": self = .bool(number.boolValue)
        case let number as NSNumber: self = .number(number.doubleValue)
        case let text as String: self = .string(text)
        case let list as [Any]: self = .array(list.map(CanonicalJSON.init(foundation:)))
        case let object as [String: Any]: self = .object(object.mapValues(CanonicalJSON.init(foundation:)))
        default: self = .null
        }
    }

    /// The member `key` of an object; nil for anything else.
    public subscript(key: String) -> CanonicalJSON? {
        if case .object(let members) = self { members[key] } else { nil }
    }

    /// The object without `keys`; anything else unchanged.
    public func removing(_ keys: Set<String>) -> CanonicalJSON {
        guard case .object(let members) = self else { return self }
        return .object(members.filter { !keys.contains($0.key) })
    }

    /// The object with `key` set to `value`; anything else unchanged.
    public func setting(_ key: String, to value: CanonicalJSON) -> CanonicalJSON {
        guard case .object(var members) = self else { return self }
        members[key] = value
        return .object(members)
    }

    /// The pretty form, ending with a newline: what corpus files hold.
    public var text: String { write(indent: "") + "\n" }

    /// One line without spaces: what the peer protocol sends.
    public var line: String { oneLine(comma: ",", colon: ":") }

    private var isInline: Bool {
        switch self {
        case .array(let items): items.allSatisfy { !$0.isContainer || ($0.isInline && !$0.isObject) }
        case .object(let members): members.values.allSatisfy { !$0.isContainer || ($0.isInline && !$0.isObject) }
        default: true
        }
    }

    private var isContainer: Bool {
        switch self {
        case .array, .object: true
        default: false
        }
    }

    private var isObject: Bool { if case .object = self { true } else { false } }

    private func write(indent: String) -> String {
        let inner = indent + "  "
        switch self {
        case .array(let items):
            if items.isEmpty { return "[]" }
            if isInline { return "[" + items.map(\.spacedLine).joined(separator: ", ") + "]" }
            return "[\n" + items.map { inner + $0.write(indent: inner) }.joined(separator: ",\n") + "\n" + indent + "]"
        case .object(let members):
            if members.isEmpty { return "{}" }
            if isInline { return spacedLine }
            let lines = Self.sorted(members).map { inner + Self.quoted($0.key) + ": " + $0.value.write(indent: inner) }
            return "{\n" + lines.joined(separator: ",\n") + "\n" + indent + "}"
        default:
            return scalarText
        }
    }

    /// One line with a space after each comma and colon: inline containers in the pretty form.
    private var spacedLine: String { oneLine(comma: ", ", colon: ": ") }

    private func oneLine(comma: String, colon: String) -> String {
        switch self {
        case .array(let items):
            "[" + items.map { $0.oneLine(comma: comma, colon: colon) }.joined(separator: comma) + "]"
        case .object(let members):
            "{"
                + Self.sorted(members).map {
                    Self.quoted($0.key) + colon + $0.value.oneLine(comma: comma, colon: colon)
                }
                .joined(separator: comma) + "}"
        default: scalarText
        }
    }

    private var scalarText: String {
        switch self {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .number(let value): value.isFinite ? shortestText(value) : "null"
        case .string(let value): Self.quoted(value)
        case .array, .object: oneLine(comma: ",", colon: ":")
        }
    }

    /// Members in the order of their keys' UTF-8 bytes (locale-independent).
    private static func sorted(_ members: [String: CanonicalJSON]) -> [(key: String, value: CanonicalJSON)] {
        members.sorted { Array($0.key.utf8).lexicographicallyPrecedes(Array($1.key.utf8)) }
    }

    private static func quoted(_ text: String) -> String { jsonQuoted(text) }
}

/// Every JSON document and line Ristretto writes goes through here, so each output has one form: keys sorted by
/// their UTF-8 bytes, numbers in shortest round-trip form, byte-identical on every run and platform.
public enum JSONOutput {
    /// A pretty document ending with a newline (`CanonicalJSON.text`): what `ristretto layout`, reports, results
    /// and corpus files hold.
    public static func encode<Value: Encodable>(_ value: Value) throws -> Data {
        Data(try CanonicalJSON(encoding: value).text.utf8)
    }

    /// One compact line without a newline (`CanonicalJSON.line`): what the peer protocol and line-oriented
    /// outputs send.
    public static func line<Value: Encodable>(_ value: Value) throws -> String {
        try CanonicalJSON(encoding: value).line
    }
}
