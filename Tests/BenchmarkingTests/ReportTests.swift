import Foundation
import LayoutCore
import Testing

@testable import Benchmarking

struct ReportTests {
    static let machine = MachineInfo(cpu: "test cpu", cores: 2, memoryBytes: 1 << 30, os: "test os", quick: true, engines: ["reference": "r1", "yoga": "y1"])

    static let report = BenchmarkReport(
        machine: machine,
        results: [
            BenchmarkResult(engine: "reference", shape: .linear, size: 5, mode: .fresh, microsecondsPerLayout: 2, spread: 0.5, batches: 5, iterationsPerBatch: 100),
            BenchmarkResult(engine: "yoga", shape: .linear, size: 5, mode: .fresh, microsecondsPerLayout: 5, spread: 0.25, batches: 5, iterationsPerBatch: 40),
            BenchmarkResult(engine: "reference", shape: .linear, size: 10, mode: .fresh, microsecondsPerLayout: 4, spread: 1, batches: 5, iterationsPerBatch: 50),
        ],
        notes: ["skipped taffy: missing"])

    @Test func ratioIsThePeerOverTheReference() throws {
        // yoga 5 µs against reference 2 µs on linear-5 fresh.
        #expect(Self.report.ratioToReference(Self.report.results[1]) == 2.5)
        #expect(Self.report.ratioToReference(Self.report.results[0]) == 1)
    }

    @Test func table() throws {
        #expect(try Self.report.formatted(.table) == """
            linear — fresh (µs per layout, median ± IQR)
             N  reference µs      yoga µs  yoga/ref
            ---------------------------------------
             5   2.00 ± 0.50  5.00 ± 0.25     2.50×
            10   4.00 ± 1.00            –         –

            note: skipped taffy: missing

            """)
    }

    @Test func markdown() throws {
        #expect(try Self.report.formatted(.markdown) == """
            ### linear — fresh (µs per layout, median ± IQR)

            | N | reference µs | yoga µs | yoga/ref |
            |---:|---:|---:|---:|
            | 5 | 2.00 ± 0.50 | 5.00 ± 0.25 | 2.50× |
            | 10 | 4.00 ± 1.00 | – | – |

            - skipped taffy: missing

            """)
    }

    @Test func csv() throws {
        #expect(try Self.report.formatted(.csv) == """
            engine,shape,size,mode,microsecondsPerLayout,spread,ratioToReference
            reference,linear,5,fresh,2.0,0.5,1.0
            yoga,linear,5,fresh,5.0,0.25,2.5
            reference,linear,10,fresh,4.0,1.0,1.0

            """)
    }

    @Test func jsonFollowsTheCLIContract() throws {
        let json = try #require(JSONSerialization.jsonObject(with: Data(try Self.report.formatted(.json).utf8)) as? [String: Any])
        #expect((json["machine"] as? [String: Any])?["cores"] as? Int == 2)
        let results = try #require(json["results"] as? [[String: Any]])
        #expect(results.count == 3)
        #expect(results[1]["engine"] as? String == "yoga")
        #expect(results[1]["shape"] as? String == "linear")
        #expect(results[1]["size"] as? Int == 5)
        #expect(results[1]["mode"] as? String == "fresh")
        #expect(results[1]["microsecondsPerLayout"] as? Double == 5)
        #expect(results[1]["spread"] as? Double == 0.25)
    }

    @Test func plotHasOnePolylinePerEngineAndModeWithPoints() {
        let scene = Self.report.plotScene()
        // Only the reference has two points in one series (linear fresh, N = 5 and 10), so one data polyline,
        // plus the axis polyline of the single linear panel.
        let polylines = scene.items.filter { if case .polyline = $0.shape { true } else { false } }
        #expect(polylines.count == 2)
        let markers = scene.items.filter { if case .ellipse = $0.shape { true } else { false } }
        #expect(markers.count == 3)
        #expect(scene.items.contains { if case .text(let run) = $0.shape { run.string == "yoga relayout" } else { false } })
        #expect(scene.size.width == 420 + 70 + 20)
    }

    @Test(arguments: [(1.0, "1"), (10, "10"), (1_000, "1k"), (100_000, "100k"), (0.1, "0.1")])
    func tickLabels(value: Double, label: String) {
        #expect(BenchmarkReport.tickLabel(value) == label)
    }

    @Test func compareFramesNamesEachDifference() {
        let expected = [PeerFrame(path: [], frame: Rect(x: 0, y: 0, width: 480, height: 116)), PeerFrame(path: [0], frame: Rect(x: 0, y: 0, width: 40, height: 20))]
        let actual = [PeerFrame(path: [], frame: Rect(x: 0, y: 0, width: 500, height: 116.005)), PeerFrame(path: [1], frame: Rect(x: 0, y: 0, width: 40, height: 20))]
        #expect(compareFrames(expected: expected, actual: actual, tolerance: 0.01) == [
            "node []: width expected 480, got 500", "node [0]: frame expected 0, 0, 40, 20, got nothing (missing)",
            "node [1]: frame expected no such node, got 0, 0, 40, 20",
        ])
    }
}
