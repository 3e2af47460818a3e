import BoxLayout
import Flexbox
import Foundation
import LayoutCore
import Testing

/// Encoding: the canonical case file, the round trip, and the wire form adapters receive.
struct FlexEncodingTests {
    /// The doc's example, spelled loosely: upper case units, spaces, `normal`, a string seed.
    static let docExample = #"""
        {"kind":"flex","name":"align-content-space-between","description":"d",
         "viewport":{"width":200,"height":null},
         "root":{"style":{"width":" 100PX","height":"120px","flex-wrap":"wrap","align-content":"space-between",
                          "justify-content":"normal","row-gap":"normal"},
                 "id":"root",
                 "children":[{"style":{"width":"60px","height":"20px","margin-left":"-0.50px"}},
                             {"content":{"width":40,"height":20}}]},
         "expect":{"frames":[{"path":[],"x":0,"y":0,"width":100,"height":120}]},
         "tolerance":{"geometry":0.5,"reason":"rounded to whole pixels"},
         "source":{"engines":["Chromium 142.0.7444.175"],"generator":"gentest","seed":"7","profile":"wrap"}}
        """#

    static let cases: [String] = [
        docExample,
        #"{"kind":"flex","name":"bare","root":{}}"#,
        #"{"kind":"flex","name":"import","viewport":{"height":50},"root":{"style":{"aspect-ratio":"16 / 9","order":"-2"}},"#
            + #""source":{"engines":["Taffy 0.9","Yoga 3.2"],"import":{"format":"taffy-xml","file":"flex/foo.xml","case":"c"}}}"#,
        #"{"kind":"flex","name":"seedless","root":{"children":[{"children":[{"id":"deep"}]}]},"#
            + #""source":{"engines":["x"],"generator":"hand","seed":"007"}}"#,
    ]

    static func encode(_ value: some Encodable) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    static func decode(_ json: String) throws -> FlexCase {
        try JSONDecoder().decode(FlexCase.self, from: Data(json.utf8))
    }

    @Test("decode → encode → decode is the identity, and encoding is stable", arguments: cases)
    func roundTrip(_ json: String) throws {
        let first = try Self.decode(json)
        let text = try Self.encode(first)
        let second = try Self.decode(text)
        #expect(second == first)
        #expect(try Self.encode(second) == text)
    }

    @Test func canonicalCaseFile() throws {
        let text = try Self.encode(try Self.decode(Self.docExample))
        #expect(
            text == #"{"description":"d","expect":{"frames":[{"height":120,"path":[],"width":100,"x":0,"y":0}]},"#
                + #""kind":"flex","name":"align-content-space-between","root":{"children":[{"style":{"height":"20px","#
                + #""margin-left":"-0.5px","width":"60px"}},{"content":{"height":20,"width":40}}],"id":"root","#
                + #""style":{"align-content":"space-between","flex-wrap":"wrap","height":"120px","#
                + #""justify-content":"flex-start","row-gap":"0px","width":"100px"}},"#
                + #""source":{"engines":["Chromium 142.0.7444.175"],"generator":"gentest","profile":"wrap","seed":7},"#
                + #""tolerance":{"geometry":0.5,"pixels":0,"reason":"rounded to whole pixels","threshold":0.1},"#
                + #""viewport":{"height":null,"width":200}}"#)
    }

    @Test func sourceOrigins() throws {
        #expect(try Self.decode(Self.docExample).source?.origin == .generator("gentest", seed: "7", profile: "wrap"))
        #expect(
            try Self.decode(Self.cases[2]).source?.origin
                == .imported(FlexImport(format: "taffy-xml", file: "flex/foo.xml", case: "c")))
        #expect(
            try Self.encode(try Self.decode(Self.cases[3]).source)
                == #"{"engines":["x"],"generator":"hand","seed":"007"}"#)
    }

    @Test("adapters receive kind, viewport and root, each style as text and typed, and nothing else")
    func wireForm() throws {
        let json =
            #"{"kind":"flex","name":"w","viewport":{"width":300},"tolerance":{"geometry":1,"reason":"r"},"#
            + #""expect":{"frames":[]},"source":{"engines":["e"],"generator":"g"},"#
            + #""root":{"style":{"width":"100PX","flex-grow":"1","margin-left":"auto","aspect-ratio":"4/2"},"#
            + #""children":[{"id":"a","content":{"width":4,"height":5}},{"style":{"flex-basis":"50%"}}]}}"#
        let wire = try Self.encode(try Self.decode(json).adapterCase)
        #expect(
            wire
                == #"{"kind":"flex","root":{"children":[{"content":{"height":5,"width":4},"id":"a","style":{},"values":{}},"#
                + #"{"style":{"flex-basis":"50%"},"values":{"flex-basis":{"percent":50}}}],"#
                + #""style":{"aspect-ratio":"2","flex-grow":"1","margin-left":"auto","width":"100px"},"#
                + #""values":{"aspect-ratio":2,"flex-grow":1,"margin-left":"auto","width":{"px":100}}},"#
                + #""viewport":{"height":null,"width":300}}"#)
    }
}

/// Geometry: layout is the flex engine's (Tests/FlexLayoutTests); comparison and drawing are the box case's.
struct FlexGeometryTests {
    static let measurer = FixedAdvanceTextMeasurer()

    @Test func layoutAnswersACaseNoBoxTranslatesTo() throws {
        // A bare element is position: static, which no box case translates to; the flex engine lays it out.
        let flexCase = FlexCase(name: "x", viewport: FlexViewport(width: 50), root: FlexElement())
        #expect(flexCase.referenceRefusal == nil)
        #expect(try flexCase.layout(measurer: Self.measurer).frames == [BoxFrame(path: [], frame: .zero)])
    }

    @Test func theReferenceRefusesAGridItemOutsideTheOneCell() throws {
        var item = FlexElement()
        try item.style.set(.gridRowStart, to: .number(2))
        try item.style.set(.gridColumnStart, to: .number(1))
        var grid = FlexElement(children: [item])
        try grid.style.set(.display, to: .keyword("grid"))
        let flexCase = FlexCase(name: "g", root: grid)
        let message = "the reference lays out a one-cell grid: every item at line 1, got 2"
        #expect(flexCase.referenceRefusal == "$.root.children[0].style.grid-row-start: " + message)
        #expect(throws: CaseError(path: "$.root.children[0].style.grid-row-start", message: message)) {
            try flexCase.layout(measurer: Self.measurer)
        }
    }

    @Test("mismatches are the box case's, field by field")
    func mismatches() {
        var flexCase = FlexCase(name: "m", root: FlexElement(children: [FlexElement(id: "a")]))
        flexCase.expect = BoxFrames(frames: [
            BoxFrame(path: [], frame: Rect(x: 0, y: 0, width: 100, height: 20)),
            BoxFrame(path: [0], id: "a", frame: Rect(x: 0, y: 0, width: 60, height: 20)),
        ])
        flexCase.tolerance = Tolerance(geometry: 0.5, reason: "rounding")
        let actual = BoxFrames(frames: [
            BoxFrame(path: [], frame: Rect(x: 0, y: 0, width: 100.4, height: 20)),
            BoxFrame(path: [0], id: "a", frame: Rect(x: 0, y: 0, width: 50, height: 20)),
            BoxFrame(path: [1], frame: Rect(x: 50, y: 0, width: 10, height: 20)),
        ])
        #expect(
            flexCase.mismatches(in: actual).map(\.description) == [
                #"node [0] "a": width expected 60, got 50"#,
                "node [1]: frame expected no such node, got 50, 0, 10, 20",
            ])
        flexCase.expect = nil
        #expect(flexCase.mismatches(in: actual).isEmpty)
    }

    @Test("the scene draws each frame; the canvas holds the root, its offset and its px margins")
    func scene() throws {
        var style = FlexStyle()
        try style.set(.marginRight, to: .px(7))
        try style.set(.marginBottom, to: .percent(10))
        let flexCase = FlexCase(name: "s", root: FlexElement(style: style, children: [FlexElement(id: "a")]))
        let frames = BoxFrames(frames: [
            BoxFrame(path: [], frame: Rect(x: 10, y: 5, width: 100, height: 50)),
            BoxFrame(path: [0], id: "a", frame: Rect(x: 0, y: 0, width: 40, height: 20)),
        ])
        let scene = flexCase.scene(for: frames, measurer: Self.measurer)
        #expect(scene.size == Size(width: 10 + 100 + 7, height: 5 + 50))
        #expect(scene.items.map(\.shape).prefix(1) == [.rect(Rect(x: 10, y: 5, width: 100, height: 50))])
        #expect(scene.items.contains { $0.shape == .rect(Rect(x: 10, y: 5, width: 40, height: 20)) })
    }
}
