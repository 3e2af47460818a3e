/// Strict JSON forms of the geometry types: unknown keys and non-finite numbers are errors.

extension Point: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable { case x, y }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        self.init(x: try container.decodeFinite(.x), y: try container.decodeFinite(.y))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(x, forKey: .x)
        try container.encode(y, forKey: .y)
    }
}

extension Size: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable { case width, height }

    /// Sizes in a case are never negative.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        let width = try container.decodeFinite(.width)
        let height = try container.decodeFinite(.height)
        guard width >= 0 else { throw container.invalidValue("width must be >= 0, got \(width)", at: .width) }
        guard height >= 0 else { throw container.invalidValue("height must be >= 0, got \(height)", at: .height) }
        self.init(width: width, height: height)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
    }
}

extension Rect: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable { case x, y, width, height }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        let width = try container.decodeFinite(.width)
        let height = try container.decodeFinite(.height)
        guard width >= 0 else { throw container.invalidValue("width must be >= 0, got \(width)", at: .width) }
        guard height >= 0 else { throw container.invalidValue("height must be >= 0, got \(height)", at: .height) }
        self.init(x: try container.decodeFinite(.x), y: try container.decodeFinite(.y), width: width, height: height)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(x, forKey: .x)
        try container.encode(y, forKey: .y)
        try container.encode(width, forKey: .width)
        try container.encode(height, forKey: .height)
    }
}

extension Insets: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable { case top, left, bottom, right }

    /// A single number means the same inset on every side; an object may omit sides (they are 0).
    /// Insets may be negative: Graffeine allows negative label padding.
    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer().decode(Double.self) {
            guard single.isFinite else { throw decoder.invalidValue("expected a finite number, got \(single)") }
            self.init(all: single)
            return
        }
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        self.init(
            top: try container.decodeFiniteIfPresent(.top) ?? 0,
            left: try container.decodeFiniteIfPresent(.left) ?? 0,
            bottom: try container.decodeFiniteIfPresent(.bottom) ?? 0,
            right: try container.decodeFiniteIfPresent(.right) ?? 0)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(top, forKey: .top)
        try container.encode(left, forKey: .left)
        try container.encode(bottom, forKey: .bottom)
        try container.encode(right, forKey: .right)
    }
}

extension Angle: Codable {
    /// Angles in case files are written in degrees, the unit people read.
    public init(from decoder: any Decoder) throws {
        let degrees = try decoder.singleValueContainer().decode(Double.self)
        guard degrees.isFinite else { throw decoder.invalidValue("expected a finite angle in degrees, got \(degrees)") }
        self.init(degrees: degrees)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(degrees)
    }
}
