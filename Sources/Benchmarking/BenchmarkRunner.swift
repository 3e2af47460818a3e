import Engines
import Foundation

/// An in-process engine times itself with the full loop (`timeInProcess`) instead of one bench call per batch.
/// It receives the workload itself, not its JSON: Foundation's JSON parser stops at 512 nested containers,
/// which the depth-1000 tree exceeds.
public protocol InProcessTimable: LayoutEngineAdapter {
    func time(workload: Workload, mode: BenchMode, options: TimingOptions) throws -> TimingResult
    /// Times a case file in `mode` (`ristretto bench --case`); by default the engine cannot.
    func time(case workload: CaseWorkload, mode: BenchMode, options: TimingOptions) throws -> TimingResult
}

extension InProcessTimable {
    public func time(case workload: CaseWorkload, mode: BenchMode, options: TimingOptions) throws -> TimingResult {
        throw EngineError.adapter(engine: name, message: "times the benchmark shapes only, not case files")
    }
}
/// Runs every engine on every workload of `config`, family by family, shape by shape and size by size, so all engines
/// see the same tree in one run. A missing engine is skipped with a note; an engine that refuses a case gets a note;
/// each engine's series stops when a layout would exceed `perLayoutLimit` or its time budget is spent, with a note
/// saying where. **Each engine's frames are checked against the reference's** (`answers`, laid out in process
/// whether or not it is timed) on every workload and mode it timed (`checkAnswers`): a ratio between differing
/// answers is marked and kept out of every mean.
public func runBenchmarks(
    _ config: BenchmarkConfiguration, engines: [any LayoutEngineAdapter],
    answers reference: ReferenceEngine = ReferenceEngine()
) throws -> BenchmarkReport {
    var notes: [String] = []
    // 1. Keep the engines that answer `info`, under the name the run uses for them.
    let (available, details) = answeringEngines(engines, notes: &notes)
    var budgets = Dictionary(
        uniqueKeysWithValues: available.map { ($0.name, EngineBudget(limit: config.engineBudget)) })
    var results: [BenchmarkResult] = []
    var differences = AnswerNotes()
    // 2. Family by family, shape by shape, size by size, mode by mode, every engine on the same case JSON.
    let tables = config.tables
    for (index, (family, shape)) in tables.enumerated() {
        for name in budgets.keys { budgets[name]!.beginShape(shapesLeft: tables.count - index) }
        for size in config.sizes(for: shape) {
            let workload = Workload(shape: shape, size: size, family: family)
            for mode in config.modes {
                if mode == .resize && !workload.resizeMovesFrames {
                    notes.append(
                        "\(workload.name) resize: skipped: all \(size) leaves fit on one line at every W(k), so no resize moves a frame"
                    )
                    continue
                }
                let target = TimingTarget(
                    workload: workload, mode: mode, caseJSON: try workload.tree(for: mode).caseJSON())
                let series = { (engine: String) in SeriesKey(engine: engine, shape: shape, mode: mode, family: family) }
                let turns = available.filter {
                    !budgets[$0.name]!.shouldSkip(series: series($0.name), size: size, limit: config.perLayoutLimit)
                }
                let (timed, failures) = timeInRounds(turns, target: target, config: config, budgets: &budgets)
                for (engine, error) in failures {
                    let prefix =
                        "\(engine) \(family.tableName(of: shape)) \(mode.rawValue): stopped at \(shape.sizeLabel) = \(size)"
                    if let stop = error as? SeriesStop {
                        budgets[engine]!.stop(series: series(engine), reason: "\(prefix): \(stop.reason)")
                    } else {
                        notes.append("\(engine) \(workload.name) \(mode.rawValue): \(error)")
                        budgets[engine]!.stop(series: series(engine), reason: "\(prefix) after an error")
                    }
                }
                // 3. The answers of the engines that were timed, against the reference's.
                let checked = checkAnswers(
                    available.filter { timed[$0.name] != nil }, on: try AnswerProblem(workload: workload, mode: mode),
                    key: .reference(reference), timeout: config.answerTimeout)
                for engine in available {
                    guard let timing = timed[engine.name] else { continue }
                    var result = BenchmarkResult(
                        engine: engine.name, workload: workload, mode: mode, timing: timing,
                        viaPython: details.viaPython(engine.name))
                    result.sameAnswer = checked.verdicts[engine.name]?.isSame
                    differences.add(
                        engine.name, "\(workload.name) \(mode.rawValue)", checked.verdicts[engine.name],
                        key: checked.key)
                    results.append(result)
                    budgets[engine.name]!.record(
                        series: series(engine.name), size: size, nanos: timing.nanosPerLayout.median)
                }
            }
        }
    }
    for budget in budgets.values { notes.append(contentsOf: budget.stopNotes) }
    notes.append(contentsOf: differences.notes)
    notes.append(contentsOf: callbackNotes(results))
    return BenchmarkReport(
        machine: .current(quick: config.quick, engines: details), results: results, notes: notes)
}

