import Engines
import Flexbox
import LayoutCore

/// web-platform-tests check-layout tests: a page whose elements carry `data-expected-width`,
/// `data-expected-height`, `data-offset-x` and `data-offset-y`, and a script calling `checkLayout(selector)`.
/// `resources/check-layout-th.js` runs one test per element the selector matches (its parent instead when the
/// parent's class is `container`) and, in that element's subtree, compares each attribute with `offsetWidth`,
/// `offsetHeight`, `offsetLeft` and `offsetTop`, passing a difference below 1 px.
///
/// Stylesheets, classes and inheritance are the browser's to resolve: the adapter's `resolve` op loads the page
/// (no script runs; only its images load) and answers each matched subtree with its computed styles and frames
/// (`ResolvedPage`). `translate` turns one subtree into a flex case; the browser then lays that case out, and a case
/// whose frames differ from the page's is refused, so the translation never silently changes the test.
enum WPTCheckLayout {
    /// The attributes an expect frame is made of; check-layout-th.js knows more (`data-expected-client-width`, …),
    /// which flex cases cannot state and the importer ignores.
    static let checkedAttributes = ["data-expected-width", "data-expected-height", "data-offset-x", "data-offset-y"]

    static let tolerance = Tolerance(
        geometry: 1,
        reason:
            "check-layout-th.js passes a layout within 1 px of data-expected-* and data-offset-* (it compares whole-pixel offsetWidth and offsetLeft)"
    )

    /// The selectors of the page's `checkLayout('…')` calls, in order, each once. A call whose argument is not a
    /// string literal cannot be followed and is left out.
    static func selectors(in text: String) -> [String] {
        var found: [String] = []
        var rest = Substring(text)
        while let call = rest.range(of: "checkLayout(") {
            rest = rest[call.upperBound...].drop { $0.isWhitespace }
            guard let quote = rest.first, quote == "'" || quote == "\"" || quote == "`" else { continue }
            var selector = ""
            var index = rest.index(after: rest.startIndex)
            var closed = false
            while index < rest.endIndex {
                let character = rest[index]
                if character == "\\", rest.index(after: index) < rest.endIndex {
                    index = rest.index(after: index)
                    selector.append(rest[index])
                } else if character == quote {
                    closed = true
                    break
                } else {
                    selector.append(character)
                }
                index = rest.index(after: index)
            }
            rest = rest[index...]
            if closed, !selector.trimmed.isEmpty, !found.contains(selector) { found.append(selector) }
        }
        return found
    }

    /// The script files a check-layout page loads: the harness, which the browser's stand-in replaces.
    static let harnessScripts: Set<String> = [
        "/resources/testharness.js", "/resources/testharnessreport.js", "/resources/check-layout-th.js",
    ]

    /// What a page's scripts mean for resolving it.
    enum PageScripts: Equatable {
        /// No inline script changes the page: it is resolved as loaded, without running any script.
        case inert
        /// An inline script changes the page before checking (styles, classes, elements; the first change found): the
        /// page is resolved with its inline scripts run, as WPT runs them before `checkLayout`.
        case changing(String)
        /// The page loads a script file besides the harness, which the import does not run: refused.
        case refused(ImportRefusal)
    }

    /// Whether the page's inline scripts change it before checking, and whether it needs a script file besides the
    /// harness (`harnessScripts`).
    static func scripts(in text: String) -> PageScripts {
        guard let document = try? Markup.parse(text, dialect: .html) else { return .inert }
        let scripts = document.descendantsAndSelf.filter { $0.name == "script" }
        if let file = scripts.compactMap({ $0.attributes["src"] }).first(where: { !harnessScripts.contains($0.trimmed) }
        ) {
            return .refused(ImportRefusal(.script, "a script file besides the harness: \(file)"))
        }
        let changes = [
            ".style", "setattribute", "classlist", "classname", "appendchild", "insertbefore", "innerhtml",
            "outerhtml", "textcontent", "innertext", "removechild", "replacechild", ".remove(", "insertadjacent",
            "document.write", ".append(", ".prepend(", ".before(", ".after(", "replacewith", "scrollto", "scrollleft",
            "scrolltop", "removeattribute", "togglattribute", "toggleattribute", ".width =", ".height =",
        ]
        for script in scripts where script.attributes["src"] == nil {
            let code = script.ownText.lowercased()
            if let change = changes.first(where: { code.contains($0) }) { return .changing(change.trimmed) }
        }
        return .inert
    }

