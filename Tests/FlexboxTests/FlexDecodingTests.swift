import BoxLayout
import Flexbox
import Foundation
import LayoutCore
import Testing

/// Strict decoding of flex case files: every refusal names the JSON path and says what was wrong.
struct FlexDecodingTests {
    struct Failure: Sendable, CustomTestStringConvertible {
        var root: String
        var extra: String = ""
        var path: String
        var message: String
        var testDescription: String { "\(path): \(message)" }
    }

    /// Decodes a flex case around `root` (plus extra top-level keys) and returns the error's JSON path and message.
    static func failure(root: String, extra: String = "") -> (path: String, message: String)? {
        let json = #"{"kind":"flex","name":"bad","root":"# + root + extra + "}"
        do {
            _ = try JSONDecoder().decode(FlexCase.self, from: Data(json.utf8))
            return nil
        } catch let DecodingError.dataCorrupted(context) {
            return (jsonPath(context.codingPath), context.debugDescription)
        } catch let DecodingError.typeMismatch(_, context) {
            return (jsonPath(context.codingPath), "type mismatch")
        } catch let DecodingError.keyNotFound(key, context) {
            return (jsonPath(context.codingPath + [key]), "missing")
        } catch {
            return ("?", "\(error)")
        }
    }

    static let styleFailures: [Failure] = [
        Failure(
            root: #"{"children":[{"style":{"flex":"1"}}]}"#, path: "$.root.children[0].style.flex",
            message: "unknown CSS property 'flex' (a shorthand: use the longhands flex-grow, flex-shrink, flex-basis)"),
        Failure(
            root: #"{"style":{"margin":"0"}}"#, path: "$.root.style.margin",
            message:
                "unknown CSS property 'margin' (a shorthand: use the longhands margin-top, margin-right, margin-bottom, margin-left)"
        ),
        Failure(
            root: #"{"style":{"gap":"4px"}}"#, path: "$.root.style.gap",
            message: "unknown CSS property 'gap' (a shorthand: use the longhands row-gap, column-gap)"),
        Failure(
            root: #"{"style":{"border-width":"1px"}}"#, path: "$.root.style.border-width",
            message:
                "unknown CSS property 'border-width' (a shorthand: use the longhands border-top-width, border-right-width, border-bottom-width, border-left-width)"
        ),
        Failure(
            root: #"{"style":{"padding":"1px"}}"#, path: "$.root.style.padding",
            message:
                "unknown CSS property 'padding' (a shorthand: use the longhands padding-top, padding-right, padding-bottom, padding-left)"
        ),
        Failure(
            root: #"{"style":{"inset":"0"}}"#, path: "$.root.style.inset",
            message: "unknown CSS property 'inset' (a shorthand: use the longhands top, right, bottom, left)"),
        Failure(
            root: #"{"style":{"overflow":"hidden"}}"#, path: "$.root.style.overflow",
            message: "unknown CSS property 'overflow' (a shorthand: use the longhands overflow-x, overflow-y)"),
        Failure(
            root: #"{"style":{"flex-grwo":"1"}}"#, path: "$.root.style.flex-grwo",
            message: "unknown CSS property 'flex-grwo' (did you mean 'flex-grow'?)"),
        Failure(
            root: #"{"style":{"Width":"1px"}}"#, path: "$.root.style.Width",
            message: "unknown CSS property 'Width' (did you mean 'width'?)"),
        Failure(
            root: #"{"style":{"colour":"red"}}"#, path: "$.root.style.colour", message: "unknown CSS property 'colour'"),
        Failure(
            root: #"{"style":{"width":10}}"#, path: "$.root.style.width",
            message: "expected CSS text in a JSON string, got the number 10"),
        Failure(
            root: #"{"style":{"width":null}}"#, path: "$.root.style.width",
            message: "expected CSS text in a JSON string, got null"),
        Failure(
            root: #"{"style":{"width":true}}"#, path: "$.root.style.width",
            message: "expected CSS text in a JSON string, got true"),
        Failure(
            root: #"{"style":{"width":["10px"]}}"#, path: "$.root.style.width",
            message: "expected CSS text in a JSON string, got an object or an array"),
        Failure(
            root: #"{"children":[{},{"style":{"flex-grow":"-1"}}]}"#, path: "$.root.children[1].style.flex-grow",
            message: #"expected a number ≥ 0, got "-1""#),
        Failure(
            root: #"{"style":{"padding-left":"-4px"}}"#, path: "$.root.style.padding-left",
            message: #"expected a length ≥ 0 (px) or a percentage ≥ 0, got "-4px""#),
        Failure(
            root: #"{"style":{"width":"red;background:url(x)"}}"#, path: "$.root.style.width",
            message:
                #"expected a length ≥ 0 (px), a percentage ≥ 0, auto, min-content, max-content, or fit-content, got "red;background:url(x)""#
        ),
        Failure(
            root: #"{"style":{"height":"10px}</style><script>"}}"#, path: "$.root.style.height",
            message:
                #"expected a length ≥ 0 (px), a percentage ≥ 0, auto, min-content, max-content, or fit-content, got "10px}</style><script>""#
        ),
        Failure(
            root: #"{"style":{"width":"\""}}"#, path: "$.root.style.width",
            message:
                #"expected a length ≥ 0 (px), a percentage ≥ 0, auto, min-content, max-content, or fit-content, got "\"""#
        ),
    ]

    static let structureFailures: [Failure] = [
        Failure(
            root: #"{"content":{"width":1,"height":2},"children":[{}]}"#, path: "$.root.content",
            message: "'content' is only for an element without children (it has 1)"),
        Failure(
            root: #"{"content":{"width":-1,"height":2}}"#, path: "$.root.content.width",
            message: "width must be >= 0, got -1.0"),
        Failure(
            root: #"{"type":"hbox"}"#, path: "$.root.type",
            message: "unknown key 'type' (allowed: style, id, content, children)"),
        Failure(root: #"{"style":"width:10px"}"#, path: "$.root.style", message: "type mismatch"),
        Failure(
            root: "{}", extra: #","viewport":{"width":-1}"#, path: "$.viewport.width",
            message: "expected a number ≥ 0 or null, got -1"),
        Failure(
            root: "{}", extra: #","viewport":{"depth":1}"#, path: "$.viewport.depth",
            message: "unknown key 'depth' (allowed: width, height)"),
        Failure(
            root: "{}", extra: #","proposal":{}"#, path: "$.proposal",
            message:
                "unknown key 'proposal' in a flex case (allowed: answers, description, expect, finding, kind, name, root, source, tolerance, viewport)"
        ),
        Failure(
            root: "{}", extra: #","source":{"engines":[],"generator":"g"}"#, path: "$.source.engines",
            message: "engines must list at least one engine"),
        Failure(
            root: "{}", extra: #","source":{"engines":["a",""],"generator":"g"}"#, path: "$.source.engines[1]",
            message: "an engine must not be empty"),
        Failure(
            root: "{}", extra: #","source":{"engines":["a"]}"#, path: "$.source",
            message: "a source needs 'generator' or 'import'"),
        Failure(
            root: "{}", extra: #","source":{"engines":["a"],"generator":"g","import":{"format":"f","file":"x"}}"#,
            path: "$.source.import", message: "a source has either 'generator' or 'import', not both"),
        Failure(
            root: "{}", extra: #","source":{"engines":["a"],"seed":7,"import":{"format":"f","file":"x"}}"#,
            path: "$.source.seed", message: "'seed' belongs to a 'generator', not an 'import'"),
        Failure(
            root: "{}", extra: #","source":{"engines":["a"],"import":{"format":"","file":"x"}}"#,
            path: "$.source.import.format", message: "format must not be empty"),
        Failure(
            root: "{}", extra: #","source":{"engines":["a"],"generator":"g","seed":1.5}"#,
            path: "$.source.seed", message: "seed must be a whole number or a string"),
        Failure(
            root: "{}", extra: #","expect":{"frames":[{"path":[-1],"x":0,"y":0,"width":0,"height":0}]}"#,
            path: "$.expect.frames[0].path", message: "path indices are >= 0, got -1"),
    ]

    @Test("a bad style is refused at its property with a clear message", arguments: styleFailures)
    func refusesBadStyles(_ expected: Failure) throws {
        let failure = try #require(Self.failure(root: expected.root, extra: expected.extra))
        #expect(failure.path == expected.path)
        #expect(failure.message == expected.message)
    }

    @Test("a bad element, viewport or source is refused with its JSON path", arguments: structureFailures)
    func refusesBadStructure(_ expected: Failure) throws {
        let failure = try #require(Self.failure(root: expected.root, extra: expected.extra))
        #expect(failure.path == expected.path)
        #expect(failure.message == expected.message)
    }

    @Test func wrongKind() throws {
        let json = #"{"kind":"box","name":"x","root":{}}"#
        #expect {
            try JSONDecoder().decode(FlexCase.self, from: Data(json.utf8))
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.debugDescription == "expected kind 'flex', got 'box'"
        }
    }

    @Test("negative margins and insets are accepted, and values arrive canonical")
    func acceptsNegativeMargins() throws {
        let json =
            #"{"kind":"flex","name":"m","root":{"style":{"margin-left":"-4PX","top":"-10%","flex-grow":"2.50"}}}"#
        let flexCase = try JSONDecoder().decode(FlexCase.self, from: Data(json.utf8))
        #expect(flexCase.root.style[.marginLeft] == .px(-4))
        #expect(flexCase.root.style[.top] == .percent(-10))
        #expect(flexCase.root.style[.flexGrow] == .number(2.5))
        #expect(flexCase.viewport == FlexViewport(width: nil, height: nil))
    }

    @Test("nesting up to the limit decodes; one level more is refused at its path")
    func depthLimit() throws {
        // Foundation's parser refuses JSON nested a few hundred levels deep on its own, so the limit is lowered
        // through userInfo to exercise our check: 100 levels decode, 101 are refused at the 101st.
        func decode(depth: Int) throws -> FlexElement {
            let open = String(repeating: #"{"children":["#, count: depth)
            let json = open + "{}" + String(repeating: "]}", count: depth)
            let decoder = JSONDecoder()
            decoder.userInfo[FlexElement.depthLimitKey] = 100
            return try decoder.decode(FlexElement.self, from: Data(json.utf8))
        }
        #expect(try decode(depth: 100).depth == 100)
        #expect {
            _ = try decode(depth: 101)
        } throws: { error in
            guard case DecodingError.dataCorrupted(let context) = error else { return false }
            return context.debugDescription == "nesting is deeper than 100 levels"
                && jsonPath(context.codingPath).hasPrefix("$.children[0].children[0]")
                && context.codingPath.count == 2 * 101
        }
        #expect(FlexElement.maximumDepth == BoxNode.maximumDepth)
    }

    @Test("10 000 levels of nesting are refused, not a stack overflow")
    func refusesHostileNesting() {
        let depth = 10_000
        let json =
            #"{"kind":"flex","name":"deep","root":"# + String(repeating: #"{"children":["#, count: depth) + "{}"
            + String(repeating: "]}", count: depth) + "}"
        #expect(throws: (any Error).self) { try JSONDecoder().decode(FlexCase.self, from: Data(json.utf8)) }
    }
}
