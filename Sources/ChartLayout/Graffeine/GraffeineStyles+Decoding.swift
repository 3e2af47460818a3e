import LayoutCore

extension GraffeineUnitFill: Decodable {
    enum CodingKeys: String, CodingKey, CaseIterable { case colors, opacity }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        self.init(
            colors: try container.decode(.colors, default: []), opacity: try container.graffeineOpacity(.opacity) ?? 1)
    }
}

extension GraffeineUnitLine: Decodable {
    enum CodingKeys: String, CodingKey, CaseIterable { case colors, thickness, dashPattern, dashPhase, join, cap }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        self.init(
            colors: try container.decode(.colors, default: []),
            thickness: try container.decodeNonNegative(.thickness, default: 0),
            dashPattern: try container.graffeineDashPattern(.dashPattern) ?? [],
            dashPhase: try container.decodeFiniteIfPresent(.dashPhase) ?? 0,
            join: try container.decode(.join, default: .bevel),
            cap: try container.decode(.cap, default: .butt))
    }
}

extension GraffeineUnitText: Decodable {
    enum CodingKeys: String, CodingKey, CaseIterable { case colors, fontSize }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        self.init(
            colors: try container.decode(.colors, default: []),
            fontSize: try container.decodeNonNegative(.fontSize, default: 10))
    }
}

extension GraffeineSelection: Decodable {
    enum CodingKeys: String, CodingKey, CaseIterable { case isEnabled, fill, line, text, radial }
    enum FillKeys: String, CodingKey, CaseIterable { case color, opacity }
    enum LineKeys: String, CodingKey, CaseIterable { case color, thickness, dashPattern, dashPhase, join, cap }
    enum TextKeys: String, CodingKey, CaseIterable { case color, alignment }
    enum RadialKeys: String, CodingKey, CaseIterable { case outerDiameter, innerDiameter, centerOffsetDiameter }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        self.init(isEnabled: try container.decode(.isEnabled, default: false))
        if container.contains(.fill) {
            let fill = try container.superDecoder(forKey: .fill).strictContainer(keyedBy: FillKeys.self)
            self.fill = Fill(
                color: try fill.decodeIfPresent(Color.self, forKey: .color),
                opacity: try fill.graffeineOpacity(.opacity))
        }
        if container.contains(.line) {
            let line = try container.superDecoder(forKey: .line).strictContainer(keyedBy: LineKeys.self)
            let thickness = try line.decodeFiniteIfPresent(.thickness)
            if let thickness, thickness < 0 {
                throw line.invalidValue("expected a number >= 0, got \(thickness)", at: .thickness)
            }
            self.line = Line(
                color: try line.decodeIfPresent(Color.self, forKey: .color), thickness: thickness,
                dashPattern: try line.graffeineDashPattern(.dashPattern),
                dashPhase: try line.decodeFiniteIfPresent(.dashPhase),
                join: try line.decodeIfPresent(LineJoin.self, forKey: .join),
                cap: try line.decodeIfPresent(LineCap.self, forKey: .cap))
        }
        if container.contains(.text) {
            let text = try container.superDecoder(forKey: .text).strictContainer(keyedBy: TextKeys.self)
            self.text = Text(
                color: try text.decodeIfPresent(Color.self, forKey: .color),
                alignment: try text.decodeIfPresent(GraffeineLabelAlignment.self, forKey: .alignment))
        }
        if container.contains(.radial) {
            let radial = try container.superDecoder(forKey: .radial).strictContainer(keyedBy: RadialKeys.self)
            self.radial = Radial(
                outerDiameter: try radial.decodeIfPresent(GraffeineDimensionalUnit.self, forKey: .outerDiameter),
                innerDiameter: try radial.decodeIfPresent(GraffeineDimensionalUnit.self, forKey: .innerDiameter),
                centerOffsetDiameter: try radial.decodeIfPresent(
                    GraffeineDimensionalUnit.self, forKey: .centerOffsetDiameter))
        }
    }
}

extension GraffeineRoundedEnds: Decodable {
    enum CodingKeys: String, CodingKey, CaseIterable { case hi, lo, both }

    /// `"none"`, `{"hi": r}`, `{"lo": r}` or `{"both": r}` with r ≥ 0.
    public init(from decoder: any Decoder) throws {
        if let word = try? decoder.singleValueContainer().decode(String.self) {
            guard word == "none" else {
                throw decoder.invalidValue(
                    "expected \"none\" or one of {\"hi\"|\"lo\"|\"both\": radius}, got \"\(word)\"")
            }
            self = .none
            return
        }
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        guard container.allKeys.count == 1, let key = container.allKeys.first else {
            throw decoder.invalidValue("roundedEnds has exactly one of the keys hi, lo, both")
        }
        let radius = try container.decodeNonNegative(key, default: 0)
        self =
            switch key {
            case .hi: .hi(radius)
            case .lo: .lo(radius)
            case .both: .both(radius)
            }
    }
}

extension GraffeineSmoothing: Decodable {
    enum CodingKeys: String, CodingKey, CaseIterable { case catmullRom }

    /// `"none"` or `{"catmullRom": g}` with a whole g ≥ 1.
    public init(from decoder: any Decoder) throws {
        if let word = try? decoder.singleValueContainer().decode(String.self) {
            guard word == "none" else {
                throw decoder.invalidValue("expected \"none\" or {\"catmullRom\": granularity}, got \"\(word)\"")
            }
            self = .none
            return
        }
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        let granularity = try container.decode(Int.self, forKey: .catmullRom)
        guard granularity >= 1 else {
            throw container.invalidValue("granularity must be >= 1, got \(granularity)", at: .catmullRom)
        }
        self = .catmullRom(granularity)
    }
}

extension KeyedDecodingContainer {
    /// An optional opacity within 0...1.
    func graffeineOpacity(_ key: Key) throws -> Double? {
        guard let value = try decodeFiniteIfPresent(key) else { return nil }
        guard (0...1).contains(value) else { throw invalidValue("opacity must be within 0...1, got \(value)", at: key) }
        return value
    }

    /// An optional dash pattern of finite lengths ≥ 0.
    func graffeineDashPattern(_ key: Key) throws -> [Double]? {
        guard let pattern = try decodeIfPresent([Double].self, forKey: key) else { return nil }
        if let bad = pattern.firstIndex(where: { !$0.isFinite || $0 < 0 }) {
            throw invalidValue("dash lengths must be finite and >= 0, entry \(bad) is \(pattern[bad])", at: key)
        }
        return pattern
    }
}
