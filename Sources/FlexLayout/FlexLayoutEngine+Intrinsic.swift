import LayoutCore

extension FlexLayoutEngine {
    // MARK: Intrinsic widths (CSS Flexbox §9.9, CSS Sizing 3 §5)

    /// The node's min-content and max-content border-box widths, from its content alone (its own `width` does
    /// not count; its contribution does, `widthContributions`). The content's widths are computed once (its
    /// percentages have no definite basis then, so they count as 0); the node's own padding percentages resolve
    /// against `containingWidth` when the caller knows it.
    /// `innerHeight` is the node's inner height where it is definite: an aspect ratio below may turn it into a width.
    func intrinsicWidths(_ node: Int, containingWidth: Double?, innerHeight: Double? = nil) -> (
        min: Double, max: Double
    ) {
        let pb = paddingBorder(node, containingWidth: containingWidth)
        // Without a height from the caller, the node's own length `height` is the definite one.
        let ownHeight =
            innerHeight
            ?? borderBoxSize(
                styles[node].height, basis: nil, paddingBorder: pb.vertical, borderBox: styles[node].borderBox
            ).map { max(0, $0 - pb.vertical) }
        let content = intrinsicContentWidths(node, innerHeight: ownHeight)
        return (content.min + pb.horizontal, content.max + pb.horizontal)
    }

    /// The content-box min-content and max-content widths at a definite inner height (or none), cached until a
    /// mutation.
    func intrinsicContentWidths(_ node: Int, innerHeight: Double?) -> (min: Double, max: Double) {
        // A content leaf's one block is as wide as its content under either constraint.
        if !isMeasured[node], styles[node].display == .flex, isContentLeaf(node) {
            let width = contentSize(ofLeaf: node).width
            return (width, width)
        }
        if let innerHeight {
            if let known = caches[node].intrinsicAtHeight, known.height == innerHeight { return known.widths }
        } else if let known = caches[node].intrinsic {
            return known
        }
        let style = styles.at(node)
        var content: (min: Double, max: Double) = (0, 0)
        if isMeasured[node], let measure = measures[node] {
            content.max = measure.measure(width: .undefined, height: .undefined).width
            content.min = measure.measure(width: .atMost(0), height: .undefined).width
        } else if style.display == .grid {
            // One flexible track `minmax(0px, 1fr)`: 0 under a min-content constraint (CSS Grid §12.7.1, the flex
            // fraction is 0), the largest max-content contribution under a max-content one.
            for child in children(node) where isInFlow(child) {
                content.max = max(content.max, widthContributions(child, stretchedHeight: nil).max)
            }
            if !style.gridTrackColumns { content.min = content.max }
        } else if !style.flexDirection.isRow, style.flexWrap != .nowrap,
            let limit = innerHeight ?? ownMaxInnerHeight(node)
        {
            content = columnWrapWidths(node, lineLimit: limit)
        } else {
            var count = 0
            let isRow = style.flexDirection.isRow
            let wraps = style.flexWrap != .nowrap
            // A row of definite height stretches its items to it, and an item's aspect ratio then gives its width.
            let stretchHeight = isRow && !wraps ? innerHeight : nil
            for child in children(node) where isInFlow(child) {
                let contribution = widthContributions(
                    child, containingHeight: innerHeight,
                    stretchedHeight: stretchHeight.flatMap {
                        stretchedHeight(child, in: node, innerHeight: $0)
                    })
                count += 1
                if !isRow {
                    content.min = max(content.min, contribution.min)
                    content.max = max(content.max, contribution.max)
                } else if wraps {
                    content.min = max(content.min, contribution.min)
                    content.max += contribution.max
                } else {
                    content.min += contribution.min
                    content.max += contribution.max
                }
            }
            if isRow, count > 1 {
                let gap = style.columnGap.resolve(nil) ?? 0
                content.max += gap * Double(count - 1)
                if !wraps { content.min += gap * Double(count - 1) }
            }
        }
        if let innerHeight {
            if caches[node].intrinsicAtHeight != nil { caches[node].replacedIntrinsic = true }
            caches[node].intrinsicAtHeight = (innerHeight, content)
        } else {
            caches[node].intrinsic = content
        }
        return content
    }

