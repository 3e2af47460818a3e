import BoxLayout
import Engines
import Flexbox
import Foundation
import LayoutCore
import Testing

@testable import Benchmarking

/// Case files as workloads (`ristretto bench --case`): the geometric means, the modes a case supports, and the
/// marks on Python-bound figures. Nothing here asserts a timing.
struct GeometricMeanTests {
    @Test(
        arguments: [
            ([2, 8], 4),  // √(2 · 8)
            ([0.5, 2], 1),  // a ratio and its inverse cancel
            ([3], 3),
            ([1, 10, 100], 10),  // ∛1000
        ] as [([Double], Double)])
    func knownNumbers(values: [Double], mean: Double) throws {
        let result = try #require(GeometricMean.of(values))
        #expect(abs(result - mean) < 1e-12)
    }

    @Test func noValuesHaveNoMean() { #expect(GeometricMean.of([]) == nil) }

    static let machine = MachineInfo(
        cpu: "c", cores: 2, memoryBytes: 1, os: "o", quick: true, engines: [:],
        engineDetails: [
            EngineInfo(name: "reference", version: "r1"),
            EngineInfo(name: "yoga", version: "Yoga 3.2.1 (pyyoga 0.1.0 static core)", timing: "native"),
            EngineInfo(
                name: "taffy", version: "Taffy 0.7.7 (stretchable 1.1.8)", timing: "via Python", viaPython: true),
        ])

    static func result(_ engine: String, _ name: String, _ mode: BenchMode, _ micros: Double) -> BenchmarkResult {
        BenchmarkResult(
            engine: engine, shape: nil, size: 3, mode: mode, microsecondsPerLayout: micros, spread: 0, batches: 1,
            iterationsPerBatch: 1, case: name, viaPython: engine == "taffy" ? true : nil)
    }

    /// yoga is the baseline. reference: 1/2 and 1/8 of yoga's fresh cost → √(1/16) = 0.25; taffy 100× and 400× →
    /// 200×, and every one of its figures is against Python. A case yoga did not time counts for nobody.
    static let report = BenchmarkReport(
        machine: machine,
        results: [
            result("yoga", "flex/a", .fresh, 10), result("reference", "flex/a", .fresh, 5),
            result("taffy", "flex/a", .fresh, 1_000),
            result("yoga", "flex/b", .fresh, 2), result("reference", "flex/b", .fresh, 0.25),
            result("taffy", "flex/b", .fresh, 800),
            result("reference", "flex/c", .fresh, 1), result("taffy", "flex/c", .fresh, 1),
            result("yoga", "flex/a", .incremental, 4), result("reference", "flex/a", .incremental, 1),
        ],
        baseline: "yoga")

    @Test func meansPerEngineAndModeOverTheCasesBothTimed() {
        let means = Self.report.geometricMeans()
        #expect(
            means.map { "\($0.engine) \($0.mode.rawValue) \($0.workloads)" } == [
                "reference fresh 2", "reference incremental 1", "taffy fresh 2",
            ])
        #expect(abs(means[0].ratio - 0.25) < 1e-12)
        #expect(abs(means[1].ratio - 0.25) < 1e-12)
        #expect(abs(means[2].ratio - 200) < 1e-9)
        #expect(means.map(\.viaPython) == [nil, nil, true])
    }

    /// A Python-bound baseline marks every ratio.
    @Test func aPythonBoundBaselineMarksEveryRatio() {
        var report = Self.report
        report.baseline = "taffy"
        #expect(report.geometricMeans().allSatisfy { $0.viaPython == true })
        #expect(report.pythonMark("reference") == "†")
    }
}

struct PythonMarkTests {
    static let report = GeometricMeanTests.report

    /// The table marks the Python-bound column and each ratio against it in its own cell, says what the mark means
    /// under the table, and ends with the geometric means (their cells marked too).
    @Test func tableMarksEveryRatioAgainstPython() throws {
        let table = try Self.report.formatted(.table)
        #expect(table.contains("baseline: yoga\n"))
        #expect(table.contains("taffy µs†"))
        #expect(table.contains("100.00×†"))  // taffy/yoga on flex/a fresh
        #expect(!table.contains("0.50×†"))  // reference/yoga is native on both sides
        #expect(table.contains("0.50×"))
        #expect(table.contains("† timed via Python (taffy)"))
        let means = try #require(table.components(separatedBy: "geometric mean of each engine's ratio to yoga").last)
        #expect(means.contains("0.25× (2)"))
        #expect(means.contains("200.00×† (2)"))
        #expect(means.contains("yoga = Yoga 3.2.1 (pyyoga 0.1.0 static core)"))
    }

