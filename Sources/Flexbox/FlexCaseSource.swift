import LayoutCore

/// Who answered a flex case's `expect`, and where the case came from: `{"engines": ["Chromium 142…"],
/// "generator": "gentest", "seed": 7, "profile": "wrap"}` or `{"engines": […], "import": {"format": "taffy-xml",
/// "file": "flex/foo.xml", "case": "…"}}`. Unknown keys are errors.
public struct FlexCaseSource: Hashable, Sendable {
    /// How the case was made: generated, or imported from another suite's file.
    public enum Origin: Hashable, Sendable {
        /// A generator's name, its seed as written (a whole number or a string) and its profile.
        case generator(String, seed: String? = nil, profile: String? = nil)
        case imported(FlexImport)
    }

    /// Each engine that answered, with its version (`"Chromium 142.0.7444.175"`). Empty only for a case nobody
    /// answered (a benchmark workload without `expect`, Yoga's captures): then `engines` is not written.
    public var engines: [String]
    public var origin: Origin

    public init(engines: [String], origin: Origin) {
        self.engines = engines
        self.origin = origin
    }

    /// Whether an entry of `engines` names a test suite's own recorded numbers (`wpt`, `taffy`, `yoga`: one word,
    /// lower case, no version) rather than an engine that answered (`Chromium 156.0.8078.108`).
    public static func namesSuite(_ party: String) -> Bool {
        !party.isEmpty && party.allSatisfy { $0.isLowercase || $0.isNumber || $0 == "-" }
    }
}

/// The file a case was imported from: `{"format": "taffy-xml", "file": "flex/foo.xml", "case"?: "…",
/// "settings"?: […]}`.
public struct FlexImport: Codable, Hashable, Sendable {
    /// The importer's format, e.g. `taffy-xml`.
    public var format: String
    /// The imported file, relative to the suite it came from.
    public var file: String
    /// Which case of the file, when a file holds several.
    public var `case`: String?
    /// How the source's engine was configured where the case cannot say it (`"errata: all"`,
    /// `"point-scale-factor: 3"`): a record for readers, which no engine applies. Never empty when present.
    public var settings: [String]?

    public init(format: String, file: String, case: String? = nil, settings: [String]? = nil) {
        self.format = format
        self.file = file
        self.case = `case`
        self.settings = settings
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case format, file, `case`, settings }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        format = try container.decodeNonEmpty(.format)
        file = try container.decodeNonEmpty(.file)
        `case` = try container.decodeIfPresent(String.self, forKey: .case)
        settings = try container.decodeIfPresent([String].self, forKey: .settings)
        if let settings {
            guard !settings.isEmpty else {
                throw container.invalidValue("settings must not be empty (leave it out for none)", at: .settings)
            }
            if let blank = settings.firstIndex(where: \.isEmpty) {
                let path = container.codingPath + [CodingKeys.settings, AnyCodingKey(intValue: blank)]
                throw DecodingError.dataCorrupted(
                    .init(codingPath: path, debugDescription: "a setting must not be empty"))
            }
        }
    }
}

extension FlexCaseSource: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable { case engines, generator, seed, profile, `import` }

    /// `engines` is absent (nobody answered) or a non-empty list of non-empty strings; exactly one of `generator`
    /// and `import` is given, and `seed` and `profile` only beside `generator`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        engines = try container.decodeIfPresent([String].self, forKey: .engines) ?? []
        guard !engines.isEmpty || !container.contains(.engines) else {
            throw container.invalidValue("engines must list at least one engine", at: .engines)
        }
        if let blank = engines.firstIndex(where: \.isEmpty) {
            let path = container.codingPath + [CodingKeys.engines, AnyCodingKey(intValue: blank)]
            throw DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: "an engine must not be empty"))
        }
        switch (container.contains(.generator), container.contains(.import)) {
        case (true, false):
            origin = .generator(
                try container.decodeNonEmpty(.generator), seed: try container.decodeSeed(.seed),
                profile: try container.decodeIfPresent(String.self, forKey: .profile))
        case (false, true):
            if let stray = [CodingKeys.seed, .profile].first(where: container.contains) {
                throw container.invalidValue("'\(stray.rawValue)' belongs to a 'generator', not an 'import'", at: stray)
            }
            origin = .imported(try container.decode(FlexImport.self, forKey: .import))
        case (true, true):
            throw container.invalidValue("a source has either 'generator' or 'import', not both", at: .import)
        case (false, false):
            throw decoder.invalidValue("a source needs 'generator' or 'import'")
        }
    }

    /// A seed written as a whole number is written back as one; any other seed as a string. No engines: no key.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if !engines.isEmpty { try container.encode(engines, forKey: .engines) }
        switch origin {
        case .generator(let name, let seed, let profile):
            try container.encode(name, forKey: .generator)
            if let seed, let number = Int(seed), String(number) == seed {
                try container.encode(number, forKey: .seed)
            } else {
                try container.encodeIfPresent(seed, forKey: .seed)
            }
            try container.encodeIfPresent(profile, forKey: .profile)
        case .imported(let source):
            try container.encode(source, forKey: .import)
        }
    }
}

extension KeyedDecodingContainer {
    /// Decodes a string that must not be empty.
    func decodeNonEmpty(_ key: Key) throws -> String {
        let text = try decode(String.self, forKey: key)
        guard !text.isEmpty else { throw invalidValue("\(key.stringValue) must not be empty", at: key) }
        return text
    }

    /// Decodes a seed written as a whole number or a string, keeping it as text.
    func decodeSeed(_ key: Key) throws -> String? {
        if let number = try? decodeIfPresent(Int.self, forKey: key) { return String(number) }
        do {
            return try decodeIfPresent(String.self, forKey: key)
        } catch {
            throw invalidValue("seed must be a whole number or a string", at: key)
        }
    }
}