/// The engines that answer `info`, each under the name the run uses for it, and their answers; the others are
/// skipped with a note.
func answeringEngines(_ engines: [any LayoutEngineAdapter], notes: inout [String]) -> (
    [any LayoutEngineAdapter], [EngineInfo]
) {
    var available: [any LayoutEngineAdapter] = []
    var details: [EngineInfo] = []
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
    return (available, details)
}

extension [EngineInfo] {
    /// True for an engine whose `info` says its figures are timed through Python, nil otherwise (the JSON field is
    /// then left out).
    func viaPython(_ engine: String) -> Bool? {
        first { $0.name == engine }?.isPythonBound == true ? true : nil
    }
}

/// One line per engine whose adapter counts the leaves it measures through callbacks (Taffy's, in Python;
/// docs/engines.md): which figures include such callbacks beyond incremental's changed leaf, whose answer changes.
func callbackNotes(_ results: [BenchmarkResult]) -> [String] {
    var engines: [String] = []
    for result in results where result.measuredLeaves != nil && !engines.contains(result.engine) {
        engines.append(result.engine)
    }
    return engines.map { engine in
        let reported = results.filter { $0.engine == engine && $0.measuredLeaves != nil }
        let called = reported.filter { ($0.measuredLeaves ?? 0) > ($0.mode == .incremental ? 1 : 0) }
        var line =
            "\(engine): \(reported.count - called.count) of \(reported.count) figures without measure callbacks (content leaves given as fixed-size leaves where the adapter checked that they give the same frames)"
        if !called.isEmpty {
            let names = called.map { "\($0.workloadName) \($0.mode.rawValue)" }
            line += "; with them: " + names.prefix(12).joined(separator: ", ")
            if names.count > 12 { line += ", … (\(names.count) in all)" }
        }
        return line
    }
}

/// What one engine times on one workload in one mode: the tree as peers receive it, their request schedule, and
/// how an in-process engine times it.
struct TimingTarget {
    var mode: BenchMode
    var caseJSON: Data
    var schedule: PeerSchedule
    var inProcess: (any InProcessTimable, TimingOptions) throws -> TimingResult

    /// A benchmark shape at one size.
    init(workload: Workload, mode: BenchMode, caseJSON: Data) {
        self.mode = mode
        self.caseJSON = caseJSON
        schedule = PeerSchedule(workload: workload, mode: mode)
        inProcess = { engine, options in try engine.time(workload: workload, mode: mode, options: options) }
    }

    /// A case file, with the leaf the run chose for incremental.
    init(case workload: CaseWorkload, mode: BenchMode) {
        self.mode = mode
        caseJSON = workload.caseJSON
        schedule = PeerSchedule(
            mode: mode, resizeWidth: workload.resizeWidth(call:),
            change: workload.incrementalChange ?? IncrementalChange(path: []))
        inProcess = { engine, options in try engine.time(case: workload, mode: mode, options: options) }
    }
}

