import LayoutCore

/// The flattened tree and its reusable result buffers. Every calculator writes the sizes and centres of the
/// nodes it reaches into `sizes` and `centers`; nothing is allocated per node while laying out.
///
/// The buffers are raw allocations owned by `BoxLayoutEngine` (allocated in its init, freed in its deinit):
/// reads through them (`node(_:)`, `regulator(_:)`) load one field without copying the whole record, which keeps
/// the recursive frames small even in debug builds and skips copy-on-write checks on the hot path. Each node is
/// split in two parallel buffers, `hot` and `cold` (see `FlatNode`), indexed alike. Caches:
/// `caches` holds each node's measurement cache entry (LayoutState+Cache.swift, docs/performance.md).
struct LayoutState {
    /// What every pass over a box's children reads of each child, one cache line per node (see `HotNode`).
    var hot: UnsafeMutablePointer<HotNode>
    /// The rest of each node (see `ColdNode`), parallel to `hot`.
    var cold: UnsafeMutablePointer<ColdNode>
    /// Each node's regulator properties (see `Regulator`), parallel to `hot`.
    var regulators: UnsafeMutablePointer<Regulator>
    /// Children slices (see `ItemRange`) and flows' line slices, one contiguous buffer.
    var itemList: UnsafeMutablePointer<Int32>
    /// Each node's size (border box), written by `calculate`.
    var sizes: UnsafeMutablePointer<Size>
    /// Each node's centre in its parent's coordinates (origin at the parent's outer top-left corner).
    var centers: UnsafeMutablePointer<Point>
    /// Each node's measurement cache entry (see `MeasureCache`); read only for `cacheable` nodes.
    var caches: UnsafeMutablePointer<MeasureCache>

    /// The estimates tried by the active cross-conflict solvers, a stack shared by nested solvers.
    var conflictHistory: [Double]
    /// The flows' line boxes are the nodes from this index on (after the real nodes).
    let firstLineBox: Int
    /// What each line box keeps between its calculations and its flow's (`LineRecord`). Indexed by line box −
    /// `firstLineBox`.
    var lineRecords: UnsafeMutablePointer<LineRecord>

    init(nodes: [FlatNode], regulators: [Regulator], itemList: [Int32], firstLineBox: Int) {
        hot = Self.buffer(nodes.lazy.map(\.hot), alignment: 64)
        cold = Self.buffer(nodes.lazy.map(\.cold), alignment: 64)
        self.regulators = Self.buffer(regulators)
        self.itemList = Self.buffer(itemList)
        sizes = Self.buffer(repeatElement(.zero, count: nodes.count))
        centers = Self.buffer(repeatElement(.zero, count: nodes.count))
        caches = Self.buffer(repeatElement(.invalid, count: nodes.count))
        conflictHistory = []
        self.firstLineBox = firstLineBox
        lineRecords = Self.buffer(repeatElement(LineRecord(), count: nodes.count - firstLineBox))
        conflictHistory.reserveCapacity(64)
    }

    /// A raw copy of `elements` (a plain pointer: 8 bytes, where a buffer pointer's count would double every copy
    /// of this state that debug builds make per call, and the recursion is as deep as the tree).
    /// - Parameter alignment: at least the element's; the nodes' halves ask for a cache line's (see `HotNode`).
    private static func buffer<C: Collection>(_ elements: C, alignment: Int = 1) -> UnsafeMutablePointer<C.Element> {
        let capacity = max(elements.count, 1)
        let pointer = UnsafeMutableRawPointer.allocate(
            byteCount: MemoryLayout<C.Element>.stride * capacity,
            alignment: max(alignment, MemoryLayout<C.Element>.alignment)
        ).bindMemory(to: C.Element.self, capacity: capacity)
        _ = UnsafeMutableBufferPointer(start: pointer, count: elements.count).initialize(from: elements)
        return pointer
    }

    /// Frees the buffers; the state must not be used afterwards.
    func deallocate() {
        hot.deallocate()
        cold.deallocate()
        regulators.deallocate()
        itemList.deallocate()
        sizes.deallocate()
        centers.deallocate()
        caches.deallocate()
        lineRecords.deallocate()
    }

    /// Calculates node `index` within the layout residual `offered` (margins included) and records its size.
    /// As a side effect it places its children, recursively (Puyopuyo's single `calculate` pass).
    @discardableResult @inline(__always)
    mutating func calculate(_ index: Int, offered: Size) -> Size {
        // 1. A cache hit: the subtree below is already what this offer gives (docs/performance.md). Checked
        //    inline: most calls are hits (every leaf under a large enough offer) and need no call at all.
        if hot[index].cacheable && caches[index].admits(offered) {
            sizes[index] = caches[index].result
            return sizes[index]
        }
        return recalculate(index, offered: offered)
    }

