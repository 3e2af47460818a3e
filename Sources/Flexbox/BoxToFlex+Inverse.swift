import BoxLayout
import LayoutCore

extension BoxToFlex {
    /// The box case whose translation `flex` is, exactly: this is how the reference lays out flex cases.
    ///
    /// 1. Each element is read as the box node the translation rules would have written it from, top-down (a
    ///    node's reading depends on its parent's). What no rule writes is left at Puyopuyo's default.
    /// 2. That box case is translated again and compared with `flex`, property by property in pre-order, each
    ///    as the value that applies (given or initial). The first difference is refused: it is outside the
    ///    image of `translate`, so the reference cannot lay it out as a browser would.
    ///
    /// Name, description, expect and tolerance are copied; the viewport is the proposal.
    /// - Throws: `Refusal` at the flex JSON path of the first property that differs
    ///   (`$.root.children[0].style.order: 1 has no Puyopuyo equivalent`).
    public static func boxCase(from flex: FlexCase) throws(Refusal) -> BoxCase {
        let viewport = flex.viewport
        var box = BoxCase(
            name: flex.name, proposal: BoxProposal(width: viewport.width, height: viewport.height),
            root: read(flex.root, in: viewport))
        box.description = flex.description
        box.expect = flex.expect
        box.tolerance = flex.tolerance
        let translated: FlexElement
        do {
            translated = try translate(box.root, in: viewport)
        } catch {
            // Only a reading the translation itself refuses lands here: space-between under reverse, read as
            // between. The box path and the element path share their `$.root.children[i]…` part.
            var path = error.path
            for (key, property) in [(".format", CSSProperty.justifyContent), (".runFormat", .alignContent)]
            where path.hasSuffix(key) {
                path = String(path.dropLast(key.count)) + ".style." + property.rawValue
            }
            throw Refusal(path: path, message: "no Puyopuyo equivalent: \(error.message)")
        }
        if let difference = firstDifference(translated, flex.root) { throw difference }
        return box
    }

    /// The tree read without recursion: elements in pre-order, each knowing its parent's reading.
    static func read(_ root: FlexElement, in viewport: FlexViewport) -> BoxNode {
        var nodes: [BoxNode] = []
        var parents: [Int] = []
        var stack: [(element: FlexElement, parent: Int)] = [(root, -1)]
        while let (element, parent) = stack.popLast() {
            nodes.append(node(reading: element, parent: parent < 0 ? nil : nodes[parent], viewport: viewport))
            parents.append(parent)
            for child in element.children.reversed() { stack.append((child, nodes.count - 1)) }
        }
        return nested(nodes, parents: parents, children: \.children)
    }

    /// One element read as a box node (its children are attached by `read`), the translation's steps inverted.
    static func node(reading element: FlexElement, parent: BoxNode?, viewport: FlexViewport) -> BoxNode {
        let style = element.style
        // 2. The type: a leaf has content, or no children and no container alignment (Puyopuyo has no stretch).
        var node = BoxNode(type: kind(of: element))
        node.id = element.id
        node.activated = style.value(of: .display) != .keyword("none")
        node.content = element.content
        // 4. Margins, and padding on containers.
        node.margin = insets(style, CSSProperty.margins)
        if node.type != .leaf { node.padding = insets(style, CSSProperty.paddings) }
        // 3. Sizes, knowing the margins (a wrap root's max height is the proposal minus them).
        node.width = size(of: node, along: .horizontal, style: style, parent: parent, viewport: viewport)
        node.height = size(of: node, along: .vertical, style: style, parent: parent, viewport: viewport)
        // 5. The alignment in the parent: align-self on the parent's cross axis; in a zbox justify-self and
        //    align-self, one name per axis.
        if let parent, parent.type == .zbox {
            node.alignment = gridAlignment(style, items: false)
        } else if let parent,
            let edge = Edge(style.value(of: .alignSelf), reversed: parent.type.isFlowBox && parent.reverse)
        {
            node.alignment = edge.alignment(along: parent.type.flexMainAxis.crossAxis)
        }
        // 2. The container's own properties.
        if node.type.isLinearBox { readLinear(style, into: &node) }
        if node.type.isFlowBox { readFlow(style, into: &node) }
        if node.type == .zbox {
            // An axis without an edge reads as the centre, so that the comparison names the property.
            let justify = gridAlignment(style, items: true, centreByDefault: true)
            node.justifyContent = justify == .center ? nil : justify
        }
        return node
    }

