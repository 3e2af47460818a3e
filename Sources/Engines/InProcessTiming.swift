import LayoutCore

/// How long and how often the in-process timing loop measures.
public struct TimingOptions: Hashable, Sendable {
    /// Every timed batch runs at least this long, so the clock's resolution and overhead vanish in it.
    public var minimumBatchDuration: Duration
    /// The number of timed batches; the report gives their median and interquartile range.
    public var batches: Int
    /// Untimed batches after calibration, to settle caches and allocators.
    public var warmupBatches: Int
    /// A ceiling on iterations per batch for very cheap layouts.
    public var maximumIterationsPerBatch: Int

    public init(
        minimumBatchDuration: Duration, batches: Int, warmupBatches: Int = 1, maximumIterationsPerBatch: Int = 1_000_000
    ) {
        self.minimumBatchDuration = minimumBatchDuration
        self.batches = max(1, batches)
        self.warmupBatches = max(0, warmupBatches)
        self.maximumIterationsPerBatch = max(1, maximumIterationsPerBatch)
    }

    public static let standard = TimingOptions(minimumBatchDuration: .milliseconds(50), batches: 9)
    public static let quick = TimingOptions(minimumBatchDuration: .milliseconds(10), batches: 5)
}

/// The timing of one engine on one workload in one mode.
public struct TimingResult: Hashable, Sendable {
    /// Nanoseconds per layout, summarised over the batches.
    public var nanosPerLayout: BatchStatistics
    public var iterationsPerBatch: Int
    /// Mean nanoseconds to construct one tree (fresh mode of in-process engines only; never inside the timer).
    public var buildNanos: Double?
    /// Each timed batch's nanoseconds per layout, in order: what `nanosPerLayout` summarises, kept so that the
    /// rounds of one workload can be merged (`merged`).
    public var batchNanos: [Double]
    /// Each batch's `BenchBatch.coreNanosPerLayout`, in order, when the engine reported one for every batch.
    public var coreBatchNanos: [Double]
    /// The most content leaves any batch measured through a callback (`BenchBatch.measuredLeaves`), when every
    /// batch said.
    public var measuredLeaves: Int?

    public init(
        nanosPerLayout: BatchStatistics, iterationsPerBatch: Int, buildNanos: Double? = nil, batchNanos: [Double] = [],
        coreBatchNanos: [Double] = []
    ) {
        self.nanosPerLayout = nanosPerLayout
        self.iterationsPerBatch = iterationsPerBatch
        self.buildNanos = buildNanos
        self.batchNanos = batchNanos
        self.coreBatchNanos = coreBatchNanos
    }

    /// The timing of `rounds` together: every round's batches summarised as one run (nil for no rounds; one round
    /// as it is). The batch size is the largest any round used; the build time, the mean of the rounds that
    /// measured one. A round that kept no batches counts as one batch at its median.
    public static func merged(_ rounds: [TimingResult]) -> TimingResult? {
        if rounds.count == 1 { return rounds[0] }
        let batches = rounds.flatMap { $0.batchNanos.isEmpty ? [$0.nanosPerLayout.median] : $0.batchNanos }
        guard let statistics = BatchStatistics(batches) else { return nil }
        let builds = rounds.compactMap(\.buildNanos)
        // Core figures only when every round has them, or the median would be over a part of the batches.
        let cores = rounds.allSatisfy { !$0.coreBatchNanos.isEmpty } ? rounds.flatMap(\.coreBatchNanos) : []
        var merged = TimingResult(
            nanosPerLayout: statistics, iterationsPerBatch: rounds.map(\.iterationsPerBatch).max() ?? 0,
            buildNanos: builds.isEmpty ? nil : builds.reduce(0, +) / Double(builds.count), batchNanos: batches,
            coreBatchNanos: cores)
        let measured = rounds.compactMap(\.measuredLeaves)
        merged.measuredLeaves = measured.count == rounds.count ? measured.max() : nil
        return merged
    }
}

/// A resize or incremental subject that lacks what the mode needs, or whose probe shows a call that moves no frame:
/// a cache could then answer it, and the figure would time a lookup instead of the work the mode names.
public struct UnfitSubject: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String
}

