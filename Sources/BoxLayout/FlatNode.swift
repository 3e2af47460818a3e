import LayoutCore

/// Puyopuyo's "infinity": `CGFloat.greatestFiniteMagnitude`. Finite, so `INF − x` stays a number.
let unbounded = Double.greatestFiniteMagnitude

/// Keeps a product such as `residual × ratio` finite: the unbounded residual times a ratio above 1 is still unbounded.
@inline(__always) func capped(_ value: Double) -> Double { min(value, unbounded) }

/// One dimension's size description, flattened for the hot path (no enum payloads to unpack).
struct Dim: Hashable {
    enum Kind: UInt8 { case fixed, aspect, wrap, ratio }

    var kind: Kind
    /// The fixed value, the ratio or the aspect ratio; 0 for wrap.
    var value: Double
    var add = 0.0
    var min = 0.0
    /// Only a wrap has a finite max; Puyopuyo's other types use INF.
    var max = unbounded
    var priority = 0.0
    var shrink = 0.0
    var grow = 0.0

    init(_ description: SizeDescription) {
        switch description {
        case .fixed(let value): self.init(kind: .fixed, value: value)
        case .ratio(let ratio): self.init(kind: .ratio, value: ratio)
        case .aspectRatio(let aspect): self.init(kind: .aspect, value: aspect)
        case .wrap(let options):
            self.init(kind: .wrap, value: 0)
            add = options.add
            min = options.min
            // grow > 0 forces max = INF, as Puyopuyo's initializer does.
            max = options.grow > 0 ? unbounded : options.max ?? unbounded
            priority = options.priority
            shrink = options.shrink
            grow = options.grow
        }
    }

    init(kind: Kind, value: Double) {
        self.kind = kind
        self.value = value
    }

    var isWrap: Bool { kind == .wrap }
    var isRatio: Bool { kind == .ratio }
    /// A wrap with shrink or grow: measured unconstrained on a linear main axis.
    var isFlex: Bool { kind == .wrap && (shrink > 0 || grow > 0) }
    var ratio: Double { kind == .ratio ? value : 0 }

    /// `min(max(content + add, min), max)`.
    @inline(__always) func wrapSize(_ content: Double) -> Double { Swift.min(Swift.max(content + add, min), max) }

    /// Measuring order on a linear main axis: fixed, aspect, wrap, ratio; then higher priority first.
    var measuringLevel: (Int, Double) { (Int(kind.rawValue), -priority) }
}

/// A node record's `Dim` read in place (see `NodeRef`): each property loads only the fields it needs.
struct DimRef {
    let pointer: UnsafeMutablePointer<Dim>
    /// Copied from the record's first cache line (`FlatNode.widthKind`…): a pass that only asks what kind a
    /// dimension is, the common case, does not load the `Dim` at all.
    let kind: Dim.Kind
    let isFlex: Bool
    /// Also copied from the first cache line (`FlatNode.widthGrow`): a grow pass reads every child's factor.
    let grow: Double

    @inline(__always) var value: Double { pointer.pointee.value }
    @inline(__always) var max: Double { pointer.pointee.max }
    @inline(__always) var shrink: Double { pointer.pointee.shrink }
    @inline(__always) var isWrap: Bool { kind == .wrap }
    @inline(__always) var isRatio: Bool { kind == .ratio }
    @inline(__always) var ratio: Double { kind == .ratio ? value : 0 }
    @inline(__always) var measuringLevel: (Int, Double) { pointer.pointee.measuringLevel }
    @inline(__always) func wrapSize(_ content: Double) -> Double { pointer.pointee.wrapSize(content) }
}

/// A slice of `LayoutState.itemList`: the children in declaration order and in measuring order.
struct ItemRange: Hashable {
    var declarationStart: Int32 = 0
    var orderStart: Int32 = 0
    var count: Int32 = 0
}

/// One node of the flattened tree. Real nodes come first, in pre-order; the virtual line boxes of flows follow.
struct FlatNode {
    enum Kind: UInt8 { case leaf, linear, flow, z }

