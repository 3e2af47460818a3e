import LayoutCore

/// What a node is laid out under. Widths are decided by the parent before a node lays out (CSS's horizontal
/// writing mode: width in, height out); the height is given only when the parent fixes it.
struct SizingInput: Hashable {
    /// The border-box width.
    var width: Double
    /// The border-box height, when the parent or the style fixes it.
    var height: Double?
    /// Whether `height` counts as definite for the node's children's percentages (CSS Flexbox §9.8).
    var heightIsDefinite: Bool
    /// The containing block's inner width and definite inner height: the basis of the node's own percentages.
    var containingWidth: Double?
    var containingHeight: Double?
}

struct SizingOutput: Hashable {
    /// The border-box height: the given one, or the content's within the node's own `min-height`/`max-height`.
    var height: Double
    /// The first baseline, from the border box's top; nil when the node has none (its parent synthesizes one).
    var baseline: Double?
    /// The border-box height of the content alone, before the node's own min and max: a parent that sizes the
    /// node by its content (a column's flex base size, a content size suggestion) clamps it itself.
    var contentHeight: Double
}

/// A node's remembered answers: its intrinsic widths (a content property, independent of the input) and the last
/// few sizings. Every entry is keyed by its whole input, so a hit is exact; a mutation clears the node and its
/// ancestors.
struct NodeCache {
    var intrinsic: (min: Double, max: Double)?
    var intrinsicAtHeight: (height: Double, widths: (min: Double, max: Double))?
    var keys: (SizingInput?, SizingInput?, SizingInput?, SizingInput?) = (nil, nil, nil, nil)
    var values: (SizingOutput, SizingOutput, SizingOutput, SizingOutput) = (.zero, .zero, .zero, .zero)
    var next = 0
    /// The input of the last layout that placed this node's descendants; while it holds, their frames do.
    var performed: SizingInput?
    /// The input of the last pass that wrote this node's children's frames (`recordPlacements`).
    var placedFor: SizingInput?

    mutating func invalidate() {
        intrinsic = nil
        intrinsicAtHeight = nil
        keys = (nil, nil, nil, nil)
        performed = nil
        placedFor = nil
    }

    func lookup(_ input: SizingInput) -> SizingOutput? {
        if keys.0 == input { return values.0 }
        if keys.1 == input { return values.1 }
        if keys.2 == input { return values.2 }
        if keys.3 == input { return values.3 }
        return nil
    }

    mutating func store(_ input: SizingInput, _ output: SizingOutput) {
        switch next {
        case 0: (keys.0, values.0) = (input, output)
        case 1: (keys.1, values.1) = (input, output)
        case 2: (keys.2, values.2) = (input, output)
        default: (keys.3, values.3) = (input, output)
        }
        next = (next + 1) & 3
    }
}

extension SizingOutput {
    static let zero = SizingOutput(height: 0, baseline: nil, contentHeight: 0)
}

extension Edges where Value == LengthPercentage {
    var hasPercentage: Bool { top.isPercentage || right.isPercentage || bottom.isPercentage || left.isPercentage }
}

extension SizeValue {
    var isPercentage: Bool { if case .percent = self { true } else { false } }
}

extension LengthPercentage {
    var isPercentage: Bool { if case .percent = self { true } else { false } }
}

extension Edges where Value == Double {
    var horizontal: Double { left + right }
    var vertical: Double { top + bottom }
    static func + (a: Edges, b: Edges) -> Edges {
        Edges(top: a.top + b.top, right: a.right + b.right, bottom: a.bottom + b.bottom, left: a.left + b.left)
    }
}

extension FlexLayoutEngine {
    // MARK: Resolving a node's own box

    /// Padding plus border, percentages of the containing block's width (CSS 2 §8.4; indefinite counts 0).
    @inline(__always) func paddingBorder(_ node: Int, containingWidth: Double?) -> Edges<Double> {
        let style = styles.at(node)
        return Edges(
            top: style.padding.top.resolveOrZero(containingWidth) + style.border.top,
            right: style.padding.right.resolveOrZero(containingWidth) + style.border.right,
            bottom: style.padding.bottom.resolveOrZero(containingWidth) + style.border.bottom,
            left: style.padding.left.resolveOrZero(containingWidth) + style.border.left)
    }

