/// One element of a parsed XML or HTML document: its name, its attributes and what it holds.
struct MarkupElement: Hashable, Sendable {
    /// The tag name; lower case in HTML.
    var name: String
    /// Attribute names (lower case in HTML) and their decoded values; the first of a repeated name wins, as in
    /// HTML.
    var attributes: [String: String]
    var content: [MarkupContent]
    /// The line the start tag is on (1-based), for messages.
    var line: Int

    init(name: String, attributes: [String: String] = [:], content: [MarkupContent] = [], line: Int = 1) {
        self.name = name
        self.attributes = attributes
        self.content = content
        self.line = line
    }

    /// The child elements, in order.
    var children: [MarkupElement] {
        content.compactMap { if case .element(let element) = $0 { element } else { nil } }
    }

    /// The text directly inside this element (not its descendants'), concatenated.
    var ownText: String {
        content.map { if case .text(let text) = $0 { text } else { "" } }.joined()
    }

    /// Whether the element directly holds text other than whitespace. **A zero-width space counts**: Taffy's
    /// fixtures build their min- and max-content sizes from `HH&ZeroWidthSpace;HH`.
    var hasText: Bool { ownText.unicodeScalars.contains { !Markup.isWhitespace($0) } }

    /// This element and every element below it, in pre-order.
    var descendantsAndSelf: [MarkupElement] {
        var found: [MarkupElement] = []
        var pending = [self]
        while let element = pending.popLast() {
            found.append(element)
            pending.append(contentsOf: element.children.reversed())
        }
        return found
    }
}

/// Either an element or a run of (decoded) text.
enum MarkupContent: Hashable, Sendable {
    case element(MarkupElement)
    case text(String)
}

/// A small tolerant parser for the fixture files importers read: Taffy's XML tests (`<test>`, `<div attr=…/>`) and
/// the HTML of Taffy's, Yoga's and WPT's fixtures. It is not a browser's HTML parser: it knows tags, attributes
/// (quoted or not), comments, doctypes, processing instructions, CDATA, character references, void elements and the
/// raw-text elements (`script`, `style`, `title`, `textarea`), and that is all these files use.
enum Markup {
    /// How strictly the document is read.
    enum Dialect: Sendable {
        /// Case-sensitive names; every end tag must close the element it names.
        case xml
        /// Names lower-cased; void elements have no end tag; an end tag closes the nearest open element of its name,
        /// and a stray one is ignored.
        case html
    }

    /// A document that could not be read at all, at a line.
    struct SyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
        var line: Int
        var message: String
        var description: String { "line \(line): \(message)" }
    }

    /// The deepest nesting read; deeper documents are refused rather than translated recursively.
    static let maximumDepth = 1000

    static let voidElements: Set<String> = [
        "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "param", "source", "track", "wbr",
    ]
    static let rawTextElements: Set<String> = ["script", "style", "title", "textarea"]

    /// Parses a document into a synthetic root element named `#document` that holds its top-level content.
    static func parse(_ text: String, dialect: Dialect) throws(SyntaxError) -> MarkupElement {
        var scanner = Scanner(bytes: Array(text.utf8), dialect: dialect)
        return try scanner.document()
    }

    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0C}"
    }

    /// Decodes character references: `&amp;` `&lt;` `&gt;` `&quot;` `&apos;` `&nbsp;` `&ZeroWidthSpace;`, `&#N;` and
    /// `&#xN;`. Anything else stays as written.
    static func decodeEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        var output = ""
        var rest = Substring(text)
        while let ampersand = rest.firstIndex(of: "&") {
            output += rest[..<ampersand]
            let after = rest[rest.index(after: ampersand)...]
            guard let semicolon = after.prefix(32).firstIndex(of: ";") else {
                output += "&"
                rest = after
                continue
            }
            let name = after[..<semicolon]
            if let decoded = decodeReference(String(name)) {
                output += decoded
                rest = after[after.index(after: semicolon)...]
            } else {
                output += "&"
                rest = after
            }
        }
        return output + rest
    }

    private static let namedReferences: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{A0}", "ZeroWidthSpace": "\u{200B}",
    ]

    private static func decodeReference(_ name: String) -> String? {
        if let named = namedReferences[name] { return named }
        guard name.hasPrefix("#") else { return nil }
        let digits = name.dropFirst()
        let value: UInt32?
        if digits.hasPrefix("x") || digits.hasPrefix("X") {
            value = UInt32(digits.dropFirst(), radix: 16)
        } else {
            value = UInt32(digits, radix: 10)
        }
        return value.flatMap(Unicode.Scalar.init).map { String(Character($0)) }
    }
}

