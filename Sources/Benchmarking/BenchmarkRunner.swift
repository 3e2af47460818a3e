import Foundation

/// What `ristretto bench` asked for; the CLI parses its flags into this.
public struct BenchmarkConfiguration: Hashable, Sendable {
    public var shapes: [BenchShape]
    /// Sizes for every shape; nil uses each shape's own table (plus its scaling sizes when asked).
    public var sizes: [Int]?
    public var modes: [BenchMode]
    /// Adds N = 1 000, 10 000, 100 000 (linear, flow) and D = 100, 1 000 (depth) to the standard tables.
    public var includeScaling: Bool
    /// Shorter batches, fewer of them, and three sizes per shape: a smoke run, not a measurement.
    public var quick: Bool
    /// The wall-clock time each engine may spend on the whole run, shared out shape by shape (`EngineBudget`); an
    /// engine's series stop where its share runs out.
    public var engineBudget: Duration
    /// A size whose single layout takes (or is predicted to take) longer than this ends the engine's series.
    public var perLayoutLimit: Duration
    /// What a peer's one-layout probe may take beyond `perLayoutLimit` (sending the case and building its tree; a
    /// 100 000-node case is about 7 MB of JSON) before the adapter is stopped and the series ends.
    public var probeAllowance: Duration

    public init(
        shapes: [BenchShape] = BenchShape.allCases, sizes: [Int]? = nil, modes: [BenchMode] = BenchMode.allCases,
        includeScaling: Bool = false, quick: Bool = false, engineBudget: Duration? = nil,
        perLayoutLimit: Duration? = nil, probeAllowance: Duration = .seconds(10)
    ) {
        self.shapes = shapes
        self.sizes = sizes
        self.modes = modes
        self.includeScaling = includeScaling
        self.quick = quick
        self.engineBudget = engineBudget ?? (quick ? .seconds(30) : .seconds(300))
        self.perLayoutLimit = perLayoutLimit ?? (quick ? .milliseconds(200) : .seconds(1))
        self.probeAllowance = probeAllowance
    }

    public var timing: TimingOptions { quick ? .quick : .standard }

    /// How many rounds each workload's batches are split into, the engines taking turns round by round: the
    /// machine's slow spells (seconds long on a shared VM, and up to 2×) then fall on every engine alike instead
    /// of on whichever engine happened to be timing, and the ratios hold still. One for a quick run.
    public var rounds: Int { quick ? 1 : 3 }

    /// The timing options of round `round` (0-based): a share of the batches, and a warm-up only in the first
    /// round (the engine is warm after it).
    func timing(round: Int) -> TimingOptions {
        var options = timing
        options.batches = max(1, (timing.batches + rounds - 1 - round) / rounds)
        if round > 0 { options.warmupBatches = 0 }
        return options
    }

    /// The sizes run for `shape`, ascending: its table (three of it when quick), then its scaling sizes when asked
    /// (`--quick --scaling` is a smoke run of the scaling sizes too, not of the table alone).
    public func sizes(for shape: BenchShape) -> [Int] {
        if let sizes { return sizes.sorted() }
        let table = shape.standardSizes
        let standard = quick ? [table[0], table[table.count / 2], table[table.count - 1]] : table
        return standard + (includeScaling ? shape.scalingSizes : [])
    }
}

/// An in-process engine times itself with the full loop (`timeInProcess`) instead of one bench call per batch.
/// It receives the workload itself, not its JSON: Foundation's JSON parser stops at 512 nested containers,
/// which the depth-1000 tree exceeds.
public protocol InProcessTimable: LayoutEngineAdapter {
    func time(workload: Workload, mode: BenchMode, options: TimingOptions) throws -> TimingResult
}

/// One engine's cost on one workload in one mode. Encodes as a row of the JSON contract
/// (`engine, shape, size, mode, microsecondsPerLayout, spread`) plus the extra fields below.
public struct BenchmarkResult: Hashable, Sendable, Codable {
    public var engine: String
    public var shape: BenchShape
    public var size: Int
    public var mode: BenchMode
    /// The median over batches of the mean microseconds per layout.
    public var microsecondsPerLayout: Double
    /// The interquartile range of the batch values, in microseconds.
    public var spread: Double
    public var batches: Int
    public var iterationsPerBatch: Int
    /// Mean construction time of one tree (in-process fresh runs only).
    public var buildMicroseconds: Double?
    /// The median over batches of the engine's own layout call alone, where its adapter times it apart from its
    /// figure (`BenchBatch.coreNanosPerLayout`: Taffy's, without the copy of every node through Python).
    public var coreMicrosecondsPerLayout: Double?

