import SnapshotTesting
import Testing

@testable import RistrettoSnapshotTesting

/// The strategies as a dependent uses them: `assertSnapshot` against references committed in `__Snapshots__` beside
/// this file, under the record mode of the environment (`SNAPSHOT_TESTING_RECORD`).
struct ChartSnapshotTests {
    @Test("a bar chart with labels in the pinned font")
    func barChart() throws {
        assertSnapshot(of: try Fixtures.barChart(), as: .image, named: "bars")
    }

    @Test("an HBox's frames, outlined at scale 2")
    func hboxFrames() throws {
        assertSnapshot(of: try Fixtures.boxFrames(), as: .frames(scale: 2), named: "hbox")
    }
}
