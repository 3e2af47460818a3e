import LayoutCore
import Testing

@testable import Benchmarking

/// Records every width the loop proposes, so the relayout alternation can be checked call by call.
final class RecordingTree: @unchecked Sendable {
    var widths: [Double?] = []
}

struct TimingLoopTests {
    let options = TimingOptions(minimumBatchDuration: .microseconds(50), batches: 3, warmupBatches: 1)

    func subject(proposalWidth: Double?, tree: RecordingTree, builds: Counter) -> InProcessSubject<RecordingTree> {
        InProcessSubject(
            build: { builds.value += 1; return tree },
            layout: { tree, width in tree.widths.append(width); return Size(width: 10, height: 10) },
            proposalWidth: proposalWidth)
    }

    @Test func relayoutAlternatesAcrossBatchBoundaries() throws {
        let tree = RecordingTree(), builds = Counter()
        let result = try timeInProcess(subject(proposalWidth: 500, tree: tree, builds: builds), mode: .relayout, options: options)
        // One tree for the whole run; its untimed first layout uses 501, then 500, 501, 500, … with no repeat.
        #expect(builds.value == 1)
        #expect(tree.widths.first == 501)
        #expect(tree.widths.dropFirst().first == 500)
        #expect(zip(tree.widths, tree.widths.dropFirst()).allSatisfy { $0 != $1 })
        #expect(result.nanosPerLayout.count == 3)
        #expect(result.buildNanos == nil)
    }

    @Test func unboundedRelayoutUsesTenMillion() throws {
        let tree = RecordingTree(), builds = Counter()
        _ = try timeInProcessBatch(subject(proposalWidth: nil, tree: tree, builds: builds), iterations: 3, mode: .relayout)
        #expect(tree.widths == [10_000_001, 10_000_000, 10_000_001, 10_000_000])
    }

    @Test func freshBuildsOneTreePerLayoutAndKeepsTheCaseProposal() throws {
        let tree = RecordingTree(), builds = Counter()
        let result = try timeInProcess(subject(proposalWidth: 500, tree: tree, builds: builds), mode: .fresh, options: options)
        #expect(builds.value == tree.widths.count)
        #expect(tree.widths.allSatisfy { $0 == nil })
        #expect(result.buildNanos != nil)
    }

    @Test func anInvalidRootSizeFailsTheRun() {
        let broken = InProcessSubject<Int>(
            build: { 0 }, layout: { _, _ in Size(width: .nan, height: 1) }, proposalWidth: nil)
        #expect(throws: InvalidLayoutResult.self) { try timeInProcess(broken, mode: .fresh, options: options) }
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
        #expect(budget.stopNotes == ["yoga depth fresh: stopped at D = 16: one layout predicted to take 1.6 µs (limit 1.0 µs)"])
    }
}

final class Counter: @unchecked Sendable {
    var value = 0
}
