import CaseIO
import Conformance
import Foundation
import LayoutCore
import TestSupport
import Testing

@testable import Judging

/// The engine dashboard (`conform --engine … --html DIR`): families, the matrix rows, the pages and their pictures,
/// escaping and determinism, on the hostile matrix of `DashboardFixtures`. Pictures are drawn here by a stand-in
/// that records what it was asked; GDRender's drawing is tested in GDRenderTests, the site in a browser in
/// RistrettoCLITests.
@Suite struct DashboardTests {
    static func matrix() throws -> EngineMatrix {
        try EngineMatrix.merged([(file: "shard.json", data: try DashboardFixtures.shardJSON())])
    }

    /// A stand-in for GDRender: the picture's description as bytes, so that the same picture gives the same file.
    static func describe(_ picture: FramesPicture) -> [UInt8] {
        Array("\(picture.canvas) \(picture.boxes) \(picture.highlighted.sorted())".utf8)
    }

    static func pages(_ files: [SiteFile]) -> [(path: String, text: String)] {
        files.filter { $0.path.hasSuffix(".html") }.map { ($0.path, String(decoding: $0.bytes, as: UTF8.self)) }
    }

    @Test(arguments: [
        ("flex/wrap/wrap-00012", "flex", "wrap"), ("flex/align-content-center", "flex", nil),
        ("flex/wrap/deeper/case", "flex", "wrap"), ("top-level-case", "golden", nil),
    ])
    func theFamilyIsTheFolderBelowTheSuite(identifier: String, suite: String, family: String?) {
        #expect(CaseIdentifier.suite(of: identifier) == suite)
        #expect(CaseIdentifier.family(of: identifier) == family)
    }

