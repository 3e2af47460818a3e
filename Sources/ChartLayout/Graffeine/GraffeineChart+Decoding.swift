import LayoutCore

/// The JSON form of a Graffeine chart (docs/chart-case-format.md). Strict: unknown keys, keys that do not
/// apply to a layer's type, non-finite numbers and out-of-range values are errors that carry the JSON path.

extension GraffeineChart: Decodable {
    enum CodingKeys: String, CodingKey, CaseIterable { case size, background, layers }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        self.init(
            size: try container.decode(Size.self, forKey: .size),
            background: try container.decodeIfPresent(Color.self, forKey: .background),
            layers: try container.decode(.layers, default: []))
        try GraffeineChart.checkUniqueIDs(layers, path: container.codingPath + [CodingKeys.layers])
    }

    /// Layer ids name layers in `expect` and hit results, so they must be unique.
    static func checkUniqueIDs(_ layers: [GraffeineLayer], path: [any CodingKey]) throws {
        var seen: Set<String> = []
        for (index, layer) in layers.enumerated() where !seen.insert(layer.id).inserted {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: path + [AnyCodingKey(intValue: index), GraffeineLayer.CodingKeys.id],
                    debugDescription: "duplicate layer id '\(layer.id)'"))
        }
    }
}

extension GraffeineLayer: Decodable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, type, region, insets, thickness, data, unitFill, unitLine, unitText, fill, masksToBounds, maskInsets
        case selection, unitColumn, flipXY, roundedEnds, alignment, length, smoothing, positioner, diameter
        case outerDiameter, innerDiameter, centerOffsetDiameter, maxDiameter, rotation, centerRotation, clockwise
        case rowHeight, rowMargin, labelAlignment, labelPadding, labelRotation, labelRotationInheritFromCenter
    }

    static let commonKeys: Set<CodingKeys> = [
        .id, .type, .region, .insets, .thickness, .data, .unitFill, .unitLine, .fill, .masksToBounds, .maskInsets,
        .selection,
    ]

    /// The keys each layer type understands besides the common ones.
    static let typeKeys: [GraffeineLayerType: Set<CodingKeys>] = [
        .bar: [.unitColumn, .flipXY, .roundedEnds],
        .gridLine: [.flipXY, .alignment, .length],
        .radialGrid: [.maxDiameter],
        .line: [.unitColumn, .smoothing],
        .plot: [.unitColumn, .positioner, .diameter],
        .radialSegment: [.outerDiameter, .innerDiameter, .centerOffsetDiameter, .rotation, .clockwise],
        .radialLine: [.outerDiameter, .innerDiameter, .rotation, .clockwise],
        .radialPoly: [.maxDiameter, .rotation],
        .horizontalLabel: [.unitText, .unitColumn, .labelAlignment, .labelPadding, .labelRotation],
        .verticalLabel: [.unitText, .rowHeight, .rowMargin, .labelAlignment, .labelPadding, .labelRotation],
        .barLabel: [.unitText, .unitColumn, .flipXY, .labelAlignment, .labelPadding],
        .radialLabel: [
            .unitText, .diameter, .centerRotation, .clockwise, .labelAlignment, .labelPadding, .labelRotation,
            .labelRotationInheritFromCenter,
        ],
        .plotLabel: [.unitText, .unitColumn, .positioner, .labelAlignment, .labelPadding],
    ]

    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        // 1. The type decides the defaults and which keys apply.
        let type = try container.decode(GraffeineLayerType.self, forKey: .type)
        let id = try container.decode(String.self, forKey: .id)
        guard !id.isEmpty else { throw container.invalidValue("layer id must not be empty", at: .id) }
        let allowed = Self.commonKeys.union(Self.typeKeys[type, default: []])
        if let stray = container.allKeys.sorted(by: { $0.stringValue < $1.stringValue }).first(where: {
            !allowed.contains($0)
        }) {
            throw container.invalidValue(
                "key '\(stray.stringValue)' does not apply to a \(type.rawValue) layer", at: stray)
        }
        self.init(id: id, type: type, data: try container.decode(.data, default: GraffeineData()))
        // 2. Common properties.
        region = try container.decode(.region, default: region)
        insets = try container.decode(.insets, default: insets)
        thickness = try container.decodeNonNegative(.thickness, default: thickness)
        unitFill = try container.decode(.unitFill, default: unitFill)
        unitLine = try container.decode(.unitLine, default: unitLine)
        unitText = try container.decode(.unitText, default: unitText)
        fill = try container.decodeIfPresent(GraffeineContainerFill.self, forKey: .fill)?.color
        masksToBounds = try container.decode(.masksToBounds, default: masksToBounds)
        maskInsets = try container.decode(.maskInsets, default: maskInsets)
        selection = try container.decode(.selection, default: selection)
        // 3. Type-specific geometry (absent keys keep the type's defaults).
        var column = try container.decode(.unitColumn, default: GraffeineUnitColumnJSON()).apply(to: unitColumn)
        column.width = try container.decode(.rowHeight, default: column.width)
        column.margin = try container.decodeFiniteIfPresent(.rowMargin) ?? column.margin
        unitColumn = column
        flipXY = try container.decode(.flipXY, default: flipXY)
        roundedEnds = try container.decode(.roundedEnds, default: roundedEnds)
        alignment = try container.decode(.alignment, default: alignment)
        length = try container.decode(.length, default: length)
        smoothing = try container.decode(.smoothing, default: smoothing)
        positioner = try container.decode(.positioner, default: positioner)
        diameter = try container.decode(.diameter, default: diameter)
        outerDiameter = try container.decode(.outerDiameter, default: outerDiameter)
        innerDiameter = try container.decode(.innerDiameter, default: innerDiameter)
        centerOffsetDiameter = try container.decode(.centerOffsetDiameter, default: centerOffsetDiameter)
        maxDiameter = try container.decode(.maxDiameter, default: maxDiameter)
        rotation =
            try container.decodeFiniteIfPresent(.rotation) ?? container.decodeFiniteIfPresent(.centerRotation)
            ?? rotation
        clockwise = try container.decode(.clockwise, default: clockwise)
        labelPadding = try container.decode(.labelPadding, default: labelPadding)
        labelRotation = try container.decodeFiniteIfPresent(.labelRotation) ?? labelRotation
        labelRotationInheritFromCenter = try container.decode(
            .labelRotationInheritFromCenter, default: labelRotationInheritFromCenter)
        // 4. Alignment: partial objects keep the type's default for the other axis; BarLabel and PlotLabel
        //    take plain alignments only (spec §6.11).
        if let partial = try container.decodeIfPresent(GraffeineAlignmentJSON.self, forKey: .labelAlignment) {
            labelAlignment = partial.apply(to: labelAlignment)
            if type == .barLabel || type == .plotLabel, labelAlignment.isDistributed {
                throw container.invalidValue(
                    "a \(type.rawValue) layer takes left/center/right and top/center/bottom only; the distributed modes are for horizontalLabel, verticalLabel and radialLabel",
                    at: .labelAlignment)
            }
        }
    }
}