    public init(
        engine: String, shape: BenchShape, size: Int, mode: BenchMode, microsecondsPerLayout: Double, spread: Double,
        batches: Int, iterationsPerBatch: Int, buildMicroseconds: Double? = nil, coreMicrosecondsPerLayout: Double? = nil
    ) {
        self.engine = engine
        self.shape = shape
        self.size = size
        self.mode = mode
        self.microsecondsPerLayout = microsecondsPerLayout
        self.spread = spread
        self.batches = batches
        self.iterationsPerBatch = iterationsPerBatch
        self.buildMicroseconds = buildMicroseconds
        self.coreMicrosecondsPerLayout = coreMicrosecondsPerLayout
    }

    init(engine: String, workload: Workload, mode: BenchMode, timing: TimingResult) {
        let stats = timing.nanosPerLayout
        self.init(
            engine: engine, shape: workload.shape, size: workload.size, mode: mode,
            microsecondsPerLayout: stats.median / 1_000, spread: stats.interquartileRange / 1_000,
            batches: stats.count, iterationsPerBatch: timing.iterationsPerBatch,
            buildMicroseconds: timing.buildNanos.map { $0 / 1_000 },
            coreMicrosecondsPerLayout: BatchStatistics(timing.coreBatchNanos).map { $0.median / 1_000 })
    }
}

/// Where and how the benchmark ran.
public struct MachineInfo: Hashable, Sendable, Codable {
    public var cpu: String
    public var cores: Int
    public var memoryBytes: UInt64
    public var os: String
    public var quick: Bool
    /// Engine name → version, as each engine reported it.
    public var engines: [String: String]
    /// Each engine's `info` in run order: name, version and what its bench figure includes (`timing`).
    public var engineDetails: [EngineInfo]

    public init(
        cpu: String, cores: Int, memoryBytes: UInt64, os: String, quick: Bool, engines: [String: String],
        engineDetails: [EngineInfo] = []
    ) {
        self.cpu = cpu
        self.cores = cores
        self.memoryBytes = memoryBytes
        self.os = os
        self.quick = quick
        self.engines = engines
        self.engineDetails = engineDetails
    }

    /// Reads reports written before `engineDetails` existed as having none.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        cpu = try container.decode(String.self, forKey: .cpu)
        cores = try container.decode(Int.self, forKey: .cores)
        memoryBytes = try container.decode(UInt64.self, forKey: .memoryBytes)
        os = try container.decode(String.self, forKey: .os)
        quick = try container.decode(Bool.self, forKey: .quick)
        engines = try container.decode([String: String].self, forKey: .engines)
        engineDetails = try container.decodeIfPresent([EngineInfo].self, forKey: .engineDetails) ?? []
    }

    /// This machine, read from /proc/cpuinfo and ProcessInfo.
    static func current(quick: Bool, engines details: [EngineInfo]) -> MachineInfo {
        let engines = Dictionary(details.map { ($0.name, $0.version) }, uniquingKeysWith: { first, _ in first })
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" }
        let info = ProcessInfo.processInfo
        return MachineInfo(
            cpu: model ?? "unknown", cores: info.activeProcessorCount, memoryBytes: info.physicalMemory,
            os: info.operatingSystemVersionString, quick: quick, engines: engines, engineDetails: details)
    }
}

/// The outcome of `runBenchmarks`: the machine, every result, and notes on what was skipped or stopped.
public struct BenchmarkReport: Hashable, Sendable, Codable {
    public var machine: MachineInfo
    public var results: [BenchmarkResult]
    /// Human-readable notes: a missing engine, a series stopped by the budget, a refused case.
    public var notes: [String]

    public init(machine: MachineInfo, results: [BenchmarkResult], notes: [String] = []) {
        self.machine = machine
        self.results = results
        self.notes = notes
    }

    /// The engine names in the order they first appear.
    public var engines: [String] {
        var seen: [String] = []
        for result in results where !seen.contains(result.engine) { seen.append(result.engine) }
        return seen
    }

