import Foundation
import TestSupport
import Testing

/// `conform --engine` and `layout --engine` end to end, with the example adapter (tools/engines/example) as a PATH
/// engine and a nonexistent path as a missing one.
@Suite struct EngineCLITests {
    static let needsPython = Testing.ConditionTrait.enabled(
        if: EngineFixtures.hasPython, "python3 is not on PATH; the example adapter needs it")

    /// The default stays today's run: no matrix, and the contract's last line alone.
    @Test func withoutEngineConformPrintsWhatItAlwaysDid() throws {
        let run = try CLIRun(["conform", "--filter", "box/linear-s*", "--jobs", "1"])
        #expect(run.status == 0)
        #expect(!run.stdout.contains("suite"))
        #expect(
            run.stdout.hasSuffix(" passed, 0 failed\n") && run.stdout.split(separator: "\n").count == 1, "\(run.stdout)"
        )
    }

    /// A named peer that is not installed is skipped with its install line, and the run stays green while another
    /// engine judged something.
    @Test func aMissingNamedPeerIsSkippedWithOneLine() throws {
        let run = try CLIRun([
            "conform", "--filter", "box/linear-s*", "--engine", "reference,taffy", "--engines-directory",
            "/nonexistent",
        ])
        #expect(run.status == 0)
        #expect(
            run.stdout.contains(
                "skipped taffy: not installed (no adapter at /nonexistent/taffy-adapter); install it with tools/setup-engines\n"
            ))
        let last = run.stdout.split(separator: "\n").last ?? ""
        #expect(last.hasSuffix(" passed, 0 failed, 0 skipped"), "\(run.stdout)")
    }

    /// A run that judged nothing is not green: a PATH that names no adapter, a `--require`d peer that is missing,
    /// and a run where no engine judged any case all exit 2.
    @Test(arguments: [
        (["--filter", "box/linear-s*", "--engine", "reference,/nonexistent/ghost-adapter"], "skipped ghost-adapter"),
        (
            [
                "--filter", "box/linear-s*", "--engine", "reference,taffy", "--engines-directory", "/nonexistent",
                "--require", "taffy",
            ], "skipped taffy"
        ),
        (["--filter", "box/linear-s*", "--engine", "taffy", "--engines-directory", "/nonexistent"], "skipped taffy"),
    ])
    func aRunThatCannotJudgeExitsTwo(arguments: [String], skippedLine: String) throws {
        let run = try CLIRun(["conform"] + arguments)
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains(skippedLine))
    }

    @Test func requireNamesOnlyEnginesOfTheRun() throws {
        let run = try CLIRun(["conform", "--filter", "box/linear-s*", "--engine", "reference", "--require", "yoga"])
        #expect(run.status == 2)
        #expect(run.stderr == "error: --require: 'yoga' is not one of the engines --engine names\n")
    }

    /// Three shards merged equal one unsharded run: the same JSON apart from timings, the same matrix and last line,
    /// the same JUnit, Markdown and dashboard apart from timings (the case pages and their pictures byte for byte).
    @Test(needsPython) func threeShardsMergedEqualOneRun() throws {
        let folder = try EngineFixtures.writeGolden()
        defer { try? FileManager.default.removeItem(atPath: folder.scratch) }
        let out = folder.scratch + "/out"
        let engine = [
            "--golden", folder.golden, "--engine", EngineFixtures.exampleAdapter, "--known-failures-file",
            folder.knownFailures,
        ]
        let whole = try CLIRun(
            ["conform"] + engine + [
                "--json", out + "-whole.json", "--junit", out + "-whole.xml", "--markdown", out + "-whole.md",
                "--html", out + "-whole",
            ])
        var shardFiles: [String] = []
        for index in 1...3 {
            let file = out + "-shard\(index).json"
            _ = try CLIRun(["conform"] + engine + ["--shard", "\(index)/3", "--json", file])
            shardFiles.append(file)
        }
        let merged = try CLIRun(
            ["merge"] + shardFiles + [
                "--json", out + "-merged.json", "--junit", out + "-merged.xml", "--markdown", out + "-merged.md",
                "--html", out + "-merged",
            ])
        #expect(merged.status == whole.status, "\(merged.stdout)\(merged.stderr)")
        // The review of the known-failure lists belongs to conform, which reads them; merge prints the rest alike.
        let conformOnly = whole.stdout.split(separator: "\n", omittingEmptySubsequences: false).filter {
            !$0.hasPrefix("known failures: ") && !$0.hasPrefix("STALE ")
        }
        #expect(
            merged.stdout.split(separator: "\n", omittingEmptySubsequences: false) == conformOnly,
            "the console output, matrix and last line included")
        func withoutTimings(_ path: String) throws -> String {
            try String(contentsOfFile: path, encoding: .utf8)
                .replacing(/"seconds": [0-9.e-]+/, with: "\"seconds\": 0")
                .replacing(/time="[0-9.]+"/, with: "time=\"0\"")
                .replacing(/\*\* in [0-9.]+ s/, with: "** in 0 s")
                .replacing(/<\/b> in [0-9.]+ s/, with: "</b> in 0 s")
        }
        for suffix in ["json", "xml", "md"] {
            #expect(
                try withoutTimings(out + "-merged." + suffix) == withoutTimings(out + "-whole." + suffix), "\(suffix)")
        }
        let site = try #require(FileManager.default.subpaths(atPath: out + "-whole")).sorted()
        #expect(site.contains("cases/box__wrong-x/engine-example.png"), "the failing case's page has its picture")
        #expect(try FileManager.default.subpaths(atPath: out + "-merged")?.sorted() == site)
        for file in site where file.hasSuffix(".html") || file.hasSuffix(".png") {
            let (whole, merged) = (out + "-whole/" + file, out + "-merged/" + file)
            if file == "index.html" {
                #expect(try withoutTimings(merged) == withoutTimings(whole))
            } else {
                #expect(
                    FileManager.default.contents(atPath: merged) == FileManager.default.contents(atPath: whole),
                    "\(file)")
            }
        }
    }

    /// `--json` with engines carries every engine × case verdict, not-applicable ones as `n/a`.
    @Test(needsPython) func jsonCarriesEveryEngineAndCaseVerdict() throws {
        let folder = try EngineFixtures.writeGolden { $0.hasPrefix("box/") }
        defer { try? FileManager.default.removeItem(atPath: folder.scratch) }
        let json = folder.scratch + "/results.json"
        let run = try CLIRun([
            "conform", "--golden", folder.golden, "--engine", EngineFixtures.exampleAdapter,
            "--known-failures-file", folder.knownFailures, "--json", json,
        ])
        #expect(run.status == 1)
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json))) as? [String: Any])
        #expect(document["line"] as? String == "2 passed, 1 failed, 2 skipped")
        #expect(document["exitCode"] as? Int == 1)
        let results = try #require(document["results"] as? [[String: Any]])
        let verdicts = Dictionary(
            uniqueKeysWithValues: results.map { ($0["case"] as? String ?? "", $0["verdict"] as? String ?? "") })
        #expect(
            verdicts == [
                "box/fits": "passed", "box/partial": "passed", "box/wrong-x": "failed", "box/flow": "refused",
                "box/known": "known", "box/no-expect": "n/a",
            ])
        #expect(results.allSatisfy { $0["engine"] as? String == "example" })
    }

    /// The engine's known failures next to the corpus: a new failure is counted, `--update-known-failures` records it
    /// (and drops the entry that now passes), and the next run is green with the failure known. A corpus whose lists
    /// still sit in `expectations/`, their former folder, is read and rewritten there, and the former flags
    /// (`--update-known`, `--expectations`, `--known-differences`) still work.
    @Test(needsPython, arguments: [false, true])
    func updateKnownFailuresRecordsNewFailuresAndDropsStaleEntries(formerNames: Bool) throws {
        let folder = try EngineFixtures.writeGolden { ["box/fits", "box/wrong-x"].contains($0) }
        defer { try? FileManager.default.removeItem(atPath: folder.scratch) }
        let lists = folder.golden + (formerNames ? "/expectations" : "/known-failures")
        try FileManager.default.createDirectory(atPath: lists, withIntermediateDirectories: true)
        try #"[{"case": "box/fits", "reason": "it used to fail"}]"#.write(
            toFile: lists + "/example.json", atomically: true, encoding: .utf8)
        let arguments = ["conform", "--golden", folder.golden, "--engine", EngineFixtures.exampleAdapter]
        let first = try CLIRun(arguments)
        #expect(first.status == 1, "\(first.stdout)")
        #expect(first.stdout.contains("STALE example box/fits: a known failure that now passes"))
        #expect(first.stdout.contains("known failures: 1 new failure(s), 1 stale entry"))
        let update = try CLIRun(arguments + [formerNames ? "--update-known" : "--update-known-failures"])
        #expect(update.status == 0, "\(update.stdout)")
        #expect(update.stdout.contains("updated \(lists)/example.json: 1 added, 1 removed"))
        let written = try String(contentsOfFile: lists + "/example.json", encoding: .utf8)
        #expect(
            written
                == "[\n  {\"case\": \"box/wrong-x\", \"reason\": \"recorded by conform --update-known: "
                + "node [1]: x expected 44, got 34\"}\n]\n")
        let second = try CLIRun(arguments)
        #expect(second.status == 0, "\(second.stdout)")
        #expect(second.stdout.contains("KNOWN example box/wrong-x"))
        #expect(!second.stdout.contains("STALE") && !second.stdout.contains("new failure"))
        // The lists of another folder, named by either flag, and an extra list, by either flag.
        for (folderFlag, fileFlag) in [
            ("--known-failures", "--known-failures-file"), ("--expectations", "--known-differences"),
        ] {
            let elsewhere = try CLIRun(
                arguments + [folderFlag, folder.scratch + "/none", fileFlag, folder.knownFailures])
            #expect(elsewhere.status == 1 && elsewhere.stdout.contains("FAIL example box/wrong-x"), "\(folderFlag)")
        }
    }

    @Test(needsPython) func aPathEngineGetsAColumnAndItsFailuresNameTheNode() throws {
        let folder = try EngineFixtures.writeGolden { $0.hasPrefix("box/") }
        defer { try? FileManager.default.removeItem(atPath: folder.scratch) }
        let html = folder.scratch + "/html"
        let junit = folder.scratch + "/junit.xml"
        let run = try CLIRun([
            "conform", "--golden", folder.golden, "--engine", EngineFixtures.exampleAdapter,
            "--known-failures-file", folder.knownFailures, "--html", html, "--junit", junit,
        ])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("FAIL example box/wrong-x: node [1]: x expected 44, got 34\n"))
        #expect(
            run.stdout.contains(
                "KNOWN example box/known: node []: width expected 80, got 74\n  known difference: a documented difference\n"
            ))
        let rows = run.stdout.split(separator: "\n").map {
            $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        }
        #expect(rows.contains("suite example"))
        #expect(rows.contains("box 2/5 (1 failed, refused 1, known 1)"))
        #expect(rows.last == "2 passed, 1 failed, 2 skipped")
        #expect(FileManager.default.fileExists(atPath: html + "/index.html"))
        #expect(
            !FileManager.default.fileExists(atPath: html + "/reference.html"), "no reference column, no reference page")
        #expect(
            String(decoding: FileManager.default.contents(atPath: junit) ?? Data(), as: UTF8.self).contains(
                #"name="example.box""#))
    }

    @Test(needsPython) func referenceAndAPeerSideBySide() throws {
        let scratch = try CLIRun.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let run = try CLIRun([
            "conform", "--filter", "box/linear-s*", "--engine", "reference," + EngineFixtures.exampleAdapter, "--html",
            scratch,
        ])
        #expect(run.status == 0, "\(run.stdout)\(run.stderr)")
        let rows = run.stdout.split(separator: "\n").map {
            $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        }
        #expect(rows.contains("suite reference example"))
        // Every checked-in box case has a proposal the example cannot promise to fit or a property it refuses.
        #expect(rows.contains { $0.hasPrefix("box ") && $0.contains("(refused ") })
        #expect(FileManager.default.fileExists(atPath: scratch + "/reference.html"))
        #expect(
            String(decoding: FileManager.default.contents(atPath: scratch + "/index.html") ?? Data(), as: UTF8.self)
                .contains(#"<a href="reference.html">reference</a>"#))
    }

    @Test(needsPython) func layoutWithAPathEnginePrintsItsFrames() throws {
        let folder = try EngineFixtures.writeGolden { $0 == "box/fits" || $0 == "box/flow" }
        defer { try? FileManager.default.removeItem(atPath: folder.scratch) }
        let run = try CLIRun(["layout", "--engine", EngineFixtures.exampleAdapter, folder.golden + "/box/fits.json"])
        #expect(run.status == 0, "\(run.stderr)")
        let printed = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? NSDictionary
        let handComputed =
            try JSONSerialization.jsonObject(with: Data(EngineFixtures.pairFrames().utf8)) as? NSDictionary
        #expect(printed == handComputed)
        #expect(
            run.stdout.contains(#"{"height": 20, "path": [0], "width": 30, "x": 0, "y": 0}"#),
            "canonical JSON, keys sorted, as the reference prints it")
        let refused = try CLIRun([
            "layout", "--engine", EngineFixtures.exampleAdapter, folder.golden + "/box/flow.json",
        ])
        #expect(refused.status == 2)
        #expect(
            refused.stderr
                == "error: \(folder.golden)/box/flow.json: refused by example: $.case.root.values.flex-wrap: unsupported\n"
        )
    }

    /// An adapter that exits at once must fail the request with a message, not kill ristretto with SIGPIPE.
    @Test func anAdapterThatExitsAtOnceIsAnErrorNotASignal() throws {
        let mute = try CLIRun.scratchFile("mute-adapter", "#!/bin/sh\nexit 3\n")
        defer { CLIRun.removeFolder(of: mute) }
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: mute)
        for _ in 0..<3 {
            let run = try CLIRun(["layout", "--engine", mute, "golden/box/linear-space.json"])
            #expect(!run.signalled && run.status == 2)
            #expect(
                run.stderr.hasPrefix("error: golden/box/linear-space.json: mute-adapter: adapter failure: "),
                "\(run.stderr)")
        }
    }

    @Test func layoutWithAMissingEngineSaysHowToInstallIt() throws {
        let run = try CLIRun([
            "layout", "--engine", "chromium", "--engines-directory", "/nonexistent", "golden/box/linear-space.json",
        ])
        #expect(run.status == 2)
        #expect(
            run.stderr
                == "error: --engine: chromium is not installed (no adapter at /nonexistent/chromium-adapter); install it with tools/setup-engines --with-chromium\n"
        )
    }
}
