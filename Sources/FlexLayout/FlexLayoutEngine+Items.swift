import LayoutCore

/// What every step of one container's layout reads: its box, its axes and its inner sizes.
struct FlexContainer {
    var node: Int
    var axes: FlowAxes
    var paddingBorder: Edges<Double>
    var innerWidth: Double
    /// The inner height the parent fixed, and whether it is definite for percentages.
    var knownInnerHeight: Double?
    var definiteInnerHeight: Double?
    /// The container's own `min-height`/`max-height` as inner heights, for an automatic height.
    var minInnerHeight: Double
    var maxInnerHeight: Double
    var mainGap: Double
    var crossGap: Double
    var singleLine: Bool
    var justifyContent: Alignment
    var alignContent: Alignment

    var isRow: Bool { axes.isRow }
}

/// An item's margins, paddings and sizes as border-box lengths, resolved against its container (`resolveBox`).
struct ResolvedBox {
    var paddingBorder: Edges<Double>
    /// `auto` margins are 0 here, and flagged in `autoMargin` (alignment gives them their share).
    var margin: Edges<Double>
    var autoMargin: Edges<Bool>
    /// The preferred sizes; nil where `auto` or unresolvable.
    var width: Double?
    var height: Double?
    var minWidth: Double?
    var maxWidth: Double?
    var minHeight: Double?
    var maxHeight: Double?

    /// The placeholder of a node without a fixed box (never read: `hasFixedBox` is false).
    static let unresolved = ResolvedBox(
        paddingBorder: Edges(0), margin: Edges(0), autoMargin: Edges(false), width: nil, height: nil, minWidth: nil,
        maxWidth: nil, minHeight: nil, maxHeight: nil)
}

extension FlexLayoutEngine {
    // MARK: §9.1 Initial setup: the flex items

    /// One in-flow child as a flex item: margins, paddings and sizes resolved against the container's inner box
    /// (percentages of its width for margins and paddings, CSS 2 §8.3).
    func makeItem(_ child: Int, in container: FlexContainer) -> FlexItem {
        let style = styles.at(child)
        let axes = container.axes
        let parentStyle = styles.at(container.node)
        let align = axes.align(
            style.alignSelf == .auto ? parentStyle.alignItems : style.alignSelf, itemRightToLeft: style.rightToLeft)
        // The fixed box is read where it is stored: a copy of it would cost more than the item's own fields.
        if hasFixedBox[child] {
            return makeItem(child, box: UnsafePointer(fixedBoxes.pointer(child)), align: align, axes: axes)
        }
        let box = resolveBox(
            child, containingWidth: container.innerWidth, containingHeight: container.definiteInnerHeight,
            isRow: axes.isRow, align: align)
        return withUnsafePointer(to: box) { makeItem(child, box: $0, align: align, axes: axes) }
    }

    /// The item from its resolved box, along `axes`.
    @inline(__always) private func makeItem(
        _ child: Int, box: UnsafePointer<ResolvedBox>, align: Alignment, axes: FlowAxes
    ) -> FlexItem {
        let style = styles.at(child)
        let pb = box.pointee.paddingBorder
        let isRow = axes.isRow
        // An automatic minimum main size is found with the flex base size (§4.5); NaN marks it until then.
        let minMainStyle = isRow ? box.pointee.minWidth : box.pointee.minHeight
        return FlexItem(
            mainMargin: axes.main(box.pointee.margin), grow: style.flexGrow, shrink: style.flexShrink,
            mainAutoMargin: axes.main(box.pointee.autoMargin),
            minMain: minMainStyle ?? (style.minWidthOrHeightIsAuto(isRow) ? .nan : 0),
            maxMain: (isRow ? box.pointee.maxWidth : box.pointee.maxHeight) ?? .infinity,
            mainPaddingBorder: isRow ? pb.horizontal : pb.vertical, node: child,
            crossMargin: axes.cross(box.pointee.margin),
            minCross: max(
                (isRow ? box.pointee.minHeight : box.pointee.minWidth) ?? 0, isRow ? pb.vertical : pb.horizontal),
            maxCross: (isRow ? box.pointee.maxHeight : box.pointee.maxWidth) ?? .infinity, align: align,
            crossIsAuto: (isRow ? style.height : style.width) == .auto,
            crossAutoMargin: axes.cross(box.pointee.autoMargin),
            preferredMain: isRow ? box.pointee.width : box.pointee.height,
            preferredCross: isRow ? box.pointee.height : box.pointee.width, paddingBorder: pb)
    }