    // Only what passes read of every child: large trees are bound by memory traffic, so the boxes' own
    // properties live apart, in `Regulator`, and what a pass over the children reads of each child comes
    // first, in 64 bytes (one cache line when the record is aligned): the kinds, margin, grow factors and
    // alignment flags.
    var kind: Kind
    /// The main axis of a linear box (or line), the run axis of a flow.
    var axis: Axis
    /// Whether the node keeps a measurement cache entry (`qualifiesForCache`); false for flows' line boxes.
    var cacheable = false
    var flowEnding: Bool
    /// `width.kind`, `height.kind`, their `isFlex` and their grow factors (see `DimRef`); whoever writes `width`
    /// or `height` calls `summarizeDims()` (the initializers and the size mutations).
    private(set) var widthKind = Dim.Kind.fixed
    private(set) var heightKind = Dim.Kind.fixed
    private(set) var widthFlex = false
    private(set) var heightFlex = false
    var margin: Insets
    /// Every linear pass with a growing child reads every child's factor: here it costs no second cache line
    /// (at 100 000 children the passes are bound by memory traffic).
    private(set) var widthGrow = 0.0
    private(set) var heightGrow = 0.0
    /// `alignment`'s flags: most children have none and take their box's rule without loading the ratios.
    private(set) var alignmentFlags = BoxAlignment.Flags()
    /// A flow item's position in its flow's measuring order, used to sort each line without allocating.
    var rank: Int32 = 0
    /// **Height follows width directly**: `NodeRef.dim(along:)` finds it one `Dim` further (a test checks).
    var width: Dim
    var height: Dim
    /// What the leaf's measure function returns.
    var natural: Size
    /// `alignment`'s ratios; its flags are `alignmentFlags`, in the first cache line.
    private var alignmentRatios = (horizontal: 0.0, vertical: 0.0)
    /// The aspect ratio of whichever dimension carries one.
    var aspect: Double?
    /// The children; for a line box, set by its flow as it breaks its lines (`setLine`).
    var items = ItemRange()
    /// A flow's line boxes, as a slice of `itemList` (declaration and measuring order are the same).
    var linesStart: Int32 = 0
    // The fields come to 252 bytes, so the stride is 256, four cache lines: in the 64-byte-aligned node buffer
    // every record's hot fields are exactly one cache line (at 240 bytes, three records in four straddled two).
    // A test pins the stride: a field more makes it 264, and every record's hot line straddles again.

    /// The node's own alignment, stored apart: its flags in the first cache line, its ratios in the cold part.
    var alignment: BoxAlignment {
        get {
            BoxAlignment(alignmentFlags, horizontalRatio: alignmentRatios.horizontal, verticalRatio: alignmentRatios.vertical)
        }
        set {
            alignmentFlags = newValue.flags
            alignmentRatios = (newValue.horizontalRatio, newValue.verticalRatio)
        }
    }

    @inline(__always) func dim(along axis: Axis) -> Dim { axis == .horizontal ? width : height }

    /// Copies the dimensions' kinds and grow factors into the record's first cache line.
    mutating func summarizeDims() {
        widthKind = width.kind
        heightKind = height.kind
        widthFlex = width.isFlex
        heightFlex = height.isFlex
        widthGrow = width.grow
        heightGrow = height.grow
    }

    /// Where `width` starts in the record: right after the 64 bytes of hot fields. A literal, because
    /// `MemoryLayout.offset(of:)` is not folded into a constant; the engine's init checks it.
    @inline(__always) static var widthOffset: Int { 64 }

    /// A node whose both dimensions are aspect ratios cannot be calculated; it is 0 × 0.
    var isIncalculable: Bool { width.kind == .aspect && height.kind == .aspect }
}

/// A node record read in place: field paths through the pointer load only the field, where a `let` copy of a
/// record (or a method call on one) would copy all of it, several hundred bytes, on the hot path.
typealias NodeRef = UnsafeMutablePointer<FlatNode>

extension UnsafeMutablePointer where Pointee == FlatNode {
    /// The dimension along `axis`, read in place: picking one of two `Dim` values would copy all of its 64 bytes.
    @inline(__always) func dim(along axis: Axis) -> DimRef {
        let horizontal = axis == .horizontal
        let width = (UnsafeMutableRawPointer(self) + FlatNode.widthOffset).assumingMemoryBound(to: Dim.self)
        return DimRef(
            pointer: horizontal ? width : width + 1, kind: horizontal ? pointee.widthKind : pointee.heightKind,
            isFlex: horizontal ? pointee.widthFlex : pointee.heightFlex,
            grow: horizontal ? pointee.widthGrow : pointee.heightGrow)
    }
    @inline(__always) var isIncalculable: Bool { pointee.widthKind == .aspect && pointee.heightKind == .aspect }
}

