import Engines
import Foundation

/// One engine's cost on one workload in one mode. Encodes as a row of the JSON contract
/// (`engine, shape, size, mode, microsecondsPerLayout, spread`) plus the extra fields below; a case file's row has
/// `case` instead of `shape`.
public struct BenchmarkResult: Hashable, Sendable, Codable {
    public var engine: String
    /// The benchmark shape; nil for a case file (`case`).
    public var shape: BenchShape?
    /// Which trees the shape was built as (`flex`, `box`); nil for a case file, and in reports written before the
    /// flex family existed, whose shapes were all box trees.
    public var family: ShapeFamily?
    /// The case file's name (`ristretto bench --case`): its folder and file name without `.json`, "flex/wrap-lines".
    public var caseName: String?
    /// N or D for a shape; a case's number of elements, the root included.
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
    /// True when the engine's `info` says its figures are timed through Python (nil, left out of JSON, otherwise):
    /// every output marks the figure and each ratio against it.
    public var viaPython: Bool?
    /// How many content leaves the engine measured through a callback into its adapter's language (Taffy's, in
    /// Python), where the adapter says; its other content leaves were given as fixed-size leaves.
    public var measuredLeaves: Int?
    /// Whether the engine's frames on this workload and mode were the answer key's (the reference's, or the case's
    /// `expect`; docs/benchmarks.md "Equal answers"): false marks every ratio against this figure (≠) and keeps it
    /// out of the geometric means; nil (left out of JSON) when no check was made.
    public var sameAnswer: Bool?

    public init(
        engine: String, shape: BenchShape?, size: Int, mode: BenchMode, microsecondsPerLayout: Double, spread: Double,
        batches: Int, iterationsPerBatch: Int, buildMicroseconds: Double? = nil,
        coreMicrosecondsPerLayout: Double? = nil, case name: String? = nil, viaPython: Bool? = nil,
        measuredLeaves: Int? = nil, family: ShapeFamily? = nil, sameAnswer: Bool? = nil
    ) {
        self.engine = engine
        self.shape = shape
        self.family = family
        self.sameAnswer = sameAnswer
        self.caseName = name
        self.viaPython = viaPython
        self.measuredLeaves = measuredLeaves
        self.size = size
        self.mode = mode
        self.microsecondsPerLayout = microsecondsPerLayout
        self.spread = spread
        self.batches = batches
        self.iterationsPerBatch = iterationsPerBatch
        self.buildMicroseconds = buildMicroseconds
        self.coreMicrosecondsPerLayout = coreMicrosecondsPerLayout
    }

    init(engine: String, workload: Workload, mode: BenchMode, timing: TimingResult, viaPython: Bool? = nil) {
        self.init(
            engine: engine, shape: workload.shape, case: nil, size: workload.size, mode: mode, timing: timing,
            viaPython: viaPython)
        family = workload.family
    }

    init(
        engine: String, shape: BenchShape?, case name: String?, size: Int, mode: BenchMode, timing: TimingResult,
        viaPython: Bool?
    ) {
        let stats = timing.nanosPerLayout
        self.init(
            engine: engine, shape: shape, size: size, mode: mode,
            microsecondsPerLayout: stats.median / 1_000, spread: stats.interquartileRange / 1_000,
            batches: stats.count, iterationsPerBatch: timing.iterationsPerBatch,
            buildMicroseconds: timing.buildNanos.map { $0 / 1_000 },
            coreMicrosecondsPerLayout: BatchStatistics(timing.coreBatchNanos).map { $0.median / 1_000 }, case: name,
            viaPython: viaPython, measuredLeaves: timing.measuredLeaves)
    }

    enum CodingKeys: String, CodingKey {
        case engine, shape, family
        case caseName = "case"
        case size, mode, microsecondsPerLayout, spread, batches, iterationsPerBatch
        case buildMicroseconds, coreMicrosecondsPerLayout, viaPython, measuredLeaves, sameAnswer
    }

    /// The workload's name in notes: "linear-200", "flex-linear-200", or the case's name.
    var workloadName: String {
        caseName ?? (family == .flex ? "flex-" : "") + "\(shape?.rawValue ?? "?")-\(size)"
    }

