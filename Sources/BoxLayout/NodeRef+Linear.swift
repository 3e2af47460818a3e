import LayoutCore

extension NodeRef {
    /// Whether, as an item of a line whose main axis is `axis`, this node leaves the line's totals to its count:
    /// a main that is neither a ratio nor a flex, a cross that is no ratio, and main margins that sum to zero.
    func isPlainItem(along axis: Axis) -> Bool {
        let main = dim(along: axis)
        return !main.isRatio && !main.isFlex && !dim(along: axis.crossAxis).isRatio
            && hot.pointee.margin.main(along: axis) == 0
    }
}

/// Truncates toward zero to 3 decimals, as Puyopuyo's `clipDecimal` does; huge values are left alone.
func truncatedToThousandths(_ value: Double) -> Double {
    guard abs(value) < 1e15 else { return value }
    return (value * 1000).rounded(.towardZero) / 1000
}

extension Size {
    /// The same size with its main extent along `axis` replaced.
    func with(main: Double, along axis: Axis) -> Size { Size(main: main, cross: cross(along: axis), along: axis) }
}
