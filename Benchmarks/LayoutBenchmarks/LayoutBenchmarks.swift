import Benchmark
import Benchmarking
import BoxLayout
import Engines
import FlexLayout
import Flexbox
import LayoutCore

/// The docs/design.md workloads in all four modes, timed by ordo-one/benchmark with malloc and instruction counting:
/// each shape in both families (box trees through BoxLayout, "fresh-linear-200"; the same shapes in CSS through the
/// flex engine, "fresh-flex-linear-200"), and the capture-like screen (`AppFeed`, "fresh-flex-app-20").
/// Each benchmark builds its tree outside the measured region, then times the layout call only (plus, for
/// incremental, the mutation call that tells the engine of the change). tools/bench-check compares every run with
/// the static thresholds in Thresholds/ (docs/benchmarks.md says how to update them).
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal, .instructions],
        scalingFactor: .one,
        maxDuration: .seconds(1),
        maxIterations: 10_000,
        thresholds: tolerances)

    for (shape, size) in [(BenchShape.linear, 200), (.flow, 200), (.depth, 40), (.linear, 10_000), (.depth, 1_000)] {
        let workload = Workload(shape: shape, size: size)
        let root = workload.boxNode
        let base = workload.proposal
        // Cheap layouts run a thousand per sample so that one sample is well above the clock's resolution; a sample
        // is then a thousand layouts, and each metric counts all of them.
        let cheap = size <= 200
        let batch = Benchmark.Configuration(scalingFactor: cheap ? .kilo : .one)
        // Names carry no spaces: `thresholds update` writes a space in a file name as "_" but `thresholds check`
        // looks the file up with the space, and then finds no thresholds at all.
        func engine(_ node: BoxNode) -> BoxLayoutEngine {
            BoxLayoutEngine(root: node, measurer: FixedAdvanceTextMeasurer())
        }

        if cheap {
            Benchmark("fresh-\(shape.rawValue)-\(size)") { benchmark in
                for _ in benchmark.scaledIterations {
                    let engine = engine(root)
                    benchmark.startMeasurement()
                    blackHole(engine.layout(proposal: base))
                    benchmark.stopMeasurement()
                }
            }

            // Relayout alternates the width as docs/design.md says, so no timed call repeats the previous proposal.
            let widths = workload.relayoutWidths
            Benchmark("relayout-\(shape.rawValue)-\(size)", configuration: batch) { benchmark in
                let engine = engine(root)
                var proposal = base
                engine.layout(proposal: proposal)
                benchmark.startMeasurement()
                for iteration in benchmark.scaledIterations {
                    proposal.width = iteration % 2 == 0 ? widths.0 : widths.1
                    blackHole(engine.layout(proposal: proposal))
                }
                benchmark.stopMeasurement()
            }
        }

        // Resize: the resize variant at W(0) untimed, then W(1), W(2), … within the sample (docs/design.md).
        let variant = workload.tree(for: .resize)
        let variantRoot = variant.boxNode
        let variantBase = variant.proposal
        Benchmark("resize-\(shape.rawValue)-\(size)", configuration: batch) { benchmark in
            let engine = engine(variantRoot)
            var proposal = variantBase
            proposal.width = workload.resizeWidth(call: 0)
            engine.layout(proposal: proposal)
            benchmark.startMeasurement()
            for iteration in benchmark.scaledIterations {
                proposal.width = workload.resizeWidth(call: iteration + 1)
                blackHole(engine.layout(proposal: proposal))
            }
            benchmark.stopMeasurement()
        }

        // Incremental: the changed leaf resolved once; each call hands it 48 or 40 and lays out again.
        let change = workload.incrementalChange
        Benchmark("incremental-\(shape.rawValue)-\(size)", configuration: batch) { benchmark in
            let engine = engine(root)
            engine.layout(proposal: base)
            let leaf = try engine.resolve(.path(change.path))
            benchmark.startMeasurement()
            for iteration in benchmark.scaledIterations {
                engine.apply(.content(change.content(call: iteration)), to: leaf)
                blackHole(engine.layout(proposal: base))
            }
            benchmark.stopMeasurement()
        }
    }

    for (shape, size) in [(BenchShape.linear, 200), (.flow, 200), (.depth, 40), (.linear, 10_000), (.depth, 1_000)] {
        let workload = Workload(shape: shape, size: size, family: .flex)
        let cheap = size <= 200
        let variant = workload.tree(for: .resize)
        flexBenchmarks(
            name: workload.name, flexCase: workload.flexCase, cheap: cheap,
            resize: (variant.flexCase, workload.resizeWidth(call:)), change: workload.incrementalChange)
    }
    // The capture-like screen: its root is pinned as the apps pin theirs, so it has no resize.
    let app = try! CaseWorkload.appFeed()
    flexBenchmarks(
        name: "flex-app-\(AppFeed.standardCards)", flexCase: AppFeed.flexCase(), cheap: true, resize: nil,
        change: app.incrementalChange!)
}

