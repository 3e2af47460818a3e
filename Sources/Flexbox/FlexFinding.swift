import LayoutCore

/// What a finding (a named cause's minimal case, `golden/flex/findings/<engine>/`) declares beyond the case: the
/// engines it speaks for and the counterfactual that removes its mechanism from any case (docs/causes.md "What a
/// finding declares").
public struct FlexFinding: Codable, Hashable, Sendable {
    /// The engines the finding names causes for, its folder's engine among them; nil is that engine alone.
    public var engines: [String]?
    /// Rules applied in order; nil when the finding only names its signature.
    public var counterfactual: [FlexRewrite]?
    /// Seconds: the finding's mechanism is slowness, the engine gives no answer within its layout limit, and its
    /// counterfactual is the same case given this long (docs/causes.md "How a timeout is judged"); nil for every
    /// other finding. It takes the place of `counterfactual`, which it excludes.
    public var timeLimit: Double?

    public init(engines: [String]? = nil, counterfactual: [FlexRewrite]? = nil, timeLimit: Double? = nil) {
        self.engines = engines
        self.counterfactual = counterfactual
        self.timeLimit = timeLimit
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case engines, counterfactual, timeLimit }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        engines = try container.decodeIfPresent([String].self, forKey: .engines)
        if let engines, engines.isEmpty || engines.contains(where: \.isEmpty) {
            throw container.invalidValue("engines must be non-empty names (or leave the key out)", at: .engines)
        }
        counterfactual = try container.decodeIfPresent([FlexRewrite].self, forKey: .counterfactual)
        if counterfactual?.isEmpty == true {
            throw container.invalidValue("a counterfactual needs at least one rule", at: .counterfactual)
        }
        timeLimit = try container.decodeIfPresent(Double.self, forKey: .timeLimit)
        if let timeLimit, !(timeLimit.isFinite && timeLimit > 0 && timeLimit <= 3600) {
            throw container.invalidValue("a time limit is a number of seconds above 0, at most 3600", at: .timeLimit)
        }
        if timeLimit != nil, counterfactual != nil {
            throw container.invalidValue(
                "a finding of slowness has no counterfactual rules: its counterfactual is the time limit",
                at: .timeLimit)
        }
    }
}

/// One rule of a counterfactual: which elements it changes and how. The changes run in the order `remove`, `fill`,
/// `set`, `asMainSize`, `copy`, `asLeftToRight`, `asLeftToRightOverInsets`, `columnAsLeftToRight`, `asContentBox`,
/// `contentWithinWidth`, `contentWithinMaxWidth`, `contentFillingWidth`, `contentFillingMinWidth`; every value was
/// checked as a case's style is.
public struct FlexRewrite: Codable, Hashable, Sendable {
    /// Which elements a rule may change.
    public enum Elements: String, Codable, CaseIterable, Sendable {
        /// Every element: each one is a flex item, the root of the viewport.
        case all
        case root
        /// Every element but the root.
        case children
        /// Elements with children.
        case containers
        /// Elements without children.
        case leaves
    }

