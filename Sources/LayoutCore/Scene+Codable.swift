/// The JSON form of a scene, used by the "scene" case kind and by `ristretto layout` output for charts.
/// Each item is one flat object: `type`, the shape's own keys, the style keys and an optional `clip`.

extension Scene: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable { case size, background, items }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        self.init(
            size: try container.decode(Size.self, forKey: .size),
            background: try container.decodeIfPresent(Color.self, forKey: .background),
            items: try container.decode([SceneItem].self, forKey: .items))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(size, forKey: .size)
        try container.encodeIfPresent(background, forKey: .background)
        try container.encode(items, forKey: .items)
    }
}

extension SceneItem: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case type, clip
        // Style
        case fill, stroke, lineWidth, dash, lineJoin, lineCap, opacity
        // Shapes
        case rect, cornerRadii, from, to, points, elements, center, radii, radius
        case text, fontSize, anchor, align, verticalAlign, rotation, color, background, backgroundPadding
    }

    enum ShapeType: String, Codable, CaseIterable { case rect, line, polyline, polygon, path, ellipse, circle, text }

    static let shapeKeys: [ShapeType: Set<CodingKeys>] = [
        .rect: [.rect, .cornerRadii], .line: [.from, .to], .polyline: [.points], .polygon: [.points],
        .path: [.elements], .ellipse: [.center, .radii], .circle: [.center, .radius],
        .text: [.text, .fontSize, .anchor, .align, .verticalAlign, .rotation, .color, .background, .backgroundPadding],
    ]
    static let commonKeys: Set<CodingKeys> = [
        .type, .clip, .fill, .stroke, .lineWidth, .dash, .lineJoin, .lineCap, .opacity,
    ]

    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        let type = try container.decode(ShapeType.self, forKey: .type)
        let allowed = SceneItem.commonKeys.union(SceneItem.shapeKeys[type, default: []])
        if let stray = container.allKeys.first(where: { !allowed.contains($0) }) {
            throw container.invalidValue("key '\(stray.stringValue)' does not apply to a \(type.rawValue)", at: stray)
        }
        let shape: Shape
        switch type {
        case .rect:
            shape = .rect(
                try container.decode(Rect.self, forKey: .rect),
                cornerRadii: try container.decode(.cornerRadii, default: CornerRadii.zero))
        case .line:
            shape = .line(
                from: try container.decode(Point.self, forKey: .from), to: try container.decode(Point.self, forKey: .to)
            )
        case .polyline:
            shape = .polyline(try container.decode([Point].self, forKey: .points))
        case .polygon:
            shape = .polygon(try container.decode([Point].self, forKey: .points))
        case .path:
            shape = .path(Path(try container.decode([Path.Element].self, forKey: .elements)))
        case .ellipse:
            shape = .ellipse(
                center: try container.decode(Point.self, forKey: .center),
                radii: try container.decode(Size.self, forKey: .radii))
        case .circle:
            let radius = try container.decodeNonNegative(.radius, default: 0)
            shape = .ellipse(
                center: try container.decode(Point.self, forKey: .center), radii: Size(width: radius, height: radius))
        case .text:
            let fontSize = try container.decodeNonNegative(.fontSize, default: 12)
            shape = .text(
                TextRun(
                    try container.decode(String.self, forKey: .text), fontSize: fontSize,
                    anchor: try container.decode(Point.self, forKey: .anchor),
                    horizontalAlignment: try container.decode(.align, default: .left),
                    verticalAlignment: try container.decode(.verticalAlign, default: .top),
                    rotation: try container.decode(.rotation, default: .zero),
                    color: try container.decode(.color, default: .black),
                    background: try container.decodeIfPresent(Color.self, forKey: .background),
                    backgroundPadding: try container.decode(.backgroundPadding, default: .zero)))
        }
        let dash = try container.decode(.dash, default: [Double]())
        if let bad = dash.firstIndex(where: { !$0.isFinite || $0 < 0 }) {
            throw container.invalidValue(
                "dash lengths must be finite and >= 0, entry \(bad) is \(dash[bad])", at: .dash)
        }
        let style = Style(
            fill: try container.decodeIfPresent(Color.self, forKey: .fill),
            stroke: try container.decodeIfPresent(Color.self, forKey: .stroke),
            lineWidth: try container.decodeNonNegative(.lineWidth, default: 1),
            dash: dash,
            lineJoin: try container.decode(.lineJoin, default: .miter),
            lineCap: try container.decode(.lineCap, default: .butt),
            opacity: try container.decodeNonNegative(.opacity, default: 1))
        self.init(shape: shape, style: style, clip: try container.decodeIfPresent(Rect.self, forKey: .clip))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch shape {
        case let .rect(rect, radii):
            try container.encode(ShapeType.rect, forKey: .type)
            try container.encode(rect, forKey: .rect)
            if !radii.isZero { try container.encode(radii, forKey: .cornerRadii) }
        case let .line(from, to):
            try container.encode(ShapeType.line, forKey: .type)
            try container.encode(from, forKey: .from)
            try container.encode(to, forKey: .to)
        case let .polyline(points):
            try container.encode(ShapeType.polyline, forKey: .type)
            try container.encode(points, forKey: .points)
        case let .polygon(points):
            try container.encode(ShapeType.polygon, forKey: .type)
            try container.encode(points, forKey: .points)
        case let .path(path):
            try container.encode(ShapeType.path, forKey: .type)
            try container.encode(path.elements, forKey: .elements)
        case let .ellipse(center, radii):
            try container.encode(ShapeType.ellipse, forKey: .type)
            try container.encode(center, forKey: .center)
            try container.encode(radii, forKey: .radii)
        case let .text(run):
            try container.encode(ShapeType.text, forKey: .type)
            try container.encode(run.string, forKey: .text)
            try container.encode(run.fontSize, forKey: .fontSize)
            try container.encode(run.anchor, forKey: .anchor)
            try container.encode(run.horizontalAlignment, forKey: .align)
            try container.encode(run.verticalAlignment, forKey: .verticalAlign)
            if run.rotation != .zero { try container.encode(run.rotation, forKey: .rotation) }
            try container.encode(run.color, forKey: .color)
            try container.encodeIfPresent(run.background, forKey: .background)
            if run.backgroundPadding != .zero {
                try container.encode(run.backgroundPadding, forKey: .backgroundPadding)
            }
        }
        try container.encodeIfPresent(style.fill, forKey: .fill)
        try container.encodeIfPresent(style.stroke, forKey: .stroke)
        if style.stroke != nil { try container.encode(style.lineWidth, forKey: .lineWidth) }
        if !style.dash.isEmpty { try container.encode(style.dash, forKey: .dash) }
        if style.lineJoin != .miter { try container.encode(style.lineJoin, forKey: .lineJoin) }
        if style.lineCap != .butt { try container.encode(style.lineCap, forKey: .lineCap) }
        if style.opacity != 1 { try container.encode(style.opacity, forKey: .opacity) }
        try container.encodeIfPresent(clip, forKey: .clip)
    }
}

