import Engines
import Flexbox
import LayoutCore

/// Taffy's XML tests (`tests/xml/<group>/<name>.xml`), written by Taffy's gentest from Chrome's layout of its HTML
/// fixtures:
///
/// ```xml
/// <test name="…" use-rounding="true">
///   <viewport width="max-content" height="max-content"/>
///   <input><div width="100px" border-top="2px" direction="ltr"><div …/></div></input>
///   <expectations><node x="0" y="0" width="100" height="20"><node …/></node></expectations>
/// </test>
/// ```
///
/// Attributes are CSS longhands with two exceptions: `border-top` (…) is the border's **width**, and
/// `scrollbar-width` is the pixel width Chrome's scrollbars took. An attribute that is absent has Taffy's default,
/// which is also what Taffy's base stylesheet (`scripts/gentest/test_base_style.css`) gives every `<div>`:
/// `box-sizing: border-box`, `position: relative`, `display: flex`, borders solid. A `<text>` element is a leaf
/// measured with the Ahem font.
enum TaffyXML {
    /// Every element's declarations before its attributes: Taffy's base stylesheet.
    static let baseStylesheet: [(String, String)] = [
        ("box-sizing", "border-box"), ("position", "relative"), ("display", "flex"), ("border-style", "solid"),
    ]

    /// The party `source.engines` names: the expectations are the suite's own (Taffy's gentest recorded them from
    /// a Chrome the files do not name).
    static let engine = "taffy"

    /// Taffy's gentest rounds x and y (relative to the parent) to whole pixels, within 0.5 px of Chrome's, but a
    /// width is `round(right) − round(left)` of the page's edges, within 1 px of Chrome's (16.65625 is written 16).
    static let roundingTolerance = Tolerance(
        geometry: 1,
        reason:
            "Taffy's XML expectations are Chrome's frames rounded to whole pixels: x and y within 0.5 px, widths and heights (differences of rounded edges) within 1 px"
    )

    /// The one case of a file.
    /// - Throws: `ImportError` when the file is not a Taffy XML test (it does not parse, or lacks `<viewport>`,
    ///   `<input>` or `<expectations>`, or its expectations do not follow its input).
    static func candidates(in text: String, input: ImportInput) throws(ImportError) -> [ImportCandidate] {
        let document: MarkupElement
        do {
            document = try Markup.parse(text, dialect: .xml)
        } catch {
            throw ImportError(file: input.path, message: "not well-formed XML: \(error)")
        }
        guard let test = document.children.first, test.name == "test" else {
            throw ImportError(file: input.path, message: "expected a <test> element at the top")
        }
        func part(_ name: String) throws(ImportError) -> MarkupElement {
            guard let element = test.children.first(where: { $0.name == name }) else {
                throw ImportError(file: input.path, message: "<test> has no <\(name)>")
            }
            return element
        }
        let viewportElement = try part("viewport")
        guard let inputRoot = try part("input").children.first,
            let expectationRoot = try part("expectations").children.first
        else {
            throw ImportError(file: input.path, message: "<input> and <expectations> must each hold one element")
        }
        let name = test.attributes["name"].map(CaseName.sanitized) ?? CaseName.sanitized(input.stem)
        let origin = FlexImport(format: ImportFormat.taffyXML.rawValue, file: input.relativePath)
        let expected = try expectedFrames(expectationRoot, against: inputRoot, file: input.path)
        let outcome: ImportCandidate.Outcome
        do throws(ImportRefusal) {
            let root = try element(inputRoot, direction: "ltr")
            let viewport = try viewport(viewportElement)
            // Chrome's page gave the viewport element the root's direction (`.rtl *`), so a root narrower than a
            // definite viewport sat at its right; a flex case's viewport is always left to right.
            if viewport.width != nil, inputRoot.attributes["direction"] == "rtl" {
                throw ImportRefusal(.viewport, "direction: rtl in a viewport of definite width")
            }
            var flexCase = FlexCase(name: name, viewport: viewport, root: root)
            flexCase = flexCase.expecting(flexCase.framesInPreOrder { path, _ in expected[path] })
            if test.attributes["use-rounding"] != "false" {
                flexCase.tolerance = roundingTolerance
            } else if LayoutUnits.isFractional(flexCase.expect?.frames ?? []) {
                flexCase.tolerance = LayoutUnits.tolerance
            }
            outcome = .complete(flexCase, engines: [engine])
        } catch {
            outcome = .refused(error)
        }
        return [ImportCandidate(name: name, origin: origin, outcome: outcome)]
    }

