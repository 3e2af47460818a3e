import Foundation

/// Explains why bytes are not valid JSON, with a line and column, because JSONDecoder only says that they are not.
enum JSONSyntax {
    static func explain(_ data: Data) -> String {
        do {
            _ = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
            return "malformed JSON"
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
            guard let range = detail.range(of: #"around (line \d+, column \d+|character \d+)"#, options: .regularExpression) else {
                return "malformed JSON: \(detail)"
            }
            let offsetText = detail[range].split(separator: " ").last.map(String.init) ?? ""
            guard let offset = Int(offsetText.trimmingCharacters(in: .punctuationCharacters)) else { return "malformed JSON: \(detail)" }
            let (line, column) = position(of: offset, in: data)
            let rest = data.dropFirst(offset).prefix(9)
            let nonFinite = ["NaN", "Infinity", "-Infinity"].first { String(decoding: rest, as: UTF8.self).hasPrefix($0) }
            let reason = nonFinite.map { "\($0) is not a JSON number (numbers must be finite)" }
                ?? detail.replacingCharacters(in: range, with: "").trimmingCharacters(in: .whitespaces.union(.punctuationCharacters))
            return "malformed JSON at line \(line), column \(column): \(reason)"
        }
    }

    /// 1-based line and column of a byte offset.
    static func position(of offset: Int, in data: Data) -> (line: Int, column: Int) {
        var line = 1, column = 1
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
