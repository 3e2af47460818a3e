import Flexbox
import LayoutCore

extension WPTCheckLayout {
    /// Where an element sits in the page, which decides the flex item properties it keeps.
    enum Placement {
        /// The case's root: a block-level box of its parent in the page, no flex item.
        case root
        /// A flex item of its parent (blockified).
        case flexItem
        /// A block-level child of a block container that the case lays out as a column.
        case blockChild
    }

    /// What the translation of a subtree had to say in the case's description: the paths of the Ahem text leaves
    /// with their sizes, and of the block containers written as columns.
    struct ElementNotes {
        var texts: [String] = []
        var columns: [String] = []
        var images: [String] = []
        /// How many images are written at their used size (`ImageRule.used`).
        var imagesAtUsedSize = 0

        var sentences: [String] {
            var sentences: [String] = []
            if !texts.isEmpty { sentences.append("Ahem text as content: " + texts.joined(separator: "; ") + ".") }
            if !images.isEmpty { sentences.append("Images as content: " + images.joined(separator: "; ") + ".") }
            if !columns.isEmpty {
                sentences.append(
                    "Block containers of blocks written as columns whose items neither grow nor shrink: "
                        + columns.joined(separator: ", ") + ".")
            }
            return sentences
        }
    }

    /// The flex item properties, which a root or a block's child does not read in the page.
    static let flexItemProperties: Set<CSSProperty> = [.flexGrow, .flexShrink, .flexBasis, .alignSelf, .order]
    /// A flex container's own properties, which a block container does not read in the page.
    static let flexContainerProperties: Set<CSSProperty> = [
        .flexDirection, .flexWrap, .justifyContent, .alignItems, .alignContent, .rowGap, .columnGap,
    ]

    /// One resolved element and its subtree as flex elements, refused at the first thing the vocabulary cannot state.
    /// A leaf's Ahem text becomes its content (`AhemText`). **A block container whose children are all block-level
    /// boxes** (no text) stacks them as a column flex container whose items neither grow nor shrink does, and is
    /// written so; margin collapsing and the like are for the page-reproduction check to catch.
    static func element(
        _ resolved: ResolvedElement, path: [Int], placement: Placement, images: ImageRule = .natural,
        pageFrames: inout [[Int]: Rect], notes: inout ElementNotes
    ) throws(ImportRefusal) -> FlexElement {
        let replaced: Set<String> = [
            "img", "input", "button", "select", "textarea", "video", "canvas", "iframe", "svg", "object", "embed",
            "audio", "meter", "progress",
        ]
        let display = resolved.computed["display"] ?? "flex"
        let subject = "[" + path.map(String.init).joined(separator: ", ") + "]"
        var element = FlexElement()
        element.id = placement == .root ? nil : resolved.id
        if display == "none" {
            try? element.style.set(.display, to: .keyword("none"))
            return element
        }
        let natural = replaced.contains(resolved.tag) ? try naturalSize(resolved) : nil
        if resolved.text {
            guard resolved.children.isEmpty else {
                throw ImportRefusal(.text, "text beside elements in <\(resolved.tag)>")
            }
            let vertical = (resolved.computed["writing-mode"] ?? "horizontal-tb") != "horizontal-tb"
            let size = try AhemText.contentSize(resolved.textRun, tag: resolved.tag, vertical: vertical)
            element.content = size
            notes.texts.append("\(subject) \(shortestText(size.width)) × \(shortestText(size.height))")
        }
        if let transform = resolved.other["transform"], transform != "none" {
            throw ImportRefusal(.transform, "transform: \(transform)")
        }
        for pseudo in ["before", "after"] {
            if let content = resolved.other[pseudo], !["none", "normal"].contains(content) {
                throw ImportRefusal(.generatedContent, "::\(pseudo) { content: \(content) }")
            }
        }
        // A float in a block leaves block flow (a flex item's or a root's float changes nothing the case states).
        if placement == .blockChild, let float = resolved.other["float"], float != "none" {
            throw ImportRefusal(.otherDisplay, "float: \(float) in a block")
        }
        // A flex item is blockified; a block leaf, empty or holding one line of Ahem text, lays out as a flex
        // container of that content does; a block of blocks as a column.
        let blockLevel = ["block", "flow-root", "list-item"].contains(display)
        let leaf = resolved.children.isEmpty
        let column = blockLevel && !leaf
        let flexLike: Bool
        switch placement {
        case .root: flexLike = display == "flex" || display == "inline-flex" || column
        case .flexItem: flexLike = display == "flex" || column || (leaf && (blockLevel || display.hasPrefix("inline")))
        case .blockChild: flexLike = display == "flex" || blockLevel
        }
        guard flexLike else {
            let context = placement == .blockChild ? " in a block" : ""
            throw ImportRefusal(display.contains("grid") ? .grid : .otherDisplay, "display: \(display)\(context)")
        }
        if let frame = resolved.frame, frame.count == 4 {
            pageFrames[path] = Rect(x: frame[0], y: frame[1], width: frame[2], height: frame[3])
        }
        for property in CSSProperty.allCases where property != .display && !gridOnly(property) {
            guard let text = resolved.computed[property.rawValue] else { continue }
            if placement != .flexItem, flexItemProperties.contains(property) { continue }
            if column, flexContainerProperties.contains(property) { continue }
            // A loaded image's `auto` ratio is its natural one, which `writeImage` states.
            if natural != nil, property == .aspectRatio, text == "auto" || text.hasPrefix("auto ") { continue }
            if CSSText.hasMathFunction(text) { throw ImportRefusal(.calc, "\(property.rawValue): \(text)") }
            let value: CSSValue
            do {
                value = try property.parse(text)
            } catch {
                throw ImportRefusal(.unknownValue, "\(property.rawValue): \(text)")
            }
            if property == .position, value == .keyword("sticky") || value == .keyword("fixed") {
                throw ImportRefusal(.unknownValue, "position: \(text)")
            }
            if value != property.initialValue { try? element.style.set(property, to: value) }
        }
        if placement == .blockChild { try? element.style.set(.flexShrink, to: .number(0)) }
        if let natural {
            writeImage(resolved, natural: natural, rule: images, subject: subject, into: &element, notes: &notes)
        }
        if column {
            try? element.style.set(.flexDirection, to: .keyword("column"))
            notes.columns.append(subject)
        }
        for (index, child) in resolved.children.enumerated() {
            element.children.append(
                try self.element(
                    child, path: path + [index], placement: column ? .blockChild : .flexItem, images: images,
                    pageFrames: &pageFrames, notes: &notes))
        }
        return element
    }

    /// The vocabulary's grid properties (a one-cell grid's) and the justify alignments, which only grids read:
    /// grids are refused, and in a flex container these change nothing.
    static func gridOnly(_ property: CSSProperty) -> Bool {
        property.rawValue.hasPrefix("grid") || property.rawValue.hasPrefix("justify-items")
            || property.rawValue.hasPrefix("justify-self")
    }
}
