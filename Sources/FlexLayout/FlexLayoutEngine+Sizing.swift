import LayoutCore

/// What a node is laid out under. Widths are decided by the parent before a node lays out (CSS's horizontal
/// writing mode: width in, height out); the height is given only when the parent fixes it.
///
/// The optional sizes are stored as NaN for "none" (no layout size is ever NaN): 40 bytes where optionals took 56,
/// and every node's cache holds six of these, so the caches of a large tree stay a third smaller.
struct SizingInput: Equatable {
    /// The border-box width.
    var width: Double
    private var storedHeight: Double
    private var storedContainingWidth: Double
    private var storedContainingHeight: Double
    /// Whether `height` counts as definite for the node's children's percentages (CSS Flexbox §9.8).
    var heightIsDefinite: Bool

    init(
        width: Double, height: Double?, heightIsDefinite: Bool, containingWidth: Double? = nil,
        containingHeight: Double? = nil
    ) {
        self.width = width
        storedHeight = height ?? .nan
        self.heightIsDefinite = heightIsDefinite
        storedContainingWidth = containingWidth ?? .nan
        storedContainingHeight = containingHeight ?? .nan
    }

    /// The border-box height, when the parent or the style fixes it.
    var height: Double? {
        @inline(__always) get { storedHeight.isNaN ? nil : storedHeight }
        @inline(__always) set { storedHeight = newValue ?? .nan }
    }
    /// The containing block's inner width and definite inner height: the basis of the node's own percentages.
    var containingWidth: Double? {
        @inline(__always) get { storedContainingWidth.isNaN ? nil : storedContainingWidth }
        @inline(__always) set { storedContainingWidth = newValue ?? .nan }
    }
    var containingHeight: Double? {
        @inline(__always) get { storedContainingHeight.isNaN ? nil : storedContainingHeight }
        @inline(__always) set { storedContainingHeight = newValue ?? .nan }
    }

    /// Equal inputs: the same bits in every field (NaN, "none", equals itself), written out so that it inlines:
    /// every cache lookup compares whole inputs.
    @inline(__always) static func == (a: SizingInput, b: SizingInput) -> Bool {
        a.width.bitPattern == b.width.bitPattern && a.storedHeight.bitPattern == b.storedHeight.bitPattern
            && a.heightIsDefinite == b.heightIsDefinite
            && a.storedContainingWidth.bitPattern == b.storedContainingWidth.bitPattern
            && a.storedContainingHeight.bitPattern == b.storedContainingHeight.bitPattern
    }
}

struct SizingOutput {
    /// The border-box height: the given one, or the content's within the node's own `min-height`/`max-height`.
    var height: Double
    /// NaN for no baseline (as `SizingInput` stores its optionals).
    private var storedBaseline: Double
    /// The border-box height of the content alone, before the node's own min and max: a parent that sizes the
    /// node by its content (a column's flex base size, a content size suggestion) clamps it itself.
    var contentHeight: Double

    init(height: Double, baseline: Double?, contentHeight: Double) {
        self.height = height
        storedBaseline = baseline ?? .nan
        self.contentHeight = contentHeight
    }

    /// The first baseline, from the border box's top; nil when the node has none (its parent synthesizes one).
    var baseline: Double? {
        @inline(__always) get { storedBaseline.isNaN ? nil : storedBaseline }
        @inline(__always) set { storedBaseline = newValue ?? .nan }
    }
}

/// A node's remembered answers: its intrinsic widths (a content property, independent of the input) and the last
/// few sizings. Every entry is keyed by its whole input, so a hit is exact; a mutation clears the node and its
/// ancestors.
struct NodeCache {
    /// One remembered sizing, a cache line whole (40 + 24 bytes): a hit reads the line its key is in.
    struct Entry {
        var key: SizingInput?
        var value: SizingOutput
        static let empty = Entry(key: nil, value: .zero)
    }

    // Line 0: what every lookup and store reads. The widths of the entries' keys (NaN for an empty entry) are
    // kept here too, together, and a lookup compares them before a whole key, so that a miss (each new width)
    // reads this line alone.
    var keyWidths: (Double, Double, Double, Double) = (.nan, .nan, .nan, .nan)
    var next = 0
    var intrinsic: (min: Double, max: Double)?
    /// Whether intrinsic widths at another height replaced those kept since the last mutation: the entries then no
    /// longer hold every answer the node's parent read (`mayHaveForgotten`).
    var replacedIntrinsic = false
    // Lines 1–4.
    var entries: (Entry, Entry, Entry, Entry) = (.empty, .empty, .empty, .empty)
    // Lines 5–6.
    /// The input of the last layout that placed this node's descendants; while it holds, their frames do.
    var performed: SizingInput?
    /// The input of the last pass that wrote this node's children's frames (`recordPlacement`).
    var placedFor: SizingInput?
    var intrinsicAtHeight: (height: Double, widths: (min: Double, max: Double))?
    /// Fills the seventh line, so that every node's cache starts on a line (the column does).
    var linePadding: (Double, Double) = (0, 0)

