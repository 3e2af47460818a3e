// swift-tools-version: 6.2
// Ristretto: a layout-engine conformance and benchmark suite. This file reads as the architecture:
// pure cores first, then the single libgd edge, then the orchestration that does I/O, then tests.
import PackageDescription

let package = Package(
    name: "Ristretto",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "ristretto", targets: ["ristretto"]),
        .executable(name: "ristretto-instructions", targets: ["ristretto-instructions"]),
        .library(name: "LayoutCore", targets: ["LayoutCore"]),
        .library(name: "BoxLayout", targets: ["BoxLayout"]),
        .library(name: "ChartLayout", targets: ["ChartLayout"]),
        .library(name: "FlexLayout", targets: ["FlexLayout"]),
        .library(name: "Flexbox", targets: ["Flexbox"]),
        .library(name: "PixelDiff", targets: ["PixelDiff"]),
        .library(name: "GDRender", targets: ["GDRender"]),
        .library(name: "CaseIO", targets: ["CaseIO"]),
        .library(name: "Conformance", targets: ["Conformance"]),
        .library(name: "Engines", targets: ["Engines"]),
        .library(name: "Judging", targets: ["Judging"]),
        .library(name: "Benchmarking", targets: ["Benchmarking"]),
        // For dependents: the one import to judge an engine, its Swift Testing helper, and the command line with
        // their own engines registered (docs/judge-your-engine.md).
        .library(name: "RistrettoKit", targets: ["RistrettoKit"]),
        .library(name: "RistrettoTesting", targets: ["RistrettoTesting"]),
        .library(name: "RistrettoCLI", targets: ["RistrettoCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
        .package(url: "https://github.com/apple/swift-system", from: "1.4.0"),
        // Tests only: property-based testing with fixed seeds and shrinking.
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        // Documentation only: `swift package generate-documentation --target RistrettoKit`.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // MARK: Pure cores — no I/O, no global mutable state, no printing (tools/check-purity enforces the imports).

        /// Geometry, colour, the Scene display list, strict decoding helpers and the TextMeasuring protocol.
        .target(name: "LayoutCore", dependencies: [.product(name: "RealModule", package: "swift-numerics")]),
        /// Puyopuyo's LinearBox, FlowBox and ZBox: a node tree and a proposal in, frames out.
        .target(name: "BoxLayout", dependencies: ["LayoutCore"]),
        /// Graffeine's chart semantics and the seed chart styles: a ChartSpec in, a Scene out.
        .target(
            name: "ChartLayout",
            dependencies: ["LayoutCore", .product(name: "RealModule", package: "swift-numerics")]),
        /// The reference's CSS flexbox engine: an element tree with typed styles and a viewport in, border boxes out.
        .target(name: "FlexLayout", dependencies: ["LayoutCore"]),
        /// The flex case format: CSS flexbox elements with checked, typed styles, and the box → flex translation.
        .target(name: "Flexbox", dependencies: ["LayoutCore", "BoxLayout", "FlexLayout"]),
        /// pixelmatch-style comparison of RGBA buffers.
        .target(name: "PixelDiff"),

        // MARK: The libgd edge — GDRender is the only module that imports CGD.

        .systemLibrary(
            name: "CGD", pkgConfig: "gdlib",
            providers: [.apt(["libgd-dev"])]),
        /// Scene → RGBA → PNG, PNG → RGBA, and FreeType text metrics with the pinned font.
        .target(
            name: "GDRender",
            dependencies: ["CGD", "LayoutCore", "PixelDiff", .product(name: "RealModule", package: "swift-numerics")]),

        // MARK: Orchestration — reads cases, writes artifacts, runs engines. Each layer uses only those above it.

        /// The one JSON writer of every output: sorted keys, shortest numbers, byte-identical on every platform.
        .target(name: "CanonicalJSON", dependencies: ["LayoutCore"]),
        /// Case I/O: reading and decoding case files of every kind, bad input as `InputError` (file and JSON path),
        /// atomic writes, the golden folder's cases and shards, and the pinned font's location. No libgd.
        .target(name: "CaseIO", dependencies: ["LayoutCore", "BoxLayout", "ChartLayout", "Flexbox"]),
        /// The engine layer: the engine protocol, the in-process reference and its timing loop, the subprocess
        /// adapters and the differential check. It imports neither Conformance nor GDRender (tools/check-dependencies).
        .target(
            name: "Engines",
            dependencies: [
                "LayoutCore", "BoxLayout", "Flexbox", "FlexLayout", "CanonicalJSON",
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]),
        /// The conformance runner: the reference on every case, geometry then pixels, record mode and reports.
        .target(
            name: "Conformance",
            dependencies: [
                "LayoutCore", "BoxLayout", "Flexbox", "PixelDiff", "GDRender", "CanonicalJSON", "CaseIO",
            ]),
        /// Judging engines on the corpus: the engine catalogue, the engine matrix and its evidence, known failures,
        /// the matrix reports and the HTML dashboard.
        .target(
            name: "Judging",
            dependencies: [
                "LayoutCore", "BoxLayout", "Flexbox", "CanonicalJSON", "GDRender", "CaseIO", "Conformance", "Engines",
            ]),
        /// Timing: the benchmark workloads (and case files as workloads), the harness that runs every engine on them,
        /// and its reports. No Conformance, no libgd (tools/check-dependencies).
        .target(
            name: "Benchmarking", dependencies: ["LayoutCore", "BoxLayout", "Flexbox", "Engines", "CanonicalJSON"]),
        /// Case generation: the coincident subset, the Chrome-answered corpus, shrinking and differential fuzzing.
        .target(
            name: "Gentest",
            dependencies: ["LayoutCore", "BoxLayout", "Flexbox", "CaseIO", "Engines", "CanonicalJSON"]),
        /// Why engines fail: an engine's failures shrunk to minimal cases and grouped into causes, the findings that
        /// name them, and the reports (docs/causes.md).
        .target(
            name: "Causes",
            dependencies: [
                "LayoutCore", "BoxLayout", "Flexbox", "CanonicalJSON", "CaseIO", "Conformance", "Engines", "Judging",
                "Gentest",
            ]),
        /// Importers: other projects' fixture suites (Taffy's XML and HTML, Yoga's gentest HTML, WPT check-layout) and
        /// Yoga's captured app layouts as flex cases, answered by a browser where the suite records no answer.
        .target(name: "Importers", dependencies: ["LayoutCore", "Flexbox", "CaseIO", "Engines", "CanonicalJSON"]),
        /// The command-line interface as a library; its commands and output formats are a contract (docs/cli.md).
        /// `RistrettoCommand.main(engines:)` runs it with a dependent's in-process engines registered.
        .target(
            name: "RistrettoCLI",
            dependencies: [
                "LayoutCore", "BoxLayout", "PixelDiff", "GDRender", "CaseIO", "Conformance", "Engines", "Judging",
                "Benchmarking", "Gentest", "Causes", "Importers", "Flexbox",
                "CanonicalJSON", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        /// The `ristretto` executable: the command line with the built-in engines only.
        .executableTarget(name: "ristretto", dependencies: ["RistrettoCLI"]),

        // MARK: The library surface for dependents — a small, stable API over the layers above.

        /// The one import a dependent needs: the case formats, the corpus, the runner and its results, the engine
        /// protocols (in-process and subprocess).
        .target(
            name: "RistrettoKit",
            dependencies: [
                "LayoutCore", "BoxLayout", "ChartLayout", "Flexbox", "CaseIO", "Conformance", "Engines", "Judging",
            ]),
        /// Swift Testing integration: `expectConforms` over corpus cases in a dependent's own tests.
        .target(name: "RistrettoTesting", dependencies: ["RistrettoKit"]),
        /// The instruction-count driver tools/bench-instructions runs under callgrind (docs/benchmarks.md).
        .executableTarget(
            name: "ristretto-instructions",
            dependencies: [
                "LayoutCore", "Engines", "Benchmarking", "Flexbox",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),

        // MARK: Tests — one target per module, plus shared support.

        .target(
            name: "TestSupport", dependencies: ["LayoutCore", "BoxLayout", "Flexbox", "CaseIO", "Engines", "Judging"],
            path: "Tests/TestSupport"),
        .testTarget(name: "LayoutCoreTests", dependencies: ["LayoutCore"]),
        .testTarget(
            name: "BoxLayoutTests",
            dependencies: [
                "BoxLayout", "LayoutCore", "TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
        .testTarget(
            name: "ChartLayoutTests",
            dependencies: [
                "ChartLayout", "LayoutCore", "TestSupport", .product(name: "RealModule", package: "swift-numerics"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
        .testTarget(
            name: "CanonicalJSONTests",
            dependencies: [
                "CanonicalJSON", "BoxLayout", "LayoutCore",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]),
        .testTarget(name: "FlexboxTests", dependencies: ["Flexbox", "BoxLayout", "LayoutCore", "TestSupport"]),
        .testTarget(name: "FlexLayoutTests", dependencies: ["FlexLayout", "Flexbox", "LayoutCore", "TestSupport"]),
        .testTarget(name: "PixelDiffTests", dependencies: ["PixelDiff"]),
        .testTarget(name: "GDRenderTests", dependencies: ["GDRender", "LayoutCore", "PixelDiff", "TestSupport"]),
        .testTarget(name: "CaseIOTests", dependencies: ["CaseIO"]),
        .testTarget(
            name: "ConformanceTests",
            dependencies: ["Conformance", "CaseIO", "TestSupport"],
            exclude: ["bad-inputs"]),
        .testTarget(
            name: "EnginesTests",
            dependencies: [
                "Engines", "Benchmarking", "CaseIO", "BoxLayout", "Flexbox", "CanonicalJSON", "LayoutCore",
                "TestSupport",
            ]),
        .testTarget(
            name: "JudgingTests",
            dependencies: [
                "Judging", "Engines", "Benchmarking", "CaseIO", "Conformance", "LayoutCore", "TestSupport",
            ]),
        .testTarget(
            name: "BenchmarkingTests", dependencies: ["Benchmarking", "Engines", "BoxLayout", "Flexbox", "LayoutCore"]),
        .testTarget(
            name: "GentestTests",
            dependencies: ["Gentest", "Engines", "BoxLayout", "LayoutCore", "CanonicalJSON", "Flexbox", "TestSupport"]),
        .testTarget(
            name: "CausesTests",
            dependencies: [
                "Causes", "Gentest", "Judging", "Engines", "BoxLayout", "LayoutCore", "Flexbox", "TestSupport",
            ]),
        .testTarget(name: "ImportersTests", dependencies: ["Importers", "Flexbox", "LayoutCore", "TestSupport"]),
        .testTarget(
            name: "RistrettoCLITests",
            dependencies: [
                "ristretto", "RistrettoCLI", "Engines", "CaseIO", "TestSupport", "Causes", "Flexbox", "BoxLayout",
            ]),
        .testTarget(name: "RistrettoKitTests", dependencies: ["RistrettoKit", "TestSupport"]),
        .testTarget(name: "RistrettoTestingTests", dependencies: ["RistrettoTesting", "RistrettoKit", "TestSupport"]),
    ]
)
