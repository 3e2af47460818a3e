extension PixelDiff {
    /// One comparison's loop state: the two images, the resolved options, and nothing that allocates.
    struct Scan {
        let expected: PixelWords
        let actual: PixelWords
        let maxDelta: Double
        /// Opaque pairs whose squared RGB distance is at most this are under the threshold (see
        /// `PixelDiff.deltaPerSquaredDistance`); 0 at threshold 0, where nothing may be skipped.
        let surelySimilarDistance: Double
        let includeAntiAliased: Bool
        let fade: Double
        let diffMask: Bool
        let diffWord: UInt32
        let darkerDiffWord: UInt32
        let antiAliasedWord: UInt32

        init(expected: PixelWords, actual: PixelWords, options: PixelDiff.Options) {
            self.expected = expected
            self.actual = actual
            let threshold = options.threshold.unitClamped(nanFallback: 0.1)
            maxDelta = PixelDiff.maximumDelta * threshold * threshold
            surelySimilarDistance = maxDelta / PixelDiff.deltaPerSquaredDistance
            includeAntiAliased = options.includeAntiAliased
            fade = options.alpha.unitClamped(nanFallback: 0.1)
            diffMask = options.diffMask
            diffWord = options.diffColor.opaqueWord
            darkerDiffWord = (options.diffColorAlt ?? options.diffColor).opaqueWord
            antiAliasedWord = options.antiAliasedColor.opaqueWord
        }

        var pixelCount: Int { expected.width * expected.height }

        /// Counts mismatched and anti-aliased pixels, drawing every pixel of `canvas` when one is given.
        func run(canvas: DiffCanvas?) -> (mismatched: Int, antiAliased: Int) {
            // 1. The background first: the faded expected image, or transparency for a mask. Every later step
            //    only overwrites the pixels over the threshold.
            if let canvas {
                if diffMask {
                    canvas.base.initializeMemory(as: UInt8.self, repeating: 0, count: pixelCount * 4)
                } else {
                    drawFadedBackground(on: canvas)
                }
            }

            // 2. Jump from difference to difference; identical runs go by at memory speed. When the first
            //    search finds nothing, this is the fast path for identical buffers.
            var mismatched = 0
            var antiAliased = 0
            var next = firstDifference(from: 0)
            while let index = next {
                next = firstDifference(from: index + 1)
                // 3. Classify the pixel: under the threshold, anti-aliasing, or a mismatch.
                let expectedWord = expected[index]
                let actualWord = actual[index]
                if let distance = PixelDiff.opaqueSquaredDistance(expectedWord, actualWord),
                    Double(distance) <= surelySimilarDistance
                {
                    continue
                }
                let delta = PixelDiff.colorDelta(expected: expectedWord, actual: actualWord)
                if abs(delta) <= maxDelta { continue }
                if !includeAntiAliased && isAntiAliased(at: index) {
                    antiAliased += 1
                    if !diffMask { canvas?.draw(antiAliasedWord, at: index) }
                } else {
                    mismatched += 1
                    canvas?.draw(delta < 0 ? darkerDiffWord : diffWord, at: index)
                }
            }
            return (mismatched, antiAliased)
        }

        /// Whether the pixel is anti-aliasing in either image. Kept out of line: it runs only for pixels over
        /// the threshold, and inlining it would bloat the hot loop.
        @inline(never)
        func isAntiAliased(at index: Int) -> Bool {
            let (y, x) = index.quotientAndRemainder(dividingBy: expected.width)
            return expected.isAntiAliased(x: x, y: y, other: actual)
                || actual.isAntiAliased(x: x, y: y, other: expected)
        }

        /// The index of the first pixel at or after `start` whose words differ, or `nil` if none does. Compares
        /// two pixels per 64-bit load, then tells which of the pair differs.
        @inline(__always)
        func firstDifference(from start: Int) -> Int? {
            var index = start
            while index &+ 2 <= pixelCount {
                let offset = index &* 4
                let pair =
                    UInt64(littleEndian: expected.base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                    ^ UInt64(littleEndian: actual.base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
                if pair != 0 { return pair & 0xFFFF_FFFF != 0 ? index : index &+ 1 }
                index &+= 2
            }
            return index < pixelCount && expected[index] != actual[index] ? index : nil
        }

        /// Draws every pixel as the expected pixel's luma, faded towards white: `255 + (Y − 255) × alpha × a/255`,
        /// truncated to an integer as pixelmatch's byte arrays (and pixelmatch-fast's `np.uint8`) do, so the
        /// diff images agree byte for byte.
        ///
        /// Branch-free and check-free so the compiler vectorises it. The value stays within 0...255.0000027
        /// (Y ≤ 255 × 1.00000001 and the fade is clamped to 0...1), so it needs no clamp. Adding and removing
        /// 1.5 × 2⁵² rounds to the nearest integer in the FPU; stepping down when that overshot gives the
        /// floor; adding 1.5 × 2⁵² once more leaves the integer in the low bits of the pattern.
        func drawFadedBackground(on canvas: DiffCanvas) {
            let opacityPerAlphaStep = fade / 255
            let roundingShift = 6_755_399_441_055_744.0
            for index in 0..<pixelCount {
                let word = expected[index]
                let luma = PixelDiff.luma(
                    red: Double(Int32(truncatingIfNeeded: word & 0xFF)),
                    green: Double(Int32(truncatingIfNeeded: word >> 8 & 0xFF)),
                    blue: Double(Int32(truncatingIfNeeded: word >> 16 & 0xFF)))
                let value = 255 + (luma - 255) * (opacityPerAlphaStep * Double(Int32(truncatingIfNeeded: word >> 24)))
                let nearest = (value + roundingShift) - roundingShift
                let floor = nearest > value ? nearest - 1 : nearest
                let grey = UInt32(truncatingIfNeeded: (floor + roundingShift).bitPattern)
                canvas.draw(grey &* 0x0001_0101 | 0xFF00_0000, at: index)
            }
        }
    }
}
