import Foundation
import TestSupport
import Testing

/// End-to-end tests of the CLI contract: output formats, exit codes and error messages.
@Suite struct CLITests {
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> CLIRun {
        try CLIRun(arguments, environment: environment)
    }

    static func temporaryFile(_ name: String, _ contents: String) throws -> String {
        try CLIRun.scratchFile(name, contents)
    }

    @Test func versionAndHelp() throws {
        #expect(try Self.run(["--version"]).stdout == "0.1.0\n")
        for command in ["layout", "render", "diff", "conform", "record"] {
            let help = try Self.run([command, "--help"])
            #expect(help.status == 0 && help.stdout.contains("USAGE: ristretto \(command)"), "\(command)")
        }
    }

    @Test func renderIsByteIdenticalAcrossRuns() throws {
        let first = FileManager.default.temporaryDirectory.path + "/ristretto-a-\(getpid()).png"
        let second = FileManager.default.temporaryDirectory.path + "/ristretto-b-\(getpid()).png"
        #expect(try Self.run(["render", "golden/scene/all-primitives.json", "-o", first]).status == 0)
        #expect(try Self.run(["render", "golden/scene/all-primitives.json", "-o", second]).status == 0)
        #expect(FileManager.default.contents(atPath: first) == FileManager.default.contents(atPath: second))
        #expect(
            FileManager.default.contents(atPath: first)
                == FileManager.default.contents(atPath: "golden/scene/all-primitives.png".prefixed))
    }

    /// Bad input: one line on stderr naming the file and the JSON path, exit code 2, and no output file.
    @Test(arguments: [
        ("malformed.json", #"{"kind": "scene", "#, "malformed JSON"),
        (
            "unknown-key.json",
            #"{"kind":"scene","name":"x","size":{"width":10,"height":10},"items":[],"colour":"red"}"#,
            "$.colour: unknown key 'colour'"
        ),
        (
            "bad-colour.json",
            #"{"kind":"scene","name":"x","size":{"width":10,"height":10},"items":[{"type":"circle","center":{"x":1,"y":1},"radius":1,"fill":"reddish"}]}"#,
            "$.items[0].fill: invalid colour 'reddish'"
        ),
        (
            "negative.json", #"{"kind":"scene","name":"x","size":{"width":-10,"height":10},"items":[]}"#,
            "$.size.width: width must be >= 0, got -10.0"
        ),
        ("nan.json", #"{"kind":"scene","name":"x","size":{"width":NaN,"height":10},"items":[]}"#, "malformed JSON"),
        ("empty.json", "", "the file is empty"),
        ("kind.json", #"{"kind":"pie","name":"x"}"#, "$.kind: unknown case kind 'pie'"),
        ("missing-key.json", #"{"kind":"scene","name":"x","items":[]}"#, "$.size: missing required key 'size'"),
    ])
    func badInputIsExitCodeTwo(name: String, contents: String, message: String) throws {
        let path = try Self.temporaryFile(name, contents)
        let output = path + ".png"
        let run = try Self.run(["render", path, "-o", output])
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix("error: \(path): "), "\(run.stderr)")
        #expect(run.stderr.contains(message), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: output))
    }

    /// A bad bench option value is one line naming the option and listing the allowed values, exit code 2.
    @Test(arguments: [
        (
            ["--modes", "fresh,warm"],
            "error: --modes: unknown value 'warm' (allowed: fresh, relayout, resize, incremental)"
        ),
        (["--shape", "grid"], "error: --shape: unknown value 'grid' (allowed: linear, flow, depth)"),
        (["--family", "css"], "error: --family: unknown value 'css' (allowed: flex, box)"),
        (["--format", "xml"], "error: --format: unknown value 'xml' (allowed: table, markdown, json, csv)"),
        (["--rounding"], "error: --rounding only applies to --check (see 'ristretto bench --help')"),
    ])
    func badBenchOptionsListWhatIsAllowed(arguments: [String], message: String) throws {
        let run = try Self.run(["bench", "--engines", "reference"] + arguments)
        #expect(run.status == 2)
        #expect(run.stderr == message + "\n")
    }

    @Test func missingFilesAreExitCodeTwo() throws {
        let run = try Self.run(["layout", "/nonexistent/case.json"])
        #expect(run.status == 2)
        #expect(run.stderr == "error: /nonexistent/case.json: no such file\n")
    }

    @Test func diffReportsMismatchesAndSizeDifferences() throws {
        let folder = FileManager.default.temporaryDirectory.path + "/ristretto-diff-\(getpid())"
        let small = try Self.temporaryFile(
            "small.json",
            ##"{"kind":"scene","name":"small","size":{"width":10,"height":10},"background":"#ffffff","items":[]}"##)
        let dot = try Self.temporaryFile(
            "dot.json",
            ##"{"kind":"scene","name":"dot","size":{"width":10,"height":10},"background":"#ffffff","items":[{"type":"rect","rect":{"x":2,"y":2,"width":2,"height":2},"fill":"#000000"}]}"##
        )
        let wide = try Self.temporaryFile(
            "wide.json", #"{"kind":"scene","name":"wide","size":{"width":12,"height":10},"items":[]}"#)
        for (source, png) in [(small, "small"), (dot, "dot"), (wide, "wide")] {
            #expect(try Self.run(["render", source, "-o", "\(folder)/\(png).png"]).status == 0)
        }
        let same = try Self.run(["diff", "\(folder)/small.png", "\(folder)/small.png"])
        #expect(same.status == 0 && same.stdout == "mismatched: 0 of 100 pixels\n")
        let differ = try Self.run(["diff", "\(folder)/small.png", "\(folder)/dot.png", "--output", "\(folder)/d.png"])
        #expect(differ.status == 1 && differ.stdout == "mismatched: 4 of 100 pixels\n")
        #expect(FileManager.default.fileExists(atPath: "\(folder)/d.png"))
        #expect(try Self.run(["diff", "\(folder)/small.png", "\(folder)/dot.png", "--allowed", "4"]).status == 0)
        let sizes = try Self.run(["diff", "\(folder)/small.png", "\(folder)/wide.png"])
        #expect(
            sizes.status == 1 && sizes.stdout.contains("10×10") && sizes.stdout.contains("12×10"), "\(sizes.stdout)")
        let corrupt = try Self.temporaryFile("corrupt.png", "\u{89}PNG garbage")
        #expect(try Self.run(["diff", corrupt, "\(folder)/small.png"]).status == 2)
    }

    @Test func recordRefusesInCI() throws {
        let run = try Self.run(["record", "--filter", "scene/"], environment: ["CI": "true"])
        #expect(run.status == 2)
        #expect(run.stderr.contains("refusing to record goldens in CI"))
    }
}

extension String {
    /// A repository-relative path made absolute.
    var prefixed: String { TestSupport.repositoryRoot + "/" + self }
}

/// `ristretto gentest` without a browser: `--check` still lays out the checked-in corpus with the reference, and
/// bad options, a missing adapter and a broken corpus file are exit 2 with one `error:` line.
@Suite struct GentestCLITests {
    @Test func checkWithoutChromiumStillChecksTheReference() throws {
        let run = try CLIRun(["gentest", "--check", "--chromium", "/nonexistent/chromium-adapter"])
        #expect(run.status == 0, "\(run.stdout.suffix(500))")
        let lines = run.stdout.split(separator: "\n")
        let summary = try #require(lines.first { $0.hasSuffix("0 fail") })
        let count = try #require(Int(summary.prefix { $0.isNumber }))
        #expect(count >= 1000 && summary == "\(count) cases: reference \(count) pass, 0 fail")
        #expect(lines.last == "chromium: not installed, not asked (run tools/gentest's setup)")
    }

    @Test(arguments: [
        (["gentest", "--seed", "9007199254740993"], "error: --seed: expected at most 2^53, got 9007199254740993"),
        (["gentest", "--count", "0"], "error: --count: expected a positive number, got 0"),
        (["gentest", "--fuzz", "--check"], "error: --check: --check and --fuzz are separate modes"),
        (
            ["gentest", "--chromium", "/nonexistent/adapter"],
            "error: /nonexistent/adapter: the Chromium adapter is not installed; run tools/gentest (its setup step)"
        ),
    ])
    func badOptionsAreExitTwo(arguments: [String], message: String) throws {
        let run = try CLIRun(arguments)
        #expect(run.status == 2)
        #expect(run.stderr == message + "\n")
    }

    @Test func aBrokenCorpusFileNamesItself() throws {
        let file = try CLIRun.scratchFile("broken.json", #"{"kind":"box","name":"x","root":{"type":"hbox"}}"#)
        defer { CLIRun.removeFolder(of: file) }
        let folder = URL(fileURLWithPath: file).deletingLastPathComponent().path
        let run = try CLIRun(["gentest", "--check", "--out", folder, "--chromium", "/nonexistent"])
        #expect(run.status == 2)
        #expect(run.stderr == "error: \(file): $.source.version: a corpus case names its oracle's version\n")
    }
}