    /// The result's cost divided by the reference engine's on the same workload and mode; nil without one.
    public func ratioToReference(_ result: BenchmarkResult, reference: String = "reference") -> Double? {
        guard
            let base = results.first(where: {
                $0.engine == reference && $0.shape == result.shape && $0.size == result.size && $0.mode == result.mode
            }), base.microsecondsPerLayout > 0
        else { return nil }
        return result.microsecondsPerLayout / base.microsecondsPerLayout
    }
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
    var budgets = Dictionary(uniqueKeysWithValues: available.map { ($0.name, EngineBudget(limit: config.engineBudget)) })
    var results: [BenchmarkResult] = []
    // 2. Shape by shape, size by size, mode by mode, every engine on the same case JSON.
    for (index, shape) in config.shapes.enumerated() {
        for name in budgets.keys { budgets[name]!.beginShape(shapesLeft: config.shapes.count - index) }
        for size in config.sizes(for: shape) {
            let workload = Workload(shape: shape, size: size)
            for mode in config.modes {
                if mode == .resize && !workload.resizeMovesFrames {
                    notes.append("\(workload.name) resize: skipped: all \(size) leaves fit on one line at every W(k), so no resize moves a frame")
                    continue
                }
                let caseJSON = try workload.tree(for: mode).caseJSON()
                // The engines take turns, round by round (`BenchmarkConfiguration.rounds`); an engine whose series
                // stops or fails in a round sits out the rest, and its earlier rounds are dropped with it.
                var timed: [String: [TimingResult]] = [:]
                var turns = available.filter {
                    !budgets[$0.name]!.shouldSkip(
                        series: SeriesKey(engine: $0.name, shape: shape, mode: mode), size: size, limit: config.perLayoutLimit)
                }
                for round in 0..<config.rounds {
                    for engine in turns {
                        let series = SeriesKey(engine: engine.name, shape: shape, mode: mode)
                        let started = ContinuousClock.now
                        do {
                            let timing = try time(
                                engine, workload: workload, caseJSON: caseJSON, mode: mode, config: config, round: round,
                                budget: budgets[engine.name]!)
                            timed[engine.name, default: []].append(timing)
                        } catch let stop as SeriesStop {
                            budgets[engine.name]!.stop(series: series, reason: "\(engine.name) \(shape.rawValue) \(mode.rawValue): stopped at \(shape.sizeLabel) = \(size): \(stop.reason)")
                            timed[engine.name] = nil
                        } catch {
                            notes.append("\(engine.name) \(workload.name) \(mode.rawValue): \(error)")
                            budgets[engine.name]!.stop(series: series, reason: "\(engine.name) \(shape.rawValue) \(mode.rawValue): stopped at \(shape.sizeLabel) = \(size) after an error")
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
    _ engine: any LayoutEngineAdapter, workload: Workload, caseJSON: Data, mode: BenchMode, config: BenchmarkConfiguration,
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
        let nanos = try engine.bench(caseJSON: caseJSON, iterations: iterations, plan: schedule.next(iterations: iterations))
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
        throw SeriesStop(reason: "one layout took longer than \(formatDuration(nanos: after.nanoseconds)) (the adapter was stopped; limit \(formatDuration(nanos: config.perLayoutLimit.nanoseconds)))")
    }
    if probe > config.perLayoutLimit.nanoseconds {
        throw SeriesStop(reason: "one layout took \(formatDuration(nanos: probe)) (limit \(formatDuration(nanos: config.perLayoutLimit.nanoseconds)))")
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
    var values: [Double] = [], cores: [Double] = []
    for _ in 0..<options.batches {
        let batch = try engine.bench(caseJSON: caseJSON, iterations: iterations, plan: schedule.next(iterations: iterations))
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

/// Ends an engine's series for one shape and mode (a too-slow layout).
struct SeriesStop: Error { var reason: String }

struct SeriesKey: Hashable {
    var engine: String
    var shape: BenchShape
    var mode: BenchMode
}

/// One engine's time budget and the cost history used to predict the next size.
/// **The budget is shared out shape by shape**: each shape may spend an equal part of what the shapes before it
/// left, so a slow peer's linear and flow tables cannot use up the time the depth table needs (before, Taffy's quick
/// run spent its 30 s on linear and flow and printed no depth figure at all).
struct EngineBudget {
    let limit: Duration
    private(set) var spent = Duration.zero
    /// Where the current shape's share ends, in terms of `spent`.
    private var shapeLimit: Duration
    private var history: [SeriesKey: [(size: Int, nanos: Double)]] = [:]
    private var stopped: [SeriesKey: String] = [:]

    init(limit: Duration) {
        self.limit = limit
        shapeLimit = limit
    }

    /// What the current shape may still spend: a series starts no new size once it is spent.
    var remaining: Duration { shapeLimit - spent }
    /// What the whole run may still spend: how long one request may take, so that a request begun near the end of
    /// a shape's share is not cut short (the share only decides what starts).
    var remainingInRun: Duration { limit - spent }
    var stopNotes: [String] { stopped.values.sorted() }

    /// Starts a shape's share: an equal part of what is left of the run's budget among the shapes still to run.
    mutating func beginShape(shapesLeft: Int) {
        shapeLimit = spent + (limit - spent) / max(1, shapesLeft)
    }

    mutating func spend(_ duration: Duration) { spent += duration }
    mutating func record(series: SeriesKey, size: Int, nanos: Double) { history[series, default: []].append((size, nanos)) }
    mutating func stop(series: SeriesKey, reason: String) { stopped[series] = stopped[series] ?? reason }

    /// Whether `size` must be skipped because the series stopped, the budget is spent, or one layout is predicted
    /// to exceed the limit. A stopped series is noted once (in `stopNotes`), not once per skipped size.
    mutating func shouldSkip(series: SeriesKey, size: Int, limit perLayout: Duration) -> Bool {
        if stopped[series] != nil { return true }
        let prefix = "\(series.engine) \(series.shape.rawValue) \(series.mode.rawValue): stopped at \(series.shape.sizeLabel) = \(size)"
        if remaining <= .zero {
            stop(series: series, reason: "\(prefix): \(series.shape.rawValue)'s share of the time budget of \(limit) spent")
            return true
        }
        if let predicted = predictedNanos(series: series, size: size), predicted > perLayout.nanoseconds {
            stop(series: series, reason: "\(prefix): one layout predicted to take \(formatDuration(nanos: predicted)) (limit \(formatDuration(nanos: perLayout.nanoseconds)))")
            return true
        }
        return false
    }

    /// The cost of one layout at `size`, extrapolated from the series so far: linearly from the last size, or along
    /// the power law the last sizes follow when it grows faster. The exponent is the median of the three pairwise
    /// exponents of the last three sizes, so one noisy figure cannot fake an explosion: a machine hiccup that
    /// doubled flow 200's figure after flow 180's once "predicted" 2.7 s at N = 1 000 (exponent 7.6 from 180 → 200
    /// alone) and stopped the reference's series, where the median exponent gives milliseconds.
    func predictedNanos(series: SeriesKey, size: Int) -> Double? {
        guard let points = history[series], let last = points.last, size > last.size else { return nil }
        let linear = last.nanos * Double(size) / Double(last.size)
        func exponent(_ from: (size: Int, nanos: Double), _ to: (size: Int, nanos: Double)) -> Double? {
            guard from.nanos > 0, to.nanos > 0, to.size > from.size else { return nil }
            return log(to.nanos / from.nanos) / log(Double(to.size) / Double(from.size))
        }
        let recent = Array(points.suffix(3))
        var exponents: [Double] = []
        for (first, second) in [(0, 1), (1, 2), (0, 2)] where second < recent.count {
            if let value = exponent(recent[first], recent[second]) { exponents.append(value) }
        }
        guard !exponents.isEmpty else { return linear }
        let median = exponents.sorted()[exponents.count / 2]
        return max(linear, last.nanos * pow(Double(size) / Double(last.size), median))
    }
}

/// "850 ns", "12.3 µs", "4.56 ms", "1.23 s".
func formatDuration(nanos: Double) -> String {
    switch nanos {
    case ..<1_000: String(format: "%.0f ns", nanos)
    case ..<1_000_000: String(format: "%.1f µs", nanos / 1_000)
    case ..<1_000_000_000: String(format: "%.2f ms", nanos / 1_000_000)
    default: String(format: "%.2f s", nanos / 1_000_000_000)
    }
}
