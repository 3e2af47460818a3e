/// A raster image as 8-bit RGBA bytes, row-major from the top-left, with straight (not premultiplied) alpha.
///
/// Contract: the throwing initialiser guarantees `pixels.count == width * height * 4`. The properties stay
/// `var` for callers that build images in place; `PixelDiff.compare` re-checks the invariant and throws
/// `.invalidBuffer` instead of reading out of bounds if a mutation broke it.
public struct RGBAImage: Hashable, Sendable {
    /// Width in pixels, never negative.
    public var width: Int
    /// Height in pixels, never negative.
    public var height: Int
    /// `width * height` pixels of four bytes each: red, green, blue, alpha.
    public var pixels: [UInt8]

    /// Wraps a pixel buffer after checking that it holds exactly `width × height` RGBA pixels.
    ///
    /// Throws `PixelDiff.Failure.invalidBuffer` for a negative dimension, a byte count that does not match,
    /// or dimensions whose byte count overflows `Int`.
    public init(width: Int, height: Int, pixels: [UInt8]) throws(PixelDiff.Failure) {
        self.init(uncheckedWidth: width, height: height, pixels: pixels)
        try checkWellFormed()
    }

    /// The number of bytes a `width × height` RGBA buffer needs, or `nil` when a dimension is negative
    /// or the product overflows.
    static func byteCount(width: Int, height: Int) -> Int? {
        guard width >= 0, height >= 0 else { return nil }
        let (area, areaOverflow) = width.multipliedReportingOverflow(by: height)
        let (bytes, bytesOverflow) = area.multipliedReportingOverflow(by: 4)
        return areaOverflow || bytesOverflow ? nil : bytes
    }

    /// Wraps a buffer the caller has already sized as `width × height × 4`.
    init(uncheckedWidth width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// Throws unless the buffer still matches the dimensions (a caller may have mutated the `var`s).
    func checkWellFormed() throws(PixelDiff.Failure) {
        guard Self.byteCount(width: width, height: height) == pixels.count else {
            throw .invalidBuffer(width: width, height: height, byteCount: pixels.count)
        }
    }
}