/// A layout result that is not a finite, non-negative root size: the engine is broken, so the number is worthless.
public struct InvalidLayoutResult: Error, Hashable, Sendable, CustomStringConvertible {
    public var size: Size
    public var description: String { "layout produced an invalid root size \(size.width) × \(size.height)" }
}

/// What an in-process engine lets the loop time: building a tree, laying it out under a root width, and (for
/// resize and incremental) the change each timed call makes.
public struct InProcessSubject<Tree> {
    /// Builds a new tree (timed separately as build time). For resize it builds the resize variant.
    public var build: () throws -> Tree
    /// Lays the tree out under the given root width proposal (nil = the case's own) and returns the root size.
    public var layout: (Tree, _ width: Double?) -> Size
    /// The case's width proposal; relayout alternates between it and it + 1 (10 000 000 when nil).
    public var proposalWidth: Double?
    /// Resize: the root width W(k) of call k; call 0 is the untimed first layout.
    public var resizeWidth: ((_ call: Int) -> Double)?
    /// Incremental: tells the tree of change number `call` (0-based) through the engine's own API.
    public var change: ((Tree, _ call: Int) -> Void)?
    /// Every node's frame in pre-order, for the probe that proves a resize or a change really moves frames.
    public var frames: ((Tree) -> [Rect])?

    public init(
        build: @escaping () throws -> Tree, layout: @escaping (Tree, Double?) -> Size, proposalWidth: Double?,
        resizeWidth: ((Int) -> Double)? = nil, change: ((Tree, Int) -> Void)? = nil, frames: ((Tree) -> [Rect])? = nil
    ) {
        self.build = build
        self.layout = layout
        self.proposalWidth = proposalWidth
        self.resizeWidth = resizeWidth
        self.change = change
        self.frames = frames
    }

    /// The two widths relayout alternates between (docs/design.md "Benchmark shapes").
    var relayoutWidths: (Double, Double) { Engines.relayoutWidths(proposalWidth: proposalWidth) }
}

/// Keeps every root size alive and checks it, so the optimiser cannot drop a layout and a broken one is caught.
struct ResultSink {
    private(set) var checksum = 0.0

    mutating func consume(_ size: Size) throws {
        // Finite and not negative: a CSS root may be empty (0 × 0 is a valid answer), a NaN or a negative size
        // never is.
        guard size.isFinite, size.width >= 0, size.height >= 0 else { throw InvalidLayoutResult(size: size) }
        checksum += size.width + size.height
    }
}

@inline(never) func blackHole(_ value: Double) {
    withExtendedLifetime(value) {}
}

extension Duration {
    /// The duration in nanoseconds, as a Double.
    public var nanoseconds: Double { inSeconds * 1e9 }
}

/// Times one in-process subject: calibrates the batch size, warms up, then runs the timed batches.
/// **Relayout, resize and incremental keep one tree for the whole run and continue their schedules across batch
/// boundaries**, so no timed call ever repeats the previous proposal (relayout), W(k) keeps counting (resize) and
/// the leaf's width keeps alternating (incremental). Fresh builds a tree per iteration outside the timer.
public func timeInProcess<Tree>(
    _ subject: InProcessSubject<Tree>, mode: BenchMode, options: TimingOptions
) throws -> TimingResult {
    var runner = try BatchRunner(subject: subject, mode: mode)
    // 1. Calibrate: grow the batch until it lasts the minimum duration (these batches also warm up). Fresh
    //    counts construction too: it runs inside the batch, untimed, and can cost far more than a cached layout,
    //    so sizing by layout time alone made one batch of a 0.25 µs layout take seconds of building.
    let minimum = options.minimumBatchDuration.nanoseconds
    var iterations = 1
    while true {
        let calibration = try runner.run(iterations: iterations)
        let elapsed = calibration.totalNanos + calibration.buildNanos
        if elapsed >= minimum || iterations >= options.maximumIterationsPerBatch { break }
        let scale = elapsed > 0 ? min(max(minimum / elapsed * 1.2, 2), 100) : 100
        iterations = min(options.maximumIterationsPerBatch, Int((Double(iterations) * scale).rounded(.up)))
    }
    // 2. Warm up at the calibrated size.
    for _ in 0..<options.warmupBatches { _ = try runner.run(iterations: iterations) }
    // 3. The timed batches.
    var perLayout: [Double] = []
    var buildNanos = 0.0
    var builds = 0
    for _ in 0..<options.batches {
        let batch = try runner.run(iterations: iterations)
        perLayout.append(batch.totalNanos / Double(iterations))
        buildNanos += batch.buildNanos
        builds += batch.builds
    }
    blackHole(runner.sink.checksum)
    return TimingResult(
        nanosPerLayout: BatchStatistics(perLayout)!, iterationsPerBatch: iterations,
        buildNanos: builds > 0 ? buildNanos / Double(builds) : nil, batchNanos: perLayout)
}

