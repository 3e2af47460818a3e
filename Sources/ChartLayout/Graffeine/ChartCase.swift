import LayoutCore

/// A chart case file of style "graffeine": a view, its layers, and optional expected geometry and hits.
///
/// Format: docs/chart-case-format.md. Decoding is strict; `style` must be absent or `"graffeine"`.
public struct ChartCase: CaseDefinition {
    public typealias Geometry = ChartGeometry

    public var name: String
    public var description: String?
    public var tolerance: Tolerance
    public var chart: GraffeineChart
    public var expect: GraffeineExpectation?

    public init(
        name: String, chart: GraffeineChart, description: String? = nil, tolerance: Tolerance = .exact,
        expect: GraffeineExpectation? = nil
    ) {
        self.name = name
        self.chart = chart
        self.description = description
        self.tolerance = tolerance
        self.expect = expect
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case style, size, background, layers }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.caseContainer(keyedBy: CodingKeys.self, kind: "chart")
        // 1. Only the Graffeine style lives here; the seed styles have their own case types.
        if let style = try container.decodeIfPresent(String.self, forKey: .style), style != "graffeine" {
            throw container.invalidValue(
                "chart style '\(style)' is not handled by the Graffeine chart case (expected \"graffeine\" or no style)",
                at: .style)
        }
        // 2. The common header, then the chart itself.
        (name, description, tolerance) = try decoder.caseHeader()
        chart = GraffeineChart(
            size: try container.decode(Size.self, forKey: .size),
            background: try container.decodeIfPresent(Color.self, forKey: .background),
            layers: try container.decode(.layers, default: []))
        try GraffeineChart.checkUniqueIDs(chart.layers, path: container.codingPath + [CodingKeys.layers])
        expect = try decoder.container(keyedBy: CaseCommonKey.self).decodeIfPresent(
            GraffeineExpectation.self, forKey: .expect)
    }

    public func layout(measurer: any TextMeasuring) throws -> ChartGeometry {
        chart.layout(measurer: measurer)
    }

    public func scene(for geometry: ChartGeometry, measurer: any TextMeasuring) -> Scene {
        geometry.scene
    }

    public func mismatches(in geometry: ChartGeometry) -> [GeometryMismatch] {
        guard let expect else { return [] }
        return expect.mismatches(in: geometry, chart: chart, tolerance: tolerance.geometry)
    }
}
