import LayoutCore

/// The reference's CSS flexbox engine: a tree of elements with typed styles in, border-box frames out
/// (docs/flex-engine.md). Pure: no I/O, nothing global.
///
/// Storage is flat: node 0 is the **viewport**, the row flex container the case's root is the only item of
/// (docs/flex-case-format.md "Layout and frames"); a leaf with `content` owns one extra **content block** node, the
/// inflexible block a browser lays out inside it. Neither is listed in `frames()`.
///
/// Every stored property is `@exclusivity(unchecked)`: the engine is single-threaded and never holds an access to
/// one of them across a call that could start another (it indexes, it does not bind `inout`), so the runtime's
/// dynamic exclusivity check, a quarter of a layout's instructions, would only ever pass.
public final class FlexLayoutEngine {
    // MARK: The tree, one entry per node

    @exclusivity(unchecked) var styles = NodeColumn<FlexLayoutStyle>()
    @exclusivity(unchecked) var parents = NodeColumn<Int>()
    /// `children[childStart[n] ..< childStart[n] + childCount[n]]` are node n's children in document order.
    @exclusivity(unchecked) var childStart = NodeColumn<Int>()
    @exclusivity(unchecked) var childCount = NodeColumn<Int>()
    @exclusivity(unchecked) var childList = NodeColumn<Int>()
    @exclusivity(unchecked) var measures = NodeColumn<(any LeafMeasuring)?>()
    /// Whether `measures[node]` is set: a test that does not copy the existential.
    @exclusivity(unchecked) var isMeasured = NodeColumn<Bool>()
    @exclusivity(unchecked) var roles = NodeColumn<Role>()
    @exclusivity(unchecked) var ids = NodeColumn<String?>()
    /// The child index of each element among its parent's children (content blocks: -1).
    @exclusivity(unchecked) var indexInParent = NodeColumn<Int>()

    // MARK: Results and caches

    /// Border boxes relative to the parent's border box, written by the last layout.
    @exclusivity(unchecked) var frames = NodeColumn<Rect>()
    /// The input each node was last placed under by its parent's pass, with its frame (`recordPlacement`).
    @exclusivity(unchecked) var placements = NodeColumn<SizingInput>()
    @exclusivity(unchecked) var caches = NodeColumn<NodeCache>()
    /// Each node as its container's item last prepared it, and what under (`prepareItem`; nil: not prepared).
    @exclusivity(unchecked) var preparedItems = NodeColumn<FlexItem>()
    @exclusivity(unchecked) var preparedKeys = NodeColumn<PreparedItemKey?>()
    /// Whether the node's subtree holds an absolutely positioned element whose containing block is outside it.
    @exclusivity(unchecked) var escaping = NodeColumn<Bool>()
    /// Whether any item aligns by its baseline (`noteTreeWideFacts`); if none does, no baseline is computed.
    @exclusivity(unchecked) var baselinesAreRead = true
    /// Each node's box when its style resolves nothing against its container (`fixedBox`), kept with the style:
    /// the common all-lengths style is resolved once, not in every container layout.
    @exclusivity(unchecked) var fixedBoxes = NodeColumn<ResolvedBox>()
    @exclusivity(unchecked) var hasFixedBox = NodeColumn<Bool>()
    /// What the hot paths ask of each node's style and children, two bytes beside them (`noteStyle`,
    /// `setChildren`).
    @exclusivity(unchecked) var traits = NodeColumn<NodeTraits>()
    /// A content leaf's content size, its block's `width` and `height` kept beside the leaf (`setContentSize`):
    /// reading it through the child list and the block's style was three cache misses per leaf in a large tree.
    @exclusivity(unchecked) var contentSizes = NodeColumn<Size>()
    @exclusivity(unchecked) var scratch = Scratch()
    /// Content changes not yet laid out, each with its leaf's content size before it (`settleChanges`).
    @exclusivity(unchecked) var pendingChanges: [PendingChange] = []
    /// The viewport of the last full layout, and whether the root saw its width (`viewportWidthKeepsFrames`).
    @exclusivity(unchecked) var viewportMemo: ViewportMemo?

