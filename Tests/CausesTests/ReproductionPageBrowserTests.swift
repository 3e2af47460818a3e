import BoxLayout
import Engines
import Flexbox
import Foundation
import LayoutCore
import TestSupport
import Testing

@testable import Causes

/// Every finding's reproduction page (docs/causes.md "Reports") loaded in each installed browser through its
/// adapter's `page` operation: the blue boxes the browser draws are the browsers' answer (the finding's `expect`),
/// the dashed red boxes are the engine's, and at least one of them leaves its blue box. A browser, or the engine a
/// finding names, that is not installed skips with its install line.
@Suite(.serialized) struct ReproductionPageBrowserTests {
    static func peer(_ name: String) -> SubprocessEngine {
        SubprocessEngine.installedPeer(name, repositoryRoot: TestSupport.repositoryRoot, requestTimeout: .seconds(120))
    }

    /// Whether the engine of some folder of findings is installed: without one there is no page to check.
    static let someFindingsEngine =
        ((try? FileManager.default.contentsOfDirectory(
            atPath: TestSupport.goldenDirectory + "/flex/findings")) ?? []).contains { peer($0).isInstalled }

    static func installLine(_ name: String) -> Comment {
        let reason = peer(name).unavailableReason.map { "\(name) is \($0); tools/setup-engines --with-browsers" }
        return Comment(
            rawValue: reason ?? "no engine of golden/flex/findings is installed; tools/setup-engines --with-peers")
    }

    /// A finding, its folder's engine and the file's bytes.
    struct Finding {
        var engine: String
        var path: String
        var data: Data
        var flexCase: FlexCase
    }

    /// The findings below golden/flex/findings whose folder's engine is installed, but those of slowness.
    static func findings() throws -> [Finding] {
        let root = TestSupport.goldenDirectory + "/flex/findings"
        let manager = FileManager.default
        var found: [Finding] = []
        for engine in try manager.contentsOfDirectory(atPath: root).sorted() where peer(engine).isInstalled {
            for name in try manager.contentsOfDirectory(atPath: root + "/" + engine).sorted()
            where name.hasSuffix(".json") {
                let path = root + "/" + engine + "/" + name
                let data = try Data(contentsOf: URL(fileURLWithPath: path))
                let flexCase = try JSONDecoder().decode(FlexCase.self, from: data)
                // A finding of slowness differs in time, not in boxes: the engine's answer, given long enough, is
                // the browsers', so its page has nothing to show.
                guard flexCase.finding?.timeLimit == nil else { continue }
                found.append(Finding(engine: engine, path: path, data: data, flexCase: flexCase))
            }
        }
        return found
    }

    /// The largest difference of two lists of boxes of one length, over the coordinates both give as numbers.
    static func largestDifference(_ a: [Rect], _ b: [Rect]) -> Double {
        zip(a, b).map { first, second in
            zip(
                [first.x, first.y, first.width, first.height], [second.x, second.y, second.width, second.height]
            ).filter { $0.isFinite && $1.isFinite }.map { abs($0 - $1) }.max() ?? 0
        }.max() ?? 0
    }

    /// The boxes `selector` matches on the page, the first being the container the others are drawn in: the others
    /// with an outline of `outline`, relative to that container.
    static func drawn(_ browser: SubprocessEngine, _ html: String, _ selector: String, outline: String) throws -> [Rect]
    {
        let boxes = try browser.page(html: html, selector: selector)
        let origin = try #require(boxes.first).rect.origin
        return boxes.dropFirst().filter { $0.outline == outline }.map {
            Rect(x: $0.x - origin.x, y: $0.y - origin.y, width: $0.width, height: $0.height)
        }
    }

    /// Loads every finding's page in `browserName` and checks what it draws.
    static func check(_ browserName: String) throws {
        let browser = peer(browserName)
        defer { browser.shutDown() }
        let findings = try findings()
        var engines: [String: SubprocessEngine] = [:]
        defer {
            for engine in engines.values { engine.shutDown() }
        }
        for finding in findings {
            let engine = engines[finding.engine] ?? peer(finding.engine)
            engines[finding.engine] = engine
            let expected = try #require(finding.flexCase.expect?.frames, "\(finding.path) has no expect")
            let answer = try engine.layout(caseJSON: finding.data, change: nil, rounding: false)
            let html = ReproductionPage.html(
                finding.flexCase, reason: finding.flexCase.description, engine: finding.engine, answer: answer,
                expectedBy: finding.flexCase.source?.engines ?? [])
            // Blue: the case's displayed elements as this browser lays them out (a content block has no outline).
            let displayed = finding.flexCase.root.preorderPaths.filter { path in
                (0...path.count).allSatisfy {
                    finding.flexCase.root.element(at: Array(path.prefix($0))).style[.display] != .keyword("none")
                }
            }
            let browserBoxes = try drawn(browser, html, ".case, .case div", outline: "solid")
            let expectedRects = BoxFrames(frames: expected).absoluteRects
            #expect(browserBoxes.count == displayed.count, "\(finding.path): \(browserBoxes.count) blue boxes")
            if browserBoxes.count == expectedRects.count {
                #expect(
                    largestDifference(browserBoxes, expectedRects) <= 0.05,
                    "\(finding.path): \(browserName) draws \(browserBoxes), the finding expects \(expectedRects)")
            }
            // Red: the engine's answer, which leaves the browser's somewhere.
            let engineBoxes = try drawn(browser, html, ".answer, .answer div", outline: "dashed")
            // A negative size (Servo's answer to some findings) is no CSS size: the page's box takes none, so a
            // browser draws it 0px wide or tall.
            let engineRects = BoxFrames(frames: answer).absoluteRects.map {
                Rect(x: $0.x, y: $0.y, width: max($0.width, 0), height: max($0.height, 0))
            }
            #expect(engineBoxes.count == engineRects.count, "\(finding.path): \(engineBoxes.count) red boxes")
            if engineBoxes.count == engineRects.count {
                #expect(largestDifference(engineBoxes, engineRects) <= 0.05, "\(finding.path): the red boxes")
            }
            if browserBoxes.count == engineBoxes.count {
                #expect(
                    largestDifference(browserBoxes, engineBoxes) > 0.05,
                    "\(finding.path): the page shows no difference between \(browserName) and \(finding.engine)")
            }
        }
    }

    @Test(.enabled(if: peer("chromium").isInstalled && someFindingsEngine, installLine("chromium")))
    func findingsPagesInChromium() throws { try Self.check("chromium") }

    @Test(.enabled(if: peer("firefox").isInstalled && someFindingsEngine, installLine("firefox")))
    func findingsPagesInFirefox() throws { try Self.check("firefox") }

    @Test(.enabled(if: peer("webkit").isInstalled && someFindingsEngine, installLine("webkit")))
    func findingsPagesInWebKit() throws { try Self.check("webkit") }
}
