import LayoutCore

/// The `expect` of a chart case: regions, layer frames, selected primitives and hit results to pin.
/// Everything is optional; only what is written is checked (docs/chart-case-format.md).
public struct GraffeineExpectation: Hashable, Sendable, Decodable {
    /// One expected layer, found by id.
    public struct Layer: Hashable, Sendable, Decodable {
        public var id: String
        public var frame: Rect?
        /// The number of primitives.
        public var count: Int?
        public var items: [Item]
    }

    /// One expected primitive: the `part`-th (default 0) primitive of unit `index`, and the fields to check.
    public struct Item: Hashable, Sendable, Decodable {
        public var index: Int
        public var part: Int
        public var rect: Rect?
        public var cornerRadii: CornerRadii?
        public var from: Point?
        public var to: Point?
        public var points: [Point]?
        public var pointCount: Int?
        /// A circle's centre, or a path's first arc centre.
        public var center: Point?
        /// A circle's radius, or a path's first arc radius.
        public var radius: Double?
        /// A path's first arc, in degrees.
        public var startAngle: Double?
        public var endAngle: Double?
        public var anchor: Point?
        public var text: String?
        public var align: TextRun.HorizontalAlignment?
        public var verticalAlign: TextRun.VerticalAlignment?
        /// Text rotation in degrees.
        public var rotation: Double?
        /// The bounding box of the shape's outline.
        public var bounds: Rect?
        /// `.some(nil)` (JSON null) pins "not painted".
        public var fill: Color??
        /// `.some(nil)` (JSON null) pins "not stroked".
        public var stroke: Color??
        public var color: Color?
        public var background: Color?
        public var lineWidth: Double?
        public var dash: [Double]?
        public var opacity: Double?
        public var clip: Rect?
        /// True to pin that the unit has no primitive at all (a hidden point, a nil grid value).
        public var absent: Bool
    }

    /// An expected tap result; `layer` nil means "nothing hit".
    public struct Hit: Hashable, Sendable, Decodable {
        public var point: Point
        public var layer: String?
        public var index: Int?
        public var center: Point?
    }

    public var regions: [GraffeineRegion: Rect]
    public var layers: [Layer]
    public var hits: [Hit]
}

// MARK: - Comparison

extension GraffeineExpectation {
    /// Every difference between this expectation and `geometry`, numbers within `tolerance`.
    func mismatches(in geometry: ChartGeometry, chart: GraffeineChart, tolerance: Double) -> [GeometryMismatch] {
        var checker = GraffeineMismatchCollector(tolerance: tolerance)
        // 1. Regions.
        for region in GraffeineRegion.allCases {
            guard let expected = regions[region] else { continue }
            checker.rect("region \(region.rawValue)", "", expected, actual(region, in: geometry.regions))
        }
        // 2. Layers, found by id.
        for layer in layers {
            let subject = "layer \(layer.id)"
            guard let actual = geometry.layers.first(where: { $0.id == layer.id }) else {
                checker.missing(subject, "id", layer.id)
                continue
            }
            if let frame = layer.frame { checker.rect(subject, "frame", frame, actual.frame) }
            if let count = layer.count { checker.value(subject, "count", count, actual.primitives.count) }
            for item in layer.items {
                let found = actual.primitives.filter { $0.index == item.index }
                let itemSubject = "\(subject) item \(item.index)" + (item.part > 0 ? " part \(item.part)" : "")
                if item.absent {
                    if !found.isEmpty {
                        checker.report(itemSubject, "absent", "no primitive", "\(found.count) primitive(s)")
                    }
                    continue
                }
                guard found.indices.contains(item.part) else {
                    checker.missing(itemSubject, "primitive", "present")
                    continue
                }
                checker.item(itemSubject, item, found[item.part].item)
            }
        }
        // 3. Hits, computed by the pure hit test.
        for hit in hits {
            let subject = "hit (\(GeometryMismatch.format(hit.point.x)), \(GeometryMismatch.format(hit.point.y)))"
            let actual = GraffeineHitTest.hit(hit.point, in: chart, geometry: geometry)
            checker.value(subject, "layer", hit.layer ?? "none", actual?.layer ?? "none")
            if let index = hit.index, let actual { checker.value(subject, "index", index, actual.index) }
            if let center = hit.center, let actual { checker.point(subject, "center", center, actual.point) }
        }
        return checker.mismatches
    }

