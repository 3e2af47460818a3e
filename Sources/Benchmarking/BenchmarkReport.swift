import Engines
import Foundation

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
        batches: Int, iterationsPerBatch: Int, buildMicroseconds: Double? = nil,
        coreMicrosecondsPerLayout: Double? = nil
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