    enum Role: UInt8 { case viewport, element, contentBlock }

    /// A node's answers to the questions every pass asks of each item (is it in flow, which containing sizes does
    /// it read, is it a content leaf), kept as bits: a style is 464 bytes, and at 10⁵ nodes each of the several
    /// cache lines those questions read from it was a miss to memory on every pass.
    struct NodeTraits: OptionSet {
        let rawValue: UInt16
        /// Laid out as a flex item: not `display: none`, not absolutely positioned.
        static let inFlow = NodeTraits(rawValue: 1 << 0)
        /// Absolutely positioned and displayed: placed by its parent's pass (`hasAbsoluteChildren`).
        static let displayedAbsolute = NodeTraits(rawValue: 1 << 1)
        /// A percentage padding: the node reads its containing block's width (`keyed`).
        static let readsContainingWidth = NodeTraits(rawValue: 1 << 2)
        /// A percentage `min-height` or `max-height`: the node reads its containing block's height (`keyed`).
        static let readsContainingHeight = NodeTraits(rawValue: 1 << 3)
        /// A flex container whose pass under no height serves a height equal to its own (`ownHeightKey`): a row,
        /// or a column that does not wrap.
        static let sharesOwnHeightPass = NodeTraits(rawValue: 1 << 4)
        /// One content block and nothing else (`isContentLeaf`).
        static let contentLeaf = NodeTraits(rawValue: 1 << 5)
        /// As an item, the node's own style resolves something against its container's inner width
        /// (`readsContainerWidth`): its prepared item is kept per inner width.
        static let resolvesAgainstContainerWidth = NodeTraits(rawValue: 1 << 6)
        /// A non-zero `order`: its container sorts its items (§5.4).
        static let ordered = NodeTraits(rawValue: 1 << 7)
        /// `position: relative`: its frame is offset where it is placed.
        static let relativelyPositioned = NodeTraits(rawValue: 1 << 8)
        /// An `aspect-ratio`: the item's height in a row may come from its width (§9.4 step 7).
        static let hasAspectRatio = NodeTraits(rawValue: 1 << 9)
        /// `display: grid`: the one-cell grid lays it out (`layoutGrid`).
        static let grid = NodeTraits(rawValue: 1 << 10)
        /// A scroll container: its baseline is clipped to its border box (`itemBaseline`).
        static let scrollContainer = NodeTraits(rawValue: 1 << 11)
        /// The traits a style decides (all but `contentLeaf`, which the children decide). A container's pass asks
        /// these of every item, and two bytes a node are cheaper to read than a line of its style.
        static let ofStyle: NodeTraits = [
            .inFlow, .displayedAbsolute, .readsContainingWidth, .readsContainingHeight, .sharesOwnHeightPass,
            .resolvesAgainstContainerWidth, .ordered, .relativelyPositioned, .hasAspectRatio, .grid,
            .scrollContainer,
        ]
    }

    /// Builds the flat tree. Directions inherit here, so that the stored style holds what applies.
    public init(root: FlexLayoutNode) {
        var viewportStyle = FlexLayoutStyle()
        viewportStyle.alignItems = .flexStart
        viewportStyle.position = .absolute
        viewportStyle.direction = .ltr
        append(style: viewportStyle, parent: -1, role: .viewport, id: nil, measure: nil)
        setChildren(of: 0, [appendSubtree(root, parent: 0)])
        noteTreeWideFacts()
        // The layout buffers are storage sized with the tree, as the columns are; a layout grows them only when the
        // tree has grown since (`layout`).
        scratch.reserve(nodeCount: styles.count)
    }

