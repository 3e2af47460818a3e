import LayoutCore

/// One dimension's size description, flattened for the hot path (no enum payloads to unpack).
struct Dim: Hashable {
    enum Kind: UInt8 { case fixed, aspect, wrap, ratio }

    var kind: Kind
    /// The fixed value, the ratio or the aspect ratio; 0 for wrap (`HotNode.widthValueOrGrow` counts on it).
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

/// A node's `Dim` read in place (see `NodeRef`): each property loads only the fields it needs.
struct DimRef {
    /// The `Dim` in the node's cold half.
    let pointer: UnsafeMutablePointer<Dim>
    /// Copied from the node's hot half (`HotNode.widthKind`…): a pass that asks what kind a dimension is, its value
    /// or its grow factor, the common cases, does not load the `Dim` at all.
    let kind: Dim.Kind
    let isFlex: Bool
    /// `value` for a fixed, ratio or aspect dimension, `grow` for a wrap (see `HotNode.widthValueOrGrow`).
    let valueOrGrow: Double

    /// `Dim.value`: a wrap's is 0. Read after a test of the kind, the test folds away.
    @inline(__always) var value: Double { kind == .wrap ? 0 : valueOrGrow }
    /// `Dim.grow`: only a wrap has one.
    @inline(__always) var grow: Double { kind == .wrap ? valueOrGrow : 0 }
    @inline(__always) var max: Double { pointer.pointee.max }
    @inline(__always) var shrink: Double { pointer.pointee.shrink }
    @inline(__always) var isWrap: Bool { kind == .wrap }
    @inline(__always) var isRatio: Bool { kind == .ratio }
    @inline(__always) var ratio: Double { kind == .ratio ? value : 0 }
    @inline(__always) var measuringLevel: (Int, Double) { pointer.pointee.measuringLevel }
    @inline(__always) func wrapSize(_ content: Double) -> Double { pointer.pointee.wrapSize(content) }
}