    /// Why a page resolved with its scripts (`PageScripts.changing`) is not the page WPT checks, or nil when it is:
    /// its first `checkLayout(selector)` came by the end of its load event, no script failed before it, and it was
    /// the only one (a second call checks the page again, changed).
    static func scriptRefusal(_ run: ScriptRun?, selector: String) -> ImportRefusal? {
        guard let run else { return ImportRefusal(.script, "the page's scripts did not run") }
        if run.calls == 0 {
            return ImportRefusal(
                .script, "checkLayout('\(selector)') is not called by the end of the load event (a timer, say)")
        }
        if let error = run.errors.first {
            return ImportRefusal(.script, "a script failed before checkLayout('\(selector)'): \(error)")
        }
        if run.calls > 1 {
            return ImportRefusal(.script, "checkLayout('\(selector)') is called \(run.calls) times as the page changes")
        }
        return nil
    }

    /// What `translate` makes of one match: the case, the page's frames of its displayed elements by path, and how
    /// many of its elements carry an expectation.
    struct Translation {
        var flexCase: FlexCase
        var pageFrames: [[Int]: Rect]
        var checkedElements: Int
        /// Whether any number of `expect` is the browser's, where the test states none.
        var filledByBrowser: Bool
        /// How many images the case holds at their used size (`ImageRule.used`).
        var imagesAtUsedSize = 0
    }

    /// Whether check-layout-th.js checks `element` against at least one of the four attributes a frame holds.
    static func isChecked(_ element: ResolvedElement) -> Bool {
        (element.checked ?? true) && checkedAttributes.contains { element.data[$0] != nil }
    }

    /// The displayed elements of a match that check-layout-th.js checks against a frame's numbers: what an import
    /// keeps, or loses when the match is refused.
    static func checkedElements(in match: ResolvedMatch) -> Int {
        var count = 0
        var pending = [match.root]
        while let element = pending.popLast() {
            if element.frame != nil, isChecked(element) { count += 1 }
            pending.append(contentsOf: element.children)
        }
        return count
    }

