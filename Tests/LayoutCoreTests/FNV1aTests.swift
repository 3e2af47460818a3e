import LayoutCore
import Testing

struct FNV1aTests {
    /// The published 64-bit FNV-1a test vectors: the hash must never change, or every shard, seeded leaf and long page
    /// name would move.
    @Test(arguments: [
        ("", 0xcbf2_9ce4_8422_2325 as UInt64), ("a", 0xaf63_dc4c_8601_ec8c), ("foobar", 0x8594_4171_f739_67e8),
    ])
    func publishedVectors(text: String, hash: UInt64) {
        #expect(FNV1a.hash(text.utf8) == hash)
    }

    @Test func hexHasSixteenDigits() {
        #expect(FNV1a.hex("a".utf8) == "af63dc4c8601ec8c")
        #expect(FNV1a.hex([UInt8]()).count == 16)
    }
}
