import LayoutCore
import RealModule
import TestSupport
import Testing

@testable import ChartLayout

/// Every pinned number of spec §2–§11, with the arithmetic that produces it.
@Suite struct GraffeinePinnedTests {
    // MARK: §2 DimensionalUnit

    struct UnitCase: CustomTestStringConvertible, Sendable {
        var unit: GraffeineDimensionalUnit
        var within: Double
        var count = 1
        var margin = 0.0
        var reducedByOne = false
        var expected: Double
        var testDescription: String { "\(unit) in \(within), n \(count), m \(margin) -> \(expected)" }
    }

    @Test(arguments: [
        UnitCase(unit: .explicit(10), within: 100, expected: 10),  // min(10, 100)
        UnitCase(unit: .explicit(150), within: 100, expected: 100),  // capped at the container
        UnitCase(unit: .explicit(-5), within: 100, expected: -5),  // no lower clamp
        UnitCase(unit: .percentage(0.1), within: 100, expected: 10),  // floor2(100·0.1)
        UnitCase(unit: .percentage(0.333), within: 100, expected: 33.3),  // floor2(33.3)
        UnitCase(unit: .percentage(1.5), within: 100, expected: 100),  // out of range → full
        UnitCase(unit: .percentage(-0.2), within: 100, expected: 100),  // negative → full
        UnitCase(unit: .relative, within: 100, count: 10, margin: 1, expected: 101.0 / 10 - 1),  // (100+1)/10 − 1 = 9.1
        UnitCase(unit: .relative, within: 100, count: 1, margin: 5, expected: 100),  // one unit: no margin
        // n' = 3
        UnitCase(unit: .relative, within: 300, count: 4, margin: 10, reducedByOne: true, expected: 310.0 / 3 - 10),
        UnitCase(unit: .relative, within: 100, count: 2, margin: 5, reducedByOne: true, expected: 100),  // n' = 1
    ])
    func dimensionalUnit(_ sample: UnitCase) {
        let resolved = sample.unit.resolved(
            within: sample.within, numberOfUnits: sample.count, unitMargin: sample.margin,
            reducedByOne: sample.reducedByOne)
        #expect(resolved == sample.expected)
    }

    @Test(arguments: [
        (GraffeineDimensionalUnit.explicit(10), 100.0, 1.0, 9.0),  // floor(100 / (10 + 1)) = 9
        (.percentage(0.2), 100, 0, 5),  // floor(100 / 20) = 5
        (.explicit(0), 100, 0, 0),  // a zero divisor gives 0, not infinity
    ])
    func totalPossible(unit: GraffeineDimensionalUnit, within: Double, margin: Double, expected: Double) {
        #expect(unit.totalPossible(within: within, unitMargin: margin) == expected)
    }

    @Test func floor2FloorsToTwoDecimals() {
        #expect(graffeineFloor2(15.799999999999997) == 15.79)  // 158·(1 − 18/20) in floating point
        #expect(graffeineFloor2(-3.999) == -4)
    }

    // MARK: §1 GraffeineData helpers

    @Test func dataHelpersCountNilAsZero() {
        let data = GraffeineData(
            values: .init(hi: [3, nil, -2, 7], lo: [nil, 4]), labels: ["a", nil, "c"],
            selected: .init(index: 2, labels: [nil, nil, "C!"]))
        #expect(data.highestHi == 7 && data.lowestHi == -2)
        #expect(data.highestLo == 4 && data.lowestLo == 0)  // nil counts as 0
        #expect(data.sumHi == 8 && data.sumLo == 4)  // 3 + 0 − 2 + 7
        #expect(data.valueMaxOrHighestHi == 7 && data.valueMaxOrSumHi == 8)
        #expect(data.loValueOrZero(1) == 4 && data.loValueOrZero(0) == 0 && data.loValueOrZero(9) == 0)
        #expect(GraffeineData.percent(5, 0) == 0 && GraffeineData.percent(5, 20) == 0.25)
        #expect(data.preferredLabelValue(2) == "C!" && data.preferredLabelValue(0) == "a")
        #expect(data.preferredLabelValue(1) == "" && data.preferredLabelValue(7) == "")
        #expect(data.plainLabel(2) == "c")  // gutter labels ignore the selection
        #expect(GraffeineData().highestHi == 0 && GraffeineData().lowestLo == 0)  // empty series → 0
    }

