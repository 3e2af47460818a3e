import Foundation
import TestSupport
import Testing

/// `ristretto bench --case FILE|DIR`: a small folder timed by the reference alone (a quick run, nothing asserted
/// about the times), and every refusal as one `error:` line with exit code 2.
@Suite struct BenchCaseCLITests {
    /// A fill root 300 wide with three growing leaves: every mode applies.
    static let fill = """
        {"kind":"box","name":"fill","proposal":{"width":300,"height":null},"root":{"type":"hbox","width":"fill",\
        "space":4,"children":[{"type":"leaf","width":{"wrap":{"grow":1}},"content":{"width":40,"height":20}},\
        {"type":"leaf","width":{"wrap":{"grow":1}},"content":{"width":30,"height":20}},\
        {"type":"leaf","width":{"wrap":{"grow":1}},"content":{"width":40,"height":20}}]}}
        """
    /// A grid whose item sits outside its one cell: the reference's one stated refusal (docs/flex-engine.md).
    static let staticRoot = """
        {"kind":"flex","name":"static","viewport":{"width":200,"height":null},\
        "root":{"style":{"display":"grid"},"children":[{"style":{"grid-row-start":"2"},\
        "content":{"width":40,"height":20}}]}}
        """
    static let scene = #"{"kind":"scene","name":"s","size":{"width":10,"height":10},"items":[]}"#

    /// A scratch folder `cases/` holding the three files; remove it with `CLIRun.removeFolder(of:)` on its path.
    static func folder() throws -> String {
        let fill = try CLIRun.scratchFile("fill.json", Self.fill)
        let folder = URL(fileURLWithPath: fill).deletingLastPathComponent().path + "/cases"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (name, text) in [("fill", Self.fill), ("static", Self.staticRoot), ("scene", Self.scene)] {
            try Data(text.utf8).write(to: URL(fileURLWithPath: "\(folder)/\(name).json"))
        }
        return folder
    }

    @Test func aFolderTimedByTheReferenceAlone() throws {
        let folder = try Self.folder()
        defer { CLIRun.removeFolder(of: folder) }
        let run = try CLIRun(["bench", "--case", folder, "--engines", "reference", "--quick", "--format", "json"])
        #expect(run.status == 0, "\(run.stderr)")
        let json = try #require(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        #expect(json["baseline"] as? String == "reference")
        let results = try #require(json["results"] as? [[String: Any]])
        #expect(
            results.map { "\($0["case"] as? String ?? "?") \($0["mode"] as? String ?? "?")" } == [
                "cases/fill fresh", "cases/fill relayout", "cases/fill resize", "cases/fill incremental",
            ])
        #expect(results.prefix(4).allSatisfy { $0["size"] as? Int == 4 && $0["sameAnswer"] as? Bool == true })
        #expect((json["geometricMeans"] as? [Any])?.isEmpty == true)
        let notes = try #require(json["notes"] as? [String])
        #expect(
            notes.contains { $0.hasSuffix("skipped 1 case of other kinds (bench --case times flex and box cases)") })
        #expect(
            notes.contains {
                $0.hasPrefix("reference cannot express 1 case ($.root.children[0].style.grid-row-start: ")
                    && $0.hasSuffix(": cases/static")
            })
    }

    @Test func theTableNamesTheBaselineAndEachCase() throws {
        let folder = try Self.folder()
        defer { CLIRun.removeFolder(of: folder) }
        let run = try CLIRun([
            "bench", "--case", folder + "/fill.json", "--engines", "reference", "--quick", "--modes", "fresh",
        ])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("baseline: reference\n"))
        #expect(run.stdout.contains("cases — fresh (µs per layout, median ± IQR; ratios to reference)"))
        #expect(run.stdout.contains("cases/fill      4"))
    }

    @Test(arguments: [
        (["--case", "/nonexistent/x.json"], "error: /nonexistent/x.json: no such file or folder (--case)"),
        (
            ["--case", "FOLDER", "--engines", "reference,bogus"],
            "error: --engines: unknown value 'bogus' (allowed: reference, yoga, taffy, chromium, servo, blitz, weasyprint, taffy-0.14, yoga-current)"
        ),
        (
            ["--case", "FOLDER", "--baseline", "yogi"],
            "error: --baseline: 'yogi' is not one of the engines --engines names (reference)"
        ),
        (["--baseline", "yoga"], "error: --baseline only applies to --case (see 'ristretto bench --help')"),
        (
            ["--case", "FOLDER", "--shape", "linear"],
            "error: --shape does not apply with --case (a case is its own tree) (see 'ristretto bench --help')"
        ),
        (
            ["--case", "FOLDER", "--family", "box"],
            "error: --family does not apply with --case (a case is its own tree) (see 'ristretto bench --help')"
        ),
        (
            ["--case", "FOLDER/scene.json"],
            "error: FOLDER/scene.json: $.kind: bench --case times flex and box cases only"
        ),
        (
            ["--case", "FOLDER/bad.json"],
            "error: FOLDER/bad.json: $.root.children[0].colour: unknown key 'colour' (allowed: type, id, "
        ),
    ])
    func refusalsAreOneLineAndExitTwo(arguments: [String], message: String) throws {
        let folder = try Self.folder()
        defer { CLIRun.removeFolder(of: folder) }
        try Data(
            #"{"kind":"box","name":"bad","root":{"type":"hbox","children":[{"type":"leaf","colour":"red"}]}}"#.utf8
        ).write(to: URL(fileURLWithPath: folder + "/bad.json"))
        let run = try CLIRun(
            ["bench", "--engines", "reference"] + arguments.map { $0.replacingOccurrences(of: "FOLDER", with: folder) })
        // One line: the message, or for a decoding error the message and then the allowed keys.
        #expect(run.status == 2)
        #expect(run.stderr.hasPrefix(message.replacingOccurrences(of: "FOLDER", with: folder)), "\(run.stderr)")
        #expect(run.stderr.hasSuffix("\n") && run.stderr.split(separator: "\n").count == 1)
        if !message.hasSuffix(" ") {
            #expect(run.stderr == message.replacingOccurrences(of: "FOLDER", with: folder) + "\n")
        }
    }
}