    /// A Python-bound engine's core figure is timed through Python too: its column carries the mark as well.
    @Test func coreColumnOfAPythonBoundEngineIsMarked() throws {
        var report = Self.report
        report.results = report.results.map { result in
            var result = result
            if result.engine == "taffy" { result.coreMicrosecondsPerLayout = result.microsecondsPerLayout / 2 }
            return result
        }
        let table = try report.formatted(.table)
        #expect(table.contains("taffy core µs†"))
        #expect(!table.contains("yoga µs†"))
    }

    @Test func jsonMarksEachFigureAndMean() throws {
        let json = try #require(
            JSONSerialization.jsonObject(with: Data(try Self.report.formatted(.json).utf8)) as? [String: Any])
        #expect(json["baseline"] as? String == "yoga")
        let results = try #require(json["results"] as? [[String: Any]])
        #expect(results.first?["case"] as? String == "flex/a")
        #expect(results.first?["shape"] == nil)
        #expect(results.filter { $0["viaPython"] as? Bool == true }.allSatisfy { $0["engine"] as? String == "taffy" })
        #expect(results.count { $0["viaPython"] as? Bool == true } == 3)
        let means = try #require(json["geometricMeans"] as? [[String: Any]])
        #expect(means.count == 3)
        #expect(means.last?["engine"] as? String == "taffy" && means.last?["viaPython"] as? Bool == true)
        #expect(means.first?["viaPython"] == nil)
        let details = try #require((json["machine"] as? [String: Any])?["engineDetails"] as? [[String: Any]])
        #expect(details.last?["viaPython"] as? Bool == true)
    }

    @Test func csvHasTheCaseColumnsAndTheMark() {
        let csv = Self.report.csvText()
        #expect(
            csv.hasPrefix(
                "engine,case,nodes,mode,microsecondsPerLayout,spread,ratioToBaseline,engineVersion,engineTiming,coreMicrosecondsPerLayout,viaPython,family,unequalAnswers\n"
            ))
        #expect(
            csv.contains("\ntaffy,flex/a,3,fresh,1000.0,0.0,100.0,Taffy 0.7.7 (stretchable 1.1.8),via Python,,true,,\n")
        )
        #expect(csv.contains("\nreference,flex/a,3,fresh,5.0,0.0,0.5,r1,,,,,\n"))
    }

    /// The shapes' tables mark ratios to a Python-bound figure too.
    @Test func shapeTablesMarkPythonRatios() throws {
        let report = BenchmarkReport(
            machine: GeometricMeanTests.machine,
            results: [
                BenchmarkResult(
                    engine: "reference", shape: .linear, size: 5, mode: .fresh, microsecondsPerLayout: 1, spread: 0,
                    batches: 1, iterationsPerBatch: 1),
                BenchmarkResult(
                    engine: "taffy", shape: .linear, size: 5, mode: .fresh, microsecondsPerLayout: 50, spread: 0,
                    batches: 1, iterationsPerBatch: 1, viaPython: true),
            ])
        let table = try report.formatted(.table)
        #expect(table.contains("50.00×†"))
        #expect(table.contains("taffy = Taffy 0.7.7 (stretchable 1.1.8); figures: via Python"))
        #expect(report.csvText().hasSuffix(",via Python,,true,,\n"))
    }

    /// The plot draws Python-bound figures apart: hollow points, thinner lines, "(via Python)" in the legend, which
    /// names the engine inside each peer.
    @Test func plotDrawsPythonApart() {
        let scene = Self.report.plotScene()
        let texts = scene.items.compactMap { if case .text(let run) = $0.shape { run.string } else { nil } }
        #expect(texts.contains("taffy: Taffy 0.7.7 (stretchable 1.1.8) (via Python)"))
        #expect(texts.contains("yoga: Yoga 3.2.1 (pyyoga 0.1.0 static core)"))
        #expect(texts.contains("cases — fresh") && texts.contains("cases — incremental"))
        let taffy = BenchmarkReport.color(of: "taffy")
        let hollow = scene.items.filter {
            if case .ellipse = $0.shape { $0.style.fill == .white && $0.style.stroke == taffy } else { false }
        }
        #expect(hollow.count == 3 + 1)  // three cases, and the legend's point
        // Cases are separate trees: points, no polyline but each panel's axes.
        #expect(scene.items.count { if case .polyline = $0.shape { true } else { false } } == 2)
    }
}

struct CaseWorkloadTests {
    /// A fill root under a proposal 300 wide with three measured leaves, the middle one 8 px narrower.
    static let box: BoxCase = {
        let leaf = BoxNode(type: .leaf, width: .wrap(WrapOptions(grow: 1)), content: Size(width: 40, height: 20))
        var narrow = leaf
        narrow.content = Size(width: 32, height: 10)
        var value = BoxCase(
            name: "fill", proposal: BoxProposal(width: 300, height: nil),
            root: BoxNode(type: .hbox, width: .fill, space: 4, children: [leaf, narrow, leaf]))
        value.description = "test"
        return value
    }()