    /// An item's box: margins, paddings and sizes resolved against its containing block (`containingWidth` is the
    /// container's inner width, `containingHeight` its definite inner height), in a row or column container that
    /// aligns it by `align`.
    func resolveBox(
        _ child: Int, containingWidth: Double?, containingHeight: Double?, isRow: Bool, align: Alignment
    ) -> ResolvedBox {
        let style = styles.at(child)
        let pb = paddingBorder(child, containingWidth: containingWidth)
        let margin = margins(child, containingWidth: containingWidth)
        // Widths: lengths, percentages of the inner width, and the intrinsic keywords (fit-content against the
        // inner width less the margins).
        let available = (containingWidth ?? .infinity) - margin.horizontal
        var width = preferredWidth(
            child, style.width, containingWidth: containingWidth, available: available,
            paddingBorder: pb.horizontal)
        var height = borderBoxSize(
            style.height, basis: containingHeight, paddingBorder: pb.vertical, borderBox: style.borderBox)
        var minWidth = widthLimit(
            child, style.minWidth, paddingBorder: pb.horizontal, containingWidth: containingWidth)
        var maxWidth = widthLimit(
            child, style.maxWidth, paddingBorder: pb.horizontal, containingWidth: containingWidth)
        let minHeight = borderBoxSize(
            style.minHeight, basis: containingHeight, paddingBorder: pb.vertical, borderBox: style.borderBox)
        let maxHeight = borderBoxSize(
            style.maxHeight, basis: containingHeight, paddingBorder: pb.vertical, borderBox: style.borderBox)
        // The aspect ratio gives the main axis a preferred size from a definite cross size, as the cross size is
        // used: within its own min and max sizes (CSS Sizing 4 §5.1). The other way round, the cross size is
        // transferred when the item is sized (§9.4 step 7), since stretching overrides it.
        if let ratio = style.aspectRatio {
            if isRow, width == nil, let height {
                let used = clamp(height, min: minHeight, max: maxHeight)
                width = transfer(used, ratio: ratio, toWidth: true, paddingBorder: pb, borderBox: style.borderBox)
            } else if !isRow, height == nil, let width {
                let used = clamp(width, min: minWidth, max: maxWidth)
                height = transfer(used, ratio: ratio, toWidth: false, paddingBorder: pb, borderBox: style.borderBox)
            }
        }
        // The ratio transfers `min-height`/`max-height` to a column item's width when the width comes from the
        // ratio (the item does not stretch). In a row the transferred bounds are no bounds of the main size: they
        // size the flex base (`determineFlexBaseSize`), and the given min-width and max-width alone bound the
        // flexing (as the browsers do).
        let widthFromRatio =
            !isRow && style.width == .auto
            && (align != .stretch || style.margin.left.isAuto || style.margin.right.isAuto)
        if widthFromRatio, let bounds = ratioWidthBounds(child, paddingBorder: pb, containingHeight: containingHeight) {
            // A transferred minimum never passes the given maximum (CSS Sizing 4 §5.1).
            if let low = bounds.min { minWidth = max(minWidth ?? 0, min(low, maxWidth ?? .infinity)) }
            if let high = bounds.max { maxWidth = min(maxWidth ?? .infinity, high) }
        }
        return ResolvedBox(
            paddingBorder: pb, margin: margin,
            autoMargin: Edges(
                top: style.margin.top.isAuto, right: style.margin.right.isAuto, bottom: style.margin.bottom.isAuto,
                left: style.margin.left.isAuto),
            width: width, height: height, minWidth: minWidth, maxWidth: maxWidth,
            minHeight: minHeight, maxHeight: maxHeight)
    }

