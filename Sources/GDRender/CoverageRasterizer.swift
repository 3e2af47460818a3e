import LayoutCore

/// Fills polygons with anti-aliased coverage under the nonzero winding rule.
///
/// libgd fills polygons with whole-pixel vertices and paints the boundary pixels too, so a 2-px rectangle
/// becomes 3 px wide and fractional coordinates are lost. This rasteriser samples each pixel row on four
/// sub-scanlines and measures the exact horizontal coverage of every span, so axis-aligned shapes on whole
/// pixels are crisp and exact, and curves and diagonals are smooth. libgd still blends and stores the pixels.
struct CoverageRasterizer {
    /// Sub-scanlines per pixel row.
    static let subsamples = 4

    struct Edge {
        var top: Double
        var bottom: Double
        var xAtTop: Double
        var slope: Double
        var winding: Int
    }

    let width: Int
    let height: Int
    private var coverage: [Double]
    private var crossings: [(x: Double, winding: Int)] = []

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
        coverage = Array(repeating: 0, count: width + 2)
    }

    /// Calls `paint(x, y, coverage)` for every pixel that the union of `polygons` covers, coverage in 0...1.
    mutating func fill(_ polygons: [[Point]], paint: (Int, Int, Double) -> Void) {
        // 1. Collect the non-horizontal edges, sorted by their top, each with its winding direction. An edge
        //    whose numbers overflowed (a stroke around a point near ±1e308) or whose slope is infinite (a rise
        //    below 1e-300) crosses no sub-scanline in a computable place: it is dropped like a horizontal one.
        var edges: [Edge] = []
        for polygon in polygons where polygon.count >= 3 {
            for (start, end) in zip(polygon, polygon.dropFirst() + [polygon[0]]) where start.y != end.y {
                let (upper, lower, winding) = start.y < end.y ? (start, end, 1) : (end, start, -1)
                let edge = Edge(
                    top: upper.y, bottom: lower.y, xAtTop: upper.x,
                    slope: (lower.x - upper.x) / (lower.y - upper.y), winding: winding)
                guard edge.top.isFinite, edge.bottom.isFinite, edge.xAtTop.isFinite, edge.slope.isFinite else {
                    continue
                }
                edges.append(edge)
            }
        }
        guard !edges.isEmpty else { return }
        edges.sort { $0.top < $1.top }
        // Clamp to the canvas in Double before converting: a coordinate like 1e93 does not fit in an Int.
        let canvasRows = -1.0...Double(height)
        let firstRow = max(0, Int(edges[0].top.rounded(.down).clamped(to: canvasRows)))
        let lastRow = min(height - 1, Int((edges.map(\.bottom).max() ?? 0).rounded(.up).clamped(to: canvasRows)))
        guard firstRow <= lastRow else { return }
        var nextEdge = 0
        var active: [Edge] = []
        for row in firstRow...lastRow {
            var touchedMin = width
            var touchedMax = -1
            for sub in 0..<Self.subsamples {
                let sampleY = Double(row) + (Double(sub) + 0.5) / Double(Self.subsamples)
                // 2. Keep the edges that span this sub-scanline.
                while nextEdge < edges.count, edges[nextEdge].top <= sampleY {
                    active.append(edges[nextEdge])
                    nextEdge += 1
                }
                active.removeAll { $0.bottom <= sampleY }
                // 3. Where they cross it, left to right, and the spans whose winding is nonzero.
                crossings.removeAll(keepingCapacity: true)
                for edge in active where edge.top <= sampleY {
                    crossings.append((edge.xAtTop + (sampleY - edge.top) * edge.slope, edge.winding))
                }
                crossings.sort { $0.x < $1.x }
                var winding = 0
                for index in crossings.indices.dropLast() {
                    winding += crossings[index].winding
                    guard winding != 0 else { continue }
                    // 4. Add this span's horizontal coverage, a quarter row at a time.
                    let left = max(0, crossings[index].x)
                    let right = min(Double(width), crossings[index + 1].x)
                    guard right > left else { continue }
                    accumulate(
                        from: left, to: right, weight: 1 / Double(Self.subsamples), touchedMin: &touchedMin,
                        touchedMax: &touchedMax)
                }
            }
            // 5. Hand the row's covered pixels to the painter and clear them for the next row.
            guard touchedMin <= touchedMax else { continue }
            for x in touchedMin...touchedMax where coverage[x] > 1e-9 {
                paint(x, row, min(coverage[x], 1))
                coverage[x] = 0
            }
        }
    }

    private mutating func accumulate(
        from left: Double, to right: Double, weight: Double, touchedMin: inout Int, touchedMax: inout Int
    ) {
        let firstPixel = Int(left.rounded(.down))
        let lastPixel = min(width - 1, Int((right - 1e-12).rounded(.down)))
        guard firstPixel <= lastPixel else { return }
        touchedMin = min(touchedMin, firstPixel)
        touchedMax = max(touchedMax, lastPixel)
        if firstPixel == lastPixel {
            coverage[firstPixel] += (right - left) * weight
            return
        }
        coverage[firstPixel] += (Double(firstPixel + 1) - left) * weight
        if lastPixel > firstPixel + 1 {
            for x in (firstPixel + 1)..<lastPixel { coverage[x] += weight }
        }
        coverage[lastPixel] += (right - Double(lastPixel)) * weight
    }
}

