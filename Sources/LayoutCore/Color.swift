/// An sRGB colour with 8-bit channels and straight (not premultiplied) alpha.
public struct Color: Hashable, Sendable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    /// 255 is opaque, 0 is fully transparent.
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 255, green: 255, blue: 255)
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

    /// The named colours a case may use besides hex. Kept small on purpose: hex is the precise form.
    public static let named: [String: Color] = [
        "black": .black, "white": .white, "clear": .clear, "transparent": .clear,
        "red": Color(red: 255, green: 0, blue: 0), "green": Color(red: 0, green: 128, blue: 0),
        "blue": Color(red: 0, green: 0, blue: 255), "yellow": Color(red: 255, green: 255, blue: 0),
        "orange": Color(red: 255, green: 165, blue: 0), "purple": Color(red: 128, green: 0, blue: 128),
        "gray": Color(red: 128, green: 128, blue: 128), "grey": Color(red: 128, green: 128, blue: 128),
        "lightGray": Color(red: 211, green: 211, blue: 211), "darkGray": Color(red: 85, green: 85, blue: 85),
        "cyan": Color(red: 0, green: 255, blue: 255), "magenta": Color(red: 255, green: 0, blue: 255),
        "brown": Color(red: 165, green: 42, blue: 42),
    ]

    /// Parses `#rrggbb`, `#rrggbbaa` or a name from `Color.named`.
    /// - Throws: `ColorParseError` naming the text when it is anything else.
    public init(parsing text: String) throws(ColorParseError) {
        if let named = Color.named[text] {
            self = named
            return
        }
        let digits = Array(text.utf8.dropFirst())
        guard text.hasPrefix("#"), digits.count == 6 || digits.count == 8 else {
            throw ColorParseError(text: text)
        }
        var channels: [UInt8] = []
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = Color.hexValue(digits[index]), let low = Color.hexValue(digits[index + 1]) else {
                throw ColorParseError(text: text)
            }
            channels.append(high << 4 | low)
        }
        self.init(
            red: channels[0], green: channels[1], blue: channels[2], alpha: channels.count == 4 ? channels[3] : 255)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// `#rrggbb`, or `#rrggbbaa` when not opaque.
    public var hexString: String {
        let channels = alpha == 255 ? [red, green, blue] : [red, green, blue, alpha]
        return "#"
            + channels.map { byte in
                let text = String(byte, radix: 16)
                return text.count == 1 ? "0" + text : text
            }.joined()
    }

    /// The same colour with its alpha multiplied by `opacity` (clamped to 0...1).
    public func withOpacity(_ opacity: Double) -> Color {
        let clamped = opacity.isNaN ? 1 : min(max(opacity, 0), 1)
        var result = self
        result.alpha = UInt8((Double(alpha) * clamped).rounded())
        return result
    }
}

/// A colour string that is neither hex nor a known name.
public struct ColorParseError: Error, Hashable, CustomStringConvertible {
    public var text: String

    public init(text: String) { self.text = text }

    public var description: String {
        "invalid colour '\(text)': expected #rrggbb, #rrggbbaa or one of \(Color.named.keys.sorted().joined(separator: ", "))"
    }
}

extension Color: Codable {
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        do {
            try self.init(parsing: text)
        } catch {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: error.description))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hexString)
    }
}
