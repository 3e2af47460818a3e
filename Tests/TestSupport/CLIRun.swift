import Foundation

/// One run of the `ristretto` binary that `swift build` put next to the test bundle.
public struct CLIRun {
    public var status: Int32
    public var signalled: Bool
    public var stdout: String
    public var stderr: String

    public static let executable: String = {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for folder in [bundle, bundle.deletingLastPathComponent()] where FileManager.default.isExecutableFile(atPath: folder.path + "/ristretto") {
            return folder.path + "/ristretto"
        }
        return TestSupport.repositoryRoot + "/.build/debug/ristretto"
    }()

    /// Runs in the repository root (so the pinned font is found), with stdout and stderr in files so that a
    /// large output cannot fill a pipe and stall the child.
    public init(_ arguments: [String], environment: [String: String] = [:]) throws {
        let scratch = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        _ = FileManager.default.createFile(atPath: scratch + "/out", contents: nil)
        _ = FileManager.default.createFile(atPath: scratch + "/err", contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: TestSupport.repositoryRoot)
        // CI=true from the surrounding run must not leak in (record refuses under it); a test may still set it.
        process.environment = ProcessInfo.processInfo.environment.filter { $0.key != "CI" }.merging(environment) { $1 }
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: scratch + "/out"))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: scratch + "/err"))
        try process.run()
        process.waitUntilExit()
        status = process.terminationStatus
        signalled = process.terminationReason == .uncaughtSignal
        // A million frames print about 100 MB; keep only the tail, which holds the summary lines.
        let out = FileManager.default.contents(atPath: scratch + "/out") ?? Data()
        stdout = String(decoding: out.suffix(1 << 16), as: UTF8.self)
        stderr = String(decoding: FileManager.default.contents(atPath: scratch + "/err") ?? Data(), as: UTF8.self)
    }

    public static func scratchFolder() throws -> String {
        let folder = FileManager.default.temporaryDirectory.path + "/ristretto-robust-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    public static func removeFolder(of file: String) {
        try? FileManager.default.removeItem(atPath: URL(fileURLWithPath: file).deletingLastPathComponent().path)
    }

    /// Writes `contents` to `name` in a fresh scratch folder; remove it with `removeFolder(of:)`.
    public static func scratchFile(_ name: String, _ contents: String) throws -> String {
        let path = try scratchFolder() + "/" + name
        try Data(contents.utf8).write(to: URL(fileURLWithPath: path))
        return path
    }
}