    private func actual(_ region: GraffeineRegion, in regions: GraffeineRegions) -> Rect {
        switch region {
        case .main: regions.main
        case .topGutter: regions.topGutter
        case .rightGutter: regions.rightGutter
        case .bottomGutter: regions.bottomGutter
        case .leftGutter: regions.leftGutter
        }
    }
}

/// Accumulates mismatches with one tolerance; field names are dotted paths (`rect.width`, `points[2].y`).
struct GraffeineMismatchCollector {
    let tolerance: Double
    var mismatches: [GeometryMismatch] = []

    mutating func report(_ subject: String, _ field: String, _ expected: String, _ actual: String?) {
        mismatches.append(GeometryMismatch(subject: subject, field: field, expected: expected, actual: actual))
    }

    mutating func missing(_ subject: String, _ field: String, _ expected: String) {
        report(subject, field, expected, nil)
    }

    mutating func number(_ subject: String, _ field: String, _ expected: Double, _ actual: Double) {
        if let mismatch = GeometryMismatch.compare(
            subject, field, expected: expected, actual: actual, tolerance: tolerance)
        {
            mismatches.append(mismatch)
        }
    }

    mutating func value<Value: Equatable & CustomStringConvertible>(
        _ subject: String, _ field: String, _ expected: Value, _ actual: Value?
    ) {
        if expected != actual { report(subject, field, expected.description, actual?.description) }
    }

    mutating func point(_ subject: String, _ field: String, _ expected: Point, _ actual: Point) {
        number(subject, field + ".x", expected.x, actual.x)
        number(subject, field + ".y", expected.y, actual.y)
    }

    mutating func rect(_ subject: String, _ field: String, _ expected: Rect, _ actual: Rect) {
        let prefix = field.isEmpty ? "" : field + "."
        number(subject, prefix + "x", expected.x, actual.x)
        number(subject, prefix + "y", expected.y, actual.y)
        number(subject, prefix + "width", expected.width, actual.width)
        number(subject, prefix + "height", expected.height, actual.height)
    }

    mutating func points(_ subject: String, _ field: String, _ expected: [Point], _ actual: [Point]?) {
        guard let actual else { return missing(subject, field, "\(expected.count) points") }
        value(subject, field + ".count", expected.count, actual.count)
        for (index, pair) in zip(expected, actual).enumerated() { point(subject, "\(field)[\(index)]", pair.0, pair.1) }
    }

    mutating func optionalNumber(_ subject: String, _ field: String, _ expected: Double?, _ actual: Double?) {
        guard let expected else { return }
        guard let actual else { return missing(subject, field, GeometryMismatch.format(expected)) }
        number(subject, field, expected, actual)
    }

    mutating func color(_ subject: String, _ field: String, _ expected: Color?, _ actual: Color?) {
        guard let expected else { return }
        value(subject, field, expected.hexString, actual?.hexString)
    }

    /// A paint that may be pinned as absent (`.some(nil)`).
    mutating func paint(_ subject: String, _ field: String, _ expected: Color??, _ actual: Color?) {
        guard let expected else { return }
        value(subject, field, expected?.hexString ?? "none", actual?.hexString ?? "none")
    }