extension CornerRadii: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable { case topLeft, topRight, bottomRight, bottomLeft }

    /// A single number rounds every corner alike.
    public init(from decoder: any Decoder) throws {
        if let single = try? decoder.singleValueContainer().decode(Double.self) {
            guard single.isFinite, single >= 0 else {
                throw decoder.invalidValue("corner radius must be finite and >= 0, got \(single)")
            }
            self.init(all: single)
            return
        }
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        self.init(
            topLeft: try container.decodeNonNegative(.topLeft, default: 0),
            topRight: try container.decodeNonNegative(.topRight, default: 0),
            bottomRight: try container.decodeNonNegative(.bottomRight, default: 0),
            bottomLeft: try container.decodeNonNegative(.bottomLeft, default: 0))
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(topLeft, forKey: .topLeft)
        try container.encode(topRight, forKey: .topRight)
        try container.encode(bottomRight, forKey: .bottomRight)
        try container.encode(bottomLeft, forKey: .bottomLeft)
    }
}

extension Path.Element: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable { case move, line, arc }
    enum ArcKeys: String, CodingKey, CaseIterable { case center, radius, start, end, clockwise }

    /// One of `{"move": point}`, `{"line": point}` or `{"arc": {center, radius, start, end, clockwise}}`; angles in degrees.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        guard container.allKeys.count == 1, let key = container.allKeys.first else {
            throw decoder.invalidValue("a path element has exactly one of the keys move, line, arc")
        }
        switch key {
        case .move: self = .move(to: try container.decode(Point.self, forKey: .move))
        case .line: self = .line(to: try container.decode(Point.self, forKey: .line))
        case .arc:
            let arc = try container.superDecoder(forKey: .arc)
            let fields = try arc.strictContainer(keyedBy: ArcKeys.self)
            self = .arc(
                center: try fields.decode(Point.self, forKey: .center),
                radius: try fields.decodeNonNegative(.radius, default: 0),
                start: try fields.decode(Angle.self, forKey: .start),
                end: try fields.decode(Angle.self, forKey: .end),
                clockwise: try fields.decode(.clockwise, default: true))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case let .move(point): try container.encode(point, forKey: .move)
        case let .line(point): try container.encode(point, forKey: .line)
        case let .arc(center, radius, start, end, clockwise):
            var fields = container.nestedContainer(keyedBy: ArcKeys.self, forKey: .arc)
            try fields.encode(center, forKey: .center)
            try fields.encode(radius, forKey: .radius)
            try fields.encode(start, forKey: .start)
            try fields.encode(end, forKey: .end)
            try fields.encode(clockwise, forKey: .clockwise)
        }
    }
}
