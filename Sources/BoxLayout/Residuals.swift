import LayoutCore

/// Puyopuyo's shared sizing helpers (spec §3): aspect-ratio collapse and expand, the content residual and the
/// intrinsic size. Pure functions of their arguments.
enum Residuals {
    /// The largest box with width / height = `aspect` that fits in `size`; 0 × 0 when either side is 0.
    @inline(__always)
    static func collapse(_ size: Size, aspect: Double) -> Size {
        if size.width == 0 || size.height == 0 { return .zero }
        let ratio = size.width / size.height
        if ratio > aspect { return Size(width: capped(size.height * aspect), height: size.height) }
        if ratio < aspect { return Size(width: size.width, height: size.width / aspect) }
        return size
    }

    /// Derives a missing side from the other, or enlarges the short side, so that width / height = `aspect`.
    @inline(__always)
    static func expand(_ size: Size, aspect: Double) -> Size {
        if size.width == 0 && size.height == 0 { return .zero }
        if size.width == 0 { return Size(width: capped(size.height * aspect), height: size.height) }
        if size.height == 0 { return Size(width: size.width, height: size.width / aspect) }
        let ratio = size.width / size.height
        if ratio > aspect { return Size(width: size.width, height: size.width / aspect) }
        if ratio < aspect { return Size(width: capped(size.height * aspect), height: size.height) }
        return size
    }

    /// The most the node itself may occupy (§3.1): the offer minus margins, fixed values substituted, wrap
    /// `max` applied, then collapsed to the aspect ratio.
    @inline(__always)
    static func content(of node: NodeRef, offered: Size) -> Size {
        let margin = node.hot.pointee.margin
        let width = node.cold.pointee.width
        let height = node.cold.pointee.height
        var residualWidth = max(offered.width - margin.horizontal, 0)
        var residualHeight = max(offered.height - margin.vertical, 0)
        if width.kind == .fixed { residualWidth = width.value }
        if height.kind == .fixed { residualHeight = height.value }
        let residual = Size(width: min(residualWidth, width.max), height: min(residualHeight, height.max))
        guard let aspect = node.cold.pointee.aspect else { return residual }
        return collapse(residual, aspect: aspect)
    }

    /// The inner space offered to a box's children: the content residual minus padding, floored at 0.
    @inline(__always)
    static func children(padding: Insets, content: Size) -> Size {
        Size(width: max(content.width - padding.horizontal, 0), height: max(content.height - padding.vertical, 0))
    }

    /// The node's size from its residual and, for wrap dimensions, its content size (§3.2).
    /// - Parameter wrapped: the content size (padding included for boxes); ignored by non-wrap dimensions.
    @inline(__always)
    static func intrinsic(of node: NodeRef, residual: Size, wrapped: Size) -> Size {
        let size = Size(
            width: resolve(
                node.cold.pointee.width, residual: residual.width, content: max(min(wrapped.width, residual.width), 0)),
            height: resolve(
                node.cold.pointee.height, residual: residual.height,
                content: max(min(wrapped.height, residual.height), 0)))
        guard let aspect = node.cold.pointee.aspect else { return size }
        return expand(size, aspect: aspect)
    }

    /// One dimension of the intrinsic size. **A residual of 0 gives 0 for every type, fixed included.**
    @inline(__always)
    static func resolve(_ dim: Dim, residual: Double, content: Double) -> Double {
        if residual <= 0 { return 0 }
        switch dim.kind {
        case .fixed: return max(0, dim.value)
        case .ratio: return residual
        case .wrap: return min(dim.wrapSize(content), residual)
        case .aspect: return 0
        }
    }
}
