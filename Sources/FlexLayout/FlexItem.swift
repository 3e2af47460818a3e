import LayoutCore

/// The flow's axes: which physical axis is main, and whether main-start and cross-start are at the far physical
/// side (`row-reverse`, `direction: rtl`, `wrap-reverse`), so each step writes its arithmetic once, from the start
/// edge of the flow (CSS Flexbox §2).
struct FlowAxes {
    var isRow: Bool
    var mainReversed: Bool
    var crossReversed: Bool
    /// `start`/`end` name the flex-end side on the main axis in a `*-reverse` direction, and on the cross axis under
    /// `wrap-reverse` (CSS Box Alignment 3 §5.1: they follow the writing mode, not the flex flow).
    var mainStartIsFlexEnd: Bool
    var crossStartIsFlexEnd: Bool

    init(_ style: StyleReference) {
        isRow = style.flexDirection.isRow
        let reverse = style.flexDirection.isReverse
        let wrapReverse = style.flexWrap == .wrapReverse
        mainReversed = isRow ? (style.rightToLeft != reverse) : reverse
        crossReversed = isRow ? wrapReverse : (style.rightToLeft != wrapReverse)
        mainStartIsFlexEnd = reverse
        crossStartIsFlexEnd = wrapReverse
    }

    /// The (start, end) of physical `edges` along the main axis, in flow order.
    @inline(__always) func main<T>(_ edges: Edges<T>) -> (start: T, end: T) {
        if isRow { return mainReversed ? (edges.right, edges.left) : (edges.left, edges.right) }
        return mainReversed ? (edges.bottom, edges.top) : (edges.top, edges.bottom)
    }

    /// The (start, end) of physical `edges` along the cross axis, in flow order.
    @inline(__always) func cross<T>(_ edges: Edges<T>) -> (start: T, end: T) {
        if isRow { return crossReversed ? (edges.bottom, edges.top) : (edges.top, edges.bottom) }
        return crossReversed ? (edges.right, edges.left) : (edges.left, edges.right)
    }

    /// A main-axis alignment with `start`/`end` and `left`/`right` made flow-relative. `left` and `right` are the
    /// physical sides along a row; along a column, which is not the inline axis, they act as `start` (CSS Box
    /// Alignment 3 §4.2).
    func justify(_ value: Alignment) -> Alignment {
        switch value {
        case .start: return mainStartIsFlexEnd ? .flexEnd : .flexStart
        case .end: return mainStartIsFlexEnd ? .flexStart : .flexEnd
        case .left, .right:
            guard isRow else { return justify(.start) }
            return (value == .left) == mainReversed ? .flexEnd : .flexStart
        default: return value
        }
    }

    /// A cross-axis alignment with `start`/`end` and `self-start`/`self-end` made flow-relative. `self-start` is
    /// the item's own start side: its block-start (the top, every case being horizontal-tb) across a row, and its
    /// inline-start under its own `direction` (`itemRightToLeft`) across a column.
    func align(_ value: Alignment, itemRightToLeft: Bool = false) -> Alignment {
        switch value {
        case .start: return crossStartIsFlexEnd ? .flexEnd : .flexStart
        case .end: return crossStartIsFlexEnd ? .flexStart : .flexEnd
        case .selfStart, .selfEnd:
            // Flex-start is at the physical top or left unless the cross axis runs from the far side.
            let ownStartIsFar = !isRow && itemRightToLeft
            return (value == .selfStart) == (ownStartIsFar != crossReversed) ? .flexEnd : .flexStart
        default: return value
        }
    }

    /// `value` as `safe` makes it: `start` where the subject overflows (`free` < 0), else itself (CSS Box
    /// Alignment 3 §4.4). `value` is flow-relative already.
    @inline(__always) func safe(_ value: Alignment, free: Double, mainAxis: Bool) -> Alignment {
        guard free < 0 else { return value }
        return mainAxis ? justify(.start) : align(.start)
    }
}

