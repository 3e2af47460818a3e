import FlexLayout
import LayoutCore

/// The writing modes of the vocabulary (`writing-mode`): horizontal-tb, or vertical with blocks stacked left to
/// right (`vertical-lr`) or right to left (`vertical-rl`). In both vertical modes lines run top to bottom
/// (`direction: rtl`: bottom to top).
public enum WritingMode: String, Sendable, Hashable {
    case horizontalTB = "horizontal-tb"
    case verticalLR = "vertical-lr"
    case verticalRL = "vertical-rl"

    init(_ value: CSSValue) {
        self =
            value == .keyword("vertical-lr")
            ? .verticalLR : value == .keyword("vertical-rl") ? .verticalRL : .horizontalTB
    }

    /// The physical side each side of the transposed layout stands for, in `[top, right, bottom, left]` order:
    /// the transposed top is the block-start side (left in vertical-lr, right in vertical-rl) and the transposed
    /// left the inline-start side before `direction` (the top).
    var transposedSides: [Int] {
        switch self {
        case .horizontalTB: [0, 1, 2, 3]
        case .verticalLR: [3, 2, 1, 0]
        case .verticalRL: [1, 2, 3, 0]
        }
    }
}

extension WritingMode {
    /// Lays an engine built from a case of this mode (transposed if vertical) out in the case's viewport of
    /// `width` × `height` (nil: max-content). On the mode alone, so that a timed loop holds no tree.
    @inline(__always) public func layout(_ engine: FlexLayoutEngine, width: Double?, height: Double?) {
        if self == .horizontalTB {
            engine.layout(viewportWidth: width, viewportHeight: height)
        } else {
            engine.layout(viewportWidth: height, viewportHeight: width)
        }
    }

    /// A size as the other side states it: a leaf's content for the engine, or the engine's root size for the
    /// case (width and height swap in a vertical case, both ways).
    @inline(__always) public func size(_ size: Size) -> Size {
        self == .horizontalTB ? size : Size(width: size.height, height: size.width)
    }
}

/// How a case reaches the flex engine, which lays out horizontal-tb only: a horizontal case as it is; a vertical
/// one transposed (`FlexCase.transposed()`), its viewport and content sizes swapped on the way in and its frames
/// swapped back (`physicalFrames`) on the way out (docs/flex-engine.md "Vertical writing modes").
public struct FlexLayoutPlan: Sendable {
    public let writingMode: WritingMode
    /// The tree the engine lays out: the case's, or its transposition's.
    public let root: FlexLayoutNode

    /// Lays `engine` (built from `root`) out in the case's viewport of `width` × `height` (nil: max-content).
    public func layout(_ engine: FlexLayoutEngine, width: Double?, height: Double?) {
        writingMode.layout(engine, width: width, height: height)
    }

    /// A size as the other side states it (`WritingMode.size`).
    public func size(_ size: Size) -> Size { writingMode.size(size) }

    /// The case's frames from the engine's (pre-order, paths from the root).
    public func frames(of engine: FlexLayoutEngine) -> [(path: [Int], id: String?, frame: Rect)] {
        let frames = engine.frameList()
        guard writingMode != .horizontalTB else { return frames }
        let physical = Self.physicalFrames(frames.map { ($0.path, $0.frame) }, writingMode: writingMode)
        return zip(frames, physical).map { ($0.path, $0.id, $1) }
    }

    /// The physical frames of a vertical layout from its transposition's frames (displayed elements in pre-order,
    /// each relative to its parent's border box): x and y, width and height swap; in `vertical-rl` each element
    /// but the root is then mirrored inside its parent's border box (x = parent's width − x − width), since its
    /// blocks stack from the right. The root sits in the horizontal viewport and is not mirrored.
    static func physicalFrames(_ frames: [(path: [Int], frame: Rect)], writingMode: WritingMode) -> [Rect] {
        var widths: [[Int]: Double] = [:]
        return frames.map { path, transposed in
            var frame = Rect(
                x: transposed.y, y: transposed.x, width: transposed.height, height: transposed.width)
            if writingMode == .verticalRL, !path.isEmpty, let parentWidth = widths[Array(path.dropLast())] {
                frame.origin.x = parentWidth - frame.x - frame.width
            }
            widths[path] = frame.width
            return frame
        }
    }
}

extension FlexCase {
    /// The case as the engine lays it out: the tree, transposed when the case is vertical.
    /// - Throws: `CaseError` at the JSON path of what the reference does not lay out: a vertical case it cannot
    ///   transpose (`verticalRefusal`) or a grid item outside the one cell.
    public func layoutPlan() throws(CaseError) -> FlexLayoutPlan {
        let mode = WritingMode(root.style.value(of: .writingMode))
        if mode == .horizontalTB {
            if let refusal = writingModeRefusal() { throw refusal.error }
            return FlexLayoutPlan(writingMode: mode, root: try root.layoutNode(path: "$.root"))
        }
        let transposed = try self.transposed()
        return FlexLayoutPlan(writingMode: mode, root: try transposed.root.layoutNode(path: "$.root"))
    }