    // MARK: §8.1 Transposition

    struct TransposeCase: CustomTestStringConvertible, Sendable {
        var data: GraffeineData
        var max: Double
        var hi: [Double?]
        var lo: [Double?]
        var testDescription: String {
            "hi \(data.values.hi) max \(String(describing: data.valueMax)) min \(String(describing: data.valueMin))"
        }
    }

    @Test(arguments: [
        TransposeCase(data: .init(values: .init(hi: [0, 1, 2, 3, 4, 5])), max: 5, hi: [0, 1, 2, 3, 4, 5], lo: []),
        // span |5 − (−5)| = 10, c = 5
        TransposeCase(
            data: .init(values: .init(hi: [0, 1, 2, 3, 4, 5, -5])), max: 10,
            hi: [5, 6, 7, 8, 9, 10, 5], lo: [5, 5, 5, 5, 5, 5, 0]),
        // span |10 − (−10)| = 20, c = 10
        TransposeCase(
            data: .init(valueMax: 10, valueMin: -10, values: .init(hi: [0, 1, 2, 3, 4, 5, -5])), max: 20,
            hi: [10, 11, 12, 13, 14, 15, 10], lo: [10, 10, 10, 10, 10, 10, 5]),
        TransposeCase(
            data: .init(valueMax: 10, values: .init(hi: [0, 1, 2, 3, 4, 5, -10])), max: 20,
            hi: [10, 11, 12, 13, 14, 15, 10], lo: [10, 10, 10, 10, 10, 10, 0]),
        // the original lo is discarded: lo' comes from hi only
        TransposeCase(
            data: .init(
                valueMax: 10, valueMin: -10,
                values: .init(hi: [0, 1, 2, 3, 4, 5, -1], lo: [0, -1, -2, -3, -4, -5, -6])),
            max: 20, hi: [10, 11, 12, 13, 14, 15, 10], lo: [10, 10, 10, 10, 10, 10, 9]),
    ])
    func transposition(_ sample: TransposeCase) {
        let transposed = sample.data.transposed
        #expect(transposed.valueMax == sample.max && transposed.valueMin == 0)
        #expect(transposed.values.hi == sample.hi && transposed.values.lo == sample.lo)
    }

    // MARK: §3 Regions

    static func gutterLayers(thickness: Double, insets: Insets) -> [GraffeineLayer] {
        let specs: [(String, GraffeineLayerType, GraffeineRegion)] = [
            ("main", .bar, .main), ("top", .horizontalLabel, .topGutter), ("right", .verticalLabel, .rightGutter),
            ("bottom", .horizontalLabel, .bottomGutter), ("left", .verticalLabel, .leftGutter),
        ]
        return specs.map { id, type, region in
            var layer = GraffeineLayer(id: id, type: type)
            layer.region = region
            layer.thickness = region == .main ? 0 : thickness
            layer.insets = insets
            return layer
        }
    }

