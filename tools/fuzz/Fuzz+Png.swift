// libFuzzer target 3: PNG decoding and PixelDiff. A decoded image must compare equal to itself, survive an
// encode/decode round trip unchanged, and differ from a one-byte change of itself in at most one pixel.
import GDRender
import PixelDiff

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNG(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    let bytes = [UInt8](UnsafeRawBufferPointer(start: data, count: size))
    // 1. Skip legal but big canvases (up to 8192² would be gigabytes per run); over-limit ones still go through.
    if bytes.count >= 24 {
        let width = bytes[16..<20].reduce(0) { $0 << 8 | Int($1) }, height = bytes[20..<24].reduce(0) { $0 << 8 | Int($1) }
        if width <= RenderLimits.maxDimension, height <= RenderLimits.maxDimension, width * height > 512 * 512 { return -1 }
    }
    guard let image = try? PNGCodec.decode(bytes) else { return 0 }
    // 2. The decoder's contract.
    guard image.width >= 1, image.height >= 1, image.pixels.count == image.width * image.height * 4 else {
        fatalError("decoded image \(image.width)×\(image.height) holds \(image.pixels.count) bytes")
    }
    // 3. Identity, round trip, one changed byte.
    do {
        let same = try PixelDiff.compare(image, image, options: .init(threshold: 0, includeAntiAliased: true))
        guard same.mismatchedPixels == 0 else { fatalError("an image differs from itself in \(same.mismatchedPixels) pixels") }
        let again = try PNGCodec.decode(PNGCodec.encode(image))
        guard again == image else { fatalError("encode/decode round trip changed the pixels") }
        var changed = image
        let offset = Int(bytes[bytes.count / 2]) * 7919 % changed.pixels.count
        changed.pixels[offset] ^= 0xFF
        let diff = try PixelDiff.compare(image, changed, options: .init(threshold: 0))
        guard diff.mismatchedPixels + diff.antiAliasedPixels <= 1 else {
            fatalError("one changed byte made \(diff.mismatchedPixels) mismatches and \(diff.antiAliasedPixels) anti-aliased pixels")
        }
        guard diff.diffImage?.pixels.count == image.pixels.count else { fatalError("diff image of the wrong size") }
        // Different sizes are an error, never a crash.
        let small = try RGBAImage(width: 1, height: 1, pixels: [0, 0, 0, 0])
        if image.width != 1 || image.height != 1 { _ = try? PixelDiff.compare(image, small) }
    } catch {
        fatalError("comparing a decoded image failed: \(error)")
    }
    return 0
}