    /// Checks every field the item names against the primitive.
    mutating func item(_ subject: String, _ item: GraffeineExpectation.Item, _ actual: SceneItem) {
        let shape = actual.shape
        let run: TextRun? = if case let .text(run) = shape { run } else { nil }
        let arc = Self.firstArc(of: shape)
        if let expected = item.rect {
            if case let .rect(actualRect, _) = shape {
                rect(subject, "rect", expected, actualRect)
            } else {
                missing(subject, "rect", "a rect")
            }
        }
        if let expected = item.cornerRadii {
            let radii: CornerRadii? = if case let .rect(_, radii) = shape { radii } else { nil }
            for (name, path) in [
                ("topLeft", \CornerRadii.topLeft), ("topRight", \.topRight), ("bottomRight", \.bottomRight),
                ("bottomLeft", \.bottomLeft),
            ] {
                optionalNumber(subject, "cornerRadii." + name, expected[keyPath: path], radii?[keyPath: path])
            }
        }
        if case let .line(from, to) = shape {
            if let expected = item.from { point(subject, "from", expected, from) }
            if let expected = item.to { point(subject, "to", expected, to) }
        } else if item.from != nil || item.to != nil {
            missing(subject, "from", "a line")
        }
        let vertices: [Point]? =
            switch shape {
            case let .polyline(points), let .polygon(points): points
            default: nil
            }
        if let expected = item.points { points(subject, "points", expected, vertices) }
        if let expected = item.pointCount { value(subject, "pointCount", expected, vertices?.count) }
        let (center, radius): (Point?, Double?) =
            switch shape {
            case let .ellipse(center, radii): (center, radii.width)
            default: (arc?.center, arc?.radius)
            }
        if let expected = item.center {
            if let center {
                point(subject, "center", expected, center)
            } else {
                missing(subject, "center", "a circle or arc")
            }
        }
        optionalNumber(subject, "radius", item.radius, radius)
        optionalNumber(subject, "startAngle", item.startAngle, arc?.start.degrees)
        optionalNumber(subject, "endAngle", item.endAngle, arc?.end.degrees)
        if let expected = item.anchor {
            if let run {
                point(subject, "anchor", expected, run.anchor)
            } else {
                missing(subject, "anchor", "a text run")
            }
        }
        if let expected = item.text { value(subject, "text", expected, run?.string) }
        if let expected = item.align { value(subject, "align", expected.rawValue, run?.horizontalAlignment.rawValue) }
        if let expected = item.verticalAlign {
            value(subject, "verticalAlign", expected.rawValue, run?.verticalAlignment.rawValue)
        }
        optionalNumber(subject, "rotation", item.rotation, run?.rotation.degrees)
        if let expected = item.bounds {
            if let bounds = GraffeineGeometry.bounds(of: shape) {
                rect(subject, "bounds", expected, bounds)
            } else {
                missing(subject, "bounds", "a shape")
            }
        }
        paint(subject, "fill", item.fill, actual.style.fill)
        paint(subject, "stroke", item.stroke, actual.style.stroke)
        color(subject, "color", item.color, run?.color)
        color(subject, "background", item.background, run?.background)
        optionalNumber(subject, "lineWidth", item.lineWidth, actual.style.lineWidth)
        if let expected = item.dash { value(subject, "dash", expected.description, actual.style.dash.description) }
        optionalNumber(subject, "opacity", item.opacity, actual.style.opacity)
        if let expected = item.clip {
            if let clip = actual.clip {
                rect(subject, "clip", expected, clip)
            } else {
                missing(subject, "clip", "a clip")
            }
        }
    }

    /// The first arc of a path shape: its centre, radius and angles.
    static func firstArc(of shape: Shape) -> (center: Point, radius: Double, start: Angle, end: Angle)? {
        guard case let .path(path) = shape else { return nil }
        for element in path.elements {
            if case let .arc(center, radius, start, end, _) = element { return (center, radius, start, end) }
        }
        return nil
    }
}

// MARK: - Decoding

extension GraffeineExpectation {
    enum CodingKeys: String, CodingKey, CaseIterable { case regions, layers, hits }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        regions = [:]
        if container.contains(.regions) {
            let regionContainer = try container.superDecoder(forKey: .regions).strictContainer(
                keyedBy: GraffeineRegion.CodingKeys.self)
            for key in regionContainer.allKeys {
                regions[GraffeineRegion(rawValue: key.stringValue)!] = try regionContainer.decode(
                    Rect.self, forKey: key)
            }
        }
        layers = try container.decode(.layers, default: [])
        hits = try container.decode(.hits, default: [])
    }
}

