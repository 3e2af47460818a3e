/// The contract between a case kind (box, chart, seed chart styles, scene) and the conformance runner.
///
/// A case file is one JSON object. Every kind accepts the common keys `kind`, `name`, `description`,
/// `expect` and `tolerance` (see `CaseCommonKey`) plus its own, and MUST reject any other key.
/// Implementations are pure: no I/O, no printing, no global mutable state.
public protocol CaseDefinition: Decodable, Sendable {
    /// The computed geometry: what `ristretto layout` prints and what `expect` is checked against.
    associatedtype Geometry: Encodable & Sendable

    var name: String { get }
    var tolerance: Tolerance { get }

    /// Computes the geometry. Throws `CaseError` for input that decodes but cannot be laid out.
    func layout(measurer: any TextMeasuring) throws -> Geometry

    /// The picture of the laid-out case, drawn by GDRender for the golden PNG.
    func scene(for geometry: Geometry, measurer: any TextMeasuring) -> Scene

    /// Compares the geometry with the case's own `expect`; empty when it matches or there is no `expect`.
    func mismatches(in geometry: Geometry) -> [GeometryMismatch]
}

/// The keys every case kind accepts besides its own.
public enum CaseCommonKey: String, CodingKey, CaseIterable {
    case kind, name, description, expect, tolerance
}

/// One difference between expected and computed geometry, phrased for a person reading a CI log.
public struct GeometryMismatch: Hashable, Sendable, CustomStringConvertible {
    /// What differs: a node (`node [0, 2] "title"`), a region (`region main`), a primitive (`layer bars item 3`).
    public var subject: String
    /// The field: `x`, `width`, `count`, `points[2].y`, …
    public var field: String
    public var expected: String
    /// Nil when the subject is missing from the result altogether.
    public var actual: String?

    public init(subject: String, field: String, expected: String, actual: String?) {
        self.subject = subject
        self.field = field
        self.expected = expected
        self.actual = actual
    }

    /// Compares two numbers within `tolerance` and returns a mismatch when they differ.
    public static func compare(
        _ subject: String, _ field: String, expected: Double, actual: Double, tolerance: Double
    ) -> GeometryMismatch? {
        if expected == actual || abs(expected - actual) <= tolerance { return nil }
        return GeometryMismatch(subject: subject, field: field, expected: format(expected), actual: format(actual))
    }

    /// Full precision without a trailing ".0" on whole numbers. A value that is not finite (only an engine's answer
    /// holds one) is named, and says that JSON writes it `null`: `NaN (no finite number; null in JSON)`.
    public static func format(_ value: Double) -> String {
        value.isFinite ? shortestText(value) : "\(nonFiniteName(value)) (no finite number; null in JSON)"
    }

    public var description: String {
        "\(subject): \(field) expected \(expected), got \(actual ?? "nothing (missing)")"
    }
}

/// A semantic error in a case that decoded fine (e.g. a segment index out of range).
public struct CaseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The JSON path of the offending value, e.g. `$.layers[2].data.hi`.
    public var path: String
    public var message: String

    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    public var description: String { "\(path): \(message)" }
}

/// How far a case may stray from exact. Anything beyond exact MUST carry a `reason`.
public struct Tolerance: Hashable, Sendable {
    /// The largest allowed difference in any expected coordinate, in pixels.
    public var geometry: Double
    /// How many pixels may differ from the golden PNG.
    public var pixels: Int
    /// The perceptual colour threshold of the pixel diff, 0...1 (pixelmatch's default is 0.1).
    public var threshold: Double
    public var reason: String?

    public init(geometry: Double = 0, pixels: Int = 0, threshold: Double = 0.1, reason: String? = nil) {
        self.geometry = geometry
        self.pixels = pixels
        self.threshold = threshold
        self.reason = reason
    }

    public static let exact = Tolerance()
    /// The largest `pixels` a case may allow (far beyond any canvas: 8192² is about 6.7 × 10^7).
    public static let maximumPixels = 1e15
}