extension FlatNode {
    /// The record of a real node.
    init(_ node: BoxNode, measurer: any TextMeasuring) {
        let kind: Kind = switch node.type {
        case .leaf: .leaf
        case .hbox, .vbox: .linear
        case .hflow, .vflow: .flow
        case .zbox: .z
        }
        let width = Dim(node.width), height = Dim(node.height)
        var natural = node.content ?? .zero
        if let text = node.text { natural = measurer.size(of: text, fontSize: node.fontSize ?? BoxNode.defaultFontSize) }
        self.init(
            kind: kind, axis: node.type.direction, flowEnding: node.flowEnding, margin: node.margin,
            width: width, height: height, natural: natural,
            aspect: width.kind == .aspect ? width.value : height.kind == .aspect ? height.value : nil)
        alignment = node.alignment
        summarizeDims()
    }

    /// The virtual line box of a flow (Puyopuyo's `getVirtualLine`): a linear box across the run axis, gap
    /// itemSpace, the flow's format, reverse and justifyContent, **and the flow's own alignment** (quirk).
    init(lineOf flow: FlatNode, _ regulator: Regulator) {
        let lineAxis = flow.axis.crossAxis
        let runSize = regulator.runRowSize
        let lineSize = flow.dim(along: lineAxis).isWrap ? Dim(.wrap()) : Dim(.fill)
        self.init(
            kind: .linear, axis: lineAxis, flowEnding: false, margin: .zero,
            width: lineAxis == .horizontal ? lineSize : runSize, height: lineAxis == .horizontal ? runSize : lineSize,
            natural: .zero, aspect: nil)
        alignment = flow.alignment
        summarizeDims()
    }
}

/// The regulator properties of a box (unused for leaves), kept apart from `FlatNode` so that the passes over a
/// box's children stream only the children's own fields.
struct Regulator {
    var format: BoxFormat
    var runFormat: BoxFormat
    var reverse: Bool
    var padding: Insets
    var justify: BoxAlignment
    var space: Double
    var itemSpace: Double
    var runSpace: Double
    var arrange: Int
    /// The size of each line along a flow's run axis.
    var runRowSize: Dim
    /// A real linear box's totals over its children, counted by the engine's init and again after a mutation
    /// that changes them (`arrangeChildren`); a flow's line box, by the flow as its items join it (`setLine`);
    /// nil for other nodes.
    var linearTotals: LinearTotals? = nil
    /// Whether a flow's items in declaration order are already in measuring order (`arrangeChildren`), so its
    /// lines need no sorting.
    var itemsInMeasuringOrder = true

    init(_ node: BoxNode) {
        self.init(
            format: node.format, runFormat: node.runFormat, reverse: node.reverse, padding: node.padding,
            justify: node.justifyContent ?? (node.type == .zbox ? .center : BoxAlignment([.leading, .top])),
            space: node.space, itemSpace: node.itemSpace ?? node.space, runSpace: node.runSpace ?? node.space,
            arrange: node.arrange, runRowSize: Dim(node.runRowSize))
    }

    /// A flow's line box: gap itemSpace, the flow's format, reverse and justifyContent, no padding.
    init(lineOf flow: Regulator) {
        self.init(
            format: flow.format, runFormat: .leading, reverse: flow.reverse, padding: .zero, justify: flow.justify,
            space: flow.itemSpace, itemSpace: 0, runSpace: 0, arrange: 0, runRowSize: flow.runRowSize)
    }

    init(
        format: BoxFormat, runFormat: BoxFormat, reverse: Bool, padding: Insets, justify: BoxAlignment, space: Double,
        itemSpace: Double, runSpace: Double, arrange: Int, runRowSize: Dim
    ) {
        self.format = format
        self.runFormat = runFormat
        self.reverse = reverse
        self.padding = padding
        self.justify = justify
        self.space = space
        self.itemSpace = itemSpace
        self.runSpace = runSpace
        self.arrange = arrange
        self.runRowSize = runRowSize
    }
}
