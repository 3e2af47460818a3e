import LayoutCore

/// The JSON forms of sizes, alignments, formats and the proposal (docs/box-case-format.md).

extension SizeDescription: Codable {
    enum ObjectKey: String, CodingKey, CaseIterable { case wrap, ratio, aspectRatio }
    enum WrapKey: String, CodingKey, CaseIterable { case add, min, max, priority, shrink, grow }

    static let expectedForms = #"expected a number, "wrap", "fill", {"wrap":…}, {"ratio":…} or {"aspectRatio":…}"#

    /// A number (fixed, ≥ 0), `"wrap"`, `"fill"`, `{"wrap": {…}}`, `{"ratio": r}` or `{"aspectRatio": a}` (r, a > 0).
    public init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        if let fixed = try? single.decode(Double.self) {
            guard fixed.isFinite, fixed >= 0 else {
                throw decoder.invalidValue("a fixed size must be a finite number >= 0, got \(fixed)")
            }
            self = .fixed(fixed)
            return
        }
        if let word = try? single.decode(String.self) {
            switch word {
            case "wrap": self = .wrap()
            case "fill": self = .fill
            default: throw decoder.invalidValue("unknown size '\(word)' (\(SizeDescription.expectedForms))")
            }
            return
        }
        guard (try? decoder.container(keyedBy: AnyCodingKey.self)) != nil else {
            // true, null or an array: name every form a size may take, not just the last one tried.
            throw decoder.invalidValue(SizeDescription.expectedForms)
        }
        let object = try decoder.strictContainer(keyedBy: ObjectKey.self)
        guard object.allKeys.count == 1, let key = object.allKeys.first else {
            throw decoder.invalidValue("a size object must hold exactly one of wrap, ratio, aspectRatio")
        }
        switch key {
        case .wrap: self = .wrap(try object.decode(WrapOptions.self, forKey: .wrap))
        case .ratio: self = .ratio(try object.decodePositive(.ratio))
        case .aspectRatio: self = .aspectRatio(try object.decodePositive(.aspectRatio))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        switch self {
        case .fixed(let value):
            var single = encoder.singleValueContainer()
            try single.encode(value)
        case .wrap(let options) where options == WrapOptions():
            var single = encoder.singleValueContainer()
            try single.encode("wrap")
        case .ratio(1):
            var single = encoder.singleValueContainer()
            try single.encode("fill")
        case .wrap(let options):
            var object = encoder.container(keyedBy: ObjectKey.self)
            try object.encode(options, forKey: .wrap)
        case .ratio(let ratio):
            var object = encoder.container(keyedBy: ObjectKey.self)
            try object.encode(ratio, forKey: .ratio)
        case .aspectRatio(let aspect):
            var object = encoder.container(keyedBy: ObjectKey.self)
            try object.encode(aspect, forKey: .aspectRatio)
        }
    }
}

extension WrapOptions: Codable {
    /// Every key is optional; `min`, `max`, `shrink`, `grow` are ≥ 0, and `max` with `grow > 0` is an error.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: SizeDescription.WrapKey.self)
        add = try container.decodeFiniteIfPresent(.add) ?? 0
        min = try container.decodeNonNegative(.min, default: 0)
        max = try container.decodeFiniteIfPresent(.max)
        if let max, max < 0 { throw container.invalidValue("expected a number >= 0, got \(max)", at: .max) }
        priority = try container.decodeFiniteIfPresent(.priority) ?? 0
        shrink = try container.decodeNonNegative(.shrink, default: 0)
        grow = try container.decodeNonNegative(.grow, default: 0)
        if grow > 0, max != nil {
            throw container.invalidValue(
                "a wrap size with grow > 0 cannot have a max (Puyopuyo forces it to infinity)", at: .max)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: SizeDescription.WrapKey.self)
        if add != 0 { try container.encode(add, forKey: .add) }
        if min != 0 { try container.encode(min, forKey: .min) }
        try container.encodeIfPresent(max, forKey: .max)
        if priority != 0 { try container.encode(priority, forKey: .priority) }
        if shrink != 0 { try container.encode(shrink, forKey: .shrink) }
        if grow != 0 { try container.encode(grow, forKey: .grow) }
    }
}

