import LayoutCore

/// Bar, GridLine and RadialGrid (spec §6.1, §6.2, §6.8).
extension GraffeineLayerContext {
    /// The bar rects of the transposed data, one per `hi` value (nil is a zero-length bar).
    ///
    /// Shared by Bar and BarLabel, whose cells are exactly the bar rects (spec §6.11).
    func barRects() -> [Rect] {
        let transposed = data.transposed
        let max = transposed.valueMax ?? 0
        let hi = transposed.values.hi
        let lo = transposed.values.lo
        return hi.indices.map { index in
            layer.unitColumn.barRect(
                index: index, hi: hi[index] ?? 0, lo: lo.indices.contains(index) ? lo[index] : nil,
                max: max, count: hi.count, in: size, flipXY: layer.flipXY)
        }
    }

    /// Bars: rounded rects, `hi` rounding on the value end, capped at half the shorter side.
    func bars() -> [ChartGeometry.Primitive] {
        barRects().enumerated().map { index, rect in
            ChartGeometry.Primitive(
                index: index,
                item: SceneItem(shape: .rect(rect, cornerRadii: cornerRadii(of: rect)), style: layer.unitStyle(index)))
        }
    }

    /// The corner radii of `roundedEnds`: the value end is the top, or the right side when flipped.
    func cornerRadii(of rect: Rect) -> CornerRadii {
        let (hiRadius, loRadius): (Double, Double) =
            switch layer.roundedEnds {
            case .none: (0, 0)
            case let .hi(radius): (radius, 0)
            case let .lo(radius): (0, radius)
            case let .both(radius): (radius, radius)
            }
        // UIKit caps the radius at half the smaller side.
        let limit = min(rect.width, rect.height) / 2
        let hi = max(0, min(hiRadius, limit))
        let lo = max(0, min(loRadius, limit))
        return layer.flipXY
            ? CornerRadii(topLeft: lo, topRight: hi, bottomRight: hi, bottomLeft: lo)
            : CornerRadii(topLeft: hi, topRight: hi, bottomRight: lo, bottomLeft: lo)
    }

    /// Grid lines: one segment per non-nil transposed `hi` value, across the value axis.
    ///
    /// **Flipped lines put value 0 at the right edge** while flipped bars grow from the left (quirk §13.5);
    /// negative values collapse onto the zero line (quirk §13.6). A max of 0 puts every line at the baseline.
    func gridLines() -> [ChartGeometry.Primitive] {
        // 1. Translated space: lines run along x, or along y when flipped.
        let lineAxis: Axis = layer.flipXY ? .vertical : .horizontal
        let lineExtent = size.main(along: lineAxis)
        let valueExtent = size.cross(along: lineAxis)
        let transposed = data.transposed
        let max = transposed.valueMax ?? 0
        let length = layer.length.resolved(within: lineExtent)
        let (anchor, anchorFraction): (Double, Double) =
            switch layer.alignment {
            case .left: (0, 0)
            case .center: (lineExtent / 2, 0.5)
            case .right: (lineExtent, 1)
            }
        let thickness = layer.unitLine.thickness
        return transposed.values.hi.enumerated().compactMap { index, value in
            guard let value else { return nil }
            // 2. Values above max pin to the top; the edge lines are nudged inside by half the thickness.
            let inverse = value <= max ? 1 - (GraffeineData.ratio(value, max) ?? 0) : 0
            var position = valueExtent * inverse
            if position.rounded(.up) == 0 { position += thickness / 2 }
            if position.rounded(.up) == valueExtent.rounded(.up) { position -= thickness / 2 }
            // 3. The segment, swapped back to layer space by the axis helpers.
            let start = anchor - anchorFraction * length
            let shape = Shape.line(
                from: Point(main: start, cross: position, along: lineAxis),
                to: Point(main: start + length, cross: position, along: lineAxis))
            // Grid lines have no selection styling (spec §9.2).
            return ChartGeometry.Primitive(
                index: index, item: SceneItem(shape: shape, style: layer.unitStyle(index, selected: false)))
        }
    }

    /// Radial grid: one circle per non-nil value at `maxRadius·v/max`, no floor2 and no clamp.
    /// A max of 0 (or a negative radius) gives radius 0.
    func radialGrid() -> [ChartGeometry.Primitive] {
        let maxRadius = layer.maxDiameter.resolved(within: minSide) / 2
        let max = data.valueMaxOrHighestHi
        return data.values.hi.enumerated().compactMap { index, value in
            guard let value else { return nil }
            // A ratio whose product with the radius overflows (1e308 over a max of 42.5) counts as 0, like an
            // overflowing quotient.
            let product = maxRadius * (GraffeineData.ratio(value, max) ?? 0)
            let radius = Swift.max(0, product.isFinite ? product : 0)
            let shape = Shape.ellipse(center: center, radii: Size(width: radius, height: radius))
            return ChartGeometry.Primitive(index: index, item: SceneItem(shape: shape, style: layer.unitStyle(index)))
        }
    }
}
