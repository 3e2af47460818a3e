import CaseIO
import Foundation
import TestSupport
import Testing

/// `ristretto record` killed with SIGKILL in the middle of a run leaves every golden PNG either old or new, never
/// partial (AtomicFile writes a temporary sibling and renames it), and the temporaries a kill may leave behind
/// are never mistaken for cases or goldens.
@Suite struct GoldenSafetyTests {
    static let caseCount = 60

    /// A scratch golden folder of `caseCount` copies of golden/scene/all-primitives.json, each with an "old"
    /// golden PNG (a 3×2 image, so old and new differ in every byte that matters).
    static func folder() throws -> (golden: String, old: Data) {
        let golden =
            FileManager.default.temporaryDirectory.path
            + "/ristretto-safety-\(getpid())-\(UInt64.random(in: 0...UInt64.max))"
        try FileManager.default.createDirectory(atPath: golden + "/scene", withIntermediateDirectories: true)
        let source = try String(
            contentsOfFile: TestSupport.goldenDirectory + "/scene/all-primitives.json", encoding: .utf8)
        let old = try Data(
            contentsOf: URL(
                fileURLWithPath: TestSupport.repositoryRoot + "/Tests/ConformanceTests/bad-inputs/image-3x2.png"))
        for index in 0..<caseCount {
            let name = String(format: "case-%03d", index)
            try source.replacingOccurrences(of: #""name": "all-primitives""#, with: #""name": "\#(name)""#)
                .write(toFile: golden + "/scene/\(name).json", atomically: false, encoding: .utf8)
            try old.write(to: URL(fileURLWithPath: golden + "/scene/\(name).png"))
        }
        return (golden, old)
    }

    /// Kills `record` once `killAfter` goldens have changed, then checks every golden and the folder's listing.
    @Test(arguments: [1, caseCount / 3, 2 * caseCount / 3])
    func killedRecordLeavesOldOrNew(killAfter: Int) throws {
        let (golden, old) = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: golden) }
        let new = try #require(
            FileManager.default.contents(atPath: TestSupport.goldenDirectory + "/scene/all-primitives.png"))
        let pngs = (0..<Self.caseCount).map { golden + String(format: "/scene/case-%03d.png", $0) }

        // 1. Start recording and kill it with SIGKILL as soon as `killAfter` PNGs differ from the old bytes.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CLIRun.executable)
        process.arguments = ["record", "--golden", golden, "--font", TestSupport.fontPath, "--force"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        var changed = 0
        while process.isRunning, changed < killAfter {
            changed = pngs.count { FileManager.default.contents(atPath: $0) != old }
            usleep(2_000)
        }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        #expect(
            process.terminationReason == .uncaughtSignal,
            "record finished before it could be killed; make the corpus bigger")

        // 2. Every golden is exactly the old or exactly the new image; some of each, since it died mid-run.
        var counts = (old: 0, new: 0)
        for png in pngs {
            let bytes = FileManager.default.contents(atPath: png)
            if bytes == old {
                counts.old += 1
            } else if bytes == new {
                counts.new += 1
            } else {
                Issue.record("\(png) is neither the old nor the new golden (\(bytes?.count ?? -1) bytes)")
            }
        }
        #expect(counts.new >= killAfter && counts.old > 0, "old \(counts.old), new \(counts.new)")

        // 3. Leftovers are only dot-named temporaries, which discovery skips: the cases are exactly the 60.
        let listing = try FileManager.default.contentsOfDirectory(atPath: golden + "/scene")
        let stray = listing.filter { !$0.hasPrefix("case-") }
        #expect(stray.allSatisfy { $0.hasPrefix(".") && $0.contains(".tmp-") }, "unexpected files: \(stray)")
        #expect(
            try CaseSelection.discover(golden: golden)
                == (0..<Self.caseCount).map { String(format: "scene/case-%03d", $0) })

        // 4. A second, complete record finishes the job: every golden new, and conform passes.
        let again = try CLIRun(["record", "--golden", golden, "--font", TestSupport.fontPath, "--force"])
        again.expectOrderly(exit: 0, stderr: "", "second record")
        #expect(pngs.allSatisfy { FileManager.default.contents(atPath: $0) == new })
        let conform = try CLIRun([
            "conform", "--golden", golden, "--font", TestSupport.fontPath, "--artifacts", golden + "/.artifacts",
        ])
        conform.expectOrderly(exit: 0, stderr: "", "conform after record")
        #expect(conform.stdout.hasSuffix("\(Self.caseCount) passed, 0 failed\n"))
    }
}
