import LayoutCore

/// Line and Plot (spec §6.3, §6.4), and the Catmull-Rom smoother (spec §10).
extension GraffeineLayerContext {
    /// The point of each value of `series` on a column axis of `count` columns: x at the column's **left edge**
    /// (quirk §13.4), y from the bottom by the guarded percentage of `max`. Nil values give nil points.
    /// A finite percentage whose product with the height overflows (-1e308 over a max of 130) counts as 0, like
    /// an overflowing quotient (docs/compat-chart.md), so the point sits on the bottom edge instead of at -∞.
    func columnPoints(_ series: [Double?], max: Double) -> [Point?] {
        let column = layer.unitColumn
        return series.enumerated().map { index, value in
            value.map { value in
                let rise = size.height * GraffeineData.percent(value, max)
                return Point(
                    x: column.resolvedOffset(index: index, within: size.width, count: series.count),
                    y: size.height - (rise.isFinite ? rise : 0))
            }
        }
    }

    /// The line layer's two units: 0 is the area fill (hi over lo), 1 is the line. Values are not clamped.
    ///
    /// A nil value breaks the line (a new subpath starts at the next value) and splits the fill. With
    /// smoothing, every point joins one polyline, so gaps are bridged (quirk §13.10).
    func lineUnits() -> [ChartGeometry.Primitive] {
        let max = data.valueMaxOrHighestHi
        // 1. The hi pass: runs of consecutive non-nil points.
        let runs = Self.runs(of: columnPoints(data.values.hi, max: max))
        guard !runs.isEmpty else { return [] }
        // 2. The bottom series, right to left: `lo`, or zeros as long as `hi`, spaced by its own count.
        let bottomSeries: [Double?] = data.values.lo.isEmpty ? data.values.hi.map { _ in 0 } : data.values.lo
        let bottom = columnPoints(bottomSeries, max: max).reversed().compactMap { $0 }
        // 3. Each run before the last closes on itself; the last run closes along the bottom.
        var fills = runs
        fills[fills.count - 1] += bottom
        var lines = runs
        if case let .catmullRom(granularity) = layer.smoothing {
            fills = [Self.catmullRom(fills.flatMap { $0 }, granularity: granularity)]
            lines = [Self.catmullRom(lines.flatMap { $0 }, granularity: granularity)]
        }
        // 4. The fill takes unitFill only, the line unitLine only; selecting the series styles both.
        let selected = data.selected.index != nil
        var fillStyle = layer.unitStyle(0, selected: selected)
        var lineStyle = layer.unitStyle(0, selected: selected)
        fillStyle.stroke = nil
        lineStyle.fill = nil
        return fills.map { ChartGeometry.Primitive(index: 0, item: SceneItem(shape: .polygon($0), style: fillStyle)) }
            + lines.map { ChartGeometry.Primitive(index: 1, item: SceneItem(shape: .polyline($0), style: lineStyle)) }
    }

    /// Splits a series of optional points into runs of consecutive points.
    static func runs(of points: [Point?]) -> [[Point]] {
        var runs: [[Point]] = []
        var current: [Point] = []
        for point in points {
            if let point {
                current.append(point)
            } else if !current.isEmpty {
                runs.append(current)
                current = []
            }
        }
        if !current.isEmpty { runs.append(current) }
        return runs
    }

    /// Uniform Catmull-Rom (tension ½) through `points`, `granularity` steps per segment (spec §10).
    ///
    /// Contract: 3 points or fewer come back unchanged; otherwise the result has `1 + (n−1)·g + 1` points
    /// (the last point is emitted twice, as upstream does). A granularity below 1 is treated as 1.
    static func catmullRom(_ points: [Point], granularity: Int) -> [Point] {
        guard points.count > 3 else { return points }
        let steps = max(1, granularity)
        // 1. Phantom endpoints duplicate the first and last points.
        let padded = [points[0]] + points + [points[points.count - 1]]
        var result = [points[0]]
        // 2. For each pair p1 → p2 with neighbours p0 and p3: g − 1 interpolated points, then p2.
        for segment in 1..<(padded.count - 2) {
            let p0 = padded[segment - 1]
            let p1 = padded[segment]
            let p2 = padded[segment + 1]
            let p3 = padded[segment + 2]
            for step in 1..<steps {
                result.append(catmullRomPoint(p0, p1, p2, p3, t: Double(step) / Double(steps)))
            }
            result.append(p2)
        }
        // 3. One extra point at the end.
        result.append(points[points.count - 1])
        return result
    }

    /// The uniform Catmull-Rom point at `t` between p1 and p2.
    ///
    /// Where the polynomial overflows (coordinates near ±1e308, e.g. a value of 1.8e308 over a max of 1000),
    /// the coordinate falls on the straight segment from p1 to p2 instead, which stays finite.
    static func catmullRomPoint(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, t: Double) -> Point {
        func axis(_ a: Double, _ b: Double, _ c: Double, _ d: Double) -> Double {
            let spline =
                0.5 * (2 * b + (c - a) * t + (2 * a - 5 * b + 4 * c - d) * t * t + (3 * b - a - 3 * c + d) * t * t * t)
            return spline.isFinite ? spline : b * (1 - t) + c * t
        }
        return Point(x: axis(p0.x, p1.x, p2.x, p3.x), y: axis(p0.y, p1.y, p2.y, p3.y))
    }

    /// The centre of plot point `index`, or nil when the point is hidden (a nil value or coordinate).
    ///
    /// `.column`: the column's left edge and the guarded percentage of `valueMax ?? highestHi`.
    /// `.xy`: X = hi over max(hi), Y = lo over max(lo) (each 1 when there are none), resolved as percentages;
    /// **Y is not inverted and valueMax is ignored** (quirk §13.7). A missing `lo` hides the point (upstream crashes).
    func plotCenters() -> [Point?] {
        switch layer.positioner {
        case .column:
            return columnPoints(data.values.hi, max: data.valueMaxOrHighestHi)
        case .xy:
            let xs = data.values.hi
            let ys = data.values.lo
            let xMax = xs.compactMap { $0 }.max() ?? 1
            let yMax = ys.compactMap { $0 }.max() ?? 1
            return xs.indices.map { index in
                guard let x = xs[index], ys.indices.contains(index), let y = ys[index] else { return nil }
                return Point(
                    x: GraffeineDimensionalUnit.percentage(of: GraffeineData.ratio(x, xMax), within: size.width),
                    y: GraffeineDimensionalUnit.percentage(of: GraffeineData.ratio(y, yMax), within: size.height))
            }
        }
    }

    /// Plot circles of `diameter` (the selected one may use the radial override); hidden points draw nothing.
    func plots() -> [ChartGeometry.Primitive] {
        plotCenters().enumerated().compactMap { index, center in
            guard let center else { return nil }
            let diameter = (layer.selectedRadialDiameter(index) ?? layer.diameter).resolved(within: minSide)
            let radius = max(0, diameter / 2)
            let shape = Shape.ellipse(center: center, radii: Size(width: radius, height: radius))
            return ChartGeometry.Primitive(index: index, item: SceneItem(shape: shape, style: layer.unitStyle(index)))
        }
    }
}