extension GraffeineData: Decodable {
    enum CodingKeys: String, CodingKey, CaseIterable { case valueMax, valueMin, values, labels, selected }
    enum ValuesKeys: String, CodingKey, CaseIterable { case hi, lo }
    enum SelectedKeys: String, CodingKey, CaseIterable { case index, labels }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        self.init(
            valueMax: try container.decodeFiniteIfPresent(.valueMax),
            valueMin: try container.decodeFiniteIfPresent(.valueMin))
        if container.contains(.values) {
            let values = try container.superDecoder(forKey: .values).strictContainer(keyedBy: ValuesKeys.self)
            self.values = Values(hi: try values.decode(.hi, default: []), lo: try values.decode(.lo, default: []))
        }
        labels = try container.decode(.labels, default: [])
        if container.contains(.selected) {
            let selected = try container.superDecoder(forKey: .selected).strictContainer(keyedBy: SelectedKeys.self)
            let index = try selected.decodeIfPresent(Int.self, forKey: .index)
            if let index, index < 0 {
                throw selected.invalidValue("selected index must be >= 0, got \(index)", at: .index)
            }
            self.selected = Selected(index: index, labels: try selected.decode(.labels, default: []))
        }
    }
}

extension GraffeineDimensionalUnit: Decodable {
    enum CodingKeys: String, CodingKey, CaseIterable { case explicit, percentage }

