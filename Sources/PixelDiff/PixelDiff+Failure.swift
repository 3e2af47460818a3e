extension PixelDiff {
    /// Why two images could not be compared. The `description` is the message a CLI prints verbatim.
    public enum Failure: Error, Hashable, Sendable, CustomStringConvertible {
        /// The images have different dimensions; pixel positions would not correspond.
        case sizeMismatch(expectedWidth: Int, expectedHeight: Int, actualWidth: Int, actualHeight: Int)
        /// A buffer does not hold `width × height × 4` bytes (or a dimension is negative or overflows).
        case invalidBuffer(width: Int, height: Int, byteCount: Int)

        public var description: String {
            switch self {
            case let .sizeMismatch(expectedWidth, expectedHeight, actualWidth, actualHeight):
                "image sizes differ: expected \(expectedWidth)×\(expectedHeight),"
                    + " actual \(actualWidth)×\(actualHeight)"
            case let .invalidBuffer(width, height, byteCount):
                "pixel buffer holds \(byteCount) bytes, which is not \(width)×\(height) RGBA pixels of 4 bytes each"
            }
        }
    }
}
