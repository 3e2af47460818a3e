import Flexbox
import Foundation
import LayoutCore
import Testing

@testable import Importers

/// WPT pages whose inline scripts change them before `checkLayout`: resolved with their scripts run, as WPT runs
/// them, and refused where the scripts need more than the page.
@Suite struct WPTScriptTests {
    @Test func scriptsThatChangeThePageAreRunAndScriptFilesBesidesTheHarnessAreRefused() {
        let changing = "<script>document.getElementById('a').style.width = '10px'; checkLayout('.a')</script>"
        #expect(WPTCheckLayout.scripts(in: changing) == .changing(".style"))
        let checking = "<script src='/resources/check-layout-th.js'></script><script>checkLayout('.a')</script>"
        #expect(WPTCheckLayout.scripts(in: checking) == .inert)
        let helper = "<script src='support/helper.js'></script><script>checkLayout('.a')</script>"
        #expect(
            WPTCheckLayout.scripts(in: helper)
                == .refused(ImportRefusal(.script, "a script file besides the harness: support/helper.js")))
    }

    @Test(
        arguments: [
            (ScriptRun(calls: 1), nil),
            (
                ScriptRun(calls: 0),
                "checkLayout('.a') is not called by the end of the load event (a timer, say)"
            ),
            (
                ScriptRun(calls: 1, errors: ["ReferenceError: step_timeout is not defined"]),
                "a script failed before checkLayout('.a'): ReferenceError: step_timeout is not defined"
            ),
            (ScriptRun(calls: 2), "checkLayout('.a') is called 2 times as the page changes"),
        ] as [(ScriptRun, String?)])
    func aScriptedPageIsCheckedOnceByItsLoadEventWithoutErrors(_ run: ScriptRun, _ refusal: String?) {
        #expect(WPTCheckLayout.scriptRefusal(run, selector: ".a") == refusal.map { ImportRefusal(.script, $0) })
    }

    @Test func aChangingPageIsResolvedWithItsScriptsAndSaysSo() throws {
        let browser = FakeBrowser()
        browser.page = ResolvedPage(matches: [WPTTests.match()], tests: 1, scripts: ScriptRun(calls: 1))
        let page = try WPTCheckLayout.translate(WPTTests.match(), name: "page").pageFrames
        browser.frames = { flexCase in flexCase.framesInPreOrder { path, _ in page[path] } }
        let (outcomes, _) = try ImportRun.wptOutcomes(
            "", selector: ".a", page: PageFile(file: "/x/a.html", root: "/x"), browser: browser,
            scripts: .changing(".style"))
        #expect(browser.scriptsRun == [true])
        guard case .complete(let flexCase, _) = outcomes.first?.0 else {
            Issue.record("not imported: \(String(describing: outcomes.first?.0))")
            return
        }
        #expect(
            flexCase.description?.contains(
                "The page as its inline scripts left it when they called checkLayout (they use .style).") == true)

        // Checked too late: refused, and counted from the page as loaded (a second resolve, without scripts).
        browser.page = ResolvedPage(matches: [], tests: 0, scripts: ScriptRun(calls: 0))
        #expect(
            throws: ImportRefusal(
                .script, "checkLayout('.a') is not called by the end of the load event (a timer, say)")
        ) {
            try ImportRun.wptOutcomes(
                "", selector: ".a", page: PageFile(file: "/x/a.html", root: "/x"), browser: browser,
                scripts: .changing(".style"))
        }
        #expect(browser.scriptsRun == [true, true, false])
    }

    // MARK: With the browser

    /// A 200 px row whose script widens it to 300 px and hides an item before checking, then (after the check)
    /// narrows it again (its items' flex comes from a stylesheet file); the second page checks only from a timer set by its load event.
    static let pages = [
        "grow-script-001.html": """
        <!DOCTYPE html>
        <style>
        body { margin: 0; }
        .flexbox { display: flex; width: 200px; height: 10px; }
        </style>
        <link rel="stylesheet" href="support/items.css">
        <script src="/resources/testharness.js"></script>
        <script src="/resources/check-layout-th.js"></script>
        <body>
        <div class="flexbox" id="box">
          <div data-expected-width="150" data-offset-x="0"></div>
          <div id="gone" data-expected-width="0"></div>
          <div data-expected-width="150" data-offset-x="150"></div>
        </div>
        <script>
        document.body.offsetWidth;
        document.getElementById("box").style.width = "300px";
        document.getElementById("gone").style.display = "none";
        test(function() { throw new Error("a harness test does not run"); });
        checkLayout(".flexbox");
        document.getElementById("box").style.width = "100px";
        </script>
        </body>
        """,
        "grow-script-002.html": """
        <!DOCTYPE html>
        <style>.flexbox { display: flex; width: 200px; height: 10px; }</style>
        <script src="/resources/check-layout-th.js"></script>
        <body>
        <div class="flexbox" id="box"><div style="flex: 1" data-expected-width="300"></div></div>
        <script>
        window.onload = function() {
          setTimeout(function() {
            document.getElementById("box").style.width = "300px";
            checkLayout(".flexbox");
          }, 100);
        };
        </script>
        </body>
        """,
    ]

    @Test(.enabled(if: ImportTestSupport.hasChromium, "\(ChromiumImportBrowser.installLine)"))
    func chromiumRunsThePagesScriptsUpToItsCheck() throws {
        // The items' flex comes from a stylesheet of the page's folder, which loads as on WPT's server.
        let folder = try ImportTestSupport.folder(
            with: Self.pages.merging(["support/items.css": ".flexbox > div { flex: 1 0 0px; }"]) { $1 })
        let out = try ImportTestSupport.scratchFolder()
        let browser = try ImportTestSupport.chromium()
        let report = try ImportRun.run(
            format: .wpt, inputs: try ImportInput.collect([folder], format: .wpt), outputFolder: out, browser: browser)
        #expect(report.written == ["grow-script-001"])
        #expect(
            report.refused.map(\.refusal) == [
                ImportRefusal(
                    .script, "checkLayout('.flexbox') is not called by the end of the load event (a timer, say)")
            ])
        // The timer's page is counted as loaded: one checked element refused.
        #expect(report.refused.first?.checkedElements == 1)
        let written = try JSONDecoder().decode(
            FlexCase.self, from: try Data(contentsOf: URL(fileURLWithPath: out + "/grow-script-001.json")))
        // 300 px shared by the two displayed items, as the script left the row when it checked (not 100 px after).
        #expect(written.viewport == FlexViewport(width: 800, height: nil))
        #expect(
            written.expect?.frames.map(\.frame) == [
                Rect(x: 0, y: 0, width: 150, height: 10), Rect(x: 150, y: 0, width: 150, height: 10),
            ])
        #expect(ImportTestSupport.css(written.root.style)["width"] == "300px")
    }
}
