import Flexbox
import LayoutCore

/// A capture as a flex case (docs/importers.md "yoga-capture"): each node an element whose style is Yoga's defaults
/// written out (Yoga's gentest stylesheet, `HTMLFixtures.yogaBase`) and then the node's own style in CSS longhands,
/// logical edges resolved by the owner direction with Yoga's precedence; each measured leaf a content leaf that
/// replays its recorded measurements (a measure table). What no engine can be told (errata, the point scale
/// factor) goes to `source.import.settings`.
extension YogaCapture {
    /// The candidate of a capture file: one case, named after the file.
    static func candidates(in text: String, input: ImportInput) throws(ImportError) -> [ImportCandidate] {
        let capture = try read(text, file: input.path)
        let name = CaseName.sanitized(input.stem)
        let settings = capture.settings
        let origin = FlexImport(
            format: ImportFormat.yogaCapture.rawValue, file: input.relativePath,
            settings: settings.isEmpty ? nil : settings)
        let outcome: ImportCandidate.Outcome
        do {
            outcome = .complete(try capture.flexCase(name: name), engines: [])
        } catch {
            outcome = .refused(error)
        }
        return [ImportCandidate(name: name, origin: origin, outcome: outcome)]
    }

    /// The case: the available size as the viewport, the tree, and a description; no `expect` (a workload).
    /// - Throws: `ImportRefusal` at the first node (in pre-order) whose style the vocabulary cannot state.
    func flexCase(name: String) throws(ImportRefusal) -> FlexCase {
        var flexCase = FlexCase(
            name: name, viewport: FlexViewport(width: inputs.availableWidth, height: inputs.availableHeight),
            root: try element(tree, path: "$.tree", isRoot: true))
        var (nodes, leaves, records, scrolls) = (0, 0, 0, 0)
        var pending = [flexCase.root]
        while let element = pending.popLast() {
            nodes += 1
            if let table = element.measureTable {
                leaves += 1
                records += table.records.count
            }
            if element.style[.overflowX] == .keyword("scroll") { scrolls += 1 }
            pending.append(contentsOf: element.children)
        }
        func count(_ number: Int, _ noun: String, _ plural: String? = nil) -> String {
            "\(number) " + (number == 1 ? noun : plural ?? noun + "s")
        }
        var description =
            "A layout Yoga captured from an app: \(count(nodes, "node")), \(count(leaves, "measured leaf", "measured leaves")) replaying "
            + "\(count(records, "recorded measurement")) (content.measure). A benchmark workload without expect; "
            + "source.import.settings lists Yoga's configuration, which no engine is given."
        if scrolls > 0 {
            description +=
                " Its \(count(scrolls, "scroll container")) (overflow: scroll) are laid out as CSS lays them out, "
                + "not as Yoga measures their children."
        }
        flexCase.description = description
        return flexCase
    }

    /// One node and its subtree.
    func element(_ node: Node, path: String, isRoot: Bool = false) throws(ImportRefusal) -> FlexElement {
        var element = FlexElement()
        do throws(ImportRefusal) {
            element.style = try style(of: node, isRoot: isRoot)
        } catch {
            throw ImportRefusal(error.reason, "\(path).style: \(error.detail)")
        }
        if let table = Self.measureTable(node.measurements ?? []) {
            element.content = table.answer(width: .undefined, height: .undefined)
            element.measureTable = table
        }
        for (index, child) in node.children.enumerated() {
            element.children.append(try self.element(child, path: "\(path).children[\(index)]"))
        }
        return element
    }

    /// The records as a measure table, a repeated input answered by its first record (as Yoga's benchmark replays
    /// them); nil for none. An axis in `undefined` mode keeps no size.
    static func measureTable(_ measurements: [Measurement]) -> MeasureTable? {
        var records: [MeasureRecord] = []
        for measurement in measurements {
            func constraint(_ mode: MeasureMode, _ size: Double?) -> MeasureConstraint {
                switch mode {
                case .exactly: .exactly(size ?? 0)
                case .atMost: .atMost(size ?? 0)
                case .undefined: .undefined
                }
            }
            let record = MeasureRecord(
                width: constraint(measurement.widthMode, measurement.width),
                height: constraint(measurement.heightMode, measurement.height), output: measurement.output)
            if !records.contains(where: { $0.width == record.width && $0.height == record.height }) {
                records.append(record)
            }
        }
        return records.isEmpty ? nil : MeasureTable(records)
    }

    // MARK: Styles