    mutating func invalidate() {
        intrinsic = nil
        intrinsicAtHeight = nil
        keyWidths = (.nan, .nan, .nan, .nan)
        entries = (.empty, .empty, .empty, .empty)
        replacedIntrinsic = false
        performed = nil
        placedFor = nil
    }

    /// Whether an answer may have been overwritten since the last mutation: intrinsic widths replaced, or all four
    /// sizings taken (a fifth would have replaced the first; not counting them keeps `store` as cheap as it was).
    var mayHaveForgotten: Bool {
        replacedIntrinsic
            || (entries.0.key != nil && entries.1.key != nil && entries.2.key != nil && entries.3.key != nil)
    }

    /// The answer remembered for `input`. Static, reading through the pointer: a method called on `caches[node]`
    /// would copy the whole cache (over 400 bytes) before reading one key, several times per node and layout.
    @inline(__always) static func lookup(_ cache: UnsafePointer<NodeCache>, _ input: SizingInput) -> SizingOutput? {
        let width = input.width.bitPattern
        let widths = cache.pointee.keyWidths
        if widths.0.bitPattern == width, cache.pointee.entries.0.key == input { return cache.pointee.entries.0.value }
        if widths.1.bitPattern == width, cache.pointee.entries.1.key == input { return cache.pointee.entries.1.value }
        if widths.2.bitPattern == width, cache.pointee.entries.2.key == input { return cache.pointee.entries.2.value }
        if widths.3.bitPattern == width, cache.pointee.entries.3.key == input { return cache.pointee.entries.3.value }
        return nil
    }

