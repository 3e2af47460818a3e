import LayoutCore

/// A case of kind "chart" drawn in one of the seed sources' own styles, chosen by the top-level `"style"`.
///
/// The style decides every other key (see docs/seed-chart-format.md); unknown keys are errors.
/// `expect` is a partial copy of the printed geometry: every number it names must match within
/// `tolerance.geometry`, every string and boolean exactly, and every array it names in full.
public struct SeedChartCase: CaseDefinition {
    public typealias Geometry = SeedChartGeometry

    /// The values of `"style"`, one per source chart.
    public static let styles: [String] = SeedChart.Style.allCases.map(\.rawValue)

    public var name: String
    public var description: String?
    public var tolerance: Tolerance
    /// The chosen style, one of `styles`.
    public var style: String { chart.style.rawValue }

    let chart: SeedChart
    /// The pinned geometry, an object; nil when the case pins none.
    let expect: SeedJSON?

    public init(from decoder: any Decoder) throws {
        // 1. The style picks the key set, so read it before the strict container of that style.
        let probe = try decoder.container(keyedBy: SeedChart.StyleKey.self)
        let styleName = try probe.decode(String.self, forKey: .style)
        guard let style = SeedChart.Style(rawValue: styleName) else {
            throw probe.invalidValue(
                "unknown chart style '\(styleName)' (expected one of \(SeedChartCase.styles.joined(separator: ", ")))",
                at: .style)
        }
        chart = try SeedChart(style: style, from: decoder)
        // 2. The common keys.
        let header = try decoder.caseHeader()
        (name, description, tolerance) = (header.name, header.description, header.tolerance)
        let common = try decoder.container(keyedBy: CaseCommonKey.self)
        expect = try common.decodeIfPresent(SeedJSON.self, forKey: .expect)
        if let expect, !expect.isObject {
            throw common.invalidValue("expect must be an object of geometry fields", at: .expect)
        }
    }

    public func layout(measurer: any TextMeasuring) throws -> SeedChartGeometry {
        let geometry = try chart.layout(measurer: measurer)
        // A last guard: the styles avoid every division that could produce NaN, but never print one.
        if let path = geometry.fields.firstNonFinitePath() {
            throw CaseError(path: "$", message: "the \(style) layout produced a non-finite number at \(path)")
        }
        return geometry
    }

    public func scene(for geometry: SeedChartGeometry, measurer: any TextMeasuring) -> Scene {
        geometry.scene
    }

    public func mismatches(in geometry: SeedChartGeometry) -> [GeometryMismatch] {
        guard let expect else { return [] }
        return geometry.fields.mismatches(against: expect, tolerance: tolerance.geometry)
    }
}

/// The resolved geometry of a seed chart: the style's own fields (see docs/seed-chart-format.md) and the scene.
///
/// Encodes as one object: `"style"`, then the style's fields in a fixed order, then `"scene"`.
public struct SeedChartGeometry: Encodable, Sendable {
    public var style: String
    /// The style's fields, exactly as printed and as `expect` is checked against them.
    var fields: SeedJSON
    /// The picture of the chart, in the source's colours and proportions.
    public var scene: Scene

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(style, forKey: AnyCodingKey(stringValue: "style"))
        if case let .object(pairs) = fields {
            for pair in pairs { try container.encode(pair.value, forKey: AnyCodingKey(stringValue: pair.key)) }
        }
        try container.encode(scene, forKey: AnyCodingKey(stringValue: "scene"))
    }
}

/// One seed chart style: a decoded spec that lays itself out and draws itself.
protocol SeedChartStyle: Sendable {
    associatedtype Resolved: SeedJSONConvertible

    /// Throws `CaseError` for input that decodes but cannot be laid out.
    func layout(measurer: any TextMeasuring) throws -> Resolved
    func scene(for resolved: Resolved, measurer: any TextMeasuring) -> Scene
}

/// The decoded chart of a seed case, one spec per style.
enum SeedChart: Sendable {
    enum Style: String, CaseIterable, Sendable {
        case rhLinePlot, researchKitPie, researchKitLine, researchKitDiscrete, blogBarChart
    }

    enum StyleKey: String, CodingKey { case style }

    case rhLinePlot(RHLinePlot.Spec)
    case researchKitPie(ResearchKitPieChart.Spec)
    case researchKitGraph(ResearchKitGraph.Spec)
    case blogBarChart(BlogBarChart.Spec)

    init(style: Style, from decoder: any Decoder) throws {
        switch style {
        case .rhLinePlot: self = .rhLinePlot(try RHLinePlot.Spec(from: decoder))
        case .researchKitPie: self = .researchKitPie(try ResearchKitPieChart.Spec(from: decoder))
        case .researchKitLine: self = .researchKitGraph(try ResearchKitGraph.Spec(from: decoder, kind: .line))
        case .researchKitDiscrete: self = .researchKitGraph(try ResearchKitGraph.Spec(from: decoder, kind: .discrete))
        case .blogBarChart: self = .blogBarChart(try BlogBarChart.Spec(from: decoder))
        }
    }

    var style: Style {
        switch self {
        case .rhLinePlot: .rhLinePlot
        case .researchKitPie: .researchKitPie
        case let .researchKitGraph(spec): spec.kind == .line ? .researchKitLine : .researchKitDiscrete
        case .blogBarChart: .blogBarChart
        }
    }

    func layout(measurer: any TextMeasuring) throws -> SeedChartGeometry {
        switch self {
        case let .rhLinePlot(spec): try resolve(spec, measurer: measurer)
        case let .researchKitPie(spec): try resolve(spec, measurer: measurer)
        case let .researchKitGraph(spec): try resolve(spec, measurer: measurer)
        case let .blogBarChart(spec): try resolve(spec, measurer: measurer)
        }
    }

    private func resolve(_ spec: some SeedChartStyle, measurer: any TextMeasuring) throws -> SeedChartGeometry {
        let resolved = try spec.layout(measurer: measurer)
        return SeedChartGeometry(
            style: style.rawValue, fields: resolved.seedJSON, scene: spec.scene(for: resolved, measurer: measurer))
    }
}

extension SeedJSON {
    /// The path of the first NaN or infinite number in the tree, or nil when every number is finite.
    func firstNonFinitePath(_ path: String = "$") -> String? {
        switch self {
        case let .number(value): value.isFinite ? nil : path
        case let .array(values): values.enumerated().lazy.compactMap { $1.firstNonFinitePath(path + "[\($0)]") }.first
        case let .object(pairs): pairs.lazy.compactMap { $0.value.firstNonFinitePath(path + "." + $0.key) }.first
        default: nil
        }
    }
}
