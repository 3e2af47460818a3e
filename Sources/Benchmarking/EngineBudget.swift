import Engines
import Foundation

/// Ends an engine's series for one shape and mode (a too-slow layout).
struct SeriesStop: Error { var reason: String }

/// One engine's figures in one mode of one table: a shape's sizes, or a run's case files.
struct SeriesKey: Hashable {
    var engine: String
    /// The shape's name ("flex linear" in the flex family, "linear" in the box family), or "cases".
    var table: String
    var mode: BenchMode
    /// What the shape's size counts ("N", "D"); nil for cases.
    var sizeLabel: String?

    init(engine: String, shape: BenchShape, mode: BenchMode, family: ShapeFamily = .box) {
        self.engine = engine
        table = family.tableName(of: shape)
        self.mode = mode
        sizeLabel = shape.sizeLabel
    }

    /// The series of a case run's files in `mode`: they share the budget, and a slow one stops only itself.
    init(engine: String, casesIn mode: BenchMode) {
        self.engine = engine
        table = "cases"
        self.mode = mode
        sizeLabel = nil
    }
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
    mutating func record(series: SeriesKey, size: Int, nanos: Double) {
        history[series, default: []].append((size, nanos))
    }
    mutating func stop(series: SeriesKey, reason: String) { stopped[series] = stopped[series] ?? reason }

    /// Whether `size` must be skipped because the series stopped, the budget is spent, or one layout is predicted
    /// to exceed the limit. A stopped series is noted once (in `stopNotes`), not once per skipped size.
    mutating func shouldSkip(series: SeriesKey, size: Int, limit perLayout: Duration) -> Bool {
        if stopped[series] != nil { return true }
        let prefix =
            "\(series.engine) \(series.table) \(series.mode.rawValue): stopped at \(series.sizeLabel ?? "size") = \(size)"
        if remaining <= .zero {
            stop(series: series, reason: "\(prefix): \(series.table)'s share of the time budget of \(limit) spent")
            return true
        }
        if let predicted = predictedNanos(series: series, size: size), predicted > perLayout.nanoseconds {
            stop(
                series: series,
                reason:
                    "\(prefix): one layout predicted to take \(formatDuration(nanos: predicted)) (limit \(formatDuration(nanos: perLayout.nanoseconds)))"
            )
            return true
        }
        return false
    }

    /// Whether the case `name` must be skipped: the engine's series of cases in this mode stopped, or its budget is
    /// spent (noted once, naming the first case not timed). Cases are separate trees, so no size predicts another's
    /// cost; each case's own probe enforces the per-layout limit.
    mutating func shouldSkip(series: SeriesKey, case name: String) -> Bool {
        if stopped[series] != nil { return true }
        guard remaining <= .zero else { return false }
        stop(
            series: series,
            reason:
                "\(series.engine) \(series.table) \(series.mode.rawValue): stopped at \(name): the time budget of \(limit) spent"
        )
        return true
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