/// The flex engine's benchmarks of one tree: fresh and relayout (`cheap` trees only), resize of `resize`'s variant
/// at its widths W(k) (when given), and incremental on `change`'s leaf (48 ↔ 40 for the shapes, w + 8 ↔ w for the
/// screen's time stamp, w its own width).
func flexBenchmarks(
    name: String, flexCase: FlexCase, cheap: Bool, resize: (variant: FlexCase, width: (Int) -> Double)?,
    change: IncrementalChange
) {
    let batch = Benchmark.Configuration(scalingFactor: cheap ? .kilo : .one)
    let root = try! flexCase.layoutRoot()
    let viewport = flexCase.viewport
    func engine(_ root: FlexLayoutNode) -> FlexLayoutEngine { FlexLayoutEngine(root: root) }

    if cheap {
        Benchmark("fresh-\(name)") { benchmark in
            for _ in benchmark.scaledIterations {
                let engine = engine(root)
                benchmark.startMeasurement()
                engine.layout(viewportWidth: viewport.width, viewportHeight: viewport.height)
                blackHole(engine.rootSize)
                benchmark.stopMeasurement()
            }
        }

        let widths = relayoutWidths(proposalWidth: viewport.width)
        Benchmark("relayout-\(name)", configuration: batch) { benchmark in
            let engine = engine(root)
            engine.layout(viewportWidth: widths.1, viewportHeight: viewport.height)
            benchmark.startMeasurement()
            for iteration in benchmark.scaledIterations {
                engine.layout(viewportWidth: iteration % 2 == 0 ? widths.0 : widths.1, viewportHeight: viewport.height)
                blackHole(engine.rootSize)
            }
            benchmark.stopMeasurement()
        }
    }

    if let resize {
        let variantRoot = try! resize.variant.layoutRoot()
        Benchmark("resize-\(name)", configuration: batch) { benchmark in
            let engine = engine(variantRoot)
            engine.layout(viewportWidth: resize.width(0), viewportHeight: viewport.height)
            benchmark.startMeasurement()
            for iteration in benchmark.scaledIterations {
                engine.layout(viewportWidth: resize.width(iteration + 1), viewportHeight: viewport.height)
                blackHole(engine.rootSize)
            }
            benchmark.stopMeasurement()
        }
    }

    // Incremental: the changed leaf resolved once; each call hands it its next content and lays out again.
    Benchmark("incremental-\(name)", configuration: batch) { benchmark in
        let engine = engine(root)
        engine.layout(viewportWidth: viewport.width, viewportHeight: viewport.height)
        let handle = try engine.resolve(path: change.path)
        benchmark.startMeasurement()
        for iteration in benchmark.scaledIterations {
            try engine.apply(.content(change.content(call: iteration)), to: handle)
            engine.layout(viewportWidth: viewport.width, viewportHeight: viewport.height)
            blackHole(engine.rootSize)
        }
        benchmark.stopMeasurement()
    }
}

/// How far a run may drift from the checked-in p90 before tools/bench-check calls it a regression. Malloc counts
/// are deterministic, so they get a small absolute margin; instruction counts vary by a few percent between runs
/// (hashing seeds, allocator state); wall time on a shared 2-core machine varies by 2× and more, so its tolerance
/// only catches gross slowdowns.
var tolerances: [BenchmarkMetric: BenchmarkThresholds] {
    [
        .mallocCountTotal: .init(absolute: [.p90: 2]),
        .instructions: .init(relative: [.p90: 10]),
        .wallClock: .init(relative: [.p90: 200]),
    ]
}
