import LayoutCore

extension FlexLayoutEngine {
    /// CSS Flexbox §9, one call per container: the steps in order, each a function of its own. With `perform`, the
    /// items' frames are written and each item lays out its own children (then the absolutely positioned ones).
    func layoutFlexContainer(_ node: Int, _ input: SizingInput, perform: Bool) -> SizingOutput {
        let container = makeContainer(node, input)
        // The items live where they are prepared when they can (`itemsInPlace`), else, with the lines, in the
        // scratch stack (`Scratch`) until this container returns.
        let itemCapacity = childCount[node]
        let inPlace = itemsInPlace(node)
        let itemBuffer = inPlace ?? scratch.items.take(itemCapacity)
        defer { if inPlace == nil { scratch.items.give(itemCapacity) } }

        // §9.1 Initial setup: generate the flex items, in `order`; with them, §9.2 step 3 (`prepareItem`): a
        // column's item width (its height needs it), each flex base size and hypothetical main size.
        var itemCount = 0
        var reordered = false
        for child in children(node) where isInFlow(child) {
            prepareItem(child, in: container, into: itemBuffer.baseAddress! + itemCount)
            itemCount += 1
            reordered = reordered || traits[child].contains(.ordered)
        }
        let items = UnsafeMutableBufferPointer(rebasing: itemBuffer[0..<itemCount])
        if reordered { sortByOrder(items) }

        // §9.2 Line length determination. 2. The available main space: the inner width of a row; a column's
        // inner height when known.
        var innerMain: Double? = container.isRow ? container.innerWidth : container.knownInnerHeight

        if node == 0 { recordRootHypotheticalWidth(items) }

        // §9.3 Main size determination. 5. Collect the items into lines; 4. the container's main size.
        let lineCapacity = itemCount + 1
        let lineBuffer = scratch.lines.take(lineCapacity)
        defer { scratch.lines.give(lineCapacity) }
        let lineLimit = innerMain ?? (container.singleLine ? .infinity : container.maxInnerHeight)
        let lineCount = collectLines(items, limit: lineLimit, container: container, into: lineBuffer)
        let lines = UnsafeMutableBufferPointer(rebasing: lineBuffer[0..<lineCount])
        // The content's own height, before the container's min and max: what a parent sizing it by its content
        // (a flex base size, a content size suggestion) asks for.
        var contentInnerHeight: Double?
        if innerMain == nil {
            contentInnerHeight = automaticInnerHeight(lines: lines, items: items, container: container)
            innerMain = max(container.minInnerHeight, min(container.maxInnerHeight, contentInnerHeight!))
        }
        let resolvedMain = innerMain!

        // 6. Resolve the flexible lengths of every line (§9.7).
        for line in lines {
            resolveFlexibleLengths(
                items.slice(line.range), innerMain: resolvedMain, gap: container.mainGap, container: container)
        }

        // §9.4 Cross size determination. 7. Hypothetical cross sizes (and baselines); in a column, an item whose
        // width comes from its aspect ratio takes it from its used height.
        if container.isRow {
            for index in items.indices { determineHypotheticalHeight(&items[index], in: container) }
        } else {
            for index in items.indices { transferColumnItemWidth(&items[index], in: container) }
        }
        // 8. Each line's cross size; 15. the container's (moved up: line stretching below needs it).
        let contentCross = determineLineCrossSizes(lines, items: items, container: container)
        let innerCross = containerInnerCross(lines: lines, container: container)
        if container.isRow, container.knownInnerHeight == nil { contentInnerHeight = contentCross }
        // 9. `align-content: stretch`.
        stretchLines(lines, innerCross: innerCross, container: container)
        // §9.5 Main-axis alignment. 12. Distribute the remaining free space (it reads no cross size).
        for line in lines {
            distributeMainSpace(items.slice(line.range), innerMain: resolvedMain, container: container)
        }
        // §9.6 16. `align-content` places the lines (it reads only their cross sizes).
        alignLines(lines, innerCross: innerCross, container: container)
        // §9.4 11. The used cross size of each item; §9.6 13–14. the item in its line; then its frame. Item by item:
        // each reads only its own item and line, and at 10⁵ items a pass over them is a trip through memory. (A
        // content leaf's block is not listed: nothing to place.)
        let records = !isContentLeaf(node)
        for line in lines {
            for index in line.range {
                determineUsedCrossSize(&items[index], line: line, container: container)
                alignInLine(&items[index], line: line, container: container)
                if records {
                    recordPlacement(
                        items[index], line: line, innerMain: resolvedMain, innerCross: innerCross,
                        container: container)
                }
            }
        }

        let pb = container.paddingBorder
        let height = container.isRow ? innerCross + pb.vertical : resolvedMain + pb.vertical
        let baseline = firstBaseline(
            items: items, lines: lines, innerMain: resolvedMain, innerCross: innerCross,
            container: container)
        if records {
            caches[node].placedFor = input
            // The children's frames are this pass's now: a placement under another input no longer holds.
            if caches[node].performed != input { forgetPerformed(from: node) }
        }
        if perform {
            performPlacedChildren(node)
            let inner =
                container.isRow
                ? Size(width: resolvedMain, height: innerCross) : Size(width: innerCross, height: resolvedMain)
            layoutAbsoluteChildren(node) { child, size in
                staticPosition(child, size, inner: inner, container: container)
            }
        }
        return SizingOutput(
            height: input.height ?? height, baseline: baseline,
            contentHeight: input.height ?? contentInnerHeight.map { $0 + pb.vertical } ?? height)
    }

