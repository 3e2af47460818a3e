import Benchmarking
import Foundation
import LayoutCore
import TestSupport
import Testing

@testable import Engines

/// Talks to the real adapters when tools/setup-engines has installed them; skipped (with the reason) otherwise.
@Suite(.serialized) struct AdapterRoundTripTests {
    static func adapter(_ name: String) -> SubprocessEngine {
        SubprocessEngine.installedPeer(name, repositoryRoot: TestSupport.repositoryRoot, requestTimeout: .seconds(60))
    }

    static let installed = ["yoga", "taffy"].allSatisfy { adapter($0).isInstalled }

    @Test(
        .enabled(if: installed, "peer adapters not installed: run tools/setup-engines"),
        arguments: ["yoga", "taffy"])
    func linearFiveRoundTrip(engine name: String) throws {
        let engine = Self.adapter(name)
        defer { engine.shutDown() }
        #expect(try engine.info().name == name)
        let frames = try engine.layout(caseJSON: try Workload(shape: .linear, size: 5).caseJSON())
        // Root: 5 leaves of 40 + 2·2 margin, 4 gaps of 4 → 5·44 + 4·4 = 236 wide; 20 + 2·2 = 24 high.
        #expect(frames.first == PeerFrame(path: [], frame: Rect(x: 0, y: 0, width: 236, height: 24)))
        // Leaf i starts after i leaves of 44 and i gaps of 4, plus its own left margin: x = 2 + 48i, y = 2.
        #expect(
            Array(frames.dropFirst())
                == (0..<5).map { index in
                    PeerFrame(path: [index], frame: Rect(x: 2 + 48 * Double(index), y: 2, width: 40, height: 20))
                })
        for mode in [BenchMode.fresh, .relayout] {
            let nanos = try engine.bench(
                caseJSON: try Workload(shape: .linear, size: 5).caseJSON(), iterations: 10, mode: mode)
            #expect(nanos.nanosPerLayout > 0)
        }
    }

    @Test(
        .enabled(if: installed, "peer adapters not installed: run tools/setup-engines"),
        arguments: ["yoga", "taffy"])
    func refusalNamesThePropertyAndItsPath(engine name: String) throws {
        let engine = Self.adapter(name)
        defer { engine.shutDown() }
        let caseJSON = Data(
            #"{"kind":"box","name":"x","root":{"type":"hbox","children":[{"type":"leaf","width":"fill"}]}}"#.utf8)
        #expect {
            try engine.layout(caseJSON: caseJSON)
        } throws: { error in
            guard case EngineError.adapter(_, let message) = error else { return false }
            // The box → CSS translation refuses it, before the adapter sees it, with the box case's JSON path.
            return message.hasPrefix("$.root.children[0].width: \"fill\" has no CSS equivalent below the root")
        }
        // The adapter survives a refusal: the same process answers the next request.
        #expect(try engine.info().name == name)
    }

    @Test(.enabled(if: installed, "peer adapters not installed: run tools/setup-engines"))
    func runBenchmarksTimesAPeer() throws {
        let yoga = Self.adapter("yoga")
        defer { yoga.shutDown() }
        let report = try runBenchmarks(
            BenchmarkConfiguration(shapes: [.linear], sizes: [5], quick: true), engines: [yoga])
        #expect(report.results.map(\.mode) == [.fresh, .relayout, .resize, .incremental])
        #expect(report.machine.engineDetails.first?.timing?.isEmpty == false)
        #expect(report.results.allSatisfy { $0.engine == "yoga" && $0.microsecondsPerLayout > 0 && $0.batches == 5 })
        #expect(report.notes.isEmpty)
    }

    @Test(.enabled(if: installed, "peer adapters not installed: run tools/setup-engines"))
    func differentialCheckShowsYogasFlowRootWidth() throws {
        let yoga = Self.adapter("yoga")
        defer { yoga.shutDown() }
        // Puyopuyo sizes a wrap flow to its widest line, 11 leaves · 40 + 10 gaps · 4 = 480; in CSS the root is a
        // flex item of its viewport and shrinks from its max-content width to the whole 500 (Yoga, Taffy, Chromium).
        let outcomes = differentialCheck(
            cases: [NamedCase(name: "flow-50", json: try Workload(shape: .flow, size: 50).caseJSON())],
            reference: ReferenceEngine(), peers: [yoga])
        #expect(outcomes.map(\.summary) == ["yoga flow-50: 1 difference: node []: width expected 480, got 500"])
    }

    /// A peer whose probe never answers (an exponential layout the size predictor could not foresee) ends its
    /// series with a note saying so, and the run goes on: the next request starts a new adapter.
    @Test func aProbeWithNoAnswerEndsTheSeriesNotTheRun() throws {
        let folder = FileManager.default.temporaryDirectory.path + "/ristretto-stall-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Answers info; answers a bench request on a case of 5 leaves, and never one on a larger case.
        let script = folder + "/stall-adapter"
        try """
        #!/bin/sh
        while read -r line; do
          case "$line" in
            *'"op":"info"'*) echo '{"name":"stall","version":"1"}' ;;
            *'"op":"bench"'*)
              if [ "$(printf '%s' "$line" | grep -o '"content"' | wc -l)" -gt 5 ]; then sleep 30 </dev/null >/dev/null 2>&1; fi
              echo '{"nanosPerLayout":1000,"iterations":1,"rootWidth":1,"rootHeight":1}' ;;
          esac
        done
        """.write(toFile: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
        let stall = SubprocessEngine(name: "stall", executablePath: script)
        defer { stall.shutDown() }
        let config = BenchmarkConfiguration(
            shapes: [.linear], sizes: [5, 10], modes: [.fresh], quick: true, perLayoutLimit: .milliseconds(100),
            probeAllowance: .milliseconds(100))
        let started = ContinuousClock.now
        let report = try runBenchmarks(config, engines: [stall])
        #expect(ContinuousClock.now - started < .seconds(10))
        #expect(report.results.map(\.size) == [5])
        // The stall adapter answers no layout request: its frames go unchecked (a note), and the run goes on.
        #expect(
            report.notes.filter { !$0.hasPrefix("answers: stall's frames not checked") } == [
                "stall flex linear fresh: stopped at N = 10: one layout took longer than 1.00 s (the adapter was stopped; limit 100.00 ms)"
            ])
    }

    @Test func aMissingAdapterIsAClearError() {
        let engine = SubprocessEngine(name: "ghost", executablePath: "/nonexistent/ghost-adapter")
        #expect(
            throws: EngineError.missing(
                engine: "ghost", message: "no adapter executable at /nonexistent/ghost-adapter; run tools/setup-engines"
            )
        ) {
            try engine.info()
        }
    }
}