    public var elements: Elements
    /// Values the element's own must equal (a value not given is its initial value); nil matches every element.
    public var `where`: FlexStyle?
    /// The same for the element's parent; the root's parent is the viewport, a row flex container of initial values.
    public var parent: FlexStyle?
    /// The same for one of the element's children at least: an element without children never matches.
    public var child: FlexStyle?
    /// Properties the element must give a value for (any value).
    public var given: [CSSProperty]?
    /// Properties the element must give a percentage for (any percentage).
    public var percentage: [CSSProperty]?
    /// Whether the element must have content (true: a leaf with a content block) or none (false); nil picks either.
    public var content: Bool?
    /// Pairs (first, second) the element must give both as px lengths, the first at most the second (`width` and
    /// `max-width`: the width is the one the max-width lets through).
    public var atMost: [Copy]?
    /// Whether the element must have flex items (true: a child that is neither absolutely positioned nor
    /// `display: none`) or none (false: a leaf, or a container whose children are all out of flow); nil picks either.
    public var items: Bool?
    public var remove: [CSSProperty]?
    /// Given only where the element gives no value.
    public var fill: FlexStyle?
    /// Given whether the element gives a value or not.
    public var set: FlexStyle?
    /// Each given value moves to the element's main size in its parent (`width` in a row, `height` in a column).
    public var asMainSize: [CSSProperty]?
    /// Pairs (from, to): each given value of `from` is given to `to` too, where the element gives `to` no value
    /// (`width` to `min-width`: the element cannot be narrower than its width, however its parent is sized).
    public var copy: [Copy]?
    /// True: a right-to-left row becomes a left-to-right one with its items, its absolutely positioned boxes and its
    /// children's own direction where they were (`FlexRewrite+Direction.swift`); an element it cannot turn so stays.
    public var asLeftToRight: Bool?
    /// True: a right-to-left column becomes a left-to-right one with its items where they were, its cross axis
    /// mirrored by alignment keywords (`FlexRewrite+ColumnDirection.swift`); an element it cannot turn so stays.
    public var columnAsLeftToRight: Bool?
    /// True: as `asLeftToRight`, but only where an absolutely positioned box the row contains gives both `left` and
    /// `right` (which `asLeftToRight` leaves): the box keeps both, so an over-constrained one takes its `left` as in a
    /// left-to-right containing block (the rewrite removes the right-to-left containing block, and that choice with
    /// it).
    public var asLeftToRightOverInsets: Bool?
    /// True: a `box-sizing: border-box` element becomes `content-box` with the same content box: each px size, min
    /// and max size and flex-basis less its padding and border along that axis, not below 0
    /// (`FlexRewrite+BoxSizing.swift`); an element it cannot convert so stays.
    public var asContentBox: Bool?
    /// True: a leaf whose content is wider than the content box of its px width gets content as wide as that
    /// content box, its height kept (`FlexRewrite+Content.swift`); a leaf where that could change CSS's layout stays.
    public var contentWithinWidth: Bool?
    /// True: the same with the element's px `max-width` in place of its width.
    public var contentWithinMaxWidth: Bool?
    /// True: a leaf whose content is narrower than the content box of its px width gets content as wide as that
    /// content box, its height kept, and, as a flex item of a row whose min-width is auto, the automatic minimum
    /// width CSS gave it as its min-width (`FlexRewrite+Content.swift`); a leaf where that could change CSS's layout
    /// stays.
    public var contentFillingWidth: Bool?
    /// True: a leaf whose content is narrower than the content box of its px `min-width` gets content as wide as
    /// that content box, its height kept; a leaf where that could change CSS's layout stays.
    public var contentFillingMinWidth: Bool?

    /// One pair of `copy`: the property whose given value is copied and the one that takes it.
    public struct Copy: Hashable, Sendable {
        public var from: CSSProperty
        public var to: CSSProperty

        public init(from: CSSProperty, to: CSSProperty) {
            self.from = from
            self.to = to
        }
    }

