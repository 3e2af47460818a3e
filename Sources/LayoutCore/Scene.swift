/// A display list: what a layout wants drawn, in painting order, with no knowledge of any raster library.
public struct Scene: Hashable, Sendable {
    /// The canvas size in pixels.
    public var size: Size
    /// Painted over the whole canvas first; nil leaves it transparent.
    public var background: Color?
    public var items: [SceneItem]

    public init(size: Size, background: Color? = nil, items: [SceneItem] = []) {
        self.size = size
        self.background = background
        self.items = items
    }

    public mutating func append(_ shape: Shape, style: Style = Style(), clip: Rect? = nil) {
        items.append(SceneItem(shape: shape, style: style, clip: clip))
    }
}

/// One primitive with its style and an optional clip rectangle.
public struct SceneItem: Hashable, Sendable {
    public var shape: Shape
    public var style: Style
    /// Nothing outside this rectangle is painted; nil means the whole canvas.
    public var clip: Rect?

    public init(shape: Shape, style: Style = Style(), clip: Rect? = nil) {
        self.shape = shape
        self.style = style
        self.clip = clip
    }
}

/// The geometry of a primitive.
public enum Shape: Hashable, Sendable {
    case rect(Rect, cornerRadii: CornerRadii = .zero)
    case line(from: Point, to: Point)
    /// An open chain of segments: stroked, never filled.
    case polyline([Point])
    /// A closed polygon.
    case polygon([Point])
    /// A closed path of lines and arcs: wedges, donut segments and rounded shapes.
    case path(Path)
    /// A circle when both radii are equal.
    case ellipse(center: Point, radii: Size)
    case text(TextRun)
}

/// The radius of each corner of a rectangle, clockwise from the top-left.
public struct CornerRadii: Hashable, Sendable {
    public var topLeft: Double
    public var topRight: Double
    public var bottomRight: Double
    public var bottomLeft: Double

    public init(topLeft: Double = 0, topRight: Double = 0, bottomRight: Double = 0, bottomLeft: Double = 0) {
        self.topLeft = topLeft
        self.topRight = topRight
        self.bottomRight = bottomRight
        self.bottomLeft = bottomLeft
    }

    public init(all radius: Double) {
        self.init(topLeft: radius, topRight: radius, bottomRight: radius, bottomLeft: radius)
    }

    public static let zero = CornerRadii()

    public var isZero: Bool { self == .zero }
}

/// A closed outline made of straight segments and circular arcs.
public struct Path: Hashable, Sendable {
    public enum Element: Hashable, Sendable {
        case move(to: Point)
        case line(to: Point)
        /// An arc of a circle; it starts with a straight line from the current point to its start point.
        case arc(center: Point, radius: Double, start: Angle, end: Angle, clockwise: Bool)
    }

    public var elements: [Element]

    public init(_ elements: [Element] = []) { self.elements = elements }

    /// A pie wedge (inner radius 0) or a donut segment between two radii.
    public static func annularSector(
        center: Point, innerRadius: Double, outerRadius: Double, start: Angle, end: Angle, clockwise: Bool = true
    ) -> Path {
        var elements: [Element] = [
            .arc(center: center, radius: outerRadius, start: start, end: end, clockwise: clockwise)
        ]
        if innerRadius > 0 {
            elements.append(.arc(center: center, radius: innerRadius, start: end, end: start, clockwise: !clockwise))
        } else {
            elements.append(.line(to: center))
        }
        return Path(elements)
    }
}

/// How a stroke and a fill are painted.
public struct Style: Hashable, Sendable {
    /// Interior colour; nil means not filled.
    public var fill: Color?
    /// Outline colour; nil means not stroked.
    public var stroke: Color?
    public var lineWidth: Double
    /// Alternating on and off lengths in pixels; empty means a solid line.
    public var dash: [Double]
    public var lineJoin: LineJoin
    public var lineCap: LineCap
    /// Multiplies every colour's alpha, 0...1.
    public var opacity: Double

    public init(
        fill: Color? = nil, stroke: Color? = nil, lineWidth: Double = 1, dash: [Double] = [],
        lineJoin: LineJoin = .miter, lineCap: LineCap = .butt, opacity: Double = 1
    ) {
        self.fill = fill
        self.stroke = stroke
        self.lineWidth = lineWidth
        self.dash = dash
        self.lineJoin = lineJoin
        self.lineCap = lineCap
        self.opacity = opacity
    }
}

public enum LineJoin: String, Hashable, Sendable, Codable, CaseIterable { case miter, round, bevel }
public enum LineCap: String, Hashable, Sendable, Codable, CaseIterable { case butt, round, square }

/// A run of text placed relative to an anchor point.
public struct TextRun: Hashable, Sendable {
    public enum HorizontalAlignment: String, Hashable, Sendable, Codable, CaseIterable { case left, center, right }
    public enum VerticalAlignment: String, Hashable, Sendable, Codable, CaseIterable { case top, center, bottom }

    /// May hold several lines separated by "\n".
    public var string: String
    /// The font size in pixels (the em height).
    public var fontSize: Double
    /// The point the alignment refers to; rotation turns the text about it.
    public var anchor: Point
    /// Which side of the text box sits on the anchor's x.
    public var horizontalAlignment: HorizontalAlignment
    /// Which side of the text box sits on the anchor's y.
    public var verticalAlignment: VerticalAlignment
    public var rotation: Angle
    public var color: Color
    /// A tight box behind the text, grown by `backgroundPadding`; nil paints none.
    public var background: Color?
    public var backgroundPadding: Insets

    public init(
        _ string: String, fontSize: Double, anchor: Point,
        horizontalAlignment: HorizontalAlignment = .left, verticalAlignment: VerticalAlignment = .top,
        rotation: Angle = .zero, color: Color = .black, background: Color? = nil, backgroundPadding: Insets = .zero
    ) {
        self.string = string
        self.fontSize = fontSize
        self.anchor = anchor
        self.horizontalAlignment = horizontalAlignment
        self.verticalAlignment = verticalAlignment
        self.rotation = rotation
        self.color = color
        self.background = background
        self.backgroundPadding = backgroundPadding
    }
}