/// The byte scanner behind `Markup.parse`: one pass, an explicit stack of open elements (no recursion).
private struct Scanner {
    let bytes: [UInt8]
    let dialect: Markup.Dialect
    var index = 0
    var line = 1

    init(bytes: [UInt8], dialect: Markup.Dialect) {
        self.bytes = bytes
        self.dialect = dialect
    }

    mutating func document() throws(Markup.SyntaxError) -> MarkupElement {
        var stack = [MarkupElement(name: "#document")]
        var text: [UInt8] = []
        func flushText(into stack: inout [MarkupElement], _ text: inout [UInt8]) {
            guard !text.isEmpty else { return }
            let decoded = Markup.decodeEntities(String(decoding: text, as: UTF8.self))
            stack[stack.count - 1].content.append(.text(decoded))
            text.removeAll()
        }
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "<"), index + 1 < bytes.count else {
                if byte == UInt8(ascii: "\n") { line += 1 }
                text.append(byte)
                index += 1
                continue
            }
            let next = bytes[index + 1]
            if starts(with: "<!--") {
                flushText(into: &stack, &text)
                try skip(past: "-->", what: "comment")
            } else if starts(with: "<![CDATA[") {
                index += 9
                let start = index
                try skip(past: "]]>", what: "CDATA section")
                stack[stack.count - 1].content.append(
                    .text(String(decoding: bytes[start..<(index - 3)], as: UTF8.self)))
            } else if next == UInt8(ascii: "!") || next == UInt8(ascii: "?") {
                flushText(into: &stack, &text)
                try skip(past: ">", what: "declaration")
            } else if next == UInt8(ascii: "/") {
                flushText(into: &stack, &text)
                try endTag(&stack)
            } else if isNameStart(next) {
                flushText(into: &stack, &text)
                try startTag(&stack)
            } else {
                text.append(byte)
                index += 1
            }
        }
        flushText(into: &stack, &text)
        if dialect == .xml, stack.count > 1 {
            throw Markup.SyntaxError(line: stack.last!.line, message: "<\(stack.last!.name)> is never closed")
        }
        while stack.count > 1 {
            let open = stack.removeLast()
            stack[stack.count - 1].content.append(.element(open))
        }
        return stack[0]
    }

    // MARK: Tags

    private mutating func startTag(_ stack: inout [MarkupElement]) throws(Markup.SyntaxError) {
        let tagLine = line
        index += 1
        var name = readName()
        if dialect == .html { name = name.lowercased() }
        var attributes: [String: String] = [:]
        var selfClosing = false
        while true {
            skipWhitespace()
            guard index < bytes.count else {
                throw Markup.SyntaxError(line: tagLine, message: "<\(name) is never ended")
            }
            if bytes[index] == UInt8(ascii: ">") {
                index += 1
                break
            }
            if starts(with: "/>") {
                index += 2
                selfClosing = true
                break
            }
            if bytes[index] == UInt8(ascii: "/") {
                index += 1
                continue
            }
            var attribute = readAttributeName()
            guard !attribute.isEmpty else {
                throw Markup.SyntaxError(line: line, message: "unexpected character in <\(name)>")
            }
            if dialect == .html { attribute = attribute.lowercased() }
            skipWhitespace()
            var value = ""
            if index < bytes.count, bytes[index] == UInt8(ascii: "=") {
                index += 1
                skipWhitespace()
                value = try readAttributeValue(in: name)
            } else if dialect == .xml {
                throw Markup.SyntaxError(line: line, message: "attribute \(attribute) of <\(name)> has no value")
            }
            if attributes[attribute] == nil {
                attributes[attribute] = value
            } else if dialect == .xml {
                throw Markup.SyntaxError(line: line, message: "attribute \(attribute) of <\(name)> is repeated")
            }
        }
        guard stack.count <= Markup.maximumDepth else {
            throw Markup.SyntaxError(line: tagLine, message: "elements nest deeper than \(Markup.maximumDepth) levels")
        }
        var element = MarkupElement(name: name, attributes: attributes, line: tagLine)
        if dialect == .html, Markup.rawTextElements.contains(name), !selfClosing {
            element.content = [.text(readRawText(until: name))]
            stack[stack.count - 1].content.append(.element(element))
        } else if selfClosing || (dialect == .html && Markup.voidElements.contains(name)) {
            stack[stack.count - 1].content.append(.element(element))
        } else {
            stack.append(element)
        }
    }

    private mutating func endTag(_ stack: inout [MarkupElement]) throws(Markup.SyntaxError) {
        let tagLine = line
        index += 2
        var name = readName()
        if dialect == .html { name = name.lowercased() }
        try skip(past: ">", what: "end tag")
        guard let open = stack.indices.dropFirst().last(where: { stack[$0].name == name }) else {
            if dialect == .xml { throw Markup.SyntaxError(line: tagLine, message: "</\(name)> closes nothing") }
            return
        }
        if dialect == .xml, open != stack.count - 1 {
            throw Markup.SyntaxError(
                line: tagLine, message: "</\(name)> closes <\(name)> while <\(stack.last!.name)> is open")
        }
        while stack.count > open {
            let element = stack.removeLast()
            stack[stack.count - 1].content.append(.element(element))
        }
    }

    // MARK: Pieces

    private func isNameStart(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20) || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    private func starts(with text: StaticString) -> Bool {
        let count = text.utf8CodeUnitCount
        guard index + count <= bytes.count else { return false }
        let pattern = UnsafeBufferPointer(start: text.utf8Start, count: count)
        for offset in 0..<count where bytes[index + offset] != pattern[offset] { return false }
        return true
    }

    private mutating func skip(past end: StaticString, what: String) throws(Markup.SyntaxError) {
        let start = line
        while index < bytes.count {
            if starts(with: end) {
                index += end.utf8CodeUnitCount
                return
            }
            if bytes[index] == UInt8(ascii: "\n") { line += 1 }
            index += 1
        }
        throw Markup.SyntaxError(line: start, message: "unterminated \(what)")
    }

    private mutating func skipWhitespace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D, 0x0C].contains(bytes[index]) {
            if bytes[index] == 0x0A { line += 1 }
            index += 1
        }
    }

    private mutating func readName() -> String {
        let start = index
        while index < bytes.count, !isNameEnd(bytes[index]) { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private mutating func readAttributeName() -> String {
        let start = index
        while index < bytes.count, !isNameEnd(bytes[index]), bytes[index] != UInt8(ascii: "=") { index += 1 }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    private func isNameEnd(_ byte: UInt8) -> Bool {
        [0x20, 0x09, 0x0A, 0x0D, 0x0C, UInt8(ascii: ">"), UInt8(ascii: "/")].contains(byte)
    }

    private mutating func readAttributeValue(in element: String) throws(Markup.SyntaxError) -> String {
        guard index < bytes.count else { throw Markup.SyntaxError(line: line, message: "<\(element) is never ended") }
        let quote = bytes[index]
        if quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") {
            let start = line
            index += 1
            let from = index
            while index < bytes.count, bytes[index] != quote {
                if bytes[index] == 0x0A { line += 1 }
                index += 1
            }
            guard index < bytes.count else {
                throw Markup.SyntaxError(line: start, message: "an attribute value of <\(element)> is never closed")
            }
            let raw = String(decoding: bytes[from..<index], as: UTF8.self)
            index += 1
            return Markup.decodeEntities(raw)
        }
        if dialect == .xml { throw Markup.SyntaxError(line: line, message: "unquoted attribute value in <\(element)>") }
        let from = index
        while index < bytes.count, ![0x20, 0x09, 0x0A, 0x0D, 0x0C, UInt8(ascii: ">")].contains(bytes[index]) {
            index += 1
        }
        return Markup.decodeEntities(String(decoding: bytes[from..<index], as: UTF8.self))
    }

    /// The text of a raw-text element up to its end tag (case-insensitive), which is consumed; the rest of the
    /// document when there is none.
    private mutating func readRawText(until name: String) -> String {
        let from = index
        let closing = Array("</\(name)".utf8)
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "<"), index + closing.count <= bytes.count,
                zip(bytes[index..<(index + closing.count)], closing).allSatisfy({ $0 | 0x20 == $1 | 0x20 })
            {
                let text = String(decoding: bytes[from..<index], as: UTF8.self)
                while index < bytes.count, bytes[index] != UInt8(ascii: ">") { index += 1 }
                index = min(index + 1, bytes.count)
                return text
            }
            if bytes[index] == 0x0A { line += 1 }
            index += 1
        }
        return String(decoding: bytes[from...], as: UTF8.self)
    }
}