    /// The horizontal-tb case whose layout is this vertical case's, transposed: every element's physical sizes,
    /// margins, paddings, borders, insets and overflows swap axes, its content's width and height swap, and so do
    /// the viewport's. The sides map as `WritingMode.transposedSides` says, under the parent's writing mode for
    /// margins and insets (the horizontal viewport's for the root: its sides only swap) and under its own for
    /// paddings and borders. `aspect-ratio` becomes its inverse; the flex, alignment, gap, `direction` and grid
    /// properties are logical and stay. A horizontal case is returned as it is.
    /// - Throws: `CaseError` at the JSON path of what the transposition would not lay out as CSS does
    ///   (`verticalRefusal`).
    public func transposed() throws(CaseError) -> FlexCase {
        let mode = WritingMode(root.style.value(of: .writingMode))
        guard mode != .horizontalTB else { return self }
        if let refusal = writingModeRefusal() { throw refusal.error }
        var result = self
        result.viewport = FlexViewport(width: viewport.height, height: viewport.width)
        result.root = try FlexCase.transpose(root, mode: mode, parentMode: .verticalLR, path: "$.root")
        result.expect = nil
        result.answers = nil
        return result
    }

    /// Why the reference does not lay out this case's writing modes, or nil: `orthogonalFlow` where an element's
    /// writing mode differs from its parent's, or a vertical root's size would be an orthogonal flow's in the
    /// horizontal viewport (CSS Writing Modes 3 §7.3); otherwise what the transposition does not follow (a
    /// baseline, a measure table, an absolutely positioned element placed against the viewport in vertical-rl).
    public func writingModeRefusal() -> (orthogonalFlow: Bool, error: CaseError)? {
        let mode = WritingMode(root.style.value(of: .writingMode))
        do {
            if mode != .horizontalTB { try checkVerticalRoot() }
            try FlexCase.checkOneWritingMode(root, mode: mode, path: "$.root")
            if mode == .verticalRL { try FlexCase.checkContainingBlocks(root, path: "$.root") }
            return nil
        } catch {
            return (error.orthogonalFlow, error.error)
        }
    }

    /// A refusal of `writingModeRefusal()`.
    struct WritingModeError: Error {
        var orthogonalFlow: Bool
        var error: CaseError
    }

    /// The root of a vertical case is an orthogonal flow in the horizontal viewport, where CSS sizes it by rules
    /// (CSS Writing Modes 3 §7.3) that a transposition does not follow. The reference lays it out where those rules
    /// do not come in: a definite size in both axes, no flexing in the viewport, and margins and paddings that do
    /// not depend on which of the viewport's sizes is its inline size.
    func checkVerticalRoot() throws(WritingModeError) {
        let style = root.style
        func refuse(_ property: CSSProperty, _ message: String) -> WritingModeError {
            WritingModeError(
                orthogonalFlow: true, error: CaseError(path: "$.root.style.\(property.rawValue)", message: message))
        }
        for property in [CSSProperty.width, .height] {
            guard case .px = style.value(of: property) else {
                throw refuse(
                    property,
                    "a vertical root is an orthogonal flow in the horizontal viewport: the reference lays it out "
                        + "at a definite size only (a length), got \(style.value(of: property).cssText)")
            }
        }
        for property in [CSSProperty.flexGrow, .flexShrink] where style.value(of: property) != .number(0) {
            throw refuse(
                property, "a vertical root is laid out only where it neither grows nor shrinks in the viewport (0)")
        }
        let alignSelf = style.value(of: .alignSelf)
        guard ["auto", "stretch", "flex-start", "start"].map(CSSValue.keyword).contains(alignSelf) else {
            throw refuse(
                .alignSelf, "a vertical root is laid out only at the viewport's start, got \(alignSelf.cssText)")
        }
        let sides: [CSSProperty] = [
            .marginTop, .marginRight, .marginBottom, .marginLeft, .paddingTop, .paddingRight, .paddingBottom,
            .paddingLeft,
        ]
        for property in sides {
            if case .percent = style.value(of: property) {
                throw refuse(
                    property,
                    "a vertical root's percentage margins and paddings resolve against the horizontal viewport's "
                        + "width, which the transposition does not keep")
            }
        }
    }