/// Times exactly one batch of `iterations` layouts and returns the mean nanoseconds per layout
/// (what `LayoutEngineAdapter.bench` answers for an in-process engine).
public func timeInProcessBatch<Tree>(_ subject: InProcessSubject<Tree>, iterations: Int, mode: BenchMode) throws
    -> Double
{
    var runner = try BatchRunner(subject: subject, mode: mode)
    let batch = try runner.run(iterations: max(1, iterations))
    blackHole(runner.sink.checksum)
    return batch.totalNanos / Double(max(1, iterations))
}

/// Runs `calls` calls of `mode` exactly as the timing loop makes them (the same kept tree, widths and changes; fresh
/// builds a tree per call first), each inside `measured`, with nothing else in it: the instruction counter
/// (tools/bench-instructions) wraps the calls in the one function callgrind collects in, so the count is the work the
/// mode names and nothing of the loop around it. The first layout of a kept tree and fresh's builds stay outside.
public func runMeasuredCalls<Tree>(
    _ subject: InProcessSubject<Tree>, mode: BenchMode, calls: Int, measured: (() -> Size) -> Size
) throws {
    var runner = try BatchRunner(subject: subject, mode: mode)
    for _ in 0..<max(1, calls) {
        let size: Size
        if mode == .fresh {
            let tree = try subject.build()
            size = measured { subject.layout(tree, nil) }
        } else {
            guard let tree = runner.tree else { preconditionFailure("a \(mode) runner always holds its tree") }
            if mode == .incremental { runner.tellChange(tree) }
            size = measured { runner.timedCall(tree) }
        }
        try runner.sink.consume(size)
    }
    blackHole(runner.sink.checksum)
}

/// The state of one timing run: the kept tree and which call comes next.
struct BatchRunner<Tree> {
    let subject: InProcessSubject<Tree>
    let mode: BenchMode
    let clock = ContinuousClock()
    var sink = ResultSink()
    /// The tree of relayout, resize and incremental, built and laid out once (untimed): relayout at the width the
    /// first timed call does not use, resize at W(0), incremental under the case's proposal.
    var tree: Tree?
    /// The number of the next timed call, counted across batches: relayout uses the first width on even calls,
    /// resize lays out at W(k) for k from 1, incremental makes change i from 0.
    var nextCall = 0

    struct Batch {
        var totalNanos: Double
        var buildNanos: Double
        var builds: Int
    }

    init(subject: InProcessSubject<Tree>, mode: BenchMode) throws {
        self.subject = subject
        self.mode = mode
        guard mode != .fresh else { return }
        // The untimed first layout of the kept tree.
        let firstWidth: Double?
        switch mode {
        case .fresh, .relayout:
            firstWidth = subject.relayoutWidths.1
        case .resize:
            guard let width = subject.resizeWidth else {
                throw UnfitSubject(description: "resize needs a width schedule")
            }
            firstWidth = width(0)
            nextCall = 1
        case .incremental:
            guard subject.change != nil else { throw UnfitSubject(description: "incremental needs a change") }
            firstWidth = nil
        }
        try Self.probe(subject, mode: mode)
        let tree = try subject.build()
        try sink.consume(subject.layout(tree, firstWidth))
        self.tree = tree
    }

