import Benchmark
import Benchmarking
import BoxLayout
import LayoutCore

/// The docs/design.md workloads, timed by ordo-one/benchmark with malloc counting: relayout must not allocate per node.
/// Each benchmark builds its tree outside the measured region, then times `layout(proposal:)` only.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .cpuTotal, .mallocCountTotal, .instructions],
        scalingFactor: .one,
        maxDuration: .seconds(2),
        maxIterations: 100_000)

    for (shape, size) in [(BenchShape.linear, 200), (.flow, 200), (.depth, 40), (.linear, 10_000), (.depth, 1_000)] {
        let workload = Workload(shape: shape, size: size)
        let root = workload.boxNode, base = workload.proposal
        // Relayout alternates the width as docs/design.md says, so no timed call repeats the previous proposal.
        let widths: (Double, Double) = shape == .flow ? (500, 501) : (10_000_000, 10_000_001)

        Benchmark("relayout \(shape.rawValue) \(size)") { benchmark in
            let engine = BoxLayoutEngine(root: root, measurer: FixedAdvanceTextMeasurer())
            var proposal = base
            engine.layout(proposal: proposal)
            benchmark.startMeasurement()
            for iteration in benchmark.scaledIterations {
                proposal.width = iteration % 2 == 0 ? widths.0 : widths.1
                blackHole(engine.layout(proposal: proposal))
            }
            benchmark.stopMeasurement()
        }

        Benchmark("fresh \(shape.rawValue) \(size)") { benchmark in
            for _ in benchmark.scaledIterations {
                let engine = BoxLayoutEngine(root: root, measurer: FixedAdvanceTextMeasurer())
                benchmark.startMeasurement()
                blackHole(engine.layout(proposal: base))
                benchmark.stopMeasurement()
            }
        }
    }
}
