import Testing

@testable import FlexLayout

/// At 10⁵ nodes what a layout costs is the cache lines it touches (docs/flex-engine.md "Storage"). A container's
/// pass reads its items step after step: the item is four whole 64-byte lines, each group of fields within its
/// line, and its buffers start on a line. A node's cache answers a miss from its first line and a hit from one
/// more.
struct CacheLineLayoutTests {
    static let line = 64

    /// The fields whose lines are pinned, by name (key paths are not `Sendable` test arguments).
    static func offset(of field: String) -> Int? {
        let fields: [String: PartialKeyPath<FlexItem>] = [
            "hypotheticalMain": \.hypotheticalMain, "flexBase": \.flexBase, "mainSize": \.mainSize,
            "mainMargin": \.mainMargin, "grow": \.grow, "shrink": \.shrink, "frozen": \.frozen,
            "minMainDeferred": \.minMainDeferred, "mainAutoMargin": \.mainAutoMargin,
            "minMain": \.minMain,
            "maxMain": \.maxMain, "mainPaddingBorder": \.mainPaddingBorder, "violation": \.violation,
            "mainOffset": \.mainOffset, "crossOffset": \.crossOffset, "node": \.node, "crossSize": \.crossSize,
            "crossMargin": \.crossMargin, "minCross": \.minCross, "maxCross": \.maxCross, "baseline": \.baseline,
            "align": \.align, "crossIsAuto": \.crossIsAuto, "crossAutoMargin": \.crossAutoMargin,
            "stretched": \.stretched, "heightIsDefinite": \.heightIsDefinite,
        ]
        return fields[field].flatMap { MemoryLayout<FlexItem>.offset(of: $0) }
    }

    @Test func theItemIsFourWholeLines() {
        #expect(MemoryLayout<FlexItem>.stride == 4 * Self.line)
    }

    /// §9.3 and §9.7 read line 0 only; §9.7's clamping and the placement line 1; §9.4 and §9.6 line 2.
    @Test(
        arguments: [
            ("hypotheticalMain", 8, 0), ("flexBase", 8, 0), ("mainSize", 8, 0), ("mainMargin", 16, 0), ("grow", 8, 0),
            ("shrink", 8, 0), ("frozen", 1, 0), ("minMainDeferred", 1, 0), ("mainAutoMargin", 2, 0),
            ("minMain", 8, 1), ("maxMain", 8, 1), ("mainPaddingBorder", 8, 1), ("violation", 8, 1),
            ("mainOffset", 8, 1), ("crossOffset", 8, 1), ("node", 8, 1), ("crossSize", 8, 1),
            ("crossMargin", 16, 2), ("minCross", 8, 2), ("maxCross", 8, 2), ("baseline", 9, 2), ("align", 1, 2),
            ("crossIsAuto", 1, 2), ("crossAutoMargin", 2, 2), ("stretched", 1, 2), ("heightIsDefinite", 1, 2),
        ])
    func fieldStaysInItsLine(field: String, size: Int, line: Int) throws {
        let offset = try #require(Self.offset(of: field))
        #expect(offset / Self.line == line && (offset + size - 1) / Self.line == line)
    }

    @Test func itemBuffersStartOnALine() {
        for capacity in [1, 3, 1000] {
            let buffer: UnsafeMutablePointer<FlexItem> = allocateLineAligned(capacity: capacity)
            #expect(Int(bitPattern: buffer) % Self.line == 0)
            buffer.deallocate()
        }
    }

    @Test func aCacheEntryIsOneLineAndAMissReadsTheFirst() {
        #expect(MemoryLayout<NodeCache.Entry>.stride == Self.line)
        #expect(MemoryLayout<NodeCache>.stride % Self.line == 0)
        #expect(MemoryLayout<NodeCache>.offset(of: \NodeCache.entries) == Self.line)
        #expect(MemoryLayout<NodeCache>.offset(of: \NodeCache.next)! < Self.line)
    }
}