/// Turns a stroked outline into polygons whose nonzero union is the stroke, so that a translucent stroke is
/// painted once even where its segments and joins overlap.
enum StrokeGeometry {
    /// The longest miter, in line widths, before a miter join falls back to a bevel (CoreGraphics' default is 10).
    static let miterLimit = 10.0

    static func polygons(for outline: Outline, style: Style) -> [[Point]] {
        let halfWidth = style.lineWidth / 2
        var points = outline.points
        // Drop repeated points: a zero-length segment has no direction.
        points = points.enumerated().filter { index, point in index == 0 || point != points[index - 1] }.map(\.element)
        if outline.isClosed, points.count > 2, points.first == points.last { points.removeLast() }
        guard points.count >= 2 else {
            guard let point = points.first, style.lineCap != .butt else { return [] }
            return [disc(point, radius: halfWidth)]
        }
        var polygons: [[Point]] = []
        let segments =
            outline.isClosed
            ? Array(zip(points, points.dropFirst() + [points[0]])) : Array(zip(points, points.dropFirst()))
        // 1. One quad per segment, extended by half the width at open ends with square caps.
        for (index, (start, end)) in segments.enumerated() {
            let direction = unit(end - start)
            let normal = Point(x: -direction.y, y: direction.x) * halfWidth
            var from = start
            var to = end
            if !outline.isClosed, style.lineCap == .square {
                if index == 0 { from = from - direction * halfWidth }
                if index == segments.count - 1 { to = to + direction * halfWidth }
            }
            polygons.append([from + normal, to + normal, to - normal, from - normal])
        }
        // 2. Joins between consecutive segments.
        let joints = outline.isClosed ? Array(segments.indices) : Array(segments.indices.dropFirst())
        for index in joints {
            let previous = segments[(index + segments.count - 1) % segments.count]
            let next = segments[index]
            let vertex = next.0
            switch style.lineJoin {
            case .round:
                polygons.append(disc(vertex, radius: halfWidth))
            case .miter, .bevel:
                let incoming = unit(previous.1 - previous.0)
                let outgoing = unit(next.1 - next.0)
                let turn = incoming.x * outgoing.y - incoming.y * outgoing.x
                guard abs(turn) > 1e-12 else { continue }
                // The outer side is left of travel for a right turn on screen, and right of it for a left turn.
                let side = turn > 0 ? -1.0 : 1.0
                let outerIn = vertex + Point(x: -incoming.y, y: incoming.x) * (halfWidth * side)
                let outerOut = vertex + Point(x: -outgoing.y, y: outgoing.x) * (halfWidth * side)
                var join = [vertex, outerIn, outerOut]
                if style.lineJoin == .miter {
                    let bisector = unit(outerIn + outerOut - vertex * 2)
                    let cosHalf =
                        (bisector.x * (outerIn.x - vertex.x) + bisector.y * (outerIn.y - vertex.y)) / halfWidth
                    if cosHalf > 1 / miterLimit {
                        join = [vertex, outerIn, vertex + bisector * (halfWidth / cosHalf), outerOut]
                    }
                }
                polygons.append(join)
            }
        }
        // 3. Round caps at open ends.
        if !outline.isClosed, style.lineCap == .round, let first = points.first, let last = points.last {
            polygons += [disc(first, radius: halfWidth), disc(last, radius: halfWidth)]
        }
        // 4. One orientation for all, so that overlaps add up instead of cancelling under nonzero winding.
        return polygons.map(clockwise)
    }

    static func disc(_ center: Point, radius: Double) -> [Point] {
        Shape.ellipse(center: center, radii: Size(width: radius, height: radius)).outlines()[0].points
    }

    static func unit(_ vector: Point) -> Point {
        let length = (vector.x * vector.x + vector.y * vector.y).squareRoot()
        return length > 0 ? Point(x: vector.x / length, y: vector.y / length) : .zero
    }

    static func clockwise(_ polygon: [Point]) -> [Point] {
        var area = 0.0
        for (a, b) in zip(polygon, polygon.dropFirst() + [polygon[0]]) { area += a.x * b.y - b.x * a.y }
        return area < 0 ? polygon.reversed() : polygon
    }
}

extension Double {
    /// The value limited to `range`.
    func clamped(to range: ClosedRange<Double>) -> Double {
        Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
    }
}