    /// Keeps what is derived from the node's style with it, after the style is set or changed: its fixed box
    /// (`fixedBox`) and its traits.
    func noteStyle(_ node: Int) {
        if let box = fixedBox(node) {
            fixedBoxes[node] = box
            hasFixedBox[node] = true
        } else {
            hasFixedBox[node] = false
        }
        let style = styles.at(node)
        var noted = traits[node].subtracting(.ofStyle)
        if style.display != .none {
            noted.insert(style.position == .absolute ? .displayedAbsolute : .inFlow)
        }
        if style.padding.hasPercentage { noted.insert(.readsContainingWidth) }
        if style.minHeight.isPercentage || style.maxHeight.isPercentage { noted.insert(.readsContainingHeight) }
        if style.display == .flex, style.flexDirection.isRow || style.flexWrap == .nowrap {
            noted.insert(.sharesOwnHeightPass)
        }
        if readsContainerWidth(node) { noted.insert(.resolvesAgainstContainerWidth) }
        if style.order != 0 { noted.insert(.ordered) }
        if style.position == .relative { noted.insert(.relativelyPositioned) }
        if style.aspectRatio != nil { noted.insert(.hasAspectRatio) }
        if style.display == .grid { noted.insert(.grid) }
        if style.isScrollContainer { noted.insert(.scrollContainer) }
        traits[node] = noted
    }

    /// The node's box when its style resolves nothing against its container (lengths only: no percentage, no
    /// intrinsic keyword, no aspect ratio), so that it is the same in every container and layout; nil otherwise.
    func fixedBox(_ node: Int) -> ResolvedBox? {
        let style = styles.at(node)
        func isFixed(_ value: SizeValue) -> Bool {
            switch value {
            case .auto, .px: true
            default: false
            }
        }
        guard roles[node] != .viewport, style.aspectRatio == nil, !readsContainerWidth(node), isFixed(style.width),
            isFixed(style.minWidth), isFixed(style.maxWidth), isFixed(style.height), isFixed(style.minHeight),
            isFixed(style.maxHeight)
        else { return nil }
        return resolveBox(node, containingWidth: nil, containingHeight: nil, isRow: true, align: .stretch)
    }

    /// A `width` as a border-box width: a length, a resolvable percentage, or an intrinsic keyword
    /// (`fit-content` fits `available`, CSS Sizing 3 §5.2); nil for `auto`.
    /// `paddingBorder` is the node's horizontal padding and border (resolved against `containingWidth`).
    func preferredWidth(
        _ node: Int, _ value: SizeValue, containingWidth: Double?, available: Double, paddingBorder pb: Double
    ) -> Double? {
        switch value {
        case .minContent: return intrinsicWidths(node, containingWidth: containingWidth).min
        case .maxContent: return intrinsicWidths(node, containingWidth: containingWidth).max
        case .fitContent:
            let intrinsic = intrinsicWidths(node, containingWidth: containingWidth)
            return min(intrinsic.max, max(intrinsic.min, available))
        default:
            return borderBoxSize(value, basis: containingWidth, paddingBorder: pb, borderBox: styles[node].borderBox)
        }
    }

    /// A width that fits `available` (CSS Sizing 3 "fit-content"): max-content at most, min-content at least.
    func fitContentWidth(_ node: Int, available: Double, containingWidth: Double?) -> Double {
        let intrinsic = intrinsicWidths(node, containingWidth: containingWidth)
        return min(intrinsic.max, max(intrinsic.min, available))
    }

    // MARK: §9.2 step 3, and the cross size a column needs first

    /// A column's item width before the main axis is resolved: its preferred width, the line's width when it
    /// stretches in a single-line container, or a fit within the inner width (CSS Flexbox §9.4 steps 7 and 11:
    /// in a column the width is the cross size, and the height depends on it).
    func columnItemWidth(_ item: FlexItem, in container: FlexContainer) -> Double {
        if let width = item.preferredCross { return item.clampCross(width) }
        let available = container.innerWidth - item.crossMargin.start - item.crossMargin.end
        if item.stretches, container.singleLine { return item.clampCross(available) }
        let style = styles.at(item.node)
        if let ratio = style.aspectRatio, let height = item.preferredMain {
            let width = transfer(
                height, ratio: ratio, toWidth: true, paddingBorder: item.paddingBorder,
                borderBox: style.borderBox)
            // The automatic minimum in the ratio-dependent axis is the min-content size (CSS Sizing 4 §5.2).
            let floor =
                style.isScrollContainer || style.minWidth != .auto
                ? 0 : intrinsicWidths(item.node, containingWidth: container.innerWidth).min
            return item.clampCross(max(width, floor))
        }
        return item.clampCross(fitContentWidth(item.node, available: available, containingWidth: container.innerWidth))
    }

