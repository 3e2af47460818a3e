import Foundation
import TestSupport
import Testing

/// The golden workflow from the command line: updating expectations, geometry-only (chrome) cases, running
/// without a font, and the edges of selection, CI detection and output formats.
@Suite struct WorkflowTests {
    /// A scratch golden folder holding copies of the named repository cases (JSON and, when present, PNG).
    static func golden(copying identifiers: [String]) throws -> String {
        let golden = try CLIRun.scratchFolder()
        for identifier in identifiers {
            let folder = golden + "/" + identifier.split(separator: "/").dropLast().joined(separator: "/")
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            for ext in ["json", "png"]
            where FileManager.default.fileExists(atPath: TestSupport.goldenDirectory + "/\(identifier).\(ext)") {
                try FileManager.default.copyItem(
                    atPath: TestSupport.goldenDirectory + "/\(identifier).\(ext)",
                    toPath: golden + "/\(identifier).\(ext)")
            }
        }
        return golden
    }

    static func replace(_ old: String, with new: String, in path: String) throws {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(old), "\(path) no longer contains \(old)")
        try text.replacingOccurrences(of: old, with: new).write(toFile: path, atomically: true, encoding: .utf8)
    }

    // MARK: record --update-expect

    /// After an expectation drifts, conform's hint is a command that works: running it restores the file byte
    /// for byte (the repository's golden is the reference's answer) and conform passes again.
    @Test func conformHintUpdatesTheExpectation() throws {
        let golden = try Self.golden(copying: ["box/linear-space", "box/linear-width-wrap"])
        defer { try? FileManager.default.removeItem(atPath: golden) }
        let path = golden + "/box/linear-space.json"
        try Self.replace(#""x": 120"#, with: #""x": 122"#, in: path)
        let common = ["--artifacts", golden + "/artifacts", "--font", TestSupport.fontPath]

        let failing = try CLIRun(["conform", "--golden", golden] + common)
        #expect(failing.status == 1)
        #expect(!failing.stdout.contains("re-record the PNG"), "its pixels match")
        let update = try CLIRun(try Self.hint(containing: "ristretto record --update-expect", in: failing.stdout))
        #expect(update.status == 0, "\(update.stderr)")
        #expect(update.stdout.contains("box/linear-space: node [1]: x 122 → 120\n"), "\(update.stdout)")
        #expect(
            update.stdout.hasSuffix("1 updated, 0 unchanged, 0 skipped, 0 not box cases, 0 not updated\n"),
            "\(update.stdout)")
        #expect(
            FileManager.default.contents(atPath: path)
                == FileManager.default.contents(atPath: TestSupport.goldenDirectory + "/box/linear-space.json"))
        #expect(try CLIRun(["conform", "--golden", golden] + common).status == 0)
        let again = try CLIRun(["record", "--update-expect", "--golden", golden])
        #expect(
            again.stdout.hasSuffix("0 updated, 2 unchanged, 0 skipped, 0 not box cases, 0 not updated\n"),
            "\(again.stdout)")
    }

    /// The arguments of the `ristretto …` command on the first output line that contains `marker`. The hint
    /// quotes the filter for a shell; the quotes are removed the way a shell would.
    static func hint(containing marker: String, in output: String) throws -> [String] {
        let line = try #require(output.split(separator: "\n").first { $0.contains(marker) })
        let command = try #require(line.firstMatch(of: /ristretto (record .*)$/)).1
        return command.split(separator: " ").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "'")) }
    }

    /// For a pixel failure the hint re-records the PNG, and that command works too.
    @Test func conformHintReRecordsThePNG() throws {
        let golden = try Self.golden(copying: ["box/linear-space"])
        defer { try? FileManager.default.removeItem(atPath: golden) }
        let png = golden + "/box/linear-space.png"
        try FileManager.default.removeItem(atPath: png)
        try FileManager.default.copyItem(
            atPath: TestSupport.goldenDirectory + "/box/linear-width-wrap.png", toPath: png)
        let common = ["--golden", golden, "--artifacts", golden + "/artifacts", "--font", TestSupport.fontPath]

        let failing = try CLIRun(["conform"] + common)
        #expect(failing.status == 1 && !failing.stdout.contains("--update-expect"), "\(failing.stdout)")
        let record = try CLIRun(try Self.hint(containing: "re-record the PNG", in: failing.stdout))
        #expect(record.status == 0 && record.stdout.contains("updated: \(png)"), "\(record.stdout)\(record.stderr)")
        #expect(
            FileManager.default.contents(atPath: png)
                == FileManager.default.contents(atPath: TestSupport.goldenDirectory + "/box/linear-space.png"))
        #expect(try CLIRun(["conform"] + common).status == 0)
    }

    /// A one-line file keeps its style: only the expect value changes, and it stays on one line.
    @Test func updateExpectKeepsACompactFile() throws {
        let golden = try CLIRun.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: golden) }
        try FileManager.default.createDirectory(atPath: golden + "/box", withIntermediateDirectories: true)
        let head =
            #"{"kind":"box",  "name":"pair", "root":{"type":"hbox","space":4,"children":[{"type":"leaf","content":{"width":10,"height":5}},{"type":"leaf","content":{"width":10,"height":5}}]}, "expect": "#
        let tail = #", "tolerance": {"geometry": 0}}"# + "\n"
        let stale = #"{"frames":[{"path":[1],"x":99,"y":0,"width":10,"height":5}]}"#
        try Data((head + stale + tail).utf8).write(to: URL(fileURLWithPath: golden + "/box/pair.json"))

        let run = try CLIRun(["record", "--update-expect", "--golden", golden, "--filter", "box/pair"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("box/pair: node [1]: x 99 → 14\n"), "\(run.stdout)")
        let text = try String(contentsOfFile: golden + "/box/pair.json", encoding: .utf8)
        // A partial expectation (no root) keeps its nodes: only node [1], now at x = 10 + 4.
        #expect(text == head + #"{"frames": [{"path": [1], "x": 14, "y": 0, "width": 10, "height": 5}]}"# + tail)
    }

    /// A case without expect is skipped and named; an empty frames list is filled with every frame; chart cases
    /// are counted, not touched; CI refuses (any CI value but empty, false and 0).
    @Test func updateExpectSkipsAndRefuses() throws {
        let golden = try Self.golden(copying: ["scene/all-primitives", "seeds/blog-empty"])
        defer { try? FileManager.default.removeItem(atPath: golden) }
        try FileManager.default.createDirectory(atPath: golden + "/box", withIntermediateDirectories: true)
        let tree = #""root": {"type": "vbox", "children": [{"type": "leaf", "content": {"width": 3, "height": 4}}]}"#
        try Data(#"{"kind": "box", "name": "bare", \#(tree)}"#.utf8).write(
            to: URL(fileURLWithPath: golden + "/box/bare.json"))
        try Data(#"{"kind": "box", "name": "empty", \#(tree), "expect": {"frames": []}}"#.utf8).write(
            to: URL(fileURLWithPath: golden + "/box/empty.json"))
        let before = FileManager.default.contents(atPath: golden + "/seeds/blog-empty.json")

        let run = try CLIRun(["record", "--update-expect", "--golden", golden])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("skipped: box/bare (no expect;"), "\(run.stdout)")
        #expect(
            run.stdout.contains("box/empty: node []: added (0, 0, 3, 4)\nbox/empty: node [0]: added (0, 0, 3, 4)\n"),
            "\(run.stdout)")
        #expect(
            run.stdout.hasSuffix("1 updated, 0 unchanged, 1 skipped, 2 not box cases, 0 not updated\n"), "\(run.stdout)"
        )
        #expect(FileManager.default.contents(atPath: golden + "/seeds/blog-empty.json") == before)
        #expect(try CLIRun(["layout", golden + "/box/empty.json"]).status == 0)

        for value in ["1", "TRUE", "True", "yes"] {
            let refused = try CLIRun(["record", "--update-expect", "--golden", golden], environment: ["CI": value])
            #expect(
                refused.status == 2 && refused.stderr.contains("refusing to record goldens in CI (CI=\(value))"),
                "CI=\(value)")
        }
        #expect(
            try CLIRun(["record", "--update-expect", "--golden", golden], environment: ["CI": "false"]).status == 0)
    }

    // MARK: Geometry-only cases (the chrome suite)

    static let chromeTree =
        #""root": {"type": "hbox", "space": 2, "children": [{"type": "leaf", "content": {"width": 10, "height": 5}}, {"type": "leaf", "content": {"width": 6, "height": 5}}]}"#
    static let chromeSource =
        #""source": {"engine": "chromium", "version": "Chromium 120.0.6099.0", "generator": "gentest", "seed": 7, "profile": "linear"}"#

    static func chromeCase(_ name: String, secondX: Int) -> String {
        #"{"kind": "box", "name": "\#(name)", \#(chromeSource), \#(chromeTree), "expect": {"frames": [{"path": [], "x": 0, "y": 0, "width": 18, "height": 5}, {"path": [0], "x": 0, "y": 0, "width": 10, "height": 5}, {"path": [1], "x": \#(secondX), "y": 0, "width": 6, "height": 5}]}}"#
    }

    /// A case with a source is checked on geometry alone: no PNG needed, none recorded, a PNG next to it is an
    /// error, its expect is never rewritten, and its failure hint does not offer update-expect.
    @Test func chromeCasesAreGeometryOnly() throws {
        let golden = try CLIRun.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: golden) }
        try FileManager.default.createDirectory(atPath: golden + "/chrome", withIntermediateDirectories: true)
        try Data(Self.chromeCase("agree", secondX: 12).utf8).write(
            to: URL(fileURLWithPath: golden + "/chrome/agree.json"))
        try Data(Self.chromeCase("differ", secondX: 11).utf8).write(
            to: URL(fileURLWithPath: golden + "/chrome/differ.json"))
        let common = ["--golden", golden, "--artifacts", golden + "/.artifacts"]

        let conform = try CLIRun(["conform"] + common)
        #expect(conform.status == 1)
        #expect(
            conform.stdout.contains(
                "FAIL chrome/differ\n  geometry: 1 mismatch(es)\n    node [1]: x expected 11, got 12\n"),
            "\(conform.stdout)")
        #expect(!conform.stdout.contains("ristretto record"), "neither command applies to an engine's answer")
        #expect(conform.stdout.hasSuffix("1 passed, 1 failed\n"))

        let record = try CLIRun(["record"] + common.prefix(2))
        #expect(
            record.status == 0 && record.stdout.contains("skipped: chrome/agree (geometry-only"), "\(record.stdout)")
        #expect(!FileManager.default.fileExists(atPath: golden + "/chrome/agree.png"))
        let update = try CLIRun(["record", "--update-expect"] + common.prefix(2))
        #expect(
            update.stdout.contains("skipped: chrome/differ (its expect was answered by chromium"), "\(update.stdout)")
        #expect(
            try String(contentsOfFile: golden + "/chrome/differ.json", encoding: .utf8)
                == Self.chromeCase("differ", secondX: 11))

        try FileManager.default.copyItem(
            atPath: TestSupport.goldenDirectory + "/scene/all-primitives.png", toPath: golden + "/chrome/agree.png")
        let withPNG = try CLIRun(["conform", "--filter", "chrome/agree"] + common)
        #expect(
            withPNG.status == 2 && withPNG.stdout.contains("is geometry-only and must not have a golden PNG"),
            "\(withPNG.stdout)")
    }

    // MARK: Fonts

    /// A copy of the binary outside the checkout, in an empty folder: box and scene cases without text run,
    /// a case with text fails naming every place it looked, and a font in share/ristretto/fonts is found.
    @Test func casesWithoutTextNeedNoFont() throws {
        let root = try CLIRun.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try FileManager.default.createDirectory(atPath: root + "/bin", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: CLIRun.executable, toPath: root + "/bin/ristretto")
        let work = root + "/work"
        try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: TestSupport.goldenDirectory + "/box/linear-space.json", toPath: work + "/box.json")
        try Data(
            ##"{"kind": "scene", "name": "s", "size": {"width": 4, "height": 4}, "items": [{"type": "rect", "rect": {"x": 1, "y": 1, "width": 2, "height": 2}, "fill": "#000000"}]}"##
                .utf8
        )
        .write(to: URL(fileURLWithPath: work + "/scene.json"))
        try FileManager.default.copyItem(
            atPath: TestSupport.goldenDirectory + "/scene/all-primitives.json", toPath: work + "/scene-text.json")
        try Data(#"{"kind": "box", "name": "t", "root": {"type": "leaf", "text": "hello"}}"#.utf8).write(
            to: URL(fileURLWithPath: work + "/text.json"))
        let run = { (arguments: [String]) in
            try CLIRun(
                arguments, environment: ["RISTRETTO_FONT": ""], executable: root + "/bin/ristretto", directory: work)
        }

        #expect(try run(["layout", "box.json"]).status == 0)
        #expect(try run(["render", "scene.json", "-o", "scene.png"]).status == 0)
        #expect(try run(["render", "scene-text.json", "-o", "scene-text.png"]).status == 2)
        let text = try run(["layout", "text.json"])
        text.expectOrderly(
            exit: 2, stderr: "text.json: the pinned font LiberationSans-Regular.ttf was not found (looked in: ",
            "text without a font")
        #expect(
            text.stderr.contains(root + "/share/ristretto/fonts/LiberationSans-Regular.ttf")
                && text.stderr.contains(work + "/golden/fonts/"), "\(text.stderr)")

        try FileManager.default.createDirectory(
            atPath: root + "/share/ristretto/fonts", withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: TestSupport.fontPath, toPath: root + "/share/ristretto/fonts/LiberationSans-Regular.ttf")
        #expect(try run(["layout", "text.json"]).status == 0)
    }

    // MARK: Selection, outputs and arguments

    /// A golden folder without cases exits 2 with a message, like a filter that matches nothing.
    @Test(arguments: ["conform", "record"])
    func emptyGoldenFolderIsAnError(command: String) throws {
        let golden = try CLIRun.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: golden) }
        try FileManager.default.createDirectory(atPath: golden + "/box", withIntermediateDirectories: true)
        try Data("notes".utf8).write(to: URL(fileURLWithPath: golden + "/README.md"))
        let run = try CLIRun(
            [command, "--golden", golden, "--artifacts", golden + "/a"].prefix(command == "record" ? 3 : 5).map { $0 })
        run.expectOrderly(exit: 2, stderr: "error: \(golden): no case found", "empty golden folder")
    }

    @Test func renderToStandardOutput() throws {
        let run = try CLIRun(["render", "golden/scene/all-primitives.json", "-o", "-"])
        #expect(run.status == 0)
        #expect(
            run.stdoutBytes
                == FileManager.default.contents(atPath: TestSupport.goldenDirectory + "/scene/all-primitives.png"))
        #expect(!FileManager.default.fileExists(atPath: TestSupport.repositoryRoot + "/-"))
    }

    @Test func diffSaysWhenNoImageIsWrittenAndSpeaksJSON() throws {
        let folder = try CLIRun.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let small = TestSupport.repositoryRoot + "/Tests/ConformanceTests/bad-inputs/image-3x2.png"
        let square = TestSupport.repositoryRoot + "/Tests/ConformanceTests/bad-inputs/image-4x4.png"
        let sizes = try CLIRun(["diff", small, square, "--output", folder + "/d.png"])
        #expect(sizes.status == 1 && sizes.stdout.hasSuffix("no diff image written: sizes differ\n"), "\(sizes.stdout)")
        #expect(!FileManager.default.fileExists(atPath: folder + "/d.png"))

        let same = try CLIRun(["diff", square, square, "--format", "json", "--threshold", "0.2"])
        #expect(same.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(same.stdout.utf8)) as? [String: Any])
        #expect(
            object["mismatched"] as? Int == 0 && object["total"] as? Int == 16 && object["percentage"] as? Double == 0)
        #expect(object["threshold"] as? Double == 0.2 && object["includeAA"] as? Bool == false)
    }

    @Test func conformWritesJSONResults() throws {
        let folder = try CLIRun.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CLIRun([
            "conform", "--filter", "scene/", "--json", folder + "/results.json", "--artifacts", folder + "/a",
        ])
        #expect(run.status == 0 && run.stdout.hasSuffix(" passed, 0 failed\n"))
        let data = try #require(FileManager.default.contents(atPath: folder + "/results.json"))
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let cases = try #require(object["cases"] as? [[String: Any]])
        #expect(!cases.isEmpty && cases.count == object["passed"] as? Int)
        #expect(
            cases.allSatisfy {
                ($0["identifier"] as? String)?.hasPrefix("scene/") == true && $0["status"] as? String == "passed"
            })
    }

    /// Bad option values: one `error:` line that lists what is allowed, exit 2.
    @Test(arguments: [
        (["bench", "--sizes", "0"], "--sizes: unknown value '0' (allowed: positive whole numbers, e.g. 5,10,200)"),
        (["bench", "--shape", "ring"], "--shape: unknown value 'ring' (allowed: linear, flow, depth"),
        (
            ["bench", "--engines", "netsurf"],
            "--engines: unknown value 'netsurf' (allowed: reference, yoga, taffy, chromium, servo, blitz, weasyprint, taffy-0.14, yoga-current)"
        ),
        (["bench", "--modes", "warm"], "--modes: unknown value 'warm' (allowed: fresh, relayout"),
        (["bench", "--format", "xml"], "--format: unknown value 'xml' (allowed: table, markdown, json, csv)"),
        (["bench", "--check", "--plot", "x.png"], "error: --plot has no effect with --check"),
        (["conform", "--jobs", "0"], "error: --jobs must be at least 1 (see 'ristretto conform --help')"),
        (["conform", "--bogus"], "error: Unknown option '--bogus'"),
        (["layout"], "error: Missing expected argument"),
    ])
    func badArguments(arguments: [String], message: String) throws {
        let run = try CLIRun(arguments)
        run.expectOrderly(exit: 2, stderr: message, arguments.joined(separator: " "))
        #expect(run.stderr.hasPrefix("error: "), "\(run.stderr)")
    }

    /// The `--jobs` help names its default once (ArgumentParser adds "(default: N)" itself).
    @Test func jobsHelpShowsItsDefaultOnce() throws {
        let help = try CLIRun(["conform", "--help"]).stdout
        let jobs = try #require(
            help.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("--jobs <jobs>") })
        #expect(jobs.ranges(of: "default").count == 1, "\(jobs)")
    }
}
