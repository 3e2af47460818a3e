import LayoutCore

/// What a prepared item depends on besides its own style and subtree and its container's style: the container's
/// inner width when the item reads it (a percentage, `fit-content`, a column's stretch), and its definite inner
/// height.
struct PreparedItemKey: Equatable {
    var innerWidth: Double?
    var definiteInnerHeight: Double?
}

extension FlexLayoutEngine {
    /// §9.1 and §9.2 step 3 for one child: the flex item, in a column its width first (the height needs it), then
    /// its flex base size and hypothetical main size. Remembered until the child's subtree, its style or its
    /// container's style changes (`invalidate`, `apply`), so that a container laid out again (a sibling's content
    /// changed, a new width the items do not read) prepares only the items that changed.
    /// Writes the item into `slot`: the child's own prepared item when the container lays its items out in place
    /// (`itemsInPlace`), else a copy of it; either way what a pass wrote is undone (`resetForPass`).
    func prepareItem(_ child: Int, in container: FlexContainer, into slot: UnsafeMutablePointer<FlexItem>) {
        let key = PreparedItemKey(
            innerWidth: !container.isRow || traits[child].contains(.resolvesAgainstContainerWidth)
                ? container.innerWidth : nil,
            definiteInnerHeight: container.definiteInnerHeight)
        let prepared = preparedItems.pointer(child)
        if preparedKeys[child] == key {
            if slot != prepared { slot.pointee = prepared.pointee }
            slot.pointee.resetForPass()
            return
        }
        slot.pointee = makeItem(child, in: container)
        if !container.isRow { slot.pointee.crossSize = columnItemWidth(slot.pointee, in: container) }
        slot.pointee.preparedCrossSize = slot.pointee.crossSize
        determineFlexBaseSize(
            &slot.pointee, in: container,
            innerMain: container.isRow ? container.innerWidth : container.definiteInnerHeight)
        if slot != prepared { prepared.pointee = slot.pointee }
        preparedKeys[child] = key
    }

    /// The container's items where they are prepared (`preparedItems`, from its first child on), when every child
    /// is an unordered flex item and the children are consecutive nodes (as a tree is built; an insertion can
    /// break it): the pass then lays them out in place and copies none. nil otherwise: they are copied into the
    /// scratch stack. (At 10⁵ items the copy was a fifth of the memory a pass read and wrote.)
    func itemsInPlace(_ node: Int) -> Items? {
        let list = children(node)
        guard let first = list.first else { return nil }
        for (offset, child) in list.enumerated()
        where child != first + offset || traits[child].intersection([.inFlow, .ordered]) != .inFlow {
            return nil
        }
        return UnsafeMutableBufferPointer(start: preparedItems.pointer(first), count: list.count)
    }

    /// Whether the item's own style resolves anything against its container's inner width: percentage margins,
    /// paddings, widths or flex basis, or a `fit-content` width (it fits the inner width).
    func readsContainerWidth(_ node: Int) -> Bool {
        let style = styles.at(node)
        func reads(_ value: SizeValue) -> Bool {
            switch value {
            case .percent, .fitContent: true
            default: false
            }
        }
        let margin = style.margin
        return reads(style.width) || reads(style.minWidth) || reads(style.maxWidth) || reads(style.flexBasis)
            || style.padding.hasPercentage || margin.top.isPercentage || margin.right.isPercentage
            || margin.bottom.isPercentage || margin.left.isPercentage
    }
}

extension FlexItem {
    /// The placeholder of a node no container has prepared (its key is nil, so it is never read).
    static let unprepared = FlexItem(
        mainMargin: (0, 0), grow: 0, shrink: 0, mainAutoMargin: (false, false), minMain: 0, maxMain: .infinity,
        mainPaddingBorder: 0, node: -1, crossMargin: (0, 0), minCross: 0, maxCross: .infinity, align: .auto,
        crossIsAuto: true, crossAutoMargin: (false, false), preferredMain: nil, preferredCross: nil,
        paddingBorder: Edges(0))
}
