/// Encodes any `Encodable` straight into a `CanonicalJSON` value, without Foundation's `JSONEncoder`: that one stops
/// at 512 nested containers (the depth-1000 benchmark tree nests 2 002) and needs a parse back to sort keys.
/// Containers are reference boxes, filled as the value encodes itself, then frozen into the value tree.
final class CanonicalJSONEncoder: Encoder {
    let codingPath: [any CodingKey]
    let userInfo: [CodingUserInfoKey: Any] = [:]
    /// What this encoder's value turned out to be: set by a single-value encode, or a keyed/unkeyed container.
    fileprivate var storage: Slot = .empty

    init(codingPath: [any CodingKey] = []) { self.codingPath = codingPath }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let object: ObjectBox
        if case .object(let existing) = storage {
            object = existing
        } else {
            object = ObjectBox()
            storage = .object(object)
        }
        return KeyedEncodingContainer(KeyedContainer<Key>(object: object, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let array: ArrayBox
        if case .array(let existing) = storage {
            array = existing
        } else {
            array = ArrayBox()
            storage = .array(array)
        }
        return UnkeyedContainer(array: array, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { SingleValueContainer(encoder: self) }

    /// The value encoded so far (`null` when nothing was).
    var value: CanonicalJSON { storage.value }

    /// Encodes `value` in a child encoder at `path` and returns what it became.
    static func encode(_ value: some Encodable, at path: [any CodingKey]) throws -> CanonicalJSON {
        let child = CanonicalJSONEncoder(codingPath: path)
        try value.encode(to: child)
        return child.value
    }
}

private enum Slot {
    case empty
    case scalar(CanonicalJSON)
    case object(ObjectBox)
    case array(ArrayBox)

    var value: CanonicalJSON {
        switch self {
        case .empty: .null
        case .scalar(let value): value
        case .object(let box): .object(box.members.mapValues(\.value))
        case .array(let box): .array(box.items.map(\.value))
        }
    }
}

private final class ObjectBox { var members: [String: Slot] = [:] }
private final class ArrayBox { var items: [Slot] = [] }

private struct Index: CodingKey {
    var stringValue: String { String(intValue!) }
    var intValue: Int?
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

private func scalar(_ value: some Encodable, at path: [any CodingKey]) throws -> Slot {
    switch value {
    case let flag as Bool: return .scalar(.bool(flag))
    case let text as String: return .scalar(.string(text))
    case let number as Double: return .scalar(finite(number))
    case let number as Float: return .scalar(finite(Double(number)))
    case let number as Int: return .scalar(.number(Double(number)))
    case let number as Int64: return .scalar(.number(Double(number)))
    case let number as UInt64: return .scalar(.number(Double(number)))
    case let number as UInt32: return .scalar(.number(Double(number)))
    case let number as Int32: return .scalar(.number(Double(number)))
    default:
        let child = CanonicalJSONEncoder(codingPath: path)
        try value.encode(to: child)
        return child.storage
    }
}

/// A number as JSON can carry it: NaN and ±∞ become `null`, so that every document parses.
private func finite(_ number: Double) -> CanonicalJSON { number.isFinite ? .number(number) : .null }

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let object: ObjectBox
    let codingPath: [any CodingKey]

    mutating func encodeNil(forKey key: Key) throws { object.members[key.stringValue] = .scalar(.null) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        object.members[key.stringValue] = try scalar(value, at: codingPath + [key])
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        let box = ObjectBox()
        object.members[key.stringValue] = .object(box)
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(object: box, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let box = ArrayBox()
        object.members[key.stringValue] = .array(box)
        return UnkeyedContainer(array: box, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder { CanonicalJSONEncoder(codingPath: codingPath) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { CanonicalJSONEncoder(codingPath: codingPath + [key]) }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let array: ArrayBox
    let codingPath: [any CodingKey]
    var count: Int { array.items.count }

    mutating func encodeNil() throws { array.items.append(.scalar(.null)) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        array.items.append(try scalar(value, at: codingPath + [Index(count)]))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        let box = ObjectBox()
        array.items.append(.object(box))
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(object: box, codingPath: codingPath + [Index(count)]))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let box = ArrayBox()
        array.items.append(.array(box))
        return UnkeyedContainer(array: box, codingPath: codingPath + [Index(count)])
    }

    mutating func superEncoder() -> any Encoder { CanonicalJSONEncoder(codingPath: codingPath) }
}

private struct SingleValueContainer: SingleValueEncodingContainer {
    let encoder: CanonicalJSONEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    mutating func encodeNil() throws { encoder.storage = .scalar(.null) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        encoder.storage = try scalar(value, at: codingPath)
    }
}
