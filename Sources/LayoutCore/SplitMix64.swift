/// SplitMix64 (Steele, Lea and Flood, 2014): a 64-bit generator whose whole algorithm is the six lines below.
/// **Why not `SystemRandomNumberGenerator` or `Int.random(in:using:)`**: the corpus must be byte-identical on every
/// platform and toolchain, so every draw goes through these methods, whose arithmetic is fixed here (wrapping
/// adds and multiplies, and a plain modulo for ranges: its tiny bias is harmless and, above all, stable).
/// It deliberately does not conform to `RandomNumberGenerator`, so that no standard-library sampler can creep in.
public struct SplitMix64: Hashable, Sendable {
    public private(set) var state: UInt64

    public init(seed: UInt64) { state = seed }

    /// A generator for item `index` of the stream `seed`: each generated case draws from its own generator, so
    /// case 700 is the same whether or not cases 0…699 were generated first.
    public init(seed: UInt64, index: Int) {
        var mixer = SplitMix64(seed: seed ^ (UInt64(truncatingIfNeeded: index) &* 0xD6E8_FEB8_6659_FD93))
        state = mixer.next()
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in `range` (both ends included).
    public mutating func int(in range: ClosedRange<Int>) -> Int {
        range.lowerBound + Int(next() % UInt64(range.upperBound - range.lowerBound + 1))
    }

    /// An even number in `range` (whose ends are even), as a length: even lengths halve to whole pixels when
    /// something is centred.
    public mutating func even(in range: ClosedRange<Int>) -> Double {
        Double(2 * int(in: range.lowerBound / 2...range.upperBound / 2))
    }

    /// True with probability `percent` / 100.
    public mutating func chance(_ percent: Int) -> Bool { int(in: 0...99) < percent }

    /// One of `items`, which must not be empty.
    public mutating func pick<Item>(_ items: [Item]) -> Item { items[int(in: 0...items.count - 1)] }
}