    /// Every displayed element of `element`'s subtree is in `mode`, and none aligns to a baseline (the reference
    /// synthesizes horizontal baselines only) or replays a measure table (its modes are physical).
    static func checkOneWritingMode(_ element: FlexElement, mode: WritingMode, path: String)
        throws(WritingModeError)
    {
        func refuse(orthogonalFlow: Bool = false, _ path: String, _ message: String) -> WritingModeError {
            WritingModeError(orthogonalFlow: orthogonalFlow, error: CaseError(path: path, message: message))
        }
        var pending: [(element: FlexElement, path: String)] = [(element, path)]
        while let (element, path) = pending.popLast() {
            let style = element.style
            if style.value(of: .display) == .keyword("none") { continue }
            if let own = style[.writingMode], WritingMode(own) != mode {
                throw refuse(
                    orthogonalFlow: true, "\(path).style.writing-mode",
                    "the reference lays out one writing mode throughout: \(own.cssText) inside "
                        + "\(mode.rawValue) is an orthogonal flow or a flipped block axis")
            }
            if mode != .horizontalTB {
                for property in [CSSProperty.alignItems, .alignSelf]
                where style.value(of: property) == .keyword("baseline") {
                    throw refuse(
                        "\(path).style.\(property.rawValue)",
                        "the reference aligns baselines in horizontal-tb only, not in \(mode.rawValue)")
                }
                if element.measureTable != nil {
                    throw refuse(
                        "\(path).content.measure",
                        "a measure table's modes are physical: the reference replays it in horizontal-tb only")
                }
            }
            for (index, child) in element.children.enumerated() {
                pending.append((child, "\(path).children[\(index)]"))
            }
        }
    }

    /// In `vertical-rl` the transposition is mirrored inside each parent, which is right for an absolutely
    /// positioned element only when its containing block is inside the case: with no positioned ancestor, it is
    /// the horizontal viewport, which is not mirrored.
    static func checkContainingBlocks(_ root: FlexElement, path: String) throws(WritingModeError) {
        var pending: [(element: FlexElement, path: String, positioned: Bool)] = [(root, path, false)]
        while let (element, path, positioned) = pending.popLast() {
            let position = element.style.value(of: .position)
            if path != "$.root", position == .keyword("absolute"), !positioned {
                throw WritingModeError(
                    orthogonalFlow: false,
                    error: CaseError(
                        path: "\(path).style.position",
                        message: "in vertical-rl the reference places an absolutely positioned element only inside a "
                            + "positioned ancestor, not against the horizontal viewport"))
            }
            let positionsChildren = positioned || position != .keyword("static")
            for (index, child) in element.children.enumerated() {
                pending.append((child, "\(path).children[\(index)]", positionsChildren))
            }
        }
    }

    /// `element` and its subtree transposed (`transposed()`), `parentMode` placing its margins and insets.
    static func transpose(_ element: FlexElement, mode: WritingMode, parentMode: WritingMode, path: String)
        throws(CaseError) -> FlexElement
    {
        var result = element
        result.style = try transpose(element.style, mode: mode, parentMode: parentMode, path: path)
        result.content = element.content.map { Size(width: $0.height, height: $0.width) }
        result.children = []
        for (index, child) in element.children.enumerated() {
            result.children.append(
                try transpose(child, mode: mode, parentMode: mode, path: "\(path).children[\(index)]"))
        }
        return result
    }

    static func transpose(_ style: FlexStyle, mode: WritingMode, parentMode: WritingMode, path: String)
        throws(CaseError) -> FlexStyle
    {
        let pairs: [(CSSProperty, CSSProperty)] = [
            (.width, .height), (.minWidth, .minHeight), (.maxWidth, .maxHeight), (.overflowX, .overflowY),
        ]
        let margins: [CSSProperty] = [.marginTop, .marginRight, .marginBottom, .marginLeft]
        let insets: [CSSProperty] = [.top, .right, .bottom, .left]
        let paddings: [CSSProperty] = [.paddingTop, .paddingRight, .paddingBottom, .paddingLeft]
        let borders: [CSSProperty] = [.borderTopWidth, .borderRightWidth, .borderBottomWidth, .borderLeftWidth]
        var values: [CSSProperty: CSSValue] = [:]
        for (property, value) in style where property != .writingMode { values[property] = value }
        for (a, b) in pairs {
            values[a] = style[b]
            values[b] = style[a]
        }
        for (sides, sideMode) in [(margins, parentMode), (insets, parentMode), (paddings, mode), (borders, mode)] {
            for (side, physical) in zip(sides, sideMode.transposedSides) { values[side] = style[sides[physical]] }
        }
        if case .number(let ratio) = style.value(of: .aspectRatio) { values[.aspectRatio] = .number(1 / ratio) }
        // `left` and `right` are physical wherever the axis is horizontal (CSS Box Alignment 3 §4.1): along a
        // vertical column's main axis, the block axis, they are its start and end sides, which the transposed column
        // (whose `left` and `right` act as start) must say.
        if [CSSValue.keyword("column"), .keyword("column-reverse")].contains(style.value(of: .flexDirection)),
            case .keyword(let justify) = style.value(of: .justifyContent)
        {
            let (left, right) = mode == .verticalRL ? ("end", "start") : ("start", "end")
            let mapped = ["left": left, "right": right, "safe left": "safe " + left, "safe right": "safe " + right]
            if let side = mapped[justify] { values[.justifyContent] = .keyword(side) }
        }
        // Every value is one the style held, under a property of the same grammar; only the inverse ratio is new.
        do {
            return try FlexStyle(values)
        } catch {
            throw CaseError(path: "\(path).style.aspect-ratio", message: "its inverse is not a ratio: \(error.message)")
        }
    }
}
