import BoxLayout
import CaseIO
import Causes
import Engines
import Flexbox
import Foundation
import TestSupport
import Testing

/// An engine's page of causes (`explain --html`, docs/causes.md) and its reproduction pages, loaded in headless
/// Chromium as the dashboard is (`DashboardCLITests`): the causes are listed biggest first with their counts, every
/// link and picture resolves to a file of the site, nothing runs, and a reproduction page lays the case out and draws
/// the engine's answer over it.
@Suite(.serialized) struct CausePagesTests {
    /// The reference without `min-width`: an engine with one planted bug.
    struct NoMinWidth: InProcessLayoutEngine {
        let name = "no-min-width"

        func layout(_ flexCase: FlexCase) throws -> [PeerFrame] {
            var stripped = flexCase
            for path in stripped.root.preorderPaths {
                stripped.root.update(path) { try? $0.style.set(.minWidth, to: nil) }
            }
            return try ReferenceEngine().layout(stripped)
        }
    }

    static func subject(_ name: String, _ body: String) throws -> CauseFinder.Subject {
        var flexCase = try JSONDecoder().decode(
            FlexCase.self, from: Data(#"{"kind":"flex","name":"\#(name)",\#(body)}"#.utf8))
        flexCase.expect = BoxFrames(frames: try ReferenceEngine().layout(flexCase))
        return CauseFinder.Subject(identifier: "bugs/" + name, family: "bugs", flexCase: flexCase)
    }

    @Test(.enabled(if: DashboardCLITests.chromium != nil, DashboardCLITests.notInstalled))
    func theEnginePageAndItsReproductionsLoadInHeadlessChromium() throws {
        let subjects = [
            try Self.subject(
                "row", #""root":{"style":{"width":"90px"},"children":[{"style":{"width":"20px","min-width":"60px"}}]}"#),
            try Self.subject(
                "nested",
                #""root":{"children":[{"style":{"min-width":"30px"},"children":[{"content":{"width":5,"height":5}}]}]}"#
            ),
            try Self.subject("passes", #""root":{"style":{"width":"10px"}}"#),
        ]
        let finder = CauseFinder(
            engine: InProcessEngineAdapter(NoMinWidth()), oracle: ReferenceEngine(), oracleTolerance: 0)
        let report = finder.explain(subjects, version: "test 1", findings: [], knownEntries: [], limit: nil)
        #expect(report.failures == 2 && report.causes.count == 1, "\(report.causes.map(\.signature.text))")
        let scratch = try CLIRun.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let site = URL(fileURLWithPath: scratch + "/site").standardized.path
        for file in CauseReport.site(report, draw: { $0.png }) {
            try AtomicFile.write(file.bytes, to: site + "/" + file.path)
        }
        let chromium = try #require(DashboardCLITests.chromium)

        // 1. The engine's page: its one cause with both failures, the pictures, links inside the site.
        let index = site + "/" + CauseReport.pagePath(engine: "no-min-width")
        let dom = try DashboardCLITests.dumpDOM(index, chromium: chromium, profile: scratch)
        #expect(dom.contains("<h1>Why no-min-width fails</h1>"))
        #expect(
            dom.contains(
                "<td>1</td><td><a href=\"#unnamed-1\"><span class=\"unnamed\">unnamed-1</span></a></td><td>2</td>"))
        #expect(dom.contains("min-size"), "the signature names the feature that had to stay")
        DashboardCLITests.checkLinks(dom, page: index, site: site)
        DashboardCLITests.checkNothingRan(dom, page: index, pictures: 2)

        // 2. The reproduction page: the case's elements and the engine's answer as boxes, no script.
        let repro = try #require(dom.firstMatch(of: /href="(repro\/[^"]*)"/)).output.1
        let reproPath = URL(fileURLWithPath: index).deletingLastPathComponent().path + "/" + repro
        let reproDOM = try DashboardCLITests.dumpDOM(reproPath, chromium: chromium, profile: scratch)
        #expect(reproDOM.contains("<h1>unnamed-1</h1>"), "named after its cause, not the failure it came from")
        #expect(reproDOM.contains("<div class=\"case\""), "\(reproDOM.prefix(300))")
        #expect(reproDOM.contains("min-width:"), "the case's CSS reaches the page")
        #expect(reproDOM.contains("<td class=\"diff\">"), "the differing node is marked")
        #expect(!reproDOM.contains("<script"))
    }
}
