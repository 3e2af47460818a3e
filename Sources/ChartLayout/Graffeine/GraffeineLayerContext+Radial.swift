import LayoutCore
import RealModule

/// One slice of a radial layer: its start and end angles (start ≤ end) and the middle.
struct GraffeineSlice: Hashable {
    var start: Angle
    var end: Angle
    var middle: Angle { Angle(radians: (start.radians + end.radians) / 2) }
}

/// RadialSegment, RadialLine and RadialPoly (spec §6.5–§6.7); RadialLabel shares `slices`.
extension GraffeineLayerContext {
    /// The slices of `hi` as fractions of `valueMax ?? sumHi`, turned by `rotation` in the layer's direction.
    ///
    /// Contract: a total of 0 gives every slice a share of 0 (upstream: NaN), so all slices collapse to the
    /// rotation angle. Negative shares run backwards, as upstream. A share beyond `maximumTurns` (1e308 of a
    /// total of 1) counts as 0 too, like an overflowing quotient: its angle, 2π times the share, or the running
    /// sum of shares would overflow to infinity.
    func slices() -> [GraffeineSlice] {
        // 1. Shares of the whole.
        let total = data.valueMaxOrSumHi
        let shares = data.values.hi.map { value in
            GraffeineData.ratio(value ?? 0, total).flatMap { abs($0) <= Self.maximumTurns ? $0 : nil } ?? 0
        }
        // 2. Rotation (mod 360) and direction: counter-clockwise negates both, then start and end swap.
        let direction: Double = layer.clockwise ? 1 : -1
        let rotation = layer.rotation.truncatingRemainder(dividingBy: 360) * .pi / 180
        var before = 0.0
        return shares.map { share in
            let start = direction * (2 * .pi * before + rotation)
            let end = start + direction * 2 * .pi * share
            before += share
            return GraffeineSlice(start: Angle(radians: min(start, end)), end: Angle(radians: max(start, end)))
        }
    }

    /// The largest share of the whole, in turns, that a slice may take (`slices()`); far beyond any drawing.
    static var maximumTurns: Double { 1e9 }

    /// Pie wedges and donut segments, exploded by the centre offset.
    ///
    /// The wedge is drawn about `c' = centre + offset·(cos m, sin m)` with radii reduced by the offset; a
    /// reduced inner radius below 0 is drawn as 0 (upstream draws a negative-radius arc).
    func radialSegments() -> [ChartGeometry.Primitive] {
        slices().enumerated().map { index, slice in
            // 1. Radii, with the selected slice's overrides (the exploded slice).
            let selected = layer.isSelected(index) ? layer.selection.radial : GraffeineSelection.Radial()
            let outer = (selected.outerDiameter ?? layer.outerDiameter).resolved(within: minSide) / 2
            let inner = (selected.innerDiameter ?? layer.innerDiameter).resolved(within: minSide) / 2
            let offset = (selected.centerOffsetDiameter ?? layer.centerOffsetDiameter).resolved(within: minSide) / 2
            // 2. The shifted centre along the middle angle.
            let shifted = slice.middle.point(from: center, radius: offset)
            // 3. Outer arc forwards, then the centre (a wedge) or the inner arc backwards.
            var elements: [Path.Element] = [
                .arc(
                    center: shifted, radius: max(0, outer - offset), start: slice.start, end: slice.end, clockwise: true
                )
            ]
            if inner == 0 {
                elements.append(.line(to: shifted))
            } else {
                let innerRadius = max(0, inner - offset)
                elements.append(.line(to: slice.end.point(from: shifted, radius: innerRadius)))
                elements.append(
                    .arc(center: shifted, radius: innerRadius, start: slice.end, end: slice.start, clockwise: false))
            }
            return ChartGeometry.Primitive(
                index: index, item: SceneItem(shape: .path(Path(elements)), style: layer.unitStyle(index)))
        }
    }

    /// Spokes from the inner to the outer radius along each slice's middle; stroke only.
    func radialLines() -> [ChartGeometry.Primitive] {
        slices().enumerated().map { index, slice in
            let selected = layer.isSelected(index) ? layer.selection.radial : GraffeineSelection.Radial()
            let outer = (selected.outerDiameter ?? layer.outerDiameter).resolved(within: minSide) / 2
            let inner = (selected.innerDiameter ?? layer.innerDiameter).resolved(within: minSide) / 2
            var style = layer.unitStyle(index)
            style.fill = nil
            let shape = Shape.line(
                from: slice.middle.point(from: center, radius: inner),
                to: slice.middle.point(from: center, radius: outer))
            return ChartGeometry.Primitive(index: index, item: SceneItem(shape: shape, style: style))
        }
    }

    /// The radar polygon: n equal slices clockwise from `rotation`, vertex i at `(i + ½)·2π/n`.
    ///
    /// The radius is `.percentage(v/max)` of maxRadius: **a ratio above 1, negative or undefined (max 0)
    /// gives the full radius** (quirk §13.9). One unit (index 0), never selection-styled.
    func radialPoly() -> [ChartGeometry.Primitive] {
        let values = data.values.hi
        guard !values.isEmpty else { return [] }
        let maxRadius = layer.maxDiameter.resolved(within: minSide) / 2
        let max = data.valueMaxOrHighestHi
        let rotation = layer.rotation.truncatingRemainder(dividingBy: 360) * .pi / 180
        let step = 2 * Double.pi / Double(values.count)
        let points = values.enumerated().map { index, value in
            let radius = GraffeineDimensionalUnit.percentage(
                of: GraffeineData.ratio(value ?? 0, max), within: maxRadius)
            return Angle(radians: rotation + (Double(index) + 0.5) * step).point(from: center, radius: radius)
        }
        return [
            ChartGeometry.Primitive(
                index: 0, item: SceneItem(shape: .polygon(points), style: layer.unitStyle(0, selected: false)))
        ]
    }
}