    /// A wrapping column's intrinsic widths, as the browsers find them: under a max-content constraint its items
    /// break into columns by their hypothetical heights at their max-content widths (as layout breaks them, CSS
    /// Flexbox §9.3), each column as wide as its widest item's contribution, plus the gaps between columns; its
    /// min-content width is its widest item's min-content contribution.
    func columnWrapWidths(_ node: Int, lineLimit: Double) -> (min: Double, max: Double) {
        let style = styles.at(node)
        let rowGap = style.rowGap.resolve(nil) ?? 0
        let columnGap = style.columnGap.resolve(nil) ?? 0
        var total: (min: Double, max: Double) = (0, 0)
        var line: (min: Double, max: Double, used: Double, count: Int) = (0, 0, 0, 0)
        var lines = 0
        func closeLine() {
            guard line.count > 0 else { return }
            total.min = max(total.min, line.min)
            total.max += line.max
            lines += 1
            line = (0, 0, 0, 0)
        }
        for child in children(node) where isInFlow(child) {
            let contribution = widthContributions(child, stretchedHeight: nil)
            let margin = margins(child, containingWidth: nil)
            let height =
                hypotheticalHeightForIntrinsics(
                    child, width: contribution.max - margin.horizontal,
                    containingHeight: lineLimit) + margin.vertical
            if line.count > 0, line.used + rowGap + height > lineLimit + Self.epsilon { closeLine() }
            line.used += (line.count > 0 ? rowGap : 0) + height
            line.count += 1
            line.min = max(line.min, contribution.min)
            line.max = max(line.max, contribution.max)
        }
        closeLine()
        return (total.min, total.max + columnGap * Double(max(0, lines - 1)))
    }

    /// A column item's hypothetical height when it is `width` wide: its flex basis or height where definite,
    /// its content's height otherwise, within its min and max heights.
    func hypotheticalHeightForIntrinsics(_ node: Int, width: Double, containingHeight: Double?) -> Double {
        let style = styles.at(node)
        let pb = paddingBorder(node, containingWidth: nil)
        let input = SizingInput(
            width: width, height: nil, heightIsDefinite: false, containingWidth: nil,
            containingHeight: containingHeight)
        let basis =
            borderBoxSize(
                style.flexBasis, basis: containingHeight, paddingBorder: pb.vertical,
                borderBox: style.borderBox)
            ?? (style.flexBasis == .auto
                ? borderBoxSize(
                    style.height, basis: containingHeight, paddingBorder: pb.vertical,
                    borderBox: style.borderBox) : nil)
        let base = basis ?? size(node, input).height
        return clampHeight(node, base, input: input, paddingBorder: pb)
    }

    /// The node's `max-height` as an inner height, when it is a length.
    func ownMaxInnerHeight(_ node: Int) -> Double? {
        let style = styles.at(node)
        let pb = paddingBorder(node, containingWidth: nil)
        return borderBoxSize(style.maxHeight, basis: nil, paddingBorder: pb.vertical, borderBox: style.borderBox)
            .map { max(0, $0 - pb.vertical) }
    }

    /// The border-box height `child` stretches to in a single-line row of inner height `innerHeight`, or nil when
    /// it does not stretch (CSS Flexbox §9.4 step 11), clamped by its min and max heights.
    func stretchedHeight(_ child: Int, in node: Int, innerHeight: Double) -> Double? {
        let style = styles.at(child)
        let align = style.alignSelf == .auto ? styles[node].alignItems : style.alignSelf
        guard align == .stretch, style.height == .auto, !style.margin.top.isAuto, !style.margin.bottom.isAuto else {
            return nil
        }
        let margin = margins(child, containingWidth: nil)
        let pb = paddingBorder(child, containingWidth: nil)
        let input = SizingInput(
            width: 0, height: nil, heightIsDefinite: false, containingWidth: nil,
            containingHeight: innerHeight)
        return clampHeight(child, innerHeight - margin.vertical, input: input, paddingBorder: pb)
    }

    /// Whether a child takes part in its parent's flex (or grid) layout: displayed and not absolutely positioned.
    @inline(__always) func isInFlow(_ node: Int) -> Bool {
        traits[node].contains(.inFlow)
    }

