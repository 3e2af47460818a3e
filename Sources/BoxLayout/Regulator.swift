import LayoutCore

/// The regulator properties of a box (unused for leaves), kept apart from `FlatNode` so that the passes over a
/// box's children stream only the children's own fields.
///
/// The flags and counts come first, next to the format and the padding, so that a line box's calculation reads
/// what it needs of its regulator from one cache line.
struct Regulator {
    var format: BoxFormat
    var runFormat: BoxFormat
    var reverse: Bool
    /// Whether a flow's items in declaration order are already in measuring order (`arrangeChildren`), so its
    /// lines need no sorting.
    var itemsInMeasuringOrder = true
    /// Whether every item of a flow is plain along its lines (`NodeRef.isPlainItem`), so that a line's totals
    /// follow from its item count alone (`LayoutState.plainLineTotals`).
    var itemsArePlain = false
    /// Whether a child may have an entry with a finite limit: some child is a flow or holds one, active or not
    /// (the tree's structure never changes). A flow's line boxes share its flag. Others skip `addLimit`.
    var childrenMayBeBounded = false
    /// Whether a flow's line box bounds its regime when calculated: its flow did when it last gave the line its
    /// items (`setLine`). Otherwise the line keeps an entry for its very offer (`finishLinear`).
    var tracksRegime = false
    /// A flow's items from this position on (in its item slice) may have changed since its last calculation:
    /// `Int32.max` when none has (the flow is *settled*), 0 when everything may have (never calculated, a change
    /// to the flow's own records or to which items take part, a clear). Mutations lower it as they pass the
    /// flow on their way to the root; each calculation of the flow sets it back to `.max` (`calculateFlow`).
    var changedFrom: Int32 = 0
    /// A flow's line count at its last calculation (see `lastInner`).
    var lineCount: Int32 = 0
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
    /// A flow's children residual at its last calculation, which its kept line breaks describe
    /// (`LineRecord.breakStart`).
    var lastInner = Size.zero

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
