import Flexbox
import Foundation
import Testing

/// The one rule of where a leaf's content sits (`ContentOffset`), which the adapters receive instead of computing:
/// each share worked out by hand from css-align-3 (docs/flex-case-format.md "What adapters receive").
struct ContentOffsetTests {
    /// A leaf's style (CSS text), and the shares of the free height above its content with and without room.
    static let rules: [(style: [String: String], withRoom: Double, withoutRoom: Double)] = [
        // A row that does not wrap: align-items places the content, at the start for stretch (the initial value).
        ([:], 0, 0),
        (["align-items": "center"], 0.5, 0.5),
        (["align-items": "flex-end"], 1, 1),
        // wrap-reverse flips the cross-start edge: flex-start is the bottom, start stays the top.
        (["flex-wrap": "wrap-reverse", "align-content": "flex-start"], 1, 1),
        (["flex-wrap": "wrap-reverse", "align-content": "start"], 0, 0),
        // A wrapping row: align-content places the line; distributed values fall back, and to the start without room.
        (["flex-wrap": "wrap", "align-content": "space-around"], 0.5, 0),
        (["flex-wrap": "wrap", "align-content": "space-between"], 0, 0),
        // align-content: stretch with room leaves the single line to align-items.
        (["flex-wrap": "wrap", "align-items": "center"], 0.5, 0),
        // A column: justify-content places the content, column-reverse flips the main-start edge.
        (["flex-direction": "column", "justify-content": "center"], 0.5, 0.5),
        (["flex-direction": "column-reverse"], 1, 1),
        (["flex-direction": "column-reverse", "justify-content": "end"], 1, 1),
        (["flex-direction": "column", "justify-content": "space-evenly"], 0.5, 0),
    ]

    static func leaf(_ style: [String: String]) throws -> FlexElement {
        let styleJSON = try JSONSerialization.data(withJSONObject: style)
        let json = #"{"style":\#(String(decoding: styleJSON, as: UTF8.self)),"content":{"width":10,"height":20}}"#
        return try JSONDecoder().decode(FlexElement.self, from: Data(json.utf8))
    }

    @Test(arguments: rules)
    func theShareFollowsTheLeafsAlignment(style: [String: String], withRoom: Double, withoutRoom: Double) throws {
        #expect(try Self.leaf(style).contentOffset == ContentOffset(withRoom: withRoom, withoutRoom: withoutRoom))
    }

    /// 20 px of room and a share of 0.5: 10 px above the content; 10 px too little room and a share of 1: −10 px.
    @Test func theTopIsTheShareOfTheFreeHeight() {
        #expect(ContentOffset(withRoom: 0.5, withoutRoom: 0).top(inner: 40, height: 20) == 10)
        #expect(ContentOffset(withRoom: 0.5, withoutRoom: 1).top(inner: 10, height: 20) == -10)
        #expect(ContentOffset(withRoom: 0.5, withoutRoom: 0).top(inner: 10, height: 20) == 0)
    }

    /// Adapters receive the offset on every leaf whose content does not sit at the start, and on no other element.
    @Test func adaptersReceiveTheOffsetOfLeavesOnly() throws {
        let root = try JSONDecoder().decode(
            FlexElement.self,
            from: Data(
                #"{"style":{"align-items":"center"},"children":[{"style":{"align-items":"center"},"content":{"width":1,"height":1}},{"content":{"width":1,"height":1}}]}"#
                    .utf8))
        let wire =
            try JSONSerialization.jsonObject(
                with: JSONEncoder().encode(FlexCase(name: "x", root: root).adapterCase)) as? [String: Any]
        let sent = try #require(wire?["root"] as? [String: Any])
        #expect(sent["contentOffset"] == nil)
        let children = try #require(sent["children"] as? [[String: Any]])
        #expect(children[0]["contentOffset"] as? [Double] == [0.5, 0.5])
        #expect(children[1]["contentOffset"] == nil)
    }
}