    /// A pass rewrote the node's children's frames under another input than it was laid out for good under: it,
    /// and every ancestor that would keep its descendants' frames, must be laid out for good again. (A sizing pass
    /// deep in the tree, as a wrapping column's intrinsic width asks of its items, would otherwise leave its
    /// frames in place under ancestors that relayout does not enter.) An ancestor without the mark has none above
    /// it either: `perform` marks a node after its descendants.
    func forgetPerformed(from node: Int) {
        var current = node
        while current >= 0, caches[current].performed != nil {
            caches[current].performed = nil
            current = parents[current]
        }
    }

    /// The container's box, axes and inner sizes under `input`.
    func makeContainer(_ node: Int, _ input: SizingInput) -> FlexContainer {
        let style = styles.at(node)
        let (pb, innerBounds) = ownBox(node, input)
        let innerWidth = max(0, input.width - pb.horizontal)
        let known = input.height.map { max(0, $0 - pb.vertical) }
        let definite = input.heightIsDefinite ? known : nil
        let axes = FlowAxes(style)
        let columnGap = style.columnGap.resolveOrZero(innerWidth)
        let rowGap = style.rowGap.resolveOrZero(definite)
        return FlexContainer(
            node: node, axes: axes, paddingBorder: pb, innerWidth: innerWidth, knownInnerHeight: known,
            definiteInnerHeight: definite,
            minInnerHeight: innerBounds.min, maxInnerHeight: innerBounds.max,
            mainGap: axes.isRow ? columnGap : rowGap, crossGap: axes.isRow ? rowGap : columnGap,
            singleLine: style.flexWrap == .nowrap, justifyContent: axes.justify(style.justifyContent),
            alignContent: axes.align(style.alignContent))
    }

    /// `order`-modified document order: a stable sort by `order` (CSS Flexbox §5.4), in place (an insertion sort:
    /// items come in document order, so ties keep it).
    func sortByOrder(_ items: Items) {
        guard items.count > 1 else { return }
        for index in 1..<items.count {
            let item = items[index]
            let order = styles[item.node].order
            var slot = index
            while slot > 0, styles[items[slot - 1].node].order > order {
                items[slot] = items[slot - 1]
                slot -= 1
            }
            items[slot] = item
        }
    }

    /// §9.3 step 5: items into lines, each line as many items as fit `limit` (the first always fits); a
    /// single-line container puts them all in one. Writes the lines into `lines` (room for one more than the items)
    /// and answers how many.
    func collectLines(_ items: Items, limit: Double, container: FlexContainer, into lines: Lines) -> Int {
        guard !items.isEmpty, !container.singleLine else {
            lines[0] = FlexLine(range: 0..<items.count)
            return 1
        }
        var count = 0
        var start = 0
        var used = 0.0
        for index in items.indices {
            let outer = items[index].outerHypotheticalMain
            if index > start, used + container.mainGap + outer > limit + Self.epsilon {
                lines[count] = FlexLine(range: start..<index)
                count += 1
                start = index
                used = outer
            } else {
                used += (index > start ? container.mainGap : 0) + outer
            }
        }
        lines[count] = FlexLine(range: start..<items.count)
        return count + 1
    }

    /// A tolerance for comparing sums of sizes, below the browsers' 1/64 px resolution.
    static let epsilon = 1.0 / 1024

    /// §9.3 step 4 for a column of automatic height: its items' outer hypothetical main sizes and gaps (the longest
    /// line's, when it wraps), before its own `min-height` and `max-height` clamp it.
    func automaticInnerHeight(lines: Lines, items: Items, container: FlexContainer) -> Double {
        var longest = 0.0
        for line in lines {
            var sum = 0.0
            for index in line.range { sum += items[index].outerHypotheticalMain }
            sum += container.mainGap * Double(max(0, line.range.count - 1))
            longest = max(longest, sum)
        }
        return longest
    }

