import LayoutCore

extension BoxNode: Codable {
    /// A decoder `userInfo` key whose `Int` value lowers the nesting limit below `maximumDepth`.
    public static let depthLimitKey = CodingUserInfoKey(rawValue: "BoxNode.depthLimit")!

    enum CodingKeys: String, CodingKey, CaseIterable {
        case type, id, width, height, margin, alignment, flowEnding, activated
        case padding, justifyContent, children
        case space, format, reverse
        case arrange, itemSpace, runSpace, runFormat, runRowSize
        case content, text, fontSize
    }

    /// The keys every type accepts.
    static let measureKeys: Set<CodingKeys> = [
        .type, .id, .width, .height, .margin, .alignment, .flowEnding, .activated,
    ]

    /// The keys that apply to `type`; any other key is an error naming the type.
    static func allowedKeys(for type: BoxNodeType) -> Set<CodingKeys> {
        let container: Set<CodingKeys> = [.padding, .justifyContent, .children]
        let linear: Set<CodingKeys> = [.space, .format, .reverse]
        let flow: Set<CodingKeys> = [.arrange, .itemSpace, .runSpace, .runFormat, .runRowSize]
        switch type {
        case .hbox, .vbox: return measureKeys.union(container).union(linear)
        case .hflow, .vflow: return measureKeys.union(container).union(linear).union(flow)
        case .zbox: return measureKeys.union(container)
        case .leaf: return measureKeys.union([.content, .text, .fontSize])
        }
    }

    /// Strict decoding: unknown keys, keys that do not apply to the type, negative lengths where a length must
    /// be ≥ 0, and nesting deeper than `maximumDepth` are errors carrying the JSON path.
    public init(from decoder: any Decoder) throws {
        // 1. Refuse deep nesting before decoding anything below.
        try decoder.checkNestingDepth(limit: decoder.userInfo[BoxNode.depthLimitKey] as? Int ?? BoxNode.maximumDepth)
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        // 2. Everything but the children, in a helper so the recursive frame stays small.
        self = try BoxNode.decodeProperties(container)
        // 3. The children, recursively.
        children = try container.decode(.children, default: [])
    }

    /// Decodes every key except `children`.
    private static func decodeProperties(_ container: KeyedDecodingContainer<CodingKeys>) throws -> BoxNode {
        let typeName = try container.decode(String.self, forKey: .type)
        guard let type = BoxNodeType(rawValue: typeName) else {
            throw container.invalidValue(
                "unknown node type '\(typeName)' (allowed: \(BoxNodeType.allCases.map(\.rawValue).joined(separator: ", ")))",
                at: .type)
        }
        // Keys of another type are mistakes, not silently ignored.
        let allowed = BoxNode.allowedKeys(for: type)
        if let misplaced = CodingKeys.allCases.first(where: { container.contains($0) && !allowed.contains($0) }) {
            throw container.invalidValue("'\(misplaced.rawValue)' does not apply to a \(type.rawValue)", at: misplaced)
        }
        var node = BoxNode(type: type)
        try node.decodeMeasure(container)
        try node.decodeRegulator(container)
        try node.decodeLeaf(container)
        return node
    }

    private mutating func decodeMeasure(_ container: KeyedDecodingContainer<CodingKeys>) throws {
        id = try container.decodeIfPresent(String.self, forKey: .id)
        width = try container.decode(.width, default: .wrap())
        height = try container.decode(.height, default: .wrap())
        margin = try container.decode(.margin, default: .zero)
        alignment = try container.decode(.alignment, default: .idle)
        flowEnding = try container.decode(.flowEnding, default: false)
        activated = try container.decode(.activated, default: true)
    }

