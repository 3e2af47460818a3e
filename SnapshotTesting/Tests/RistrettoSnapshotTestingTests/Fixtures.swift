import BoxLayout
import ChartLayout
import Foundation
import LayoutCore
import RistrettoSnapshotTesting

/// The values the snapshot tests draw, and a fresh folder for each test's references.
enum Fixtures {
    static let blue = Color(red: 0x00, green: 0x7A, blue: 0xFF)

    /// A 120×80 bar chart: four bars in the main region over four labels in a 14-px bottom gutter, on white. Laid
    /// out with the pinned font, as `.image` draws it.
    static func barChart() throws -> Scene {
        var bars = GraffeineLayer(id: "bars", type: .bar, data: GraffeineData(values: .init(hi: [3, 5, 2, 4])))
        bars.unitFill = GraffeineUnitFill(colors: [blue])
        bars.unitColumn = GraffeineUnitColumn(margin: 6)
        var labels = GraffeineLayer(
            id: "labels", type: .horizontalLabel, data: GraffeineData(labels: ["Q1", "Q2", "Q3", "Q4"]))
        labels.thickness = 14
        labels.unitColumn = GraffeineUnitColumn(margin: 6)
        labels.unitText = GraffeineUnitText(colors: [.black], fontSize: 10)
        let chart = GraffeineChart(size: Size(width: 120, height: 80), background: .white, layers: [labels, bars])
        return chart.layout(measurer: try PinnedFont.measurer()).scene
    }

    /// A 40×30 scene of flat colours only, so a test can name every pixel: white, with a 20×10 blue bar at (10, 10).
    static var flatScene: Scene {
        var scene = Scene(size: Size(width: 40, height: 30), background: .white)
        scene.append(.rect(Rect(x: 10, y: 10, width: 20, height: 10)), style: Style(fill: blue, lineWidth: 0))
        return scene
    }

    /// `scene` with the one pixel at (`x`, `y`) painted `color`.
    static func changingOnePixel(of scene: Scene, x: Double, y: Double, to color: Color = .black) -> Scene {
        var changed = scene
        changed.append(.rect(Rect(x: x, y: y, width: 1, height: 1)), style: Style(fill: color, lineWidth: 0))
        return changed
    }

    /// An HBox with padding 4 and space 2 around a 20×10 and a 10×10 leaf, laid out unbounded: the root is
    /// 4 + 20 + 2 + 10 + 4 = 40 wide and 4 + 10 + 4 = 18 high.
    static func boxFrames() throws -> BoxFrames {
        let root = BoxNode(
            type: .hbox, padding: Insets(all: 4), space: 2,
            children: [
                .leaf(Size(width: 20, height: 10), id: "wide"), .leaf(Size(width: 10, height: 10), id: "square"),
            ])
        return try BoxCase(name: "hbox", proposal: BoxProposal(), root: root).layout(
            measurer: try PinnedFont.measurer())
    }

    /// A new empty folder under the temporary directory, for references that must not land in the repository.
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "ristretto-snapshot-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