    /// §9.4 step 7 in a row: the item's height at its used width (laid out as if its height were its preferred
    /// one), and its baseline.
    func determineHypotheticalHeight(_ item: inout FlexItem, in container: FlexContainer) {
        let known = definiteCross(item, in: container)
        let output = size(
            item.node,
            itemInput(
                item, width: item.mainSize, height: known, definite: known != nil,
                in: container))
        var height = output.height
        var fromRatio = false
        if known == nil, traits[item.node].contains(.hasAspectRatio), let ratio = styles[item.node].aspectRatio {
            // An automatic height with an aspect ratio: transferred from the width, never below the content while
            // `min-height` is `auto` (CSS Sizing 4 §5.2, the automatic minimum in the ratio-dependent axis; a given
            // min-height replaces it, and clamps below).
            let transferred = transfer(
                item.mainSize, ratio: ratio, toWidth: false, paddingBorder: item.paddingBorder,
                borderBox: styles[item.node].borderBox)
            let style = styles.at(item.node)
            if style.isScrollContainer || style.minHeight != .auto {
                height = transferred
            } else {
                // The floor is the min-content height: the content height, except in a wrapping column.
                if let minContent = wrappingColumnMinContentHeight(
                    item.node, width: item.mainSize, containingWidth: container.innerWidth,
                    containingHeight: container.definiteInnerHeight)
                {
                    height = clampHeight(
                        item.node, minContent,
                        input: itemInput(item, width: item.mainSize, height: nil, definite: false, in: container),
                        paddingBorder: item.paddingBorder)
                }
                height = max(transferred, height)
            }
            // A height the ratio gives from the flexed width is definite (CSS Sizing 4 §5.1: the width is, §9.8),
            // so the item's children resolve their percentage heights against it.
            fromRatio = height == transferred
        }
        item.crossSize = item.clampCross(height)
        item.heightIsDefinite = known != nil || fromRatio
        item.baseline = itemBaseline(item.node, output.baseline, height: item.crossSize)
    }
}

extension FlexLayoutEngine {
    /// A wrapping column's min-content height at the border-box `width` (CSS Sizing 3 §5.1), as the browsers find
    /// it: any item may start a column of its own, so it is the tallest item's outer hypothetical height, plus the
    /// padding and border. nil for any other node, whose min-content height is its content height.
    func wrappingColumnMinContentHeight(_ node: Int, width: Double, containingWidth: Double?, containingHeight: Double?)
        -> Double?
    {
        let style = styles.at(node)
        guard style.display == .flex, !style.flexDirection.isRow, style.flexWrap != .nowrap, !isMeasured[node] else {
            return nil
        }
        let container = makeContainer(
            node,
            SizingInput(
                width: width, height: nil, heightIsDefinite: false, containingWidth: containingWidth,
                containingHeight: containingHeight))
        var tallest = 0.0
        var item = FlexItem.unprepared
        for child in children(node) where isInFlow(child) {
            prepareItem(child, in: container, into: &item)
            tallest = max(tallest, item.outerHypotheticalMain)
        }
        return tallest + container.paddingBorder.vertical
    }

    /// A column item with an aspect ratio and an automatic width that does not stretch: its width is its used
    /// height transferred, never below its min-content width (CSS Sizing 4 §5.2).
    func transferColumnItemWidth(_ item: inout FlexItem, in container: FlexContainer) {
        let style = styles.at(item.node)
        guard traits[item.node].contains(.hasAspectRatio), let ratio = style.aspectRatio, item.crossIsAuto,
            !item.stretches || !container.singleLine
        else { return }
        guard item.preferredMain == nil || style.flexGrow > 0 || style.flexShrink > 0 else { return }
        var width = transfer(
            item.mainSize, ratio: ratio, toWidth: true, paddingBorder: item.paddingBorder,
            borderBox: style.borderBox)
        if style.minWidth == .auto, !style.isScrollContainer {
            width = max(width, intrinsicWidths(item.node, containingWidth: container.innerWidth).min)
        }
        item.crossSize = item.clampCross(width)
    }
}

extension FlexLayoutEngine {
    /// An item's baseline for alignment: its own, except that a scroll container clips it to its border box.
    func itemBaseline(_ node: Int, _ baseline: Double?, height: Double) -> Double? {
        guard let baseline, traits[node].contains(.scrollContainer) else { return baseline }
        return max(0, min(baseline, height))
    }
}

/// A container's items, or a line's: a buffer of the scratch stack.
typealias Items = UnsafeMutableBufferPointer<FlexItem>
/// A container's lines.
typealias Lines = UnsafeMutableBufferPointer<FlexLine>

extension UnsafeMutableBufferPointer {
    /// The elements in `range`, as a buffer of their own (indexed from 0); nothing is copied.
    @inline(__always) func slice(_ range: Range<Int>) -> UnsafeMutableBufferPointer {
        UnsafeMutableBufferPointer(rebasing: self[range])
    }
}