    /// Appends `element` and its subtree under `parent` (without adding it to the parent's children) and answers
    /// its node. Breadth-first, without recursion: cases nest deep.
    func appendSubtree(_ element: FlexLayoutNode, parent: Int) -> Int {
        var queue: [(element: FlexLayoutNode, parent: Int)] = [(element, parent)]
        var pending: [Int: [Int]] = [:]
        var created: [Int] = []
        var contents: [(leaf: Int, size: Size)] = []
        var head = 0
        while head < queue.count {
            let (element, parent) = queue[head]
            head += 1
            var style = element.style
            if style.direction == nil { style.direction = styles[parent].direction ?? .ltr }
            let node = append(style: style, parent: parent, role: .element, id: element.id, measure: element.measure)
            created.append(node)
            pending[parent, default: []].append(node)
            if element.measure == nil, let content = element.content { contents.append((node, content)) }
            for child in element.children { queue.append((child, node)) }
        }
        // The content blocks after every element: siblings stay neighbours in every column, so a pass over a
        // container's items reads each column in order (a block is read only when its leaf lays out generally).
        for (leaf, size) in contents { pending[leaf, default: []].append(makeContentBlock(of: leaf, size: size)) }
        for node in created { setChildren(of: node, pending[node] ?? []) }
        return created[0]
    }

    /// A leaf's content block: one inflexible block of the content's size, as the browsers lay it out.
    func makeContentBlock(of node: Int, size: Size) -> Int {
        var block = FlexLayoutStyle()
        block.width = .px(size.width)
        block.height = .px(size.height)
        block.flexShrink = 0
        block.minWidth = .px(0)
        block.minHeight = .px(0)
        block.direction = styles[node].direction
        contentSizes[node] = size
        return append(style: block, parent: node, role: .contentBlock, id: nil, measure: nil)
    }

    /// A content leaf's new content size: its block's style and fixed box, and the leaf's `contentSizes` entry.
    func setContentSize(_ size: Size, leaf node: Int, block: Int) {
        styles[block].width = .px(size.width)
        styles[block].height = .px(size.height)
        // A content block's style is lengths only (`makeContentBlock`): its fixed box keeps every other field,
        // and its size is the new one, as `noteStyle` would resolve it.
        fixedBoxes[block].width = size.width
        fixedBoxes[block].height = size.height
        contentSizes[node] = size
    }

    /// Gives a leaf without content a content block (a content change on an empty leaf).
    func appendContentBlock(to node: Int, size: Size) {
        setChildren(of: node, [makeContentBlock(of: node, size: size)])
    }

    /// Notes what depends on the whole tree, after it is built or changes shape or style:
    /// - every node between an absolutely positioned element and its containing block (exclusive) is marked
    ///   escaping: its subtree's frames depend on where it sits, so relayout never skips it;
    /// - whether any item aligns by its baseline (`align-self`, or `align-items` for an `auto` one): only then is a
    ///   container's first baseline read, so only then is it worth its cost (a column's first item laid out at
    ///   its final size in every sizing pass).
    func noteTreeWideFacts() {
        baselinesAreRead = false
        for node in 1..<styles.count where roles[node] == .element {
            let alignSelf = styles[node].alignSelf
            if alignSelf == .baseline || (alignSelf == .auto && styles[parents[node]].alignItems == .baseline) {
                baselinesAreRead = true
                break
            }
        }
        for node in escaping.indices { escaping[node] = false }
        for node in 1..<styles.count where styles[node].position == .absolute && roles[node] == .element {
            var current = parents[node]
            while current > 0, styles[current].position == .static {
                escaping[current] = true
                current = parents[current]
            }
        }
    }

    @discardableResult
    private func append(
        style: FlexLayoutStyle, parent: Int, role: Role, id: String?, measure: (any LeafMeasuring)?
    ) -> Int {
        styles.append(style)
        parents.append(parent)
        childStart.append(0)
        childCount.append(0)
        measures.append(measure)
        isMeasured.append(measure != nil)
        roles.append(role)
        ids.append(id)
        indexInParent.append(-1)
        frames.append(Rect(x: 0, y: 0, width: 0, height: 0))
        placements.append(SizingInput(width: 0, height: nil, heightIsDefinite: false))
        caches.append(NodeCache())
        preparedItems.append(FlexItem.unprepared)
        preparedKeys.append(nil)
        escaping.append(false)
        fixedBoxes.append(ResolvedBox.unresolved)
        hasFixedBox.append(false)
        traits.append([])
        contentSizes.append(.zero)
        let node = styles.count - 1
        noteStyle(node)
        return node
    }

