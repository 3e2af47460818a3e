import PixelDiff
import Testing

@Suite("failures")
struct FailureTests {
    @Test("different sizes are a failure whose message names both")
    func sizeMismatch() {
        let expected = Fixture.solid(200, 100, Fixture.white)
        let actual = Fixture.solid(201, 100, Fixture.white)
        #expect(
            throws: PixelDiff.Failure.sizeMismatch(
                expectedWidth: 200, expectedHeight: 100, actualWidth: 201, actualHeight: 100)
        ) { try PixelDiff.compare(expected, actual) }
        do {
            _ = try PixelDiff.compare(expected, actual)
        } catch {
            #expect(error.description == "image sizes differ: expected 200×100, actual 201×100")
        }
    }

    @Test("transposed sizes with the same byte count still differ")
    func transposed() {
        #expect(
            throws: PixelDiff.Failure.sizeMismatch(
                expectedWidth: 2, expectedHeight: 3, actualWidth: 3, actualHeight: 2)
        ) { try PixelDiff.compare(Fixture.solid(2, 3, Fixture.white), Fixture.solid(3, 2, Fixture.white)) }
    }

    @Test(
        "a buffer of the wrong length is refused at construction",
        arguments: [
            (2, 2, 15), (2, 2, 17), (-1, 2, 0), (Int.max, 2, 0),
        ])
    func invalidBuffer(width: Int, height: Int, byteCount: Int) {
        #expect(throws: PixelDiff.Failure.invalidBuffer(width: width, height: height, byteCount: byteCount)) {
            try RGBAImage(width: width, height: height, pixels: [UInt8](repeating: 0, count: byteCount))
        }
    }

    @Test("the invalid-buffer message")
    func invalidBufferMessage() {
        #expect(
            PixelDiff.Failure.invalidBuffer(width: 2, height: 2, byteCount: 15).description
                == "pixel buffer holds 15 bytes, which is not 2×2 RGBA pixels of 4 bytes each")
    }

    @Test("an image mutated out of shape is refused by compare, not read out of bounds")
    func mutatedImage() {
        var broken = Fixture.solid(2, 2, Fixture.white)
        broken.width = 3
        let healthy = Fixture.solid(3, 2, Fixture.white)
        #expect(throws: PixelDiff.Failure.invalidBuffer(width: 3, height: 2, byteCount: 16)) {
            try PixelDiff.compare(healthy, broken)
        }
    }
}