extension KeyedDecodingContainer {
    /// Decodes a finite number > 0: ratios and aspect ratios of 0 would divide by zero.
    func decodePositive(_ key: Key) throws -> Double {
        let value = try decodeFinite(key)
        guard value > 0 else { throw invalidValue("expected a number > 0, got \(value)", at: key) }
        return value
    }
}

extension BoxAlignment: Codable {
    static let names: [(String, Flags)] = [
        ("none", .none), ("top", .top), ("bottom", .bottom), ("left", .left), ("right", .right),
        ("horzCenter", .horzCenter), ("vertCenter", .vertCenter), ("leading", .leading), ("trailing", .trailing),
    ]

    /// A name, or an array of names and one-key objects giving a centre ratio: `{"horzCenter": 0.5}`,
    /// `{"vertCenter": -1}`, `{"center": 0.5}` (both). `"center"` is horzCenter + vertCenter. Ratios are clamped to −1…1.
    public init(from decoder: any Decoder) throws {
        if let word = try? decoder.singleValueContainer().decode(String.self) {
            self = try BoxAlignment.named(word, decoder: decoder)
            return
        }
        var list = try decoder.unkeyedContainer()
        var result = BoxAlignment.idle
        while !list.isAtEnd {
            let entry = try list.superDecoder()
            if let word = try? entry.singleValueContainer().decode(String.self) {
                result = result.union(try BoxAlignment.named(word, decoder: entry))
                continue
            }
            let object = try entry.strictContainer(keyedBy: RatioKey.self)
            guard object.allKeys.count == 1, let key = object.allKeys.first else {
                throw entry.invalidValue("an alignment object must hold exactly one of horzCenter, vertCenter, center")
            }
            let ratio = try object.decodeFinite(key)
            let value: BoxAlignment =
                switch key {
                case .horzCenter: .horzCenter(ratio)
                case .vertCenter: .vertCenter(ratio)
                case .center: .center(x: ratio, y: ratio)
                }
            result = result.union(value)
        }
        self = result
    }

    enum RatioKey: String, CodingKey, CaseIterable { case horzCenter, vertCenter, center }

    static func named(_ word: String, decoder: any Decoder) throws -> BoxAlignment {
        if word == "center" { return .center }
        guard let flags = names.first(where: { $0.0 == word })?.1 else {
            throw decoder.invalidValue(
                "unknown alignment '\(word)' (allowed: \((names.map(\.0) + ["center"]).joined(separator: ", ")))")
        }
        return BoxAlignment(flags)
    }

    public func encode(to encoder: any Encoder) throws {
        var list = encoder.unkeyedContainer()
        for (name, flag) in BoxAlignment.names where flags.contains(flag) {
            let ratio = flag == .horzCenter ? horizontalRatio : flag == .vertCenter ? verticalRatio : 0
            if ratio == 0 {
                try list.encode(name)
            } else {
                var object = list.nestedContainer(keyedBy: RatioKey.self)
                try object.encode(ratio, forKey: flag == .horzCenter ? .horzCenter : .vertCenter)
            }
        }
    }
}

extension BoxProposal: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable { case width, height }

    /// `{"width": number | null, "height": number | null}`; absent or null is unbounded, numbers are ≥ 0.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        width = try container.decodeFiniteIfPresent(.width)
        height = try container.decodeFiniteIfPresent(.height)
        if let width, width < 0 {
            throw container.invalidValue("expected a number >= 0 or null, got \(width)", at: .width)
        }
        if let height, height < 0 {
            throw container.invalidValue("expected a number >= 0 or null, got \(height)", at: .height)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
    }
}
