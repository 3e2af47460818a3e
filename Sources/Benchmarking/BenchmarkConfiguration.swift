import Engines
import Foundation

/// What `ristretto bench` asked for; the CLI parses its flags into this.
public struct BenchmarkConfiguration: Hashable, Sendable {
    public var shapes: [BenchShape]
    /// Which trees each shape is built as, in run order (`--family`): the CSS flex cases every engine reads alike
    /// (the default), Puyopuyo's boxes, or both.
    public var families: [ShapeFamily]
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
        shapes: [BenchShape] = BenchShape.allCases, families: [ShapeFamily] = [.flex], sizes: [Int]? = nil,
        modes: [BenchMode] = BenchMode.allCases,
        includeScaling: Bool = false, quick: Bool = false, engineBudget: Duration? = nil,
        perLayoutLimit: Duration? = nil, probeAllowance: Duration = .seconds(10)
    ) {
        self.shapes = shapes
        self.families = families
        self.sizes = sizes
        self.modes = modes
        self.includeScaling = includeScaling
        self.quick = quick
        self.engineBudget = engineBudget ?? (quick ? .seconds(30) : .seconds(300))
        self.perLayoutLimit = perLayoutLimit ?? (quick ? .milliseconds(200) : .seconds(1))
        self.probeAllowance = probeAllowance
    }

    /// The tables of the run in order: each family's shapes.
    public var tables: [(family: ShapeFamily, shape: BenchShape)] {
        families.flatMap { family in shapes.map { (family, $0) } }
    }

    /// How long a peer's layout request of the answer check may take: two layouts within the limit, and the
    /// building of its tree (docs/benchmarks.md "Equal answers").
    var answerTimeout: Duration { max(perLayoutLimit * 2 + probeAllowance, .seconds(1)) }

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
