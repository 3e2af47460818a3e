import Foundation

/// Explains why bytes are not valid JSON, with a line and column, because JSONDecoder only says that they are not.
enum JSONSyntax {
    static func explain(_ data: Data) -> String {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return "malformed JSON"
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            if let number = unrepresentableNumber(detail), let offset = offset(of: number, in: data) {
                let (line, column) = position(of: offset, in: data)
                return "malformed JSON at line \(line), column \(column): the number \(number) does not fit in a double"
            }
            guard
                let range = detail.range(
                    of: #"around (line \d+, column \d+|character \d+)"#, options: .regularExpression)
            else {
                return "malformed JSON: \(detail)"
            }
            let offsetText = detail[range].split(separator: " ").last.map(String.init) ?? ""
            guard let offset = Int(offsetText.trimmingCharacters(in: .punctuationCharacters)) else {
                return "malformed JSON: \(detail)"
            }
            let (line, column) = position(of: offset, in: data)
            let rest = data.dropFirst(offset).prefix(9)
            let nonFinite = ["NaN", "Infinity", "-Infinity"].first {
                String(decoding: rest, as: UTF8.self).hasPrefix($0)
            }
            let reason =
                nonFinite.map { "\($0) is not a JSON number (numbers must be finite)" }
                ?? detail.replacingCharacters(in: range, with: "").trimmingCharacters(
                    in: .whitespaces.union(.punctuationCharacters))
            return "malformed JSON at line \(line), column \(column): \(reason)"
                + (reason.contains("Too many nested") ? nestingHint : "")
        }
    }

    /// Foundation's parser stops at 512 nested arrays and objects; a box tree spends two per level (the node and
    /// its `children`), so about 255 levels fit.
    static let nestingHint = " (JSON documents may nest at most 512 arrays and objects, about 255 box levels)"

    /// The number in Foundation's "Number 1e999 is not representable in Swift." message.
    static func unrepresentableNumber(_ detail: String) -> String? {
        guard detail.hasPrefix("Number "), detail.hasSuffix(" is not representable in Swift.") else { return nil }
        return String(detail.dropFirst("Number ".count).dropLast(" is not representable in Swift.".count))
    }

    /// The byte offset of the first occurrence of `text` that stands alone as a JSON number.
    static func offset(of text: String, in data: Data) -> Int? {
        let needle = Array(text.utf8)
        let bytes = Array(data)
        guard !needle.isEmpty, bytes.count >= needle.count else { return nil }
        let numberBytes = Set("0123456789+-.eE".utf8)
        for start in 0...(bytes.count - needle.count) where bytes[start..<start + needle.count].elementsEqual(needle) {
            let before = start == 0 ? nil : bytes[start - 1]
            let after = start + needle.count < bytes.count ? bytes[start + needle.count] : nil
            if !(before.map(numberBytes.contains) ?? false), !(after.map(numberBytes.contains) ?? false) {
                return start
            }
        }
        return nil
    }

    /// 1-based line and column of a byte offset.
    static func position(of offset: Int, in data: Data) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for byte in data.prefix(offset) {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else {
                column += 1
            }
        }
        return (line, column)
    }
}
