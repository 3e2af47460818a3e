import CGD
import PixelDiff

/// PNG encoding and decoding through libgd.
public enum PNGCodec {
    /// Why a PNG could not be read.
    public enum DecodeError: Error, Hashable, CustomStringConvertible {
        case empty
        case notPNG
        case corrupt
        case tooLarge(width: Int, height: Int)

        public var description: String {
            switch self {
            case .empty: "the file is empty"
            case .notPNG: "not a PNG file (bad signature)"
            case .corrupt: "corrupt or truncated PNG data"
            case let .tooLarge(width, height):
                "image \(width)×\(height) exceeds the limit of \(RenderLimits.maxDimension) pixels per side"
            }
        }
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// Encodes an image. The same pixels always give the same bytes: libgd writes no timestamp or other metadata.
    public static func encode(_ image: RGBAImage) -> [UInt8] {
        guard let gdImage = GDImage(image) else { return [] }
        return gdImage.pngData()
    }

    /// Decodes a PNG of any colour type into straight-alpha RGBA.
    public static func decode(_ bytes: [UInt8]) throws(DecodeError) -> RGBAImage {
        guard !bytes.isEmpty else { throw .empty }
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { throw .notPNG }
        // Read the IHDR size before libgd allocates, so a forged header cannot demand gigabytes.
        if bytes.count >= 24 {
            let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }
            let height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
            if width > RenderLimits.maxDimension || height > RenderLimits.maxDimension {
                throw .tooLarge(width: width, height: height)
            }
            // libpng would print its own "Image width is zero" warning to stderr before failing.
            if width == 0 || height == 0 { throw .corrupt }
        }
        cgd_silence_errors()
        var copy = bytes
        let pointer = copy.withUnsafeMutableBytes { buffer in
            gdImageCreateFromPngPtr(Int32(buffer.count), buffer.baseAddress)
        }
        guard let pointer else { throw .corrupt }
        let image = GDImage(owning: pointer)
        if pointer.pointee.trueColor == 0 { gdImagePaletteToTrueColor(pointer) }
        return image.rgba()
    }
}

/// The bounds the renderer enforces so a case cannot exhaust memory.
public enum RenderLimits {
    /// The largest width or height of a canvas or a decoded PNG.
    public static let maxDimension = 8192
}

/// Owns one libgd true-colour image and frees it on deinit.
final class GDImage {
    let pointer: gdImagePtr

    init(owning pointer: gdImagePtr) { self.pointer = pointer }

    /// A new transparent image, or nil when libgd cannot allocate it.
    init?(width: Int, height: Int) {
        guard let pointer = gdImageCreateTrueColor(Int32(width), Int32(height)) else { return nil }
        self.pointer = pointer
        gdImageAlphaBlending(pointer, 0)
        gdImageSaveAlpha(pointer, 1)
        gdImageFilledRectangle(pointer, 0, 0, Int32(width - 1), Int32(height - 1), cgd_true_color_alpha(0, 0, 0, 127))
        gdImageAlphaBlending(pointer, 1)
    }

    convenience init?(_ image: RGBAImage) {
        self.init(width: max(image.width, 1), height: max(image.height, 1))
        gdImageAlphaBlending(pointer, 0)
        image.pixels.withUnsafeBufferPointer { bytes in
            for y in 0..<image.height {
                let row = pointer.pointee.tpixels[y]!
                for x in 0..<image.width {
                    let offset = (y * image.width + x) * 4
                    row[x] = GDImage.gdColor(
                        red: bytes[offset], green: bytes[offset + 1], blue: bytes[offset + 2], alpha: bytes[offset + 3])
                }
            }
        }
        gdImageAlphaBlending(pointer, 1)
    }

    deinit { gdImageDestroy(pointer) }

    var width: Int { Int(cgd_width(pointer)) }
    var height: Int { Int(cgd_height(pointer)) }

    /// libgd keeps 7-bit alpha where 127 is transparent; 8-bit alpha maps onto it the way libgd's PNG reader does.
    static func gdColor(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) -> Int32 {
        cgd_true_color_alpha(Int32(red), Int32(green), Int32(blue), Int32(255 - alpha) >> 1)
    }

    /// The pixels as straight-alpha RGBA, with 7-bit alpha widened the way libgd's PNG writer does.
    func rgba() -> RGBAImage {
        let width = self.width
        let height = self.height
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        pixels.withUnsafeMutableBufferPointer { bytes in
            for y in 0..<height {
                let row = pointer.pointee.tpixels[y]!
                for x in 0..<width {
                    let color = row[x]
                    let offset = (y * width + x) * 4
                    let alpha7 = (color >> 24) & 0x7F
                    bytes[offset] = UInt8((color >> 16) & 0xFF)
                    bytes[offset + 1] = UInt8((color >> 8) & 0xFF)
                    bytes[offset + 2] = UInt8(color & 0xFF)
                    bytes[offset + 3] = UInt8(255 - ((alpha7 << 1) + (alpha7 >> 6)))
                }
            }
        }
        // The buffer was sized from the same width and height just above, so the check cannot fail.
        return try! RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// PNG bytes at zlib level 6: deterministic for a given zlib, and much faster than 9 for similar size.
    func pngData() -> [UInt8] {
        var size: Int32 = 0
        guard let data = gdImagePngPtrEx(pointer, &size, 6) else { return [] }
        defer { gdFree(data) }
        return Array(UnsafeRawBufferPointer(start: data, count: Int(size)))
    }
}
