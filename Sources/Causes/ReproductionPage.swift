import BoxLayout
import Conformance
import Engines
import Flexbox
import Judging
import LayoutCore

/// A cause's minimal case as a self-contained HTML page, ready for an engine's own bug tracker: the case laid out by
/// the browser that opens it (each element outlined in blue), the engine's answer drawn over it as dashed red
/// boxes, and a table of both answers, node by node. It runs no script and loads nothing, so it shows the
/// difference in any browser: where the red boxes leave the blue ones, the engine differs from the browsers.
///
/// The page is the one the browser adapters build (tools/engines/static_page.py): a viewport `<div>` that is an
/// absolutely positioned row flex container of the case's viewport size (`max-content` where the viewport is
/// unbounded), the case's elements as nested `<div>`s, `display: flex` unless the case says otherwise, solid borders
/// where a border width is given, and each leaf's content as a block of its content size. Every value is the
/// case's checked CSS text, escaped.
public enum ReproductionPage {
    public static func html(
        _ flexCase: FlexCase, reason: String?, engine: String, answer: [PeerFrame], expectedBy: [String]
    ) -> String {
        let expected = flexCase.expect?.frames ?? []
        let engineRects = BoxFrames(frames: answer).absoluteRects
        let expectedRects = BoxFrames(frames: expected).absoluteRects
        let bottom = (engineRects + expectedRects).map { $0.y + $0.height }.max() ?? 0
        let right = (engineRects + expectedRects).map { $0.x + $0.width }.max() ?? 0
        let e = Reports.escape
        var page = """
            <!doctype html><html><head><meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
            <title>\(e(flexCase.name)): \(e(engine)) differs from the browsers</title>
            <style>div{margin:0;padding:0;border:0 none}
            .case div{outline:1px solid rgba(0,0,255,.7);background:rgba(0,0,255,.05)}
            .answer div{position:absolute;box-sizing:border-box;outline:2px dashed rgba(220,0,0,.9)}
            body{font:14px system-ui,sans-serif;margin:24px;color:#222}table{border-collapse:collapse}
            td,th{border:1px solid #ccc;padding:4px 8px;text-align:left}td.diff{background:#fcc}</style>
            </head><body>
            <h1>\(e(flexCase.name))</h1>

            """
        if let reason, !reason.isEmpty { page += "<p>\(e(reason))</p>\n" }
        page += """
            <p>In blue, this browser's layout of the case; dashed in red, \(e(engine))'s answer. Where a red box
            leaves its blue one, \(e(engine)) differs from the browsers\(expectedBy.isEmpty ? "" : " (" + e(expectedBy.joined(separator: ", ")) + ")").</p>
            <div style="position:relative;width:\(number(right + 8))px;height:\(number(bottom + 8))px">
            <div class="case" style="\(e(viewportStyle(flexCase.viewport)))">
            """
        page += elementMarkup(flexCase.root)
        page += "</div>\n<div class=\"answer\" style=\"position:absolute;left:0;top:0\">"
        for rect in engineRects {
            page +=
                "<div style=\"left:\(number(rect.x))px;top:\(number(rect.y))px;width:\(number(rect.width))px;height:\(number(rect.height))px\"></div>"
        }
        page += "</div></div>\n"
        page += nodeTable(expected: expected, answer: answer, engine: engine)
        return page + "</body></html>\n"
    }

    /// The viewport's style: the adapters' viewport, of the case's size.
    static func viewportStyle(_ viewport: FlexViewport) -> String {
        let size = { (value: Double?) in value.map { number($0) + "px" } ?? "max-content" }
        return "display:flex;flex-direction:row;align-items:flex-start;justify-content:flex-start;"
            + "position:absolute;left:0px;top:0px;width:\(size(viewport.width));height:\(size(viewport.height))"
    }

    /// An element's inline style: `display: flex` unless the case gives a display, its properties as checked CSS,
    /// a solid border style where a border width is given, and a grid's `justify-content: flex-start` (the
    /// vocabulary's initial value, where CSS's `normal` would stretch a grid's tracks).
    static func style(_ element: FlexElement) -> String {
        var declarations: [(String, String)] = []
        if element.style[.display] == nil { declarations.append(("display", "flex")) }
        for (property, value) in element.style {
            declarations.append((property.rawValue, value.cssText))
            let name = property.rawValue
            if name.hasPrefix("border-") && name.hasSuffix("-width") {
                declarations.append((String(name.dropLast("-width".count)) + "-style", "solid"))
            }
        }
        if element.style[.display] == .keyword("grid") && element.style[.justifyContent] == nil {
            declarations.append(("justify-content", "flex-start"))
        }
        return declarations.map { "\($0.0):\($0.1)" }.joined(separator: ";")
    }

    /// The element and its subtree as nested `<div>`s (iteratively: cases nest deeply).
    static func elementMarkup(_ root: FlexElement) -> String {
        var out = ""
        var pending: [(element: FlexElement?, close: Bool)] = [(root, false)]
        while let (element, close) = pending.popLast() {
            guard let element, !close else {
                out += "</div>"
                continue
            }
            out += "\n<div style=\"\(Reports.escape(style(element)))\">"
            if let content = element.content {
                out +=
                    "<div style=\"display:block;flex:none;min-width:0px;min-height:0px;width:\(number(content.width))px;height:\(number(content.height))px;outline:none;background:none\"></div>"
            }
            pending.append((nil, true))
            pending += element.children.reversed().map { ($0, false) }
        }
        return out
    }

    /// Each node's frame in both answers, the differing ones marked.
    static func nodeTable(expected: [PeerFrame], answer: [PeerFrame], engine: String) -> String {
        let answerByPath = Dictionary(answer.map { ($0.path, $0.frame) }) { first, _ in first }
        let expectedByPath = Dictionary(expected.map { ($0.path, $0.frame) }) { first, _ in first }
        let paths = Set(expected.map(\.path) + answer.map(\.path)).sorted { $0.lexicographicallyPrecedes($1) }
        var table =
            "<table><tr><th>node</th><th>browsers</th><th>\(Reports.escape(engine))</th></tr>\n"
        for path in paths {
            let want = expectedByPath[path]
            let got = answerByPath[path]
            let differs =
                want.map { w in
                    got.map {
                        abs(w.x - $0.x) > 0.02 || abs(w.y - $0.y) > 0.02 || abs(w.width - $0.width) > 0.02
                            || abs(w.height - $0.height) > 0.02
                    } ?? true
                } ?? true
            table +=
                "<tr><th>[\(path.map(String.init).joined(separator: ", "))]</th><td>\(want.map(describe) ?? "—")</td>"
                + "<td\(differs ? " class=\"diff\"" : "")>\(got.map(describe) ?? "—")</td></tr>\n"
        }
        return table + "</table>\n"
    }

    static func describe(_ rect: Rect) -> String {
        "\(number(rect.x)), \(number(rect.y)), \(number(rect.width)) × \(number(rect.height))"
    }

    static func number(_ value: Double) -> String { GeometryMismatch.format(value) }
}