    public init(
        elements: Elements, where condition: FlexStyle? = nil, parent: FlexStyle? = nil, child: FlexStyle? = nil,
        given: [CSSProperty]? = nil, percentage: [CSSProperty]? = nil, content: Bool? = nil, atMost: [Copy]? = nil,
        items: Bool? = nil,
        remove: [CSSProperty]? = nil, fill: FlexStyle? = nil, set: FlexStyle? = nil, asMainSize: [CSSProperty]? = nil,
        copy: [Copy]? = nil, asLeftToRight: Bool? = nil, asContentBox: Bool? = nil, contentWithinWidth: Bool? = nil,
        contentWithinMaxWidth: Bool? = nil, columnAsLeftToRight: Bool? = nil, asLeftToRightOverInsets: Bool? = nil,
        contentFillingWidth: Bool? = nil, contentFillingMinWidth: Bool? = nil
    ) {
        self.elements = elements
        self.where = condition
        self.parent = parent
        self.child = child
        self.given = given
        self.percentage = percentage
        self.content = content
        self.atMost = atMost
        self.items = items
        self.remove = remove
        self.fill = fill
        self.set = set
        self.asMainSize = asMainSize
        self.copy = copy
        self.asLeftToRight = asLeftToRight
        self.columnAsLeftToRight = columnAsLeftToRight
        self.asLeftToRightOverInsets = asLeftToRightOverInsets
        self.asContentBox = asContentBox
        self.contentWithinWidth = contentWithinWidth
        self.contentWithinMaxWidth = contentWithinMaxWidth
        self.contentFillingWidth = contentFillingWidth
        self.contentFillingMinWidth = contentFillingMinWidth
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case elements, `where`, parent, child, given, percentage, content, items, remove, fill, set, asMainSize, copy
        case asLeftToRight, asContentBox, contentWithinWidth, contentWithinMaxWidth, atMost, columnAsLeftToRight
        case asLeftToRightOverInsets, contentFillingWidth, contentFillingMinWidth
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        let name = try container.decode(String.self, forKey: .elements)
        guard let elements = Elements(rawValue: name) else {
            let allowed = Elements.allCases.map(\.rawValue).joined(separator: ", ")
            throw container.invalidValue("unknown elements '\(name)' (allowed: \(allowed))", at: .elements)
        }
        self.elements = elements
        self.where = try container.decodeIfPresent(FlexStyle.self, forKey: .where)
        parent = try container.decodeIfPresent(FlexStyle.self, forKey: .parent)
        child = try container.decodeIfPresent(FlexStyle.self, forKey: .child)
        fill = try container.decodeIfPresent(FlexStyle.self, forKey: .fill)
        set = try container.decodeIfPresent(FlexStyle.self, forKey: .set)
        content = try container.decodeIfPresent(Bool.self, forKey: .content)
        asLeftToRight = try container.decodeIfPresent(Bool.self, forKey: .asLeftToRight)
        columnAsLeftToRight = try container.decodeIfPresent(Bool.self, forKey: .columnAsLeftToRight)
        asLeftToRightOverInsets = try container.decodeIfPresent(Bool.self, forKey: .asLeftToRightOverInsets)
        asContentBox = try container.decodeIfPresent(Bool.self, forKey: .asContentBox)
        contentWithinWidth = try container.decodeIfPresent(Bool.self, forKey: .contentWithinWidth)
        contentWithinMaxWidth = try container.decodeIfPresent(Bool.self, forKey: .contentWithinMaxWidth)
        contentFillingWidth = try container.decodeIfPresent(Bool.self, forKey: .contentFillingWidth)
        contentFillingMinWidth = try container.decodeIfPresent(Bool.self, forKey: .contentFillingMinWidth)
        items = try container.decodeIfPresent(Bool.self, forKey: .items)
        func properties(_ key: CodingKeys) throws -> [CSSProperty]? {
            guard let names = try container.decodeIfPresent([String].self, forKey: key) else { return nil }
            return try names.map { name in
                guard let property = CSSProperty(rawValue: name) else {
                    throw container.invalidValue(CSSProperty.unknownMessage(for: name), at: key)
                }
                return property
            }
        }
        given = try properties(.given)
        percentage = try properties(.percentage)
        remove = try properties(.remove)
        asMainSize = try properties(.asMainSize)
        func pairs(_ key: CodingKeys) throws -> [Copy]? {
            guard let pairs = try container.decodeIfPresent([String: String].self, forKey: key) else { return nil }
            return try pairs.sorted { $0.key < $1.key }.map { from, to in
                for name in [from, to] where CSSProperty(rawValue: name) == nil {
                    throw container.invalidValue(CSSProperty.unknownMessage(for: name), at: key)
                }
                return Copy(from: CSSProperty(rawValue: from)!, to: CSSProperty(rawValue: to)!)
            }
        }
        copy = try pairs(.copy)
        atMost = try pairs(.atMost)
        guard
            remove != nil || fill != nil || set != nil || asMainSize != nil || copy != nil || asLeftToRight == true
                || columnAsLeftToRight == true || asLeftToRightOverInsets == true || asContentBox == true
                || contentWithinWidth == true || contentWithinMaxWidth == true || contentFillingWidth == true
                || contentFillingMinWidth == true
        else {
            throw container.invalidValue(
                "a rule changes something: remove, fill, set, asMainSize, copy, asLeftToRight, "
                    + "asLeftToRightOverInsets, columnAsLeftToRight, asContentBox, contentWithinWidth, "
                    + "contentWithinMaxWidth, contentFillingWidth or contentFillingMinWidth",
                at: .elements)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(elements.rawValue, forKey: .elements)
        try container.encodeIfPresent(self.where, forKey: .where)
        try container.encodeIfPresent(parent, forKey: .parent)
        try container.encodeIfPresent(child, forKey: .child)
        try container.encodeIfPresent(given?.map(\.rawValue), forKey: .given)
        try container.encodeIfPresent(percentage?.map(\.rawValue), forKey: .percentage)
        try container.encodeIfPresent(content, forKey: .content)
        try container.encodeIfPresent(
            atMost.map { Dictionary(uniqueKeysWithValues: $0.map { ($0.from.rawValue, $0.to.rawValue) }) },
            forKey: .atMost)
        try container.encodeIfPresent(items, forKey: .items)
        try container.encodeIfPresent(remove?.map(\.rawValue), forKey: .remove)
        try container.encodeIfPresent(fill, forKey: .fill)
        try container.encodeIfPresent(set, forKey: .set)
        try container.encodeIfPresent(asMainSize?.map(\.rawValue), forKey: .asMainSize)
        try container.encodeIfPresent(
            copy.map { Dictionary(uniqueKeysWithValues: $0.map { ($0.from.rawValue, $0.to.rawValue) }) },
            forKey: .copy)
        try container.encodeIfPresent(asLeftToRight, forKey: .asLeftToRight)
        try container.encodeIfPresent(asLeftToRightOverInsets, forKey: .asLeftToRightOverInsets)
        try container.encodeIfPresent(columnAsLeftToRight, forKey: .columnAsLeftToRight)
        try container.encodeIfPresent(asContentBox, forKey: .asContentBox)
        try container.encodeIfPresent(contentWithinWidth, forKey: .contentWithinWidth)
        try container.encodeIfPresent(contentWithinMaxWidth, forKey: .contentWithinMaxWidth)
        try container.encodeIfPresent(contentFillingWidth, forKey: .contentFillingWidth)
        try container.encodeIfPresent(contentFillingMinWidth, forKey: .contentFillingMinWidth)
    }

    /// `flexCase` with the rule applied to every element it picks. The conditions read the case as it was before
    /// the rule, so one element's change never decides whether another is picked.
    public func applied(to flexCase: FlexCase) -> FlexCase {
        var rewritten = flexCase
        let root = flexCase.root
        for path in root.preorderPaths {
            let element = root.element(at: path)
            let parentStyle = path.isEmpty ? FlexStyle() : root.element(at: Array(path.dropLast())).style
            guard picks(element, isRoot: path.isEmpty), Self.matches(element.style, self.where),
                Self.matches(parentStyle, parent),
                child.map({ condition in element.children.contains { Self.matches($0.style, condition) } }) ?? true,
                (given ?? []).allSatisfy({ element.style[$0] != nil }),
                (percentage ?? []).allSatisfy({ Self.isPercentage(element.style[$0]) }),
                content.map({ $0 == (element.content != nil) }) ?? true,
                (atMost ?? []).allSatisfy({ Self.isAtMost(element.style[$0.from], element.style[$0.to]) }),
                items.map({ $0 == Self.hasItems(element) }) ?? true
            else { continue }
            let mainSize: CSSProperty =
                parentStyle.value(of: .flexDirection) == .keyword("column")
                    || parentStyle.value(of: .flexDirection) == .keyword("column-reverse") ? .height : .width
            rewritten.root.update(path) { element in
                var style = element.style
                // Every value was checked when the rule or the case was read, so `set` cannot throw here.
                for property in remove ?? [] { try? style.set(property, to: nil) }
                for (property, value) in fill ?? FlexStyle() where style[property] == nil {
                    try? style.set(property, to: value)
                }
                for (property, value) in set ?? FlexStyle() { try? style.set(property, to: value) }
                for property in asMainSize ?? [] {
                    guard let value = style[property] else { continue }
                    try? style.set(property, to: nil)
                    // A value the main size's grammar refuses (`flex-basis: content`) leaves the main size as it was.
                    try? style.set(mainSize, to: value)
                }
                // A value the target's grammar refuses leaves the target as it was.
                for pair in copy ?? [] where style[pair.to] == nil {
                    guard let value = style[pair.from] else { continue }
                    try? style.set(pair.to, to: value)
                }
                element.style = style
            }
            if asLeftToRight == true { rewritten.root = Self.turnedLeftToRight(rewritten.root, at: path) }
            if asLeftToRightOverInsets == true {
                rewritten.root = Self.turnedLeftToRight(rewritten.root, at: path, overInsets: true)
            }
            if columnAsLeftToRight == true {
                rewritten.root = Self.turnedColumnLeftToRight(rewritten.root, at: path)
            }
            if asContentBox == true { rewritten.root = Self.convertedToContentBox(rewritten.root, at: path) }
            if contentWithinWidth == true {
                rewritten.root = Self.contentKept(within: .width, rewritten.root, at: path)
            }
            if contentWithinMaxWidth == true {
                rewritten.root = Self.contentKept(within: .maxWidth, rewritten.root, at: path)
            }
            if contentFillingWidth == true { rewritten.root = Self.contentFilled(to: .width, rewritten.root, at: path) }
            if contentFillingMinWidth == true {
                rewritten.root = Self.contentFilled(to: .minWidth, rewritten.root, at: path)
            }
        }
        return rewritten
    }

    func picks(_ element: FlexElement, isRoot: Bool) -> Bool {
        switch elements {
        case .all: true
        case .root: isRoot
        case .children: !isRoot
        case .containers: !element.children.isEmpty
        case .leaves: element.children.isEmpty
        }
    }

    static func isAtMost(_ first: CSSValue?, _ second: CSSValue?) -> Bool {
        if case .px(let first) = first, case .px(let second) = second { first <= second } else { false }
    }

    /// Whether one of the element's children is a flex item: neither absolutely positioned nor `display: none`.
    static func hasItems(_ element: FlexElement) -> Bool {
        element.children.contains {
            $0.style.value(of: .position) != .keyword("absolute") && $0.style.value(of: .display) != .keyword("none")
        }
    }

    static func isPercentage(_ value: CSSValue?) -> Bool {
        if case .percent = value { true } else { false }
    }

    static func matches(_ style: FlexStyle, _ condition: FlexStyle?) -> Bool {
        guard let condition else { return true }
        return condition.allSatisfy { property, value in style.value(of: property) == value }
    }
}

extension Array where Element == FlexRewrite {
    /// `flexCase` with every rule applied in order.
    public func applied(to flexCase: FlexCase) -> FlexCase {
        reduce(flexCase) { $1.applied(to: $0) }
    }
}
