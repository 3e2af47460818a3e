import Benchmarking
import Foundation
import LayoutCore
import TestSupport
import Testing

@testable import Engines

/// The protocol's resize and change ops (the peer protocol of docs/design.md) on every engine that has them: the reference always, the
/// peers when tools/setup-engines installed them (skipped with the reason otherwise). Expected frames are worked out
/// from docs/design.md's trees by hand.
@Suite(.serialized) struct ChangeOpsTests {
    static let installed = AdapterRoundTripTests.installed
    static let peers = ["yoga", "taffy"]

    /// The engines to test: the reference, and the peers when installed.
    static func engines() -> [any LayoutEngineAdapter] {
        [ReferenceEngine()] + (installed ? peers.map(AdapterRoundTripTests.adapter) : [])
    }

    static func shutDown(_ engines: [any LayoutEngineAdapter]) {
        for case let peer as SubprocessEngine in engines { peer.shutDown() }
    }

    /// linear-5's resize variant, first laid out at W(0) = 48·5 − 4 + 100 = 336, then at W(1) = 337: the root fills
    /// 337; the free 337 − 236 = 101 goes to the 5 growing leaves, 20.2 each, so each is 60.2 wide and leaf i
    /// starts at 2 + i·(60.2 + 2·2 + 4).
    @Test func linearResizeGrowsEveryLeafEqually() throws {
        let engines = Self.engines()
        defer { Self.shutDown(engines) }
        let workload = Workload(shape: .linear, size: 5).tree(for: .resize)
        for engine in engines {
            let frames = try engine.layout(
                caseJSON: try workload.caseJSON(), change: .resize(width: 337), rounding: false)
            let expected =
                [PeerFrame(path: [], frame: Rect(x: 0, y: 0, width: 337, height: 24))]
                + (0..<5).map {
                    PeerFrame(path: [$0], frame: Rect(x: 2 + 68.2 * Double($0), y: 2, width: 60.2, height: 20))
                }
            #expect(compareFrames(expected: expected, actual: frames, tolerance: 1e-3) == [], "\(engine.name)")
        }
    }

    /// linear-5 with leaf 2 (⌊5/2⌋) measured 48 wide instead of 40: the root grows by 8 to 244 and leaves 3 and 4
    /// move right by 8.
    @Test func aContentChangeMovesTheLaterLeaves() throws {
        let engines = Self.engines()
        defer { Self.shutDown(engines) }
        let workload = Workload(shape: .linear, size: 5)
        let change = workload.incrementalChange
        #expect(change.path == [2])
        let widths = [40.0, 40, 48, 40, 40]
        var x = 2.0
        var expected = [PeerFrame(path: [], frame: Rect(x: 0, y: 0, width: 244, height: 24))]
        for (index, width) in widths.enumerated() {
            expected.append(PeerFrame(path: [index], frame: Rect(x: x, y: 2, width: width, height: 20)))
            x += width + 2 * 2 + 4
        }
        for engine in engines {
            let frames = try engine.layout(
                caseJSON: try workload.caseJSON(), change: .content(path: change.path, size: change.content(call: 0)),
                rounding: false)
            #expect(compareFrames(expected: expected, actual: frames, tolerance: 1e-3) == [], "\(engine.name)")
        }
    }

    /// The reference's incremental bench runs (its probe proves the change moves frames), and one change through the
    /// mutation API leaves the frames of a fresh engine built with the changed content, never the cached old ones.
    @Test(arguments: BenchShape.allCases)
    func referenceIncrementalLeavesFreshFrames(shape: BenchShape) throws {
        let workload = Workload(shape: shape, size: 12)
        let change = workload.incrementalChange
        let reference = ReferenceEngine()
        let nanos = try reference.bench(caseJSON: try workload.caseJSON(), iterations: 3, plan: .incremental(change))
            .nanosPerLayout
        #expect(nanos > 0)
        let changed = try reference.layout(
            caseJSON: try workload.caseJSON(), change: .content(path: change.path, size: change.content(call: 0)),
            rounding: false)
        let fresh = try reference.layout(
            caseJSON: workload.caseJSON(after: .content(path: change.path, size: change.content(call: 0))))
        #expect(changed == fresh)
        #expect(changed != (try reference.layout(caseJSON: try workload.caseJSON())))
    }