    /// `"relative"`, `{"explicit": v}` or `{"percentage": p}` (p from 0 to 1; outside means the full container).
    public init(from decoder: any Decoder) throws {
        if let word = try? decoder.singleValueContainer().decode(String.self) {
            guard word == "relative" else {
                throw decoder.invalidValue(
                    "expected \"relative\", {\"explicit\": number} or {\"percentage\": number}, got \"\(word)\"")
            }
            self = .relative
            return
        }
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        guard container.allKeys.count == 1, let key = container.allKeys.first else {
            throw decoder.invalidValue("a dimensional unit has exactly one of the keys explicit, percentage")
        }
        let value = try container.decodeFinite(key)
        self = key == .explicit ? .explicit(value) : .percentage(value)
    }
}

/// `unitColumn` as written: absent fields keep the layer type's defaults.
struct GraffeineUnitColumnJSON: Decodable {
    enum CodingKeys: String, CodingKey, CaseIterable { case width, subdivision, margin, reducedByOne }
    enum SubdivisionKeys: String, CodingKey, CaseIterable { case offset, width }
    var width: GraffeineDimensionalUnit?
    var subdivision: GraffeineUnitSubdivision?
    var margin: Double?
    var reducedByOne: Bool?

    init() {}

    init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        width = try container.decodeIfPresent(GraffeineDimensionalUnit.self, forKey: .width)
        if container.contains(.subdivision) {
            let sub = try container.superDecoder(forKey: .subdivision).strictContainer(keyedBy: SubdivisionKeys.self)
            subdivision = GraffeineUnitSubdivision(
                offset: try sub.decodeIfPresent(GraffeineDimensionalUnit.self, forKey: .offset),
                width: try sub.decodeIfPresent(GraffeineDimensionalUnit.self, forKey: .width))
        }
        margin = try container.decodeFiniteIfPresent(.margin)
        reducedByOne = try container.decodeIfPresent(Bool.self, forKey: .reducedByOne)
    }

    func apply(to column: GraffeineUnitColumn) -> GraffeineUnitColumn {
        GraffeineUnitColumn(
            width: width ?? column.width, subdivision: subdivision ?? column.subdivision,
            margin: margin ?? column.margin, reducedByOne: reducedByOne ?? column.reducedByOne)
    }
}

/// `labelAlignment` as written: either axis may be omitted.
struct GraffeineAlignmentJSON: Decodable {
    enum CodingKeys: String, CodingKey, CaseIterable { case horizontal, vertical }
    var horizontal: GraffeineHorizontalAlignment?
    var vertical: GraffeineVerticalAlignment?

    init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        horizontal = try container.decodeIfPresent(GraffeineHorizontalAlignment.self, forKey: .horizontal)
        vertical = try container.decodeIfPresent(GraffeineVerticalAlignment.self, forKey: .vertical)
    }

    func apply(to alignment: GraffeineLabelAlignment) -> GraffeineLabelAlignment {
        GraffeineLabelAlignment(
            horizontal: horizontal ?? alignment.horizontal, vertical: vertical ?? alignment.vertical)
    }
}

extension GraffeineLabelAlignment: Decodable {
    /// Both axes default to centre.
    public init(from decoder: any Decoder) throws {
        self = try GraffeineAlignmentJSON(from: decoder).apply(to: GraffeineLabelAlignment())
    }
}

/// ContainerFill: `{"color": …}`.
struct GraffeineContainerFill: Decodable {
    enum CodingKeys: String, CodingKey, CaseIterable { case color }
    var color: Color?

    init(from decoder: any Decoder) throws {
        color = try decoder.strictContainer(keyedBy: CodingKeys.self).decodeIfPresent(Color.self, forKey: .color)
    }
}

extension GraffeinePadding: Decodable {
    enum CodingKeys: String, CodingKey, CaseIterable { case horizontal, vertical }

    /// A number pads both axes alike; an object may omit either axis. Negative padding is allowed.
    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer().decode(Double.self) {
            guard single.isFinite else { throw decoder.invalidValue("expected a finite number, got \(single)") }
            self.init(horizontal: single, vertical: single)
            return
        }
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        self.init(
            horizontal: try container.decodeFiniteIfPresent(.horizontal) ?? 0,
            vertical: try container.decodeFiniteIfPresent(.vertical) ?? 0)
    }
}
