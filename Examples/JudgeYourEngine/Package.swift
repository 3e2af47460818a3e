// swift-tools-version: 6.2
// An engine author's package: a toy layout engine judged on Ristretto's corpus, from its own `swift test` and from
// its own copy of the command line (docs/judge-your-engine.md "In process").
import PackageDescription

let package = Package(
    name: "JudgeYourEngine",
    platforms: [.macOS(.v15)],
    dependencies: [
        // A real dependent names the repository by URL; this example sits inside it.
        .package(name: "Ristretto", path: "../.."),
        // The image snapshot strategies: a package beside the main one, added by path to a checkout (a package
        // inside a repository cannot be named by URL).
        .package(name: "RistrettoSnapshotTesting", path: "../../SnapshotTesting"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.19.7"),
    ],
    targets: [
        /// The engine under test: it knows nothing of Ristretto but the case format and the engine protocol.
        .target(name: "ToyEngine", dependencies: [.product(name: "RistrettoKit", package: "Ristretto")]),
        /// `ristretto` with the toy engine registered: `swift run my-ristretto conform --engine toy …`.
        .executableTarget(
            name: "my-ristretto",
            dependencies: ["ToyEngine", .product(name: "RistrettoCLI", package: "Ristretto")]),
        /// The corpus as parameterized Swift Testing tests.
        .testTarget(
            name: "ToyEngineTests",
            dependencies: [
                "ToyEngine", .product(name: "RistrettoKit", package: "Ristretto"),
                .product(name: "RistrettoTesting", package: "Ristretto"),
                .product(name: "RistrettoSnapshotTesting", package: "RistrettoSnapshotTesting"),
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            exclude: ["__Snapshots__"]),
    ]
)