    @Test func aFillRootResizesFromItsProposal() throws {
        let workload = try CaseWorkload(name: "box/fill", box: Self.box)
        #expect(workload.resizeBase == 300)
        #expect((0..<3).map(workload.resizeWidth(call:)) == [300, 301, 302])
        #expect(workload.resizeWidth(call: 64) == 300)
        #expect(workload.nodeCount == 4)
        guard case .box(let box) = workload.referenceCase else {
            Issue.record("a box case workload is laid out by the reference as a box case")
            return
        }
        #expect(box == Self.box)
    }

    @Test func aWrapRootDoesNotResize() throws {
        var box = Self.box
        box.root.width = .wrap()
        let workload = try CaseWorkload(name: "box/wrap", box: box)
        #expect(workload.resizeBase == nil)
        #expect(workload.resizeAbsence == "the root's width is not fill")
    }

    /// The leaves are tried from the case's seed on, the same order every run; the change is w + 8, then w.
    @Test func contentLeavesStartAtTheSeed() throws {
        let workload = try CaseWorkload(name: "box/fill", box: Self.box)
        let start = Int(CaseWorkload.seed(of: "box/fill") % 3)
        let paths = [[0], [1], [2]]
        #expect(workload.contentLeaves.map(\.path) == Array(paths[start...] + paths[..<start]))
        let change = CaseWorkload.change(path: [1], content: Size(width: 32, height: 10))
        #expect(change.content(call: 0) == Size(width: 40, height: 10))
        #expect(change.content(call: 1) == Size(width: 32, height: 10))
    }

    /// A leaf that replays a measure table is tried after every leaf that does not, wherever the seed starts.
    @Test(arguments: [0, 1, 2]) func replayedLeavesComeLast(tableLeaf: Int) throws {
        var flexCase = try BoxToFlex.translate(Self.box)
        flexCase.root.children[tableLeaf].measureTable = MeasureTable([
            MeasureRecord(width: .undefined, height: .undefined, output: Size(width: 40, height: 20))
        ])
        let workload = try CaseWorkload(name: "flex/captured", flex: flexCase)
        #expect(workload.contentLeaves.count == 3)
        #expect(workload.contentLeaves.last?.path == [tableLeaf])
    }

    /// The reference decides the modes of a case it expresses: the fill root resizes, and a leaf 8 px wider moves.
    @Test func theReferenceJudgesTheModes() throws {
        var workload = try CaseWorkload(name: "box/fill", box: Self.box)
        var skipped = GroupedNotes()
        let modes = supportedModes(
            &workload, modes: BenchMode.allCases, reference: ReferenceEngine(), peers: [], skipped: &skipped)
        #expect(modes == BenchMode.allCases)
        #expect(workload.incrementalChange?.path == workload.contentLeaves.first?.path)
        #expect(skipped.notes.isEmpty)
    }

    /// Under a fixed-size root, no leaf's change moves a frame unless it moves its siblings: a 100 px leaf in a
    /// fixed box is 100 px whatever its content, so incremental is skipped with a note.
    @Test func aChangeThatMovesNothingSkipsTheMode() throws {
        let fixed = BoxNode(type: .leaf, width: .fixed(100), height: .fixed(20), content: Size(width: 40, height: 20))
        let box = BoxCase(
            name: "fixed", proposal: BoxProposal(width: 300, height: nil),
            root: BoxNode(type: .hbox, width: .fixed(200), children: [fixed]))
        var workload = try CaseWorkload(name: "box/fixed", box: box)
        var skipped = GroupedNotes()
        let modes = supportedModes(
            &workload, modes: BenchMode.allCases, reference: ReferenceEngine(), peers: [], skipped: &skipped)
        #expect(modes == [.fresh, .relayout])
        #expect(
            skipped.notes == [
                "resize: not run on 1 case (the root's width is not fill): box/fixed",
                "incremental: not run on 1 case (no leaf's content 8 px wider moves a frame (eight leaves tried)): box/fixed",
            ])
    }

    /// The runner times the reference on a case in every mode it supports, and names the case in each result.
    @Test func theReferenceTimesACaseInEveryMode() throws {
        let workload = try CaseWorkload(name: "box/fill", box: Self.box)
        let config = BenchmarkConfiguration(quick: true)
        let report = try runCaseBenchmarks(
            [workload], config: config, engines: [ReferenceEngine()], baseline: "reference")
        #expect(report.results.map(\.mode) == BenchMode.allCases)
        #expect(report.results.allSatisfy { $0.caseName == "box/fill" && $0.size == 4 && $0.shape == nil })
        #expect(report.geometricMeans().isEmpty)
        #expect(report.notes.isEmpty)
    }
}