    @Test(arguments: [
        // inset 0: main = (20, 20, 300 − 40, 200 − 40)
        (
            0.0,
            [
                Rect(x: 20, y: 20, width: 260, height: 160), Rect(x: 20, y: 0, width: 260, height: 20),
                Rect(x: 280, y: 20, width: 20, height: 160), Rect(x: 20, y: 180, width: 260, height: 20),
                Rect(x: 0, y: 20, width: 20, height: 160),
            ]
        ),
        // inset 5: every frame moves in by 5 and shrinks by 10 on both axes
        (
            5.0,
            [
                Rect(x: 25, y: 25, width: 250, height: 150), Rect(x: 25, y: 5, width: 250, height: 10),
                Rect(x: 285, y: 25, width: 10, height: 150), Rect(x: 25, y: 185, width: 250, height: 10),
                Rect(x: 5, y: 25, width: 10, height: 150),
            ]
        ),
    ])
    func regionFrames(inset: Double, expected: [Rect]) {
        let chart = GraffeineChart(
            size: Size(width: 300, height: 200), layers: Self.gutterLayers(thickness: 20, insets: Insets(all: inset)))
        let geometry = chart.layout(measurer: TestSupport.fixedMeasurer)
        #expect(geometry.regions.main == Rect(x: 20, y: 20, width: 260, height: 160))
        #expect(geometry.layers.map(\.frame) == expected)
        // A second layout of the same chart is identical: no inset drift (§13.1).
        #expect(chart.layout(measurer: TestSupport.fixedMeasurer) == geometry)
    }