    /// Proves on a tree of its own that the first timed call of `mode` moves frames (so no cache of the previous
    /// answer could serve it): lays out as the runner would, makes call 1 (resize) or change 0 (incremental), lays
    /// out again and compares every frame.
    static func probe(_ subject: InProcessSubject<Tree>, mode: BenchMode) throws {
        guard let frames = subject.frames else { return }
        let tree = try subject.build()
        if mode == .resize, let width = subject.resizeWidth {
            _ = subject.layout(tree, width(0))
            let before = frames(tree)
            _ = subject.layout(tree, width(1))
            if frames(tree) == before { throw UnfitSubject(description: "resize from W(0) to W(1) moved no frame") }
        } else if mode == .incremental, let change = subject.change {
            _ = subject.layout(tree, nil)
            let before = frames(tree)
            change(tree, 0)
            _ = subject.layout(tree, nil)
            if frames(tree) == before { throw UnfitSubject(description: "the incremental change moved no frame") }
        }
    }

    mutating func run(iterations: Int) throws -> Batch {
        switch mode {
        case .fresh:
            var total = Duration.zero
            var building = Duration.zero
            for _ in 0..<iterations {
                let built = clock.now
                let tree = try subject.build()
                let start = clock.now
                let size = subject.layout(tree, nil)
                let end = clock.now
                building += start - built
                total += end - start
                try sink.consume(size)
            }
            return Batch(totalNanos: total.nanoseconds, buildNanos: building.nanoseconds, builds: iterations)
        case .relayout, .resize:
            guard let tree else { preconditionFailure("a \(mode) runner always holds its tree") }
            let start = clock.now
            for _ in 0..<iterations { try sink.consume(timedCall(tree)) }
            let total = clock.now - start
            return Batch(totalNanos: total.nanoseconds, buildNanos: 0, builds: 0)
        case .incremental:
            // The change is told outside the timer, as every adapter tells its engine's (docs/engines.md "Timing"),
            // so each layout is timed on its own.
            guard let tree else { preconditionFailure("an incremental runner always holds its tree") }
            var total = Duration.zero
            for _ in 0..<iterations {
                tellChange(tree)
                let start = clock.now
                let size = timedCall(tree)
                total += clock.now - start
                try sink.consume(size)
            }
            return Batch(totalNanos: total.nanoseconds, buildNanos: 0, builds: 0)
        }
    }

    /// Incremental's untimed step before each timed call: tells the tree of change number `nextCall`.
    func tellChange(_ tree: Tree) {
        subject.change!(tree, nextCall)
    }

    /// One timed call on the kept tree: the layout at the width its mode gives (relayout, resize), or after the
    /// change `tellChange` told (incremental).
    mutating func timedCall(_ tree: Tree) -> Size {
        defer { nextCall += 1 }
        switch mode {
        case .relayout:
            let (first, second) = subject.relayoutWidths
            return subject.layout(tree, nextCall % 2 == 0 ? first : second)
        case .resize:
            return subject.layout(tree, subject.resizeWidth!(nextCall))
        case .incremental:
            return subject.layout(tree, nil)
        case .fresh:
            preconditionFailure("fresh builds a tree per call")
        }
    }
}

/// The two widths relayout alternates between (docs/design.md "Benchmark shapes"): the proposal P and P + 1, or
/// 10 000 000 and 10 000 001 under an unbounded proposal, so that every timed call follows a real change and the
/// content always fits. The one home of these numbers: the harness, the adapters' schedules (`relayoutSchedule`) and
/// Benchmarks/ use it.
public func relayoutWidths(proposalWidth: Double?) -> (Double, Double) {
    let base = proposalWidth ?? 10_000_000
    return (base, base + 1)
}

/// A relayout batch of `iterations` timed calls as an adapter receives it (`"widths"`, the form of a resize
/// schedule): P + 1 untimed, then P, P + 1, P, … (`relayoutWidths`), so every timed call follows a real change.
public func relayoutSchedule(proposalWidth: Double?, iterations: Int) -> [Double] {
    let (first, second) = relayoutWidths(proposalWidth: proposalWidth)
    return [second] + (0..<iterations).map { $0 % 2 == 0 ? first : second }
}
