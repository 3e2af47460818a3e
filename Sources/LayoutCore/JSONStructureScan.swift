/// One linear pass over the raw bytes of a JSON document that finds what Foundation's parsers cannot report or
/// would pay for in memory: duplicate keys (JSONSerialization and JSONDecoder silently keep one of them), lists
/// and strings beyond a limit (counted before anything is allocated for them), and where each top-level value
/// sits in the bytes (so a tool can rewrite one value and leave the rest of the file byte-identical).
///
/// Contract: never builds the document; time and memory are linear in the input (memory in its nesting depth
/// and key counts). It reads only as much syntax as it needs: on bytes that are not JSON it stops and reports
/// `isWellFormed == false` without a violation, and the real parser explains the syntax error.
public struct JSONStructureScan: Sendable {
    /// A problem found in the structure, with its JSON path (`$.root.children[2].width`).
    public struct Violation: Hashable, Sendable {
        public var path: String
        public var message: String
    }

    /// The first key that repeats within one object, at the repeated key's path.
    public private(set) var duplicateKey: Violation?
    /// The first array (in document order of its end) with more than `maxListLength` elements.
    public private(set) var overlongList: Violation?
    /// The first string with more than `maxStringLength` characters.
    public private(set) var overlongString: Violation?
    /// The byte range of each value of the top-level object, by key (empty when the top level is not an object).
    public private(set) var topLevelValues: [String: Range<Int>] = [:]
    /// The byte offset of the first array or object that opens deeper than `maximumDepth`, where the scan stops.
    /// **Why the scan says so**: Foundation's parsers refuse such a document, but crash instead when that bracket is
    /// the last byte (513 `[` and nothing after), so the caller refuses it first.
    public private(set) var tooDeep: Int?
    /// The most arrays and objects Foundation's parsers accept nested in one another.
    public static let maximumDepth = 512
    /// False when the scan stopped at bytes that are not JSON.
    public private(set) var isWellFormed = true

    /// Scans `bytes`; `maxListLength` and `maxStringLength` are the limits reported in `overlongList` and
    /// `overlongString` (strings are counted in characters, as Swift counts them).
    public init(_ bytes: [UInt8], maxListLength: Int = .max, maxStringLength: Int = .max) {
        var scanner = Scanner(bytes: bytes, maxListLength: maxListLength, maxStringLength: maxStringLength)
        scanner.skipWhitespace()
        if scanner.scanValue() {
            scanner.skipWhitespace()
            isWellFormed = scanner.position == bytes.count
        } else {
            isWellFormed = false
        }
        duplicateKey = scanner.duplicateKey
        overlongList = scanner.overlongList
        overlongString = scanner.overlongString
        topLevelValues = scanner.topLevelValues
        tooDeep = scanner.tooDeep
    }
}

/// The scanner's state: a cursor and the stack of open containers, which gives the path of any value.
private struct Scanner {
    enum Container {
        /// An object: the keys seen so far (few per object, so a list; a set once it grows) and the current key.
        case object(keys: [[UInt8]], set: Set<[UInt8]>?, current: String)
        case array(index: Int)
    }

    let bytes: [UInt8]
    let maxListLength: Int
    let maxStringLength: Int
    var position = 0
    var stack: [Container] = []
    var duplicateKey: JSONStructureScan.Violation?
    var overlongList: JSONStructureScan.Violation?
    var overlongString: JSONStructureScan.Violation?
    var topLevelValues: [String: Range<Int>] = [:]
    var tooDeep: Int?

    /// Above this many keys an object's keys move into a set, so a huge object stays linear.
    static let keyListLimit = 16

    init(bytes: [UInt8], maxListLength: Int, maxStringLength: Int) {
        self.bytes = bytes
        self.maxListLength = maxListLength
        self.maxStringLength = maxStringLength
    }

    var path: String {
        var text = "$"
        for container in stack {
            switch container {
            case let .object(_, _, current): text += "." + current
            case let .array(index): text += "[\(index)]"
            }
        }
        return text
    }

