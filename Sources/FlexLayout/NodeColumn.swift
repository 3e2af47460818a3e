/// One column of the engine's flat storage: an element per node (or per child-list entry), in memory the engine
/// owns.
///
/// An `Array` would do, but reading one field of an element through `Array`'s subscript copies the whole element
/// first, and a style is hundreds of bytes: that copy was a tenth of a layout. The column's subscript is an
/// addressor, so `styles[node].width` reads the one field. The engine keeps each column in one stored property,
/// never copies it (the copy would share the memory), and frees it in its `deinit`. The index is checked in debug
/// builds only: every index comes from the engine's own tree (docs/flex-engine.md "Storage").
struct NodeColumn<Element> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int

    init() {
        capacity = 16
        base = allocateLineAligned(capacity: capacity)
    }

    @inline(__always) subscript(index: Int) -> Element {
        unsafeAddress {
            assert(index >= 0 && index < count, "node index out of range")
            return UnsafePointer(base + index)
        }
        nonmutating unsafeMutableAddress {
            assert(index >= 0 && index < count, "node index out of range")
            return base + index
        }
    }

    /// The element's address, for reading a large element field by field in a function of its own.
    @inline(__always) func pointer(_ index: Int) -> UnsafeMutablePointer<Element> {
        assert(index >= 0 && index < count, "node index out of range")
        return base + index
    }

    var indices: Range<Int> { 0..<count }

    mutating func append(_ element: Element) {
        if count == capacity { grow(to: 2 * capacity) }
        (base + count).initialize(to: element)
        count += 1
    }

    mutating func append(contentsOf elements: [Element]) {
        if count + elements.count > capacity { grow(to: max(2 * capacity, count + elements.count)) }
        for element in elements { append(element) }
    }

    private mutating func grow(to newCapacity: Int) {
        let moved: UnsafeMutablePointer<Element> = allocateLineAligned(capacity: newCapacity)
        moved.moveInitialize(from: base, count: count)
        base.deallocate()
        base = moved
        capacity = newCapacity
    }

    /// Frees the memory; the column is not used again.
    func deallocate() {
        base.deinitialize(count: count)
        base.deallocate()
    }
}

/// Memory for `capacity` elements that starts on a 64-byte cache line, so that an element whose size is a
/// multiple of a line (`FlexItem`) keeps each group of its fields within one line, whatever its index.
func allocateLineAligned<Element>(capacity: Int) -> UnsafeMutablePointer<Element> {
    UnsafeMutableRawPointer.allocate(
        byteCount: capacity * MemoryLayout<Element>.stride, alignment: max(64, MemoryLayout<Element>.alignment)
    ).bindMemory(to: Element.self, capacity: capacity)
}

/// A node's style read in place: `let style = styles.at(node)` reads each field where it is stored, where
/// `let style = styles[node]` would copy the whole style first (hundreds of bytes, for the few fields a step reads).
@dynamicMemberLookup
struct StyleReference {
    let pointer: UnsafePointer<FlexLayoutStyle>

    @inline(__always) subscript<Value>(dynamicMember field: KeyPath<FlexLayoutStyle, Value>) -> Value {
        pointer.pointee[keyPath: field]
    }
}

extension NodeColumn where Element == FlexLayoutStyle {
    /// The style of `node`, read in place (valid until the tree changes).
    @inline(__always) func at(_ node: Int) -> StyleReference {
        assert(node >= 0 && node < count, "node index out of range")
        return StyleReference(pointer: UnsafePointer(base + node))
    }
}
