import LayoutCore

/// Puyopuyo's "infinity": `CGFloat.greatestFiniteMagnitude`. Finite, so `INF − x` stays a number.
let unbounded = Double.greatestFiniteMagnitude

/// Keeps a product such as `residual × ratio` finite: the unbounded residual times a ratio above 1 is still unbounded.
@inline(__always) func capped(_ value: Double) -> Double { min(value, unbounded) }

/// A slice of `LayoutState.itemList`: the children in declaration order and in measuring order.
struct ItemRange: Hashable {
    var declarationStart: Int32 = 0
    var orderStart: Int32 = 0
    var count: Int32 = 0
}

/// One node of the flattened tree, as init and mutations build it: the two halves that `LayoutState` keeps in
/// two parallel buffers. Real nodes come first, in pre-order; the virtual line boxes of flows follow.
///
/// Large trees are bound by memory traffic: a pass over a box's children reads the same few fields of every child
/// (`HotNode`, one cache line), and the rest (`ColdNode`) only for some children or only on a cache miss. In one
/// record the hot line of each child came with a cold line the CPU's adjacent-line prefetcher fetched alongside;
/// in their own buffer the hot lines are contiguous and a pass streams 64 bytes per child.
struct FlatNode {
    var hot: HotNode
    var cold: ColdNode

    /// The node's own alignment: its flags in the hot half, its ratios in the cold one.
    var alignment: BoxAlignment { cold.alignment(flags: hot.alignmentFlags) }

    func dim(along axis: Axis) -> Dim { axis == .horizontal ? cold.width : cold.height }

    /// Sets a node's size descriptions and what follows from them: the aspect ratio and the copies in the hot
    /// half. The only writer of any of these (through the initializers and `NodeRef.describe`), so the two halves
    /// cannot disagree.
    fileprivate static func describe(width: Dim, height: Dim, hot: inout HotNode, cold: inout ColdNode) {
        cold.width = width
        cold.height = height
        cold.aspect = width.kind == .aspect ? width.value : height.kind == .aspect ? height.value : nil
        hot.widthKind = width.kind
        hot.heightKind = height.kind
        hot.widthFlex = width.isFlex
        hot.heightFlex = height.isFlex
        hot.widthValueOrGrow = width.isWrap ? width.grow : width.value
        hot.heightValueOrGrow = height.isWrap ? height.grow : height.value
    }
}

/// What a pass over a box's children reads of every child: the kinds, flags, margin, grow factors, alignment
/// flags and rank, in 64 bytes, so that in the 64-byte-aligned buffer (`LayoutState.hot`) each node's hot fields
/// are exactly one cache line. A test pins the size: a field more and every record straddles two lines.
struct HotNode {
    enum Kind: UInt8 { case leaf, linear, flow, z }

    var kind: Kind
    /// The main axis of a linear box (or line), the run axis of a flow.
    var axis: Axis
    /// Whether the node keeps a measurement cache entry (`qualifiesForCache`); true for flows' line boxes, whose
    /// entries their flow manages (`rewriteLines`, `setLine`).
    var cacheable = false
    var flowEnding: Bool
    /// Copies of `ColdNode.width` and `height`'s kinds and `isFlex` (see `DimRef`): a pass that only asks what kind
    /// a dimension is, the common case, touches no cold line. Written only with the descriptions, by
    /// `FlatNode.describe(width:height:hot:cold:)`, as are the two numbers below.
    fileprivate(set) var widthKind = Dim.Kind.fixed
    fileprivate(set) var heightKind = Dim.Kind.fixed
    fileprivate(set) var widthFlex = false
    fileprivate(set) var heightFlex = false
    var margin: Insets
    /// The one number of each description that the passes read of every child: the value of a fixed, ratio or
    /// aspect dimension (a child's offer), the grow factor of a wrap (every grow pass). A wrap's value is 0 and
    /// only a wrap has a grow factor, so one field holds either (`DimRef` tells them apart by the kind).
    fileprivate(set) var widthValueOrGrow = 0.0
    fileprivate(set) var heightValueOrGrow = 0.0
    /// `alignment`'s flags: most children have none and take their box's rule without loading the ratios.
    fileprivate(set) var alignmentFlags = BoxAlignment.Flags()
    /// A flow item's position in its flow's measuring order, used to sort each line without allocating.
    var rank: Int32 = 0
}

/// The rest of a node, parallel to its `HotNode` (`LayoutState.cold`): what the passes read of a child only for
/// its values (a fixed size, a wrap's bounds) or of the box being calculated.
struct ColdNode {
    /// **Width first, height right after it**: `NodeRef.dim(along:)` finds them at fixed offsets (the engine's
    /// init checks, a test too). Written only with their copies in the hot half (`FlatNode.describe`).
    fileprivate(set) var width: Dim
    fileprivate(set) var height: Dim
    /// What the leaf's measure function returns.
    var natural: Size
    /// `alignment`'s ratios; its flags are `HotNode.alignmentFlags`.
    fileprivate var alignmentRatios = (horizontal: 0.0, vertical: 0.0)
    /// The aspect ratio of whichever dimension carries one (derived from the descriptions, with them).
    fileprivate(set) var aspect: Double?
    /// The children; for a line box, set by its flow as it breaks its lines (`setLine`).
    var items = ItemRange()
    /// A flow's line boxes, as a slice of `itemList` (declaration and measuring order are the same).
    var linesStart: Int32 = 0
    /// The node's position among its parent's children that take part (its parent's item slice), −1 when it takes
    /// no part: a mutation below a flow's item tells the flow which item changed (`Regulator.changedFrom`).
    var slot: Int32 = -1

