/// Read-only access to an RGBA buffer one 32-bit pixel at a time.
///
/// Contract: valid only inside the `withUnsafeBytes` call that produced `base`, for indices in
/// `0 ..< width * height`. Unaligned loads keep it independent of the array's storage alignment, and
/// `littleEndian` keeps red in the low byte on any host.
struct PixelWords {
    let base: UnsafeRawPointer
    let width: Int
    let height: Int

    @inline(__always)
    subscript(index: Int) -> UInt32 {
        UInt32(littleEndian: base.loadUnaligned(fromByteOffset: index &* 4, as: UInt32.self))
    }

    @inline(__always)
    subscript(x: Int, y: Int) -> UInt32 { self[y &* width &+ x] }
}

/// The 3×3 neighbourhood of a pixel, clipped to the image.
struct Neighbourhood {
    let minX: Int, maxX: Int, minY: Int, maxY: Int
    /// How many of the eight neighbour slots fall outside the image count as "equal" siblings. pixelmatch
    /// counts 1 for any pixel on the border, whatever the number of missing neighbours; we keep that quirk
    /// so counts agree with it.
    let borderCredit: Int

    @inline(__always)
    init(x: Int, y: Int, width: Int, height: Int) {
        minX = Swift.max(x - 1, 0)
        maxX = Swift.min(x + 1, width - 1)
        minY = Swift.max(y - 1, 0)
        maxY = Swift.min(y + 1, height - 1)
        borderCredit = x == minX || x == maxX || y == minY || y == maxY ? 1 : 0
    }
}

/// Write access to the diff image's pixels, one 32-bit word at a time; valid inside the initializer
/// closure of the array that owns it.
struct DiffCanvas {
    let base: UnsafeMutableRawPointer

    @inline(__always)
    func draw(_ word: UInt32, at index: Int) {
        base.storeBytes(of: word.littleEndian, toByteOffset: index &* 4, as: UInt32.self)
    }
}
