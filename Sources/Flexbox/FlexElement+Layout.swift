import BoxLayout
import FlexLayout
import LayoutCore

extension FlexCase {
    /// The reference's layout of this case: its tree in the flex engine (`FlexLayoutEngine`) under its viewport.
    /// Frames are border boxes relative to the parent's border box, the root at its margins, elements with
    /// `display: none` left out with their paths still counted.
    /// - Throws: `CaseError` at the JSON path of what the engine does not lay out (`referenceRefusal`).
    public func layout(measurer: any TextMeasuring) throws -> BoxFrames {
        let plan = try layoutPlan()
        let engine = FlexLayoutEngine(root: plan.root)
        plan.layout(engine, width: viewport.width, height: viewport.height)
        return BoxFrames(frames: plan.frames(of: engine).map { BoxFrame(path: $0.path, id: $0.id, frame: $0.frame) })
    }

    /// The case's tree built in the flex engine, not yet laid out; for a vertical case, its transposition's
    /// (`layoutPlan()` says how its viewport and frames map).
    /// - Throws: `CaseError` at the JSON path of what the engine does not lay out (`referenceRefusal`).
    public func layoutEngine() throws(CaseError) -> FlexLayoutEngine {
        FlexLayoutEngine(root: try layoutRoot())
    }

    /// The case's root as the engine's typed tree; for a vertical case, its transposition's (`layoutPlan()`).
    public func layoutRoot() throws(CaseError) -> FlexLayoutNode { try layoutPlan().root }

    /// Why the reference does not lay this case out, or nil when it does: the one-cell grid's stated limit and the
    /// vertical cases it does not transpose (docs/flex-engine.md "What it refuses"). An interop case (`answers`,
    /// no `expect`) is laid out like any other; the runner reports which browser it sides with.
    public var referenceRefusal: String? {
        do {
            _ = try layoutPlan()
            return nil
        } catch {
            return error.description
        }
    }
}

extension FlexElement {
    /// The element and its subtree as the engine's typed tree.
    /// - Throws: `CaseError` for a grid item placed outside the one cell (`grid-row-start` or
    ///   `grid-column-start` other than 1, or `auto` beside another item): implicit tracks are not laid out.
    public func layoutNode(path: String) throws(CaseError) -> FlexLayoutNode {
        var node = FlexLayoutNode(style: style.layoutStyle, content: content, id: id)
        if let measureTable, let content, !measureTable.isExact(for: content) { node.measure = measureTable }
        let isGrid = style.value(of: .display) == .keyword("grid")
        let inFlow = children.filter {
            $0.style.value(of: .display) != .keyword("none") && $0.style.value(of: .position) != .keyword("absolute")
        }
        node.children.reserveCapacity(children.count)
        for (index, child) in children.enumerated() {
            let childPath = "\(path).children[\(index)]"
            if isGrid, child.style.value(of: .display) != .keyword("none"),
                child.style.value(of: .position) != .keyword("absolute")
            {
                for property in [CSSProperty.gridRowStart, .gridColumnStart] {
                    let line = child.style.value(of: property)
                    if line == .keyword("auto"), inFlow.count == 1 { continue }
                    if line != .number(1) {
                        throw CaseError(
                            path: "\(childPath).style.\(property.rawValue)",
                            message: "the reference lays out a one-cell grid: every item at line 1, got \(line.cssText)"
                        )
                    }
                }
            }
            node.children.append(try child.layoutNode(path: childPath))
        }
        return node
    }
}

extension MeasureTable: LeafMeasuring {
    public func measure(width: LeafConstraint, height: LeafConstraint) -> Size {
        answer(width: MeasureConstraint(width), height: MeasureConstraint(height))
    }
}

extension MeasureConstraint {
    init(_ constraint: LeafConstraint) {
        switch constraint {
        case .exactly(let size): self = .exactly(size)
        case .atMost(let size): self = .atMost(size)
        case .undefined: self = .undefined
        }
    }
}

extension FlexStyle {
    /// The checked CSS values as the engine's typed style: keywords become enums once, here.
    public var layoutStyle: FlexLayoutStyle {
        var result = FlexLayoutStyle()
        for (property, value) in self { result.set(property, value) }
        return result
    }
}

extension FlexLayoutStyle {
    /// An alignment value, its `safe` noted in `safeAlignment` under `property` (`safe center` is `.center`, safe).
    mutating func alignment(_ value: CSSValue, safe property: SafeAlignment) -> Alignment {
        guard case .keyword(let name) = value, name.hasPrefix("safe ") else {
            safeAlignment.remove(property)
            return value.alignment
        }
        safeAlignment.insert(property)
        return CSSValue.keyword(String(name.dropFirst(5))).alignment
    }

