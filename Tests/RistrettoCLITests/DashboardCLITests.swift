import Foundation
import TestSupport
import Testing

/// The engine dashboard as `ristretto merge … --html DIR` writes it from the hostile matrix of `DashboardFixtures`
/// (pictures drawn by GDRender), loaded in headless Chromium: the counts it shows are the JSON's, every link and
/// picture resolves to a file of the site, and the markup planted in the cases runs nothing.
@Suite(.serialized) struct DashboardCLITests {
    static let chromium = EngineFixtures.executable(named: "chromium")
    static let notInstalled: Comment =
        "chromium not installed: run tools/setup-engines --with-chromium (apt-get install chromium)"

    /// Merges the fixture into `<scratch>/site` and `<scratch>/merged.json`.
    static func writeSite(into scratch: String, folder: String = "site") throws -> CLIRun {
        let shard = scratch + "/shard.json"
        try DashboardFixtures.shardJSON().write(to: URL(fileURLWithPath: shard))
        return try CLIRun(["merge", shard, "--html", scratch + "/" + folder, "--json", scratch + "/merged.json"])
    }

    /// The page's DOM after loading, as headless Chromium serializes it, with a fresh profile in `profile`.
    /// Chromium is given 60 s and ended if it takes longer.
    static func dumpDOM(_ page: String, chromium: String, profile: String) throws -> String {
        let output = profile + "/dom.html"
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: chromium)
        process.arguments = [
            "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=" + profile + "/profile", "--dump-dom",
            URL(fileURLWithPath: page).absoluteString,
        ]
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: output))
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(60)
        while process.isRunning && Date() < deadline { usleep(50_000) }
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
            Issue.record("chromium did not finish loading \(page) within 60 s")
        }
        return String(decoding: FileManager.default.contents(atPath: output) ?? Data(), as: UTF8.self)
    }

    /// The counts each matrix cell must show, computed from the merged JSON's results: per engine, per row
    /// (`suite`, `suite/family`, `suite/(top)` in a suite with families, `all`), `passed/total` or `n/a`.
    static func expectedCells(_ json: String) throws -> [String: String] {
        let document = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: json)))
        let results = try #require((document as? [String: Any])?["results"] as? [[String: Any]])
        var suitesWithFamilies = Set<String>()
        for result in results {
            let parts = (result["case"] as? String ?? "").split(separator: "/", omittingEmptySubsequences: false)
            if parts.count > 2 { suitesWithFamilies.insert(String(parts[0])) }
        }
        var counts: [String: (passed: Int, total: Int)] = [:]
        for result in results {
            let engine = result["engine"] as? String ?? ""
            let parts = (result["case"] as? String ?? "").split(separator: "/", omittingEmptySubsequences: false)
            let suite = parts.count > 1 ? String(parts[0]) : "golden"
            var rows = ["all", suite]
            if suitesWithFamilies.contains(suite) { rows.append(suite + "/" + (parts.count > 2 ? parts[1] : "(top)")) }
            let verdict = result["verdict"] as? String
            for row in rows {
                var count = counts[engine + " " + row] ?? (0, 0)
                if verdict != "n/a" { count.total += 1 }
                if verdict == "passed" { count.passed += 1 }
                counts[engine + " " + row] = count
            }
        }
        return counts.mapValues { $0.total == 0 ? "n/a" : "\($0.passed)/\($0.total)" }
    }

    /// Every `href` and `src` of a dumped page names a file of the site (no scheme, nothing outside it), or an
    /// element of the page itself (`#id`).
    static func checkLinks(_ dom: String, page: String, site: String) {
        let folder = URL(fileURLWithPath: page).deletingLastPathComponent()
        for match in dom.matches(of: /(?:href|src)="([^"]*)"/) {
            let link = String(match.output.1).replacingOccurrences(of: "&amp;", with: "&")
            if link.hasPrefix("#") {
                #expect(dom.contains("id=\"\(link.dropFirst())\""), "\(page): \(link) names no element of the page")
                continue
            }
            #expect(!link.contains(":"), "\(page): \(link) leaves the site")
            let target = folder.appendingPathComponent(String(link.split(separator: "#").first ?? "")).standardized
            #expect(target.path.hasPrefix(site + "/"), "\(page): \(link) leaves the site")
            #expect(FileManager.default.fileExists(atPath: target.path), "\(page): \(link) does not resolve")
        }
    }

    /// What the planted markup would have left, had it run: a title changed, an attribute on the body, a script or
    /// an image element of its own.
    static func checkNothingRan(_ dom: String, page: String, pictures: Int) {
        let title = dom.firstMatch(of: /<title>(.*?)<\/title>/)?.output.1 ?? ""
        #expect(!title.contains("PWNED"), "\(page): the title became \(title)")
        let body = dom.firstMatch(of: /<body[^>]*>/)?.output ?? ""
        #expect(!body.contains("data-pwned"), "\(page): \(body)")
        #expect(!dom.contains("<script"), "\(page) has a script element")
        #expect(
            dom.components(separatedBy: "<img ").count - 1 == pictures,
            "\(page): only the site's own pictures are images")
    }

    @Test(.enabled(if: chromium != nil, notInstalled)) func theDashboardLoadsInHeadlessChromium() throws {
        let scratch = try CLIRun.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let run = try Self.writeSite(into: scratch)
        #expect(run.status == 2, "an unreadable case: \(run.stdout)\(run.stderr)")
        let site = URL(fileURLWithPath: scratch + "/site").standardized.path
        let chromium = try #require(Self.chromium)

        // 1. The matrix: every cell shows the JSON's counts, and nothing else is shown.
        let index = site + "/index.html"
        let dom = try Self.dumpDOM(index, chromium: chromium, profile: scratch)
        var shown: [String: String] = [:]
        for cell in dom.matches(of: /<td[^>]*data-engine="([^"]*)" data-row="([^"]*)"[^>]*>(.*?)<\/td>/) {
            let text = String(cell.output.3)
            shown["\(cell.output.1) \(cell.output.2)"] =
                text.firstMatch(of: /(\d+)\/(\d+)/).map { "\($0.output.1)/\($0.output.2)" } ?? text
        }
        #expect(shown == (try Self.expectedCells(scratch + "/merged.json")))
        #expect(shown["beta flex/wrap"] == "0/2", "the hand count of DashboardFixtures.results")
        Self.checkLinks(dom, page: index, site: site)
        Self.checkNothingRan(dom, page: index, pictures: 0)

        // 2. Each case page linked from the matrix.
        let pages = Set(dom.matches(of: /href="(cases\/[^"]*)"/).map { site + "/" + $0.output.1 }).sorted()
        #expect(pages.count == 3, "a page per case that some engine failed, could not read or failed in a known way")
        for page in pages {
            let dom = try Self.dumpDOM(page, chromium: chromium, profile: scratch)
            #expect(dom.contains("<h1>"), "\(page) loaded")
            Self.checkLinks(dom, page: page, site: site)
            let folder = URL(fileURLWithPath: page).deletingLastPathComponent().path
            let pictures = try FileManager.default.contentsOfDirectory(atPath: folder).count { $0.hasSuffix(".png") }
            Self.checkNothingRan(dom, page: page, pictures: pictures)
            if page.contains("_3Cscript") {
                #expect(dom.contains("<h1>flex/wrap/&lt;script&gt;alert(1)&lt;/script&gt;</h1>"))
                #expect(pictures == 3, "expected, alpha and beta")
            }
        }
    }

    /// The site CI publishes (.github/workflows/conform.yml): two shards of a real `conform --engine` run, merged,
    /// load in headless Chromium. Each shard judged some cases, the matrix shows the merged JSON's counts, the
    /// failing case's page shows the engine's picture beside the expected one, and every link stays in the site.
    @Test(.enabled(if: chromium != nil && EngineFixtures.hasPython, notInstalled))
    func theMergedSiteOfTwoShardsLoadsInHeadlessChromium() throws {
        let folder = try EngineFixtures.writeGolden { $0.hasPrefix("box/") }
        defer { try? FileManager.default.removeItem(atPath: folder.scratch) }
        let chromium = try #require(Self.chromium)
        var shards: [String] = []
        for index in 1...2 {
            let shard = folder.scratch + "/shard-\(index).json"
            let run = try CLIRun([
                "conform", "--golden", folder.golden, "--engine", EngineFixtures.exampleAdapter,
                "--known-failures-file", folder.knownFailures, "--shard", "\(index)/2", "--json", shard,
            ])
            #expect(run.status <= 1, "shard \(index): \(run.stdout)\(run.stderr)")
            let document = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: shard)))
            let results = (document as? [String: Any])?["results"] as? [[String: Any]] ?? []
            #expect(results.contains { $0["verdict"] as? String != "n/a" }, "shard \(index) judged no case")
            shards.append(shard)
        }
        let site = URL(fileURLWithPath: folder.scratch + "/site").standardized.path
        let merged = try CLIRun(
            shards.reduce(["merge"]) { $0 + [$1] } + ["--html", site, "--json", folder.scratch + "/merged.json"])
        #expect(merged.status == 1, "box/wrong-x fails: \(merged.stdout)\(merged.stderr)")

        let index = site + "/index.html"
        let dom = try Self.dumpDOM(index, chromium: chromium, profile: folder.scratch)
        var shown: [String: String] = [:]
        for cell in dom.matches(of: /<td[^>]*data-engine="([^"]*)" data-row="([^"]*)"[^>]*>(.*?)<\/td>/) {
            shown["\(cell.output.1) \(cell.output.2)"] =
                String(cell.output.3).firstMatch(of: /(\d+)\/(\d+)/).map { "\($0.output.1)/\($0.output.2)" } ?? ""
        }
        // By hand: fits and partial pass; wrong-x fails, flow is refused, known is known; no-expect is n/a.
        #expect(shown["example box"] == "2/5", "\(shown)")
        #expect(shown == (try Self.expectedCells(folder.scratch + "/merged.json")))
        Self.checkLinks(dom, page: index, site: site)
        Self.checkNothingRan(dom, page: index, pictures: 0)

        let page = String(try #require(dom.firstMatch(of: /href="(cases\/box__wrong-x\/[^"]*)"/)).output.1)
        let caseDOM = try Self.dumpDOM(site + "/" + page, chromium: chromium, profile: folder.scratch)
        #expect(caseDOM.contains("<h1>box/wrong-x</h1>"), "\(caseDOM.prefix(400))")
        #expect(caseDOM.contains("engine-example.png") && caseDOM.contains("expect.png"))
        Self.checkLinks(caseDOM, page: site + "/" + page, site: site)
        Self.checkNothingRan(caseDOM, page: page, pictures: 2)
    }

    /// The site of the same results is the same, byte for byte, pictures included.
    @Test func mergingTwiceWritesTheSameSite() throws {
        let scratch = try CLIRun.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        _ = try Self.writeSite(into: scratch, folder: "first")
        _ = try Self.writeSite(into: scratch, folder: "second")
        let files = try #require(FileManager.default.subpaths(atPath: scratch + "/first")).sorted()
        #expect(files.count { $0.hasSuffix(".png") } == 5)
        #expect(try FileManager.default.subpaths(atPath: scratch + "/second")?.sorted() == files)
        for file in files {
            #expect(
                FileManager.default.contents(atPath: scratch + "/first/" + file)
                    == FileManager.default.contents(atPath: scratch + "/second/" + file), "\(file)")
        }
    }
}
