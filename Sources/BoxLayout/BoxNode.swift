import LayoutCore

/// The root proposal: the space offered to the root, margins included. Nil means unbounded.
public struct BoxProposal: Hashable, Sendable {
    public var width: Double?
    public var height: Double?

    public init(width: Double? = nil, height: Double? = nil) {
        self.width = width
        self.height = height
    }
}

/// The kind of a node: the three Puyopuyo boxes in both directions, or a measured leaf.
public enum BoxNodeType: String, Codable, Hashable, Sendable, CaseIterable {
    /// LinearBox along x.
    case hbox
    /// LinearBox along y.
    case vbox
    /// FlowBox whose lines are columns laid out left to right (CSS `column wrap`).
    case hflow
    /// FlowBox whose lines are rows stacked top to bottom (CSS `row wrap`).
    case vflow
    /// A stack that aligns every child on both axes.
    case zbox
    /// A measured leaf: `content` or `text`.
    case leaf

    /// Whether the node may hold children.
    public var isContainer: Bool { self != .leaf }
    var isLinear: Bool { self == .hbox || self == .vbox }
    var isFlow: Bool { self == .hflow || self == .vflow }

    /// The main axis of a linear box, or the run axis (the axis the lines stack along) of a flow.
    var direction: Axis { self == .hbox || self == .hflow ? .horizontal : .vertical }
}

/// Main-axis distribution of a linear box or of the items in a flow line (Puyopuyo's `Format`).
public enum BoxFormat: String, Codable, Hashable, Sendable, CaseIterable {
    case leading, center, between, round, trailing
}

/// The options of a content-sized dimension: `wrapSize(c) = min(max(c + add, min), max)`.
public struct WrapOptions: Hashable, Sendable {
    public var add: Double
    public var min: Double
    /// Nil is unbounded. **Must be nil when `grow > 0`** (the engine ignores it then, as Puyopuyo forces INF).
    public var max: Double?
    /// Higher priority claims main-axis space first.
    public var priority: Double
    public var shrink: Double
    public var grow: Double

    public init(
        add: Double = 0, min: Double = 0, max: Double? = nil, priority: Double = 0, shrink: Double = 0, grow: Double = 0
    ) {
        self.add = add
        self.min = min
        self.max = max
        self.priority = priority
        self.shrink = shrink
        self.grow = grow
    }
}

/// How one dimension of a node is sized (Puyopuyo's `SizeDescription`).
public enum SizeDescription: Hashable, Sendable {
    /// An exact size; never shrinks or grows.
    case fixed(Double)
    /// The content size, clamped by the options and capped by the available space.
    case wrap(WrapOptions = WrapOptions())
    /// A share of the free main space, or `r ×` the available cross / inner size. **r > 0.**
    case ratio(Double)
    /// Derived from the other dimension so that width / height = a (whichever dimension carries it). **a > 0.**
    case aspectRatio(Double)

    /// `.ratio(1)`.
    public static let fill = SizeDescription.ratio(1)

    var isWrap: Bool { if case .wrap = self { true } else { false } }
}

/// Where a node sits on its parent's cross axis (both axes in a ZBox), with Puyopuyo's bits and centre ratios.
public struct BoxAlignment: Hashable, Sendable {
    /// Puyopuyo's `Alignment` option bits.
    public struct Flags: OptionSet, Hashable, Sendable {
        public var rawValue: UInt16
        public init(rawValue: UInt16) { self.rawValue = rawValue }

        public static let none = Flags(rawValue: 1)
        public static let top = Flags(rawValue: 2)
        public static let bottom = Flags(rawValue: 4)
        public static let left = Flags(rawValue: 8)
        public static let right = Flags(rawValue: 16)
        public static let horzCenter = Flags(rawValue: 32)
        public static let vertCenter = Flags(rawValue: 64)
        public static let leading = Flags(rawValue: 128)
        public static let trailing = Flags(rawValue: 256)

        /// The flags that speak about `axis`.
        static func components(of axis: Axis) -> Flags {
            axis == .horizontal ? [.left, .right, .horzCenter, .leading, .trailing] : [.top, .bottom, .vertCenter]
        }
    }

    /// The horizontal centre ratio, −1 (start) … 0 (centre) … 1 (end); used with `horzCenter`.
    public var horizontalRatio: Double
    /// The vertical centre ratio; used with `vertCenter`.
    public var verticalRatio: Double
    public var flags: Flags

    /// Ratios are clamped to −1…1, as Puyopuyo does.
    public init(_ flags: Flags, horizontalRatio: Double = 0, verticalRatio: Double = 0) {
        self.flags = flags
        self.horizontalRatio = Swift.min(Swift.max(horizontalRatio, -1), 1)
        self.verticalRatio = Swift.min(Swift.max(verticalRatio, -1), 1)
    }

    /// The empty set: "not specified", so the parent's justifyContent applies.
    public static let idle = BoxAlignment([])
    /// Unmanaged: the coordinate is 0 (quirk 12).
    public static let none = BoxAlignment(.none)
    public static let top = BoxAlignment(.top)
    public static let bottom = BoxAlignment(.bottom)
    public static let left = BoxAlignment(.left)
    public static let right = BoxAlignment(.right)
    public static let leading = BoxAlignment(.leading)
    public static let trailing = BoxAlignment(.trailing)
    public static let horzCenter = BoxAlignment(.horzCenter)
    public static let vertCenter = BoxAlignment(.vertCenter)
    public static let center = BoxAlignment([.horzCenter, .vertCenter])

