import LayoutCore
import Testing

@testable import Benchmarking
@testable import Engines

/// Records every width the loop proposes, so the relayout alternation can be checked call by call.
final class RecordingTree: @unchecked Sendable {
    var widths: [Double?] = []
}

struct TimingLoopTests {
    let options = TimingOptions(minimumBatchDuration: .microseconds(50), batches: 3, warmupBatches: 1)

    func subject(proposalWidth: Double?, tree: RecordingTree, builds: Counter) -> InProcessSubject<RecordingTree> {
        InProcessSubject(
            build: {
                builds.value += 1
                return tree
            },
            layout: { tree, width in
                tree.widths.append(width)
                return Size(width: 10, height: 10)
            },
            proposalWidth: proposalWidth)
    }

    @Test func relayoutAlternatesAcrossBatchBoundaries() throws {
        let tree = RecordingTree()
        let builds = Counter()
        let result = try timeInProcess(
            subject(proposalWidth: 500, tree: tree, builds: builds), mode: .relayout, options: options)
        // One tree for the whole run; its untimed first layout uses 501, then 500, 501, 500, … with no repeat.
        #expect(builds.value == 1)
        #expect(tree.widths.first == 501)
        #expect(tree.widths.dropFirst().first == 500)
        #expect(zip(tree.widths, tree.widths.dropFirst()).allSatisfy { $0 != $1 })
        #expect(result.nanosPerLayout.count == 3)
        #expect(result.buildNanos == nil)
    }

    @Test func unboundedRelayoutUsesTenMillion() throws {
        let tree = RecordingTree()
        let builds = Counter()
        _ = try timeInProcessBatch(
            subject(proposalWidth: nil, tree: tree, builds: builds), iterations: 3, mode: .relayout)
        #expect(tree.widths == [10_000_001, 10_000_000, 10_000_001, 10_000_000])
    }

    @Test func freshBuildsOneTreePerLayoutAndKeepsTheCaseProposal() throws {
        let tree = RecordingTree()
        let builds = Counter()
        let result = try timeInProcess(
            subject(proposalWidth: 500, tree: tree, builds: builds), mode: .fresh, options: options)
        #expect(builds.value == tree.widths.count)
        #expect(tree.widths.allSatisfy { $0 == nil })
        #expect(result.buildNanos != nil)
    }

    @Test func anInvalidRootSizeFailsTheRun() {
        let broken = InProcessSubject<Int>(
            build: { 0 }, layout: { _, _ in Size(width: .nan, height: 1) }, proposalWidth: nil)
        #expect(throws: InvalidLayoutResult.self) { try timeInProcess(broken, mode: .fresh, options: options) }
    }

    /// A flex root of absolutely positioned children alone is 0 wide (golden/flex/absolute/absolute-00024): a size,
    /// not a broken layout.
    @Test func aZeroRootSizeIsASize() throws {
        let empty = InProcessSubject<Int>(
            build: { 0 }, layout: { _, _ in Size(width: 0, height: 282) }, proposalWidth: nil)
        #expect(try timeInProcess(empty, mode: .fresh, options: options).nanosPerLayout.count == 3)
    }