    /// Margins, percentages of the containing block's width; `auto` is 0 here (alignment gives it its share).
    @inline(__always) func margins(_ node: Int, containingWidth: Double?) -> Edges<Double> {
        let margin = styles[node].margin
        return Edges(
            top: margin.top.resolve(containingWidth) ?? 0, right: margin.right.resolve(containingWidth) ?? 0,
            bottom: margin.bottom.resolve(containingWidth) ?? 0, left: margin.left.resolve(containingWidth) ?? 0)
    }

    /// A length or percentage size as a border-box size: `box-sizing` decides whether padding and border are added,
    /// and the border box is never below them. Keywords and `auto` give nil (their callers size them).
    @inline(__always) func borderBoxSize(
        _ value: SizeValue, basis: Double?, paddingBorder: Double, borderBox: Bool
    ) -> Double? {
        let length: Double
        switch value {
        case .px(let px): length = px
        case .percent(let percent):
            guard let basis else { return nil }
            length = layoutUnitPercentage(percent, of: basis)
        default: return nil
        }
        return borderBox ? max(length, paddingBorder) : length + paddingBorder
    }

    /// The aspect ratio's transfer of a border-box size to the other axis: the ratio holds between the boxes
    /// `box-sizing` names (CSS Sizing 4 §5.1).
    @inline(__always) func transfer(
        _ size: Double, ratio: Double, toWidth: Bool, paddingBorder: Edges<Double>, borderBox: Bool
    ) -> Double {
        if borderBox { return toWidth ? size * ratio : size / ratio }
        return toWidth
            ? max(0, size - paddingBorder.vertical) * ratio + paddingBorder.horizontal
            : max(0, size - paddingBorder.horizontal) / ratio + paddingBorder.vertical
    }

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
        styles[node].display != .none && styles[node].position != .absolute
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

    // MARK: Sizing and laying out a node

    /// The node's height and baseline under `input`, from its cache when the same input was asked before.
    func size(_ node: Int, _ input: SizingInput) -> SizingOutput {
        let input = keyed(input, for: node)
        if let known = caches[node].lookup(input) { return known }
        let output = layoutNode(node, input, perform: false)
        caches[node].store(input, output)
        return output
    }

    /// Lays out `node`'s descendants for good under `input` (its own frame is already set by its parent): their
    /// frames and origins, then theirs.
    /// A node laid out before under the same input, with nothing changed below it, keeps its descendants'
    /// frames, unless an absolutely positioned descendant's containing block is outside it. A node whose last pass
    /// was under this input has its children's frames already: it only walks down.
    func perform(_ node: Int, _ input: SizingInput, height: Double) {
        let input = placementKey(node, input, height: height)
        if caches[node].performed == input, !escaping[node] { return }
        // A leaf places nothing the frames list (its content block is not listed).
        if isContentLeaf(node) || childCount[node] == 0 {
            caches[node].performed = input
            return
        }
        if caches[node].placedFor == input, !hasAbsoluteChildren(node) {
            performPlacedChildren(node)
        } else {
            let output = layoutNode(node, input, perform: true)
            caches[node].store(input, output)
        }
        caches[node].performed = input
    }

    /// The input a node is placed under, as its cache knows it. A height that is not definite and equals the one
    /// the node found for itself under no height lays out as no height does, so the sizing pass's key serves (and
    /// its placements with it). Not in a wrapping column, whose lines break at a given height but at its
    /// `max-height` without one, nor in a grid, which places its items per pass.
    @inline(__always) func placementKey(_ node: Int, _ input: SizingInput, height: Double) -> SizingInput {
        var key = keyed(input, for: node)
        key.height = nil
        if !key.heightIsDefinite, !isMeasured[node], styles[node].display == .flex,
            styles[node].flexDirection.isRow || styles[node].flexWrap == .nowrap,
            let sized = caches[node].lookup(key), sized.height == height
        {
            return key
        }
        key.height = height
        return key
    }

    /// Whether `node` holds content and nothing else: one content block, which the frames do not list.
    @inline(__always) func isContentLeaf(_ node: Int) -> Bool {
        childCount[node] == 1 && roles[childList[childStart[node]]] == .contentBlock
    }

