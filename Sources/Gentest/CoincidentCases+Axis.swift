import BoxLayout
import Engines
import LayoutCore

// MARK: Axis helpers of the subset

extension BoxNodeType {
    var isLinearType: Bool { self == .hbox || self == .vbox }
    var isFlowType: Bool { self == .hflow || self == .vflow }
    /// A row's or column's main axis; for a flow, the axis its runs stack along.
    var mainAxis: Axis { self == .hbox || self == .hflow ? .horizontal : .vertical }
    /// The axis along which a flow's items sit in one line: x for a VFlow (`row wrap`), y for an HFlow.
    var lineAxis: Axis { mainAxis.crossAxis }
}

extension BoxNode {
    func size(along axis: Axis) -> SizeDescription { axis == .horizontal ? width : height }

    mutating func setSize(_ size: SizeDescription, along axis: Axis) {
        if axis == .horizontal { width = size } else { height = size }
    }
}

extension Insets {
    /// Sets the leading inset on `axis`: left or top.
    mutating func setStart(_ value: Double, along axis: Axis) {
        if axis == .horizontal { left = value } else { top = value }
    }
}

extension SizeDescription {
    var isWrapSize: Bool { if case .wrap = self { true } else { false } }
}

extension BoxNode {
    /// No justifyContent and no child alignment: a box that grows along its cross axis keeps its children where
    /// its natural size put them in Puyopuyo, while CSS aligns them in the grown size (docs/compat-box.md).
    mutating func clearCrossAlignment() {
        justifyContent = nil
        for index in children.indices { children[index].alignment = .idle }
    }

    /// No margin on an axis where the node has a max: Taffy takes the margin out of the max (docs/gentest.md).
    mutating func clearMarginsAlongMax() {
        if case .wrap(let options) = width, options.max != nil { (margin.left, margin.right) = (0, 0) }
        if case .wrap(let options) = height, options.max != nil { (margin.top, margin.bottom) = (0, 0) }
    }
}

extension BoxProposal {
    func along(_ axis: Axis) -> Double? { axis == .horizontal ? width : height }

    mutating func set(_ value: Double?, along axis: Axis) {
        if axis == .horizontal { width = value } else { height = value }
    }
}
