/// FNV-1a, 64 bits (Fowler, Noll and Vo): a hash whose whole algorithm is the loop below, so that what it decides is
/// the same on every machine, toolchain and run — which shard a case is in, which leaf a bench case changes, the
/// names of long dashboard pages and diff images. **Why not `Hasher`**: Swift seeds it per process.
public enum FNV1a {
    /// The hash of `bytes`.
    public static func hash(_ bytes: some Sequence<UInt8>) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash
    }

    /// The hash of `bytes` as 16 lowercase hex digits.
    public static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let hex = String(hash(bytes), radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
