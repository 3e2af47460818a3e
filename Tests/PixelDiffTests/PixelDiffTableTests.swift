import PixelDiff
import Testing

/// One row of pixelmatch's style of test: two images, options, and the counts derived by hand.
struct DiffCase: Sendable, CustomTestStringConvertible {
    let name: String
    let expected: RGBAImage
    let actual: RGBAImage
    var threshold = 0.1
    var includeAntiAliased = false
    let mismatched: Int
    let antiAliased: Int

    var testDescription: String { name }
}

// With the default threshold 0.1 a pixel differs when its squared YIQ delta exceeds 35215 × 0.1² = 352.15.
// For an opaque difference d = (Δr, Δg, Δb): y = 0.29889531Δr + 0.58662247Δg + 0.11448223Δb,
// i = 0.59597799Δr − 0.27417610Δg − 0.32180189Δb, q = 0.21147017Δr − 0.52261711Δg + 0.31114694Δb,
// delta = 0.5053y² + 0.299i² + 0.1957q².
let diffCases: [DiffCase] = [
    // White against black: y = 255 × 1.00000001, i = q = 0, delta = 0.5053 × 255.0000026² ≈ 32857 > 352.15.
    // Solid images have no slopes, so no pixel is anti-aliasing: all 4 × 4 = 16 count.
    DiffCase(
        name: "solid white vs black", expected: Fixture.solid(4, 4, Fixture.white),
        actual: Fixture.solid(4, 4, Fixture.black), mismatched: 16, antiAliased: 0),
    // Δr = 2: y = 0.598, i = 1.192, q = 0.423, delta = 0.5053 × 0.357 + 0.299 × 1.421 + 0.1957 × 0.179 ≈ 0.64,
    // under 352.15: nothing counts.
    DiffCase(
        name: "solid near-identical greys", expected: Fixture.solid(4, 4, [100, 100, 100, 255]),
        actual: Fixture.solid(4, 4, [102, 100, 100, 255]), mismatched: 0, antiAliased: 0),
    // The same pair at threshold 0 (limit 0): 0.64 > 0, all 16 count.
    DiffCase(
        name: "solid near-identical greys at threshold 0", expected: Fixture.solid(4, 4, [100, 100, 100, 255]),
        actual: Fixture.solid(4, 4, [102, 100, 100, 255]), threshold: 0, mismatched: 16, antiAliased: 0),
    // A black 1-px line across row 2 of a 5 × 5 white image: 5 pixels differ by 32857. In the actual image a
    // line pixel has only 2 equal neighbours (the line) and every other neighbour is brighter, so there is
    // no darker extreme: not anti-aliasing. All 5 count.
    DiffCase(
        name: "1-px line", expected: Fixture.solid(5, 5, Fixture.white),
        actual: Fixture.solid(5, 5, Fixture.white).filling(x: 0, y: 2, width: 5, height: 1, with: Fixture.black),
        mismatched: 5, antiAliased: 0),
    // A 3 × 3 black square at (2, 2) moves one pixel right: column 2 (rows 2…4) turns white and column 5
    // turns black, 6 pixels. Each of them has ≥ 3 equal neighbours in both images (the square's body or
    // the white field), so none is anti-aliasing.
    DiffCase(
        name: "shifted rectangle", expected: shiftedSquare(at: 2), actual: shiftedSquare(at: 3),
        mismatched: 6, antiAliased: 0),
    // Black | grey | white columns (7 × 5, the grey column 3 is a hand-made anti-aliased edge); the actual
    // image darkens the edge from 128 to 64: delta = 0.5053 × 64.0000006² ≈ 2070 > 352.15 for 5 pixels.
    // In the expected image each edge pixel sees a darker (black) and a brighter (white) neighbour, only
    // 2 equal ones (border credit or the column), and the white extreme sits in a flat white region of
    // both images: anti-aliasing. 5 excused, 0 counted.
    DiffCase(
        name: "anti-aliased edge", expected: edge(grey: 128), actual: edge(grey: 64),
        mismatched: 0, antiAliased: 5),
    // The same edge with anti-aliasing included: all 5 count, and detection is skipped.
    DiffCase(
        name: "anti-aliased edge, included", expected: edge(grey: 128), actual: edge(grey: 64),
        includeAntiAliased: true, mismatched: 5, antiAliased: 0),
    // Fully transparent pixels composite to white: against opaque white the delta is 0 even at threshold 0.
    DiffCase(
        name: "transparent vs opaque white", expected: Fixture.solid(2, 2, Fixture.transparent),
        actual: Fixture.solid(2, 2, Fixture.white), threshold: 0, mismatched: 0, antiAliased: 0),
    // Transparent (white once composited) against opaque black: 32857 > 352.15, all 4 count.
    DiffCase(
        name: "transparent vs opaque black", expected: Fixture.solid(2, 2, Fixture.transparent),
        actual: Fixture.solid(2, 2, Fixture.black), mismatched: 4, antiAliased: 0),
    // Two invisible colours are equal: red and blue at alpha 0 both composite to white.
    DiffCase(
        name: "transparent red vs transparent blue", expected: Fixture.solid(2, 2, [255, 0, 0, 0]),
        actual: Fixture.solid(2, 2, [0, 0, 255, 0]), threshold: 0, mismatched: 0, antiAliased: 0),
    // Black at alpha 51 (0.2) composites to 255 + (0 − 255) × 0.2 = 204: it matches opaque grey 204.
    DiffCase(
        name: "translucent black vs its composite", expected: Fixture.solid(3, 3, [0, 0, 0, 51]),
        actual: Fixture.solid(3, 3, [204, 204, 204, 255]), mismatched: 0, antiAliased: 0),
    // 1 × 1: the pixel has no neighbours, so no slope and no anti-aliasing; 32857 > 352.15 counts.
    DiffCase(
        name: "1x1", expected: Fixture.solid(1, 1, Fixture.white), actual: Fixture.solid(1, 1, Fixture.black),
        mismatched: 1, antiAliased: 0),
    DiffCase(
        name: "0x0", expected: Fixture.solid(0, 0, Fixture.white), actual: Fixture.solid(0, 0, Fixture.black),
        mismatched: 0, antiAliased: 0),
    DiffCase(
        name: "0x3", expected: Fixture.solid(0, 3, Fixture.white), actual: Fixture.solid(0, 3, Fixture.black),
        mismatched: 0, antiAliased: 0),
]