extension Tolerance: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable { case geometry, pixels, threshold, reason }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        geometry = try container.decodeNonNegative(.geometry, default: 0)
        let pixelCount = try container.decodeNonNegative(.pixels, default: 0)
        // The bound keeps the conversion to Int from trapping; no image has 10^15 pixels.
        guard pixelCount == pixelCount.rounded(), pixelCount <= Tolerance.maximumPixels else {
            throw container.invalidValue(
                "pixels must be a whole number from 0 to \(Int(Tolerance.maximumPixels)), got \(pixelCount)",
                at: .pixels)
        }
        pixels = Int(pixelCount)
        threshold = try container.decodeNonNegative(.threshold, default: 0.1)
        guard threshold <= 1 else {
            throw container.invalidValue("threshold must be within 0...1, got \(threshold)", at: .threshold)
        }
        reason = try container.decodeIfPresent(String.self, forKey: .reason)
        if self != Tolerance(reason: reason), (reason ?? "").isEmpty {
            throw decoder.invalidValue("a tolerance beyond exact must give a non-empty 'reason'")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(geometry, forKey: .geometry)
        try container.encode(pixels, forKey: .pixels)
        try container.encode(threshold, forKey: .threshold)
        try container.encodeIfPresent(reason, forKey: .reason)
    }
}

extension Encoder {
    /// Writes the keys every case has: `kind`, `name`, `description` and `expect` when present, and `tolerance`
    /// when it is not exact. The kind's own keys follow through `container(keyedBy:)` on the same encoder.
    public func encodeCaseHeader(
        kind: String, name: String, description: String?, expect: (some Encodable)?, tolerance: Tolerance
    ) throws {
        var common = container(keyedBy: CaseCommonKey.self)
        try common.encode(kind, forKey: .kind)
        try common.encode(name, forKey: .name)
        try common.encodeIfPresent(description, forKey: .description)
        try common.encodeIfPresent(expect, forKey: .expect)
        if tolerance != .exact { try common.encode(tolerance, forKey: .tolerance) }
    }
}

extension Decoder {
    /// Refuses a tree node nested deeper than `limit` levels before anything below it is decoded, so hostile input
    /// cannot exhaust the stack. Each level adds two coding keys ("children", index): half the path is the depth.
    public func checkNestingDepth(limit: Int) throws {
        if codingPath.count / 2 > limit { throw invalidValue("nesting is deeper than \(limit) levels") }
    }

    /// A strict container over a kind's own keys plus the common case keys.
    /// Use it for the top level of a case file.
    public func caseContainer<Keys: CodingKey & CaseIterable>(keyedBy keys: Keys.Type, kind expectedKind: String) throws
        -> KeyedDecodingContainer<Keys>
    {
        let everything = try container(keyedBy: AnyCodingKey.self)
        let known = Set(Keys.allCases.map(\.stringValue)).union(CaseCommonKey.allCases.map(\.rawValue))
        if let unknown = everything.allKeys.map(\.stringValue).sorted().first(where: { !known.contains($0) }) {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: codingPath + [AnyCodingKey(stringValue: unknown)],
                    debugDescription:
                        "unknown key '\(unknown)' in a \(expectedKind) case (allowed: \(known.sorted().joined(separator: ", ")))"
                ))
        }
        let common = try container(keyedBy: CaseCommonKey.self)
        let kind = try common.decode(String.self, forKey: .kind)
        guard kind == expectedKind else {
            throw common.invalidValue("expected kind '\(expectedKind)', got '\(kind)'", at: .kind)
        }
        return try container(keyedBy: keys)
    }

    /// The common keys of a case: name (required, non-empty), description and tolerance.
    public func caseHeader() throws -> (name: String, description: String?, tolerance: Tolerance) {
        let common = try container(keyedBy: CaseCommonKey.self)
        let name = try common.decode(String.self, forKey: .name)
        guard !name.isEmpty else { throw common.invalidValue("name must not be empty", at: .name) }
        return (
            name, try common.decodeIfPresent(String.self, forKey: .description),
            try common.decode(.tolerance, default: Tolerance.exact)
        )
    }
}
