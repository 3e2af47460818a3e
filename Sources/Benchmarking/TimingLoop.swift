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

    public init(nanosPerLayout: BatchStatistics, iterationsPerBatch: Int, buildNanos: Double? = nil) {
        self.nanosPerLayout = nanosPerLayout
        self.iterationsPerBatch = iterationsPerBatch
        self.buildNanos = buildNanos
    }
}

/// A layout result that is not a finite, positive root size: the engine is broken, so the number is worthless.
public struct InvalidLayoutResult: Error, Hashable, Sendable, CustomStringConvertible {
    public var size: Size
    public var description: String { "layout produced an invalid root size \(size.width) × \(size.height)" }
}

/// What an in-process engine lets the loop time: building a tree, and laying it out under a root width.
public struct InProcessSubject<Tree> {
    /// Builds a new tree (timed separately as build time).
    public var build: () throws -> Tree
    /// Lays the tree out under the given root width proposal (nil = the case's own) and returns the root size.
    public var layout: (Tree, _ width: Double?) -> Size
    /// The case's width proposal; relayout alternates between it and it + 1 (10 000 000 when nil).
    public var proposalWidth: Double?

    public init(build: @escaping () throws -> Tree, layout: @escaping (Tree, Double?) -> Size, proposalWidth: Double?) {
        self.build = build
        self.layout = layout
        self.proposalWidth = proposalWidth
    }

    /// The two widths relayout alternates between (docs/design.md "Benchmark shapes").
    var relayoutWidths: (Double, Double) {
        let base = proposalWidth ?? 10_000_000
        return (base, base + 1)
    }
}

/// Keeps every root size alive and checks it, so the optimiser cannot drop a layout and a broken one is caught.
struct ResultSink {
    private(set) var checksum = 0.0

    mutating func consume(_ size: Size) throws {
        guard size.isFinite, size.width > 0, size.height > 0 else { throw InvalidLayoutResult(size: size) }
        checksum += size.width + size.height
    }
}

@inline(never) func blackHole(_ value: Double) {
    withExtendedLifetime(value) {}
}

extension Duration {
    /// The duration in nanoseconds, as a Double.
    var nanoseconds: Double { inSeconds * 1e9 }
}

/// Times one in-process subject: calibrates the batch size, warms up, then runs the timed batches.
/// **Relayout keeps one tree for the whole run and alternates the width across batch boundaries too**, so no
/// timed call ever repeats the previous proposal. Fresh builds a tree per iteration outside the timer.
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
    var buildNanos = 0.0, builds = 0
    for _ in 0..<options.batches {
        let batch = try runner.run(iterations: iterations)
        perLayout.append(batch.totalNanos / Double(iterations))
        buildNanos += batch.buildNanos
        builds += batch.builds
    }
    blackHole(runner.sink.checksum)
    return TimingResult(
        nanosPerLayout: BatchStatistics(perLayout)!, iterationsPerBatch: iterations,
        buildNanos: builds > 0 ? buildNanos / Double(builds) : nil)
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

/// The state of one timing run: the relayout tree and which width comes next.
struct BatchRunner<Tree> {
    let subject: InProcessSubject<Tree>
    let mode: BenchMode
    let clock = ContinuousClock()
    var sink = ResultSink()
    /// The relayout tree, built and laid out once (untimed) at the width the first timed call does not use.
    var tree: Tree?
    /// Whether the next timed relayout uses the first width; flips on every call, across batches too.
    var nextUsesFirstWidth = true

    struct Batch {
        var totalNanos: Double
        var buildNanos: Double
        var builds: Int
    }

    init(subject: InProcessSubject<Tree>, mode: BenchMode) throws {
        self.subject = subject
        self.mode = mode
        if mode == .relayout {
            let tree = try subject.build()
            try sink.consume(subject.layout(tree, subject.relayoutWidths.1))
            self.tree = tree
        }
    }

    mutating func run(iterations: Int) throws -> Batch {
        switch mode {
        case .fresh:
            var total = Duration.zero, building = Duration.zero
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
        case .relayout:
            guard let tree else { preconditionFailure("a relayout runner always holds its tree") }
            let (first, second) = subject.relayoutWidths
            let start = clock.now
            for _ in 0..<iterations {
                let size = subject.layout(tree, nextUsesFirstWidth ? first : second)
                nextUsesFirstWidth.toggle()
                try sink.consume(size)
            }
            let total = clock.now - start
            return Batch(totalNanos: total.nanoseconds, buildNanos: 0, builds: 0)
        }
    }
}