    @Test func budgetPredictsFromAPowerLaw() {
        var budget = EngineBudget(limit: .seconds(10))
        let series = SeriesKey(engine: "yoga", shape: .depth, mode: .fresh)
        // Doubling the size quadruples the cost: t ∝ s², so size 16 predicts 400 · (16/8)² = 1600.
        budget.record(series: series, size: 4, nanos: 100)
        budget.record(series: series, size: 8, nanos: 400)
        #expect(budget.predictedNanos(series: series, size: 16) == 1_600)
        let skipped = budget.shouldSkip(series: series, size: 16, limit: .nanoseconds(1_000))
        #expect(skipped)
        #expect(
            budget.stopNotes == [
                "yoga depth fresh: stopped at D = 16: one layout predicted to take 1.6 µs (limit 1.0 µs)"
            ])
    }

    /// Each shape may spend an equal part of what the shapes before it left: linear's share runs out and stops its
    /// series, flow leaves part of its share unused, and depth starts with all the rest.
    @Test func eachShapeSpendsOnlyItsShareOfTheBudget() {
        var budget = EngineBudget(limit: .seconds(30))
        let linear = SeriesKey(engine: "taffy", shape: .linear, mode: .fresh)
        let depth = SeriesKey(engine: "taffy", shape: .depth, mode: .fresh)
        budget.beginShape(shapesLeft: 3)  // linear: 30 / 3 = 10 s
        budget.spend(.seconds(10))
        let linearStops = budget.shouldSkip(series: linear, size: 200, limit: .seconds(1))
        #expect(linearStops)
        budget.beginShape(shapesLeft: 2)  // flow: (30 − 10) / 2 = 10 s, of which it spends 4
        #expect(budget.remaining == .seconds(10))
        budget.spend(.seconds(4))
        budget.beginShape(shapesLeft: 1)  // depth: 30 − 10 − 4 = 16 s
        #expect(budget.remaining == .seconds(16))
        let depthStops = budget.shouldSkip(series: depth, size: 40, limit: .seconds(1))
        #expect(!depthStops)
        #expect(
            budget.stopNotes == [
                "taffy linear fresh: stopped at N = 200: linear's share of the time budget of 30.0 seconds spent"
            ])
    }

    /// The figures of a real run (flow incremental, reference): 180 → 200 doubled by a machine hiccup. The last pair
    /// alone gives exponent 7.6 and 2.5 s at N = 1 000; the median of the three pairs keeps the series going.
    @Test func oneNoisyFigureDoesNotStopASeries() throws {
        var budget = EngineBudget(limit: .seconds(300))
        let series = SeriesKey(engine: "reference", shape: .flow, mode: .incremental)
        budget.record(series: series, size: 150, nanos: 4_460)
        budget.record(series: series, size: 180, nanos: 5_490)
        budget.record(series: series, size: 200, nanos: 12_280)
        let predicted = try #require(budget.predictedNanos(series: series, size: 1_000))
        #expect(predicted < 10_000_000)
        let skipped = budget.shouldSkip(series: series, size: 1_000, limit: .seconds(1))
        #expect(!skipped)
    }

    /// Exponential growth (Yoga's fresh depth, from a real run) still stops the series before a 20-second layout.
    @Test func exponentialGrowthStillStopsASeries() {
        var budget = EngineBudget(limit: .seconds(300))
        let series = SeriesKey(engine: "yoga", shape: .depth, mode: .fresh)
        budget.record(series: series, size: 32, nanos: 6_903_360)
        budget.record(series: series, size: 36, nanos: 11_600_810)
        budget.record(series: series, size: 40, nanos: 25_234_060)
        let skipped = budget.shouldSkip(series: series, size: 100, limit: .seconds(1))
        #expect(skipped)
    }
}

final class Counter: @unchecked Sendable {
    var value = 0
}

/// The resize and incremental loops: k and i keep counting across batch boundaries, and the probe refuses a
/// subject whose call moves no frame.
struct ChangeLoopTests {
    let options = TimingOptions(minimumBatchDuration: .microseconds(50), batches: 3, warmupBatches: 1)

    final class Log: @unchecked Sendable {
        var widths: [Double?] = []
        var changes: [Int] = []
        var builds = 0
    }

    func subject(_ log: Log, frames: ((Log) -> [Rect])? = nil) -> InProcessSubject<Log> {
        InProcessSubject(
            build: {
                log.builds += 1
                return log
            },
            layout: { log, width in
                log.widths.append(width)
                return Size(width: 10, height: 10)
            },
            proposalWidth: nil, resizeWidth: { Double($0) }, change: { log, call in log.changes.append(call) },
            frames: frames)
    }

    @Test func resizeCountsKAcrossBatches() throws {
        let log = Log()
        let result = try timeInProcess(subject(log), mode: .resize, options: options)
        // One tree; the untimed first layout at W(0), then W(1), W(2), … through every batch without restarting.
        #expect(log.builds == 1)
        #expect(log.widths == (0..<log.widths.count).map { Double($0) })
        #expect(log.widths.count > 1 + 3)
        #expect(result.nanosPerLayout.count == 3)
    }

    @Test func incrementalCountsChangesAcrossBatchesUnderTheCaseProposal() throws {
        let log = Log()
        _ = try timeInProcess(subject(log), mode: .incremental, options: options)
        #expect(log.builds == 1)
        #expect(log.changes == Array(0..<log.changes.count))
        // One untimed layout, then one layout per change, all under the case's own proposal.
        #expect(log.widths.count == log.changes.count + 1)
        #expect(log.widths.allSatisfy { $0 == nil })
    }