    /// The node's CSS: Yoga's defaults, then its own style, declared as longhands and checked by the vocabulary.
    func style(of node: Node, isRoot: Bool) throws(ImportRefusal) -> FlexStyle {
        let style = node.style
        let webDefaults = node.config.useWebDefaults
        var base = HTMLFixtures.yogaBase
        // `useWebDefaults` nodes start as a browser's would: row, align-content stretch, flex-shrink 1.
        if webDefaults { base += [("flex-direction", "row"), ("align-content", "stretch"), ("flex-shrink", "1")] }
        var declared = DeclaredStyle(base: base)
        var declarations: [(String, String)] = []
        // 1. The enumerated properties, in Yoga's spelling where CSS's differs.
        for (name, value) in style.keywords.sorted(by: { $0.key < $1.key }) {
            switch name {
            case "flex-wrap": declarations.append((name, value == "no-wrap" ? "nowrap" : value))
            case "overflow": declarations += [("overflow-x", value), ("overflow-y", value)]
            case "position-type":
                // The root is no item of anything: Yoga offsets it by its insets unless it is static.
                declarations.append(("position", isRoot && value == "absolute" ? "relative" : value))
            case "align-self" where isRoot: continue
            default: declarations.append((name, value))
            }
        }
        // 2. The flex factors and basis, `flex` resolved as Yoga resolves it.
        if !isRoot { declarations += flexDeclarations(style, webDefaults: webDefaults) }
        // 3. Sizes: Yoga uses max-width as the width when min-width is the same (`processDimensions`).
        for (size, minimum, maximum) in [("width", "min-width", "max-width"), ("height", "min-height", "max-height")] {
            let given = processedSize(style, size: size, minimum: minimum, maximum: maximum)
            if let text = css(given) { declarations.append((size, text)) }
            // Yoga has no automatic minimum size: an unset minimum is 0.
            declarations.append((minimum, css(style.lengths[minimum] ?? .undefined) ?? "0px"))
            if let text = css(style.lengths[maximum] ?? .undefined) { declarations.append((maximum, text)) }
        }
        // 4. Edges, resolved by the owner direction (no node of a capture gives its own).
        for (kind, names) in Self.physicalNames {
            for (side, name) in zip(["left", "top", "right", "bottom"], names) {
                let value = resolvedEdge(style.edges[kind] ?? [:], side: side)
                let clamped = kind == "padding" || kind == "border" ? value.map(Self.nonNegative) : value
                if let text = clamped.flatMap(css) { declarations.append((name, text)) }
            }
        }
        // 5. Gaps: a gutter's own value, else `gap`; Yoga takes a negative gap as 0.
        for gutter in ["row-gap", "column-gap"] {
            let value = [style.lengths[gutter], style.lengths["gap"]].compactMap { $0 }.first(where: \.isDefined)
            if let text = value.map(Self.nonNegative).flatMap(css) { declarations.append((gutter, text)) }
        }
        if isRoot { declarations += rootDeclarations(style) }
        for (name, value) in declarations { try declared.declare(name, value) }
        return try declared.flexStyle()
    }

    /// CSS names of each edge kind's physical sides, in the order left, top, right, bottom.
    static let physicalNames: [(String, [String])] = [
        ("margin", ["margin-left", "margin-top", "margin-right", "margin-bottom"]),
        ("padding", ["padding-left", "padding-top", "padding-right", "padding-bottom"]),
        ("border", ["border-left-width", "border-top-width", "border-right-width", "border-bottom-width"]),
        ("position", ["left", "top", "right", "bottom"]),
    ]

    /// One physical side by Yoga's precedence (`Style::computeLeftEdge` and the others): left is `start` (`end`
    /// under rtl), else `left`, else `horizontal`, else `all`; top is `top`, else `vertical`, else `all`. An
    /// `undefined` edge is not set; `auto` is.
    func resolvedEdge(_ edges: [Edge: Length], side: String) -> Length? {
        let rtl = inputs.ownerDirection == .rtl
        let order: [Edge] =
            switch side {
            case "left": [rtl ? .end : .start, .left, .horizontal, .all]
            case "right": [rtl ? .start : .end, .right, .horizontal, .all]
            case "top": [.top, .vertical, .all]
            default: [.bottom, .vertical, .all]
            }
        return order.lazy.compactMap { edges[$0] }.first(where: \.isDefined)
    }

    /// `flex-grow`, `flex-shrink` and `flex-basis` as Yoga resolves them (`Node::resolveFlexGrow`, …): a given
    /// factor wins; otherwise `flex` > 0 is the grow factor (and a basis of 0, or auto with web defaults) and
    /// `flex` < 0 the shrink factor (not with web defaults).
    func flexDeclarations(_ style: Style, webDefaults: Bool) -> [(String, String)] {
        let flex = style.factors["flex"]
        var result: [(String, String)] = []
        if let grow = style.factors["flex-grow"] ?? flex.flatMap({ $0 > 0 ? $0 : nil }) {
            result.append(("flex-grow", CSSValue.number(grow).cssText))
        }
        let shrink = style.factors["flex-shrink"] ?? (!webDefaults ? flex.flatMap { $0 < 0 ? -$0 : nil } : nil)
        if let shrink { result.append(("flex-shrink", CSSValue.number(shrink).cssText)) }
        switch style.lengths["flex-basis"] ?? .undefined {
        case .points, .percent:
            result.append(("flex-basis", css(style.lengths["flex-basis"]!)!))
        case .auto, .undefined:
            if let flex, flex > 0, !webDefaults { result.append(("flex-basis", "0px")) }
        }
        return result
    }