/// One flex item while its container lays out (CSS Flexbox §9.1): every size is a border-box size along the
/// container's axes, every margin in flow order.
///
/// A container's pass reads its items step after step, each step a few fields of every item: at 10⁵ items the items
/// are memory, and what a step costs is the cache lines it touches. So the item is four whole cache lines (the buffers that
/// hold items start on a line, `allocateLineAligned`, so every item does), its fields grouped by the steps that read
/// them: line 0 holds what §9.3 and §9.7 read, line 1 the rest of the main axis and the placement, line 2 the cross
/// axis, line 3 what only preparing an item reads. Keep a field in its line's group when adding one.
struct FlexItem {
    // Line 0 (§9.3 step 5, §9.7, §9.5): the main-axis sizes and factors.
    var hypotheticalMain: Double = 0
    var flexBase: Double = 0
    /// The main size: the target of §9.7, then the used main size.
    var mainSize: Double = 0
    /// Margins in flow order; an `auto` margin is 0 until alignment gives it its share.
    var mainMargin: (start: Double, end: Double)
    var grow: Double
    var shrink: Double
    /// Whether §9.7 has frozen the item's main size.
    var frozen = false
    /// Whether `minMain` is an automatic minimum found only when the line shrinks (it cannot clamp before): §9.7
    /// finds it then, and the next pass forgets it (`resetForPass`).
    var minMainDeferred = false
    var mainAutoMargin: (start: Bool, end: Bool)

    // Line 1 (§9.7's clamping, placement).
    var minMain: Double
    var maxMain: Double
    var mainPaddingBorder: Double
    var violation: Double = 0
    /// Border-box start offsets in flow order: along the main axis from the content box's main-start edge, along
    /// the cross axis from the line's cross-start edge, then from the content box's.
    var mainOffset: Double = 0
    var crossOffset: Double = 0
    var node: Int
    /// The hypothetical cross size, then the used one (§9.4).
    var crossSize: Double = 0

    // Line 2 (§9.4, §9.6): the cross axis.
    var crossMargin: (start: Double, end: Double)
    var minCross: Double
    var maxCross: Double
    /// The first baseline from the border box's top (row containers only), nil when the item has none.
    var baseline: Double?
    /// `align-self`, `auto` resolved to the container's `align-items` and `start`/`end` made flow-relative.
    var align: Alignment
    /// Whether the cross-size property is `auto` (a percentage that does not resolve is not: it never stretches).
    var crossIsAuto: Bool
    var crossAutoMargin: (start: Bool, end: Bool)
    /// Whether the used cross size came from `align-self: stretch` (then it is definite, §9.8).
    var stretched = false
    /// Whether `height` is definite for the item's children once laid out (§9.8).
    var heightIsDefinite = false
    /// The definite preferred sizes (`width`/`height` as lengths or resolvable percentages, the intrinsic
    /// keywords of a width, or a size transferred through `aspect-ratio`).
    var preferredMain: Double?

    // Line 3 (preparing the item, sizing it).
    var preferredCross: Double?
    var paddingBorder: Edges<Double>
    /// The cross size as prepared (a column item's width; 0 in a row, whose step 7 finds it): a pass that changed
    /// it puts it back (`resetForPass`).
    var preparedCrossSize: Double = 0
    /// Fills the fourth line, so that the item is 256 bytes (the buffers that hold items start on a line).
    var linePadding: Double = 0

    @inline(__always) var outerHypotheticalMain: Double { hypotheticalMain + mainMargin.start + mainMargin.end }
    @inline(__always) var outerMain: Double { mainSize + mainMargin.start + mainMargin.end }
    @inline(__always) var outerCross: Double { crossSize + crossMargin.start + crossMargin.end }
    @inline(__always) var outerFlexBase: Double { flexBase + mainMargin.start + mainMargin.end }

    /// Whether the item may be stretched in the cross axis (§9.4 step 11): `stretch`, an automatic cross size and
    /// no `auto` cross margin.
    @inline(__always) var stretches: Bool {
        align == .stretch && crossIsAuto && !crossAutoMargin.start && !crossAutoMargin.end
    }

    /// Whether the item takes part in baseline alignment in its line (row containers only, §8.3).
    @inline(__always) var alignsByBaseline: Bool {
        align == .baseline && !crossAutoMargin.start && !crossAutoMargin.end
    }

