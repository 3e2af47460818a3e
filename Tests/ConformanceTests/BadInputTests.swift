import Foundation
import TestSupport
import Testing

/// The bad-input corpus (Tests/ConformanceTests/bad-inputs/cases.json) run through the real `ristretto` binary:
/// every input exits with its documented code and message and never crashes. The inputs too big to commit
/// (10 000 nesting levels, a million children, a 17 MiB file) and those that need a scratch folder are generated
/// by the tests below the parameterized one. docs/reliability.md has the table.
@Suite struct BadInputTests {
    /// One manifest entry. In `command`, `{dir}` is the corpus folder and `{tmp}` a fresh scratch folder.
    struct Entry: Decodable, Sendable, CustomTestStringConvertible {
        var file: String
        var command: [String]
        var exit: Int32
        /// A substring stderr must contain ("" for a run that must succeed quietly).
        var stderr: String
        var stdout: String?
        var why: String

        var testDescription: String { "\(file) (\(command[0]))" }
    }

    static let corpus = TestSupport.repositoryRoot + "/Tests/ConformanceTests/bad-inputs"

    static let entries: [Entry] = {
        do {
            let data = try Data(contentsOf: URL(fileURLWithPath: corpus + "/cases.json"))
            return try JSONDecoder().decode([Entry].self, from: data)
        } catch {
            Issue.record("cannot read bad-inputs/cases.json: \(error)")
            return []
        }
    }()

