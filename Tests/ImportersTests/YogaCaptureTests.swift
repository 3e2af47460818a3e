import Flexbox
import Foundation
import LayoutCore
import TestSupport
import Testing

@testable import Importers

/// `yoga-capture`: a small capture written for these tests (not one of Yoga's), its styles, measure tables,
/// settings, errors and the written file.
@Suite struct YogaCaptureTests {
    /// An rtl layout: a 400 px row root whose padding mixes `all` with a percentage `start`, holding a measured leaf
    /// with every kind of logical edge and `flex: 1`, and a leaf whose measure function was never called.
    static let capture = #"""
        {"layout-inputs": {"available-width": 400.0, "available-height": 300.0, "owner-direction": "rtl"},
         "tree": {
           "config": {"errata": "all", "point-scale-factor": 3.0},
           "style": {"flex-direction": "row", "width": {"unit": "px", "value": 400.0},
                     "padding-all": {"unit": "px", "value": 4.0}, "padding-start": {"unit": "pct", "value": 5.0}},
           "children": [
             {"config": {"errata": "all"},
              "style": {"margin-start": {"unit": "px", "value": 10.0}, "margin-horizontal": {"unit": "px", "value": 3.0},
                        "margin-vertical": "undefined", "margin-all": {"unit": "px", "value": 1.0},
                        "position-type": "absolute", "position-end": {"unit": "px", "value": 6.0},
                        "position-left": {"unit": "px", "value": 99.0}, "border-all": {"unit": "px", "value": -2.0},
                        "flex": 1.0, "width": {"unit": "pct", "value": 50.0}, "overflow": "scroll",
                        "flex-wrap": "no-wrap", "min-height": {"unit": "px", "value": 20.0},
                        "max-height": {"unit": "px", "value": 20.0}},
              "node": {"measure-funcs": [
                {"width": null, "width-mode": "undefined", "height": null, "height-mode": "undefined",
                 "output-width": 120.0, "output-height": 14.0, "duration-ns": 5000},
                {"width": 100.0, "width-mode": "at-most", "height": null, "height-mode": "undefined",
                 "output-width": 90.0, "output-height": 28.0, "duration-ns": 4000},
                {"width": 100.0, "width-mode": "at-most", "height": null, "height-mode": "undefined",
                 "output-width": 95.0, "output-height": 28.0, "duration-ns": 4000}]}},
             {"config": {"errata": "all"}, "style": null, "node": {"measure-funcs": null}}]}}
        """#

    /// Every element's base: Yoga's defaults (its gentest stylesheet) and no automatic minimum size.
    static let base = [
        "align-content": "flex-start", "box-sizing": "border-box", "display": "flex", "flex-direction": "column",
        "flex-shrink": "0", "position": "relative", "min-width": "0px", "min-height": "0px",
    ]

    static func flexCase(_ text: String = capture) throws -> FlexCase {
        let candidates = try YogaCapture.candidates(
            in: text, input: ImportInput(path: "/x/app.json", relativePath: "app.json"))
        return try #require(candidates.first?.flexCase)
    }

    @Test func theRootFillsNothingItHasAWidthAndStretchesItsHeightRightToLeft() throws {
        let flexCase = try Self.flexCase()
        #expect(flexCase.viewport == FlexViewport(width: 400, height: 300))
        // Under rtl, left is `end` (not given), then `left`, `horizontal`, `all`: 4px; right is `start`: 5%.
        #expect(
            ImportTestSupport.css(flexCase.root.style)
                == Self.base.merging(
                    [
                        "flex-direction": "row", "width": "400px", "padding-left": "4px", "padding-right": "5%",
                        "padding-top": "4px", "padding-bottom": "4px", "flex-grow": "0", "flex-shrink": "0",
                        "align-self": "stretch", "direction": "rtl",
                    ], uniquingKeysWith: { $1 }))
    }

    @Test func logicalEdgesResolveByTheOwnerDirectionWithYogasPrecedence() throws {
        let leaf = try Self.flexCase().root.children[0]
        #expect(
            ImportTestSupport.css(leaf.style)
                == Self.base.merging(
                    [
                        // rtl: left is `end` (absent), then `horizontal` 3; right is `start` 10; top and bottom skip
                        // the undefined `vertical` for `all` 1.
                        "margin-left": "3px", "margin-right": "10px", "margin-top": "1px", "margin-bottom": "1px",
                        // rtl: left is `end` 6, which wins over `left` 99; right has nothing.
                        "position": "absolute", "left": "6px",
                        // A negative border is 0 in Yoga.
                        "border-left-width": "0px", "border-right-width": "0px", "border-top-width": "0px",
                        "border-bottom-width": "0px",
                        // `flex: 1` is grow 1 and a basis of 0; the shrink factor stays Yoga's 0.
                        "flex-grow": "1", "flex-basis": "0px",
                        // Equal minimum and maximum height make the height (Yoga's processDimensions).
                        "width": "50%", "height": "20px", "min-height": "20px", "max-height": "20px",
                        "overflow-x": "scroll", "overflow-y": "scroll", "flex-wrap": "nowrap",
                    ], uniquingKeysWith: { $1 }))
    }

    @Test func measuredLeavesReplayTheirRecordsAndTheRestAreEmpty() throws {
        let children = try Self.flexCase().root.children
        // The third record repeats the second's inputs and is dropped (the first answers, as in Yoga's replay).
        let table = try #require(children[0].measureTable)
        #expect(
            table.records == [
                MeasureRecord(width: .undefined, height: .undefined, output: Size(width: 120, height: 14)),
                MeasureRecord(width: .atMost(100), height: .undefined, output: Size(width: 90, height: 28)),
            ])
        // The content is what the table answers when nothing constrains the leaf.
        #expect(children[0].content == Size(width: 120, height: 14))
        // Replay: a recorded request matches; another takes the nearest (same modes, |80 − 100| = 20).
        #expect(table.answer(width: .atMost(100), height: .undefined) == Size(width: 90, height: 28))
        #expect(table.answer(width: .atMost(80), height: .undefined) == Size(width: 90, height: 28))
        // A measure function that was never called leaves an empty leaf.
        #expect(children[1].content == nil && children[1].measureTable == nil)
        #expect(ImportTestSupport.css(children[1].style) == Self.base)
    }

    @Test func settingsCSSCannotStateAreRecorded() throws {
        let candidate = try #require(
            try YogaCapture.candidates(
                in: Self.capture, input: ImportInput(path: "/x/app.json", relativePath: "app.json")
            )
            .first)
        #expect(
            candidate.origin
                == FlexImport(
                    format: "yoga-capture", file: "app.json",
                    settings: ["errata: all", "point-scale-factor: 3 (1 node), 1 (2 nodes)"]))
        #expect(
            candidate.flexCase?.description
                == "A layout Yoga captured from an app: 3 nodes, 1 measured leaf replaying 2 recorded measurements "
                + "(content.measure). A benchmark workload without expect; source.import.settings lists Yoga's "
                + "configuration, which no engine is given. Its 1 scroll container (overflow: scroll) are laid out as "
                + "CSS lays them out, not as Yoga measures their children.")
    }

    @Test func webDefaultsStartFromABrowsersDefaults() throws {
        let text = #"""
            {"layout-inputs": {"available-width": null, "available-height": null, "owner-direction": "ltr"},
             "tree": {"children": [{"config": {"use-web-defaults": true}, "style": {"flex": 2.0}},
                                   {"style": {"flex": -1.5, "margin-start": "auto", "position-start": {"unit": "pct", "value": 10.0}}}]}}
            """#
        let flexCase = try Self.flexCase(text)
        #expect(flexCase.viewport == FlexViewport(width: nil, height: nil))
        // With web defaults: row, align-content stretch, flex-shrink 1; `flex: 2` keeps an auto basis.
        #expect(
            ImportTestSupport.css(flexCase.root.children[0].style)
                == Self.base.merging(
                    ["flex-direction": "row", "align-content": "stretch", "flex-shrink": "1", "flex-grow": "2"],
                    uniquingKeysWith: { $1 }))
        // Without: a negative `flex` is the shrink factor; ltr start is left.
        #expect(
            ImportTestSupport.css(flexCase.root.children[1].style)
                == Self.base.merging(
                    ["flex-shrink": "1.5", "margin-left": "auto", "left": "10%"], uniquingKeysWith: { $1 }))
        // An auto-sized root fills the (max-content) viewport: flex factors 1, and its height stretches.
        #expect(flexCase.root.style[.flexGrow] == .number(1))
        #expect(flexCase.root.style[.alignSelf] == .keyword("stretch"))
        let settings = try YogaCapture.read(text, file: "x").settings
        #expect(settings == ["use-web-defaults: false (2 nodes), true (1 node)"])
    }

    @Test func whatTheVocabularyCannotStateIsRefusedAtItsNode() throws {
        let text = #"""
            {"layout-inputs": {"available-width": 10, "available-height": 10, "owner-direction": "ltr"},
             "tree": {"children": [{}, {"style": {"align-items": "space-between"}}]}}
            """#
        let candidate = try #require(
            try YogaCapture.candidates(in: text, input: ImportInput(path: "/x/a.json", relativePath: "a.json")).first)
        #expect(
            candidate.refusal
                == ImportRefusal(.unknownValue, "$.tree.children[1].style: align-items: space-between"))
    }

    struct BadCapture: Sendable, CustomTestStringConvertible {
        var tree: String
        var inputs = #"{"available-width": 10, "available-height": 10, "owner-direction": "ltr"}"#
        var message: String
        var testDescription: String { message }
    }

    static let badCaptures: [BadCapture] = [
        BadCapture(
            tree: #"{"style": {"margin-middle": {"unit": "px", "value": 1}}}"#,
            message: "$.tree.style.margin-middle: not a style of Yoga's capture format"),
        BadCapture(
            tree: #"{"style": {"width": {"unit": "em", "value": 1}}}"#,
            message: "$.tree.style.width.unit: expected one of px, pct, got 'em'"),
        BadCapture(
            tree: #"{"style": {"padding-top": "auto"}}"#,
            message: "$.tree.style.padding-top: expected px, pct, undefined, got auto"),
        BadCapture(
            tree: #"{"style": {"flex-wrap": "nowrap"}}"#,
            message: "$.tree.style.flex-wrap: expected one of no-wrap, wrap, wrap-reverse, got 'nowrap'"),
        BadCapture(
            tree:
                #"{"node": {"measure-funcs": [{"width": null, "width-mode": "at-most", "height": null, "#
                + #""height-mode": "undefined", "output-width": 1, "output-height": 1, "duration-ns": 1}]}}"#,
            message: "$.tree.node.measure-funcs[0].width: expected a number ≥ 0 where width-mode is at-most"),
        BadCapture(
            tree: #"{"node": {"measure-funcs": []}, "children": [{}]}"#,
            message: "$.tree.node.measure-funcs: a node with children has no measure function (it has 1)"),
        BadCapture(
            tree: #"{"config": {"errata": "most"}}"#,
            message:
                "$.tree.config.errata: expected one of none, stretch-flex-basis, "
                + "absolute-position-without-insets-excludes-padding, absolute-percent-against-inner-size, all, "
                + "classic, got 'most'"),
        BadCapture(
            tree: #"{"children": [{"layout": {}}]}"#,
            message: "$.tree.children[0].layout: unknown key 'layout' (allowed: style, config, node, children)"),
        BadCapture(
            tree: "{}", inputs: #"{"available-width": -1, "available-height": 10, "owner-direction": "ltr"}"#,
            message: "$.layout-inputs.available-width: expected a number ≥ 0 or null, got -1"),
        BadCapture(
            tree: "{}", inputs: #"{"available-width": 1, "available-height": 10, "owner-direction": "up"}"#,
            message: "$.layout-inputs.owner-direction: expected one of ltr, rtl, inherit, got 'up'"),
    ]

    @Test("bad input is an error naming the file and the JSON path", arguments: badCaptures)
    func badInputIsAnError(_ bad: BadCapture) {
        let text = #"{"layout-inputs": "# + bad.inputs + #", "tree": "# + bad.tree + "}"
        #expect(throws: ImportError(file: "/x/bad.json", message: bad.message)) {
            try YogaCapture.read(text, file: "/x/bad.json")
        }
    }

    @Test func aFileThatIsNotACaptureIsAnError() {
        #expect(
            throws: ImportError(file: "/x/bad.json", message: "$.tree: missing required key 'tree'")
        ) {
            try YogaCapture.read(
                #"{"layout-inputs": {"available-width": 1, "available-height": 1, "owner-direction": "ltr"}}"#,
                file: "/x/bad.json")
        }
        #expect(throws: ImportError.self) { try YogaCapture.read("[1, 2", file: "/x/bad.json") }
    }

    @Test func aRunWritesAWorkloadWithoutExpectTwiceTheSame() throws {
        let folder = try ImportTestSupport.folder(with: ["captures/app.json": Self.capture, "captures/notes.txt": "x"])
        var outputs: [[String: Data]] = []
        for _ in 0..<2 {
            let out = try ImportTestSupport.scratchFolder()
            let report = try ImportRun.run(
                format: .yogaCapture, inputs: try ImportInput.collect([folder + "/captures"], format: .yogaCapture),
                outputFolder: out, browser: nil)
            #expect(report.lines == ["yoga-capture: 1 files, 1 cases", "1 imported, 0 refused"])
            outputs.append(try ImportTestSupport.contents(of: out))
        }
        #expect(outputs[0] == outputs[1])
        let bytes = try #require(outputs[0]["app.json"])
        let written = try JSONDecoder().decode(FlexCase.self, from: bytes)
        #expect(written.expect == nil)
        #expect(written.source?.engines == [])
        #expect(written.source?.origin == .imported(try Self.flexCaseOrigin()))
        #expect(written.root.children[0].measureTable?.records.count == 2)
        // Nobody answered: `engines` is not written.
        #expect(
            String(decoding: bytes, as: UTF8.self).contains("\"source\": {\n    \"import\": {\"file\": \"app.json\""))
        #expect(try ImportRun.encoded(written) == bytes)
    }

    static func flexCaseOrigin() throws -> FlexImport {
        FlexImport(
            format: "yoga-capture", file: "app.json",
            settings: ["errata: all", "point-scale-factor: 3 (1 node), 1 (2 nodes)"])
    }

    /// Old cases are written as before: canonically written twice, a golden flex case gives the same bytes, and every
    /// `content` is still `{"height": h, "width": w}`.
    @Test func everyGoldenFlexCaseIsWrittenBackAsBefore() throws {
        let folder = TestSupport.repositoryRoot + "/golden/flex"
        let names = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }
            .sorted()
        #expect(!names.isEmpty)
        for name in names {
            let flexCase = try JSONDecoder().decode(
                FlexCase.self, from: try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
            let bytes = try ImportRun.encoded(flexCase)
            #expect(try ImportRun.encoded(try JSONDecoder().decode(FlexCase.self, from: bytes)) == bytes, "\(name)")
            var pending = [try JSONSerialization.jsonObject(with: bytes)]
            while let value = pending.popLast() {
                if let object = value as? [String: Any] {
                    if let content = object["content"] as? [String: Any] {
                        #expect(content.keys.sorted() == ["height", "width"], "\(name)")
                    }
                    pending += Array(object.values)
                } else if let array = value as? [Any] {
                    pending += array
                }
            }
        }
    }
}
