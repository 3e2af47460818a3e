import Flexbox

/// Taffy's HTML fixtures (`test_fixtures/<group>/<name>.html`, one `#test-root` per file) and Yoga's
/// (`gentest/fixtures/<Name>.html`, one case per top-level `<div id=…>`): nested `<div>`s styled by their `style`
/// attributes only, laid out by the suite's base stylesheet. The cases carry no answer; the browser gives one
/// (`ImportRun`).
enum HTMLFixtures {
    /// Taffy's `scripts/gentest/test_base_style.css`: `div, span { box-sizing: border-box; position: relative;
    /// border: 0 solid }` and `div { display: flex }` (a `<span>` stays inline).
    static let taffyBase: [(String, String)] = [
        ("box-sizing", "border-box"), ("position", "relative"), ("border-style", "solid"),
    ]
    /// Yoga's `gentest/test-template.html`: `div, span { box-sizing: border-box; position: relative; border: 0
    /// solid; display: flex; flex-direction: column; align-items: stretch; align-content: flex-start;
    /// justify-content: flex-start; flex-shrink: 0 }` (align-items and justify-content are the initial values).
    static let yogaBase: [(String, String)] = [
        ("box-sizing", "border-box"), ("position", "relative"), ("border-style", "solid"), ("display", "flex"),
        ("flex-direction", "column"), ("align-content", "flex-start"), ("flex-shrink", "0"),
    ]

