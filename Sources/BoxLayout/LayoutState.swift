import LayoutCore

/// The flattened tree and its reusable result buffers. Every calculator writes the sizes and centres of the
/// nodes it reaches into `sizes` and `centers`; nothing is allocated per node while laying out.
///
/// The buffers are raw allocations owned by `BoxLayoutEngine` (allocated in its init, freed in its deinit):
/// reads through them (`node(_:)`, `regulator(_:)`) load one field without copying the whole record, which keeps
/// the recursive frames small even in debug builds and skips copy-on-write checks on the hot path. Caches:
/// `caches` holds each node's measurement cache entry (LayoutState+Cache.swift, docs/performance.md).
struct LayoutState {
    var nodes: UnsafeMutablePointer<FlatNode>
    /// Each node's regulator properties (see `Regulator`), parallel to `nodes`.
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

    init(nodes: [FlatNode], regulators: [Regulator], itemList: [Int32]) {
        self.nodes = Self.buffer(nodes)
        self.regulators = Self.buffer(regulators)
        self.itemList = Self.buffer(itemList)
        sizes = Self.buffer(repeatElement(.zero, count: nodes.count))
        centers = Self.buffer(repeatElement(.zero, count: nodes.count))
        caches = Self.buffer(repeatElement(.invalid, count: nodes.count))
        conflictHistory = []
        conflictHistory.reserveCapacity(64)
    }

    /// A raw copy of `elements` (a plain pointer: 8 bytes, where a buffer pointer's count would double every copy
    /// of this state that debug builds make per call, and the recursion is as deep as the tree).
    private static func buffer<C: Collection>(_ elements: C) -> UnsafeMutablePointer<C.Element> {
        let pointer = UnsafeMutablePointer<C.Element>.allocate(capacity: max(elements.count, 1))
        _ = UnsafeMutableBufferPointer(start: pointer, count: elements.count).initialize(from: elements)
        return pointer
    }

    /// Frees the buffers; the state must not be used afterwards.
    func deallocate() {
        nodes.deallocate()
        regulators.deallocate()
        itemList.deallocate()
        sizes.deallocate()
        centers.deallocate()
        caches.deallocate()
    }

    /// Calculates node `index` within the layout residual `offered` (margins included) and records its size.
    /// As a side effect it places its children, recursively (Puyopuyo's single `calculate` pass).
    @discardableResult
    mutating func calculate(_ index: Int, offered: Size) -> Size {
        // The recursion runs through here, so this frame and the calculators' stay small: no node copies.
        // 1. A cache hit: the subtree below is already what this offer gives (docs/performance.md).
        if nodes[index].cacheable && caches[index].admits(offered) { return reuse(index) }
        // 2. Calculate.
        let size: Size
        if node(index).isIncalculable {
            size = .zero
            clearChildren(index)
        } else {
            switch nodes[index].kind {
            case .leaf: size = measureLeaf(index, offered: offered)
            case .linear: size = calculateLinear(index, linearParameters(index), items: nodes[index].items, offered: offered)
            case .flow: size = calculateFlow(index, offered: offered)
            case .z: size = calculateZ(index, offered: offered)
            }
        }
        sizes[index] = size
        return size
    }

    /// Records and returns the cached result of `index` (kept out of `calculate` to keep its frame small).
    @inline(never) mutating func reuse(_ index: Int) -> Size {
        sizes[index] = caches[index].result
        return sizes[index]
    }

    /// Node `index`'s record, read in place (see `NodeRef`).
    @inline(__always) func node(_ index: Int) -> NodeRef { nodes + index }
    /// Box `index`'s regulator properties, read in place.
    @inline(__always) func regulator(_ index: Int) -> UnsafeMutablePointer<Regulator> {
        regulators + index
    }

    func linearParameters(_ index: Int) -> LinearParameters {
        let regulator = regulator(index)
        return LinearParameters(
            axis: node(index).pointee.axis, space: regulator.pointee.space, format: regulator.pointee.format,
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
        guard node.pointee.width.isWrap || node.pointee.height.isWrap else {
            return Residuals.intrinsic(of: node, residual: residual, wrapped: .zero)
        }
        // 2. No room in either dimension makes the whole leaf 0 × 0 (quirk 9: a fixed dimension too).
        if residual.width == 0 || residual.height == 0 { return .zero }
        // 3. The measure result, clipped, then sized by the descriptions.
        let natural = node.pointee.natural
        let measured = Size(width: min(natural.width, residual.width), height: min(natural.height, residual.height))
        return Residuals.intrinsic(of: node, residual: residual, wrapped: measured)
    }

    /// Zeroes a child its box skips, and everything below it, so every layout leaves the frames a fresh engine
    /// would, whatever came before (a mutation may make a laid-out child skipped).
    mutating func clear(_ index: Int) {
        sizes[index] = .zero
        centers[index] = .zero
        clearChildren(index)
    }

    /// Zeroes everything below node `index` (an incalculable node lays none of it out).
    @inline(never) mutating func clearChildren(_ index: Int) {
        let items = nodes[index].items
        for position in items.declarationStart..<items.declarationStart + items.count { clear(item(position)) }
    }

    /// The centre of `child` on `axis` inside `box`, whose final extent on that axis is `extent`.
    @inline(__always)
    func place(_ child: Int, padding: Insets, extent: Double, axis: Axis, justify: BoxAlignment) -> Double {
        let margin = node(child).pointee.margin
        let placement = AxisPlacement(
            extent: extent, paddingStart: padding.mainStart(along: axis), paddingEnd: padding.mainEnd(along: axis))
        return placement.center(
            size: sizes[child].main(along: axis), marginStart: margin.mainStart(along: axis),
            marginEnd: margin.mainEnd(along: axis), alignment: node(child).pointee.alignment, justify: justify, axis: axis)
    }

    @inline(__always) func item(_ position: Int32) -> Int { Int(itemList[Int(position)]) }
}

/// The centre of a child on one axis (spec §8).
struct AxisPlacement {
    /// The parent's final extent on the axis, and its padding at the start and the end.
    var extent: Double
    var paddingStart: Double
    var paddingEnd: Double

    /// - Parameters:
    ///   - alignment: the child's own alignment, which wins when it is `.none` or speaks about `axis`.
    ///   - justify: the box's justifyContent, already given the linear `.center` fallback when it applies.
    /// - Returns: the centre coordinate; **0 when nothing speaks about the axis or the alignment is `.none`** (quirk 12).
    @inline(__always)
    func center(
        size: Double, marginStart: Double, marginEnd: Double, alignment: BoxAlignment, justify: BoxAlignment, axis: Axis
    ) -> Double {
        // 1. Pick the alignment.
        let target = alignment == .none || alignment.hasComponent(along: axis) ? alignment : justify
        let flags = target.flags
        // 2. Map leading / trailing (left-to-right only) and 3. apply the precedence start > end > centre.
        let start: Bool, end: Bool, middle: Bool, ratio: Double
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
        // 4. The formulas.
        let startCenter = paddingStart + marginStart + size / 2
        if start { return startCenter }
        if end { return extent - paddingEnd - marginEnd - size / 2 }
        if middle {
            let free = extent - paddingStart - paddingEnd - size - marginStart - marginEnd
            return startCenter + free / 2 * (ratio + 1)
        }
        return 0
    }
}