    @Test(arguments: [BenchMode.resize, .incremental])
    func aCallThatMovesNoFrameIsRefused(mode: BenchMode) {
        let log = Log()
        #expect(throws: UnfitSubject.self) {
            try timeInProcessBatch(
                subject(log, frames: { _ in [Rect(x: 0, y: 0, width: 1, height: 1)] }), iterations: 2, mode: mode)
        }
    }

    @Test(arguments: [BenchMode.resize, .incremental])
    func aCallThatMovesFramesPassesTheProbe(mode: BenchMode) throws {
        let log = Log()
        let frames: (Log) -> [Rect] = { log in
            [Rect(x: 0, y: 0, width: Double(log.widths.count + log.changes.count), height: 1)]
        }
        #expect(try timeInProcessBatch(subject(log, frames: frames), iterations: 2, mode: mode) >= 0)
    }

    @Test func aSubjectWithoutItsScheduleIsRefused() {
        let plain = InProcessSubject<Int>(
            build: { 0 }, layout: { _, _ in Size(width: 1, height: 1) }, proposalWidth: nil)
        #expect(throws: UnfitSubject.self) { try timeInProcessBatch(plain, iterations: 1, mode: .resize) }
        #expect(throws: UnfitSubject.self) { try timeInProcessBatch(plain, iterations: 1, mode: .incremental) }
    }

    /// The reference's own probe: a resize of every shape's variant really moves frames (or the timing would throw),
    /// and the loop runs. Size 12, because flow's widths move line breaks only past 10 leaves.
    @Test(arguments: BenchShape.allCases)
    func referenceResizeMovesFrames(shape: BenchShape) throws {
        let quick = TimingOptions(minimumBatchDuration: .microseconds(100), batches: 1, warmupBatches: 0)
        let workload = Workload(shape: shape, size: 12)
        #expect(workload.resizeMovesFrames)
        let result = try ReferenceEngine().time(workload: workload, mode: .resize, options: quick)
        #expect(result.nanosPerLayout.median > 0)
    }

    /// Ten flow leaves fit on one 436-wide line at every W(k) (≥ 456): no resize moves a frame, so the probe refuses
    /// the subject, and the runner skips the size with a note instead of timing it.
    @Test func flowResizeOfTenLeavesMovesNothing() throws {
        let workload = Workload(shape: .flow, size: 10)
        #expect(!workload.resizeMovesFrames)
        let quick = TimingOptions(minimumBatchDuration: .microseconds(100), batches: 1, warmupBatches: 0)
        #expect(throws: UnfitSubject.self) {
            try ReferenceEngine().time(workload: workload, mode: .resize, options: quick)
        }
        let report = try runBenchmarks(
            BenchmarkConfiguration(
                shapes: [.flow], families: [.box, .flex], sizes: [10, 12], modes: [.resize], quick: true),
            engines: [ReferenceEngine()])
        #expect(report.results.map(\.size) == [12, 12])
        #expect(report.notes.contains { $0.hasPrefix("flow-10 resize: skipped") })
        #expect(report.notes.contains { $0.hasPrefix("flex-flow-10 resize: skipped") })
    }
}

/// The rounds of one workload (`BenchmarkConfiguration.rounds`) merge into one summary of all their batches.
struct RoundTests {
    @Test func roundsShareTheBatchesAndOnlyTheFirstWarmsUp() {
        let config = BenchmarkConfiguration()
        #expect(config.rounds == 3)
        #expect((0..<config.rounds).map { config.timing(round: $0).batches }.reduce(0, +) == config.timing.batches)
        #expect((0..<config.rounds).map { config.timing(round: $0).warmupBatches } == [1, 0, 0])
        #expect(BenchmarkConfiguration(quick: true).rounds == 1)
    }

    @Test func mergedSummarisesEveryRoundsBatches() throws {
        let first = TimingResult(
            nanosPerLayout: BatchStatistics([1, 2, 3])!, iterationsPerBatch: 10, batchNanos: [1, 2, 3])
        let second = TimingResult(
            nanosPerLayout: BatchStatistics([7, 8, 9])!, iterationsPerBatch: 20, batchNanos: [7, 8, 9])
        let merged = try #require(TimingResult.merged([first, second]))
        #expect(merged.nanosPerLayout == BatchStatistics([1, 2, 3, 7, 8, 9]))
        #expect(merged.iterationsPerBatch == 20)
        #expect(merged.batchNanos == [1, 2, 3, 7, 8, 9])
        #expect(TimingResult.merged([]) == nil)
        #expect(TimingResult.merged([first]) == first)
    }
}
