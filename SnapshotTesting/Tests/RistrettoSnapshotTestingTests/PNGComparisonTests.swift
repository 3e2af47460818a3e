import BoxLayout
import Foundation
import GDRender
import LayoutCore
import PixelDiff
import Testing

@testable import RistrettoSnapshotTesting

/// The comparison behind `.image` and `.frames`, and the bytes they snapshot, without swift-snapshot-testing.
struct PNGComparisonTests {
    static let strict = PNGComparison(threshold: 0.1, allowedPixels: 0)

    static func png(_ scene: Scene) -> Data { SnapshotPNG.render(scene, fontPath: nil) }

    @Test("identical PNGs match; one changed pixel is counted, stated with the threshold and drawn in red")
    func onePixel() throws {
        let reference = Self.png(Fixtures.flatScene)
        #expect(Self.strict.mismatch(reference: reference, actual: reference) == nil)
        let changed = Self.png(Fixtures.changingOnePixel(of: Fixtures.flatScene, x: 12, y: 3))
        let mismatch = try #require(Self.strict.mismatch(reference: reference, actual: changed))
        #expect(mismatch.message == "pixels: 1 of 1200 differ (allowed 0, threshold 0.1)")
        let diff = try PNGCodec.decode(try #require(mismatch.diffPNG))
        #expect(RecordModeTests.redPixels(in: diff) == [3 * 40 + 12])
    }

    @Test("allowedPixels lets that many pixels differ")
    func allowance() {
        let reference = Self.png(Fixtures.flatScene)
        let changed = Self.png(Fixtures.changingOnePixel(of: Fixtures.flatScene, x: 12, y: 3))
        #expect(PNGComparison(threshold: 0.1, allowedPixels: 1).mismatch(reference: reference, actual: changed) == nil)
    }

    @Test("a pixel under the colour threshold matches at 0.1 and differs at 0")
    func threshold() throws {
        // White to (250, 250, 250): a squared YIQ delta of about 25 × 0.51 ≈ 13, under 35215 × 0.1² ≈ 352.
        let reference = Self.png(Fixtures.flatScene)
        let faint = Self.png(
            Fixtures.changingOnePixel(of: Fixtures.flatScene, x: 0, y: 0, to: Color(red: 250, green: 250, blue: 250)))
        #expect(Self.strict.mismatch(reference: reference, actual: faint) == nil)
        let exact = PNGComparison(threshold: 0, allowedPixels: 0)
        #expect(
            exact.mismatch(reference: reference, actual: faint)?.message
                == "pixels: 1 of 1200 differ (allowed 0, threshold 0.0)")
    }

    @Test("images of different sizes fail with both sizes and no diff image")
    func sizes() throws {
        var wider = Fixtures.flatScene
        wider.size.width = 41
        let mismatch = try #require(
            Self.strict.mismatch(reference: Self.png(Fixtures.flatScene), actual: Self.png(wider)))
        #expect(mismatch.message == "image sizes differ: expected 40×30, actual 41×30")
        #expect(mismatch.diffPNG == nil)
    }

    @Test("a reference that is not a PNG asks to be recorded again")
    func unreadableReference() {
        let mismatch = Self.strict.mismatch(reference: Data("not a png".utf8), actual: Self.png(Fixtures.flatScene))
        #expect(
            mismatch?.message == "the reference is not a readable PNG (not a PNG file (bad signature)); record it again"
        )
    }

    @Test("a scene that cannot be drawn fails with the renderer's message, even against the same failure")
    func renderFailure() {
        let failed = Self.png(Scene(size: Size(width: 0, height: 10)))
        #expect(
            Self.strict.mismatch(reference: failed, actual: failed)?.message
                == "could not render the snapshot: canvas size 0.0×10.0 must be finite and at least 1×1")
    }

    @Test("text with a font that does not load fails instead of drawing no text")
    func missingFont() throws {
        var scene = Fixtures.flatScene
        scene.append(.text(TextRun("Hi", fontSize: 10, anchor: Point(x: 2, y: 2))))
        let snapshot = SnapshotPNG.render(scene, fontPath: "/nonexistent/font.ttf")
        let message = try #require(SnapshotPNG.failureMessage(snapshot))
        #expect(message.hasPrefix("cannot use font /nonexistent/font.ttf: "))
    }

    @Test("the same input gives byte-identical PNGs")
    func determinism() throws {
        let chart = try Fixtures.barChart()
        #expect(Self.png(chart) == Self.png(chart))
        #expect(Self.png(chart).starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let frames = try Fixtures.boxFrames()
        #expect(SnapshotPNG.outline(frames, scale: 2) == SnapshotPNG.outline(frames, scale: 2))
    }

    @Test("frames are outlined in grey on white at the scale, parents first")
    func framesPicture() throws {
        let frames = try Fixtures.boxFrames()
        #expect(
            frames.absoluteRects == [
                Rect(x: 0, y: 0, width: 40, height: 18),
                Rect(x: 4, y: 4, width: 20, height: 10),
                Rect(x: 4 + 20 + 2, y: 4, width: 10, height: 10),
            ])
        let image = try PNGCodec.decode([UInt8](SnapshotPNG.outline(frames, scale: 2)))
        func pixel(_ x: Int, _ y: Int) -> [UInt8] {
            Array(image.pixels[(y * image.width + x) * 4..<(y * image.width + x) * 4 + 4])
        }
        let grey: [UInt8] = [0x55, 0x55, 0x55, 255]
        let white: [UInt8] = [255, 255, 255, 255]
        #expect(image.width == 80 && image.height == 36)  // (40, 18) × 2
        #expect(pixel(0, 0) == grey && pixel(79, 35) == grey)  // the root's outline: columns 0 and 79
        #expect(pixel(8, 8) == grey && pixel(47, 27) == grey)  // "wide": (4, 4) × 2 = (8, 8), to 8 + 40 - 1 = 47
        #expect(pixel(9, 9) == white && pixel(2, 2) == white)
        #expect(
            SnapshotPNG.failureMessage(SnapshotPNG.outline(frames, scale: 0))
                == "the scale must be a finite number above 0, got 0.0")
    }
}
