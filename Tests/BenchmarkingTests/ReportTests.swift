import Engines
import Foundation
import LayoutCore
import Testing

@testable import Benchmarking

struct ReportTests {
    static let machine = MachineInfo(
        cpu: "test cpu", cores: 2, memoryBytes: 1 << 30, os: "test os", quick: true,
        engines: ["reference": "r1", "yoga": "y1"],
        engineDetails: [
            EngineInfo(name: "reference", version: "r1", timing: "in process"),
            EngineInfo(name: "yoga", version: "y1", timing: "native, with a note"),
        ])

    static let report = BenchmarkReport(
        machine: machine,
        results: [
            BenchmarkResult(
                engine: "reference", shape: .linear, size: 5, mode: .fresh, microsecondsPerLayout: 2, spread: 0.5,
                batches: 5, iterationsPerBatch: 100),
            BenchmarkResult(
                engine: "yoga", shape: .linear, size: 5, mode: .fresh, microsecondsPerLayout: 5, spread: 0.25,
                batches: 5, iterationsPerBatch: 40),
            BenchmarkResult(
                engine: "reference", shape: .linear, size: 10, mode: .fresh, microsecondsPerLayout: 4, spread: 1,
                batches: 5, iterationsPerBatch: 50),
        ],
        notes: ["skipped taffy: missing"])

    @Test func ratioIsThePeerOverTheReference() throws {
        // yoga 5 µs against reference 2 µs on linear-5 fresh.
        #expect(Self.report.ratioToReference(Self.report.results[1]) == 2.5)
        #expect(Self.report.ratioToReference(Self.report.results[0]) == 1)
    }