/// Times `engines` on one target, round by round (`BenchmarkConfiguration.rounds`), the engines taking turns; only
/// the first round warms up. An engine whose series stops or fails in a round sits out the rest and its earlier
/// rounds are dropped; the failures say why (a `SeriesStop`, or the error). A budget spent mid-workload ends the
/// turns but keeps the rounds already timed. Returns each engine's rounds merged into one timing.
func timeInRounds(
    _ engines: [any LayoutEngineAdapter], target: TimingTarget, config: BenchmarkConfiguration,
    budgets: inout [String: EngineBudget]
) -> (timed: [String: TimingResult], failures: [(engine: String, error: any Error)]) {
    var timed: [String: [TimingResult]] = [:]
    var failures: [(engine: String, error: any Error)] = []
    var turns = engines
    for round in 0..<config.rounds {
        for engine in turns {
            let started = ContinuousClock.now
            do {
                let timing = try time(
                    engine, target: target, config: config, round: round, budget: budgets[engine.name]!)
                timed[engine.name, default: []].append(timing)
            } catch {
                timed[engine.name] = nil
                failures.append((engine.name, error))
            }
            budgets[engine.name]!.spend(ContinuousClock.now - started)
        }
        turns.removeAll { timed[$0.name] == nil || budgets[$0.name]!.remaining <= .zero }
    }
    return (timed.compactMapValues { TimingResult.merged($0) }, failures)
}

/// Times one engine on one shape's workload for round `round` (`time(_:target:config:round:budget:)`).
func time(
    _ engine: any LayoutEngineAdapter, workload: Workload, caseJSON: Data, mode: BenchMode,
    config: BenchmarkConfiguration,
    round: Int = 0, budget: EngineBudget
) throws -> TimingResult {
    try time(
        engine, target: TimingTarget(workload: workload, mode: mode, caseJSON: caseJSON), config: config, round: round,
        budget: budget)
}

/// Times one engine on one target for round `round` (its share of the batches, `BenchmarkConfiguration.timing(round:)`):
/// the full in-process loop, or a calibrated series of adapter bench calls.
func time(
    _ engine: any LayoutEngineAdapter, target: TimingTarget, config: BenchmarkConfiguration, round: Int = 0,
    budget: EngineBudget
) throws -> TimingResult {
    let options = config.timing(round: round)
    if let timable = engine as? any InProcessTimable {
        return try target.inProcess(timable, options)
    }
    let peer = engine as? SubprocessEngine
    let mode = target.mode
    let caseJSON = target.caseJSON
    var schedule = target.schedule
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
    var measuredLeaves: [Int] = []
    for _ in 0..<options.batches {
        let batch = try engine.bench(
            caseJSON: caseJSON, iterations: iterations, plan: schedule.next(iterations: iterations))
        values.append(batch.nanosPerLayout)
        if let core = batch.coreNanosPerLayout { cores.append(core) }
        if let measured = batch.measuredLeaves { measuredLeaves.append(measured) }
    }
    var result = TimingResult(
        nanosPerLayout: BatchStatistics(values)!, iterationsPerBatch: iterations, batchNanos: values,
        coreBatchNanos: cores.count == values.count ? cores : [])
    result.measuredLeaves = measuredLeaves.count == values.count ? measuredLeaves.max() : nil
    return result
}

/// The plans of a peer's successive bench requests. **Resize's k continues across requests**: each request lays
/// its new tree out untimed at the width the previous request ended on, then times the next `iterations` widths.
struct PeerSchedule {
    let mode: BenchMode
    /// Resize: the width W(k) of call k.
    let resizeWidth: (Int) -> Double
    /// Incremental: the leaf and its widths.
    let change: IncrementalChange
    /// The k of the next request's untimed first layout.
    private(set) var nextResizeCall = 0

    init(mode: BenchMode, resizeWidth: @escaping (Int) -> Double, change: IncrementalChange) {
        self.mode = mode
        self.resizeWidth = resizeWidth
        self.change = change
    }

    /// A benchmark shape's schedule: its W(k) and its changed leaf.
    init(workload: Workload, mode: BenchMode) {
        self.init(mode: mode, resizeWidth: workload.resizeWidth(call:), change: workload.incrementalChange)
    }

    mutating func next(iterations: Int) -> BenchPlan {
        switch mode {
        case .fresh: return .fresh
        case .relayout: return .relayout
        case .incremental: return .incremental(change)
        case .resize:
            let first = nextResizeCall
            nextResizeCall += iterations
            return .resize(widths: (first...first + iterations).map(resizeWidth))
        }
    }
}
