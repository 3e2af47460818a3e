import Foundation
import LayoutCore
import Testing

@testable import BoxLayout

/// Strict decoding: every refusal names the JSON path and says what was wrong.
struct BoxDecodingTests {
    struct Failure: Sendable, CustomTestStringConvertible {
        var root: String
        var path: String
        var message: String
        var testDescription: String { path }
    }

    /// Decodes a box case around `root` and returns the error's JSON path and message.
    static func failure(root: String, extra: String = "") -> (path: String, message: String)? {
        let json = #"{"kind":"box","name":"bad","root":"# + root + extra + "}"
        do {
            _ = try JSONDecoder().decode(BoxCase.self, from: Data(json.utf8))
            return nil
        } catch let DecodingError.dataCorrupted(context) {
            return (jsonPath(context.codingPath), context.debugDescription)
        } catch let DecodingError.typeMismatch(_, context) {
            return (jsonPath(context.codingPath), context.debugDescription)
        } catch let DecodingError.keyNotFound(key, context) {
            return (jsonPath(context.codingPath + [key]), "missing")
        } catch {
            return ("?", "\(error)")
        }
    }

    static let failures: [Failure] = [
        Failure(
            root: #"{"type":"grid"}"#, path: "$.root.type",
            message: "unknown node type 'grid' (allowed: hbox, vbox, hflow, vflow, zbox, leaf)"),
        Failure(
            root: #"{"type":"hbox","children":[{"type":"leaf","arrange":2}]}"#, path: "$.root.children[0].arrange",
            message: "'arrange' does not apply to a leaf"),
        Failure(
            root: #"{"type":"leaf","children":[]}"#, path: "$.root.children",
            message: "'children' does not apply to a leaf"),
        Failure(
            root: #"{"type":"hbox","width":-5}"#, path: "$.root.width",
            message: "a fixed size must be a finite number >= 0, got -5.0"),
        Failure(
            root: #"{"type":"hbox","width":{"ratio":0}}"#, path: "$.root.width.ratio",
            message: "expected a number > 0, got 0.0"),
        Failure(
            root: #"{"type":"hbox","height":{"aspectRatio":-2}}"#, path: "$.root.height.aspectRatio",
            message: "expected a number > 0, got -2.0"),
        Failure(
            root: #"{"type":"hbox","width":"auto"}"#, path: "$.root.width",
            message:
                #"unknown size 'auto' (expected a number, "wrap", "fill", {"wrap":…}, {"ratio":…} or {"aspectRatio":…})"#
        ),
        Failure(
            root: #"{"type":"hbox","width":{"wrap":{"grow":1,"max":10}}}"#, path: "$.root.width.wrap.max",
            message: "a wrap size with grow > 0 cannot have a max (Puyopuyo forces it to infinity)"),
        Failure(
            root: #"{"type":"hbox","width":{"wrap":{"shrink":-1}}}"#, path: "$.root.width.wrap.shrink",
            message: "expected a number >= 0, got -1.0"),
        Failure(
            root: #"{"type":"zbox","alignment":["top","middle"]}"#, path: "$.root.alignment[1]",
            message:
                "unknown alignment 'middle' (allowed: none, top, bottom, left, right, horzCenter, vertCenter, leading, trailing, center)"
        ),
        Failure(
            root: #"{"type":"leaf","content":{"width":1,"height":2},"text":"x"}"#, path: "$.root.text",
            message: "a leaf has either 'content' or 'text', not both"),
        Failure(
            root: #"{"type":"vflow","arrange":1.5}"#, path: "$.root.arrange",
            message: "arrange must be a whole number of items, got 1.5"),
        Failure(root: #"{"type":"hbox","colour":"red"}"#, path: "$.root.colour", message: "unknown key 'colour'"),
    ]

    @Test("a bad node is refused with its JSON path and a clear message", arguments: failures)
    func refusesBadNodes(_ expected: Failure) throws {
        let failure = try #require(Self.failure(root: expected.root))
        #expect(failure.path == expected.path)
        #expect(failure.message.hasPrefix(expected.message), "got: \(failure.message)")
    }

    @Test func refusesUnknownCaseKeysAndNegativeProposals() throws {
        let unknown = try #require(Self.failure(root: #"{"type":"hbox"}"#, extra: #","layout":1"#))
        #expect(unknown.path == "$.layout")
        let negative = try #require(Self.failure(root: #"{"type":"hbox"}"#, extra: #","proposal":{"width":-1}"#))
        #expect(negative.path == "$.proposal.width")
        #expect(negative.message == "expected a number >= 0 or null, got -1.0")
    }

    @Test("10 000 levels of nesting are refused, not a stack overflow")
    func refusesHostileNesting() {
        let depth = 10_000
        let open = String(repeating: #"{"type":"hbox","children":["#, count: depth)
        let json =
            #"{"kind":"box","name":"deep","root":"# + open + #"{"type":"leaf"}"# + String(repeating: "]}", count: depth)
            + "}"
        #expect(throws: (any Error).self) { try JSONDecoder().decode(BoxCase.self, from: Data(json.utf8)) }
    }

    @Test("nesting up to the limit decodes; one level more is refused at its path")
    func depthLimit() throws {
        // Foundation's parser refuses JSON nested more than a few hundred levels on its own, so the limit is
        // lowered through userInfo to exercise our check: 100 levels decode, 101 are refused at the 101st.
        func decode(depth: Int) throws -> BoxNode {
            let open = String(repeating: #"{"type":"hbox","children":["#, count: depth)
            let json = open + #"{"type":"hbox"}"# + String(repeating: "]}", count: depth)
            let decoder = JSONDecoder()
            decoder.userInfo[BoxNode.depthLimitKey] = 100
            return try decoder.decode(BoxNode.self, from: Data(json.utf8))
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
    }

    @Test func alignmentForms() throws {
        func decode(_ json: String) throws -> BoxAlignment {
            try JSONDecoder().decode(BoxAlignment.self, from: Data(json.utf8))
        }
        #expect(try decode(#""center""#) == .center)
        #expect(try decode(#"["top","left"]"#) == BoxAlignment([.top, .left]))
        #expect(try decode(#"[{"horzCenter":0.5}]"#) == .horzCenter(0.5))
        // Ratios are clamped to -1...1 as Puyopuyo does.
        #expect(try decode(#"[{"center":3}]"#) == .center(x: 1, y: 1))
        #expect(try decode("[]") == .idle)
    }

    @Test func flowGapsFallBackToSpace() throws {
        let node = try JSONDecoder().decode(BoxNode.self, from: Data(#"{"type":"vflow","space":6,"runSpace":2}"#.utf8))
        let regulator = Regulator(node)
        #expect(regulator.itemSpace == 6)
        #expect(regulator.runSpace == 2)
    }
}