    /// The flex case of one checked subtree, its `expect` made of the checked elements' attributes and, where an
    /// element lacks some, the page's own frame (said in the description). The root is where the layout is: the
    /// resolver roots checked flex items at their container. `scriptChange` is what the page's scripts did before
    /// the check (`PageScripts.changing`), said in the description.
    static func translate(
        _ match: ResolvedMatch, name: String, images: ImageRule = .natural, scriptChange: String? = nil
    ) throws(ImportRefusal) -> Translation {
        let root = match.root
        guard ["block", "flow-root", "list-item"].contains(match.parentDisplay) else {
            throw ImportRefusal(.placement, "the checked element's parent has display: \(match.parentDisplay)")
        }
        if let position = root.computed["position"], position == "absolute" || position == "fixed" {
            throw ImportRefusal(.placement, "the checked element has position: \(position)")
        }
        var notes: [String] = []
        var pageFrames: [[Int]: Rect] = [:]
        var elementNotes = ElementNotes()
        var flexRoot = try element(
            root, path: [], placement: .root, images: images, pageFrames: &pageFrames, notes: &elementNotes)
        // The root is a block-level box of its parent in the page: an auto width fills the containing block, and it
        // is no flex item (it neither grows nor shrinks), which the case states outright.
        if root.computed["width"] == "auto", let used = root.usedWidth {
            do {
                try flexRoot.style.set(.width, to: CSSProperty.width.parse(used))
            } catch {
                throw ImportRefusal(.unknownValue, "width: \(used)")
            }
            notes.append(
                "The root's width is its used width in the page (\(used)), where it fills its containing block.")
        }
        try? flexRoot.style.set(.flexShrink, to: .number(0))
        var flexCase = FlexCase(
            name: name, viewport: FlexViewport(width: match.containingBlockWidth, height: nil), root: flexRoot)

        // The expectation: every displayed element that carries one of the four attributes.
        var filled: [String] = []
        var differsFromPage = false
        var checkedElements = 0
        var resolved: [[Int]: ResolvedElement] = [:]
        var pending: [(ResolvedElement, [Int])] = [(root, [])]
        while let (element, path) = pending.popLast() {
            resolved[path] = element
            for (index, child) in element.children.enumerated() { pending.append((child, path + [index])) }
        }
        let frames = flexCase.framesInPreOrder { path, _ -> Rect? in
            guard let element = resolved[path], let page = pageFrames[path], isChecked(element) else { return nil }
            checkedElements += 1
            var frame = page
            func number(_ attribute: String) -> Double? { element.data[attribute].flatMap(leadingNumber) }
            let offset = element.offset ?? [page.x, page.y]
            if let width = number("data-expected-width") { frame.size.width = width }
            if let height = number("data-expected-height") { frame.size.height = height }
            if let x = number("data-offset-x") { frame.origin.x = x + page.x - offset[0] }
            if let y = number("data-offset-y") { frame.origin.y = y + page.y - offset[1] }
            let missing = zip(checkedAttributes, ["width", "height", "x", "y"]).filter { number($0.0) == nil }
            if !missing.isEmpty {
                filled.append(
                    "[\(path.map(String.init).joined(separator: ", "))] " + missing.map(\.1).joined(separator: ", "))
            }
            let pairs = [(frame.x, page.x), (frame.y, page.y), (frame.width, page.width), (frame.height, page.height)]
            if pairs.contains(where: { abs($0.0 - $0.1) > 1.0 / 64 }) { differsFromPage = true }
            return frame
        }
        guard checkedElements > 0 else {
            throw ImportRefusal(
                .nothingChecked, "no displayed element carries data-expected-width/height or data-offset-x/y")
        }
        flexCase = flexCase.expecting(frames)
        if differsFromPage {
            flexCase.tolerance = tolerance
        } else if LayoutUnits.isFractional(frames) {
            flexCase.tolerance = LayoutUnits.tolerance
        }
        notes += elementNotes.sentences
        if let scriptChange {
            notes.append(
                "The page as its inline scripts left it when they called checkLayout (they use \(scriptChange)).")
        }
        if !filled.isEmpty {
            notes.append(
                "Filled from the browser's frame of the page where the test states no number: "
                    + filled.joined(separator: "; ") + ".")
        }
        if !notes.isEmpty { flexCase.description = notes.joined(separator: " ") }
        return Translation(
            flexCase: flexCase, pageFrames: pageFrames, checkedElements: checkedElements,
            filledByBrowser: !filled.isEmpty, imagesAtUsedSize: elementNotes.imagesAtUsedSize)
    }

    /// check-layout-th.js reads attributes with `parseFloat`: the number a text starts with.
    static func leadingNumber(_ text: String) -> Double? {
        let trimmed = text.trimmed
        var end = trimmed.startIndex
        var best: Double?
        while end < trimmed.endIndex {
            end = trimmed.index(after: end)
            if let value = Double(trimmed[..<end]), value.isFinite { best = value }
        }
        return best
    }

    /// The first difference between the page's frames and the browser's layout of the case, or nil when every
    /// displayed element is within 1/64 px (a LayoutUnit) of where the page put it.
    static func firstDifference(page: [[Int]: Rect], layout: [PeerFrame]) -> String? {
        let laidOut = Dictionary(layout.map { ($0.path, $0.frame) }, uniquingKeysWith: { first, _ in first })
        for path in page.keys.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
            let subject = "[" + path.map(String.init).joined(separator: ", ") + "]"
            guard let actual = laidOut[path] else { return "\(subject) is not laid out" }
            let expected = page[path]!
            let fields = [
                ("x", expected.x, actual.x), ("y", expected.y, actual.y), ("width", expected.width, actual.width),
                ("height", expected.height, actual.height),
            ]
            if let (field, inPage, inCase) = fields.first(where: { abs($0.1 - $0.2) > 1.0 / 64 }) {
                return "\(subject) \(field): page \(shortestText(inPage)), case \(shortestText(inCase))"
            }
        }
        return nil
    }
}
