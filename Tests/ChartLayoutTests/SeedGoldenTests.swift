import Foundation
import LayoutCore
import TestSupport
import Testing

@testable import ChartLayout

/// The seed chart goldens: every golden/seeds/*.json decodes, lays out, and matches its own `expect`.
enum SeedGoldens {
    static let directory = TestSupport.goldenDirectory + "/seeds"

    static var files: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).filter { $0.hasSuffix(".json") }
            .sorted()
    }

    static func load(_ file: String) throws -> SeedChartCase {
        try JSONDecoder().decode(
            SeedChartCase.self, from: Data(contentsOf: URL(fileURLWithPath: directory + "/" + file)))
    }
}

struct SeedGoldenTests {
    @Test func thereAreEnoughGoldensPerSource() {
        let files = SeedGoldens.files
        #expect(files.count >= 15)
        for prefix in ["rh-", "rk-", "blog-"] {
            #expect(files.filter { $0.hasPrefix(prefix) }.count >= 5, "fewer than 5 goldens for \(prefix)")
        }
    }

    @Test(arguments: SeedGoldens.files)
    func goldenMatchesItsExpectation(file: String) throws {
        let chart = try SeedGoldens.load(file)
        #expect(chart.name + ".json" == file)
        #expect(chart.expect != nil, "\(file) pins no geometry")
        let geometry = try chart.layout(measurer: TestSupport.fixedMeasurer)
        let mismatches = chart.mismatches(in: geometry)
        #expect(mismatches.isEmpty, "\(file):\n\(mismatches.map(\.description).joined(separator: "\n"))")
        #expect(geometry.fields.firstNonFinitePath() == nil)
        // The printed form is JSON that Foundation can encode.
        _ = try JSONEncoder().encode(geometry)
    }

    /// Goldens pin only font-independent geometry (docs/seed-chart-format.md), because the runner measures with the
    /// pinned font: they must also hold under a measurer with other metrics.
    @Test(arguments: SeedGoldens.files)
    func goldenIsFontIndependent(file: String) throws {
        let chart = try SeedGoldens.load(file)
        let otherFont = FixedAdvanceTextMeasurer(advance: 0.61, lineSpacing: 1.17, ascentRatio: 0.8)
        let mismatches = chart.mismatches(in: try chart.layout(measurer: otherFont))
        #expect(mismatches.isEmpty, "\(file):\n\(mismatches.map(\.description).joined(separator: "\n"))")
    }
}
