// swift-tools-version: 6.2
// The benchmark suite for CI regression thresholds, kept in its own package so that `swift test` in the main
// package never builds ordo-one/benchmark. Run: `cd Benchmarks && swift package benchmark`.
import PackageDescription

let package = Package(
    name: "RistrettoBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "Ristretto", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "LayoutBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "BoxLayout", package: "Ristretto"),
                .product(name: "Engines", package: "Ristretto"),
                .product(name: "FlexLayout", package: "Ristretto"),
                .product(name: "Flexbox", package: "Ristretto"),
                .product(name: "LayoutCore", package: "Ristretto"),
                .product(name: "Benchmarking", package: "Ristretto"),
            ],
            path: "LayoutBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
    ]
)