    /// `<viewport width height>`: `max-content` is null, `Npx` a number.
    static func viewport(_ element: MarkupElement) throws(ImportRefusal) -> FlexViewport {
        func dimension(_ key: String) throws(ImportRefusal) -> Double? {
            let text = (element.attributes[key] ?? "max-content").trimmed.lowercased()
            if text == "max-content" { return nil }
            guard case .px(let value)? = try? CSSProperty.width.parse(text), value >= 0 else {
                throw ImportRefusal(.viewport, "\(key): \(text)")
            }
            return value
        }
        return FlexViewport(width: try dimension("width"), height: try dimension("height"))
    }

    /// One input element and its children, refused at the first thing the vocabulary cannot state (in pre-order).
    static func element(_ markup: MarkupElement, direction inherited: String) throws(ImportRefusal) -> FlexElement {
        // A `<text>` leaf's size is its text's; one holding only white space is empty, as in the HTML it came from.
        if markup.hasText {
            throw ImportRefusal(.text, markup.name == "text" ? "<text> leaf" : "text in <\(markup.name)>")
        }
        guard markup.name == "div" || markup.name == "text" else {
            throw ImportRefusal(.otherDisplay, "<\(markup.name)>")
        }
        let direction = markup.attributes["direction"] ?? inherited
        var declared = DeclaredStyle(base: baseStylesheet, direction: direction)
        var scrollbarWidth = 0.0
        for name in markup.attributes.keys.sorted() {
            let value = markup.attributes[name]!
            switch name {
            case "border-top", "border-right", "border-bottom", "border-left":
                try declared.declare(name + "-width", value)
            case "scrollbar-width":
                scrollbarWidth = Double(value.trimmed) ?? 0
            case "flex-line-count" where value.trimmed == "1":
                break
            default:
                try declared.declare(name, cleanedPercentage(value))
            }
        }
        for axis in ["overflow-x", "overflow-y"]
        where declared.longhands[axis]?.lowercased() == "scroll" && scrollbarWidth > 0 {
            throw ImportRefusal(
                .scrollbars, "\(axis): scroll with \(shortestText(scrollbarWidth)) px scrollbars")
        }
        var element = FlexElement(style: try declared.flexStyle())
        for child in markup.children { element.children.append(try self.element(child, direction: direction)) }
        return element
    }

    /// Taffy's gentest writes a percentage as its fraction × 100 in floating point (`55.00000000000001%` for 55%);
    /// the digits past the ninth decimal are that arithmetic, not the fixture, and are dropped.
    static func cleanedPercentage(_ value: String) -> String {
        let text = value.trimmed
        guard text.hasSuffix("%"), let number = Double(text.dropLast()), number.isFinite else { return value }
        let rounded = (number * 1e9).rounded() / 1e9
        guard abs(rounded - number) < 1e-9 * max(1, abs(number)) else { return value }
        return shortestText(rounded) + "%"
    }

    /// The expected frame of each input element by its path, read in parallel with the input tree.
    static func expectedFrames(
        _ node: MarkupElement, against element: MarkupElement, file: String
    ) throws(ImportError) -> [[Int]: Rect] {
        var frames: [[Int]: Rect] = [:]
        var pending: [(node: MarkupElement, element: MarkupElement, path: [Int])] = [(node, element, [])]
        while let (node, element, path) = pending.popLast() {
            func number(_ key: String) throws(ImportError) -> Double {
                guard let text = node.attributes[key], let value = Double(text.trimmed), value.isFinite else {
                    throw ImportError(file: file, message: "line \(node.line): <node> needs a number \(key)")
                }
                return value
            }
            guard node.name == "node" else {
                throw ImportError(file: file, message: "line \(node.line): expected <node>, got <\(node.name)>")
            }
            frames[path] = Rect(
                x: try number("x"), y: try number("y"), width: try number("width"), height: try number("height"))
            let nodes = node.children
            let elements = element.children
            guard nodes.count == elements.count else {
                throw ImportError(
                    file: file,
                    message: "line \(node.line): \(nodes.count) expected nodes for \(elements.count) input elements")
            }
            for index in nodes.indices { pending.append((nodes[index], elements[index], path + [index])) }
        }
        return frames
    }
}
