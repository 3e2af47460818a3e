import BoxLayout
import LayoutCore

/// **The one translation of a box case into CSS flexbox**, and its inverse (`BoxToFlex+Inverse.swift`). The rules
/// are docs/conformance.md, "Box cases as flex cases"; where Puyopuyo and CSS differ is docs/spec/puyopuyo-boxes.md
/// §12. A property with no CSS equivalent is refused, never approximated, so the inverse can read every flex case
/// of the image back exactly.
public enum BoxToFlex {
    /// A property one side cannot express: its JSON path (`$.root.children[2].width`) and why, as every case
    /// error says it (`path: message`).
    public typealias Refusal = CaseError

    /// The flex case that lays out as `box` does: the proposal becomes the viewport and each node one element;
    /// name, description, expect and tolerance are copied (the box `source` is not: it names who answered).
    /// - Throws: `Refusal` at the first property, in pre-order, with no CSS equivalent.
    public static func translate(_ box: BoxCase) throws(Refusal) -> FlexCase {
        let viewport = FlexViewport(width: box.proposal.width, height: box.proposal.height)
        var flex = FlexCase(name: box.name, viewport: viewport, root: try translate(box.root, in: viewport))
        flex.description = box.description
        flex.expect = box.expect
        flex.tolerance = box.tolerance
        return flex
    }

    /// The tree, walked without recursion (trees may nest 2000 deep): each node becomes an element in pre-order,
    /// translated knowing its parent, then the elements are nested. Refusals inside a node carry the path below
    /// it (`.width`); the node's own path is only spelt out for a refusal.
    static func translate(_ root: BoxNode, in viewport: FlexViewport) throws(Refusal) -> FlexElement {
        var elements: [FlexElement] = []
        var nodes: [BoxNode] = []
        var tree = TreePath()
        var stack: [(node: BoxNode, parent: Int, position: Int)] = [(root, -1, 0)]
        while let (node, parent, position) = stack.popLast() {
            let place = parent < 0 ? Place.root(viewport) : Place.child(of: nodes[parent])
            tree.append(parent: parent, position: position)
            do {
                elements.append(try element(for: node, in: place))
            } catch {
                throw Refusal(path: tree.path(of: nodes.count) + error.path, message: error.message)
            }
            nodes.append(node)
            for (index, child) in node.children.enumerated().reversed() {
                stack.append((child, elements.count - 1, index))
            }
        }
        return nested(elements, parents: tree.parents, children: \.children)
    }

    /// Where a node sits, which is all of its surroundings its translation depends on.
    enum Place {
        /// The root: the only item of the viewport (a row flex container with `align-items: flex-start`).
        case root(FlexViewport)
        case child(of: BoxNode)
    }

    /// One node as one element, in the steps of docs/conformance.md "Box cases as flex cases".
    static func element(for node: BoxNode, in place: Place) throws(Refusal) -> FlexElement {
        var style = StyleWriter()
        // 1. Every element: border-box sizes, the containing block of its children, and it never shrinks.
        try style.set(.boxSizing, .keyword("border-box"))
        try style.set(.position, .keyword("relative"))
        try style.set(.flexShrink, .number(0))
        if !node.activated { try style.set(.display, .keyword("none")) }
        if node.flowEnding { throw Refusal(path: ".flowEnding", message: Reason.flowEnding) }
        // 2. The type: a flex container, a one-cell grid, or a leaf with content.
        var element = FlexElement(id: node.id)
        switch node.type {
        case .zbox: try writeGrid(node, to: &style)
        case .leaf:
            if node.text != nil { throw Refusal(path: ".text", message: Reason.text) }
            element.content = node.content
        case .hbox, .vbox, .hflow, .vflow: try writeContainer(node, to: &style)
        }
        // 3. Sizes, 4. margins, 5. the node's own alignment in its parent, 6. the root in the viewport.
        for axis in Axis.allCases { try writeSize(of: node, along: axis, in: place, to: &style) }
        try writeInsets(node.margin, sides: CSSProperty.margins, at: ".margin", to: &style, allowsNegative: true)
        try writeAlignSelf(of: node, in: place, to: &style)
        if case .root(let viewport) = place { try writeRoot(node, in: viewport, to: &style) }
        element.style = style.style
        return element
    }

    // MARK: 2. Containers

