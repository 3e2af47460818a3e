import Foundation
import LayoutCore
import Testing

@Suite struct DecodingTests {
    func decode<Value: Decodable>(_ type: Value.Type, _ json: String) throws -> Value {
        try JSONDecoder().decode(type, from: Data(json.utf8))
    }

    func failure<Value: Decodable>(_ type: Value.Type, _ json: String) -> (path: String, message: String)? {
        do {
            _ = try decode(type, json)
            return nil
        } catch let DecodingError.dataCorrupted(context) {
            return (jsonPath(context.codingPath), context.debugDescription)
        } catch {
            return ("?", "\(error)")
        }
    }

    @Test func unknownKeysAreRejectedWithTheirPath() {
        let result = failure(
            Scene.self,
            #"{"size":{"width":10,"height":10},"items":[{"type":"rect","rect":{"x":0,"y":0,"width":1,"height":1,"depth":3}}]}"#
        )
        #expect(result?.path == "$.items[0].rect.depth")
        #expect(result?.message.hasPrefix("unknown key 'depth'") == true)
    }

    @Test func keysOfAnotherShapeAreRejected() {
        let result = failure(SceneItem.self, #"{"type":"line","from":{"x":0,"y":0},"to":{"x":1,"y":1},"radius":4}"#)
        #expect(result?.path == "$.radius")
        #expect(result?.message == "key 'radius' does not apply to a line")
    }

    @Test func negativeSizesAreRejected() {
        let result = failure(Size.self, #"{"width":-1,"height":2}"#)
        #expect(result?.path == "$.width")
        #expect(result?.message == "width must be >= 0, got -1.0")
    }

    @Test func badColoursNameTheText() {
        let result = failure(SceneItem.self, ##"{"type":"circle","center":{"x":0,"y":0},"radius":1,"fill":"#12"}"##)
        #expect(result?.path == "$.fill")
        #expect(result?.message.hasPrefix("invalid colour '#12'") == true)
    }

    @Test func insetsAcceptANumberOrAnObject() throws {
        #expect(try decode(Insets.self, "3") == Insets(all: 3))
        #expect(try decode(Insets.self, #"{"left":2}"#) == Insets(left: 2))
    }

    @Test func toleranceBeyondExactNeedsAReason() throws {
        #expect(
            failure(Tolerance.self, #"{"pixels":3}"#)?.message
                == "a tolerance beyond exact must give a non-empty 'reason'")
        #expect(try decode(Tolerance.self, #"{"pixels":3,"reason":"font hinting"}"#).pixels == 3)
        #expect(try decode(Tolerance.self, "{}") == .exact)
    }

    @Test func sceneRoundTripsThroughJSON() throws {
        var scene = Scene(size: Size(width: 20, height: 10), background: .white)
        scene.append(
            .rect(Rect(x: 1, y: 2, width: 3, height: 4), cornerRadii: CornerRadii(topLeft: 1)),
            style: Style(fill: .black, opacity: 0.5))
        scene.append(
            .path(.annularSector(center: .zero, innerRadius: 2, outerRadius: 5, start: .degrees(0), end: .degrees(45))),
            style: Style(stroke: .black, dash: [2, 1]))
        scene.append(
            .text(TextRun("hi", fontSize: 9, anchor: Point(x: 1, y: 1), rotation: .degrees(90))),
            clip: Rect(x: 0, y: 0, width: 5, height: 5))
        let decoded = try JSONDecoder().decode(Scene.self, from: JSONEncoder().encode(scene))
        #expect(decoded.items.count == 3)
        #expect(decoded.items[0] == scene.items[0])
        #expect(decoded.items[2].clip == scene.items[2].clip)
    }

    @Test func nonFiniteScenesAreDetected() {
        var scene = Scene(size: Size(width: 10, height: 10))
        scene.append(.line(from: .zero, to: Point(x: .nan, y: 0)))
        #expect(scene.firstNonFiniteValue() == "item 0 geometry")
    }
}
