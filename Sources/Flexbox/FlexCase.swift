import BoxLayout
import LayoutCore

/// A whole flex case file (docs/flex-case-format.md): kind "flex", name, description, viewport, root, expect,
/// tolerance, source. Decoding checks every value once; encoding writes the canonical form back.
public struct FlexCase: CaseDefinition, Codable, Hashable {
    public typealias Geometry = BoxFrames

    public var name: String
    public var description: String?
    public var viewport: FlexViewport
    public var root: FlexElement
    /// The expected frames (border boxes, each relative to its parent's border box, displayed elements in
    /// pre-order). Listing the root makes the expectation complete, as for box cases.
    public var expect: BoxFrames?
    public var tolerance: Tolerance
    /// Which engines answered `expect`, and how the case was made.
    public var source: FlexCaseSource?
    /// An interop case's answers: each browser's own frames, where the browsers disagree, so the case has no
    /// `expect` (docs/flex-case-format.md "Interop cases"). Nil for every other case.
    public var answers: [FlexAnswer]?
    /// Only in a finding (`golden/flex/findings/<engine>/`): the engines it speaks for and the counterfactual that
    /// removes its mechanism (docs/causes.md). Nil for every other case.
    public var finding: FlexFinding?

    public init(name: String, viewport: FlexViewport = FlexViewport(), root: FlexElement) {
        self.name = name
        self.description = nil
        self.viewport = viewport
        self.root = root
        self.expect = nil
        self.tolerance = .exact
        self.source = nil
        self.answers = nil
        self.finding = nil
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case viewport, root, source, answers, finding }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.caseContainer(keyedBy: CodingKeys.self, kind: "flex")
        let header = try decoder.caseHeader()
        name = header.name
        description = header.description
        tolerance = header.tolerance
        viewport = try container.decode(.viewport, default: FlexViewport())
        root = try container.decode(FlexElement.self, forKey: .root)
        source = try container.decodeIfPresent(FlexCaseSource.self, forKey: .source)
        expect = try decoder.container(keyedBy: CaseCommonKey.self).decodeIfPresent(BoxFrames.self, forKey: .expect)
        answers = try container.decodeIfPresent([FlexAnswer].self, forKey: .answers)
        finding = try container.decodeIfPresent(FlexFinding.self, forKey: .finding)
        if let answers {
            guard expect == nil else {
                throw container.invalidValue(
                    "an interop case has 'answers' instead of 'expect', not both", at: .answers)
            }
            guard !answers.isEmpty else { throw container.invalidValue("answers must not be empty", at: .answers) }
            var seen: Set<String> = []
            for (index, answer) in answers.enumerated() where !seen.insert(answer.engine).inserted {
                let path = container.codingPath + [CodingKeys.answers, AnyCodingKey(intValue: index)]
                throw DecodingError.dataCorrupted(
                    .init(codingPath: path, debugDescription: "engine '\(answer.engine)' answers twice"))
            }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        try encoder.encodeCaseHeader(
            kind: "flex", name: name, description: description, expect: expect, tolerance: tolerance)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(viewport, forKey: .viewport)
        try container.encode(root, forKey: .root)
        try container.encodeIfPresent(source, forKey: .source)
        try container.encodeIfPresent(answers, forKey: .answers)
        try container.encodeIfPresent(finding, forKey: .finding)
    }
}

/// One engine's frames for an interop case: `{"engine": "Firefox 153.7.0", "frames": […]}`, the engine named with
/// its version as in `source.engines`, the frames as in `expect`.
public struct FlexAnswer: Codable, Hashable, Sendable {
    public var engine: String
    public var frames: [BoxFrame]

    public init(engine: String, frames: [BoxFrame]) {
        self.engine = engine
        self.frames = frames
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case engine, frames }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        engine = try container.decodeNonEmpty(.engine)
        frames = try container.decode([BoxFrame].self, forKey: .frames)
    }
}

/// The space the root is laid out in: each dimension px ≥ 0, or nil for max-content (`null` in JSON).
public struct FlexViewport: Hashable, Sendable {
    public var width: Double?
    public var height: Double?

    public init(width: Double? = nil, height: Double? = nil) {
        self.width = width
        self.height = height
    }
}

extension FlexViewport: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable { case width, height }

    /// An absent key means `null`; a number must be finite and ≥ 0.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        func dimension(_ key: CodingKeys) throws -> Double? {
            guard let value = try container.decodeIfPresent(Double.self, forKey: key) else { return nil }
            guard value.isFinite, value >= 0 else {
                throw container.invalidValue("expected a number ≥ 0 or null, got \(shortestText(value))", at: key)
            }
            return value
        }
        width = try dimension(.width)
        height = try dimension(.height)
    }

    /// Writes both dimensions, `null` included, so a reader never has to know what an absent key means.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if let width {
            try container.encode(width, forKey: .width)
        } else {
            try container.encodeNil(forKey: .width)
        }
        if let height {
            try container.encode(height, forKey: .height)
        } else {
            try container.encodeNil(forKey: .height)
        }
    }
}
