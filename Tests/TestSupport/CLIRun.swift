import Foundation
import Testing

/// One run of the `ristretto` binary that `swift build` put next to the test bundle.
public struct CLIRun {
    public var status: Int32
    public var signalled: Bool
    public var stdout: String
    /// The raw stdout bytes, up to 16 MiB (a PNG written with `-o -`).
    public var stdoutBytes: Data
    public var stderr: String

    public static let executable: String = {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for folder in [bundle, bundle.deletingLastPathComponent()]
        where FileManager.default.isExecutableFile(atPath: folder.path + "/ristretto") {
            return folder.path + "/ristretto"
        }
        return TestSupport.repositoryRoot + "/.build/debug/ristretto"
    }()

    /// Runs in the repository root (so the pinned font is found) unless `directory` says otherwise, with stdout
    /// and stderr in files so that a large output cannot fill a pipe and stall the child. `executable` may name
    /// a copy of the binary (to run it outside the checkout).
    public init(
        _ arguments: [String], environment: [String: String] = [:], executable: String = CLIRun.executable,
        directory: String = TestSupport.repositoryRoot
    ) throws {
        let scratch = try Self.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        _ = FileManager.default.createFile(atPath: scratch + "/out", contents: nil)
        _ = FileManager.default.createFile(atPath: scratch + "/err", contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
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
        stdoutBytes = out.count <= 16 << 20 ? out : Data()
        stderr = String(decoding: FileManager.default.contents(atPath: scratch + "/err") ?? Data(), as: UTF8.self)
    }

    public static func scratchFolder() throws -> String {
        let folder =
            FileManager.default.temporaryDirectory.path
            + "/ristretto-robust-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
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

extension CLIRun {
    /// The CLI contract for bad input: the documented exit code, no crash, and for our own errors (exit 2, not an
    /// argument-parser usage error) exactly one stderr line `error: …` holding `stderr`.
    public func expectOrderly(
        exit: Int32, stderr expected: String, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(!signalled, "\(what): crashed with signal \(status)\n\(stderr)", sourceLocation: sourceLocation)
        #expect(
            status == exit, "\(what): exit \(status), expected \(exit)\nstderr: \(stderr)",
            sourceLocation: sourceLocation)
        #expect(!stderr.contains("Fatal error"), "\(what): \(stderr)", sourceLocation: sourceLocation)
        if expected.isEmpty {
            #expect(exit != 0 || stderr.isEmpty, "\(what): unexpected stderr \(stderr)", sourceLocation: sourceLocation)
        } else {
            #expect(stderr.contains(expected), "\(what): stderr was \(stderr)", sourceLocation: sourceLocation)
        }
        if stderr.hasPrefix("error: ") {
            #expect(
                stderr.split(separator: "\n").count == 1, "\(what): more than one stderr line: \(stderr)",
                sourceLocation: sourceLocation)
        }
    }
}