extension GraffeineRegion {
    enum CodingKeys: String, CodingKey, CaseIterable { case main, topGutter, rightGutter, bottomGutter, leftGutter }
}

extension GraffeineExpectation.Layer {
    enum CodingKeys: String, CodingKey, CaseIterable { case id, frame, count, items }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        id = try container.decode(String.self, forKey: .id)
        frame = try container.decodeIfPresent(Rect.self, forKey: .frame)
        count = try container.decodeIfPresent(Int.self, forKey: .count)
        items = try container.decode(.items, default: [])
    }
}

extension GraffeineExpectation.Item {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case index, part, rect, cornerRadii, from, to, points, pointCount, center, radius, startAngle, endAngle
        case anchor, text, align, verticalAlign, rotation, bounds, fill, stroke, color, background, lineWidth, dash
        case opacity, clip, absent
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.strictContainer(keyedBy: CodingKeys.self)
        index = try c.decode(Int.self, forKey: .index)
        part = try c.decode(.part, default: 0)
        rect = try c.decodeIfPresent(Rect.self, forKey: .rect)
        cornerRadii = try c.decodeIfPresent(CornerRadii.self, forKey: .cornerRadii)
        from = try c.decodeIfPresent(Point.self, forKey: .from)
        to = try c.decodeIfPresent(Point.self, forKey: .to)
        points = try c.decodeIfPresent([Point].self, forKey: .points)
        pointCount = try c.decodeIfPresent(Int.self, forKey: .pointCount)
        center = try c.decodeIfPresent(Point.self, forKey: .center)
        radius = try c.decodeFiniteIfPresent(.radius)
        startAngle = try c.decodeFiniteIfPresent(.startAngle)
        endAngle = try c.decodeFiniteIfPresent(.endAngle)
        anchor = try c.decodeIfPresent(Point.self, forKey: .anchor)
        text = try c.decodeIfPresent(String.self, forKey: .text)
        align = try c.decodeIfPresent(TextRun.HorizontalAlignment.self, forKey: .align)
        verticalAlign = try c.decodeIfPresent(TextRun.VerticalAlignment.self, forKey: .verticalAlign)
        rotation = try c.decodeFiniteIfPresent(.rotation)
        bounds = try c.decodeIfPresent(Rect.self, forKey: .bounds)
        fill = try Self.paint(c, .fill)
        stroke = try Self.paint(c, .stroke)
        color = try c.decodeIfPresent(Color.self, forKey: .color)
        background = try c.decodeIfPresent(Color.self, forKey: .background)
        lineWidth = try c.decodeFiniteIfPresent(.lineWidth)
        dash = try c.decodeIfPresent([Double].self, forKey: .dash)
        opacity = try c.decodeFiniteIfPresent(.opacity)
        clip = try c.decodeIfPresent(Rect.self, forKey: .clip)
        absent = try c.decode(.absent, default: false)
    }

    /// Absent key: nil (not checked); JSON null: `.some(nil)` (not painted); a colour: that colour.
    static func paint(_ container: KeyedDecodingContainer<CodingKeys>, _ key: CodingKeys) throws -> Color?? {
        guard container.contains(key) else { return nil }
        if try container.decodeNil(forKey: key) { return .some(nil) }
        return .some(try container.decode(Color.self, forKey: key))
    }
}

extension GraffeineExpectation.Hit {
    enum CodingKeys: String, CodingKey, CaseIterable { case point, layer, index, center }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        point = try container.decode(Point.self, forKey: .point)
        layer = try container.decodeIfPresent(String.self, forKey: .layer)
        index = try container.decodeIfPresent(Int.self, forKey: .index)
        center = try container.decodeIfPresent(Point.self, forKey: .center)
    }
}