    /// Direction and wrapping, padding, gaps, and the three alignments Puyopuyo's box has (it has no stretch).
    static func writeContainer(_ node: BoxNode, to style: inout StyleWriter) throws(Refusal) {
        let type = node.type
        let direction = type.flexMainAxis == .horizontal ? "row" : "column"
        try style.set(.flexDirection, .keyword(direction + (node.reverse ? "-reverse" : "")))
        let wrap = type.isFlowBox ? (node.reverse ? "wrap-reverse" : "wrap") : "nowrap"
        try style.set(.flexWrap, .keyword(wrap))
        try writeInsets(node.padding, sides: CSSProperty.paddings, at: ".padding", to: &style, allowsNegative: false)
        if type.isFlowBox {
            try writeFlow(node, to: &style)
        } else {
            try writeLinear(node, to: &style)
        }
    }

    /// hbox / vbox: `space` is the main-axis gap, `format` the justify-content (only where Puyopuyo applies it),
    /// `justifyContent` one cross-axis name as align-items.
    static func writeLinear(_ node: BoxNode, to style: inout StyleWriter) throws(Refusal) {
        let main = node.type.flexMainAxis
        try writeGap(node.space, along: main, at: ".space", to: &style)
        // Format: Puyopuyo applies it only to a definite main size (spec §5), and it never falls back.
        if node.format != .leading, node.size(along: main).isWrapSize {
            throw Refusal(path: ".format", message: Reason.formatOnWrap)
        }
        if node.format == .round, node.space != 0 {
            throw Refusal(path: ".format", message: Reason.roundWithSpace)
        }
        if node.format == .between, node.reverse, node.children.count(where: \.activated) == 1 {
            throw Refusal(path: ".format", message: Reason.betweenReversedSingle)
        }
        try style.set(.justifyContent, node.format.justifyContent(reversed: node.reverse))
        try style.set(.alignContent, .keyword("flex-start"))
        // justifyContent: nil is [leading, top], whose cross-axis part is the start.
        let cross = main.crossAxis
        let items: Edge =
            if let justify = node.justifyContent {
                try Edge.single(justify, along: cross, at: ".justifyContent", for: "align-items")
            } else { .start }
        try style.set(.alignItems, items.keyword(reversed: false))
    }

    /// vflow / hflow: lines along the CSS main axis (row wrap, column wrap), `reverse` reversing both the items in
    /// a line and the lines (so wrap-reverse), `format` per line and `runFormat` across lines where Puyopuyo
    /// applies them, and `justifyContent` as the items' alignment within their line.
    static func writeFlow(_ node: BoxNode, to style: inout StyleWriter) throws(Refusal) {
        if node.arrange != 0 { throw Refusal(path: ".arrange", message: Reason.arrange) }
        if node.runRowSize != BoxNode.defaultRunRowSize {
            throw Refusal(path: ".runRowSize", message: Reason.runRowSize)
        }
        let line = node.type.flexMainAxis
        let run = line.crossAxis
        // 1. Gaps: itemSpace along a line, runSpace between lines; `space` is the default of both.
        let itemSpace = node.itemSpace ?? node.space
        let runSpace = node.runSpace ?? node.space
        try writeGap(itemSpace, along: line, at: ".\(node.itemSpace == nil ? "space" : "itemSpace")", to: &style)
        try writeGap(runSpace, along: run, at: ".\(node.runSpace == nil ? "space" : "runSpace")", to: &style)
        // 2. Along a line: the format when the line length is definite (each line then fills the flow); with a
        //    wrap line length each line is as long as its content and `justify-content` places the lines.
        let (items, lines) = try flowAlignment(of: node)
        if node.size(along: line).isWrapSize {
            if node.format != .leading { throw Refusal(path: ".format", message: Reason.formatOnWrap) }
            try style.set(.justifyContent, lines.keyword(reversed: node.reverse))
        } else {
            try checkDistribution(node.format, space: itemSpace, reversed: node.reverse, at: ".format")
            try style.set(.justifyContent, node.format.justifyContent(reversed: node.reverse))
        }
        // 3. Across lines: the run format, only on a definite run size.
        if node.runFormat != .leading, node.size(along: run).isWrapSize {
            throw Refusal(path: ".runFormat", message: Reason.runFormatOnWrap)
        }
        try checkDistribution(node.runFormat, space: runSpace, reversed: node.reverse, at: ".runFormat")
        try style.set(.alignContent, node.runFormat.justifyContent(reversed: node.reverse))
        // 4. The items within their line.
        try style.set(.alignItems, items.keyword(reversed: node.reverse))
    }

    /// A flow's format or runFormat: round ignores the gap, and between under reverse is refused because a line
    /// (or a flow) holding one item packs it at the leading edge in Puyopuyo and at the far edge in CSS.
    static func checkDistribution(_ format: BoxFormat, space: Double, reversed: Bool, at path: String)
        throws(Refusal)
    {
        if format == .round, space != 0 { throw Refusal(path: path, message: Reason.roundWithSpace) }
        if format == .between, reversed { throw Refusal(path: path, message: Reason.betweenReversedFlow) }
    }