    /// The item's content size along the main axis: its max-content width in a row, its height at its width in a
    /// column.
    func contentMainSize(_ item: FlexItem, in container: FlexContainer) -> Double {
        if container.isRow {
            let innerHeight = definiteCross(item, in: container).map { max(0, $0 - item.paddingBorder.vertical) }
            return intrinsicWidths(item.node, containingWidth: container.innerWidth, innerHeight: innerHeight).max
        }
        return size(item.node, itemInput(item, width: item.crossSize, height: nil, definite: false, in: container))
            .contentHeight
    }

    /// The sizing input of an item of `container`.
    @inline(__always) func itemInput(
        _ item: FlexItem, width: Double, height: Double?, definite: Bool, in container: FlexContainer
    ) -> SizingInput {
        SizingInput(
            width: width, height: height, heightIsDefinite: definite && height != nil,
            containingWidth: container.innerWidth, containingHeight: container.definiteInnerHeight)
    }

    /// §9.2 step 3: the flex base size and the hypothetical main size, with the automatic minimum size (§4.5).
    func determineFlexBaseSize(_ item: inout FlexItem, in container: FlexContainer, innerMain: Double?) {
        let style = styles.at(item.node)
        let isRow = container.isRow
        // A. A definite flex basis (box-sizing applies to it as to the main size).
        var base: Double?
        var definiteBasis = false
        switch style.flexBasis {
        case .px, .percent:
            // A percentage of an indefinite main size is `content` (§7.2.3).
            base = borderBoxSize(
                style.flexBasis, basis: innerMain, paddingBorder: item.mainPaddingBorder, borderBox: style.borderBox)
            definiteBasis = base != nil
        case .auto: base = item.preferredMain
        default: base = nil
        }
        // B. An aspect ratio and a definite cross size: the cross size transferred.
        if base == nil, let ratio = style.aspectRatio, let cross = definiteCross(item, in: container) {
            base = transfer(
                cross, ratio: ratio, toWidth: isRow, paddingBorder: item.paddingBorder,
                borderBox: style.borderBox)
        }
        // C–E. Otherwise the max-content main size; a row item's automatic width with an aspect ratio is that
        // within the bounds its `min-height` and `max-height` transfer (CSS Sizing 4 §5.1).
        var flexBase = base ?? contentMainSize(item, in: container)
        if base == nil, isRow, style.aspectRatio != nil, style.width == .auto,
            let bounds = ratioWidthBounds(
                item.node, paddingBorder: item.paddingBorder, containingHeight: container.definiteInnerHeight)
        {
            if let high = bounds.max { flexBase = min(flexBase, high) }
            if let low = bounds.min { flexBase = max(flexBase, low) }
        }
        item.flexBase = max(flexBase, item.mainPaddingBorder)
        // §4.5: the automatic minimum size is the content-based minimum size, unless a scroll container. Without an
        // aspect ratio or a definite flex basis, the base size is the specified size or the max-content size, and
        // the minimum (the smaller of the specified size and the min-content size, within the maximum) is never
        // above it: it clamps only a shrinking line, which finds it then (`resolveFlexibleLengths`).
        if item.minMain.isNaN {
            if style.aspectRatio == nil, !definiteBasis {
                item.minMain = -.infinity
                item.minMainDeferred = true
            } else {
                item.minMain = automaticMinimumMain(item, in: container)
            }
        }
        item.hypotheticalMain = item.clampMain(item.flexBase)
    }

    /// The item's cross size when it is definite before layout: its preferred cross size, or the line's when it
    /// stretches in a single-line container of definite cross size (§9.8 item 1).
    @inline(__always) func definiteCross(_ item: FlexItem, in container: FlexContainer) -> Double? {
        if container.isRow {
            if item.stretches {
                guard container.singleLine, let inner = container.definiteInnerHeight else { return nil }
                return item.clampCross(inner - item.crossMargin.start - item.crossMargin.end)
            }
            return item.preferredCross.map { item.clampCross($0) }
        }
        return item.crossSize
    }