    @Test func table() throws {
        #expect(
            try Self.report.formatted(.table) == """
                engine reference: r1; figures: in process
                engine yoga: y1; figures: native, with a note

                linear — fresh (µs per layout, median ± IQR)
                 N  reference µs      yoga µs  yoga/ref
                ---------------------------------------
                 5   2.00 ± 0.50  5.00 ± 0.25     2.50×
                10   4.00 ± 1.00            –         –
                  yoga = y1; figures: native, with a note

                note: skipped taffy: missing

                """)
    }

    @Test func markdown() throws {
        #expect(
            try Self.report.formatted(.markdown) == """
                - reference: r1; figures: in process
                - yoga: y1; figures: native, with a note

                ### linear — fresh (µs per layout, median ± IQR)

                | N | reference µs | yoga µs | yoga/ref |
                |---:|---:|---:|---:|
                | 5 | 2.00 ± 0.50 | 5.00 ± 0.25 | 2.50× |
                | 10 | 4.00 ± 1.00 | – | – |

                *yoga = y1; figures: native, with a note*

                - skipped taffy: missing

                """)
    }

    @Test func csv() throws {
        #expect(
            try Self.report.formatted(.csv) == """
                engine,shape,size,mode,microsecondsPerLayout,spread,ratioToReference,engineVersion,engineTiming,coreMicrosecondsPerLayout,viaPython,family,unequalAnswers
                reference,linear,5,fresh,2.0,0.5,1.0,r1,in process,,,,
                yoga,linear,5,fresh,5.0,0.25,2.5,y1,"native, with a note",,,,
                reference,linear,10,fresh,4.0,1.0,1.0,r1,in process,,,,

                """)
    }

    @Test func jsonFollowsTheCLIContract() throws {
        let json = try #require(
            JSONSerialization.jsonObject(with: Data(try Self.report.formatted(.json).utf8)) as? [String: Any])
        #expect((json["machine"] as? [String: Any])?["cores"] as? Int == 2)
        let results = try #require(json["results"] as? [[String: Any]])
        #expect(results.count == 3)
        #expect(results[1]["engine"] as? String == "yoga")
        #expect(results[1]["shape"] as? String == "linear")
        #expect(results[1]["size"] as? Int == 5)
        #expect(results[1]["mode"] as? String == "fresh")
        #expect(results[1]["microsecondsPerLayout"] as? Double == 5)
        #expect(results[1]["spread"] as? Double == 0.25)
        let details = try #require((json["machine"] as? [String: Any])?["engineDetails"] as? [[String: String]])
        #expect(
            details == [
                ["name": "reference", "version": "r1", "timing": "in process"],
                ["name": "yoga", "version": "y1", "timing": "native, with a note"],
            ])
    }

    /// A peer whose adapter also times its own layout call gets that figure beside its own in every output, with
    /// what it includes: a column in the table and markdown, a field in JSON, the last CSV column.
    @Test func aCoreFigureReachesEveryOutput() throws {
        let machine = MachineInfo(
            cpu: "c", cores: 2, memoryBytes: 1, os: "o", quick: true, engines: ["reference": "r1", "taffy": "t1"],
            engineDetails: [
                EngineInfo(name: "reference", version: "r1"),
                EngineInfo(name: "taffy", version: "t1", timing: "via Python", coreTiming: "the call alone"),
            ])
        let report = BenchmarkReport(
            machine: machine,
            results: [
                BenchmarkResult(
                    engine: "reference", shape: .depth, size: 4, mode: .fresh, microsecondsPerLayout: 1, spread: 0,
                    batches: 1, iterationsPerBatch: 1),
                BenchmarkResult(
                    engine: "taffy", shape: .depth, size: 4, mode: .fresh, microsecondsPerLayout: 300, spread: 10,
                    batches: 1,
                    iterationsPerBatch: 1, coreMicrosecondsPerLayout: 12.5),
            ],
            notes: [])
        #expect(
            try report.formatted(.table) == """
                engine reference: r1
                engine taffy: t1; figures: via Python; core: the call alone

                depth — fresh (µs per layout, median ± IQR)
                D  reference µs        taffy µs  taffy core µs  taffy/ref
                ---------------------------------------------------------
                4   1.00 ± 0.00  300.00 ± 10.00          12.50    300.00×
                  taffy = t1; figures: via Python
                  taffy core: the call alone

                """)
        #expect(try report.formatted(.markdown).contains("| D | reference µs | taffy µs | taffy core µs | taffy/ref |"))
        #expect(try report.formatted(.csv).hasSuffix("taffy,depth,4,fresh,300.0,10.0,300.0,t1,via Python,12.5,,,\n"))
        let json = try #require(
            JSONSerialization.jsonObject(with: Data(try report.formatted(.json).utf8)) as? [String: Any])
        let results = try #require(json["results"] as? [[String: Any]])
        #expect(results.map { $0["coreMicrosecondsPerLayout"] as? Double } == [nil, 12.5])
    }

    /// Every mode's name reaches every output: JSON "mode" values, CSV rows, table and markdown titles, the legend.
    @Test(arguments: BenchMode.allCases)
    func everyModeReachesEveryOutput(mode: BenchMode) throws {
        let report = BenchmarkReport(
            machine: Self.machine,
            results: [
                BenchmarkResult(
                    engine: "reference", shape: .flow, size: 3, mode: mode, microsecondsPerLayout: 1, spread: 0,
                    batches: 1, iterationsPerBatch: 1)
            ])
        let json = try #require(
            JSONSerialization.jsonObject(with: Data(try report.formatted(.json).utf8)) as? [String: Any])
        #expect((json["results"] as? [[String: Any]])?.first?["mode"] as? String == mode.rawValue)
        #expect(try report.formatted(.csv).contains("reference,flow,3,\(mode.rawValue),"))
        #expect(try report.formatted(.table).contains("flow — \(mode.rawValue) (µs per layout"))
        #expect(try report.formatted(.markdown).contains("### flow — \(mode.rawValue) (µs per layout"))
        #expect(
            report.plotScene().items.contains {
                if case .text(let run) = $0.shape { run.string == "reference \(mode.rawValue)" } else { false }
            })
    }

    @Test func eachModeHasItsOwnLineStyle() {
        #expect(Set(BenchMode.allCases.map(BenchmarkReport.dash(of:))).count == BenchMode.allCases.count)
    }

    @Test func reportsWithoutEngineDetailsStillDecode() throws {
        let old = #"{"cpu":"c","cores":2,"memoryBytes":1,"os":"o","quick":false,"engines":{"yoga":"y"}}"#
        let machine = try JSONDecoder().decode(MachineInfo.self, from: Data(old.utf8))
        #expect(machine.engineDetails.isEmpty && machine.engines == ["yoga": "y"])
    }

    @Test func plotHasOnePolylinePerEngineAndModeWithPoints() {
        let scene = Self.report.plotScene()
        // Only the reference has two points in one series (linear fresh, N = 5 and 10), so one data polyline,
        // plus the axis polyline of the single linear panel.
        let polylines = scene.items.filter { if case .polyline = $0.shape { true } else { false } }
        #expect(polylines.count == 2)
        let markers = scene.items.filter { if case .ellipse = $0.shape { true } else { false } }
        #expect(markers.count == 3)
        #expect(
            scene.items.contains { if case .text(let run) = $0.shape { run.string == "yoga relayout" } else { false } })
        // The legend names the engine inside each peer, and is as wide as its four modes.
        #expect(scene.items.contains { if case .text(let run) = $0.shape { run.string == "yoga: y1" } else { false } })
        #expect(scene.size.width == 70 + 4 * 220)
    }

    @Test(arguments: [(1.0, "1"), (10, "10"), (1_000, "1k"), (100_000, "100k"), (0.1, "0.1")])
    func tickLabels(value: Double, label: String) {
        #expect(BenchmarkReport.tickLabel(value) == label)
    }

    @Test func compareFramesNamesEachDifference() {
        let expected = [
            PeerFrame(path: [], frame: Rect(x: 0, y: 0, width: 480, height: 116)),
            PeerFrame(path: [0], frame: Rect(x: 0, y: 0, width: 40, height: 20)),
        ]
        let actual = [
            PeerFrame(path: [], frame: Rect(x: 0, y: 0, width: 500, height: 116.005)),
            PeerFrame(path: [1], frame: Rect(x: 0, y: 0, width: 40, height: 20)),
        ]
        #expect(
            compareFrames(expected: expected, actual: actual, tolerance: 0.01) == [
                "node []: width expected 480, got 500", "node [0]: frame expected 0, 0, 40, 20, got nothing (missing)",
                "node [1]: frame expected no such node, got 0, 0, 40, 20",
            ])
    }
}

/// Peers compute in single precision: far from the origin a few hundredths are rounding, near it they are not.
struct SinglePrecisionToleranceTests {
    @Test(arguments: [
        (6_404.66, 6_404.6499, true),  // linear-200 resize: 0.0101 off at x ≈ 6 400 (slack 0.01 + 0.049)
        (10, 10.02, false),  // 0.02 off near the origin: more than 0.01 + 0.00008
        (480, 500, false),
        (0, 0.009, true),
    ])
    func driftScalesWithTheCoordinate(expected: Double, actual: Double, agrees: Bool) {
        let lines = compareFrames(
            expected: [PeerFrame(path: [], frame: Rect(x: expected, y: 0, width: 1, height: 1))],
            actual: [PeerFrame(path: [], frame: Rect(x: actual, y: 0, width: 1, height: 1))], tolerance: 0.01)
        #expect(lines.isEmpty == agrees)
    }
}