    /// The cases of one file, not yet answered. A document that does not parse (browsers recover from what this
    /// reader does not: an unclosed quote) is one refused case named after the file, and the run goes on.
    static func candidates(
        in text: String, input: ImportInput, format: ImportFormat
    ) -> [ImportCandidate] {
        let document: MarkupElement
        do {
            document = try Markup.parse(text, dialect: .html)
        } catch {
            let origin = FlexImport(format: format.rawValue, file: input.relativePath)
            return [
                ImportCandidate(
                    name: CaseName.sanitized(input.stem), origin: origin,
                    outcome: .refused(ImportRefusal(.malformed, "\(error)")))
            ]
        }
        let sheetRefusal = stylesheetRefusal(document)
        var found: [(root: MarkupElement, parent: MarkupElement?, name: String, caseLabel: String?)] = []
        switch format {
        case .taffyHTML:
            if let (root, parent) = find(id: "test-root", in: document) {
                found.append((root, parent, CaseName.sanitized(input.stem), nil))
            }
        default:
            for (index, root) in document.children.filter({ $0.name == "div" }).enumerated() {
                let id = root.attributes["id"]
                found.append((root, nil, CaseName.sanitized(id ?? "\(input.stem)-\(index + 1)"), id ?? "\(index + 1)"))
            }
        }
        return found.map { root, parent, name, caseLabel in
            let origin = FlexImport(format: format.rawValue, file: input.relativePath, case: caseLabel)
            let outcome: ImportCandidate.Outcome
            do throws(ImportRefusal) {
                if let sheetRefusal { throw sheetRefusal }
                if root.attributes["data-disabled"] == "true" {
                    throw ImportRefusal(.disabled, #"data-disabled="true""#)
                }
                var flexCase = FlexCase(
                    name: name, viewport: try viewport(around: parent),
                    root: try element(root, format: format, direction: "ltr", isRoot: true))
                if let experiments = root.attributes["data-experiments"], !experiments.trimmed.isEmpty {
                    flexCase.description = "Yoga runs this fixture with the experiment \(experiments.trimmed) enabled."
                }
                outcome = .unanswered(flexCase)
            } catch {
                outcome = .refused(error)
            }
            return ImportCandidate(name: name, origin: origin, outcome: outcome)
        }
    }

    /// The element with `id` and its parent, in document order.
    static func find(id: String, in document: MarkupElement) -> (MarkupElement, MarkupElement?)? {
        var pending: [(element: MarkupElement, parent: MarkupElement?)] = [(document, nil)]
        while let (element, parent) = pending.popLast() {
            if element.attributes["id"] == id { return (element, parent) }
            pending.append(contentsOf: element.children.reversed().map { ($0, element) })
        }
        return nil
    }

    /// Taffy's `<div class="viewport" style="width: …; height: …">` around the root sets the space it is laid out
    /// in; without it, both dimensions are max-content.
    static func viewport(around parent: MarkupElement?) throws(ImportRefusal) -> FlexViewport {
        guard let parent, (parent.attributes["class"] ?? "").split(separator: " ").contains("viewport") else {
            return FlexViewport()
        }
        let declarations = Dictionary(
            declarations(parent.attributes["style"] ?? "").map { ($0.0.lowercased(), $0.1) },
            uniquingKeysWith: { $1 })
        func dimension(_ key: String) throws(ImportRefusal) -> Double? {
            guard let text = declarations[key]?.lowercased(), text != "max-content" else { return nil }
            guard case .px(let value)? = try? CSSProperty.width.parse(text), value >= 0 else {
                throw ImportRefusal(.viewport, "\(key): \(text)")
            }
            return value
        }
        return FlexViewport(width: try dimension("width"), height: try dimension("height"))
    }

    /// One element and its children under the suite's base stylesheet, refused at the first thing the vocabulary
    /// cannot state (in pre-order).
    static func element(
        _ markup: MarkupElement, format: ImportFormat, direction inherited: String, isRoot: Bool = false
    ) throws(ImportRefusal) -> FlexElement {
        if markup.hasText { throw ImportRefusal(.text, "text in <\(markup.name)>") }
        let replaced: Set<String> = [
            "img", "input", "button", "select", "textarea", "video", "canvas", "iframe", "svg", "object", "embed",
        ]
        if replaced.contains(markup.name) { throw ImportRefusal(.replacedElement, "<\(markup.name)>") }
        guard markup.name == "div" || markup.name == "span" else {
            throw ImportRefusal(.otherDisplay, "<\(markup.name)>")
        }
        let inline = declarations(markup.attributes["style"] ?? "")
        let direction = inline.last { $0.0.lowercased() == "direction" }?.1.trimmed.lowercased() ?? inherited
        var base = format == .yogaHTML ? yogaBase : taffyBase
        if format == .taffyHTML, markup.name == "div" { base.append(("display", "flex")) }
        var declared = DeclaredStyle(base: base, direction: direction)
        if format == .taffyHTML, markup.name == "span", !inline.contains(where: { $0.0.lowercased() == "display" }) {
            throw ImportRefusal(.otherDisplay, "display: inline (<span>)")
        }
        for (name, value) in inline { try declared.declare(name, value) }
        var element = FlexElement(style: try declared.flexStyle())
        if !isRoot, let id = markup.attributes["id"] { element.id = id }
        for child in markup.children {
            element.children.append(try self.element(child, format: format, direction: direction))
        }
        return element
    }

    /// A style attribute's declarations in order: split on `;`, then at the first `:`. A part without a colon is
    /// skipped, as browsers skip it.
    static func declarations(_ style: String) -> [(String, String)] {
        style.split(separator: ";").compactMap { part in
            guard let colon = part.firstIndex(of: ":") else { return nil }
            let name = String(part[..<colon]).trimmed
            return name.isEmpty ? nil : (name, String(part[colon...].dropFirst()).trimmed)
        }
    }

    /// Fixtures are styled by their `style` attributes; a `<style>` element that sets anything with an effect on
    /// layout (Taffy's few only colour the boxes) would be lost, so its file is refused.
    static func stylesheetRefusal(_ document: MarkupElement) -> ImportRefusal? {
        for sheet in document.descendantsAndSelf where sheet.name == "style" {
            for rule in sheet.ownText.split(separator: "}") {
                guard let open = rule.firstIndex(of: "{") else { continue }
                for (name, value) in declarations(String(rule[rule.index(after: open)...]))
                where !DeclaredStyle.ignored(name.lowercased()) {
                    return ImportRefusal(.unknownProperty, "a <style> rule sets \(name): \(value)")
                }
            }
        }
        return nil
    }
}
