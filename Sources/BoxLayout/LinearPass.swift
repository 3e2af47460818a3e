import LayoutCore

/// The regulator properties a linear pass reads; a flow's outer pass swaps in runSpace and runFormat.
struct LinearParameters {
    var axis: Axis
    var space: Double
    var format: BoxFormat
    var reverse: Bool
}

/// The totals over the children that take part in a linear pass (§6.1): they depend only on the descriptions, so
/// a real linear box counts them at init and after a mutation (`Regulator.linearTotals`), a flow's line box when its
/// items change (`setLine`).
struct LinearTotals {
    /// M: the laid-out children's main margins.
    var margins = 0.0
    /// Stot: the gaps between laid-out children.
    var gaps = 0.0
    var ratioSum = 0.0
    var shrinkSum = 0.0
    var growSum = 0.0
    var count = 0
    var formattable = true
    var hasCrossRatio = false
    /// Whether some child is dropped (quirk 3) and must be cleared at every layout.
    var drops = false
}

/// What placing a linear box's children (§6.8) takes from its calculation besides the box's own records and its
/// totals. A flow's line box keeps it until the flow has placed the line (`LineRecord.placement`).
struct LinearPlacement {
    /// R − (M + Stot + T + Rsum): the main length the format distributes. R is the inner main residual, **not** the
    /// final size.
    var free: Double
    /// The box's final extent across its main axis.
    var crossExtent: Double
}

/// The running totals of one linear calculation (spec §6 notation).
struct LinearPass {
    var axis: Axis
    /// The box's content residual.
    var residual: Size
    /// The children residual on the main (Rm) and cross (Rc) axes.
    var innerMain: Double
    var innerCross: Double
    var boxMainIsWrap: Bool
    var boxCrossIsWrap: Bool
    /// The box's totals over its laid-out children.
    var totals = LinearTotals()
    /// T: the non-ratio children's main sizes.
    var used = 0.0
    /// Rsum: the ratio children's main sizes.
    var ratioUsed = 0.0
    /// X: the largest cross extent (margins included) of the non-ratio-cross children.
    var crossExtent = 0.0
    /// Whether the box keeps a cache entry, and the regime of Rm and Rc so far (see `addNeed`): needs and limits.
    var tracksNeed = false
    var needMain = -Double.infinity
    var needCross = -Double.infinity
    var limitMain = Double.infinity
    var limitCross = Double.infinity
    /// Whether a child's entry may have a finite limit (`Regulator.childrenMayBeBounded`).
    var checksLimits = false

    /// Narrows the regime of Rm and Rc to what `regime` (of the children residual's width and height) allows.
    mutating func narrow(to regime: Regime) {
        needMain = max(needMain, regime.need.main(along: axis))
        needCross = max(needCross, regime.need.cross(along: axis))
        limitMain = min(limitMain, regime.limit.main(along: axis))
        limitCross = min(limitCross, regime.limit.cross(along: axis))
    }

    /// `max(Rm − (M + Stot + T), 0)`, re-evaluated at every use.
    var free: Double { max(innerMain - (totals.margins + totals.gaps + used), 0) }
}