    deinit {
        styles.deallocate()
        parents.deallocate()
        childStart.deallocate()
        childCount.deallocate()
        childList.deallocate()
        measures.deallocate()
        isMeasured.deallocate()
        roles.deallocate()
        ids.deallocate()
        indexInParent.deallocate()
        frames.deallocate()
        placements.deallocate()
        caches.deallocate()
        preparedItems.deallocate()
        preparedKeys.deallocate()
        escaping.deallocate()
        fixedBoxes.deallocate()
        hasFixedBox.deallocate()
        traits.deallocate()
        contentSizes.deallocate()
        scratch.deallocate()
    }

    /// The children of `node`, in document order (valid until the tree changes).
    @inline(__always) func children(_ node: Int) -> UnsafeBufferPointer<Int> {
        UnsafeBufferPointer(start: childList.base + childStart[node], count: childCount[node])
    }

    // MARK: Layout

    /// Lays the tree out in a viewport of this size (nil = max-content) and keeps every frame.
    public func layout(viewportWidth: Double?, viewportHeight: Double?) {
        if !pendingChanges.isEmpty { settleChanges() }
        // A new width the root does not see: the frames hold, the viewport's own is wider or narrower.
        if let viewportWidth, viewportWidthKeepsFrames(viewportWidth, height: viewportHeight) {
            frames[0].size.width = viewportWidth
            return
        }
        scratch.reserve(nodeCount: styles.count)
        // The viewport's style holds its size (the rest of it never changes).
        let styleWidth: SizeValue = viewportWidth.map { .px($0) } ?? .maxContent
        let styleHeight: SizeValue = viewportHeight.map { .px($0) } ?? .auto
        if styles[0].width != styleWidth || styles[0].height != styleHeight {
            styles[0].width = styleWidth
            styles[0].height = styleHeight
            caches[0].invalidate()
        }
        let width = viewportWidth ?? intrinsicWidths(0, containingWidth: nil).max
        let input = SizingInput(
            width: width, height: viewportHeight, heightIsDefinite: viewportHeight != nil, containingWidth: nil,
            containingHeight: nil)
        // Nothing changed since the last layout under this input: nothing to do. Otherwise the viewport's height
        // first (an absolutely positioned box anywhere below may have the viewport as its containing block), then
        // its subtree placed.
        guard caches[0].performed != input else {
            frames[0].size.width = width
            return
        }
        viewportMemo = viewportWidth.map { ViewportMemo(width: $0, height: viewportHeight) }
        let output = size(0, input)
        frames[0] = Rect(x: 0, y: 0, width: width, height: output.height)
        perform(0, input, height: output.height)
        caches[0].performed = input
    }

    /// The root's border-box size after the last layout.
    public var rootSize: Size { frames[childList[childStart[0]]].size }

    /// Every displayed element's frame, in pre-order, with its path and id (the viewport and content blocks are not
    /// listed).
    public func frameList() -> [(path: [Int], id: String?, frame: Rect)] {
        var result: [(path: [Int], id: String?, frame: Rect)] = []
        var stack: [(node: Int, path: [Int])] = []
        for child in children(0).reversed() { stack.append((child, [])) }
        while let (node, parentPath) = stack.popLast() {
            guard roles[node] == .element, styles[node].display != .none else { continue }
            let path = parentPath + [indexInParent[node]]
            result.append((Array(path.dropFirst()), ids[node], frames[node]))
            for child in children(node).reversed() { stack.append((child, path)) }
        }
        return result
    }
}