    mutating func store(_ input: SizingInput, _ output: SizingOutput) {
        let entry = Entry(key: input, value: output)
        switch next {
        case 0: (keyWidths.0, entries.0) = (input.width, entry)
        case 1: (keyWidths.1, entries.1) = (input.width, entry)
        case 2: (keyWidths.2, entries.2) = (input.width, entry)
        default: (keyWidths.3, entries.3) = (input.width, entry)
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

    // MARK: Sizing and laying out a node

    /// The node's height and baseline under `input`, from its cache when the same input was asked before.
    /// A height that is not definite and equals the node's own is answered from the pass under no height
    /// (`ownHeightKey`), the content height being the given height as that pass would answer it.
    func size(_ node: Int, _ input: SizingInput) -> SizingOutput {
        let input = keyed(input, for: node)
        if let known = NodeCache.lookup(caches.pointer(node), input) { return known }
        if let height = input.height, let own = ownHeightKey(node, input, height: height),
            let known = NodeCache.lookup(caches.pointer(node), own)
        {
            return SizingOutput(height: height, baseline: known.baseline, contentHeight: height)
        }
        let output = layoutNode(node, input, perform: false)
        caches[node].store(input, output)
        return output
    }

    /// Lays out `node`'s descendants for good under `input` (its own frame is already set by its parent): their
    /// frames, then theirs.
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

    /// The input a node is placed under, as its cache knows it (`ownHeightKey`).
    @inline(__always) func placementKey(_ node: Int, _ input: SizingInput, height: Double) -> SizingInput {
        var key = keyed(input, for: node)
        if let own = ownHeightKey(node, key, height: height) { return own }
        key.height = height
        return key
    }

    /// A height that is not definite and equals the one the node found for itself under no height lays out as no
    /// height does, so the pass under no height serves (its answer and its placements): that pass's key, when it
    /// was made. Not in a wrapping column, whose lines break at a given height but at its `max-height` without
    /// one, nor in a grid, which places its items per pass, nor for a measured leaf.
    @inline(__always) func ownHeightKey(_ node: Int, _ keyedInput: SizingInput, height: Double) -> SizingInput? {
        guard !keyedInput.heightIsDefinite, !isMeasured[node], traits[node].contains(.sharesOwnHeightPass)
        else { return nil }
        var key = keyedInput
        key.height = nil
        guard let sized = NodeCache.lookup(caches.pointer(node), key), sized.height == height else { return nil }
        return key
    }

    /// Whether `node` holds content and nothing else: one content block, which the frames do not list.
    @inline(__always) func isContentLeaf(_ node: Int) -> Bool {
        traits[node].contains(.contentLeaf)
    }

    /// Whether an absolutely positioned child needs `node`'s own pass to be placed (its static position).
    func hasAbsoluteChildren(_ node: Int) -> Bool {
        children(node).contains { traits[$0].contains(.displayedAbsolute) }
    }

    /// The input with the containing sizes the node does not read left out, so that a cache entry holds across
    /// them: a node reads its containing width only for percentage paddings and its containing height only for
    /// percentage `min-height`/`max-height` (its own size and margins are its parent's to resolve). A viewport
    /// resize then reaches the root's cache instead of missing it.
    @inline(__always) func keyed(_ input: SizingInput, for node: Int) -> SizingInput {
        var input = input
        let traits = traits[node]
        if !traits.contains(.readsContainingWidth) { input.containingWidth = nil }
        if !traits.contains(.readsContainingHeight) { input.containingHeight = nil }
        return input
    }

    /// One node by its kind: a measured leaf, a one-cell grid, or a flex container (an element with content is a
    /// flex container of its content block).
    func layoutNode(_ node: Int, _ input: SizingInput, perform: Bool) -> SizingOutput {
        if isMeasured[node] { return layoutMeasuredLeaf(node, input) }
        if traits[node].contains(.grid) { return layoutGrid(node, input, perform: perform) }
        if childCount[node] == 0 { return layoutEmptyContainer(node, input) }
        if isContentLeaf(node) { return layoutContentLeaf(node, input) }
        return layoutFlexContainer(node, input, perform: perform)
    }

    /// A flex container without children (a content block, an empty element): what §9 gives for no items, without
    /// running its steps. Its content is nothing, so its height is its known one, or 0 within its own min and max
    /// heights; it has no baseline.
    func layoutEmptyContainer(_ node: Int, _ input: SizingInput) -> SizingOutput {
        let (pb, bounds) = ownBox(node, input)
        if let height = input.height { return SizingOutput(height: height, baseline: nil, contentHeight: height) }
        return SizingOutput(
            height: max(bounds.min, min(bounds.max, 0)) + pb.vertical, baseline: nil, contentHeight: pb.vertical)
    }

    /// A node's padding and border, and its own `min-height` and `max-height` as inner heights, under `input`:
    /// read from its fixed box when it has one (`fixedBoxes`), else resolved.
    @inline(__always) func ownBox(_ node: Int, _ input: SizingInput) -> (
        paddingBorder: Edges<Double>, innerHeight: (min: Double, max: Double)
    ) {
        if hasFixedBox[node] {
            let pb = fixedBoxes[node].paddingBorder
            return (
                pb,
                innerHeightBounds(
                    minHeight: fixedBoxes[node].minHeight, maxHeight: fixedBoxes[node].maxHeight, paddingBorder: pb)
            )
        }
        let pb = paddingBorder(node, containingWidth: input.containingWidth)
        return (pb, innerHeightBounds(node, paddingBorder: pb, containingHeight: input.containingHeight))
    }

    /// The node's own `min-height` and `max-height` as inner heights (percentages of a definite containing height),
    /// for an automatic height: 0 and infinity where they do not apply.
    @inline(__always) func innerHeightBounds(
        _ node: Int, paddingBorder pb: Edges<Double>, containingHeight: Double?
    ) -> (min: Double, max: Double) {
        let style = styles.at(node)
        let minHeight = borderBoxSize(
            style.minHeight, basis: containingHeight, paddingBorder: pb.vertical, borderBox: style.borderBox)
        let maxHeight = borderBoxSize(
            style.maxHeight, basis: containingHeight, paddingBorder: pb.vertical, borderBox: style.borderBox)
        return innerHeightBounds(minHeight: minHeight, maxHeight: maxHeight, paddingBorder: pb)
    }

    /// Border-box `min-height` and `max-height` (nil where none applies) as inner heights.
    @inline(__always) func innerHeightBounds(minHeight: Double?, maxHeight: Double?, paddingBorder pb: Edges<Double>)
        -> (min: Double, max: Double)
    {
        (max(0, (minHeight ?? 0) - pb.vertical), maxHeight.map { max(0, $0 - pb.vertical) } ?? .infinity)
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