    /// Whether an absolutely positioned child needs `node`'s own pass to be placed (its static position).
    func hasAbsoluteChildren(_ node: Int) -> Bool {
        children(node).contains { styles[$0].position == .absolute && styles[$0].display != .none }
    }

    /// The input with the containing sizes the node does not read left out, so that a cache entry holds across
    /// them: a node reads its containing width only for percentage paddings and its containing height only for
    /// percentage `min-height`/`max-height` (its own size and margins are its parent's to resolve). A viewport
    /// resize then reaches the root's cache instead of missing it.
    @inline(__always) func keyed(_ input: SizingInput, for node: Int) -> SizingInput {
        var input = input
        if !styles[node].padding.hasPercentage { input.containingWidth = nil }
        if !styles[node].minHeight.isPercentage, !styles[node].maxHeight.isPercentage { input.containingHeight = nil }
        return input
    }

    /// One node by its kind: a measured leaf, a one-cell grid, or a flex container (an element with content is a
    /// flex container of its content block).
    func layoutNode(_ node: Int, _ input: SizingInput, perform: Bool) -> SizingOutput {
        if isMeasured[node] { return layoutMeasuredLeaf(node, input) }
        if styles[node].display == .grid { return layoutGrid(node, input, perform: perform) }
        if childCount[node] == 0 { return layoutEmptyContainer(node, input) }
        if isContentLeaf(node) { return layoutContentLeaf(node, input) }
        return layoutFlexContainer(node, input, perform: perform)
    }

    /// A flex container without children (a content block, an empty element): what §9 gives for no items, without
    /// running its steps. Its content is nothing, so its height is its known one, or 0 within its own min and max
    /// heights; it has no baseline.
    func layoutEmptyContainer(_ node: Int, _ input: SizingInput) -> SizingOutput {
        let pb = paddingBorder(node, containingWidth: input.containingWidth)
        if let height = input.height { return SizingOutput(height: height, baseline: nil, contentHeight: height) }
        let style = styles.at(node)
        let minHeight = borderBoxSize(
            style.minHeight, basis: input.containingHeight, paddingBorder: pb.vertical, borderBox: style.borderBox)
        let maxHeight = borderBoxSize(
            style.maxHeight, basis: input.containingHeight, paddingBorder: pb.vertical, borderBox: style.borderBox)
        let minInner = max(0, (minHeight ?? 0) - pb.vertical)
        let maxInner = maxHeight.map { max(0, $0 - pb.vertical) } ?? .infinity
        return SizingOutput(
            height: max(minInner, min(maxInner, 0)) + pb.vertical, baseline: nil, contentHeight: pb.vertical)
    }

    /// A measured leaf: asked its content-box height at its content-box width (docs/flex-case-format.md "Measure
    /// tables"); it has no baseline.
    func layoutMeasuredLeaf(_ node: Int, _ input: SizingInput) -> SizingOutput {
        let pb = paddingBorder(node, containingWidth: input.containingWidth)
        if let height = input.height { return SizingOutput(height: height, baseline: nil, contentHeight: height) }
        let answer = measures[node]!.measure(width: .exactly(max(0, input.width - pb.horizontal)), height: .undefined)
        let height = clampHeight(node, answer.height + pb.vertical, input: input, paddingBorder: pb)
        return SizingOutput(height: height, baseline: nil, contentHeight: answer.height + pb.vertical)
    }

    /// Clamps an automatic border-box height by the node's `min-height` and `max-height` (lengths, and
    /// percentages of a definite containing height; the intrinsic keywords are the content height itself).
    func clampHeight(_ node: Int, _ height: Double, input: SizingInput, paddingBorder pb: Edges<Double>) -> Double {
        let style = styles.at(node)
        var result = height
        if let maximum = borderBoxSize(
            style.maxHeight, basis: input.containingHeight, paddingBorder: pb.vertical, borderBox: style.borderBox)
        {
            result = min(result, maximum)
        }
        if let minimum = borderBoxSize(
            style.minHeight, basis: input.containingHeight, paddingBorder: pb.vertical, borderBox: style.borderBox)
        {
            result = max(result, minimum)
        }
        return max(result, pb.vertical)
    }
}
