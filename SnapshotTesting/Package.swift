// swift-tools-version: 6.2
// Image snapshots for pointfreeco/swift-snapshot-testing on Linux: a Scene or box frames become PNG through GDRender
// and are compared with PixelDiff. Kept in its own package, as Benchmarks/ is, so that the main package's build never
// pulls in swift-syntax (a dependency of swift-snapshot-testing). Run: `swift test --package-path SnapshotTesting`.
import PackageDescription

let package = Package(
    name: "RistrettoSnapshotTesting",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "RistrettoSnapshotTesting", targets: ["RistrettoSnapshotTesting"])
    ],
    dependencies: [
        .package(name: "Ristretto", path: ".."),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    ],
    targets: [
        /// The `.image` and `.frames` strategies, the PNG diffing behind them, and the pinned font.
        .target(
            name: "RistrettoSnapshotTesting",
            dependencies: [
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
                .product(name: "LayoutCore", package: "Ristretto"),
                .product(name: "BoxLayout", package: "Ristretto"),
                .product(name: "PixelDiff", package: "Ristretto"),
                .product(name: "GDRender", package: "Ristretto"),
                // FontLocator: the font is found as `ristretto render` finds it.
                .product(name: "CaseIO", package: "Ristretto"),
            ]),
        .testTarget(
            name: "RistrettoSnapshotTestingTests",
            dependencies: [
                "RistrettoSnapshotTesting",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
                .product(name: "LayoutCore", package: "Ristretto"),
                .product(name: "BoxLayout", package: "Ristretto"),
                .product(name: "ChartLayout", package: "Ristretto"),
                .product(name: "PixelDiff", package: "Ristretto"),
                .product(name: "GDRender", package: "Ristretto"),
            ],
            exclude: ["__Snapshots__"]),
    ]
)
