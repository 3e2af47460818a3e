import Flexbox
import Foundation
import LayoutCore
import Testing

@testable import Importers

/// The whole import: finding the files, answering, writing the cases, the summary.
@Suite struct ImportRunTests {
    static let taffyFiles = [
        "flex/b_case.xml": TaffyXMLTests.test("<div width=\"10px\"/>").replacingOccurrences(
            of: "name=\"t\"", with: "name=\"b_case\""),
        "flex/nested/a_case.xml": TaffyXMLTests.grow,
        "flex/text_case.xml": TaffyXMLTests.test("<div>HH</div>"),
        "flex/notes.txt": "not a test",
    ]

    @Test func inputsAreFoundRecursivelyInByteOrderRelativeToTheirPath() throws {
        let folder = try ImportTestSupport.folder(with: Self.taffyFiles)
        let groups = try ImportInput.collect([folder + "/flex", folder + "/flex/b_case.xml"], format: .taffyXML)
        #expect(
            groups.map { $0.map(\.relativePath) } == [
                ["b_case.xml", "nested/a_case.xml", "text_case.xml"], ["b_case.xml"],
            ])
        #expect(groups[0][1].path == folder + "/flex/nested/a_case.xml")
        #expect(groups[0][1].stem == "a_case")
    }

    @Test func aMissingPathIsAnError() {
        #expect(throws: ImportError(file: "/no/such/folder", message: "no such file or folder")) {
            try ImportInput.collect(["/no/such/folder"], format: .wpt)
        }
    }

    @Test func taffyXMLRunWritesOneCanonicalFilePerImportedCaseAndSummarises() throws {
        let folder = try ImportTestSupport.folder(with: Self.taffyFiles)
        let out = try ImportTestSupport.scratchFolder() + "/out"
        let report = try ImportRun.run(
            format: .taffyXML, inputs: try ImportInput.collect([folder + "/flex"], format: .taffyXML),
            outputFolder: out, browser: nil)
        #expect(report.written == ["b_case", "flex_grow_child"])
        #expect(
            report.lines == [
                "taffy-xml: 3 files, 3 cases",
                "refused 1: text without a test font (text in <div>)",
                "2 imported, 1 refused",
            ])
        #expect(report.refused.map(\.label) == ["text_case.xml"])
        let written = try ImportTestSupport.contents(of: out)
        #expect(written.keys.sorted() == ["b_case.json", "flex_grow_child.json"])
        let decoded = try JSONDecoder().decode(FlexCase.self, from: try #require(written["flex_grow_child.json"]))
        #expect(decoded.name == "flex_grow_child")
        #expect(
            decoded.source
                == FlexCaseSource(
                    engines: ["taffy"],
                    origin: .imported(FlexImport(format: "taffy-xml", file: "nested/a_case.xml"))))
        #expect(decoded.expect?.frames.count == 3)
        let text = String(decoding: try #require(written["b_case.json"]), as: UTF8.self)
        #expect(text.hasPrefix("{\n  \"expect\": {\n    \"frames\": [\n      {\"height\": 0, \"path\": [], "))
    }

    @Test func importingTwiceGivesByteIdenticalFiles() throws {
        let folder = try ImportTestSupport.folder(with: Self.taffyFiles)
        var outputs: [[String: Data]] = []
        for _ in 0..<2 {
            let out = try ImportTestSupport.scratchFolder()
            _ = try ImportRun.run(
                format: .taffyXML, inputs: try ImportInput.collect([folder], format: .taffyXML), outputFolder: out,
                browser: nil)
            outputs.append(try ImportTestSupport.contents(of: out))
        }
        #expect(outputs[0] == outputs[1])
        #expect(outputs[0].count == 2)
    }

    @Test func browserSuitesAreAnsweredByTheBrowserAndNamedAfterIt() throws {
        let folder = try ImportTestSupport.folder(with: ["YGFlexTest.html": HTMLFixtureTests.yoga])
        let out = try ImportTestSupport.scratchFolder()
        let browser = FakeBrowser()
        let report = try ImportRun.run(
            format: .yogaHTML, inputs: try ImportInput.collect([folder], format: .yogaHTML), outputFolder: out,
            browser: browser)
        #expect(browser.laidOut == ["first_case", "experiment_case"])
        #expect(
            report.lines == [
                "yoga-html: 1 files, 5 cases",
                "answered by FakeBrowser 1.0",
                "refused 1: disabled (data-disabled=\"true\")",
                "refused 1: grid (display: grid)",
                "refused 1: text without a test font (text in <div>)",
                "2 imported, 3 refused",
            ])
        let first = try JSONDecoder().decode(
            FlexCase.self, from: try Data(contentsOf: URL(fileURLWithPath: out + "/first_case.json")))
        // FakeBrowser's frames: (depth, last index, 10, 20) for every displayed element.
        #expect(
            first.expect?.frames.map(\.frame) == [
                Rect(x: 0, y: 0, width: 10, height: 20), Rect(x: 1, y: 0, width: 10, height: 20),
                Rect(x: 1, y: 1, width: 10, height: 20),
            ])
        #expect(
            first.source
                == FlexCaseSource(
                    engines: ["FakeBrowser 1.0"],
                    origin: .imported(FlexImport(format: "yoga-html", file: "YGFlexTest.html", case: "first_case"))))
        #expect(first.tolerance == .exact)
    }

    @Test(arguments: [(33.328125, LayoutUnits.tolerance), (33, Tolerance.exact)] as [(Double, Tolerance)])
    func aFractionalAnswerIsRightWithinALayoutUnit(_ width: Double, _ tolerance: Tolerance) throws {
        let folder = try ImportTestSupport.folder(with: ["a.html": #"<div id="a" style="width: 100px"></div>"#])
        let out = try ImportTestSupport.scratchFolder()
        let browser = FakeBrowser()
        browser.frames = { flexCase in
            flexCase.framesInPreOrder { _, _ in Rect(x: 0, y: 0, width: width, height: 0) }
        }
        _ = try ImportRun.run(
            format: .yogaHTML, inputs: try ImportInput.collect([folder], format: .yogaHTML), outputFolder: out,
            browser: browser)
        let written = try JSONDecoder().decode(
            FlexCase.self, from: try Data(contentsOf: URL(fileURLWithPath: out + "/a.json")))
        #expect(written.tolerance == tolerance)
        #expect(LayoutUnits.tolerance.geometry == 1.0 / 64)
    }

    @Test func aCaseThatWouldNotReadBackIsRefused() throws {
        let folder = try ImportTestSupport.folder(with: ["a.html": #"<div id="a"></div>"#])
        let out = try ImportTestSupport.scratchFolder()
        let browser = FakeBrowser()
        browser.frames = { flexCase in flexCase.framesInPreOrder { _, _ in Rect(x: 0, y: 0, width: -1, height: 0) } }
        let report = try ImportRun.run(
            format: .yogaHTML, inputs: try ImportInput.collect([folder], format: .yogaHTML), outputFolder: out,
            browser: browser)
        #expect(report.written.isEmpty)
        #expect(report.refused.map(\.refusal.reason) == [.invalid])
        #expect(try ImportTestSupport.contents(of: out).isEmpty)
    }

    @Test func aBrowserSuiteWithoutABrowserIsAnError() throws {
        #expect(throws: ImportError(file: "--engine", message: "yoga-html needs a browser")) {
            try ImportRun.run(format: .yogaHTML, inputs: [], outputFolder: "/tmp", browser: nil)
        }
    }

    @Test func anUnreadableFileStopsTheRunNamingIt() throws {
        let folder = try ImportTestSupport.folder(with: ["bad.xml": "<test>"])
        #expect(
            throws: ImportError(
                file: folder + "/bad.xml", message: "not well-formed XML: line 1: <test> is never closed")
        ) {
            try ImportRun.run(
                format: .taffyXML, inputs: try ImportInput.collect([folder], format: .taffyXML),
                outputFolder: folder + "/out", browser: nil)
        }
    }

    @Test func namesStayUniqueWithinARun() {
        var used: Set<String> = []
        let names = ["a", "a", "b", "a"].map { name in
            let unique = ImportRun.unique(name, among: used)
            used.insert(unique)
            return unique
        }
        #expect(names == ["a", "a-2", "b", "a-3"])
        #expect(CaseName.sanitized("a/b c#d.json") == "a-b-c-d.json")
        #expect(CaseName.sanitized("..hidden") == "-.hidden")
    }

    @Test func refusalsOfOneReasonListTheirMostFrequentDetails() {
        var report = ImportRun.Report(format: .taffyXML)
        report.files = 5
        for detail in ["b", "a", "b", "c", "d"] {
            report.refused.append(.init(label: "x", refusal: ImportRefusal(.unknownValue, detail)))
        }
        #expect(
            report.lines == [
                "taffy-xml: 5 files, 5 cases",
                "refused 5: value outside the vocabulary (b ×2, a ×1, c ×1, …)",
                "0 imported, 5 refused",
            ])
    }
}
