import ChartLayout
import Foundation
import LayoutCore
import PropertyBased
import TestSupport
import Testing

/// No NaN or infinity ever reaches a chart's geometry or scene, whatever finite data it gets.
///
/// Each generated case takes one of the golden chart cases (Graffeine and every seed style) and replaces its
/// data: every numeric list (`hi`, `lo`, `values`, `plots`, …) gets a new length, 0 to 12 (empty series
/// included), and every entry and every scalar bound (`valueMax`, `minimumValue`, …) is drawn from extremes:
/// ±0, ±1, ±1e308, ±greatestFiniteMagnitude, ±5e-324, ±1e-300, 1e15, ordinary values, and null where a series
/// allows gaps. Mutations that the strict decoder refuses (a style that needs at least two values, say) are
/// skipped and counted; the rest must lay out to finite numbers only. With `PROPERTY_DUMP=DIR` in the environment
/// each failing case is also written to DIR as a case file, ready for `ristretto layout`.
@Suite struct PropertyChartLayoutTests {
    /// The run's fixed seed; a failure prints the failing case's own seed and its JSON.
    static let seed: (UInt64, UInt64, UInt64, UInt64) = (0x4348_4152_5453_2026, 0x5EED_0F_C4A2, 0x1123, 0x7F4A_7C15)
    static let count = 1000

    static let genes = Gen.int(in: 0...999).array(of: 8...60)

    /// The golden chart cases without their `expect` (the mutated data would not match it), in a fixed order.
    static let templates: [(name: String, json: Data)] = {
        let folders = ["chart", "seeds"].map { TestSupport.goldenDirectory + "/" + $0 }
        var result: [(String, Data)] = []
        for folder in folders {
            let files = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter {
                $0.hasSuffix(".json")
            }.sorted()
            for file in files {
                guard let data = FileManager.default.contents(atPath: folder + "/" + file),
                    var object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any]
                else { continue }
                object["expect"] = nil
                if let json = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) {
                    result.append((file, json))
                }
            }
        }
        return result
    }()

    /// Keys whose numeric lists are data, and scalar keys that bound the data.
    static let listKeys: Set<String> = ["hi", "lo", "values", "plots", "xAxisPoints", "hiddenVerticalReferenceLines"]
    static let boundKeys: Set<String> = [
        "valueMax", "valueMin", "maximumValue", "minimumValue", "highest", "lowest", "total", "value",
    ]
    static let extremes: [Double] = [
        0, -0.0, 1, -1, 1e308, -1e308, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, 5e-324, -5e-324,
        1e-300, -1e-300, 1e15, 42.5, -7.25, 1000,
    ]

    @Test func extremeDataLaysOutFinite() throws {
        try #require(Self.templates.count >= 20, "the golden chart cases were not found")
        var master = Xoshiro(seed: Self.seed)
        var laidOut = 0
        var refused = 0
        var failures = 0
        for index in 0..<Self.count {
            var rng = Xoshiro(seed: (master.next(), master.next(), master.next(), master.next()))
            let caseSeed = rng.currentSeed
            var stream = Self.genes.run(using: &rng)[...]
            let template = Self.templates[stream.removeFirst() % Self.templates.count]
            let mutated = Self.mutate(try JSONSerialization.jsonObject(with: template.json), key: nil, genes: &stream)
            let data = try JSONSerialization.data(withJSONObject: mutated, options: [.sortedKeys])
            guard let problem = Self.nonFiniteOutput(data) else { continue }
            switch problem {
            case "refused": refused += 1
            case "ok": laidOut += 1
            default:
                failures += 1
                if let dump = ProcessInfo.processInfo.environment["PROPERTY_DUMP"] {
                    try? data.write(to: URL(fileURLWithPath: dump + "/case-\(index).json"))
                }
                if failures <= 3 {
                    Issue.record(
                        "case \(index) (from \(template.name)), seed \"\(caseSeed)\": \(problem)\n\(String(decoding: data, as: UTF8.self))"
                    )
                }
            }
        }
        // The property must not hold vacuously.
        #expect(failures == 0, "\(failures) of \(Self.count) cases had non-finite output")
        #expect(
            laidOut >= Self.count / 2, "only \(laidOut) of \(Self.count) mutated charts decoded (\(refused) refused)")
    }

    /// "refused" when decoding or layout rejects the case, "ok" when everything is finite, else the problem.
    static func nonFiniteOutput(_ data: Data) -> String? {
        let decoder = JSONDecoder()
        let style = (try? JSONSerialization.jsonObject(with: data) as? [String: Any])?["style"] as? String
        do {
            if style == nil || style == "graffeine" {
                return check(try decoder.decode(ChartCase.self, from: data))
            }
            return check(try decoder.decode(SeedChartCase.self, from: data))
        } catch {
            return "refused"
        }
    }

    static func check<Case: CaseDefinition>(_ definition: Case) -> String {
        guard let geometry = try? definition.layout(measurer: TestSupport.fixedMeasurer) else { return "refused" }
        if let problem = definition.scene(for: geometry, measurer: TestSupport.fixedMeasurer).firstNonFiniteValue() {
            return "scene: \(problem)"
        }
        // JSONEncoder refuses NaN and infinities: the geometry `ristretto layout` prints must encode.
        do {
            _ = try JSONEncoder().encode(geometry)
        } catch {
            return "geometry: \(error)"
        }
        _ = definition.mismatches(in: geometry)
        return "ok"
    }

    /// Replaces data lists and bounds under `value`, drawing lengths and entries from `genes` (cycled).
    static func mutate(_ value: Any, key: String?, genes: inout ArraySlice<Int>) -> Any {
        func next() -> Int {
            guard let gene = genes.popFirst() else { return 0 }
            genes.append(gene)
            return gene
        }
        func extreme(nullable: Bool) -> Any {
            let gene = next()
            if nullable, gene % 9 == 0 { return NSNull() }
            return extremes[gene % extremes.count]
        }
        switch value {
        case let object as [String: Any]:
            // Sorted keys: a dictionary's own order changes from run to run, and the genes must land the same way.
            var result: [String: Any] = [:]
            for key in object.keys.sorted() { result[key] = mutate(object[key]!, key: key, genes: &genes) }
            return result
        case let list as [Any] where key.map(listKeys.contains) ?? false:
            let length = next() % 13
            if list.first is [Any] {  // a list of series (ResearchKit's plots): mutate each, keep the count
                return list.map { _ in (0..<length).map { _ in extreme(nullable: false) } }
            }
            return (0..<length).map { _ in extreme(nullable: key == "hi" || key == "lo") }
        case let list as [Any]:
            return list.map { mutate($0, key: nil, genes: &genes) }
        case is NSNumber where key.map(boundKeys.contains) ?? false:
            return extreme(nullable: false)
        default:
            return value
        }
    }
}
