import PixelDiff
import Testing

/// The colour metric against the formula written out independently here (Kotsarenko & Ramos's YIQ weights),
/// on 1 × 1 images so anti-aliasing cannot interfere. Small random differences straddle the threshold,
/// which checks that the shortcut for small opaque differences never drops a pixel that counts.
@Test("1×1 pairs count exactly when the YIQ delta exceeds 35215 × threshold²", arguments: [0.05, 0.1, 0.2])
func colorMetric(threshold: Double) throws {
    var state: UInt64 = 42
    func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int(state >> 33) % bound
    }
    var counted = 0
    var predicted = 0
    for _ in 0..<3000 {
        let first = (0..<3).map { _ in 40 + next(176) }
        let spread = 1 + next(Int(threshold * 600))  // scales with the threshold so both sides are sampled
        let second = first.map { min(max($0 + next(2 * spread + 1) - spread, 0), 255) }
        let (dr, dg, db) = (Double(first[0] - second[0]), Double(first[1] - second[1]), Double(first[2] - second[2]))
        let y = 0.29889531 * dr + 0.58662247 * dg + 0.11448223 * db
        let i = 0.59597799 * dr - 0.27417610 * dg - 0.32180189 * db
        let q = 0.21147017 * dr - 0.52261711 * dg + 0.31114694 * db
        let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
        if delta > 35215 * threshold * threshold { predicted += 1 }

        let expected = try RGBAImage(width: 1, height: 1, pixels: first.map { UInt8($0) } + [255])
        let actual = try RGBAImage(width: 1, height: 1, pixels: second.map { UInt8($0) } + [255])
        counted += try PixelDiff.compare(expected, actual, options: .init(threshold: threshold)).mismatchedPixels
    }
    #expect(predicted > 300 && predicted < 2700)  // the sample really straddles the threshold
    #expect(counted == predicted)
}