/// An in-process engine whose cost is a known function of the tree, for the runner's bookkeeping.
final class FakeEngine: InProcessTimable, @unchecked Sendable {
    let name = "reference"
    func info() throws -> EngineInfo { EngineInfo(name: name, version: "fake") }
    func layout(caseJSON: Data, change: LayoutChange?, rounding: Bool) throws -> [PeerFrame] { [] }
    func bench(caseJSON: Data, iterations: Int, plan: BenchPlan) throws -> BenchBatch {
        BenchBatch(nanosPerLayout: 1_000)
    }
    func time(workload: Workload, mode: BenchMode, options: TimingOptions) throws -> TimingResult {
        let bytes = Double(try workload.caseJSON().count)
        return TimingResult(nanosPerLayout: BatchStatistics([bytes, bytes])!, iterationsPerBatch: 1)
    }
}

struct RunnerTests {
    @Test func runsEveryShapeSizeAndModeAndNotesAMissingEngine() throws {
        let config = BenchmarkConfiguration(shapes: [.linear, .depth], sizes: [4, 8], modes: [.fresh], quick: true)
        let missing = SubprocessEngine(name: "yoga", executablePath: "/nonexistent/yoga-adapter")
        let report = try runBenchmarks(config, engines: [FakeEngine(), missing])
        #expect(
            report.results.map { "\($0.engine) \($0.shape?.rawValue ?? "?")-\($0.size) \($0.mode.rawValue)" } == [
                "reference linear-4 fresh", "reference linear-8 fresh", "reference depth-4 fresh",
                "reference depth-8 fresh",
            ])
        #expect(report.notes.first?.hasPrefix("skipped yoga: yoga: not available") == true)
        #expect(report.machine.engines == ["reference": "fake"])
        #expect(report.machine.engineDetails == [EngineInfo(name: "reference", version: "fake")])
    }

    @Test func quickRunsThreeSizesPerShape() {
        let config = BenchmarkConfiguration(quick: true)
        #expect(config.sizes(for: .linear) == [5, 100, 200])
        #expect(config.sizes(for: .depth) == [4, 24, 40])
        #expect(BenchmarkConfiguration(includeScaling: true).sizes(for: .depth).suffix(2) == [100, 1_000])
        // --quick --scaling: the three sizes of the table, then every scaling size.
        #expect(
            BenchmarkConfiguration(includeScaling: true, quick: true).sizes(for: .linear) == [
                5, 100, 200, 1_000, 10_000, 100_000,
            ])
    }
}

struct DeepWorkloadTests {
    /// Foundation's JSON coders stop at 512 nested containers; the depth-1000 tree nests 2 002 and still encodes,
    /// and its node tree has 1 001 boxes and 5 000 leaves.
    @Test func depthThousandEncodesAndBuilds() throws {
        let workload = Workload(shape: .depth, size: 1_000)
        let json = try workload.caseJSON()
        #expect(json.count > 100_000)
        var boxes = 0
        var leaves = 0
        var stack = [workload.boxNode]
        while let node = stack.popLast() {
            if node.type == .leaf { leaves += 1 } else { boxes += 1 }
            stack += node.children
        }
        #expect(boxes == 1_001 && leaves == 5_000)
    }

}