    @Test(arguments: entries)
    func corpusEntry(_ entry: Entry) throws {
        let scratch = try CLIRun.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let arguments = entry.command.map {
            $0.replacingOccurrences(of: "{dir}", with: Self.corpus).replacingOccurrences(of: "{tmp}", with: scratch)
        }
        let run = try CLIRun(arguments)
        run.expectOrderly(exit: entry.exit, stderr: entry.stderr, entry.why)
        if let stdout = entry.stdout { #expect(run.stdout.contains(stdout), "\(entry.why): stdout was \(run.stdout)") }
        // A failed render leaves no file behind (atomic write), a successful one leaves a PNG.
        if arguments.first == "render", let output = arguments.last, output.hasPrefix(scratch) {
            #expect(FileManager.default.fileExists(atPath: output) == (entry.exit == 0), "\(entry.why): output file")
        }
        // Nothing but the output may appear in the scratch folder: no stray temporary files.
        let left = (try? FileManager.default.contentsOfDirectory(atPath: scratch)) ?? []
        #expect(left.allSatisfy { $0 == "out.png" }, "stray files: \(left)")
    }

    // MARK: Generated inputs

    /// A chain of `depth` HBoxes around one leaf.
    static func nestedBoxes(depth: Int) -> String {
        #"{"kind":"box","name":"deep","root":"# + String(repeating: #"{"type":"hbox","children":["#, count: depth)
            + #"{"type":"leaf"}"# + String(repeating: "]}", count: depth) + "}"
    }

    /// Foundation's parser allows 512 nested containers: the case object, two per box level (node and
    /// `children`) and the leaf give 1 + 2 × 255 + 1 = 512, so 255 levels load and 256 do not.
    @Test(arguments: [(255, 0), (256, 2), (10_000, 2)])
    func deepNesting(depth: Int, exit: Int32) throws {
        let file = try CLIRun.scratchFile("deep.json", Self.nestedBoxes(depth: depth))
        defer { CLIRun.removeFolder(of: file) }
        let run = try CLIRun(["layout", file])
        run.expectOrderly(
            exit: exit,
            stderr: exit == 0
                ? ""
                : "Too many nested arrays or dictionaries (JSON documents may nest at most 512 arrays and objects, about 255 box levels)",
            "\(depth) levels")
    }

    /// A scale check of most of a minute, run by `.ci/run` (`RISTRETTO_SCALE_TESTS=1`) rather than in everyday
    /// `swift test` (docs/conformance.md "Where each check runs").
    static let scaleCheck = Testing.ConditionTrait.enabled(
        if: ProcessInfo.processInfo.environment["RISTRETTO_SCALE_TESTS"] == "1",
        "a scale check of about a minute: .ci/run runs it (RISTRETTO_SCALE_TESTS=1 swift test --filter millionChildren)"
    )

    /// A million leaves under one HBox: 16 000 064 bytes, just under the 16 MiB file limit; lays out and renders
    /// (about 45 s and 1.7 GB, in a debug build as in a release one).
    @Test(scaleCheck) func millionChildren() throws {
        let leaves = Array(repeating: #"{"type":"leaf"}"#, count: 1_000_000).joined(separator: ",")
        let file = try CLIRun.scratchFile(
            "wide.json", #"{"kind":"box","name":"wide","root":{"type":"hbox","children":["# + leaves + "]}}")
        defer { CLIRun.removeFolder(of: file) }
        let run = try CLIRun(["render", file, "-o", file + ".png"])
        defer { try? FileManager.default.removeItem(atPath: file + ".png") }
        run.expectOrderly(exit: 0, stderr: "", "10^6 children")
    }

    @Test func fileOverTheSizeLimit() throws {
        let json = #"{"kind":"box","name":"big","root":{"type":"leaf"}}"#  // 50 bytes, then 17 MiB of spaces
        let file = try CLIRun.scratchFile("big.json", json + String(repeating: " ", count: 17 << 20))
        defer { CLIRun.removeFolder(of: file) }
        let run = try CLIRun(["layout", file])
        run.expectOrderly(
            exit: 2, stderr: "file of \(50 + (17 << 20)) bytes exceeds the limit of 16777216 bytes", "17 MiB file")
    }

    @Test func chartListOverTheLimit() throws {
        let values = (0...10_000).map { String($0 % 7) }.joined(separator: ",")
        let file = try CLIRun.scratchFile(
            "long.json",
            #"""
            {"kind":"chart","name":"long","size":{"width":100,"height":50},"layers":[{"id":"b","type":"bar","data":{"values":{"hi":[\#(values)]}}}]}
            """#)
        defer { CLIRun.removeFolder(of: file) }
        let run = try CLIRun(["layout", file])
        run.expectOrderly(
            exit: 2,
            stderr: "$.layers[0].data.values.hi: 10001 entries exceed the limit of 10000 per list in a chart case",
            "10 001 values")
    }

    @Test func stringOverTheLimit() throws {
        let text = String(repeating: "w", count: 100_001)
        let file = try CLIRun.scratchFile(
            "label.json", #"{"kind":"box","name":"label","root":{"type":"leaf","text":"\#(text)"}}"#)
        defer { CLIRun.removeFolder(of: file) }
        let run = try CLIRun(["layout", file])
        run.expectOrderly(
            exit: 2, stderr: "$.root.text: a string of 100001 characters exceeds the limit of 100000",
            "a 100 001-character text")
    }

    /// A case whose golden PNG is missing fails (exit 1) and is never recorded silently; a corrupt golden is bad
    /// input (exit 2).
    @Test func missingAndCorruptGolden() throws {
        let golden = try CLIRun.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: golden) }
        try FileManager.default.createDirectory(atPath: golden + "/box", withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.corpus + "/valid-box.json", toPath: golden + "/box/valid.json")
        let font = ["--font", TestSupport.fontPath, "--artifacts", golden + "/artifacts", "--golden", golden]
        let missing = try CLIRun(["conform"] + font)
        missing.expectOrderly(exit: 1, stderr: "", "missing golden")
        #expect(
            missing.stdout.contains("golden PNG missing: \(golden)/box/valid.png (goldens are never recorded silently)")
        )
        #expect(missing.stdout.hasSuffix("0 passed, 1 failed\n"))
        #expect(!FileManager.default.fileExists(atPath: golden + "/box/valid.png"))

        try Data("not a png".utf8).write(to: URL(fileURLWithPath: golden + "/box/valid.png"))
        let corrupt = try CLIRun(["conform"] + font)
        corrupt.expectOrderly(exit: 2, stderr: "", "corrupt golden")
        #expect(corrupt.stdout.contains("ERROR box/valid") && corrupt.stdout.contains("not a PNG file (bad signature)"))
    }

    /// A read-only output folder. Root ignores permissions, so as root the write succeeds and the test only
    /// checks that nothing crashed; `/proc` and a path below a regular file (in the corpus) cover root too.
    @Test func readOnlyOutputFolder() throws {
        let folder = try CLIRun.scratchFolder()
        defer {
            chmod(folder, 0o755)
            try? FileManager.default.removeItem(atPath: folder)
        }
        chmod(folder, 0o555)
        let run = try CLIRun(["render", Self.corpus + "/valid-box.json", "-o", folder + "/out.png"])
        if getuid() == 0 {
            run.expectOrderly(exit: 0, stderr: "", "read-only folder as root")
        } else {
            run.expectOrderly(exit: 2, stderr: "cannot write into \(folder)", "read-only folder")
        }
    }
}
