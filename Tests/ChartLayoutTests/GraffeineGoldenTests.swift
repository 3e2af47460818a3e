import ChartLayout
import Foundation
import LayoutCore
import TestSupport
import Testing

/// The chart goldens: every case decodes, lays out without NaN and matches its own `expect`.
///
/// Expectations pin text *anchors*, which never depend on the measurer, so the fixed measurer is used here
/// and the FreeType measurer of the runner gives the same geometry checks.
enum GraffeineGoldens {
    static let directory = TestSupport.goldenDirectory + "/chart"

    /// The base names of golden/chart/*.json.
    static let names: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return files.filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted()
    }()

    static func load(_ name: String) throws -> ChartCase {
        let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + name + ".json"))
        return try JSONDecoder().decode(ChartCase.self, from: data)
    }
}

@Suite struct GraffeineGoldenTests {
    @Test func thereAreGoldens() {
        #expect(GraffeineGoldens.names.count >= 40)
    }

    @Test(arguments: GraffeineGoldens.names)
    func goldenMatchesItsExpectation(name: String) throws {
        let chartCase = try GraffeineGoldens.load(name)
        #expect(chartCase.name == name)
        let geometry = try chartCase.layout(measurer: TestSupport.fixedMeasurer)
        let mismatches = chartCase.mismatches(in: geometry)
        #expect(mismatches.isEmpty, "\(name):\n\(mismatches.map(\.description).joined(separator: "\n"))")
        #expect(geometry.scene.firstNonFiniteValue() == nil)
    }

    @Test(arguments: GraffeineGoldens.names)
    func geometryEncodesAsJSON(name: String) throws {
        let chartCase = try GraffeineGoldens.load(name)
        let geometry = try chartCase.layout(measurer: TestSupport.fixedMeasurer)
        let json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(geometry)) as? [String: Any]
        let layers = json?["layers"] as? [[String: Any]]
        #expect(layers?.count == chartCase.chart.layers.count)
        #expect(json?["regions"] != nil && json?["scene"] != nil)
        if let first = (layers?.first?["primitives"] as? [[String: Any]])?.first {
            #expect(first["index"] != nil && first["type"] != nil)
        }
    }
}