    /// The names a grid's justify-items and align-items (`items`) or an item's justify-self and align-self give,
    /// one per axis where the keyword is an edge (`[left, top]`; both centres are `center`), or the centre there.
    static func gridAlignment(_ style: FlexStyle, items: Bool, centreByDefault: Bool = false) -> BoxAlignment {
        var alignment = BoxAlignment.idle
        for axis in Axis.allCases {
            let value = style.value(of: items ? axis.gridItems : axis.gridSelf)
            if let edge = Edge(grid: value) ?? (centreByDefault ? .center : nil) {
                alignment = alignment.union(edge.alignment(along: axis))
            }
        }
        return alignment
    }

    /// Leaf, a zbox (a grid, or an element not displayed with the grid's track), or the container that the
    /// direction and wrapping name.
    static func kind(of element: FlexElement) -> BoxNodeType {
        let style = element.style
        if style.value(of: .display) == .keyword("grid")
            || style.value(of: .gridTemplateColumns) != CSSProperty.gridTemplateColumns.initialValue
        {
            return .zbox
        }
        if element.content != nil || element.children.isEmpty && style.value(of: .alignItems) == .keyword("stretch") {
            return .leaf
        }
        let row = style.value(of: .flexDirection).cssText.hasPrefix("row")
        return style.value(of: .flexWrap) == .keyword("nowrap") ? (row ? .hbox : .vbox) : (row ? .vflow : .hflow)
    }

    /// px sides; anything else reads as 0 and is refused by the comparison.
    static func insets(_ style: FlexStyle, _ sides: [CSSProperty]) -> Insets {
        let values = sides.map { px(style.value(of: $0)) ?? 0 }
        return Insets(top: values[0], left: values[3], bottom: values[2], right: values[1])
    }

    static func px(_ value: CSSValue) -> Double? { if case .px(let number) = value { number } else { nil } }

    /// A fill root, a fill zbox child (stretched), a px size, or wrap with its min, max and grow.
    static func size(
        of node: BoxNode, along axis: Axis, style: FlexStyle, parent: BoxNode?, viewport: FlexViewport
    ) -> SizeDescription {
        let given = style.value(of: axis.size)
        let isAuto = given == .keyword("auto")
        // Stretched in a zbox of fixed size whose inner size holds the margins: the only stretch translated.
        if let parent, parent.type == .zbox, isAuto, style.value(of: axis.gridSelf) == .keyword("stretch"),
            case .fixed(let fixed) = parent.size(along: axis),
            node.margin.main(along: axis) <= max(fixed - parent.padding.main(along: axis), 0)
        {
            return .fill
        }
        if parent == nil, isAuto, let offered = viewport.along(axis) {
            let fills =
                axis == .horizontal
                ? style.value(of: .flexGrow) == .number(1) && style.value(of: .flexBasis) == .px(0)
                : style.value(of: .alignSelf) == .keyword("stretch")
            if fills { return .fill }
            // A wrap root's max height is capped by the room the proposal leaves; a max equal to it is the cap.
            if axis == .vertical, px(style.value(of: .maxHeight)) == max(offered - node.margin.vertical, 0) {
                return .wrap(WrapOptions(min: px(style.value(of: .minHeight)) ?? 0))
            }
        }
        if let fixed = px(given) { return .fixed(fixed) }
        var options = WrapOptions(min: px(style.value(of: axis.minSize)) ?? 0, max: px(style.value(of: axis.maxSize)))
        if let parent, parent.type.isLinearBox, parent.type.flexMainAxis == axis,
            case .number(let grow) = style.value(of: .flexGrow), grow > 0
        {
            options.grow = grow
            options.max = nil
        }
        if let max = options.max, max < options.min { options.min = 0 }
        return .wrap(options)
    }

    /// hbox / vbox: reverse, the main gap, the format (leading on a wrap main size, where Puyopuyo ignores it),
    /// and justifyContent from align-items (nil for the start, Puyopuyo's default).
    static func readLinear(_ style: FlexStyle, into node: inout BoxNode) {
        let main = node.type.flexMainAxis
        node.reverse = style.value(of: .flexDirection).cssText.hasSuffix("-reverse")
        if !node.size(along: main).isWrapSize {
            node.format = format(style.value(of: .justifyContent), reversed: node.reverse)
        }
        if node.format != .round { node.space = px(style.value(of: main.gap)) ?? 0 }
        let items = Edge(style.value(of: .alignItems), reversed: false) ?? .start
        node.justifyContent = items == .start ? nil : items.alignment(along: main.crossAxis)
    }