    /// The width (or height) Yoga lays out with: the maximum when the minimum is the same (within 0.0001, same
    /// unit), else the given size.
    func processedSize(_ style: Style, size: String, minimum: String, maximum: String) -> Length {
        let low = style.lengths[minimum] ?? .undefined
        let high = style.lengths[maximum] ?? .undefined
        switch (low, high) {
        case (.points(let a), .points(let b)) where abs(a - b) < 0.0001: return high
        case (.percent(let a), .percent(let b)) where abs(a - b) < 0.0001: return high
        default: return style.lengths[size] ?? .undefined
        }
    }

    /// The root, as `YGNodeCalculateLayout` sizes it in the available space (`calculateLayout`): along each axis
    /// a definite size is kept, a maximum makes it fit its content up to the maximum, and otherwise it fills the
    /// available space less its margins. In the viewport (a row) filling is `flex-grow` and `flex-shrink` 1 for
    /// the width and `align-self: stretch` for the height. Its own flex factors and alignment are not Yoga's to
    /// apply (it is no item).
    func rootDeclarations(_ style: Style) -> [(String, String)] {
        func definite(_ length: Length, available: Double?) -> Bool {
            switch length {
            case .points: true
            case .percent: available != nil
            case .auto, .undefined: false
            }
        }
        var result: [(String, String)] = []
        let width = processedSize(style, size: "width", minimum: "min-width", maximum: "max-width")
        let fills =
            !definite(width, available: inputs.availableWidth)
            && !definite(style.lengths["max-width"] ?? .undefined, available: inputs.availableWidth)
        result += [("flex-grow", fills ? "1" : "0"), ("flex-shrink", fills ? "1" : "0")]
        let height = processedSize(style, size: "height", minimum: "min-height", maximum: "max-height")
        if !definite(height, available: inputs.availableHeight),
            !definite(style.lengths["max-height"] ?? .undefined, available: inputs.availableHeight)
        {
            result.append(("align-self", "stretch"))
        }
        if inputs.ownerDirection == .rtl { result.append(("direction", "rtl")) }
        return result
    }

    /// CSS text of a length; nil for `undefined` (not set).
    func css(_ length: Length) -> String? {
        switch length {
        case .points(let value): CSSValue.px(value).cssText
        case .percent(let value): CSSValue.percent(value).cssText
        case .auto: "auto"
        case .undefined: nil
        }
    }

    /// Yoga takes a negative padding, border or gap as 0.
    static func nonNegative(_ length: Length) -> Length {
        switch length {
        case .points(let value) where value < 0: .points(0)
        case .percent(let value) where value < 0: .percent(0)
        default: length
        }
    }

    // MARK: Settings

    /// What the capture configured that no flex case states, one line per setting any node gives a value other
    /// than Yoga's default: `errata: all` when every node agrees, else each value with its number of nodes in
    /// the order the values first appear (pre-order): `point-scale-factor: 2 (1 node), 1 (1515 nodes)`.
    var settings: [String] {
        let names = [
            "errata", "point-scale-factor", "use-web-defaults", "experimental-features",
            "always-forms-containing-block",
        ]
        var values: [String: [(value: String, count: Int)]] = [:]
        var pending = [tree]
        while let node = pending.popLast() {
            let config = node.config
            let nodeValues = [
                config.errata, shortestText(config.pointScaleFactor), String(config.useWebDefaults),
                config.experimentalFeatures.isEmpty ? "none" : config.experimentalFeatures.joined(separator: ", "),
                String(node.alwaysFormsContainingBlock),
            ]
            for (name, value) in zip(names, nodeValues) {
                if let index = values[name, default: []].firstIndex(where: { $0.value == value }) {
                    values[name]![index].count += 1
                } else {
                    values[name, default: []].append((value, 1))
                }
            }
            pending.append(contentsOf: node.children.reversed())
        }
        let defaults = ["none", "1", "false", "none", "false"]
        return zip(names, defaults).compactMap { name, initial in
            let found = values[name] ?? []
            guard found.contains(where: { $0.value != initial }) else { return nil }
            if found.count == 1 { return "\(name): \(found[0].value)" }
            let counted = found.map { "\($0.value) (\($0.count) \($0.count == 1 ? "node" : "nodes"))" }
            return "\(name): " + counted.joined(separator: ", ")
        }
    }
}