    /// Step 2 of `calculate`: the node's own algorithm. The recursion runs through here, so this frame and the
    /// calculators' stay small: no node copies.
    @inline(never)
    mutating func recalculate(_ index: Int, offered: Size) -> Size {
        let size: Size
        if node(index).isIncalculable {
            size = .zero
            clearChildren(index)
        } else {
            switch hot[index].kind {
            case .leaf: size = measureLeaf(index, offered: offered)
            case .linear:
                size = calculateLinear(index, linearParameters(index), items: cold[index].items, offered: offered)
            case .flow: size = calculateFlow(index, offered: offered)
            case .z: size = calculateZ(index, offered: offered)
            }
        }
        sizes[index] = size
        return size
    }

    /// Node `index`, read in place (see `NodeRef`).
    @inline(__always) func node(_ index: Int) -> NodeRef { NodeRef(hot: hot + index, cold: cold + index) }
    /// Node `index`'s whole record, both halves (init and mutations; the passes read fields in place).
    func record(_ index: Int) -> FlatNode { FlatNode(hot: hot[index], cold: cold[index]) }
    /// Replaces node `index`'s whole record, both halves.
    func store(_ record: FlatNode, at index: Int) {
        hot[index] = record.hot
        cold[index] = record.cold
    }
    /// Box `index`'s regulator properties, read in place.
    @inline(__always) func regulator(_ index: Int) -> UnsafeMutablePointer<Regulator> {
        regulators + index
    }

    func linearParameters(_ index: Int) -> LinearParameters {
        let regulator = regulator(index)
        return LinearParameters(
            axis: hot[index].axis, space: regulator.pointee.space, format: regulator.pointee.format,
            reverse: regulator.pointee.reverse)
    }

    /// The content residual and the children residual of box `index` (§3.1).
    @inline(__always)
    func residuals(_ index: Int, offered: Size) -> (content: Size, inner: Size) {
        let content = Residuals.content(of: node(index), offered: offered)
        return (content, Residuals.children(padding: regulator(index).pointee.padding, content: content))
    }

    /// A leaf (§3.4): the measure function's natural size, clipped to the content residual.
    @inline(__always)
    func measureLeaf(_ index: Int, offered: Size) -> Size {
        let node = node(index)
        let residual = Residuals.content(of: node, offered: offered)
        // 1. No wrap dimension: the size follows from the description alone.
        guard node.dim(along: .horizontal).isWrap || node.dim(along: .vertical).isWrap else {
            return Residuals.intrinsic(of: node, residual: residual, wrapped: .zero)
        }
        // 2. No room in either dimension makes the whole leaf 0 × 0 (quirk 9: a fixed dimension too).
        if residual.width == 0 || residual.height == 0 { return .zero }
        // 3. The measure result, clipped, then sized by the descriptions.
        let natural = node.cold.pointee.natural
        let measured = Size(width: min(natural.width, residual.width), height: min(natural.height, residual.height))
        return Residuals.intrinsic(of: node, residual: residual, wrapped: measured)
    }

    /// Zeroes a child its box skips, and everything below it, so every layout leaves the frames a fresh engine
    /// would, whatever came before (a mutation may make a laid-out child skipped). A box's entry goes with its
    /// subtree: a hit leaves the subtree as it is, and it is no longer what the entry's calculation left; a leaf's
    /// entry has no subtree (a hit writes all of it).
    mutating func clear(_ index: Int) {
        sizes[index] = .zero
        centers[index] = .zero
        if hot[index].kind != .leaf { caches[index] = .invalid }
        if index >= firstLineBox { lineRecords[index - firstLineBox].placement = nil }
        clearChildren(index)
    }

    /// Zeroes everything below node `index` (an incalculable node lays none of it out). A flow breaks its lines
    /// from the start next time: its lines' entries describe the items as they were.
    @inline(never) mutating func clearChildren(_ index: Int) {
        if hot[index].kind == .flow { regulators[index].changedFrom = 0 }
        let items = cold[index].items
        for position in items.declarationStart..<items.declarationStart + items.count { clear(item(position)) }
    }

