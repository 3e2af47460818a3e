import Engines
import Foundation

/// An in-process engine times itself with the full loop (`timeInProcess`) instead of one bench call per batch.
/// It receives the workload itself, not its JSON: Foundation's JSON parser stops at 512 nested containers,
/// which the depth-1000 tree exceeds.
public protocol InProcessTimable: LayoutEngineAdapter {
    func time(workload: Workload, mode: BenchMode, options: TimingOptions) throws -> TimingResult
}
/// Runs every engine on every workload of `config`, shape by shape and size by size, so all engines see the same
/// tree in one run. A missing engine is skipped with a note; an engine that refuses a case gets a note; each engine's
/// series stops when a layout would exceed `perLayoutLimit` or its time budget is spent, with a note saying where.
public func runBenchmarks(_ config: BenchmarkConfiguration, engines: [any LayoutEngineAdapter]) throws
    -> BenchmarkReport
{
    var notes: [String] = []
    var details: [EngineInfo] = []
    // 1. Keep the engines that answer `info`, under the name the run uses for them.
    var available: [any LayoutEngineAdapter] = []
    for engine in engines {
        do {
            var info = try engine.info()
            info.name = engine.name
            details.append(info)
            available.append(engine)
        } catch {
            notes.append("skipped \(engine.name): \(error)")
        }
    }
    var budgets = Dictionary(
        uniqueKeysWithValues: available.map { ($0.name, EngineBudget(limit: config.engineBudget)) })
    var results: [BenchmarkResult] = []
    // 2. Shape by shape, size by size, mode by mode, every engine on the same case JSON.
    for (index, shape) in config.shapes.enumerated() {
        for name in budgets.keys { budgets[name]!.beginShape(shapesLeft: config.shapes.count - index) }
        for size in config.sizes(for: shape) {
            let workload = Workload(shape: shape, size: size)
            for mode in config.modes {
                if mode == .resize && !workload.resizeMovesFrames {
                    notes.append(
                        "\(workload.name) resize: skipped: all \(size) leaves fit on one line at every W(k), so no resize moves a frame"
                    )
                    continue
                }
                let caseJSON = try workload.tree(for: mode).caseJSON()
                // The engines take turns, round by round (`BenchmarkConfiguration.rounds`); an engine whose series
                // stops or fails in a round sits out the rest, and its earlier rounds are dropped with it.
                var timed: [String: [TimingResult]] = [:]
                var turns = available.filter {
                    !budgets[$0.name]!.shouldSkip(
                        series: SeriesKey(engine: $0.name, shape: shape, mode: mode), size: size,
                        limit: config.perLayoutLimit)
                }
                for round in 0..<config.rounds {
                    for engine in turns {
                        let series = SeriesKey(engine: engine.name, shape: shape, mode: mode)
                        let started = ContinuousClock.now
                        do {
                            let timing = try time(
                                engine, workload: workload, caseJSON: caseJSON, mode: mode, config: config,
                                round: round,
                                budget: budgets[engine.name]!)
                            timed[engine.name, default: []].append(timing)
                        } catch let stop as SeriesStop {
                            budgets[engine.name]!.stop(
                                series: series,
                                reason:
                                    "\(engine.name) \(shape.rawValue) \(mode.rawValue): stopped at \(shape.sizeLabel) = \(size): \(stop.reason)"
                            )
                            timed[engine.name] = nil
                        } catch {
                            notes.append("\(engine.name) \(workload.name) \(mode.rawValue): \(error)")
                            budgets[engine.name]!.stop(
                                series: series,
                                reason:
                                    "\(engine.name) \(shape.rawValue) \(mode.rawValue): stopped at \(shape.sizeLabel) = \(size) after an error"
                            )
                            timed[engine.name] = nil
                        }
                        budgets[engine.name]!.spend(ContinuousClock.now - started)
                    }
                    // A budget spent mid-workload ends the turns but keeps the rounds already timed.
                    turns.removeAll { timed[$0.name] == nil || budgets[$0.name]!.remaining <= .zero }
                }
                for engine in available {
                    guard let rounds = timed[engine.name], let timing = TimingResult.merged(rounds) else { continue }
                    results.append(BenchmarkResult(engine: engine.name, workload: workload, mode: mode, timing: timing))
                    budgets[engine.name]!.record(
                        series: SeriesKey(engine: engine.name, shape: shape, mode: mode), size: size,
                        nanos: timing.nanosPerLayout.median)
                }
            }
        }
    }
    for budget in budgets.values { notes.append(contentsOf: budget.stopNotes) }
    return BenchmarkReport(
        machine: .current(quick: config.quick, engines: details), results: results, notes: notes)
}