    @Test func noGuttersGiveTheWholeView() {
        let chart = GraffeineChart(
            size: Size(width: 300, height: 200), layers: [GraffeineLayer(id: "main", type: .bar)])
        #expect(
            chart.layout(measurer: TestSupport.fixedMeasurer).layers[0].frame
                == Rect(x: 0, y: 0, width: 300, height: 200))
    }

    // MARK: §5 / §6.1 Bars in SampleConfig (main 120×158)

    @Test(arguments: [(0, 10.0), (1, 9), (6, 4), (7, nil), (8, 2), (10, 0)] as [(Int, Double?)])
    func descendingBar(index: Int, value: Double?) {
        var layer = GraffeineLayer(
            id: "bars", type: .bar, data: .init(valueMax: 20, values: .init(hi: [10, 9, 8, 7, 6, 5, 4, nil, 2, 1, 0])))
        layer.unitColumn.margin = 6
        let context = GraffeineLayerContext(
            layer: layer, size: Size(width: 120, height: 158), measurer: TestSupport.fixedMeasurer)
        let rect = context.barRects()[index]
        let column = (120.0 + 6) / 11 - 6  // 5.4545…
        let height = 158 * (value ?? 0) / 20  // nil → a zero-height bar
        #expect(abs(rect.x - Double(index) * (column + 6)) < 1e-9)
        #expect(abs(rect.width - column) < 1e-9)
        #expect(abs(rect.height - height) < 1e-9 && abs(rect.y - (158 - height)) < 1e-9)
    }

    // MARK: §6.2 Grid lines

    @Test(arguments: [
        (2.0, 142.2), (4, 126.4), (6, 110.6), (8, 94.8), (12, 63.2), (14, 47.4), (16, 31.59), (18, 15.79),
    ])
    func sampleGridLine(value: Double, floored: Double) throws {
        var layer = GraffeineLayer(id: "grid", type: .gridLine, data: .init(valueMax: 20, values: .init(hi: [value])))
        layer.unitLine.thickness = 0.5
        let context = GraffeineLayerContext(
            layer: layer, size: Size(width: 120, height: 158), measurer: TestSupport.fixedMeasurer)
        guard case let .line(from, to) = try #require(context.gridLines().first).item.shape else {
            Issue.record("not a line")
            return
        }
        // y = 158·(1 − v/20); the spec lists floor2 of it; the midpoint is the centre anchor x = 120/2
        #expect(graffeineFloor2(from.y) == floored && from.y == to.y)
        #expect((from.x + to.x) / 2 == 60)
    }

    // MARK: §6.4 Plots

    @Test(arguments: [false, true])
    func samplePlotBoxes(reducedByOne: Bool) {
        var layer = GraffeineLayer(
            id: "plot", type: .plot, data: .init(valueMax: 20, values: .init(hi: [0, 1, 3, 4, 10, 15, 20])))
        layer.unitColumn = GraffeineUnitColumn(margin: 6, reducedByOne: reducedByOne)
        layer.diameter = .explicit(8)
        let context = GraffeineLayerContext(
            layer: layer, size: Size(width: 120, height: 158), measurer: TestSupport.fixedMeasurer)
        let boxes = context.plots().compactMap { GraffeineGeometry.bounds(of: $0.item.shape) }
        // step (120+6)/7 = 18, or (120+6)/6 = 21 with reducedByOne; box x = centre − 4
        let expectedX: [Double] = reducedByOne ? [-4, 17, 38, 59, 80, 101, 122] : [-4, 14, 32, 50, 68, 86, 104]
        let expectedY: [Double] = [154, 146.1, 130.3, 122.4, 75, 35.5, -4]  // 158 − 158·v/20 − 4
        #expect(boxes.map { graffeineFloor2($0.x + 1e-9) } == expectedX)
        #expect(boxes.map { graffeineFloor2($0.y + 1e-9) } == expectedY)
        #expect(boxes.allSatisfy { $0.width == 8 && $0.height == 8 })
    }

    // MARK: §6.5 Radial segments

    @Test(arguments: [
        (200.0 as Double?, [(0.0, 36.0), (36, 90), (90, 180)]),  // 20/200 = 10% → 36°, 30/200 → 54°, 50/200 → 90°
        (nil, [(0, 72), (72, 180), (180, 360)]),  // sum 100
    ])
    func sliceAngles(valueMax: Double?, expected: [(Double, Double)]) {
        let layer = GraffeineLayer(
            id: "pie", type: .radialSegment, data: .init(valueMax: valueMax, values: .init(hi: [20, 30, 50])))
        let slices = GraffeineLayerContext(
            layer: layer, size: Size(width: 120, height: 158), measurer: TestSupport.fixedMeasurer
        ).slices()
        for (slice, (start, end)) in zip(slices, expected) {
            #expect(abs(slice.start.degrees - start) < 1e-9 && abs(slice.end.degrees - end) < 1e-9)
        }
    }

    // 100/2; floor2(120·0.5)/2
    @Test(arguments: [(GraffeineDimensionalUnit.explicit(100), 50.0), (.percentage(0.5), 30)])
    func outerRadius(unit: GraffeineDimensionalUnit, radius: Double) throws {
        var layer = GraffeineLayer(id: "pie", type: .radialSegment, data: .init(values: .init(hi: [1])))
        layer.outerDiameter = unit
        let context = GraffeineLayerContext(
            layer: layer, size: Size(width: 120, height: 158), measurer: TestSupport.fixedMeasurer)
        guard case let .path(path) = try #require(context.radialSegments().first).item.shape,
            case let .arc(_, actual, _, _, _) = try #require(path.elements.first)
        else {
            Issue.record("not an arc")
            return
        }
        #expect(actual == radius)
    }

    // MARK: §6.7 Radial poly

    @Test func radarBoundingBox() throws {
        var layer = GraffeineLayer(
            id: "radar", type: .radialPoly, data: .init(valueMax: 6, values: .init(hi: [3, 3, 3])))
        layer.maxDiameter = .explicit(100)
        let context = GraffeineLayerContext(
            layer: layer, size: Size(width: 120, height: 158), measurer: TestSupport.fixedMeasurer)
        let polygon = try #require(context.radialPoly().first)
        let box = try #require(GraffeineGeometry.bounds(of: polygon.item.shape))
        // r = floor2(50·3/6) = 25 at 60°, 180°, 300°: width 25 + 25·cos 60° = 37.5, height 2·25·sin 60° = 43.30
        #expect(graffeineFloor2(box.width + 1e-9) == 37.5 && graffeineFloor2(box.height) == 43.3)
    }

    // MARK: §7 Labels

    @Test(arguments: [
        (GraffeineEdge.start, 0.0), (.center, 50), (.end, 100),  // 100-wide cell, zero padding
    ])
    func alignmentTable(edge: GraffeineEdge, position: Double) {
        #expect(edge.position(from: 0, length: 100, padding: 0) == position)
        // padding pushes inward from the aligned edge (negative goes outside); centre ignores it
        #expect(edge.position(from: 0, length: 100, padding: -8) == position + 8 * edge.sign * -1)
    }

    @Test(arguments: [
        (3, [GraffeineEdge.start, .center, .end]), (1, [.start]),
        (11, [.start] + Array(repeating: .center, count: 9) + [.end]),
    ])
    func distributedByIndex(count: Int, expected: [GraffeineEdge]) {
        let alignment = GraffeineLabelAlignment(horizontal: .centerLeftRight, vertical: .centerTopBottom)
        let resolved = (0..<count).map { GraffeineLayerContext.byIndex(alignment, index: $0, count: count) }
        #expect(resolved.map(\.0) == expected && resolved.map(\.1) == expected)
    }

    @Test(arguments: [
        (Point(x: 75, y: 0), GraffeineEdge.end, GraffeineEdge.center),  // 25 left of centre → right-aligned; |dy| ≤ 32
        (Point(x: 76, y: 0), .center, .center),  // exactly 24 left → centre
        (Point(x: 125, y: 33), .start, .start),  // 25 right → left; 33 below → top
        (Point(x: 100, y: -33), .center, .end),  // 33 above → bottom
    ])
    func distributedGeometric(point: Point, horizontal: GraffeineEdge, vertical: GraffeineEdge) {
        let alignment = GraffeineLabelAlignment(horizontal: .centerLeftRight, vertical: .centerTopBottom)
        let resolved = GraffeineLayerContext.geometric(alignment, point: point, center: Point(x: 100, y: 0))
        #expect(resolved.0 == horizontal && resolved.1 == vertical)
    }

    // MARK: §10 Catmull-Rom

    @Test(arguments: [(11, 6, 62), (5, 4, 18), (3, 6, 3), (2, 12, 2)])  // 1 + (n−1)·g + 1 when n > 3, else unchanged
    func catmullRomPointCount(points: Int, granularity: Int, expected: Int) {
        let input = (0..<points).map { Point(x: Double($0), y: Double($0 % 3)) }
        let smoothed = GraffeineLayerContext.catmullRom(input, granularity: granularity)
        #expect(smoothed.count == expected)
        #expect(smoothed.first == input.first && smoothed.last == input.last)
    }

    @Test func catmullRomIsUniform() {
        // t = ½ between p1 and p2 with p0 = 0, p1 = 0, p2 = 1, p3 = 1: ½·(0 + ½·1 + ¼·(4) + ⅛·(−3 + 1)) = ½
        let mid = GraffeineLayerContext.catmullRomPoint(.zero, .zero, Point(x: 1, y: 1), Point(x: 1, y: 1), t: 0.5)
        #expect(mid == Point(x: 0.5, y: 0.5))
    }

    // MARK: §9.1 Hit test and §11 AnglePair

    @Test func tapSelectsTheFirstBar() throws {
        var top = GraffeineLayer(id: "top", type: .horizontalLabel)
        top.region = .topGutter
        top.thickness = 20
        var bars = GraffeineLayer(id: "bars", type: .bar, data: .init(values: .init(hi: [10, 2])))
        bars.selection.isEnabled = true
        let chart = GraffeineChart(size: Size(width: 300, height: 200), layers: [top, bars])
        let geometry = chart.layout(measurer: TestSupport.fixedMeasurer)
        // bar 0 = (0, 0, 150, 180) in the layer at (0, 20): centre (75, 90) + (0, 20)
        #expect(
            GraffeineHitTest.hit(Point(x: 50, y: 50), in: chart, geometry: geometry)
                == GraffeineHit(layer: "bars", index: 0, point: Point(x: 75, y: 110)))
        #expect(GraffeineHitTest.hit(Point(x: 250, y: 100), in: chart, geometry: geometry) == nil)
    }

    @Test(arguments: [(1.0, 99.98, 1.74), (2, 99.93, 3.48)])  // 100·cos 1° = 99.9847…, 100·sin 1° = 1.7452…
    func anglePairPoint(degrees: Double, x: Double, y: Double) {
        let point = Angle(degrees: degrees).point(from: .zero, radius: 100)
        #expect(graffeineFloor2(point.x) == x && graffeineFloor2(point.y) == y)
    }
}
