// The perceptual colour metric: Kotsarenko & Ramos, "Measuring perceived color difference using YIQ NTSC
// transmission color space in mobile applications", as pixelmatch uses it. Pixels are little-endian
// RGBA words (red in the low byte) so a whole pixel is one load and one compare.

/// A pixel composited over white, each channel in 0...255.
struct CompositedColor {
    var red: Double
    var green: Double
    var blue: Double

    /// Composites a straight-alpha pixel word over white. Opaque pixels pass through unchanged, which keeps
    /// the common case free of the three multiplies.
    @inline(__always)
    init(_ word: UInt32) {
        red = Double(word & 0xFF)
        green = Double(word >> 8 & 0xFF)
        blue = Double(word >> 16 & 0xFF)
        let alpha = word >> 24
        if alpha < 255 {
            let opacity = Double(alpha) / 255
            red = 255 + (red - 255) * opacity
            green = 255 + (green - 255) * opacity
            blue = 255 + (blue - 255) * opacity
        }
    }

    /// The Y (luma) component of YIQ.
    @inline(__always)
    var luma: Double { PixelDiff.luma(red: red, green: green, blue: blue) }
}

extension PixelDiff {
    // The three YIQ components are linear, so they apply equally to a colour and to a difference of
    // colours; the delta takes the cheaper route of transforming the difference once.

    /// The Y (luma) component of YIQ.
    @inline(__always)
    static func luma(red: Double, green: Double, blue: Double) -> Double {
        red * 0.29889531 + green * 0.58662247 + blue * 0.11448223
    }

    /// The I (in-phase) component of YIQ.
    @inline(__always)
    static func inPhase(red: Double, green: Double, blue: Double) -> Double {
        red * 0.59597799 - green * 0.27417610 - blue * 0.32180189
    }

    /// The Q (quadrature) component of YIQ.
    @inline(__always)
    static func quadrature(red: Double, green: Double, blue: Double) -> Double {
        red * 0.21147017 - green * 0.52261711 + blue * 0.31114694
    }

    /// The squared YIQ distance between two pixels after compositing both over white, signed:
    /// **negative when the actual pixel is darker**.
    ///
    /// Contract: 0 for identical words (and for any two fully transparent pixels, which both composite to
    /// white); otherwise its magnitude is at most `maximumDelta`.
    @inline(__always)
    static func colorDelta(expected: UInt32, actual: UInt32) -> Double {
        if expected == actual { return 0 }
        let first = CompositedColor(expected)
        let second = CompositedColor(actual)
        let red = first.red - second.red
        let green = first.green - second.green
        let blue = first.blue - second.blue
        let y = luma(red: red, green: green, blue: blue)
        let i = inPhase(red: red, green: green, blue: blue)
        let q = quadrature(red: red, green: green, blue: blue)
        let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
        return y > 0 ? -delta : delta
    }

    /// An upper bound on `|colorDelta| / (Δr² + Δg² + Δb²)` for opaque pixels. The delta is the quadratic
    /// form dᵀMd with M = 0.5053·yyᵀ + 0.299·iiᵀ + 0.1957·qqᵀ (y, i, q the coefficient rows above), whose
    /// largest eigenvalue is 0.25608; 0.26 leaves a 1.5 % margin so rounding can never make the bound lie.
    static let deltaPerSquaredDistance = 0.26

    /// The squared RGB distance of two opaque pixels, or `nil` unless both are opaque. With
    /// `deltaPerSquaredDistance` it clears most small differences (renderer noise, a faint tint) without
    /// the floating-point delta.
    @inline(__always)
    static func opaqueSquaredDistance(_ expected: UInt32, _ actual: UInt32) -> Int? {
        guard expected & actual >= 0xFF00_0000 else { return nil }
        let red = Int(expected & 0xFF) &- Int(actual & 0xFF)
        let green = Int(expected >> 8 & 0xFF) &- Int(actual >> 8 & 0xFF)
        let blue = Int(expected >> 16 & 0xFF) &- Int(actual >> 16 & 0xFF)
        return red &* red &+ green &* green &+ blue &* blue
    }

    /// The luma difference `center − neighbour` of two pixels of one image, after compositing over white;
    /// exactly 0 for identical words. The anti-aliasing detector only needs brightness.
    @inline(__always)
    static func lumaDelta(center: UInt32, centerLuma: Double, neighbour: UInt32) -> Double {
        guard center != neighbour else { return 0 }
        return centerLuma - CompositedColor(neighbour).luma
    }
}