    /// Sets one checked property. Values outside the property's grammar cannot reach here (`FlexStyle.set`).
    mutating func set(_ property: CSSProperty, _ value: CSSValue) {
        switch property {
        case .display: display = value == .keyword("grid") ? .grid : value == .keyword("none") ? .none : .flex
        case .position:
            position = value == .keyword("absolute") ? .absolute : value == .keyword("relative") ? .relative : .static
        case .top: inset.top = value.lengthPercentageAuto
        case .right: inset.right = value.lengthPercentageAuto
        case .bottom: inset.bottom = value.lengthPercentageAuto
        case .left: inset.left = value.lengthPercentageAuto
        case .boxSizing: borderBox = value == .keyword("border-box")
        case .width: width = value.sizeValue
        case .height: height = value.sizeValue
        case .minWidth: minWidth = value.sizeValue
        case .minHeight: minHeight = value.sizeValue
        case .maxWidth: maxWidth = value.sizeValue
        case .maxHeight: maxHeight = value.sizeValue
        case .aspectRatio: if case .number(let ratio) = value { aspectRatio = ratio } else { aspectRatio = nil }
        case .marginTop: margin.top = value.lengthPercentageAuto
        case .marginRight: margin.right = value.lengthPercentageAuto
        case .marginBottom: margin.bottom = value.lengthPercentageAuto
        case .marginLeft: margin.left = value.lengthPercentageAuto
        case .paddingTop: padding.top = value.lengthPercentage
        case .paddingRight: padding.right = value.lengthPercentage
        case .paddingBottom: padding.bottom = value.lengthPercentage
        case .paddingLeft: padding.left = value.lengthPercentage
        case .borderTopWidth: border.top = value.px
        case .borderRightWidth: border.right = value.px
        case .borderBottomWidth: border.bottom = value.px
        case .borderLeftWidth: border.left = value.px
        case .flexDirection:
            flexDirection =
                switch value {
                case .keyword("row-reverse"): .rowReverse
                case .keyword("column"): .column
                case .keyword("column-reverse"): .columnReverse
                default: .row
                }
        case .flexWrap:
            flexWrap = value == .keyword("wrap") ? .wrap : value == .keyword("wrap-reverse") ? .wrapReverse : .nowrap
        case .flexGrow: flexGrow = value.number
        case .flexShrink: flexShrink = value.number
        case .flexBasis: flexBasis = value.sizeValue
        case .order: order = Int(value.number)
        case .justifyContent: justifyContent = alignment(value, safe: .justifyContent)
        case .alignItems: alignItems = alignment(value, safe: .alignItems)
        case .alignSelf: alignSelf = alignment(value, safe: .alignSelf)
        case .alignContent: alignContent = alignment(value, safe: .alignContent)
        case .rowGap: rowGap = value.lengthPercentage
        case .columnGap: columnGap = value.lengthPercentage
        case .overflowX: overflowX = value.overflow
        case .overflowY: overflowY = value.overflow
        case .direction: direction = value == .keyword("rtl") ? .rtl : .ltr
        // A vertical case reaches the engine transposed, without `writing-mode` (FlexCase+WritingMode.swift).
        case .writingMode: break
        case .justifyItems: justifyItems = value.alignment
        case .justifySelf: justifySelf = value.alignment
        case .gridTemplateColumns: gridTrackColumns = value != .keyword("none")
        case .gridTemplateRows: gridTrackRows = value != .keyword("none")
        case .gridColumnStart: if case .number(let line) = value { gridColumnStart = Int(line) }
        case .gridRowStart: if case .number(let line) = value { gridRowStart = Int(line) }
        }
    }
}

extension CSSValue {
    var px: Double { if case .px(let value) = self { value } else { 0 } }
    var number: Double { if case .number(let value) = self { value } else { 0 } }

    var lengthPercentage: LengthPercentage {
        switch self {
        case .percent(let value): .percent(value)
        default: .px(px)
        }
    }

    var lengthPercentageAuto: LengthPercentageAuto {
        switch self {
        case .px(let value): .px(value)
        case .percent(let value): .percent(value)
        default: .auto
        }
    }

    var sizeValue: SizeValue {
        switch self {
        case .px(let value): .px(value)
        case .percent(let value): .percent(value)
        case .keyword("min-content"): .minContent
        case .keyword("max-content"): .maxContent
        case .keyword("fit-content"): .fitContent
        case .keyword("content"): .content
        default: .auto
        }
    }

    var alignment: Alignment {
        switch self {
        case .keyword("stretch"): .stretch
        case .keyword("flex-start"): .flexStart
        case .keyword("flex-end"): .flexEnd
        case .keyword("start"): .start
        case .keyword("end"): .end
        case .keyword("center"): .center
        case .keyword("baseline"): .baseline
        case .keyword("space-between"): .spaceBetween
        case .keyword("space-around"): .spaceAround
        case .keyword("space-evenly"): .spaceEvenly
        case .keyword("self-start"): .selfStart
        case .keyword("self-end"): .selfEnd
        case .keyword("left"): .left
        case .keyword("right"): .right
        default: .auto
        }
    }

    var overflow: Overflow {
        switch self {
        case .keyword("hidden"): .hidden
        case .keyword("clip"): .clip
        case .keyword("scroll"): .scroll
        default: .visible
        }
    }
}
