import LayoutCore

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
