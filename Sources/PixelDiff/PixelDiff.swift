/// A pixelmatch-style comparison of two RGBA images: a perceptual colour threshold, anti-aliasing detection
/// and a diff image.
///
/// Pure: no I/O, no global state. The algorithm follows mapbox/pixelmatch (YIQ colour delta after
/// compositing over white, the Vysniauskas anti-aliasing detector, a faded-grey diff image), written
/// for raw buffers and tight loops. docs/pixeldiff.md records where and why it departs from pixelmatch.
public enum PixelDiff {
    /// An opaque colour for marking pixels in the diff image.
    public struct RGB: Hashable, Sendable {
        public var red: UInt8
        public var green: UInt8
        public var blue: UInt8

        public init(red: UInt8, green: UInt8, blue: UInt8) {
            self.red = red
            self.green = green
            self.blue = blue
        }

        /// pixelmatch's colour for a counted mismatch.
        public static let red = RGB(red: 255, green: 0, blue: 0)
        /// pixelmatch's colour for a difference explained by anti-aliasing.
        public static let yellow = RGB(red: 255, green: 255, blue: 0)

        /// The colour as an opaque pixel word (little-endian RGBA bytes).
        var opaqueWord: UInt32 {
            UInt32(red) | UInt32(green) << 8 | UInt32(blue) << 16 | 0xFF00_0000
        }
    }

    /// How to compare, and what to draw. The defaults are pixelmatch's.
    public struct Options: Hashable, Sendable {
        /// Matching threshold from 0 to 1; smaller is more sensitive. A pixel differs when its squared YIQ
        /// delta exceeds `35215 × threshold²`. **Values outside 0...1 are clamped; NaN means 0.1.**
        public var threshold: Double
        /// Count anti-aliased pixels as mismatches instead of detecting and excusing them.
        public var includeAntiAliased: Bool
        /// Produce `Result.diffImage`. Turning it off skips all drawing.
        public var diffImage: Bool
        /// Opacity of the expected image's grey rendition in the diff image, 0...1 (clamped; NaN means 0.1).
        public var alpha: Double
        /// Colour of counted mismatches.
        public var diffColor: RGB
        /// Colour of counted mismatches where the actual pixel is darker than the expected one;
        /// `nil` uses `diffColor` for both directions.
        public var diffColorAlt: RGB?
        /// Colour of differences excused as anti-aliasing.
        public var antiAliasedColor: RGB
        /// Draw only the counted mismatches over a transparent background (no grey, no anti-aliasing marks).
        public var diffMask: Bool

        public init(
            threshold: Double = 0.1, includeAntiAliased: Bool = false, diffImage: Bool = true,
            alpha: Double = 0.1, diffColor: RGB = .red, diffColorAlt: RGB? = nil,
            antiAliasedColor: RGB = .yellow, diffMask: Bool = false
        ) {
            self.threshold = threshold
            self.includeAntiAliased = includeAntiAliased
            self.diffImage = diffImage
            self.alpha = alpha
            self.diffColor = diffColor
            self.diffColorAlt = diffColorAlt
            self.antiAliasedColor = antiAliasedColor
            self.diffMask = diffMask
        }
    }

    /// The outcome of a comparison.
    public struct Result: Hashable, Sendable {
        /// Pixels whose colour delta exceeds the threshold and that are not excused as anti-aliasing.
        public var mismatchedPixels: Int
        /// Pixels over the threshold that were excused as anti-aliasing. **Always 0 when
        /// `includeAntiAliased` is set**, because detection is skipped (those pixels count as mismatches).
        public var antiAliasedPixels: Int
        /// `width × height`.
        public var totalPixels: Int
        /// Same size as the inputs; `nil` unless `Options.diffImage` is set.
        public var diffImage: RGBAImage?

        public init(mismatchedPixels: Int, antiAliasedPixels: Int, totalPixels: Int, diffImage: RGBAImage?) {
            self.mismatchedPixels = mismatchedPixels
            self.antiAliasedPixels = antiAliasedPixels
            self.totalPixels = totalPixels
            self.diffImage = diffImage
        }
    }

    /// 35215 is the largest squared YIQ delta pixelmatch allows for (the true maximum over opaque colours,
    /// red against cyan, is 35214.75), so threshold 1 never counts a pixel.
    static let maximumDelta: Double = 35215
}

extension Double {
    /// The value clamped to `0...1`, or `fallback` for NaN.
    func unitClamped(nanFallback fallback: Double) -> Double {
        isNaN ? fallback : Swift.min(Swift.max(self, 0), 1)
    }
}
