import GDRender
import LayoutCore
import PixelDiff
import TestSupport
import Testing

@Suite struct PNGCodecTests {
    @Test func roundTripKeepsEveryPixel() throws {
        // Alpha survives exactly for the 128 levels libgd stores (0, 3, 5, …, 255 after widening).
        let alphas: [UInt8] = [255, 0, 129, 3]
        let pixels: [UInt8] = (0..<4).flatMap { index -> [UInt8] in [UInt8(index * 60), 10, 200, alphas[index]] }
        let image = try RGBAImage(width: 2, height: 2, pixels: pixels)
        let decoded = try PNGCodec.decode(PNGCodec.encode(image))
        #expect(decoded.width == 2 && decoded.height == 2)
        #expect(Array(decoded.pixels[0..<4]) == [0, 10, 200, 255])
        #expect(decoded.pixels[7] == 0)
        #expect(PNGCodec.encode(decoded) == PNGCodec.encode(image))
    }

    @Test(arguments: [
        ([UInt8](), PNGCodec.DecodeError.empty),
        (Array("not a png at all".utf8), .notPNG),
        ([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13], .corrupt),
    ])
    func badBytesAreNamedErrors(bytes: [UInt8], expected: PNGCodec.DecodeError) {
        #expect(throws: expected) { try PNGCodec.decode(bytes) }
    }

    @Test func truncatedPNGIsCorrupt() throws {
        let image = try RGBAImage(width: 8, height: 8, pixels: [UInt8](repeating: 90, count: 256))
        let bytes = PNGCodec.encode(image)
        #expect(throws: PNGCodec.DecodeError.corrupt) { try PNGCodec.decode(Array(bytes.prefix(bytes.count / 2))) }
    }
}

@Suite struct FreeTypeTextMeasurerTests {
    let measurer = FreeTypeTextMeasurer(fontPath: TestSupport.fontPath)

    @Test func advanceWidthsMatchTheFontsMetrics() {
        // Liberation Sans is metric-compatible with Helvetica/Arial: "H" advances 1479/2048 em,
        // so at 20 px it is 14.44 px; libgd rounds ink boxes to whole pixels, hence the 1-px window.
        #expect(abs(measurer.lineWidth(of: "H", fontSize: 20) - 14.44) <= 1)
        // A space advances 569/2048 em = 11.1 px at 40 px, although it has no ink.
        #expect(abs(measurer.lineWidth(of: " ", fontSize: 40) - 11.1) <= 1)
        #expect(measurer.lineWidth(of: "", fontSize: 20) == 0)
    }

    @Test func multiLineTextStacksLineHeights() {
        // Line height (1854 + 434 + 67) / 2048 × 10 = 11.4990…
        let size = measurer.size(of: "ab\nabcd", fontSize: 10)
        #expect(abs(size.height - 2 * 11.4990234375) < 1e-9)
        #expect(size.width == measurer.lineWidth(of: "abcd", fontSize: 10))
    }

    @Test func aMissingFontIsAnError() {
        #expect(throws: RenderError.self) { try FreeTypeTextMeasurer(fontPath: "/nonexistent.ttf").validate() }
    }
}