    /// A flow's `justifyContent` read twice (spec §7): each line is a linear box, so its run-axis part aligns the
    /// items within their line (a name on the line axis alone means center); the outer box places the lines by
    /// the flow's own alignment if it names the line axis, else by the line-axis part of `justifyContent` (center
    /// when it has none). Nil is `[leading, top]`: both at the start.
    static func flowAlignment(of node: BoxNode) throws(Refusal) -> (items: Edge, lines: Edge) {
        let line = node.type.flexMainAxis
        var items = Edge.start
        var lines = Edge.start
        if let justify = node.justifyContent {
            let edge = try Edge.single(justify, at: ".justifyContent")
            let namesLine = justify.hasComponent(along: line)
            items = namesLine ? .center : edge
            lines = namesLine ? edge : .center
        }
        if node.alignment.hasComponent(along: line), let own = try? Edge.single(node.alignment, along: line, at: "") {
            lines = own
        }
        return (items, lines)
    }

    /// zbox: a grid of one cell, `minmax(0px, 1fr)` on each axis: the inner size when the box's size is definite,
    /// else the largest child's outer size (Puyopuyo's maximum over the children, margins included), and no
    /// automatic minimum size for the children. `justifyContent` (default center), one name per axis, is
    /// justify-items and align-items; a name missing on an axis is quirk 12 and refused. The children all sit in
    /// row 1, column 1 (step 5).
    static func writeGrid(_ node: BoxNode, to style: inout StyleWriter) throws(Refusal) {
        if node.activated { try style.set(.display, .keyword("grid")) }
        try style.set(.gridTemplateColumns, .keyword(CSSGrammar.oneTrack))
        try style.set(.gridTemplateRows, .keyword(CSSGrammar.oneTrack))
        try writeInsets(node.padding, sides: CSSProperty.paddings, at: ".padding", to: &style, allowsNegative: false)
        let justify = node.justifyContent ?? .center
        try Edge.checkGrid(justify, at: ".justifyContent")
        for axis in Axis.allCases {
            guard let edge = Edge.resolved(justify, along: axis) else {
                throw Refusal(
                    path: ".justifyContent", message: "\(justify.jsonText) \(Reason.justifyMissingAxis(axis))")
            }
            try style.set(axis.gridItems, edge.gridKeyword)
        }
    }

    // MARK: 3. Sizes

    /// A number is a px size; wrap is auto with its min and max; grow is flex-grow along an hbox or vbox parent's
    /// main axis; fill only on the root (step 6). Everything else is refused.
    static func writeSize(
        of node: BoxNode, along axis: Axis, in place: Place, to style: inout StyleWriter
    ) throws(Refusal) {
        let path = ".\(axis.key)"
        switch node.size(along: axis) {
        case .fixed(let value): try style.set(axis.size, .px(value))
        case .ratio(1):
            if case .child(let parent) = place, parent.type == .zbox {
                // A stretched grid item: the cell less the margins, placed at the start when that is negative.
                guard case .fixed(let size) = parent.size(along: axis) else {
                    throw Refusal(path: path, message: "\"fill\" \(Reason.fillInWrapZBox)")
                }
                let inner = Swift.max(size - parent.padding.main(along: axis), 0)
                if node.margin.main(along: axis) > inner {
                    throw Refusal(path: path, message: "\"fill\" \(Reason.fillMarginsOverflow)")
                }
                return
            }
            guard case .root(let viewport) = place else { throw Refusal(path: path, message: Reason.fillBelowRoot) }
            guard viewport.along(axis) != nil else {
                throw Refusal(path: path, message: Reason.fillWithoutProposal(axis))
            }
        case .ratio(let ratio):
            throw Refusal(path: path, message: "{\"ratio\": \(shortestText(ratio))} \(Reason.ratio)")
        case .aspectRatio(let aspect):
            throw Refusal(path: path, message: "{\"aspectRatio\": \(shortestText(aspect))} \(Reason.aspectRatio)")
        case .wrap(let options):
            let option = "\(path).wrap"
            if options.add != 0 { throw Refusal(path: "\(option).add", message: Reason.add) }
            if let max = options.max, max < options.min {
                throw Refusal(path: "\(option).min", message: Reason.minAboveMax)
            }
            if options.priority != 0 { throw Refusal(path: "\(option).priority", message: Reason.priority) }
            if options.shrink != 0 { throw Refusal(path: "\(option).shrink", message: Reason.shrink) }
            if options.min > 0 { try style.set(axis.minSize, .px(options.min)) }
            if let max = options.max { try style.set(axis.maxSize, .px(max)) }
            guard options.grow > 0 else { return }
            guard case .child(let parent) = place, parent.type.isLinearBox, parent.type.flexMainAxis == axis else {
                throw Refusal(path: "\(option).grow", message: Reason.growOffMainAxis)
            }
            if options.max != nil { throw Refusal(path: "\(option).max", message: Reason.growWithMax) }
            try style.set(.flexGrow, .number(options.grow))
        }
    }

