import RistrettoKit

/// A toy layout engine: the root lays its children out in a row or a column, each child at the end of the one
/// before. Everything else is refused with the JSON path of what it cannot express, so the suite skips those cases
/// instead of failing them.
///
/// What it expresses: a root with `width` and `height` in px or auto (auto: the size of its children, as the case's
/// viewport, a row flex container, gives it) and `flex-direction: row | column`; children without children of
/// their own, each either fixed (`width` and `height` in px, nothing else) or a content leaf (its `content` size and
/// no style, stretched across the row or column), that fit in the root and the root in the viewport (the toy engine
/// never shrinks).
public struct ToyEngine: InProcessLayoutEngine {
    public let name = "toy"

    public init() {}

    public func info() throws -> EngineInfo {
        EngineInfo(name: name, version: "0.1 (Examples/JudgeYourEngine)", timing: "in process; the whole layout call")
    }

    public func layout(_ flexCase: FlexCase) throws -> [PeerFrame] {
        let root = flexCase.root
        // 1. Check that the toy engine can express the case; refuse the first thing it cannot.
        for (property, _) in root.style where ![.width, .height, .flexDirection].contains(property) {
            throw LayoutRefusal("$.root.style.\(property.rawValue): the toy engine does not support it")
        }
        guard root.content == nil else { throw LayoutRefusal("$.root.content: the toy engine has no content leaves") }
        let isRow: Bool
        switch root.style.value(of: .flexDirection) {
        case .keyword("row"): isRow = true
        case .keyword("column"): isRow = false
        case let other: throw LayoutRefusal("$.root.style.flex-direction: \(other.cssText) is not supported")
        }
        let children = try root.children.enumerated().map { index, child in try Self.child(child, index: index) }
        // 2. The root's size: its own, or its children's (their sum along the row or column, the largest across).
        let along = children.reduce(0) { $0 + (isRow ? $1.size.width : $1.size.height) }
        let across = children.map { isRow ? $0.size.height : $0.size.width }.max() ?? 0
        let width = try Self.px(root.style[.width], at: "$.root.style.width") ?? (isRow ? along : across)
        let height = try Self.px(root.style[.height], at: "$.root.style.height") ?? (isRow ? across : along)
        guard along <= (isRow ? width : height), flexCase.viewport.width.map({ width <= $0 }) ?? true else {
            throw LayoutRefusal("$.root.children: they overflow, and the toy engine does not shrink")
        }
        // 3. Place each child at the end of the one before; a content leaf stretches across the row or column.
        var frames = [PeerFrame(path: [], id: root.id, frame: Rect(x: 0, y: 0, width: width, height: height))]
        var offset = 0.0
        for (index, (element, child)) in zip(root.children, children).enumerated() {
            var size = child.size
            if child.stretches {
                if isRow { size.height = height } else { size.width = width }
            }
            let origin = isRow ? Point(x: offset, y: 0) : Point(x: 0, y: offset)
            frames.append(PeerFrame(path: [index], id: element.id, frame: Rect(origin: origin, size: size)))
            offset += isRow ? size.width : size.height
        }
        return frames
    }

    /// A child's size before stretching, and whether it stretches: a fixed child's px width and height, or a content
    /// leaf's content; anything else is refused.
    static func child(_ element: FlexElement, index: Int) throws -> (size: Size, stretches: Bool) {
        let path = "$.root.children[\(index)]"
        guard element.children.isEmpty else {
            throw LayoutRefusal("\(path).children: the toy engine lays out leaves only")
        }
        if let content = element.content {
            guard element.style.isEmpty, element.measureTable == nil else {
                throw LayoutRefusal("\(path): the toy engine takes a content leaf without style or measure table only")
            }
            return (content, true)
        }
        for (property, _) in element.style where property != .width && property != .height {
            throw LayoutRefusal("\(path).style.\(property.rawValue): the toy engine does not support it")
        }
        guard let width = try px(element.style[.width], at: path + ".style.width"),
            let height = try px(element.style[.height], at: path + ".style.height")
        else { throw LayoutRefusal("\(path).style: the toy engine needs a width and a height in px") }
        return (Size(width: width, height: height), false)
    }

    /// A length in px, nil when not given; any other unit is refused.
    static func px(_ value: CSSValue?, at path: String) throws -> Double? {
        switch value {
        case nil: return nil
        case .px(let length): return length
        case let other?: throw LayoutRefusal("\(path): \(other.cssText) is not a length in px")
        }
    }
}