/// Times one engine on one case for round `round` (its share of the batches, `BenchmarkConfiguration.timing(round:)`):
/// the full in-process loop, or a calibrated series of adapter bench calls.
func time(
    _ engine: any LayoutEngineAdapter, workload: Workload, caseJSON: Data, mode: BenchMode,
    config: BenchmarkConfiguration,
    round: Int = 0, budget: EngineBudget
) throws -> TimingResult {
    let options = config.timing(round: round)
    if let timable = engine as? any InProcessTimable {
        return try timable.time(workload: workload, mode: mode, options: options)
    }
    let peer = engine as? SubprocessEngine
    var schedule = PeerSchedule(workload: workload, mode: mode)
    // 1. Probe one layout (it also warms the adapter up) and stop the series if a layout is too slow.
    var costPerIteration = 0.0
    func bench(_ iterations: Int) throws -> Double {
        let started = ContinuousClock.now
        let nanos = try engine.bench(
            caseJSON: caseJSON, iterations: iterations, plan: schedule.next(iterations: iterations)
        )
        .nanosPerLayout
        // Fresh builds a tree per iteration, so a request's wall time grows with that too; relayout builds one
        // tree per request, a fixed cost that must not shrink the batch (Yoga's caches need a long batch to settle).
        costPerIteration = mode == .fresh ? (ContinuousClock.now - started).nanoseconds / Double(iterations) : nanos
        return nanos
    }
    //    The probe may take the per-layout limit plus the time to send the case and build the tree
    //    (`probeAllowance`): a power law fitted to a few sizes cannot foresee exponential growth (Yoga's fresh depth
    //    in a quick run: 14 ms at D = 40, no answer at D = 100), and such a probe must end the series, not the run.
    peer?.requestTimeout = max(min(budget.remainingInRun, config.perLayoutLimit + config.probeAllowance), .seconds(1))
    let probe: Double
    do {
        probe = try bench(1)
    } catch EngineError.timedOut(_, let after) {
        throw SeriesStop(
            reason:
                "one layout took longer than \(formatDuration(nanos: after.nanoseconds)) (the adapter was stopped; limit \(formatDuration(nanos: config.perLayoutLimit.nanoseconds)))"
        )
    }
    if probe > config.perLayoutLimit.nanoseconds {
        throw SeriesStop(
            reason:
                "one layout took \(formatDuration(nanos: probe)) (limit \(formatDuration(nanos: config.perLayoutLimit.nanoseconds)))"
        )
    }
    // Batches may take what is left of the run's budget (at least a second, so that the end of the budget does not
    // cut a batch that has begun).
    peer?.requestTimeout = max(budget.remainingInRun, .seconds(1))
    // 2. Size the batches so that each request lasts about the minimum duration. The adapter's own figure counts
    //    only the layout call, but a fresh batch also builds a tree per iteration (in Python, for Taffy, that
    //    costs far more than the layout), and the time budget is spent in wall-clock time.
    func batchSize() -> Int {
        let wanted = options.minimumBatchDuration.nanoseconds / max(costPerIteration, 1)
        return min(options.maximumIterationsPerBatch, max(1, Int(wanted.rounded(.up))))
    }
    var iterations = batchSize()
    for _ in 0..<max(1, options.warmupBatches) {
        _ = try bench(iterations)
        iterations = batchSize()
    }
    var values: [Double] = []
    var cores: [Double] = []
    for _ in 0..<options.batches {
        let batch = try engine.bench(
            caseJSON: caseJSON, iterations: iterations, plan: schedule.next(iterations: iterations))
        values.append(batch.nanosPerLayout)
        if let core = batch.coreNanosPerLayout { cores.append(core) }
    }
    return TimingResult(
        nanosPerLayout: BatchStatistics(values)!, iterationsPerBatch: iterations, batchNanos: values,
        coreBatchNanos: cores.count == values.count ? cores : [])
}

/// The plans of a peer's successive bench requests. **Resize's k continues across requests**: each request lays
/// its new tree out untimed at the width the previous request ended on, then times the next `iterations` widths.
struct PeerSchedule {
    let workload: Workload
    let mode: BenchMode
    /// The k of the next request's untimed first layout.
    private(set) var nextResizeCall = 0

    init(workload: Workload, mode: BenchMode) {
        self.workload = workload
        self.mode = mode
    }

    mutating func next(iterations: Int) -> BenchPlan {
        switch mode {
        case .fresh: return .fresh
        case .relayout: return .relayout
        case .incremental: return .incremental(workload.incrementalChange)
        case .resize:
            let first = nextResizeCall
            nextResizeCall += iterations
            return .resize(widths: (first...first + iterations).map(workload.resizeWidth(call:)))
        }
    }
}