    // MARK: 4. Margins, padding and gaps

    /// Each side as a px length; padding may not be negative.
    static func writeInsets(
        _ insets: Insets, sides: [CSSProperty], at path: String, to style: inout StyleWriter, allowsNegative: Bool
    ) throws(Refusal) {
        let values = [insets.top, insets.right, insets.bottom, insets.left]
        if !allowsNegative, values.contains(where: { $0 < 0 }) {
            throw Refusal(path: path, message: Reason.negativePadding)
        }
        for (property, value) in zip(sides, values) where value != 0 { try style.set(property, .px(value)) }
    }

    /// The gap between neighbours along `axis` (column-gap between items side by side in x).
    static func writeGap(_ gap: Double, along axis: Axis, at path: String, to style: inout StyleWriter)
        throws(Refusal)
    {
        if gap < 0 { throw Refusal(path: path, message: Reason.negativeSpace) }
        if gap != 0 { try style.set(axis.gap, .px(gap)) }
    }

    // MARK: 5. The node's alignment in its parent

    /// One name on the parent's cross axis (within the line, in a flow) is align-self; idle is auto. The root's
    /// alignment places nothing in Puyopuyo and is refused.
    static func writeAlignSelf(of node: BoxNode, in place: Place, to style: inout StyleWriter)
        throws(Refusal)
    {
        if case .child(let parent) = place, parent.type == .zbox {
            try writeGridSelf(of: node, to: &style)
            return
        }
        guard node.alignment != .idle else { return }
        guard case .child(let parent) = place else {
            throw Refusal(path: ".alignment", message: Reason.rootAlignment)
        }
        let cross = parent.type.flexMainAxis.crossAxis
        let edge = try Edge.single(node.alignment, along: cross, at: ".alignment", for: "align-self")
        try style.set(.alignSelf, edge.keyword(reversed: parent.type.isFlowBox && parent.reverse))
    }

    /// A zbox child: in the one cell (when displayed), and on each axis stretched if it fills, else aligned by the
    /// name its alignment has there (spec §8 steps 2–3: left > right > leading > trailing > horzCenter, top >
    /// bottom > vertCenter) as justify-self / align-self, or by the box's justify-items / align-items when it has
    /// none. A fill child's own name on its axis places nothing (it fills the cell), so it is not written.
    static func writeGridSelf(of node: BoxNode, to style: inout StyleWriter) throws(Refusal) {
        if node.activated {
            try style.set(.gridRowStart, .number(1))
            try style.set(.gridColumnStart, .number(1))
        }
        try Edge.checkGrid(node.alignment, at: ".alignment")
        for axis in Axis.allCases {
            if node.size(along: axis) == .fill {
                try style.set(axis.gridSelf, .keyword("stretch"))
            } else if let edge = Edge.resolved(node.alignment, along: axis) {
                try style.set(axis.gridSelf, edge.gridKeyword)
            }
        }
    }

    // MARK: 6. The root in the viewport

    /// The root is the viewport's only item, and the proposal (margins included) is the viewport: a wrap width
    /// shrinks to it (min-width 0 unless its own min), a wrap height is capped by it, a fill width grows into it
    /// and a fill height stretches across it.
    static func writeRoot(_ node: BoxNode, in viewport: FlexViewport, to style: inout StyleWriter) throws(Refusal) {
        switch node.width {
        case .wrap(let options) where viewport.width != nil:
            try style.set(.flexShrink, .number(1))
            if options.min == 0 { try style.set(.minWidth, .px(0)) }
        case .ratio:
            try style.set(.flexGrow, .number(1))
            try style.set(.flexBasis, .px(0))
            try style.set(.minWidth, .px(0))
        default: break
        }
        switch node.height {
        case .wrap(let options):
            guard let height = viewport.height else { break }
            let room = Swift.max(height - node.margin.vertical, 0)
            try style.set(.maxHeight, .px(Swift.min(options.max ?? room, room)))
        case .ratio: try style.set(.alignSelf, .keyword("stretch"))
        default: break
        }
    }
}
