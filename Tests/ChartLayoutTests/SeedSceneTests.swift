import LayoutCore
import Testing

@testable import ChartLayout

/// The scenes look like the sources: colours and primitives per §A.1, §B and §C.1b.
struct SeedSceneTests {
    private func scene(_ json: String) throws -> Scene {
        let chart = try SeedTest.decode(json)
        return chart.scene(for: try chart.layout(measurer: SeedTest.measurer), measurer: SeedTest.measurer)
    }

    /// §C.1b: system blue bars, the tallest system orange, a black axis at yScale(0), a 1-pt black border.
    @Test func blogBarsAndAxis() throws {
        let scene = try scene(
            """
            {"style": "blogBarChart", "size": {"width": 400, "height": 300},
             "data": [{"name": "a", "value": 7}, {"name": "b", "value": 9}]}
            """)
        let fills = scene.items.compactMap { item -> Color? in
            if case .rect = item.shape, item.style.fill != nil { return item.style.fill } else { return nil }
        }
        #expect(fills == [SeedColor.systemBlue, SeedColor.systemOrange])
        #expect(scene.items.contains { $0.shape == .line(from: Point(x: 0, y: 230), to: Point(x: 400, y: 230)) })
        #expect(scene.items.last?.style.stroke == .black)
    }

    /// §A.4: inactive segments are stroked at opacity 0.3 with round caps and joins.
    @Test func rhSegmentOpacity() throws {
        let scene = try scene(
            """
            {"style": "rhLinePlot", "size": {"width": 300, "height": 100}, "values": [1, 2, 3, 4],
             "lineSegmentStartingIndices": [0, 2], "activeSegment": 1}
            """)
        let strokes = scene.items.filter { if case .polyline = $0.shape { true } else { false } }
        #expect(strokes.map(\.style.opacity) == [0.3, 1])
        #expect(
            strokes.allSatisfy {
                $0.style.lineCap == .round && $0.style.lineJoin == .round && $0.style.lineWidth == 1.5
            })
    }

    /// §B.1: a white-0.96 background ring, then one filled ring sector per non-empty segment.
    @Test func pieRing() throws {
        let scene = try scene(
            """
            {"style": "researchKitPie", "size": {"width": 300, "height": 300}, "values": [1, 0, 3], "showsPercentageLabels": false}
            """)
        let paths = scene.items.filter { if case .path = $0.shape { true } else { false } }
        #expect(
            paths.map(\.style.fill) == [
                Color(red: 245, green: 245, blue: 245), Color(red: 0, green: 122, blue: 255),
                Color(red: 170, green: 211, blue: 255),
            ])
    }

    /// §B.2/B.3: reference lines dashed [6, 4]; a bridge over an unset point dashed [12, 6].
    @Test func graphDashes() throws {
        let scene = try scene(
            """
            {"style": "researchKitLine", "size": {"width": 355, "height": 237}, "plots": [[1, null, 3]],
             "showsHorizontalReferenceLines": true}
            """)
        let dashes = scene.items.compactMap { item -> [Double]? in
            if case .line = item.shape, !item.style.dash.isEmpty { return item.style.dash } else { return nil }
        }
        #expect(dashes == [[6, 4], [12, 6]])
    }
}
