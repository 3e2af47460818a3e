import LayoutCore

/// A whole box case file: kind "box", name, description, proposal, root, expect, tolerance.
public struct BoxCase: CaseDefinition, Codable, Hashable {
    public typealias Geometry = BoxFrames

    public var name: String
    public var description: String?
    public var proposal: BoxProposal
    public var root: BoxNode
    /// The expected frames. Listing the root (path `[]`) makes the expectation complete: any other active node
    /// it does not list is reported. Without the root, only the listed nodes are checked.
    public var expect: BoxFrames?
    public var tolerance: Tolerance
    /// Where the expected frames came from when another engine answered them (the chrome suite). A case with a
    /// source is geometry-only: it has no golden PNG, and its `expect` is that engine's answer, never rewritten
    /// from the reference.
    public var source: BoxCaseSource?

    public init(name: String, proposal: BoxProposal, root: BoxNode) {
        self.name = name
        self.description = nil
        self.proposal = proposal
        self.root = root
        self.expect = nil
        self.tolerance = .exact
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case proposal, root, source }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.caseContainer(keyedBy: CodingKeys.self, kind: "box")
        let header = try decoder.caseHeader()
        name = header.name
        description = header.description
        tolerance = header.tolerance
        proposal = try container.decode(.proposal, default: BoxProposal())
        root = try container.decode(BoxNode.self, forKey: .root)
        source = try container.decodeIfPresent(BoxCaseSource.self, forKey: .source)
        expect = try decoder.container(keyedBy: CaseCommonKey.self).decodeIfPresent(BoxFrames.self, forKey: .expect)
    }

    public func encode(to encoder: any Encoder) throws {
        try encoder.encodeCaseHeader(
            kind: "box", name: name, description: description, expect: expect, tolerance: tolerance)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(proposal, forKey: .proposal)
        try container.encode(root, forKey: .root)
        try container.encodeIfPresent(source, forKey: .source)
    }

    /// Lays the tree out under the proposal.
    /// - Throws: `CaseError` at `$.root` when the tree nests deeper than `BoxNode.maximumDepth` (decoding already
    ///   refuses that; a tree built in code is checked here).
    public func layout(measurer: any TextMeasuring) throws -> BoxFrames {
        let depth = root.depth
        guard depth <= BoxNode.maximumDepth else {
            throw CaseError(
                path: "$.root",
                message: "the tree nests \(depth) levels deep; at most \(BoxNode.maximumDepth) are supported")
        }
        let engine = BoxLayoutEngine(root: root, measurer: measurer)
        engine.layout(proposal: proposal)
        return engine.frames()
    }

    /// Each expected frame that is missing or differs beyond `tolerance.geometry`, field by field; with a complete
    /// expectation (it lists the root), also each active node it does not list.
    public func mismatches(in geometry: BoxFrames) -> [GeometryMismatch] {
        guard let expect else { return [] }
        let actual = Dictionary(geometry.frames.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        var result: [GeometryMismatch] = []
        for expected in expect.frames {
            guard let found = actual[expected.path] else {
                result.append(
                    GeometryMismatch(
                        subject: expected.subject, field: "frame", expected: describe(expected.frame), actual: nil))
                continue
            }
            if let id = expected.id, id != found.id {
                result.append(
                    GeometryMismatch(subject: expected.subject, field: "id", expected: id, actual: found.id ?? "no id"))
            }
            let fields: [(String, KeyPath<Rect, Double>)] = [
                ("x", \.x), ("y", \.y), ("width", \.width), ("height", \.height),
            ]
            for (field, keyPath) in fields {
                if let mismatch = GeometryMismatch.compare(
                    expected.subject, field, expected: expected.frame[keyPath: keyPath],
                    actual: found.frame[keyPath: keyPath],
                    tolerance: tolerance.geometry)
                {
                    result.append(mismatch)
                }
            }
        }
        if expect.frames.contains(where: { $0.path.isEmpty }) {
            let listed = Set(expect.frames.map(\.path))
            for frame in geometry.frames where !listed.contains(frame.path) {
                result.append(
                    GeometryMismatch(
                        subject: frame.subject, field: "frame", expected: "no such node", actual: describe(frame.frame))
                )
            }
        }
        return result
    }

    private func describe(_ rect: Rect) -> String {
        [rect.x, rect.y, rect.width, rect.height].map(GeometryMismatch.format).joined(separator: ", ")
    }
}

/// The origin of a case's expected frames: `{"engine":"chromium","version":"…","generator":"gentest","seed":7,
/// "profile":"flow-nested"}`. `engine` is required; every other key is optional; unknown keys are errors.
public struct BoxCaseSource: Codable, Hashable, Sendable {
    public var engine: String
    public var version: String?
    public var generator: String?
    /// The generator's seed, as written (a whole number or a string).
    public var seed: String?
    public var profile: String?

    enum CodingKeys: String, CodingKey, CaseIterable { case engine, version, generator, seed, profile }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        engine = try container.decode(String.self, forKey: .engine)
        guard !engine.isEmpty else { throw container.invalidValue("engine must not be empty", at: .engine) }
        version = try container.decodeIfPresent(String.self, forKey: .version)
        generator = try container.decodeIfPresent(String.self, forKey: .generator)
        profile = try container.decodeIfPresent(String.self, forKey: .profile)
        if let number = try? container.decodeIfPresent(Int.self, forKey: .seed) {
            seed = String(number)
        } else {
            do {
                seed = try container.decodeIfPresent(String.self, forKey: .seed)
            } catch {
                throw container.invalidValue("seed must be a whole number or a string", at: .seed)
            }
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(engine, forKey: .engine)
        try container.encodeIfPresent(version, forKey: .version)
        try container.encodeIfPresent(generator, forKey: .generator)
        try container.encodeIfPresent(seed, forKey: .seed)
        try container.encodeIfPresent(profile, forKey: .profile)
    }
}
