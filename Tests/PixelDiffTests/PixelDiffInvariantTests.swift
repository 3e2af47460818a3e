import PixelDiff
import Testing

@Suite("invariants")
struct PixelDiffInvariantTests {
    static let thresholds: [Double] = [0, 0.05, 0.1, 0.5, 1]
    static let images: [RGBAImage] = [
        Fixture.noise(13, 7, seed: 1),
        Fixture.solid(3, 3, Fixture.transparent),
        edge(grey: 128),
        shiftedSquare(at: 2),
        Fixture.solid(0, 0, Fixture.white),
    ]

    @Test("an image against itself has no mismatches at any threshold", arguments: images, thresholds)
    func selfComparison(image: RGBAImage, threshold: Double) throws {
        for includeAntiAliased in [false, true] {
            let options = PixelDiff.Options(threshold: threshold, includeAntiAliased: includeAntiAliased)
            let result = try PixelDiff.compare(image, image, options: options)
            #expect(result.mismatchedPixels == 0)
            #expect(result.antiAliasedPixels == 0)
        }
    }

    /// Noise with every seventh pixel recoloured: both images are opaque, so any changed pixel has a
    /// non-zero YIQ delta (the YIQ transform is invertible) and exceeds the limit 0.
    static func changedNoise() -> (RGBAImage, RGBAImage) {
        let expected = Fixture.noise(17, 11, seed: 7)
        let points = stride(from: 0, to: 17 * 11, by: 7).map { (x: $0 % 17, y: $0 / 17) }
        return (expected, expected.setting(points, to: [12, 200, 90, 255]))
    }

    @Test("threshold 0 counts every changed pixel: as a mismatch, or as anti-aliasing when excused")
    func thresholdZero() throws {
        let (expected, actual) = Self.changedNoise()
        let changed = expected.changedPixels(against: actual)
        #expect(changed > 20)  // 27 recoloured positions, minus any that already held the colour

        let included = try PixelDiff.compare(
            expected, actual, options: .init(threshold: 0, includeAntiAliased: true))
        #expect(included.mismatchedPixels == changed)

        let excused = try PixelDiff.compare(expected, actual, options: .init(threshold: 0))
        #expect(excused.mismatchedPixels + excused.antiAliasedPixels == changed)
    }

    /// Pairs at the corners of the RGB cube: the delta is a convex quadratic in the colour difference, so its
    /// maximum over all colours lies at a corner pair. The largest is red against cyan, d = (255, −255, −255):
    /// y = 255 × (0.29889531 − 0.58662247 − 0.11448223) = −102.563, i = 255 × 1.19195598 = 303.949,
    /// q = 255 × 0.42294034 = 107.850, delta = 0.5053 × 10519.25 + 0.299 × 92384.86 + 0.1957 × 11631.57
    /// = 35214.75 ≤ 35215 × 1².
    @Test(
        "threshold 1 counts nothing, even the most distant colours",
        arguments: [
            (Fixture.red, Fixture.cyan), (Fixture.white, Fixture.black), (Fixture.transparent, Fixture.black),
        ])
    func thresholdOne(first: [UInt8], second: [UInt8]) throws {
        let result = try PixelDiff.compare(
            Fixture.solid(3, 3, first), Fixture.solid(3, 3, second),
            options: .init(threshold: 1, includeAntiAliased: true))
        #expect(result.mismatchedPixels == 0)
        // Just under 1 the red/cyan pair counts: 35215 × 0.9999² = 35207.96 < 35214.75.
        let justUnder = try PixelDiff.compare(
            Fixture.solid(3, 3, Fixture.red), Fixture.solid(3, 3, Fixture.cyan),
            options: .init(threshold: 0.9999, includeAntiAliased: true))
        #expect(justUnder.mismatchedPixels == 9)
    }

    @Test("threshold 1 counts nothing on noise")
    func thresholdOneNoise() throws {
        let result = try PixelDiff.compare(
            Fixture.noise(16, 16, seed: 3), Fixture.noise(16, 16, seed: 4),
            options: .init(threshold: 1, includeAntiAliased: true))
        #expect(result.mismatchedPixels == 0)
    }

    @Test("counts are symmetric on noise", arguments: thresholds)
    func noiseSymmetry(threshold: Double) throws {
        let (expected, actual) = Self.changedNoise()
        let forward = try PixelDiff.compare(expected, actual, options: .init(threshold: threshold))
        let backward = try PixelDiff.compare(actual, expected, options: .init(threshold: threshold))
        #expect(forward.mismatchedPixels == backward.mismatchedPixels)
        #expect(forward.antiAliasedPixels == backward.antiAliasedPixels)
    }

    @Test("out-of-range thresholds are clamped and NaN means the default 0.1")
    func thresholdClamping() throws {
        let white = Fixture.solid(2, 2, Fixture.white)
        let black = Fixture.solid(2, 2, Fixture.black)
        #expect(try PixelDiff.compare(white, black, options: .init(threshold: 5)).mismatchedPixels == 0)
        #expect(try PixelDiff.compare(white, black, options: .init(threshold: -1)).mismatchedPixels == 4)
        // Δr = 2 greys: delta 0.64 is over 0 (threshold −1 → 0) but under 352.15 (NaN → 0.1).
        let grey = Fixture.solid(2, 2, [100, 100, 100, 255])
        let nearGrey = Fixture.solid(2, 2, [102, 100, 100, 255])
        #expect(try PixelDiff.compare(grey, nearGrey, options: .init(threshold: -1)).mismatchedPixels == 4)
        #expect(try PixelDiff.compare(grey, nearGrey, options: .init(threshold: .nan)).mismatchedPixels == 0)
    }

    @Test("the identical fast path draws the same background as the full scan")
    func fastPathBackground() throws {
        let (expected, actual) = Self.changedNoise()
        let identical = try #require(try PixelDiff.compare(expected, expected).diffImage)
        let differing = try #require(try PixelDiff.compare(expected, actual).diffImage)
        for index in 0..<(expected.width * expected.height)
        where expected.pixels[index * 4..<index * 4 + 4]
            == actual.pixels[index * 4..<index * 4 + 4]
        {
            #expect(identical.pixels[index * 4..<index * 4 + 4] == differing.pixels[index * 4..<index * 4 + 4])
        }
    }
}