    /// Like wpt.fyi's directory rows: each suite, its families beneath it (the cases at its top as `(top)`), then
    /// all; a suite without families has no family rows. Counts as `DashboardFixtures.results` lists them.
    @Test func theMatrixHasARowPerSuiteAndPerFamily() throws {
        let matrix = try Self.matrix()
        #expect(matrix.rows.map(\.label) == ["box", "flex", "flex/(top)", "flex/gap", "flex/wrap", "all"])
        let alpha = try #require(matrix.columns.first { $0.engine == "alpha" })
        let beta = try #require(matrix.columns.first { $0.engine == "beta" })
        #expect(
            matrix.rows.map { alpha.tally($0).cell } == [
                "1/1", "1/4 (2 failed, refused 1)", "0/1 (refused 1)", "0/1 (1 failed)", "1/2 (1 failed)",
                "2/5 (2 failed, refused 1)",
            ])
        #expect(
            matrix.rows.map { beta.tally($0).cell } == [
                "n/a", "2/4 (1 failed, known 1)", "1/1", "1/1", "0/2 (1 failed, known 1)", "2/4 (1 failed, known 1)",
            ])
        #expect(matrix.line == "4 passed, 3 failed, 2 skipped")
        let table = Reports.matrixTable(matrix).split(separator: "\n").map {
            $0.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        }
        #expect(table[3] == "flex/(top) 0/1 (refused 1) 1/1")
        #expect(Reports.markdown(matrix).contains("| flex/wrap | 1/2 (1 failed) | 0/2 (1 failed, known 1) |\n"))
    }

    /// The JSON carries each family, the frames of the answers that differ, the rows and the cases with a page,
    /// so that a merge of it draws the same site.
    @Test func theJSONCarriesWhatTheSiteDraws() throws {
        let matrix = try Self.matrix()
        let json = try Reports.json(matrix)
        let document = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let results = try #require(document["results"] as? [[String: Any]])
        let wrong = try #require(
            results.first { $0["engine"] as? String == "beta" && $0["verdict"] as? String == "failed" })
        #expect(wrong["family"] as? String == "wrap")
        #expect((wrong["frames"] as? [[String: Any]])?[2]["x"] as? Int == 40)
        let rows = try #require(document["rows"] as? [[String: Any]])
        #expect(rows.map { $0["row"] as? String } == ["box", "flex", "flex/(top)", "flex/gap", "flex/wrap", "all"])
        #expect((document["cases"] as? [[String: Any]])?.count == 4)
        let again = try EngineMatrix.merged([(file: "again.json", data: json)])
        #expect(again == matrix)
        #expect(Reports.site(again, draw: Self.describe) == Reports.site(matrix, draw: Self.describe))
    }

    /// Documents written before the dashboard (no families, frames, rows or cases) still merge.
    @Test func anOlderDocumentStillMerges() throws {
        let old = #"""
            {"line": "1 passed, 0 failed, 0 skipped", "exitCode": 0, "judgedAnything": true, "seconds": 1,
             "engines": [{"engine": "yoga", "passed": 1, "failed": 0, "errors": 0, "refused": 0, "known": 0}],
             "skippedEngines": [], "results": [{"engine": "yoga", "case": "box/a", "verdict": "passed", "seconds": 1}]}
            """#
        let matrix = try EngineMatrix.merged([(file: "old.json", data: Data(old.utf8))])
        #expect(matrix.line == "1 passed, 0 failed, 0 skipped")
        #expect(matrix.cases.isEmpty)
        #expect(Reports.site(matrix, draw: Self.describe).map(\.path) == ["index.html"])
    }

    /// Every case that some engine failed, could not read or failed in a known way has a page, linked from the
    /// matrix (a case only refused has none); pictures sit next to it: the expectation and each answer that differs.
    @Test func eachCaseThatDidNotPassHasAPageWithItsPictures() throws {
        let files = Reports.site(try Self.matrix(), draw: Self.describe)
        let scripted = "cases/flex__wrap___3Cscript_3Ealert_281_29_3C__script_3E"
        #expect(
            Set(files.map(\.path)) == [
                "cases/flex__gap___22_3E_3Cimg_20src_3Dx_20onerror_3Dalert_281_29_3E/index.html",
                "cases/flex__wrap__wrap-1/engine-beta.png", "cases/flex__wrap__wrap-1/expect.png",
                "cases/flex__wrap__wrap-1/index.html",
                scripted + "/engine-alpha.png", scripted + "/engine-beta.png", scripted + "/expect.png",
                scripted + "/index.html",
                "index.html",
            ])
        let index = try #require(Self.pages(files).first { $0.path == "index.html" }?.text)
        #expect(index.contains(#"<a href="cases/flex__wrap__wrap-1/index.html">flex/wrap/wrap-1</a>"#))
        #expect(
            index.contains(
                #"<td class="none" data-engine="beta" data-row="flex/wrap"><span class="rate">0.0 %</span> <span class="count">0/2 (1 failed, known 1)</span></td>"#
            ))
        #expect(index.contains(#"<span class="rate">50.0 %</span> <span class="count">1/2 (1 failed)</span>"#))
        let page = try #require(Self.pages(files).first { $0.path == "cases/flex__wrap__wrap-1/index.html" }?.text)
        #expect(page.contains(#"<img src="engine-beta.png" width="368" height="80" alt="beta frames">"#))
        #expect(page.contains(#"<td class="diff">40, 0, 50 × 20</td>"#))
        #expect(page.contains(#"<a href="../../index.html">"#))
    }

    /// One scale for every picture of a case: the row is 100 × 20, so 360 / 100 = 3.6 px per px and a canvas of
    /// 360 + 2 · 4 = 368 by 20 · 3.6 + 2 · 4 = 80; beta's second item, at x = 40 instead of 50, is the one marked.
    @Test func picturesShareOneScaleAndMarkTheNodesThatDiffer() throws {
        var pictures: [FramesPicture] = []
        _ = Reports.site(try Self.matrix()) { picture in
            pictures.append(picture)
            return []
        }
        // Pages in case order: flex/wrap/<script>… (expected, alpha, beta), then flex/wrap/wrap-1 (expected, beta).
        #expect(pictures.count == 5)
        let (expected, beta) = (pictures[3], pictures[4])
        #expect(expected.canvas == Size(width: 368, height: 80))
        #expect(beta.canvas == expected.canvas)
        #expect(expected.boxes[2] == Rect(x: 50 * 3.6 + 4, y: 4, width: 50 * 3.6, height: 20 * 3.6))
        #expect(beta.boxes[2] == Rect(x: 40 * 3.6 + 4, y: 4, width: 50 * 3.6, height: 20 * 3.6))
        #expect(expected.highlighted.isEmpty)
        #expect(beta.highlighted == [2])
        // alpha's first item is 40 wide instead of 50: node [0]; beta's root 30 high instead of 20: node [].
        #expect(pictures[1].highlighted == [1])
        #expect(pictures[2].highlighted == [0])
    }

    /// Markup planted in case names, a node id, a CSS value, engine messages, a reason and a detail stays text:
    /// the raw payloads appear nowhere, and no tag of any page is a script or has an event handler (a slug may
    /// spell `onerror`, but never as an attribute).
    @Test func plantedMarkupIsEscapedOnEveryPage() throws {
        let pages = Self.pages(Reports.site(try Self.matrix(), draw: Self.describe))
        #expect(
            pages.count == 4,
            "the index and a page per case some engine failed, could not read or failed in a known way")
        for (path, text) in pages {
            for payload in [
                DashboardFixtures.script, DashboardFixtures.onerror, DashboardFixtures.titleScript,
                DashboardFixtures.bodyMarker,
            ] {
                #expect(!text.contains(payload), "\(path) holds \(payload) unescaped")
            }
            // Escaping turns every `<` and `>` of a payload into an entity, so each `<…>` left is one of our tags.
            for tag in text.matches(of: /<[^>]*>/).map({ $0.output.lowercased() }) {
                #expect(!tag.hasPrefix("<script"), "\(path): \(tag)")
                #expect(!tag.contains(/\son[a-z]+\s*=/), "\(path): an event handler in \(tag)")
            }
        }
        let scripted = try #require(pages.first { $0.path.hasPrefix("cases/flex__wrap___3Cscript") }?.text)
        #expect(scripted.contains("<h1>flex/wrap/&lt;script&gt;alert(1)&lt;/script&gt;</h1>"))
        #expect(scripted.contains("&quot;&gt;&lt;img src=x onerror=alert(1)&gt;"), "the reason, as text")
    }

    /// Writing the site twice gives the same bytes in every file.
    @Test func writingTheSiteTwiceGivesTheSameBytes() throws {
        let scratch = try CLIRun.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let matrix = try Self.matrix()
        for folder in ["first", "second"] {
            try Reports.writeSite(matrix, to: scratch + "/" + folder, draw: Self.describe)
        }
        let files = try #require(FileManager.default.subpaths(atPath: scratch + "/first")).sorted()
        #expect(files.count { $0.hasSuffix(".html") || $0.hasSuffix(".png") } == 9)
        #expect(try FileManager.default.subpaths(atPath: scratch + "/second")?.sorted() == files)
        for file in files {
            #expect(
                FileManager.default.contents(atPath: scratch + "/first/" + file)
                    == FileManager.default.contents(atPath: scratch + "/second/" + file), "\(file)")
        }
    }

    /// Slugs keep letters, digits and `-`, and `.` but first; `/` becomes `__`, any other byte `_XX`; long names
    /// end in their hash. Different texts get different slugs.
    @Test(arguments: [
        ("flex/wrap/wrap-00012", "flex__wrap__wrap-00012"), ("../etc", "_2E.__etc"), ("a_b c", "a_5Fb_20c"),
        ("", "_"), ("café", "caf_C3_A9"),
    ])
    func slugsAreSafeFileNames(text: String, slug: String) {
        #expect(Reports.slug(text) == slug)
    }

    @Test func slugsOfDifferentTextsDiffer() {
        let long = String(repeating: "a", count: 200)
        let texts = ["a/b", "a__b", "a_b", "a_5Fb", "a b", ".a", "_2Ea", long, long + "b"]
        #expect(Set(texts.map(Reports.slug)).count == texts.count)
        #expect(Reports.slug(long).utf8.count == 100 + 1 + 16)
    }
}

/// A case page shows the case file pretty-printed, so that a generated case (written on one line) reads as a tree.
@Suite struct DashboardCaseTextTests {
    @Test func aOneLineCaseIsShownPrettyPrinted() {
        let line =
            #"{"kind":"flex","name":"n","root":{"children":[{"style":{"width":"10px"}}],"style":{"width":"20px"}}}"#
        #expect(
            Reports.prettyCase(line) == """
                {
                  "kind": "flex",
                  "name": "n",
                  "root": {
                    "children": [
                      {
                        "style": {"width": "10px"}
                      }
                    ],
                    "style": {"width": "20px"}
                  }
                }

                """)
    }

    @Test func textThatDoesNotParseIsShownAsWritten() {
        #expect(Reports.prettyCase(#"{"kind": "box",  <oops"#) == #"{"kind": "box",  <oops"#)
    }
}