    /// The centre of `child` on the justification's axis inside `box`, whose final extent on that axis is `extent`.
    @inline(__always)
    func place(_ child: Int, padding: Insets, extent: Double, _ justification: Justification) -> Double {
        let margin = hot[child].margin
        let axis = justification.axis
        let placement = AxisPlacement(
            extent: extent, paddingStart: padding.mainStart(along: axis), paddingEnd: padding.mainEnd(along: axis))
        return placement.center(
            size: sizes[child].main(along: axis), marginStart: margin.mainStart(along: axis),
            marginEnd: margin.mainEnd(along: axis), alignment: justification.rule(for: node(child)))
    }

    @inline(__always) func item(_ position: Int32) -> Int { Int(itemList[Int(position)]) }
}

/// Runs `body` with `axis` as a literal, one copy per axis. The passes are written once for either axis, and every
/// field they read goes through an `along: axis` choice; a body that is always inlined and handed a literal axis has
/// all of those folded away, where a loop that reads the axis from a variable tests it at every field (a quarter of
/// linear 200's instructions, docs/performance.md). Every per-child loop of the calculators runs through here.
@inline(__always) func unswitched<Result>(on axis: Axis, _ body: (Axis) -> Result) -> Result {
    axis == .horizontal ? body(.horizontal) : body(.vertical)
}

/// A box's justifyContent on one axis, with the rule it gives every child that has no alignment of its own,
/// resolved once per box rather than once per child.
struct Justification {
    var justify: BoxAlignment
    var axis: Axis
    var unaligned: AxisAlignment

    init(_ justify: BoxAlignment, axis: Axis) {
        self.justify = justify
        self.axis = axis
        unaligned = AxisAlignment(.idle, justify: justify, axis: axis)
    }

    /// The rule for `child`: the box's own for a child without alignment flags (read from its hot half), else from
    /// the child's whole alignment.
    @inline(__always) func rule(for child: NodeRef) -> AxisAlignment {
        child.hot.pointee.alignmentFlags.isEmpty
            ? unaligned : AxisAlignment(child.alignment, justify: justify, axis: axis)
    }
}

/// Spec §8 steps 1–3 on one axis: the alignment that speaks, reduced to the rule that places the child.
struct AxisAlignment {
    enum Rule: UInt8 { case start, end, middle, unmanaged }
    var rule: Rule
    /// The centre ratio of `middle`.
    var ratio = 0.0

    /// - Parameters:
    ///   - alignment: the child's own alignment, which wins when it is `.none` or speaks about `axis`.
    ///   - justify: the box's justifyContent, already given the linear `.center` fallback when it applies.
    /// **Nothing speaking about the axis, or `.none`, is `unmanaged`: the centre is 0** (quirk 12).
    init(_ alignment: BoxAlignment, justify: BoxAlignment, axis: Axis) {
        // 1. Pick the alignment.
        let target = alignment == .none || alignment.hasComponent(along: axis) ? alignment : justify
        let flags = target.flags
        // 2. Map leading / trailing (left-to-right only) and 3. apply the precedence start > end > centre.
        let start: Bool
        let end: Bool
        let middle: Bool
        if axis == .horizontal {
            let semantic = flags.isDisjoint(with: [.left, .right])
            start = flags.contains(.left) || (semantic && flags.contains(.leading))
            end = flags.contains(.right) || (semantic && !flags.contains(.leading) && flags.contains(.trailing))
            middle = flags.contains(.horzCenter)
            ratio = target.horizontalRatio
        } else {
            start = flags.contains(.top)
            end = flags.contains(.bottom)
            middle = flags.contains(.vertCenter)
            ratio = target.verticalRatio
        }
        rule = start ? .start : end ? .end : middle ? .middle : .unmanaged
    }
}

/// The centre of a child on one axis (spec §8 step 4).
struct AxisPlacement {
    /// The parent's final extent on the axis, and its padding at the start and the end.
    var extent: Double
    var paddingStart: Double
    var paddingEnd: Double

    /// - Returns: the centre coordinate; 0 when the rule is `unmanaged`.
    @inline(__always)
    func center(size: Double, marginStart: Double, marginEnd: Double, alignment: AxisAlignment) -> Double {
        let startCenter = paddingStart + marginStart + size / 2
        switch alignment.rule {
        case .start: return startCenter
        case .end: return extent - paddingEnd - marginEnd - size / 2
        case .middle:
            let free = extent - paddingStart - paddingEnd - size - marginStart - marginEnd
            return startCenter + free / 2 * (alignment.ratio + 1)
        case .unmanaged: return 0
        }
    }
}