    @Test(.enabled(if: installed, "peer adapters not installed: run tools/setup-engines"), arguments: peers)
    func benchFollowsTheHarnessSchedule(engine name: String) throws {
        let engine = AdapterRoundTripTests.adapter(name)
        defer { engine.shutDown() }
        for shape in BenchShape.allCases {
            let workload = Workload(shape: shape, size: 4)
            let widths = (0...10).map(workload.resizeWidth(call:))
            let resize = try engine.bench(
                caseJSON: try workload.tree(for: .resize).caseJSON(), iterations: 10, plan: .resize(widths: widths))
            let incremental = try engine.bench(
                caseJSON: try workload.caseJSON(), iterations: 10, plan: .incremental(workload.incrementalChange))
            #expect(resize.nanosPerLayout > 0 && incremental.nanosPerLayout > 0, "\(shape)")
            // Taffy's adapter also times its layout call alone: part of its figure, which adds the copy of every node.
            for batch in [resize, incremental] {
                #expect((batch.coreNanosPerLayout != nil) == (name == "taffy"), "\(shape)")
                #expect((batch.coreNanosPerLayout ?? 0) <= batch.nanosPerLayout, "\(shape)")
            }
        }
    }

    /// A malformed schedule or path is refused with its JSON path, and the adapter keeps answering.
    @Test(.enabled(if: installed, "peer adapters not installed: run tools/setup-engines"), arguments: peers)
    func badSchedulesAreRefusedWithTheirPath(engine name: String) throws {
        let engine = AdapterRoundTripTests.adapter(name)
        defer { engine.shutDown() }
        let caseJSON = try Workload(shape: .linear, size: 5).caseJSON()
        func refusal(_ body: () throws -> Any) -> String? {
            do {
                _ = try body()
                return nil
            } catch EngineError.adapter(_, let message) {
                return message
            } catch {
                return "\(error)"
            }
        }
        #expect(
            refusal { try engine.bench(caseJSON: caseJSON, iterations: 3, plan: .resize(widths: [300, 301])) }?
                .hasPrefix("$.widths") == true)
        #expect(
            refusal {
                try engine.bench(caseJSON: caseJSON, iterations: 3, plan: .incremental(IncrementalChange(path: [9])))
            }?.hasPrefix("$.change.path") == true)
        #expect(
            refusal {
                try engine.layout(
                    caseJSON: caseJSON, change: .content(path: [], size: Size(width: 1, height: 1)), rounding: false)
            }?.hasPrefix("$.change.path") == true)
        #expect(try engine.info().name == name)
    }

    /// With rounding on, Taffy's frames after a resize equal its fresh layout at the new width, while Yoga's cache,
    /// which compares rounded sizes, keeps stale leaf widths (docs/engines.md).
    @Test(.enabled(if: installed, "peer adapters not installed: run tools/setup-engines"))
    func roundingShowsYogasStaleCacheOnResize() throws {
        let yoga = AdapterRoundTripTests.adapter("yoga")
        let taffy = AdapterRoundTripTests.adapter("taffy")
        defer {
            yoga.shutDown()
            taffy.shutDown()
        }
        let cases = try NamedCase.workloads(BenchmarkConfiguration(shapes: [.linear], families: [.box], sizes: [5]))
        #expect(cases.map(\.name) == ["linear-5", "linear-5 resize", "linear-5 incremental"])
        let outcomes = roundingConsistencyCheck(cases: cases, peers: [yoga, taffy])
        let verdicts = Dictionary(uniqueKeysWithValues: outcomes.map { ("\($0.engine) \($0.caseName)", $0.verdict) })
        #expect(verdicts["taffy linear-5 resize"] == .agree)
        #expect(verdicts["taffy linear-5 incremental"] == .agree)
        guard case .mismatched(let lines) = verdicts["yoga linear-5 resize"] else {
            Issue.record("Yoga's resize with rounding matched its fresh layout: \(outcomes.map(\.summary))")
            return
        }
        #expect(lines.contains { $0.contains("[0]: width expected") })
        // Stale, not merely wrong: after the resize the first leaf keeps the width of Yoga's layout at W(0).
        let variant = Workload(shape: .linear, size: 5).tree(for: .resize)
        let resized = try yoga.layout(caseJSON: try variant.caseJSON(), change: .resize(width: 337), rounding: true)
        let before = try yoga.layout(caseJSON: try variant.caseJSON(), change: nil, rounding: true)
        let after = try yoga.layout(caseJSON: variant.caseJSON(after: .resize(width: 337)), change: nil, rounding: true)
        let leaf = { (frames: [PeerFrame]) in frames.first { $0.path == [0] }?.frame.width }
        #expect(leaf(resized) == leaf(before))
        #expect(leaf(resized) != leaf(after))
    }

    @Test func theReferenceRefusesRounding() {
        #expect(throws: EngineError.self) {
            try ReferenceEngine().layout(
                caseJSON: try Workload(shape: .linear, size: 5).caseJSON(), change: nil, rounding: true)
        }
    }
}
