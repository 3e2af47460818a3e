import LayoutCore
import RealModule

/// `floor(x·100)/100`: Graffeine's two-decimal floor, used by `.percentage` resolution (spec §0).
func graffeineFloor2(_ value: Double) -> Double {
    (value * 100).rounded(.down) / 100
}

/// A length relative to a container: Graffeine's `DimensionalUnit` (spec §2).
///
/// Contract: `resolved` never returns NaN for finite input. **Percentages run from 0 to 1**; anything outside
/// that range means the full container, as upstream does.
public enum GraffeineDimensionalUnit: Hashable, Sendable {
    /// `min(v, b)`: capped at the container, **no lower clamp** (a negative v passes through).
    case explicit(Double)
    /// `floor2(b·p)` when `0 ≤ p ≤ 1`, otherwise `b`.
    case percentage(Double)
    /// `n` units with `n−1` gaps of `m` filling `b`: `(b + m)/n − m`, or `b` when there is one unit or fewer.
    case relative

    /// Resolves the unit within a container of extent `b`.
    public func resolved(
        within container: Double, numberOfUnits count: Int = 1, unitMargin margin: Double = 0,
        reducedByOne: Bool = false
    ) -> Double {
        switch self {
        case let .explicit(value):
            return min(value, container)
        case let .percentage(fraction):
            guard fraction >= 0, fraction <= 1 else { return container }
            return graffeineFloor2(container * fraction)
        case .relative:
            // Solving n·w + (n−1)·m = b for w; a single unit takes the container without any margin.
            let units = reducedByOne ? count - 1 : count
            guard units > 1 else { return container }
            return (container + margin) / Double(units) - margin
        }
    }

    /// `floor(b / (resolved(b) + m))`: how many units fit. Upstream never calls it; kept for the pinned numbers.
    /// A non-positive divisor gives 0 instead of an infinity.
    public func totalPossible(within container: Double, unitMargin margin: Double) -> Double {
        let divisor = resolved(within: container) + margin
        guard divisor > 0 else { return 0 }
        return (container / divisor).rounded(.down)
    }

    /// The resolved percentage of a ratio that may be undefined: nil (a division by zero) resolves like an
    /// out-of-range percentage, to the full container, as NaN does upstream.
    static func percentage(of ratio: Double?, within container: Double) -> Double {
        GraffeineDimensionalUnit.percentage(ratio ?? .infinity).resolved(within: container)
    }
}

/// Where a bar sits inside its column: an optional offset and width, both resolved within one column (spec §2).
public struct GraffeineUnitSubdivision: Hashable, Sendable {
    public var offset: GraffeineDimensionalUnit?
    public var width: GraffeineDimensionalUnit?

    public init(offset: GraffeineDimensionalUnit? = nil, width: GraffeineDimensionalUnit? = nil) {
        self.offset = offset
        self.width = width
    }

    /// The offset (default 0) and width (default the whole column) inside a column of width `columnWidth`.
    func resolved(in columnWidth: Double) -> (offset: Double, width: Double) {
        (offset?.resolved(within: columnWidth) ?? 0, width?.resolved(within: columnWidth) ?? columnWidth)
    }
}

/// The shared column geometry of bars, lines, plots and gutter labels (spec §5).
public struct GraffeineUnitColumn: Hashable, Sendable {
    public var width: GraffeineDimensionalUnit
    public var subdivision: GraffeineUnitSubdivision?
    public var margin: Double
    /// Honoured by entry point (a) only; Bar and BarLabel ignore it (quirk §13.3).
    public var reducedByOne: Bool

    public init(
        width: GraffeineDimensionalUnit = .relative, subdivision: GraffeineUnitSubdivision? = nil, margin: Double = 0,
        reducedByOne: Bool = false
    ) {
        self.width = width
        self.subdivision = subdivision
        self.margin = margin
        self.reducedByOne = reducedByOne
    }

    /// Entry point (a): the column width, honouring `reducedByOne`.
    func resolvedWidth(within extent: Double, count: Int) -> Double {
        width.resolved(within: extent, numberOfUnits: count, unitMargin: margin, reducedByOne: reducedByOne)
    }

    /// Entry point (a): the **left edge** of column `index` (quirk §13.4); subdivision is not applied.
    func resolvedOffset(index: Int, within extent: Double, count: Int) -> Double {
        Double(index) * (resolvedWidth(within: extent, count: count) + margin)
    }

    /// Entry point (b), `drawingInfo`: the rect of bar `index` in layer coordinates.
    ///
    /// Ignores `reducedByOne`, honours subdivision. Units run along x (or down from the top when `flipXY`);
    /// values grow up from the bottom (or right from x = 0 when `flipXY`). `max` is the transposed max.
    /// Contract: finite for finite input; a max of 0 gives zero-length bars (upstream divides by zero).
    func barRect(
        index: Int, hi: Double, lo: Double?, max: Double, count: Int, in size: Size, flipXY: Bool
    ) -> Rect {
        // 1. Work in translated space: the unit axis is x, or y when flipped.
        let unitAxis: Axis = flipXY ? .vertical : .horizontal
        let unitExtent = size.main(along: unitAxis)
        let valueExtent = size.cross(along: unitAxis)
        // 2. The column and its subdivision along the unit axis.
        let columnWidth = width.resolved(within: unitExtent, numberOfUnits: count, unitMargin: margin)
        let sub = (subdivision ?? GraffeineUnitSubdivision()).resolved(in: columnWidth)
        let unitStart = Double(index) * (columnWidth + margin) + sub.offset
        // 3. The value range as fractions of the max: hi clamps above, lo counts only when 0 ≤ lo ≤ hi.
        let hiFraction = hi <= max ? GraffeineData.ratio(hi, max) ?? 0 : 1
        let loFraction = lo.flatMap { lo in 0 <= lo && lo <= hi ? GraffeineData.ratio(lo, max) ?? 0 : nil } ?? 0
        let length = valueExtent * (hiFraction - loFraction)
        // 4. Vertical bars hang from the bottom edge; flipped bars grow from the leading edge.
        let valueStart = flipXY ? valueExtent * loFraction : valueExtent * (1 - hiFraction)
        let rect = Rect(
            origin: Point(main: unitStart, cross: valueStart, along: unitAxis),
            size: Size(main: sub.width, cross: length, along: unitAxis))
        return GraffeineGeometry.standardized(rect)
    }
}
