import Engines
import Flexbox
import LayoutCore

/// Which trees a benchmark shape is built as (docs/benchmarks.md "Shape families").
public enum ShapeFamily: String, Hashable, Sendable, Codable, CaseIterable {
    /// The shape written in CSS flexbox (docs/design.md "Benchmark shapes", "In CSS terms"), as a flex case: every
    /// engine reads the same CSS, the reference through its flex engine (FlexLayout). What `ristretto bench`
    /// compares the peers on.
    case flex
    /// The shape as Puyopuyo's boxes: the reference through BoxLayout, the peers through the box → CSS translation
    /// (`BoxToFlex`), whose answers differ where Puyopuyo's and CSS's rules do (a wrap flow root shrinks to its
    /// longest line, 480 wide at flow 200; CSS's is 500). The Puyopuyo figures.
    case box

    /// How tables and notes name `shape` in this family: "flex linear", and "linear" for the box family (its
    /// names predate the flex family).
    public func tableName(of shape: BenchShape) -> String {
        self == .flex ? "flex \(shape.rawValue)" : shape.rawValue
    }
}

extension Workload {
    /// The shape as CSS flexbox, the tree of the flex family (docs/design.md "Benchmark shapes", "In CSS terms").
    /// Only what differs from CSS's initial values is written, so an outside tool builds the same tree from the
    /// description alone:
    /// - linear N: a row with `column-gap`/`row-gap` 4px and `align-items: flex-start`, of N leaves with content
    ///   40 × 20 and every margin 2px; viewport `null` × `null`.
    /// - flow N: a row with `flex-wrap: wrap`, gaps 4px, `align-items` and `align-content` `flex-start`, of N leaves
    ///   40 × 20; viewport 500 wide. **The root is 500 wide** (an auto-width flex item shrinks to the viewport),
    ///   where Puyopuyo's wrap root is as wide as its longest line (480 at N ≥ 11).
    /// - depth D: D + 1 nested rows with `align-items: flex-start`; each of the first D holds 5 leaves 40 × 20 and
    ///   then the next row; the innermost is empty.
    /// - The resize variants (linear, depth): every leaf (and, for depth, every row but the root) `flex-grow: 1`,
    ///   and the root `flex-grow: 1`, so it fills the viewport, W(0) wide. The flow variant is the flow tree under
    ///   W(0).
    public var flexCase: FlexCase {
        let grows = isResizeVariant && shape != .flow
        let grow: [CSSProperty: CSSValue] = grows ? [.flexGrow: .number(1)] : [:]
        let resized =
            isResizeVariant ? " (resize variant, first laid out \(shortestText(resizeWidth(call: 0))) wide)" : ""
        let content = Self.leafContent
        let description: String
        let root: FlexElement
        switch shape {
        case .linear:
            let margins: [CSSProperty: CSSValue] = [
                .marginTop: .px(2), .marginRight: .px(2), .marginBottom: .px(2), .marginLeft: .px(2),
            ]
            let leaf = FlexElement(style: Self.style(margins.merging(grow) { $1 }), content: content)
            root = FlexElement(
                style: Self.style(Self.gaps.merging([.alignItems: .keyword("flex-start")].merging(grow) { $1 }) { $1 }),
                children: Array(repeating: leaf, count: size))
            description = "linear table in CSS: a row of \(size) leaves" + resized
        case .flow:
            let line: [CSSProperty: CSSValue] = [
                .flexWrap: .keyword("wrap"), .alignItems: .keyword("flex-start"), .alignContent: .keyword("flex-start"),
            ]
            root = FlexElement(
                style: Self.style(Self.gaps.merging(line) { $1 }),
                children: Array(repeating: FlexElement(content: content), count: size))
            description = "flow table in CSS: a wrapping row of \(size) leaves in a viewport 500 wide" + resized
        case .depth:
            // Built from the innermost (empty) row outwards: each level holds 5 leaves and then the next row.
            let leaves = Array(repeating: FlexElement(style: Self.style(grow), content: content), count: 5)
            let row = Self.style([.alignItems: .keyword("flex-start")].merging(grow) { $1 })
            var element = FlexElement(style: row)
            for _ in 0..<size { element = FlexElement(style: row, children: leaves + [element]) }
            root = element
            description = "view-depth table in CSS: \(size + 1) nested rows, 5 leaves per level" + resized
        }
        var value = FlexCase(name: name, viewport: FlexViewport(width: proposalWidth, height: nil), root: root)
        value.description = description
        return value
    }

    /// `column-gap` and `row-gap` 4px: CSS's `gap: 4px`, which the format writes as its longhands.
    static let gaps: [CSSProperty: CSSValue] = [.columnGap: .px(4), .rowGap: .px(4)]

    /// A style of values known to be valid (the shapes' own): a value outside its grammar is a bug here.
    static func style(_ values: [CSSProperty: CSSValue]) -> FlexStyle {
        do {
            return try FlexStyle(values)
        } catch {
            preconditionFailure("a benchmark shape's style is invalid: \(error)")
        }
    }
}

extension FlexElement {
    /// Replaces the content of the leaf at `path` (child indices below this element).
    mutating func setContent(_ size: Size, at path: ArraySlice<Int>) {
        guard let index = path.first else {
            content = size
            return
        }
        children[index].setContent(size, at: path.dropFirst())
    }
}