    /// A child's min-content and max-content contributions to its parent's width: its outer (margin-box) width
    /// under each constraint, by its `width` (a percentage counts as `auto` here: its basis is what is being
    /// found), clamped by `min-width` and `max-width`, margins added (CSS Sizing 3 §5.1).
    /// `containingHeight` is the parent's definite inner height, the basis of a percentage `height` (nil when the
    /// parent's height is not definite: the percentage is then `auto`).
    func widthContributions(_ node: Int, containingHeight: Double? = nil, stretchedHeight: Double?) -> (
        min: Double, max: Double
    ) {
        let style = styles.at(node)
        let pb = paddingBorder(node, containingWidth: nil)
        // The height intrinsic sizing knows: a length, or the one its parent stretches it to.
        let definiteHeight =
            borderBoxSize(
                style.height, basis: containingHeight, paddingBorder: pb.vertical, borderBox: style.borderBox)
            ?? stretchedHeight
        let innerHeight = definiteHeight.map { max(0, $0 - pb.vertical) }
        var size: (min: Double, max: Double)
        if let fixed = borderBoxSize(style.width, basis: nil, paddingBorder: pb.horizontal, borderBox: style.borderBox)
        {
            size = (fixed, fixed)
        } else if style.width == .auto || { if case .percent = style.width { true } else { false } }(),
            let ratio = style.aspectRatio,
            let height = definiteHeight
        {
            var width = transfer(height, ratio: ratio, toWidth: true, paddingBorder: pb, borderBox: style.borderBox)
            // The automatic minimum in the ratio-dependent axis is the min-content size (CSS Sizing 4 §5.2).
            if style.minWidth == .auto, !style.isScrollContainer {
                width = max(width, intrinsicWidths(node, containingWidth: nil, innerHeight: innerHeight).min)
            }
            size = (width, width)
        } else {
            let intrinsic = intrinsicWidths(node, containingWidth: nil, innerHeight: innerHeight)
            switch style.width {
            case .minContent: size = (intrinsic.min, intrinsic.min)
            case .maxContent: size = (intrinsic.max, intrinsic.max)
            default: size = intrinsic
            }
        }
        let clamped = clampWidth(node, size, paddingBorder: pb)
        let margin = style.margin
        let outer = (margin.left.resolve(nil) ?? 0) + (margin.right.resolve(nil) ?? 0)
        return (clamped.min + outer, clamped.max + outer)
    }

    /// The width bounds an aspect ratio transfers from `min-height` and `max-height` (CSS Sizing 4 §5.1), for a
    /// node with a ratio and an automatic width; nil without a ratio.
    func ratioWidthBounds(_ node: Int, paddingBorder pb: Edges<Double>, containingHeight: Double?)
        -> (min: Double?, max: Double?)?
    {
        let style = styles.at(node)
        guard let ratio = style.aspectRatio else { return nil }
        let low = borderBoxSize(
            style.minHeight, basis: containingHeight, paddingBorder: pb.vertical, borderBox: style.borderBox)
        var high = borderBoxSize(
            style.maxHeight, basis: containingHeight, paddingBorder: pb.vertical, borderBox: style.borderBox)
        // A minimum above the maximum wins (CSS 2 §10.7), before either is transferred.
        if let low, let maximum = high { high = max(maximum, low) }
        return (
            low.map { transfer($0, ratio: ratio, toWidth: true, paddingBorder: pb, borderBox: style.borderBox) },
            high.map { transfer($0, ratio: ratio, toWidth: true, paddingBorder: pb, borderBox: style.borderBox) }
        )
    }

    /// Clamps intrinsic widths by the node's `min-width` and `max-width` where they are lengths or keywords, and
    /// by the bounds its aspect ratio transfers.
    private func clampWidth(_ node: Int, _ size: (min: Double, max: Double), paddingBorder pb: Edges<Double>)
        -> (min: Double, max: Double)
    {
        let style = styles.at(node)
        var (low, high) = size
        if style.width == .auto, let bounds = ratioWidthBounds(node, paddingBorder: pb, containingHeight: nil) {
            if let maximum = bounds.max {
                low = min(low, maximum)
                high = min(high, maximum)
            }
            if let minimum = bounds.min {
                low = max(low, minimum)
                high = max(high, minimum)
            }
        }
        // (A given max-width clamps after the transferred bounds: they never pass it.)
        if let maximum = widthLimit(node, style.maxWidth, paddingBorder: pb.horizontal, containingWidth: nil) {
            low = min(low, maximum)
            high = min(high, maximum)
        }
        if let minimum = widthLimit(node, style.minWidth, paddingBorder: pb.horizontal, containingWidth: nil) {
            low = max(low, minimum)
            high = max(high, minimum)
        }
        return (max(low, pb.horizontal), max(high, pb.horizontal))
    }

    /// A `min-width` or `max-width` as a border-box width: a length, a resolvable percentage, or an intrinsic
    /// keyword (`fit-content` as max-content: its available space is what is being found). nil for `auto`/`none`.
    func widthLimit(_ node: Int, _ value: SizeValue, paddingBorder: Double, containingWidth: Double?) -> Double? {
        switch value {
        case .minContent: return intrinsicWidths(node, containingWidth: containingWidth).min
        case .maxContent, .fitContent: return intrinsicWidths(node, containingWidth: containingWidth).max
        default:
            return borderBoxSize(
                value, basis: containingWidth, paddingBorder: paddingBorder, borderBox: styles[node].borderBox)
        }
    }
}
