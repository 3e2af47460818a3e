import Engines
import Foundation
import TestSupport
import Testing

/// A browser adapter that is killed outright (SIGKILL: no cleanup runs) still takes its browser with it: the group
/// watchdog of tools/engines/browser_common.py ends the browser's process group, Xvfb included, and every process
/// that carries the browser's mark in its environment, also one that left the group (Firefox's crashhelper).
@Suite(.serialized) struct BrowserCleanupTests {
    static let directory = TestSupport.repositoryRoot + "/tools/engines/.local/bin"

    /// Whether the browser's adapter is installed and its browser on PATH.
    static func installed(_ name: String) -> Bool {
        SubprocessEngine.installedPeer(name, repositoryRoot: TestSupport.repositoryRoot).isInstalled
    }

    /// The process groups of `pid`'s children (each browser runs in a group of its own).
    static func childGroups(of pid: Int32) -> Set<Int32> {
        Set(processStats().filter { $0.parent == pid }.map(\.group))
    }

    /// Every process's parent and group, from /proc/PID/stat (the fields after the command's closing parenthesis).
    static func processStats() -> [(pid: Int32, parent: Int32, group: Int32)] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap { name in
            guard let pid = Int32(name),
                let text = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
                let close = text.lastIndex(of: ")")
            else { return nil }
            let fields = text[text.index(after: close)...].split(separator: " ")
            guard fields.count > 3, let parent = Int32(fields[1]), let group = Int32(fields[2]) else { return nil }
            return (pid, parent, group)
        }
    }

    /// The pids of the processes whose environment holds `entry` (`NAME=value`).
    static func processes(carrying entry: String) -> [Int32] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return names.compactMap { name in
            guard let pid = Int32(name), let environ = FileManager.default.contents(atPath: "/proc/\(name)/environ")
            else { return nil }
            return environ.split(separator: 0).contains { Array($0) == Array(entry.utf8) } ? pid : nil
        }
    }

    /// The browser's mark (`RISTRETTO_BROWSER_MARK=…`) in the environment of the adapter's child `pid`.
    static func mark(of pid: Int32) -> String? {
        guard let environ = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return nil }
        return environ.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            .first { $0.hasPrefix("RISTRETTO_BROWSER_MARK=") }
    }

    @Test(
        .enabled(
            if: Self.installed("firefox") && Self.installed("webkit"),
            "firefox or webkit not installed: run tools/setup-engines --with-browsers"),
        arguments: ["firefox", "webkit"])
    func aKilledAdapterLeavesNoBrowserBehind(engine: String) throws {
        let adapter = try Self.startedAdapter(engine)
        #expect(!Self.processes(carrying: adapter.mark).isEmpty)
        kill(adapter.process.processIdentifier, SIGKILL)
        adapter.process.waitUntilExit()
        let left = Self.processesLeft(adapter)
        #expect(left.isEmpty, "processes of the browser outlived the adapter: \(left)")
    }
}

extension BrowserCleanupTests {
    /// An adapter started with pipes and asked its `info`, which starts its browser or worker in process groups of
    /// its own, each process carrying the adapter's mark in its environment.
    struct StartedAdapter {
        var process: Process
        var input: Pipe
        var groups: Set<Int32>
        var mark: String
    }

    static func startedAdapter(_ engine: String) throws -> StartedAdapter {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: directory + "/\(engine)-adapter")
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The launcher script execs the adapter, so the process is the adapter itself.
        input.fileHandleForWriting.write(Data(#"{"op":"info"}"#.utf8 + [10]))
        var reply = Data()
        while !reply.contains(10) {
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { break }
            reply.append(chunk)
        }
        #expect(String(decoding: reply, as: UTF8.self).contains(#""version""#))
        let groups = Self.childGroups(of: process.processIdentifier)
        #expect(!groups.isEmpty, "\(engine): the adapter started its browser or worker in a group of its own")
        let mark = try #require(
            groups.lazy.compactMap { Self.mark(of: $0) }.first, "\(engine): the browser or worker carries a mark")
        return StartedAdapter(process: process, input: input, groups: groups, mark: mark)
    }

    /// The processes of the adapter's groups or carrying its mark, after waiting up to 10 s for them to go.
    static func processesLeft(_ adapter: StartedAdapter) -> [Int32] {
        func left() -> [Int32] {
            Self.processStats().filter { adapter.groups.contains($0.group) }.map(\.pid)
                + Self.processes(carrying: adapter.mark)
        }
        let deadline = Date().addingTimeInterval(10)
        while !left().isEmpty && Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        return left()
    }
}
