import PixelDiff
import Testing

/// The diff image: red mismatches, yellow anti-aliasing, and the expected image's luma faded towards white.
@Suite("diff image")
struct DiffImageTests {
    /// An 8 × 8 white image with a 3 × 3 red square at column `x`, row 2.
    static func redSquare(at x: Int) -> RGBAImage {
        Fixture.solid(8, 8, Fixture.white).filling(x: x, y: 2, width: 3, height: 3, with: Fixture.red)
    }

    // Faded grey = 255 + (Y − 255) × alpha × a/255, truncated (as pixelmatch's byte arrays do).
    // White: Y = 255 × 1.00000001 = 255.0000026 → 255.
    // Red: Y = 255 × 0.29889531 = 76.218 → 255 + (76.218 − 255) × 0.1 = 237.12 → 237.
    static let fadedWhite: [UInt8] = [255, 255, 255, 255]
    static let fadedRed: [UInt8] = [237, 237, 237, 255]

    @Test("colours at chosen pixels of a shifted square")
    func shiftedSquareColours() throws {
        // Red against white: d = (0, 255, 255), delta ≈ 23626 > 352.15; columns 2 and 5 of rows 2…4 differ.
        let result = try PixelDiff.compare(Self.redSquare(at: 2), Self.redSquare(at: 3))
        let diff = try #require(result.diffImage)
        #expect(result.mismatchedPixels == 6)
        #expect((diff.width, diff.height) == (8, 8))
        #expect(diff.pixel(x: 2, y: 2) == [255, 0, 0, 255])  // red square left: a mismatch
        #expect(diff.pixel(x: 5, y: 4) == [255, 0, 0, 255])  // red square arrived: a mismatch
        #expect(diff.pixel(x: 0, y: 0) == Self.fadedWhite)  // untouched white
        #expect(diff.pixel(x: 3, y: 3) == Self.fadedRed)  // red in both
    }

    @Test("diffColorAlt marks pixels where the actual image is darker")
    func alternativeColour() throws {
        let blue = PixelDiff.RGB(red: 0, green: 0, blue: 255)
        let result = try PixelDiff.compare(
            Self.redSquare(at: 2), Self.redSquare(at: 3), options: .init(diffColorAlt: blue))
        let diff = try #require(result.diffImage)
        // Column 2: red → white, the actual is brighter: diffColor. Column 5: white → red, darker: the alternative.
        #expect(diff.pixel(x: 2, y: 3) == [255, 0, 0, 255])
        #expect(diff.pixel(x: 5, y: 3) == [0, 0, 255, 255])
    }

    @Test("anti-aliased pixels are yellow and the edge's neighbours are faded")
    func antiAliasedColour() throws {
        let result = try PixelDiff.compare(edge(grey: 128), edge(grey: 64))
        let diff = try #require(result.diffImage)
        #expect(diff.pixel(x: 3, y: 0) == [255, 255, 0, 255])
        #expect(diff.pixel(x: 3, y: 4) == [255, 255, 0, 255])
        // Black: Y = 0 → 255 − 255 × 0.1 = 229.5, truncated: 229.
        #expect(diff.pixel(x: 0, y: 2) == [229, 229, 229, 255])
    }

    @Test("alpha sets the background's opacity, and a transparent pixel fades to white")
    func alphaAndTransparency() throws {
        let expected = Fixture.solid(2, 1, Fixture.red).setting([(1, 0)], to: Fixture.transparent)
        let half = try #require(try PixelDiff.compare(expected, expected, options: .init(alpha: 0.5)).diffImage)
        // Red at alpha 0.5: 255 + (76.218 − 255) × 0.5 = 165.61 → 165. Transparent: a = 0 → exactly 255.
        #expect(half.pixel(x: 0, y: 0) == [165, 165, 165, 255])
        #expect(half.pixel(x: 1, y: 0) == [255, 255, 255, 255])
        // Alpha 1 shows the luma itself: 76.218 → 76.
        let full = try #require(try PixelDiff.compare(expected, expected, options: .init(alpha: 1)).diffImage)
        #expect(full.pixel(x: 0, y: 0) == [76, 76, 76, 255])
    }

    @Test("a mask draws only the mismatches over transparency")
    func mask() throws {
        let squares = try #require(
            try PixelDiff.compare(Self.redSquare(at: 2), Self.redSquare(at: 3), options: .init(diffMask: true))
                .diffImage)
        #expect(squares.pixel(x: 2, y: 2) == [255, 0, 0, 255])
        #expect(squares.pixel(x: 0, y: 0) == [0, 0, 0, 0])
        // Anti-aliasing is not drawn in a mask.
        let edges = try #require(
            try PixelDiff.compare(edge(grey: 128), edge(grey: 64), options: .init(diffMask: true)).diffImage)
        #expect(edges.pixels.allSatisfy { $0 == 0 })
    }

    @Test("no diff image unless asked; an empty one for 0×0")
    func presence() throws {
        let square = Self.redSquare(at: 2)
        #expect(try PixelDiff.compare(square, square, options: .init(diffImage: false)).diffImage == nil)
        #expect(try PixelDiff.compare(square, Self.redSquare(at: 3), options: .init(diffImage: false)).diffImage == nil)
        let empty = Fixture.solid(0, 0, Fixture.white)
        let diff = try PixelDiff.compare(empty, empty).diffImage
        #expect(diff == Fixture.solid(0, 0, Fixture.white))
    }
}

/// The vectorised background against the formula evaluated directly, over a lattice of colours and alphas
/// that includes the exact-integer cases (alpha 0 gives exactly 255, black at alpha 1 exactly 0).
@Test("the faded grey is ⌊255 + (Y − 255) × alpha × a/255⌋ for every pixel", arguments: [0.1, 0.5, 1])
func fadedGreyFormula(alpha: Double) throws {
    let levels = stride(from: 0, through: 255, by: 17).map { UInt8($0) }
    let alphas: [UInt8] = [0, 1, 51, 128, 254, 255]
    var pixels: [UInt8] = []
    for r in levels { for g in levels { for b in levels { for a in alphas { pixels += [r, g, b, a] } } } }
    let count = pixels.count / 4
    let image = try RGBAImage(width: count, height: 1, pixels: pixels)
    let diff = try #require(try PixelDiff.compare(image, image, options: .init(alpha: alpha)).diffImage)
    for index in 0..<count {
        let (r, g, b, a) = (
            Double(pixels[index * 4]), Double(pixels[index * 4 + 1]), Double(pixels[index * 4 + 2]),
            Double(pixels[index * 4 + 3])
        )
        let luma = r * 0.29889531 + g * 0.58662247 + b * 0.11448223
        let grey = UInt8((255 + (luma - 255) * (alpha / 255 * a)).rounded(.down))
        #expect(diff.pixels[index * 4..<index * 4 + 4] == [grey, grey, grey, 255][...], "pixel \(index)")
    }
}
