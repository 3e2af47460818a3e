import LayoutCore

/// What the last full layout left for the next one to decide whether a new viewport width reaches the root
/// (docs/flex-engine.md "Relayout").
struct ViewportMemo {
    /// The viewport the caches and frames were laid out in.
    var width: Double
    var height: Double?
    /// The root's outer hypothetical width as the viewport's item, when nothing of the root's own style reads the
    /// viewport's width (`rootWidthIsItsOwn`); infinity otherwise.
    var rootHypotheticalWidth: Double = .infinity
}

extension FlexLayoutEngine {
    /// Whether the frames of the last layout hold in a viewport `width` wide: nothing changed since (no mutation, the
    /// same height), and the root's width is its own in both viewports. The root is the viewport's one item in a
    /// row that starts at its left edge; when its style reads nothing of the viewport's width (no percentage,
    /// `fit-content`, growth or automatic inline margin) and its hypothetical width fits both widths, it is neither
    /// grown nor shrunk (§9.7) nor moved (§9.5), its layout input is the same, and so is everything below it (an
    /// absolutely positioned box whose containing block is the viewport excepted).
    func viewportWidthKeepsFrames(_ width: Double, height: Double?) -> Bool {
        guard let memo = viewportMemo, memo.height == height, caches[0].performed != nil else { return false }
        let root = childList[childStart[0]]
        return !escaping[root] && memo.rootHypotheticalWidth <= min(width, memo.width)
    }

    /// Records the root's hypothetical width for `viewportWidthKeepsFrames`, from the viewport's items after §9.2
    /// step 3.
    func recordRootHypotheticalWidth(_ items: Items) {
        let root = childList[childStart[0]]
        viewportMemo?.rootHypotheticalWidth =
            items.count == 1 && items[0].node == root && rootWidthIsItsOwn(root)
            ? items[0].outerHypotheticalMain : .infinity
    }

    /// Whether the root's style reads nothing of its containing block's width: nothing an item reads
    /// (`readsContainerWidth`), no growth, no automatic inline margin, no percentage inline inset.
    func rootWidthIsItsOwn(_ root: Int) -> Bool {
        let style = styles.at(root)
        return !readsContainerWidth(root) && style.flexGrow == 0 && !style.margin.left.isAuto
            && !style.margin.right.isAuto
            && (style.position != .relative || !(style.inset.left.isPercentage || style.inset.right.isPercentage))
    }
}

extension LengthPercentageAuto {
    var isPercentage: Bool { if case .percent = self { true } else { false } }
}