    public static func horzCenter(_ ratio: Double) -> BoxAlignment { BoxAlignment(.horzCenter, horizontalRatio: ratio) }
    public static func vertCenter(_ ratio: Double) -> BoxAlignment { BoxAlignment(.vertCenter, verticalRatio: ratio) }
    public static func center(x: Double, y: Double) -> BoxAlignment {
        BoxAlignment([.horzCenter, .vertCenter], horizontalRatio: x, verticalRatio: y)
    }

    /// Both sets together; a ratio given by either side is kept.
    public func union(_ other: BoxAlignment) -> BoxAlignment {
        BoxAlignment(
            flags.union(other.flags),
            horizontalRatio: other.horizontalRatio != 0 ? other.horizontalRatio : horizontalRatio,
            verticalRatio: other.verticalRatio != 0 ? other.verticalRatio : verticalRatio)
    }

    func hasComponent(along axis: Axis) -> Bool { !flags.isDisjoint(with: Flags.components(of: axis)) }
}

/// One node of a box tree, in Puyopuyo's vocabulary: every Measure property plus the regulator properties of
/// its type. Properties that do not apply to the type are rejected by decoding and ignored by the engine.
public struct BoxNode: Hashable, Sendable, PathAddressable {
    /// The deepest nesting that decoding and `BoxCase` accept; the root is depth 0.
    public static let maximumDepth = 2000

    public var type: BoxNodeType
    public var id: String?
    public var width: SizeDescription
    public var height: SizeDescription
    public var margin: Insets
    public var alignment: BoxAlignment
    /// Content-mode flows only: a forced line break after this item.
    public var flowEnding: Bool
    /// Inactive nodes are skipped everywhere: not measured, not placed, not in `frames`.
    public var activated: Bool

    // Regulator properties (containers).
    public var padding: Insets
    /// Nil is the type's default: `[leading, top]` for linear boxes and flows, `center` for a ZBox.
    public var justifyContent: BoxAlignment?
    public var space: Double
    public var format: BoxFormat
    public var reverse: Bool
    // Flow properties.
    public var arrange: Int
    /// Nil falls back to `space` (Puyopuyo's `space` setter sets both gaps).
    public var itemSpace: Double?
    /// Nil falls back to `space`.
    public var runSpace: Double?
    public var runFormat: BoxFormat
    public var runRowSize: SizeDescription
    // Leaf content.
    /// The natural size the injected measure function returns, whatever the constraint.
    public var content: Size?
    /// Single-line text measured through `TextMeasuring`; each "\n" starts a new line.
    public var text: String?
    /// Nil is 12 when `text` is set.
    public var fontSize: Double?
    public var children: [BoxNode]

    /// The default row size of a flow: `wrap(shrink: 1)`.
    public static let defaultRunRowSize = SizeDescription.wrap(WrapOptions(shrink: 1))
    static let defaultFontSize = 12.0

    public init(
        type: BoxNodeType, id: String? = nil, width: SizeDescription = .wrap(), height: SizeDescription = .wrap(),
        margin: Insets = .zero, alignment: BoxAlignment = .idle, flowEnding: Bool = false, activated: Bool = true,
        padding: Insets = .zero, justifyContent: BoxAlignment? = nil, space: Double = 0, format: BoxFormat = .leading,
        reverse: Bool = false, arrange: Int = 0, itemSpace: Double? = nil, runSpace: Double? = nil,
        runFormat: BoxFormat = .leading, runRowSize: SizeDescription = BoxNode.defaultRunRowSize,
        content: Size? = nil, text: String? = nil, fontSize: Double? = nil, children: [BoxNode] = []
    ) {
        self.type = type
        self.id = id
        self.width = width
        self.height = height
        self.margin = margin
        self.alignment = alignment
        self.flowEnding = flowEnding
        self.activated = activated
        self.padding = padding
        self.justifyContent = justifyContent
        self.space = space
        self.format = format
        self.reverse = reverse
        self.arrange = arrange
        self.itemSpace = itemSpace
        self.runSpace = runSpace
        self.runFormat = runFormat
        self.runRowSize = runRowSize
        self.content = content
        self.text = text
        self.fontSize = fontSize
        self.children = children
    }

    /// A leaf whose measure function returns `content`.
    public static func leaf(
        _ content: Size, id: String? = nil, width: SizeDescription = .wrap(), height: SizeDescription = .wrap(),
        margin: Insets = .zero, alignment: BoxAlignment = .idle
    ) -> BoxNode {
        BoxNode(
            type: .leaf, id: id, width: width, height: height, margin: margin, alignment: alignment, content: content)
    }

    /// The greatest depth below this node (0 for a node without children), found without recursion.
    public var depth: Int {
        var deepest = 0
        var stack: [(node: BoxNode, depth: Int)] = [(self, 0)]
        while let (node, depth) = stack.popLast() {
            deepest = max(deepest, depth)
            for child in node.children { stack.append((child, depth + 1)) }
        }
        return deepest
    }
}
