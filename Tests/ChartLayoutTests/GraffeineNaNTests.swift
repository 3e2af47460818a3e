import LayoutCore
import TestSupport
import Testing

@testable import ChartLayout

/// No NaN or infinity ever reaches the Scene, whatever the data.
@Suite struct GraffeineNaNTests {
    static let dataSets: [(String, GraffeineData)] = [
        ("empty", GraffeineData()),
        ("all nil", GraffeineData(values: .init(hi: [nil, nil, nil], lo: [nil]), labels: [nil, nil, nil])),
        ("zero total", GraffeineData(values: .init(hi: [0, 0, 0], lo: [0, 0, 0]), labels: ["a", "b", "c"])),
        ("zero valueMax", GraffeineData(valueMax: 0, values: .init(hi: [1, 2, 3]), labels: ["a", "b", "c"])),
        (
            "negative",
            GraffeineData(
                values: .init(hi: [-1, -5, -2], lo: [-3]), labels: ["a", "b", "c"], selected: .init(index: 1))
        ),
        ("negative span zero", GraffeineData(values: .init(hi: [-5]), labels: ["a"])),
        (
            "mixed",
            GraffeineData(
                valueMax: 4, valueMin: -4, values: .init(hi: [3, nil, -8, 12], lo: [1, 2]),
                labels: ["a", nil, "c", "d"])
        ),
        ("huge", GraffeineData(values: .init(hi: [1e300, -1e300, 1e-300]), labels: ["a", "b", "c"])),
    ]

    static var arguments: [(String, GraffeineLayerType)] {
        dataSets.flatMap { name, _ in GraffeineLayerType.allCases.map { (name, $0) } }
    }

    @Test(arguments: arguments)
    func sceneIsFinite(dataName: String, type: GraffeineLayerType) {
        let data = Self.dataSets.first { $0.0 == dataName }!.1
        for flipXY in [false, true] {
            for positioner in GraffeinePlotPositioner.allCases {
                var layer = GraffeineLayer(id: "layer", type: type, data: data)
                layer.flipXY = flipXY
                layer.positioner = positioner
                layer.smoothing = .catmullRom(4)
                layer.unitFill.colors = [.black]
                layer.unitLine.colors = [.black]
                layer.unitLine.thickness = 1
                layer.unitText.colors = [.black]
                layer.labelRotationInheritFromCenter = true
                layer.selection.radial = .init(
                    outerDiameter: .percentage(0.5), innerDiameter: .explicit(80), centerOffsetDiameter: .explicit(500))
                for size in [Size(width: 200, height: 100), Size(width: 0, height: 0)] {
                    let chart = GraffeineChart(size: size, layers: [layer])
                    let geometry = chart.layout(measurer: TestSupport.fixedMeasurer)
                    #expect(
                        geometry.scene.firstNonFiniteValue() == nil,
                        "\(dataName) \(type) flip \(flipXY) \(positioner) \(size)")
                    _ = GraffeineHitTest.hit(Point(x: 10, y: 10), in: chart, geometry: geometry)
                }
            }
        }
    }
}
