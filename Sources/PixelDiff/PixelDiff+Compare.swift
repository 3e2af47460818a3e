extension PixelDiff {
    /// Compares `actual` against `expected` pixel by pixel.
    ///
    /// Contract: throws only for images of different sizes or malformed buffers; any pair of well-formed,
    /// equal-sized images (including 0×0) yields a result. Comparing an image with itself yields 0 mismatches
    /// at every threshold. The diff image draws mismatches in `diffColor` (or `diffColorAlt` where the
    /// actual pixel is darker), excused anti-aliasing in `antiAliasedColor`, and everything else as the
    /// expected image's luma faded towards white with opacity `alpha`.
    public static func compare(
        _ expected: RGBAImage, _ actual: RGBAImage, options: Options = .init()
    ) throws(Failure) -> Result {
        // 1. Refuse what cannot be compared: malformed buffers, then different sizes.
        try expected.checkWellFormed()
        try actual.checkWellFormed()
        guard expected.width == actual.width, expected.height == actual.height else {
            throw .sizeMismatch(
                expectedWidth: expected.width, expectedHeight: expected.height,
                actualWidth: actual.width, actualHeight: actual.height)
        }

        // 2. Scan both buffers inside one pair of pointer scopes; the diff image is filled in place.
        let totalPixels = expected.width * expected.height
        var counts = (mismatched: 0, antiAliased: 0)
        let diffPixels: [UInt8]? = expected.pixels.withUnsafeBytes { expectedBytes in
            actual.pixels.withUnsafeBytes { actualBytes in
                guard totalPixels > 0, let expectedBase = expectedBytes.baseAddress,
                    let actualBase = actualBytes.baseAddress
                else { return options.diffImage ? [] : nil }
                let scan = Scan(
                    expected: PixelWords(base: expectedBase, width: expected.width, height: expected.height),
                    actual: PixelWords(base: actualBase, width: actual.width, height: actual.height),
                    options: options)
                guard options.diffImage else {
                    counts = scan.run(canvas: nil)
                    return nil
                }
                return [UInt8](unsafeUninitializedCapacity: totalPixels * 4) { buffer, initialized in
                    counts = scan.run(canvas: DiffCanvas(base: UnsafeMutableRawPointer(buffer.baseAddress!)))
                    initialized = totalPixels * 4
                }
            }
        }

        // 3. Wrap the diff buffer; it has the inputs' dimensions by construction.
        let diffImage = diffPixels.map {
            RGBAImage(uncheckedWidth: expected.width, height: expected.height, pixels: $0)
        }
        return Result(
            mismatchedPixels: counts.mismatched, antiAliasedPixels: counts.antiAliased,
            totalPixels: totalPixels, diffImage: diffImage)
    }
}
