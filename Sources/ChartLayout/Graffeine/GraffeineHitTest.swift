import LayoutCore

/// A selection result: the layer, the unit index and the centre of the hit unit's bounding box.
public struct GraffeineHit: Hashable, Sendable, Codable {
    public var layer: String
    public var index: Int
    /// The centre of the hit path's bounding box in view coordinates, floor2-normalised (spec §9.1).
    public var point: Point

    public init(layer: String, index: Int, point: Point) {
        self.layer = layer
        self.index = index
        self.point = point
    }
}

/// Graffeine's tap selection as a pure function (spec §9.1).
public enum GraffeineHitTest {
    /// The first selection-enabled layer **in array order** (not the topmost) whose lowest-index unit
    /// contains `point` (view coordinates), or nil (deselect).
    ///
    /// Containment is non-zero winding with open paths implicitly closed, so lines and grid lines (zero
    /// area) never hit; label layers never hit; a line layer's fill is unit 0.
    public static func hit(_ point: Point, in chart: GraffeineChart, geometry: ChartGeometry) -> GraffeineHit? {
        for (layer, laidOut) in zip(chart.layers, geometry.layers)
        where layer.selection.isEnabled && !layer.type.isLabel {
            // 1. Into the layer's own coordinates.
            let local = point - laidOut.frame.origin
            // 2. Units by index; the lowest index containing the point wins.
            let units = Dictionary(grouping: laidOut.primitives, by: \.index)
            for index in units.keys.sorted() {
                let outlines = units[index, default: []].flatMap { $0.item.shape.outlines(tolerance: 0.01) }
                guard windingNumber(of: local, in: outlines) != 0 else { continue }
                // 3. The bounding box centre, back in view coordinates, floor2-normalised.
                let bounds = units[index, default: []].compactMap { GraffeineGeometry.bounds(of: $0.item.shape) }
                guard let first = bounds.first else { continue }
                let box = bounds.dropFirst().reduce(first) { $0.union($1) }
                let center = box.center + laidOut.frame.origin
                return GraffeineHit(
                    layer: layer.id, index: index,
                    point: Point(x: graffeineFloor2(center.x), y: graffeineFloor2(center.y)))
            }
        }
        return nil
    }

    /// The summed winding number of `point` over closed outlines (open ones closed implicitly).
    static func windingNumber(of point: Point, in outlines: [Outline]) -> Int {
        var winding = 0
        for outline in outlines where outline.points.count >= 3 {
            for (start, end) in zip(outline.points, outline.points.dropFirst() + [outline.points[0]]) {
                let side = (end.x - start.x) * (point.y - start.y) - (point.x - start.x) * (end.y - start.y)
                if start.y <= point.y {
                    if end.y > point.y, side > 0 { winding += 1 }
                } else if end.y <= point.y, side < 0 {
                    winding -= 1
                }
            }
        }
        return winding
    }
}
