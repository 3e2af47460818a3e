import Foundation
import GDRender
import LayoutCore
import PixelDiff
import SnapshotTesting
import Testing

@testable import RistrettoSnapshotTesting

/// The acceptance path through swift-snapshot-testing's own machinery (`verifySnapshot`, which `assertSnapshot` calls,
/// because only it takes a snapshot folder): record once, pass, fail with a diff image; and its record modes.
struct RecordModeTests {
    @Test("records a PNG once, passes on a re-run, fails with a diff image after a one-pixel change")
    func recordPassFail() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let scene = try Fixtures.barChart()
        let reference = folder.appendingPathComponent("recordPassFail.bars.png")
        let testName = #function  // "recordPassFail()", which the library writes as "recordPassFail"
        func verify(_ scene: Scene) -> String? {
            verifySnapshot(
                of: scene, as: .image, named: "bars", record: .missing, snapshotDirectory: folder.path,
                testName: testName)
        }
        // 1. No reference: it is recorded, and the run fails so that nothing is recorded silently.
        #expect(
            verify(scene) == """
                No reference was found on disk. Automatically recorded snapshot: …

                open "\(reference.absoluteString)"

                Re-run "recordPassFail" to assert against the newly-recorded snapshot.
                """)
        let recorded = try Data(contentsOf: reference)
        #expect(recorded.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        // 2. A re-run passes and leaves the reference as it was.
        #expect(verify(scene) == nil)
        #expect(try Data(contentsOf: reference) == recorded)
        // 3. One pixel changed: the chart's top-left corner is background, white, and turns black.
        let failure = try #require(verify(Fixtures.changingOnePixel(of: scene, x: 0, y: 0)))
        #expect(failure.hasPrefix("Snapshot \"bars\" does not match reference."))
        let lines = failure.split(separator: "\n", omittingEmptySubsequences: false).suffix(3)
        let diffPath = try #require(lines.dropFirst().first?.split(separator: ": ", maxSplits: 1).last)
        #expect(
            Array(lines) == [
                "pixels: 1 of 9600 differ (allowed 0, threshold 0.1)",  // 120 × 80 = 9600
                "diff image (mismatches red, anti-aliasing yellow): \(diffPath)",
                "To accept the new image, run the test again with SNAPSHOT_TESTING_RECORD=failed.",
            ])
        #expect(diffPath.hasSuffix(".diff.png") && diffPath.contains("/RecordModeTests/recordPassFail."))
        // The diff image marks exactly that pixel in red.
        let diff = try PNGCodec.decode([UInt8](Data(contentsOf: URL(fileURLWithPath: String(diffPath)))))
        #expect(diff.width == 120 && diff.height == 80)
        #expect(Self.redPixels(in: diff) == [0])
        #expect(try Data(contentsOf: reference) == recorded)
    }

    @Test("record mode never, set with withSnapshotTesting, records no missing reference")
    func neverRecords() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let failure = withSnapshotTesting(record: .never) {
            verifySnapshot(of: Fixtures.flatScene, as: .image, named: "flat", snapshotDirectory: folder.path)
        }
        #expect(
            failure == "No reference was found on disk. New snapshot was not recorded because recording is disabled")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
    }

    @Test("record mode failed re-records a failing snapshot, which then passes")
    func failedRecordsAgain() throws {
        let folder = try Fixtures.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let changed = Fixtures.changingOnePixel(of: Fixtures.flatScene, x: 39, y: 29)
        let testName = #function
        func verify(_ scene: Scene, _ record: SnapshotTestingConfiguration.Record) -> String? {
            verifySnapshot(
                of: scene, as: .image, named: "flat", record: record, snapshotDirectory: folder.path,
                testName: testName)
        }
        _ = verify(Fixtures.flatScene, .missing)
        let failure = try #require(verify(changed, .failed))
        #expect(
            failure.hasPrefix("Snapshot \"flat\" does not match reference. A new snapshot was automatically recorded."))
        #expect(failure.contains("pixels: 1 of 1200 differ (allowed 0, threshold 0.1)"))  // 40 × 30 = 1200
        #expect(verify(changed, .missing) == nil)
    }

    /// The indices of the diff image's pure red pixels (pixelmatch's mismatch colour).
    static func redPixels(in image: RGBAImage) -> [Int] {
        (0..<image.width * image.height).filter { index in
            image.pixels[index * 4..<index * 4 + 4].elementsEqual([255, 0, 0, 255])
        }
    }
}
