import LayoutCore

/// Shared helpers for the test targets.
public enum TestSupport {
    /// The repository root, found from this file's location so tests run from any working directory.
    public static let repositoryRoot: String = {
        var components = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        components.removeLast(3)  // Tests/TestSupport/TestSupport.swift
        return components.joined(separator: "/")
    }()

    /// The golden folder of this checkout.
    public static var goldenDirectory: String { repositoryRoot + "/golden" }

    /// The pinned font shipped with the goldens.
    public static var fontPath: String { goldenDirectory + "/fonts/LiberationSans-Regular.ttf" }

    /// The deterministic text measurer the pure-core tests use.
    public static let fixedMeasurer = FixedAdvanceTextMeasurer()
}