    /// vflow / hflow: reverse, the gaps (`space` when they are equal), format and runFormat where Puyopuyo
    /// applies them, and justifyContent from align-items and, with a wrap line length, justify-content.
    static func readFlow(_ style: FlexStyle, into node: inout BoxNode) {
        let line = node.type.flexMainAxis
        let run = line.crossAxis
        node.reverse = style.value(of: .flexDirection).cssText.hasSuffix("-reverse")
        let wrapLine = node.size(along: line).isWrapSize
        if !wrapLine { node.format = format(style.value(of: .justifyContent), reversed: node.reverse) }
        if !node.size(along: run).isWrapSize {
            node.runFormat = format(style.value(of: .alignContent), reversed: node.reverse)
        }
        let itemSpace = node.format == .round ? 0 : px(style.value(of: line.gap)) ?? 0
        let runSpace = node.runFormat == .round ? 0 : px(style.value(of: run.gap)) ?? 0
        if itemSpace == runSpace {
            node.space = itemSpace
        } else {
            (node.itemSpace, node.runSpace) = (itemSpace, runSpace)
        }
        // The one name whose two readings (spec §7) give these items and lines; the lines only matter with a
        // wrap line length, and only when the flow's own alignment does not place them.
        let items = Edge(style.value(of: .alignItems), reversed: node.reverse) ?? .start
        guard wrapLine, !node.alignment.hasComponent(along: line) else {
            node.justifyContent = items == .start ? nil : items.alignment(along: run)
            return
        }
        let lines = Edge(style.value(of: .justifyContent), reversed: node.reverse) ?? .start
        node.justifyContent =
            switch (items, lines) {
            case (.start, .start): nil
            case (_, .center): items.alignment(along: run)
            case (.center, _): lines.alignment(along: line)
            default: nil  // not one name: the comparison refuses it
            }
    }

    /// The format a justify-content (or align-content) writes; leading for anything no format writes.
    static func format(_ value: CSSValue, reversed: Bool) -> BoxFormat {
        BoxFormat.allCases.first { $0.justifyContent(reversed: reversed) == value } ?? .leading
    }

    // MARK: 2. The comparison

    /// The first property, in pre-order and `CSSProperty` order, whose applying value differs between the
    /// translation `expected` and the case `given`; then content (ids are copied, the shapes are equal).
    static func firstDifference(_ expected: FlexElement, _ given: FlexElement) -> Refusal? {
        var tree = TreePath()
        var stack: [(expected: FlexElement, given: FlexElement, parent: Int, position: Int)] = [
            (expected, given, -1, 0)
        ]
        while let (expected, given, parent, position) = stack.popLast() {
            tree.append(parent: parent, position: position)
            let index = tree.parents.count - 1
            for property in CSSProperty.allCases {
                let want = expected.style.value(of: property)
                let got = given.style.value(of: property)
                guard want != got else { continue }
                let reason =
                    CSSProperty.written.contains(property)
                    ? "\(got.cssText) has no Puyopuyo equivalent here (the nearest box case translates to \(want.cssText))"
                    : "\(got.cssText) has no Puyopuyo equivalent"
                return Refusal(path: "\(tree.path(of: index)).style.\(property.rawValue)", message: reason)
            }
            if expected.content != given.content {
                return Refusal(path: "\(tree.path(of: index)).content", message: "no Puyopuyo equivalent")
            }
            // Puyopuyo measures a leaf at one natural size: a measure table is exact only when it answers nothing else.
            if let table = given.measureTable, let content = given.content, !table.isExact(for: content) {
                return Refusal(
                    path: "\(tree.path(of: index)).content.measure",
                    message: "the reference cannot replay recorded measurements (only a table whose every output is "
                        + "the content size)")
            }
            for position in given.children.indices.reversed() {
                stack.append((expected.children[position], given.children[position], index, position))
            }
        }
        return nil
    }
}

extension CSSProperty {
    /// The properties the translation writes; any other is at its initial value in every translated case.
    static let written: Set<CSSProperty> = [
        .display, .position, .boxSizing, .width, .height, .minWidth, .minHeight, .maxWidth, .maxHeight,
        .marginTop, .marginRight, .marginBottom, .marginLeft, .paddingTop, .paddingRight, .paddingBottom,
        .paddingLeft, .flexDirection, .flexWrap, .flexGrow, .flexShrink, .flexBasis, .justifyContent, .alignItems,
        .alignSelf, .alignContent, .rowGap, .columnGap, .justifyItems, .justifySelf, .gridTemplateColumns,
        .gridTemplateRows, .gridColumnStart, .gridRowStart,
    ]
}
