import BoxLayout
import LayoutCore

/// One element of a flex case: `{"style": {…}, "id"?: "…", "content"?: {"width": w, "height": h, "measure"?: […]},
/// "children"?: […]}`.
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
    /// The recorded answers of a measured leaf (`content.measure`), replayed instead of `content` by engines that
    /// can (docs/flex-case-format.md "Measure tables"). **Only beside `content`**: without it, it is not written.
    public var measureTable: MeasureTable?
    public var children: [FlexElement]

    public init(
        style: FlexStyle = FlexStyle(), id: String? = nil, content: Size? = nil, measureTable: MeasureTable? = nil,
        children: [FlexElement] = []
    ) {
        self.style = style
        self.id = id
        self.content = content
        self.measureTable = measureTable
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
        let content = try container.decodeIfPresent(ContentForm.self, forKey: .content)
        return FlexElement(
            style: try container.decode(.style, default: FlexStyle()),
            id: try container.decodeIfPresent(String.self, forKey: .id),
            content: content?.size, measureTable: content?.measureTable)
    }

    /// Writes `style` (canonical CSS text) when it gives anything, `id` and `content` when present, `children`
    /// when there are any: the short form that decodes to the same element.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if !style.isEmpty { try container.encode(style, forKey: .style) }
        try container.encodeIfPresent(id, forKey: .id)
        try container.encodeIfPresent(contentForm, forKey: .content)
        if !children.isEmpty { try container.encode(children, forKey: .children) }
    }

    /// `content` as written: the size, and the measure table when there is one.
    var contentForm: ContentForm? { content.map { ContentForm(size: $0, measureTable: measureTable) } }
}

/// The JSON of `content`: `{"width": w, "height": h}` (the form every case without a measure table keeps, byte for
/// byte), or with `"measure": […]`. Unknown keys are errors; sizes are finite and ≥ 0.
struct ContentForm: Codable {
    var size: Size
    var measureTable: MeasureTable?

    enum CodingKeys: String, CodingKey, CaseIterable { case width, height, measure }

    init(size: Size, measureTable: MeasureTable?) {
        self.size = size
        self.measureTable = measureTable
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        let width = try container.decodeFinite(.width)
        let height = try container.decodeFinite(.height)
        guard width >= 0 else { throw container.invalidValue("width must be >= 0, got \(width)", at: .width) }
        guard height >= 0 else { throw container.invalidValue("height must be >= 0, got \(height)", at: .height) }
        size = Size(width: width, height: height)
        measureTable = try container.decodeIfPresent(MeasureTable.self, forKey: .measure)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(size.width, forKey: .width)
        try container.encode(size.height, forKey: .height)
        try container.encodeIfPresent(measureTable, forKey: .measure)
    }
}
