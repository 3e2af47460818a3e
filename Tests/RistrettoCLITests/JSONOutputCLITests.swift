import Foundation
import TestSupport
import Testing

/// Every JSON the commands write parses (docs/cli.md "JSON output"): an engine's undefined coordinate is written
/// `null` and named, and `merge` takes the shards of any `conform` run, the reference's alone included.
@Suite struct JSONOutputCLITests {
    /// An adapter that answers the hbox pair of `EngineFixtures` with its root's y undefined (`null`, read as NaN).
    static func undefinedAdapter(in folder: String) throws -> String {
        let path = folder + "/undefined.py"
        let frames =
            #"[{"path": [], "x": 0, "y": None, "width": 74, "height": 20}, "#
            + #"{"path": [0], "x": 0, "y": 0, "width": 30, "height": 20}, "#
            + #"{"path": [1], "x": 34, "y": 0, "width": 40, "height": 10}]"#
        let script = """
            #!/usr/bin/env python3
            from json import dumps, loads
            from sys import stdin
            for line in stdin:
                if loads(line).get("op") == "info":
                    print(dumps({"name": "undefined", "version": "1"}), flush=True)
                else:
                    print(dumps({"frames": \(frames)}), flush=True)

            """
        try Data(script.utf8).write(to: URL(fileURLWithPath: path))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: path)
        return path
    }

    static func object(_ path: String) throws -> [String: Any] {
        let data = try #require(FileManager.default.contents(atPath: path), "\(path) was not written")
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any], "\(path) is not an object")
    }

    /// `layout --engine` writes the undefined y as `null` (the output parses) and names it on stderr; exit 0.
    @Test(EngineCLITests.needsPython) func layoutWritesAnUndefinedCoordinateAsNull() throws {
        let folder = try EngineFixtures.writeGolden { $0 == "box/fits" }
        defer { try? FileManager.default.removeItem(atPath: folder.scratch) }
        let run = try CLIRun([
            "layout", "--engine", try Self.undefinedAdapter(in: folder.scratch), folder.golden + "/box/fits.json",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        let parsed = try #require(try JSONSerialization.jsonObject(with: run.stdoutBytes) as? [String: Any])
        let frames = try #require(parsed["frames"] as? [[String: Any]])
        #expect(frames[0]["y"] is NSNull && frames[1]["y"] as? Int == 0)
        #expect(run.stderr == "note: undefined answered node [] y: NaN (written as null)\n")
    }

    /// `conform --engine --json` with an undefined coordinate: the document parses, the verdict names the value, and
    /// `merge` takes the document.
    @Test(EngineCLITests.needsPython) func aVerdictNamesAnUndefinedCoordinateAndTheJSONParses() throws {
        let folder = try EngineFixtures.writeGolden { $0 == "box/fits" || $0 == "box/partial" }
        defer { try? FileManager.default.removeItem(atPath: folder.scratch) }
        let json = folder.scratch + "/results.json"
        let run = try CLIRun([
            "conform", "--golden", folder.golden, "--engine", try Self.undefinedAdapter(in: folder.scratch),
            "--json", json,
        ])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        // box/partial lists only node [1]: the undefined root fails it all the same.
        let message = "node [] y: NaN, not a finite number (null in JSON)"
        #expect(run.stdout.contains("FAIL undefined box/fits: \(message)\n"), "\(run.stdout)")
        #expect(run.stdout.contains("FAIL undefined box/partial: \(message)\n"), "\(run.stdout)")
        let results = try #require(try Self.object(json)["results"] as? [[String: Any]])
        #expect(results.map { $0["message"] as? String } == [message, message])
        let frames = try #require(results[0]["frames"] as? [[String: Any]])
        #expect(frames[0]["y"] is NSNull)
        let merged = try CLIRun(["merge", json])
        #expect(merged.status == 1 && merged.stdout.hasSuffix("0 passed, 2 failed, 0 skipped\n"), "\(merged.stderr)")
    }

    /// Shards of the reference alone (plain `conform --shard I/N --json`) merge into the document one unsharded run
    /// writes, apart from the seconds: its matrix keys, its totals and every case's record.
    @Test func referenceShardsMergeIntoTheUnshardedDocument() throws {
        let scratch = try CLIRun.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let sample = TestSupport.goldenSample.filter { $0.hasPrefix("box/") || $0.hasPrefix("chrome/") }
        let golden = try TestSupport.copyGolden(sample, to: scratch + "/golden")
        // One geometry failure, so that a case has evidence and a page.
        let moved = golden + "/" + sample[0] + ".json"
        let text = try String(contentsOfFile: moved, encoding: .utf8)
        let x = try #require(text.firstMatch(of: /"x": ([0-9]+)/))
        try text.replacingCharacters(in: x.range, with: "\"x\": \(try #require(Int(x.1)) + 1)").write(
            toFile: moved, atomically: true, encoding: .utf8)
        let run = ["conform", "--golden", golden, "--artifacts", scratch + "/artifacts", "--jobs", "1"]
        let whole = try CLIRun(run + ["--json", scratch + "/whole.json"])
        #expect(
            whole.status == 1 && whole.stdout.hasSuffix("\(sample.count - 1) passed, 1 failed\n"), "\(whole.stdout)")
        var shards: [String] = []
        for index in 1...3 {
            shards.append(scratch + "/shard\(index).json")
            _ = try CLIRun(run + ["--shard", "\(index)/3", "--json", shards.last!])
        }
        let merged = try CLIRun(["merge"] + shards + ["--json", scratch + "/merged.json", "--html", scratch + "/site"])
        #expect(merged.status == 1, "\(merged.stdout)\(merged.stderr)")
        #expect(merged.stdout.hasSuffix("\(sample.count - 1) passed, 1 failed, 0 skipped\n"), "\(merged.stdout)")
        #expect(FileManager.default.fileExists(atPath: scratch + "/site/reference.html"), "the reference's page")
        func withoutTimings(_ path: String) throws -> String {
            try String(contentsOfFile: path, encoding: .utf8).replacing(/"seconds": [0-9.e-]+/, with: "\"seconds\": 0")
        }
        #expect(try withoutTimings(scratch + "/merged.json") == withoutTimings(scratch + "/whole.json"))
        let document = try Self.object(scratch + "/whole.json")
        #expect(document["line"] as? String == "\(sample.count - 1) passed, 1 failed")
        #expect(document["passed"] as? Int == sample.count - 1 && document["failed"] as? Int == 1)
        let cases = try #require(document["cases"] as? [[String: Any]])
        #expect(cases.map { $0["identifier"] as? String } == sample.map { Optional($0) })
        #expect(cases.map { $0["case"] as? String } == sample.map { Optional($0) })
        #expect(cases[0]["status"] as? String == "failed" && cases[0]["json"] is String, "the failure's evidence")
        #expect(cases.dropFirst().allSatisfy { $0["status"] as? String == "passed" && $0["json"] == nil })
    }
}