    private mutating func decodeRegulator(_ container: KeyedDecodingContainer<CodingKeys>) throws {
        padding = try container.decode(.padding, default: .zero)
        justifyContent = try container.decodeIfPresent(BoxAlignment.self, forKey: .justifyContent)
        space = try container.decodeFiniteIfPresent(.space) ?? 0
        format = try container.decode(.format, default: .leading)
        reverse = try container.decode(.reverse, default: false)
        let arrangeValue = try container.decodeNonNegative(.arrange, default: 0)
        guard arrangeValue == arrangeValue.rounded(), arrangeValue <= 1e9 else {
            throw container.invalidValue("arrange must be a whole number of items, got \(arrangeValue)", at: .arrange)
        }
        arrange = Int(arrangeValue)
        itemSpace = try container.decodeFiniteIfPresent(.itemSpace)
        runSpace = try container.decodeFiniteIfPresent(.runSpace)
        runFormat = try container.decode(.runFormat, default: .leading)
        runRowSize = try container.decode(.runRowSize, default: BoxNode.defaultRunRowSize)
    }

    /// The leaf content: a natural size or a text, not both.
    private mutating func decodeLeaf(_ container: KeyedDecodingContainer<CodingKeys>) throws {
        content = try container.decodeIfPresent(Size.self, forKey: .content)
        text = try container.decodeIfPresent(String.self, forKey: .text)
        fontSize = try container.decodeFiniteIfPresent(.fontSize)
        if content != nil, text != nil {
            throw container.invalidValue("a leaf has either 'content' or 'text', not both", at: .text)
        }
        if let fontSize, fontSize <= 0 || text == nil {
            throw container.invalidValue(
                text == nil ? "'fontSize' needs a 'text'" : "fontSize must be > 0, got \(fontSize)", at: .fontSize)
        }
    }

    /// Writes only the keys that differ from their defaults and apply to the type, so files stay short and
    /// always decode again.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        let allowed = BoxNode.allowedKeys(for: type)
        try container.encode(type, forKey: .type)
        try container.encodeIfPresent(id, forKey: .id)
        if allowed.contains(.width), width != .wrap() { try container.encode(width, forKey: .width) }
        if allowed.contains(.height), height != .wrap() { try container.encode(height, forKey: .height) }
        if allowed.contains(.margin), margin != .zero { try container.encode(margin, forKey: .margin) }
        if allowed.contains(.alignment), alignment != .idle { try container.encode(alignment, forKey: .alignment) }
        if allowed.contains(.flowEnding), flowEnding { try container.encode(flowEnding, forKey: .flowEnding) }
        if allowed.contains(.activated), !activated { try container.encode(activated, forKey: .activated) }
        if allowed.contains(.padding), padding != .zero { try container.encode(padding, forKey: .padding) }
        if allowed.contains(.justifyContent) { try container.encodeIfPresent(justifyContent, forKey: .justifyContent) }
        if allowed.contains(.space), space != 0 { try container.encode(space, forKey: .space) }
        if allowed.contains(.format), format != .leading { try container.encode(format, forKey: .format) }
        if allowed.contains(.reverse), reverse { try container.encode(reverse, forKey: .reverse) }
        if allowed.contains(.arrange), arrange != 0 { try container.encode(arrange, forKey: .arrange) }
        if allowed.contains(.itemSpace) { try container.encodeIfPresent(itemSpace, forKey: .itemSpace) }
        if allowed.contains(.runSpace) { try container.encodeIfPresent(runSpace, forKey: .runSpace) }
        if allowed.contains(.runFormat), runFormat != .leading { try container.encode(runFormat, forKey: .runFormat) }
        if allowed.contains(.runRowSize), runRowSize != BoxNode.defaultRunRowSize {
            try container.encode(runRowSize, forKey: .runRowSize)
        }
        if allowed.contains(.content) { try container.encodeIfPresent(content, forKey: .content) }
        if allowed.contains(.text) { try container.encodeIfPresent(text, forKey: .text) }
        if allowed.contains(.fontSize) { try container.encodeIfPresent(fontSize, forKey: .fontSize) }
        if allowed.contains(.children), !children.isEmpty { try container.encode(children, forKey: .children) }
    }
}
