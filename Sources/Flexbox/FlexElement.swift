import BoxLayout
import LayoutCore

/// One element of a flex case: `{"style": {…}, "id"?: "…", "content"?: {"width": w, "height": h}, "children"?: […]}`.
public struct FlexElement: Hashable, Sendable {
    /// The deepest nesting decoding accepts, the root being depth 0: the same bound as box cases, since box cases
    /// are translated one element per node.
    public static let maximumDepth = BoxNode.maximumDepth
    /// A decoder `userInfo` key whose `Int` value lowers the nesting limit below `maximumDepth`.
    public static let depthLimitKey = CodingUserInfoKey(rawValue: "FlexElement.depthLimit")!

    public var style: FlexStyle
    /// Copied into the element's frame.
    public var id: String?
    /// A leaf's intrinsic content-box size (finite, ≥ 0): its min- and max-content width are `width`, its height
    /// `height` at any width. **Only an element without children has content**; a leaf without it is 0 × 0.
    public var content: Size?
    public var children: [FlexElement]

    public init(style: FlexStyle = FlexStyle(), id: String? = nil, content: Size? = nil, children: [FlexElement] = []) {
        self.style = style
        self.id = id
        self.content = content
        self.children = children
    }

    /// The greatest depth below this element (0 without children), found without recursion.
    public var depth: Int {
        var deepest = 0
        var stack: [(element: FlexElement, depth: Int)] = [(self, 0)]
        while let (element, depth) = stack.popLast() {
            deepest = max(deepest, depth)
            for child in element.children { stack.append((child, depth + 1)) }
        }
        return deepest
    }
}

extension FlexElement: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable { case style, id, content, children }

    /// Strict decoding: unknown keys, bad styles, `content` beside children and nesting deeper than
    /// `maximumDepth` are errors carrying the JSON path.
    public init(from decoder: any Decoder) throws {
        // 1. Refuse deep nesting before decoding anything below.
        try decoder.checkNestingDepth(
            limit: decoder.userInfo[FlexElement.depthLimitKey] as? Int ?? FlexElement.maximumDepth)
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        // 2. Everything but the children, in a helper so the recursive frame stays small.
        self = try FlexElement.decodeProperties(container)
        // 3. The children, recursively; content belongs to leaves only.
        children = try container.decode(.children, default: [])
        if content != nil, !children.isEmpty {
            throw container.invalidValue(
                "'content' is only for an element without children (it has \(children.count))", at: .content)
        }
    }

    private static func decodeProperties(_ container: KeyedDecodingContainer<CodingKeys>) throws -> FlexElement {
        FlexElement(
            style: try container.decode(.style, default: FlexStyle()),
            id: try container.decodeIfPresent(String.self, forKey: .id),
            content: try container.decodeIfPresent(Size.self, forKey: .content))
    }

    /// Writes `style` (canonical CSS text) when it gives anything, `id` and `content` when present, `children`
    /// when there are any: the short form that decodes to the same element.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if !style.isEmpty { try container.encode(style, forKey: .style) }
        try container.encodeIfPresent(id, forKey: .id)
        try container.encodeIfPresent(content, forKey: .content)
        if !children.isEmpty { try container.encode(children, forKey: .children) }
    }
}
