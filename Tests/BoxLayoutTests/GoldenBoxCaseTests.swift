import Foundation
import LayoutCore
import TestSupport
import Testing

@testable import BoxLayout

/// Every golden/box/*.json decodes, lays out to its hand-derived `expect`, and round-trips through encoding.
struct GoldenBoxCaseTests {
    static let directory = TestSupport.goldenDirectory + "/box"
    static let files: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }()

    static func load(_ file: String) throws -> BoxCase {
        let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + file))
        return try JSONDecoder().decode(BoxCase.self, from: data)
    }

    @Test func thereAreAtLeastSixtyCases() {
        #expect(Self.files.count >= 60)
    }

    @Test("the case lays out to its expected frames", arguments: files)
    func matchesExpectation(_ file: String) throws {
        let boxCase = try Self.load(file)
        #expect(boxCase.name + ".json" == file)
        #expect(boxCase.expect != nil, "every golden box case carries exact frames")
        let frames = try boxCase.layout(measurer: TestSupport.fixedMeasurer)
        let mismatches = boxCase.mismatches(in: frames)
        #expect(mismatches.isEmpty, "\(mismatches.map(\.description).joined(separator: "\n"))")
        #expect(frames.frames.allSatisfy { $0.frame.isFinite })
    }

    @Test("the case encodes and decodes back to itself", arguments: files)
    func roundTrips(_ file: String) throws {
        let boxCase = try Self.load(file)
        let encoded = try JSONEncoder().encode(boxCase)
        #expect(try JSONDecoder().decode(BoxCase.self, from: encoded) == boxCase)
    }

    @Test("the scene is a finite canvas of at most 4096 px a side", arguments: files)
    func sceneIsBounded(_ file: String) throws {
        let boxCase = try Self.load(file)
        let scene = boxCase.scene(
            for: try boxCase.layout(measurer: TestSupport.fixedMeasurer), measurer: TestSupport.fixedMeasurer)
        #expect(scene.size.width >= 1 && scene.size.width <= 4096)
        #expect(scene.size.height >= 1 && scene.size.height <= 4096)
        #expect(scene.background == .white)
    }
}