    /// Whether two results time the same workload in the same mode.
    func sameWorkload(as other: BenchmarkResult) -> Bool {
        shape == other.shape && family == other.family && caseName == other.caseName && size == other.size
            && mode == other.mode
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

/// The outcome of `runBenchmarks` (or of `runCaseBenchmarks`, with a baseline): the machine, every result, and notes
/// on what was skipped or stopped. JSON: `{"machine","results","notes"}`, and for case runs `"baseline"` and
/// `"geometricMeans"` (`geometricMeans()`).
public struct BenchmarkReport: Hashable, Sendable, Codable {
    public var machine: MachineInfo
    public var results: [BenchmarkResult]
    /// Human-readable notes: a missing engine, a series stopped by the budget, a refused case.
    public var notes: [String]
    /// The engine every ratio of a case run divides by (`--baseline`); nil for the shapes' runs, whose ratios are to
    /// the reference.
    public var baseline: String?

    public init(machine: MachineInfo, results: [BenchmarkResult], notes: [String] = [], baseline: String? = nil) {
        self.machine = machine
        self.results = results
        self.notes = notes
        self.baseline = baseline
    }

    enum CodingKeys: String, CodingKey { case machine, results, notes, baseline, geometricMeans }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        machine = try container.decode(MachineInfo.self, forKey: .machine)
        results = try container.decode([BenchmarkResult].self, forKey: .results)
        notes = try container.decodeIfPresent([String].self, forKey: .notes) ?? []
        baseline = try container.decodeIfPresent(String.self, forKey: .baseline)
    }

    /// The stored fields, and for a case run its geometric means.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(machine, forKey: .machine)
        try container.encode(results, forKey: .results)
        try container.encode(notes, forKey: .notes)
        try container.encodeIfPresent(baseline, forKey: .baseline)
        if baseline != nil { try container.encode(geometricMeans(), forKey: .geometricMeans) }
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
            let base = results.first(where: { $0.engine == reference && $0.sameWorkload(as: result) }),
            base.microsecondsPerLayout > 0
        else { return nil }
        return result.microsecondsPerLayout / base.microsecondsPerLayout
    }

    /// The engine every ratio divides by: the case run's baseline, else the reference.
    public var ratioBase: String { baseline ?? "reference" }

    /// The result's ratio to the run's base engine (`ratioBase`) on the same workload and mode.
    public func ratio(_ result: BenchmarkResult) -> Double? { ratioToReference(result, reference: ratioBase) }

    /// Whether `engine`'s figures are timed through Python (its `info`, `EngineInfo.viaPython`).
    public func isPythonBound(_ engine: String) -> Bool {
        machine.engineDetails.first { $0.name == engine }?.isPythonBound == true
    }

    /// Whether a ratio of `engine` to the base is against a Python-bound figure: either side's.
    public func ratioIsPythonBound(_ engine: String) -> Bool { isPythonBound(engine) || isPythonBound(ratioBase) }

    /// The base engine's result on the same workload and mode as `result`.
    func baseResult(of result: BenchmarkResult) -> BenchmarkResult? {
        results.first { $0.engine == ratioBase && $0.sameWorkload(as: result) }
    }

    /// Whether the ratio of `result` to the base compares two differing answers (docs/benchmarks.md "Equal
    /// answers"): either side's frames differ from the answer key. **Such a ratio is marked `≠` in its own cell and
    /// counts in no geometric mean.** An unchecked side (nil) is not a difference; the notes say what went unchecked.
    public func ratioComparesUnequalAnswers(_ result: BenchmarkResult) -> Bool {
        result.sameAnswer == false || baseResult(of: result)?.sameAnswer == false
    }

    /// Per engine (but the base) and mode, the geometric mean of its ratio to the base over every workload both timed:
    /// exp(mean(ln(engine ÷ base))). "Which engine is faster on these trees?"; one slow case cannot outweigh many, and
    /// the mean of the inverse ratios is the inverse of the mean. Engines in run order, modes in their order.
    public func geometricMeans() -> [GeometricMean] {
        var means: [GeometricMean] = []
        for engine in engines where engine != ratioBase {
            for mode in BenchMode.allCases {
                let timed = results.filter { $0.engine == engine && $0.mode == mode && ratio($0) != nil }
                let ratios = timed.filter { !ratioComparesUnequalAnswers($0) }.compactMap(ratio)
                    .filter { $0 > 0 && $0.isFinite }
                let unequal = timed.count { ratioComparesUnequalAnswers($0) }
                guard let mean = GeometricMean.of(ratios) else { continue }
                means.append(
                    GeometricMean(
                        engine: engine, mode: mode, ratio: mean, workloads: ratios.count,
                        viaPython: ratioIsPythonBound(engine) ? true : nil, unequalAnswers: unequal > 0 ? unequal : nil)
                )
            }
        }
        return means
    }
}

/// One engine's geometric mean ratio to the base engine over a run's workloads in one mode (`geometricMeans()`).
public struct GeometricMean: Hashable, Sendable, Codable {
    public var engine: String
    public var mode: BenchMode
    /// exp(mean(ln(engine µs ÷ base µs))): below 1 the engine is faster than the base on these trees.
    public var ratio: Double
    /// How many workloads (cases) both engines timed in this mode.
    public var workloads: Int
    /// True when either side is timed through Python: the ratio is then about Python, not the engine.
    public var viaPython: Bool?
    /// How many workloads both engines timed but answered differently, left out of the mean (nil for none).
    public var unequalAnswers: Int?

    public init(
        engine: String, mode: BenchMode, ratio: Double, workloads: Int, viaPython: Bool? = nil,
        unequalAnswers: Int? = nil
    ) {
        self.engine = engine
        self.mode = mode
        self.ratio = ratio
        self.workloads = workloads
        self.viaPython = viaPython
        self.unequalAnswers = unequalAnswers
    }

    /// The geometric mean of positive finite values, nil for none.
    public static func of(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        return exp(values.map { log($0) }.reduce(0, +) / Double(values.count))
    }
}