    /// The node's alignment, given its flags from the hot half.
    func alignment(flags: BoxAlignment.Flags) -> BoxAlignment {
        BoxAlignment(flags, horizontalRatio: alignmentRatios.horizontal, verticalRatio: alignmentRatios.vertical)
    }
}

/// A node read in place, through both of its halves: field paths through the pointers load only the field, where
/// a `let` copy of a record (or a method call on one) would copy all of it on the hot path.
struct NodeRef {
    let hot: UnsafeMutablePointer<HotNode>
    let cold: UnsafeMutablePointer<ColdNode>

    /// The dimension along `axis`, read in place: picking one of two `Dim` values would copy all of its 64 bytes.
    /// Its kind, flex flag, value and grow factor come from the hot half; only a wrap's bounds load the cold `Dim`.
    @inline(__always) func dim(along axis: Axis) -> DimRef {
        let horizontal = axis == .horizontal
        // `width` is the cold half's first field and `height` the next (the engine's init checks): plain pointer
        // arithmetic, where `pointer(to:)` would go through `MemoryLayout.offset(of:)`, which is not folded.
        let width = UnsafeMutableRawPointer(cold).assumingMemoryBound(to: Dim.self)
        return DimRef(
            pointer: horizontal ? width : width + 1, kind: horizontal ? hot.pointee.widthKind : hot.pointee.heightKind,
            isFlex: horizontal ? hot.pointee.widthFlex : hot.pointee.heightFlex,
            valueOrGrow: horizontal ? hot.pointee.widthValueOrGrow : hot.pointee.heightValueOrGrow)
    }

    /// A node whose both dimensions are aspect ratios cannot be calculated; it is 0 × 0.
    @inline(__always) var isIncalculable: Bool { hot.pointee.widthKind == .aspect && hot.pointee.heightKind == .aspect }

    var alignment: BoxAlignment { cold.pointee.alignment(flags: hot.pointee.alignmentFlags) }

    /// Sets the size descriptions (see `FlatNode.describe(width:height:hot:cold:)`).
    func describe(width: Dim, height: Dim) {
        FlatNode.describe(width: width, height: height, hot: &hot.pointee, cold: &cold.pointee)
    }
}

extension FlatNode {
    /// The record of a real node.
    init(_ node: BoxNode, measurer: any TextMeasuring) {
        let kind: HotNode.Kind =
            switch node.type {
            case .leaf: .leaf
            case .hbox, .vbox: .linear
            case .hflow, .vflow: .flow
            case .zbox: .z
            }
        var natural = node.content ?? .zero
        if let text = node.text {
            natural = measurer.size(of: text, fontSize: node.fontSize ?? BoxNode.defaultFontSize)
        }
        self.init(
            kind: kind, axis: node.type.direction, flowEnding: node.flowEnding, margin: node.margin,
            width: Dim(node.width), height: Dim(node.height), natural: natural, alignment: node.alignment)
    }

    /// The virtual line box of a flow (Puyopuyo's `getVirtualLine`): a linear box across the run axis, gap
    /// itemSpace, the flow's format, reverse and justifyContent, **and the flow's own alignment** (quirk).
    init(lineOf flow: FlatNode, _ regulator: Regulator) {
        let lineAxis = flow.hot.axis.crossAxis
        let runSize = regulator.runRowSize
        let lineSize = flow.dim(along: lineAxis).isWrap ? Dim(.wrap()) : Dim(.fill)
        self.init(
            kind: .linear, axis: lineAxis, flowEnding: false, margin: .zero,
            width: lineAxis == .horizontal ? lineSize : runSize, height: lineAxis == .horizontal ? runSize : lineSize,
            natural: .zero, alignment: flow.alignment)
        // A line box takes no aspect ratio from an aspect-ratio run size, as it never has.
        cold.aspect = nil
    }

    private init(
        kind: HotNode.Kind, axis: Axis, flowEnding: Bool, margin: Insets, width: Dim, height: Dim, natural: Size,
        alignment: BoxAlignment
    ) {
        hot = HotNode(kind: kind, axis: axis, flowEnding: flowEnding, margin: margin, alignmentFlags: alignment.flags)
        cold = ColdNode(
            width: width, height: height, natural: natural,
            alignmentRatios: (alignment.horizontalRatio, alignment.verticalRatio))
        Self.describe(width: width, height: height, hot: &hot, cold: &cold)
    }
}
