import LayoutCore
import Testing

@Suite struct GeometryTests {
    @Test(arguments: Axis.allCases)
    func mainAndCrossRoundTrip(axis: Axis) {
        let size = Size(main: 30, cross: 10, along: axis)
        #expect(size.main(along: axis) == 30)
        #expect(size.cross(along: axis) == 10)
        #expect(size.main(along: axis.crossAxis) == 10)
        let point = Point(main: 3, cross: 4, along: axis)
        #expect(point.main(along: axis) == 3 && point.cross(along: axis) == 4)
    }

    @Test func insetsAlongAxes() {
        let insets = Insets(top: 1, left: 2, bottom: 3, right: 4)
        #expect(insets.main(along: .horizontal) == 6)
        #expect(insets.cross(along: .horizontal) == 4)
        #expect(insets.mainStart(along: .vertical) == 1 && insets.mainEnd(along: .vertical) == 3)
        #expect(Rect(x: 0, y: 0, width: 100, height: 50).inset(by: insets) == Rect(x: 2, y: 1, width: 94, height: 46))
    }

    @Test func intersectionAndUnion() {
        let a = Rect(x: 0, y: 0, width: 10, height: 10)
        let b = Rect(x: 5, y: 5, width: 10, height: 10)
        #expect(a.intersection(b) == Rect(x: 5, y: 5, width: 5, height: 5))
        #expect(a.union(b) == Rect(x: 0, y: 0, width: 15, height: 15))
        #expect(a.intersection(Rect(x: 20, y: 20, width: 1, height: 1)) == nil)
    }

    @Test func anglesTurnClockwiseOnScreen() {
        // 90° from +x points down (+y) because screen y grows downwards.
        let point = Angle.degrees(90).point(from: .zero, radius: 10)
        #expect(abs(point.x) < 1e-12 && abs(point.y - 10) < 1e-12)
    }
}

@Suite struct ColorTests {
    @Test(arguments: [
        ("#ff8000", Color(red: 255, green: 128, blue: 0)),
        ("#FF800080", Color(red: 255, green: 128, blue: 0, alpha: 128)),
        ("white", Color.white),
        ("transparent", Color.clear),
    ])
    func parsesValidColours(text: String, expected: Color) throws {
        #expect(try Color(parsing: text) == expected)
    }

    @Test(arguments: ["", "#fff", "#gg0000", "ff0000", "#ff00000", "rebeccapurple", "#ff0000 "])
    func rejectsEverythingElse(text: String) {
        #expect(throws: ColorParseError(text: text)) { try Color(parsing: text) }
    }

    @Test func hexStringRoundTrips() throws {
        #expect(Color(red: 1, green: 2, blue: 255).hexString == "#0102ff")
        #expect(Color(red: 1, green: 2, blue: 255, alpha: 16).hexString == "#0102ff10")
        #expect(Color.black.withOpacity(0.5).alpha == 128)
    }
}

@Suite struct OutlineTests {
    @Test func dashesSplitAStraightLine() {
        // 10 px with pattern [3, 2]: on 0–3, off 3–5, on 5–8, off 8–10.
        let pieces = Outline(points: [Point(x: 0, y: 0), Point(x: 10, y: 0)], isClosed: false).dashed([3, 2])
        #expect(pieces.map { $0.points.map(\.x) } == [[0, 3], [5, 8]])
    }

    @Test func dashesFollowCorners() {
        // A right angle, 4 + 4 px, with [6, 1]: the first dash turns the corner.
        let pieces = Outline(points: [Point(x: 0, y: 0), Point(x: 4, y: 0), Point(x: 4, y: 4)], isClosed: false).dashed(
            [6, 1])
        #expect(pieces[0].points == [Point(x: 0, y: 0), Point(x: 4, y: 0), Point(x: 4, y: 2)])
        #expect(pieces[1].points == [Point(x: 4, y: 3), Point(x: 4, y: 4)])
    }

    @Test func emptyOrZeroPatternsAreSolid() {
        let outline = Outline(points: [Point(x: 0, y: 0), Point(x: 10, y: 0)], isClosed: false)
        #expect(outline.dashed([]) == [outline])
        #expect(outline.dashed([0, 0]) == [outline])
    }

    @Test func arcsStayWithinTolerance() {
        let points = Path([.arc(center: .zero, radius: 100, start: .degrees(0), end: .degrees(90), clockwise: true)])
            .flattened(tolerance: 0.2)
        #expect(points.first == Point(x: 100, y: 0))
        #expect(abs(points.last!.x) < 1e-9 && abs(points.last!.y - 100) < 1e-9)
        // Every chord's midpoint lies within 0.2 px of the circle.
        for (a, b) in zip(points, points.dropFirst()) {
            let mid = Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2)
            #expect(100 - mid.distance(to: .zero) <= 0.2 + 1e-9)
        }
    }

    @Test func counterClockwiseArcsGoTheOtherWay() {
        let points = Path([.arc(center: .zero, radius: 10, start: .degrees(0), end: .degrees(90), clockwise: false)])
            .flattened()
        // Going counter-clockwise from 0° to 90° passes through 270° (up, negative y).
        #expect(points.contains { $0.y < -9 })
    }

    @Test func cornerRadiiAreClampedToHalfTheShorterSide() {
        let outline = Shape.rect(Rect(x: 0, y: 0, width: 10, height: 4), cornerRadii: CornerRadii(all: 50)).outlines()[
            0]
        #expect(outline.points.allSatisfy { $0.y >= -1e-9 && $0.y <= 4 + 1e-9 && $0.x >= -1e-9 && $0.x <= 10 + 1e-9 })
    }
}

@Suite struct TextLayoutTests {
    let measurer = FixedAdvanceTextMeasurer(advance: 0.5, lineSpacing: 1.2, ascentRatio: 0.9)

    @Test func centredTwoLineText() {
        // "abcd" is 4 × 0.5 × 10 = 20 wide, "ab" 10 wide; two lines of 12 make the box 20 × 24 centred on (50, 50).
        let layout = measurer.layout(
            TextRun(
                "abcd\nab", fontSize: 10, anchor: Point(x: 50, y: 50),
                horizontalAlignment: .center, verticalAlignment: .center))
        #expect(layout.box == Rect(x: 40, y: 38, width: 20, height: 24))
        #expect(layout.lines[0].baselineOrigin == Point(x: 40, y: 38 + 9))
        #expect(layout.lines[1].baselineOrigin == Point(x: 45, y: 38 + 12 + 9))
    }

    @Test func rightBottomAlignment() {
        let layout = measurer.layout(
            TextRun(
                "ab", fontSize: 10, anchor: Point(x: 100, y: 100),
                horizontalAlignment: .right, verticalAlignment: .bottom))
        #expect(layout.box == Rect(x: 90, y: 88, width: 10, height: 12))
    }
}
