import LayoutCore

/// Decoding helpers the seed chart styles share: finite number lists, checked sizes and colours with defaults.
extension KeyedDecodingContainer {
    /// A list of finite numbers; a non-finite entry is an error at `key[index]`.
    func decodeFiniteList(_ key: Key) throws -> [Double] {
        let values = try decode([Double].self, forKey: key)
        if let bad = values.firstIndex(where: { !$0.isFinite }) {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: codingPath + [key, AnyCodingKey(intValue: bad)],
                    debugDescription: "expected a finite number, got \(values[bad])"))
        }
        return values
    }

    /// A canvas size: both sides finite and greater than zero.
    func decodeCanvasSize(_ key: Key) throws -> Size {
        let size = try decode(Size.self, forKey: key)
        guard size.width > 0, size.height > 0 else {
            throw invalidValue(
                "the canvas size must be greater than 0 on both sides, got \(size.width)x\(size.height)", at: key)
        }
        return size
    }

    /// A finite number greater than zero, or `fallback` when absent.
    func decodePositive(_ key: Key, default fallback: Double) throws -> Double {
        guard let value = try decodeFiniteIfPresent(key) else { return fallback }
        guard value > 0 else { throw invalidValue("expected a number > 0, got \(value)", at: key) }
        return value
    }

    /// An error for the element `index` of the list under `key`.
    func invalidValue(_ message: String, at key: Key, index: Int) -> DecodingError {
        .dataCorrupted(.init(codingPath: codingPath + [key, AnyCodingKey(intValue: index)], debugDescription: message))
    }
}

/// The colours the seed sources use by default (iOS system colours and the sources' own constants).
enum SeedColor {
    static let systemBlue = Color(red: 0, green: 122, blue: 255)
    static let systemOrange = Color(red: 255, green: 149, blue: 0)
    static let systemGray = Color(red: 142, green: 142, blue: 147)
    static let lightGray = Color(red: 170, green: 170, blue: 170)
    /// UIColor.gray (white 0.5), RHLinePlot's stick and the blog's label colour.
    static let gray = Color(red: 128, green: 128, blue: 128)
}
