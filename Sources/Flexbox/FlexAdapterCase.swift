import LayoutCore

/// The case as an adapter receives it under `{"op": "layout", "case": …}` (docs/flex-case-format.md, "What
/// adapters receive"): `kind` ("flex", so an adapter can tell it from anything else), `viewport` and `root`, and
/// nothing else (no name, `expect`, `tolerance` or `source`).
/// Every element carries its style twice, as canonical CSS text (`style`) and typed (`values`), so no adapter
/// parses CSS; both list only the properties the case gives. A leaf (an element without children) also carries its
/// `contentOffset` (`ContentOffset`: `[withRoom, withoutRoom]`) where its content does not sit at the start edge, so
/// that no adapter repeats the alignment rule of a content leaf's baseline.
public struct FlexAdapterCase: Encodable, Hashable, Sendable {
    public var viewport: FlexViewport
    public var root: FlexElement

    public init(_ flexCase: FlexCase) {
        viewport = flexCase.viewport
        root = flexCase.root
    }

    enum CodingKeys: String, CodingKey { case kind, viewport, root }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode("flex", forKey: .kind)
        try container.encode(viewport, forKey: .viewport)
        try container.encode(Element(root), forKey: .root)
    }

    /// One element on the wire: `style` and `values` always (`{}` when none are given), `id` and `content` (with its
    /// measure table) when present, `children` when there are any, as in the case.
    struct Element: Encodable {
        var element: FlexElement

        init(_ element: FlexElement) { self.element = element }

        enum CodingKeys: String, CodingKey { case style, values, id, content, children, contentOffset }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(element.style, forKey: .style)
            try container.encode(FlexStyle.TypedValues(style: element.style), forKey: .values)
            try container.encodeIfPresent(element.id, forKey: .id)
            try container.encodeIfPresent(element.contentForm, forKey: .content)
            if element.children.isEmpty {
                let offset = element.contentOffset
                if offset.withRoom != 0 || offset.withoutRoom != 0 {
                    try container.encode([offset.withRoom, offset.withoutRoom], forKey: .contentOffset)
                }
            }
            if !element.children.isEmpty { try container.encode(element.children.map(Element.init), forKey: .children) }
        }
    }
}

extension FlexCase {
    /// This case in the form adapters receive.
    public var adapterCase: FlexAdapterCase { FlexAdapterCase(self) }
}
