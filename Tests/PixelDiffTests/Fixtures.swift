import PixelDiff

/// Small synthetic images for the tests, built pixel by pixel so every expected count can be derived by hand.
enum Fixture {
    static let white: [UInt8] = [255, 255, 255, 255]
    static let black: [UInt8] = [0, 0, 0, 255]
    static let red: [UInt8] = [255, 0, 0, 255]
    static let cyan: [UInt8] = [0, 255, 255, 255]
    static let transparent: [UInt8] = [0, 0, 0, 0]

    /// A `width × height` image of one colour.
    static func solid(_ width: Int, _ height: Int, _ rgba: [UInt8]) -> RGBAImage {
        try! RGBAImage(
            width: width, height: height,
            pixels: Array((0..<(width * height)).map { _ in rgba }.joined()))
    }

    /// A deterministic noisy opaque image (a linear congruential generator), for the invariants.
    static func noise(_ width: Int, _ height: Int, seed: UInt64) -> RGBAImage {
        var state = seed
        var pixels: [UInt8] = []
        for index in 0..<(width * height * 4) {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            pixels.append(index % 4 == 3 ? 255 : UInt8(truncatingIfNeeded: state >> 56))
        }
        return try! RGBAImage(width: width, height: height, pixels: pixels)
    }
}

extension RGBAImage {
    /// A copy with the given pixels recoloured.
    func setting(_ points: [(x: Int, y: Int)], to rgba: [UInt8]) -> RGBAImage {
        var copy = self
        for point in points {
            let offset = (point.y * width + point.x) * 4
            copy.pixels.replaceSubrange(offset..<(offset + 4), with: rgba)
        }
        return copy
    }

    /// A copy with the rectangle `x ..< x + w`, `y ..< y + h` recoloured.
    func filling(x: Int, y: Int, width w: Int, height h: Int, with rgba: [UInt8]) -> RGBAImage {
        setting((x..<(x + w)).flatMap { px in (y..<(y + h)).map { py in (px, py) } }, to: rgba)
    }

    /// The four bytes of the pixel at (x, y).
    func pixel(x: Int, y: Int) -> [UInt8] {
        let offset = (y * width + x) * 4
        return Array(pixels[offset..<(offset + 4)])
    }

    /// How many pixels differ in any byte.
    func changedPixels(against other: RGBAImage) -> Int {
        (0..<(width * height)).count { index in
            pixels[(index * 4)..<(index * 4 + 4)] != other.pixels[(index * 4)..<(index * 4 + 4)]
        }
    }
}
