import Foundation
import TestSupport
import Testing

/// `import --check` end to end: imported cases of our own, one with a deliberately stale number, asked again of
/// Chromium, Firefox and WebKit (skipped where they are not installed).
@Suite struct ImportCheckCLITests {
    /// An imported case whose root is a 100 × 50 flex row holding a 30 px item; `expect` records the item's width as
    /// `itemWidth` (30 is right), from `engines`.
    static func importedCase(itemWidth: Double, engines: String = #"["wpt"]"#) -> String {
        """
        {"kind":"flex","name":"c","viewport":{"width":800,"height":null},
         "root":{"style":{"width":"100px","height":"50px","flex-shrink":"0"},
                 "children":[{"style":{"width":"30px","flex-shrink":"0"}}]},
         "tolerance":{"geometry":1,"reason":"check-layout-th.js passes within 1 px"},
         "expect":{"frames":[{"path":[0],"x":0,"y":0,"width":\(itemWidth),"height":50}]},
         "source":{"engines":\(engines),"import":{"format":"wpt","file":"a.html","case":".flexbox 1"}}}
        """
    }

    static func folder(_ files: [String: String]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("import-check-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + name)) }
        return folder
    }

    static let browsersInstalled = ["chromium", "firefox", "webkit"].allSatisfy {
        FileManager.default.isExecutableFile(
            atPath: TestSupport.repositoryRoot + "/tools/engines/.local/bin/\($0)-adapter")
    }

    @Test(
        .enabled(
            if: browsersInstalled,
            "chromium, firefox or webkit not installed: run tools/setup-engines --with-chromium --with-browsers"))
    func aStaleNumberIsReportedAndExitsOne() throws {
        let folder = try Self.folder([
            "right.json": Self.importedCase(itemWidth: 30),
            "stale.json": Self.importedCase(itemWidth: 45),
            // Not imported: not checked.
            "own.json": #"{"kind":"flex","name":"own","root":{}}"#,
        ])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try CLIRun(["import", "--check", folder, "--json", folder + "/check.out"])
        #expect(run.status == 1, "\(run.stdout)\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("browsers: Chromium ") == true)
        #expect(lines.contains("stale expectation stale (wpt): node [0]: width expected 45, got 30"), "\(run.stdout)")
        #expect(!lines.contains { $0.contains("right (wpt)") })
        #expect(
            lines.last
                == "2 cases: 1 agree with every browser, 1 stale expectations, 0 contradicted by some browsers, 0 unanswered"
        )
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/check.out")))
                as? [String: Any])
        #expect(json["exitCode"] as? Int == 1)
        let cases = try #require(json["cases"] as? [[String: Any]])
        #expect(cases.map { $0["case"] as? String } == ["right", "stale"])
        #expect(cases.map { $0["verdict"] as? String } == ["agrees", "stale"])
        #expect((cases[1]["contradictedBy"] as? [[String: Any]])?.count == 3)
    }

    /// Bad input is exit 2, naming the file, before any browser starts.
    @Test func anUnreadableCaseOrAnOutFolderIsExitTwo() throws {
        let folder = try Self.folder(["bad.json": #"{"kind":"flex","root":{"style":{"width":"wide"}}}"#])
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let bad = try CLIRun(["import", "--check", folder])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains(folder + "/bad.json"), "\(bad.stderr)")
        let out = try CLIRun(["import", "--check", folder, "--out", folder])
        #expect(out.status == 2)
        #expect(out.stderr == "error: --out: --check reads imported cases and writes none\n")
        let json = try CLIRun(["import", "wpt", folder, "--out", folder, "--json", folder + "/x.json"])
        #expect(json.status == 2)
        #expect(json.stderr == "error: --json: --json goes with --check\n")
    }
}