    mutating func skipWhitespace() {
        while position < bytes.count, Self.isWhitespace(bytes[position]) { position += 1 }
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x20, 0x09, 0x0A, 0x0D: true
        default: false
        }
    }

    /// Whether a byte ends a number or a literal: a separator, a closing bracket or whitespace.
    static func endsScalar(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"): true
        default: isWhitespace(byte)
        }
    }

    /// Scans one value starting at `position`; false when the bytes are not JSON, or nest deeper than
    /// `maximumDepth` (`tooDeep`), which also bounds the recursion.
    mutating func scanValue() -> Bool {
        guard position < bytes.count else { return false }
        if bytes[position] == UInt8(ascii: "{") || bytes[position] == UInt8(ascii: "["),
            stack.count >= JSONStructureScan.maximumDepth
        {
            tooDeep = position
            return false
        }
        switch bytes[position] {
        case UInt8(ascii: "{"): return scanObject()
        case UInt8(ascii: "["): return scanArray()
        case UInt8(ascii: "\""):
            guard let range = scanString() else { return false }
            checkLength(of: range)
            return true
        default:
            // A number or a literal: everything up to the next delimiter; the real parser judges its spelling.
            let start = position
            while position < bytes.count, !Self.endsScalar(bytes[position]) { position += 1 }
            return position > start
        }
    }

    mutating func scanObject() -> Bool {
        position += 1
        stack.append(.object(keys: [], set: nil, current: ""))
        defer { stack.removeLast() }
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            return true
        }
        while true {
            // 1. The key, decoded so that "a" and "\u0061" are the same key.
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\""), let range = scanString() else {
                return false
            }
            let key = Self.decodedKey(bytes[range])
            checkLength(of: range)
            noteKey(key)
            skipWhitespace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { return false }
            position += 1
            // 2. The value; a top-level one is remembered by its byte range.
            skipWhitespace()
            let start = position
            guard scanValue() else { return false }
            if stack.count == 1 { topLevelValues[String(decoding: key, as: UTF8.self)] = start..<position }
            // 3. A comma continues, a brace ends the object.
            skipWhitespace()
            guard position < bytes.count else { return false }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
                // Foundation accepts one trailing comma: `{"a":1,}`.
                skipWhitespace()
                if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
                    position += 1
                    return true
                }
                continue
            }
            guard bytes[position] == UInt8(ascii: "}") else { return false }
            position += 1
            return true
        }
    }

    mutating func scanArray() -> Bool {
        position += 1
        stack.append(.array(index: 0))
        defer { stack.removeLast() }
        skipWhitespace()
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            return true
        }
        var count = 0
        while true {
            stack[stack.count - 1] = .array(index: count)
            skipWhitespace()
            guard scanValue() else { return false }
            count += 1
            skipWhitespace()
            guard position < bytes.count else { return false }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
                // Foundation accepts one trailing comma: `[1,2,]`.
                skipWhitespace()
                if position < bytes.count, bytes[position] == UInt8(ascii: "]") { break }
                continue
            }
            guard bytes[position] == UInt8(ascii: "]") else { return false }
            break
        }
        position += 1
        if count > maxListLength, overlongList == nil {
            stack.removeLast()
            overlongList = .init(path: path, message: "\(count) entries exceed the limit of \(maxListLength) per list")
            stack.append(.array(index: 0))
        }
        return true
    }

    /// Records `key` in the innermost object and reports the first repeat.
    mutating func noteKey(_ key: [UInt8]) {
        guard case .object(var keys, var set, _) = stack.removeLast() else { return }
        let name = String(decoding: key, as: UTF8.self)
        let seen = set.map { $0.contains(key) } ?? keys.contains(key)
        if set != nil {
            set?.insert(key)
        } else {
            keys.append(key)
            if keys.count > Self.keyListLimit {
                set = Set(keys)
                keys = []
            }
        }
        stack.append(.object(keys: keys, set: set, current: name))
        if seen, duplicateKey == nil {
            duplicateKey = .init(path: path, message: "duplicate key '\(name)' (each key may appear once per object)")
        }
    }

    /// Moves past a string and returns the range of its contents (between the quotes, escapes undecoded).
    mutating func scanString() -> Range<Int>? {
        let start = position + 1
        position = start
        while position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "\""):
                position += 1
                return start..<(position - 1)
            case UInt8(ascii: "\\"): position += 2
            default: position += 1
            }
        }
        return nil
    }

    mutating func checkLength(of range: Range<Int>) {
        // A string has at most as many characters as bytes: only long ones pay for counting characters.
        guard range.count > maxStringLength, overlongString == nil else { return }
        let characters = String(decoding: Self.decodedKey(bytes[range]), as: UTF8.self).count
        guard characters > maxStringLength else { return }
        overlongString = .init(
            path: path, message: "a string of \(characters) characters exceeds the limit of \(maxStringLength)")
    }

    /// `\"`, `\\`, `\/`, `\b`, `\f`, `\n`, `\r`, `\t` and the bytes they stand for.
    static let simpleEscapes: [UInt8: UInt8] = [
        0x22: 0x22, 0x5C: 0x5C, 0x2F: 0x2F, 0x62: 0x08, 0x66: 0x0C, 0x6E: 0x0A, 0x72: 0x0D, 0x74: 0x09,
    ]

    /// The UTF-8 bytes of a string's contents with its escapes resolved (invalid escapes are kept as written;
    /// the real parser refuses them).
    static func decodedKey(_ raw: ArraySlice<UInt8>) -> [UInt8] {
        guard raw.contains(UInt8(ascii: "\\")) else { return Array(raw) }
        var result: [UInt8] = []
        result.reserveCapacity(raw.count)
        var index = raw.startIndex
        var pendingHighSurrogate: UInt32?
        while index < raw.endIndex {
            let byte = raw[index]
            guard byte == UInt8(ascii: "\\"), index + 1 < raw.endIndex else {
                result.append(byte)
                index += 1
                continue
            }
            let escaped = raw[index + 1]
            index += 2
            if let replacement = simpleEscapes[escaped] {
                result.append(replacement)
                continue
            }
            guard escaped == UInt8(ascii: "u"), index + 4 <= raw.endIndex,
                let unit = UInt32(String(decoding: raw[index..<index + 4], as: UTF8.self), radix: 16)
            else {
                result.append(contentsOf: [UInt8(ascii: "\\"), escaped])
                continue
            }
            index += 4
            // A surrogate pair spans two escapes; a lone surrogate becomes U+FFFD, as decoders do.
            var scalar: UInt32 = unit
            if (0xD800...0xDBFF).contains(unit) {
                pendingHighSurrogate = unit
                continue
            }
            if (0xDC00...0xDFFF).contains(unit), let high = pendingHighSurrogate {
                scalar = 0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00)
            }
            pendingHighSurrogate = nil
            result.append(contentsOf: Array(String(Character(Unicode.Scalar(scalar) ?? "\u{FFFD}")).utf8))
        }
        return result
    }
}