    /// §4.5 Automatic minimum size: 0 for a scroll container; otherwise the smaller of the specified size
    /// suggestion (a definite preferred main size) and the content size suggestion (the min-content main size,
    /// through the aspect ratio when the cross size is definite), clamped by the maximum main size.
    func automaticMinimumMain(_ item: FlexItem, in container: FlexContainer) -> Double {
        let style = styles.at(item.node)
        guard !style.isScrollContainer else { return 0 }
        // The content size suggestion is the min-content main size: with an aspect ratio and a definite cross
        // size, never below that size transferred; then, with a ratio, clamped by the opposite axis's definite min
        // and max sizes converted through it (CSS Flexbox §4.5, CSS Sizing 4 §5.2).
        var content: Double
        if container.isRow {
            let innerHeight = definiteCross(item, in: container).map { max(0, $0 - item.paddingBorder.vertical) }
            content = intrinsicWidths(item.node, containingWidth: container.innerWidth, innerHeight: innerHeight).min
        } else {
            // With an aspect ratio, the content size suggestion is the min-content height (CSS Sizing 4 §5.2), which
            // for a wrapping column is less than its content height on one line (the browsers take the latter for
            // an item without a ratio).
            let minContent =
                style.aspectRatio == nil
                ? nil
                : wrappingColumnMinContentHeight(
                    item.node, width: item.crossSize, containingWidth: container.innerWidth,
                    containingHeight: container.definiteInnerHeight)
            content =
                minContent
                ?? size(item.node, itemInput(item, width: item.crossSize, height: nil, definite: false, in: container))
                .contentHeight
        }
        if let ratio = style.aspectRatio {
            if let cross = definiteCross(item, in: container) {
                content = max(
                    content,
                    transfer(
                        cross, ratio: ratio, toWidth: container.isRow,
                        paddingBorder: item.paddingBorder, borderBox: style.borderBox))
            }
            let bounds = oppositeAxisBounds(item, ratio: ratio, in: container)
            if let high = bounds.max { content = min(content, high) }
            if let low = bounds.min { content = max(content, low) }
        }
        if let specified = item.preferredMain, style.mainSizeIsSpecified(container.isRow) {
            content = min(content, specified)
        }
        return min(content, item.maxMain)
    }
}

extension FlexLayoutEngine {
    /// The main-axis bounds an aspect ratio transfers from the item's definite cross-axis min and max sizes.
    func oppositeAxisBounds(_ item: FlexItem, ratio: Double, in container: FlexContainer) -> (
        min: Double?, max: Double?
    ) {
        let style = styles.at(item.node)
        if container.isRow {
            return ratioWidthBounds(
                item.node, paddingBorder: item.paddingBorder,
                containingHeight: container.definiteInnerHeight) ?? (nil, nil)
        }
        let pb = item.paddingBorder
        let low = borderBoxSize(
            style.minWidth, basis: container.innerWidth, paddingBorder: pb.horizontal,
            borderBox: style.borderBox)
        var high = borderBoxSize(
            style.maxWidth, basis: container.innerWidth, paddingBorder: pb.horizontal,
            borderBox: style.borderBox)
        if let low, let maximum = high { high = max(maximum, low) }
        return (
            low.map { transfer($0, ratio: ratio, toWidth: false, paddingBorder: pb, borderBox: style.borderBox) },
            high.map { transfer($0, ratio: ratio, toWidth: false, paddingBorder: pb, borderBox: style.borderBox) }
        )
    }
}

extension StyleReference {
    /// Whether `min-width` (row) or `min-height` (column) is `auto`.
    func minWidthOrHeightIsAuto(_ isRow: Bool) -> Bool { (isRow ? self.minWidth : self.minHeight) == .auto }

    /// Whether the main size is given by the style itself (not transferred through the aspect ratio): the
    /// specified size suggestion exists (§4.5).
    func mainSizeIsSpecified(_ isRow: Bool) -> Bool { (isRow ? self.width : self.height) != .auto }
}

/// `value` within optional bounds; a minimum above the maximum wins (CSS 2 §10.4).
@inline(__always) private func clamp(_ value: Double, min low: Double?, max high: Double?) -> Double {
    Swift.max(low ?? -.infinity, Swift.min(high ?? .infinity, value))
}