    /// The distance from the item's outer cross-start edge to its baseline (synthesized from the border box when
    /// it has none). Under `wrap-reverse` the flow's cross-start is the bottom, so it is measured from there. In a
    /// column the cross axis is the inline axis, where items have no baseline: the one synthesized is their border
    /// box's left edge, in rtl too, so baseline-aligned items line up those edges (as Chromium does).
    @inline(__always) func ascent(in axes: FlowAxes) -> Double {
        // A column's synthesized baseline is the physical left edge, the flow's cross-end when the flow runs from
        // the right (rtl, or wrap-reverse).
        guard axes.isRow else { return crossMargin.start + (axes.crossReversed ? crossSize : 0) }
        let baseline = self.baseline ?? crossSize
        return crossMargin.start + (axes.crossReversed ? crossSize - baseline : baseline)
    }

    /// Undoes what a pass wrote that the next pass reads before writing it itself, so that a prepared item serves
    /// pass after pass wherever it was laid out (in place or copied, `prepareItem`): the auto margins' shares, the
    /// cross size, the stretch, the definite height, the baseline and a deferred automatic minimum found.
    @inline(__always) mutating func resetForPass() {
        if mainAutoMargin.start { mainMargin.start = 0 }
        if mainAutoMargin.end { mainMargin.end = 0 }
        if crossAutoMargin.start { crossMargin.start = 0 }
        if crossAutoMargin.end { crossMargin.end = 0 }
        crossSize = preparedCrossSize
        stretched = false
        heightIsDefinite = false
        baseline = nil
        if minMainDeferred { minMain = -.infinity }
    }

    @inline(__always) func clampMain(_ size: Double) -> Double {
        max(max(minMain, min(maxMain, size)), mainPaddingBorder)
    }
    @inline(__always) func clampCross(_ size: Double) -> Double { max(minCross, min(maxCross, size)) }
}

/// A flex line: a range of the container's items (§9.3 step 5), its cross size and offset.
struct FlexLine {
    var range: Range<Int>
    var crossSize: Double = 0
    /// Cross-start offset from the content box's cross-start edge, in flow order.
    var crossOffset: Double = 0
    /// The largest distance from a baseline-aligned item's outer cross-start to its baseline.
    var maxAscent: Double = 0
}

/// The buffers every container's layout works in, reused across layouts so that a layout allocates nothing.
///
/// A container takes its items and lines from the top of a stack and gives them back when it returns. Containers
/// call into their descendants only (sizing an item, its intrinsic widths, its absolutely positioned children), so
/// the buffers in use at once belong to one chain of ancestors: their items are distinct children, at most the node
/// count, and their lines at most one more each. `reserve` sizes both for that before a layout starts; nothing
/// grows during one, so a buffer handed out stays valid until it is given back.
struct Scratch {
    var items = ScratchStack<FlexItem>()
    var lines = ScratchStack<FlexLine>()

    /// Room for a layout of `nodeCount` nodes; only between layouts (no buffer taken).
    mutating func reserve(nodeCount: Int) {
        items.reserve(nodeCount)
        lines.reserve(2 * nodeCount + 1)
    }

    func deallocate() {
        items.deallocate()
        lines.deallocate()
    }
}

/// A stack of trivial elements handed out as buffers (see `Scratch`).
struct ScratchStack<Element> {
    private var base: UnsafeMutablePointer<Element> = allocateLineAligned(capacity: 1)
    private var capacity = 1
    private var top = 0

    mutating func reserve(_ count: Int) {
        precondition(top == 0, "the scratch stack grows only between layouts")
        guard count > capacity else { return }
        base.deallocate()
        capacity = max(count, 2 * capacity)
        base = allocateLineAligned(capacity: capacity)
        // Written once here, so that the kernel maps its pages now (when the tree is built) and not inside the
        // first layout that reaches them: a 100 000-item row's buffer is some 25 MB.
        UnsafeMutableRawPointer(base).initializeMemory(
            as: UInt8.self, repeating: 0, count: capacity * MemoryLayout<Element>.stride)
    }

    /// A buffer of `count` elements (uninitialized: the caller writes each before reading it).
    mutating func take(_ count: Int) -> UnsafeMutableBufferPointer<Element> {
        precondition(top + count <= capacity, "the scratch stack was reserved too small")
        defer { top += count }
        return UnsafeMutableBufferPointer(start: base + top, count: count)
    }

    /// Gives back the last buffer taken, of `count` elements.
    mutating func give(_ count: Int) { top -= count }

    func deallocate() { base.deallocate() }
}