/// An 8 × 8 white image with a 3 × 3 black square whose left column is `x`, top row 2.
func shiftedSquare(at x: Int) -> RGBAImage {
    Fixture.solid(8, 8, Fixture.white).filling(x: x, y: 2, width: 3, height: 3, with: Fixture.black)
}

/// 7 × 5: columns 0…2 black, column 3 the given grey, columns 4…6 white.
func edge(grey: UInt8) -> RGBAImage {
    Fixture.solid(7, 5, Fixture.white)
        .filling(x: 0, y: 0, width: 3, height: 5, with: Fixture.black)
        .filling(x: 3, y: 0, width: 1, height: 5, with: [grey, grey, grey, 255])
}

@Test("mismatch counts", arguments: diffCases)
func mismatchCounts(_ row: DiffCase) throws {
    let options = PixelDiff.Options(threshold: row.threshold, includeAntiAliased: row.includeAntiAliased)
    let result = try PixelDiff.compare(row.expected, row.actual, options: options)
    #expect(result.mismatchedPixels == row.mismatched)
    #expect(result.antiAliasedPixels == row.antiAliased)
    #expect(result.totalPixels == row.expected.width * row.expected.height)
}

@Test(
    "counts are symmetric: the delta's magnitude and the two-sided anti-aliasing test ignore order",
    arguments: diffCases)
func symmetry(_ row: DiffCase) throws {
    let options = PixelDiff.Options(threshold: row.threshold, includeAntiAliased: row.includeAntiAliased)
    let forward = try PixelDiff.compare(row.expected, row.actual, options: options)
    let backward = try PixelDiff.compare(row.actual, row.expected, options: options)
    #expect(forward.mismatchedPixels == backward.mismatchedPixels)
    #expect(forward.antiAliasedPixels == backward.antiAliasedPixels)
}
