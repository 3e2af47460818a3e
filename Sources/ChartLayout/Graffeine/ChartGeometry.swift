import LayoutCore

/// The resolved geometry of a Graffeine chart: what `ristretto layout` prints (docs/chart-case-format.md).
///
/// Layer primitives are in the **layer's own coordinates** (origin at the layer frame's top-left), as
/// Graffeine's sublayers are; `scene` holds the same primitives translated into view coordinates.
public struct ChartGeometry: Encodable, Sendable, Hashable {
    /// One drawn unit of a layer: the unit's index (bar i, label i, slice i, line sublayer 0 = fill / 1 = line)
    /// and its primitive.
    public struct Primitive: Encodable, Sendable, Hashable {
        public var index: Int
        public var item: SceneItem

        public init(index: Int, item: SceneItem) {
            self.index = index
            self.item = item
        }

        enum CodingKeys: String, CodingKey { case index }

        /// Flat: the scene item's own keys plus `index`.
        public func encode(to encoder: any Encoder) throws {
            try item.encode(to: encoder)
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(index, forKey: .index)
        }
    }

    /// One layer after region and inset resolution.
    public struct Layer: Encodable, Sendable, Hashable {
        public var id: String
        public var type: GraffeineLayerType
        /// In view coordinates.
        public var frame: Rect
        /// The clip in layer coordinates (masksToBounds or maskInsets), nil when unclipped.
        public var clip: Rect?
        /// Painted over the whole frame behind the units.
        public var fill: Color?
        public var primitives: [Primitive]
    }

    public var size: Size
    public var regions: GraffeineRegions
    public var layers: [Layer]
    /// Everything in painting order, in view coordinates.
    public var scene: Scene
}

/// Small geometric helpers shared by the Graffeine layers.
enum GraffeineGeometry {
    /// A rect with non-negative size covering the same area (CoreGraphics standardises negative sizes too).
    static func standardized(_ rect: Rect) -> Rect {
        Rect(
            x: min(rect.minX, rect.maxX), y: min(rect.minY, rect.maxY),
            width: abs(rect.width), height: abs(rect.height))
    }

    /// The shape moved by `offset`.
    static func translate(_ shape: Shape, by offset: Point) -> Shape {
        switch shape {
        case let .rect(rect, radii): .rect(rect.offsetBy(dx: offset.x, dy: offset.y), cornerRadii: radii)
        case let .line(from, to): .line(from: from + offset, to: to + offset)
        case let .polyline(points): .polyline(points.map { $0 + offset })
        case let .polygon(points): .polygon(points.map { $0 + offset })
        case let .ellipse(center, radii): .ellipse(center: center + offset, radii: radii)
        case let .text(run): .text(movedRun(run, by: offset))
        case let .path(path):
            .path(
                Path(
                    path.elements.map { element in
                        switch element {
                        case let .move(point): .move(to: point + offset)
                        case let .line(point): .line(to: point + offset)
                        case let .arc(center, radius, start, end, clockwise):
                            .arc(center: center + offset, radius: radius, start: start, end: end, clockwise: clockwise)
                        }
                    }))
        }
    }

    private static func movedRun(_ run: TextRun, by offset: Point) -> TextRun {
        var moved = run
        moved.anchor = run.anchor + offset
        return moved
    }

    /// The bounding box of a shape's outline (arcs flattened finely); nil for text and empty shapes.
    static func bounds(of shape: Shape) -> Rect? {
        if case let .rect(rect, _) = shape { return rect }
        if case let .ellipse(center, radii) = shape {
            return Rect(
                x: center.x - radii.width, y: center.y - radii.height, width: 2 * radii.width, height: 2 * radii.height)
        }
        let points = shape.outlines(tolerance: 0.001).flatMap(\.points)
        guard let first = points.first else { return nil }
        return points.dropFirst().reduce(Rect(origin: first, size: .zero)) { $0.union(Rect(origin: $1, size: .zero)) }
    }
}
