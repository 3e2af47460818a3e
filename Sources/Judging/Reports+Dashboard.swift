import BoxLayout
import CanonicalJSON
import CaseIO
import Conformance
import Engines
import Foundation
import LayoutCore

/// One picture of a case's frames, in canvas pixels, for GDRender to draw: every frame outlined, the ones that
/// differ from the expectation highlighted.
public struct FramesPicture: Hashable, Sendable {
    /// Whole pixels on each side.
    public var canvas: Size
    /// Each node's border box in canvas pixels, in pre-order.
    public var boxes: [Rect]
    /// The indices into `boxes` of the nodes whose frames differ from the expectation.
    public var highlighted: Set<Int>

    public init(canvas: Size, boxes: [Rect], highlighted: Set<Int>) {
        self.canvas = canvas
        self.boxes = boxes
        self.highlighted = highlighted
    }
}

/// One file of the dashboard: its path relative to the site's folder, and its bytes.
public struct SiteFile: Hashable, Sendable {
    public var path: String
    public var bytes: Data
}

/// The dashboard of `conform --engine … --html DIR` and `merge … --html DIR`: a static site of plain files.
/// `index.html` is the engine × suite × family matrix with pass rates, then each engine's cases that did not pass;
/// each of those cases has a page `cases/<slug>/index.html` with every engine's verdict, the frames drawn side by
/// side (`expect.png`, `engine-<engine>.png`), the nodes that differ listed, and the case file. Every string taken
/// from a case, an engine or a path is escaped (`escape`), and file names are slugs (`slug`). The pages load
/// nothing but their own pictures, and a Content-Security-Policy forbids scripts. The same matrix gives the same
/// bytes.
extension Reports {
    /// Every file of the site. `engineLinks` maps an engine to a page next to index.html (the reference's own
    /// report); `draw` makes a PNG of a picture (GDRender's), or nil when it cannot.
    public static func site(
        _ matrix: EngineMatrix, engineLinks: [String: String] = [:], draw: (FramesPicture) -> [UInt8]?
    ) -> [SiteFile] {
        var files = [SiteFile(path: "index.html", bytes: Data(html(matrix, engineLinks: engineLinks).utf8))]
        let evidence = Dictionary(matrix.cases.map { ($0.identifier, $0) }) { first, _ in first }
        let byCase = matrix.columns.map { column in
            Dictionary(column.results.map { ($0.identifier, $0) }) { first, _ in first }
        }
        for identifier in matrix.identifiersWithPages {
            let verdicts = zip(matrix.columns, byCase).compactMap { column, results in
                results[identifier].map { (engine: column.engine, result: $0) }
            }
            files += casePage(
                CasePageInput(
                    identifier: identifier, verdicts: verdicts, evidence: evidence[identifier],
                    engineLinks: engineLinks), draw: draw)
        }
        return files
    }

    /// Writes the site into `directory` (atomically, file by file); files of earlier runs that this one does not
    /// write are left alone.
    public static func writeSite(
        _ matrix: EngineMatrix, to directory: String, engineLinks: [String: String] = [:],
        draw: (FramesPicture) -> [UInt8]?
    ) throws(InputError) {
        for file in site(matrix, engineLinks: engineLinks, draw: draw) {
            try AtomicFile.write(file.bytes, to: directory + "/" + file.path)
        }
    }

    /// The page of a case, relative to index.html.
    public static func casePagePath(_ identifier: String) -> String { "cases/" + slug(identifier) + "/index.html" }

    /// A case file's text as a case page shows it: pretty-printed in the corpus's canonical form (two-space indent,
    /// a frame or a style on one line), since generated cases are written on one line; as written when it does not
    /// parse.
    static func prettyCase(_ text: String) -> String {
        (try? CanonicalJSON(parsing: Data(text.utf8)))?.text ?? text
    }

    /// A file name for `text` that is safe in a path and in a URL, and different for different texts: ASCII
    /// letters, digits and `-` stay, and `.` but in first place; `/` becomes `__` and every other byte `_XX` (its
    /// hex digits). A name longer than 120 bytes keeps its first 100 and adds its FNV-1a hash.
    public static func slug(_ text: String) -> String {
        var slug = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
                slug.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: ".") where !slug.isEmpty:
                slug += "."
            case UInt8(ascii: "/"):
                slug += "__"
            default:
                slug += "_" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        guard !slug.isEmpty else { return "_" }
        guard slug.utf8.count > 120 else { return slug }
        return String(slug.prefix(100)) + "-" + FNV1a.hex(text.utf8)
    }

    // MARK: The matrix page

    /// index.html: the matrix (a row per suite and, beneath, per family; a column per engine; each cell the pass
    /// rate and `passed/total (…)`), the engines' versions, then each engine's cases that did not pass, linked to
    /// their pages: failures and known differences first, refusals folded beneath.
    public static func html(_ matrix: EngineMatrix, engineLinks: [String: String] = [:]) -> String {
        var page =
            pageHead(title: "Ristretto conformance by engine") + """
                <h1>Ristretto conformance by engine</h1>
                <p><b>\(escape(matrix.line))</b> in \(String(format: "%.1f", matrix.seconds)) s</p>
                <table class="matrix"><tr><th>suite</th>
                """
        for column in matrix.columns {
            let name = escape(column.engine)
            page +=
                "<th>" + (engineLinks[column.engine].map { "<a href=\"\(escape($0))\">\(name)</a>" } ?? name) + "</th>"
        }
        page += "</tr>\n"
        for row in matrixRows(matrix) {
            let kind =
                switch row.row {
                case .all: "total"
                case .suite: "suite"
                case .family: "family"
                }
            page += "<tr class=\"\(kind)\"><th>\(escape(row.row.label))</th>"
            for (column, tally) in zip(matrix.columns, row.tallies) {
                let attributes = "data-engine=\"\(escape(column.engine))\" data-row=\"\(escape(row.row.label))\""
                guard !tally.isEmpty else {
                    page += "<td class=\"na\" \(attributes)>n/a</td>"
                    continue
                }
                let shade = tally.failed + tally.errors == 0 ? "all" : tally.passed == 0 ? "none" : "some"
                // A row of interop cases only has no pass rate: engines side with browsers there.
                let rate = tally.total - tally.refused == 0 && tally.interop > 0 ? "interop" : passRate(tally)
                page +=
                    "<td class=\"\(shade)\" \(attributes)><span class=\"rate\">\(rate)</span> <span class=\"count\">\(escape(tally.cell))</span></td>"
            }
            page += "</tr>\n"
        }
        page += "</table>\n<ul>" + engineNotes(matrix).map { "<li>\(escape($0))</li>" }.joined() + "</ul>\n"
        let pages = Set(matrix.identifiersWithPages)
        for column in matrix.columns {
            // Interop verdicts are summed up in the matrix's rows, not listed case by case.
            let shown = column.results.filter { $0.message != nil && !$0.verdict.isInterop }
            guard !shown.isEmpty else { continue }
            page += "<h2 id=\"engine-\(slug(column.engine))\">\(escape(column.engine))</h2>\n"
            // What fails the run first; refusals, often many and never failures, folded away beneath.
            let (refused, rest) = (
                shown.filter { if case .refused = $0.verdict { true } else { false } },
                shown.filter { if case .refused = $0.verdict { false } else { true } }
            )
            if !rest.isEmpty { page += caseTable(rest, pages: pages) }
            if !refused.isEmpty {
                page +=
                    "<details><summary>refused: \(refused.count) case(s)</summary>\n\(caseTable(refused, pages: pages))</details>\n"
            }
        }
        return page + "</body></html>\n"
    }

    /// Cases that did not pass, each linked to its page when it has one (`pages`), with its verdict and first
    /// difference or reason.
    static func caseTable(_ results: [EngineCaseResult], pages: Set<String>) -> String {
        var table = "<table><tr><th>case</th><th>verdict</th><th>first difference or reason</th></tr>\n"
        for result in results {
            let name = escape(result.identifier)
            let link =
                pages.contains(result.identifier)
                ? "<a href=\"\(escape(casePagePath(result.identifier)))\">\(name)</a>" : name
            table +=
                "<tr><td class=\"case\">\(link)</td><td class=\"\(verdictClass(result.verdict))\">\(verdictName(result.verdict))</td><td>\(escape(result.message ?? ""))</td></tr>\n"
        }
        return table + "</table>\n"
    }

    /// The share of the judged cases that passed, rounded down to a tenth of a percent so that only a full pass
    /// reads `100.0 %`.
    static func passRate(_ tally: EngineTally) -> String {
        let tenths = tally.passed * 1000 / max(tally.total, 1)
        return "\(tenths / 10).\(tenths % 10) %"
    }

    // MARK: The case pages

    package struct CasePageInput {
        var identifier: String
        var verdicts: [(engine: String, result: EngineCaseResult)]
        var evidence: CaseEvidence?
        var engineLinks: [String: String]
        /// Whether the page links back to the matrix (a page of the dashboard; not one written alone).
        var linksToMatrix = true

        package init(
            identifier: String, verdicts: [(engine: String, result: EngineCaseResult)], evidence: CaseEvidence?,
            engineLinks: [String: String] = [:], linksToMatrix: Bool = true
        ) {
            self.identifier = identifier
            self.verdicts = verdicts
            self.evidence = evidence
            self.engineLinks = engineLinks
            self.linksToMatrix = linksToMatrix
        }
    }

    /// A case's page and its pictures: every engine's verdict, the answers that differ from the expectation drawn
    /// beside it at one scale with a table of the nodes, and the case file.
    package static func casePage(_ input: CasePageInput, draw: (FramesPicture) -> [UInt8]?) -> [SiteFile] {
        let folder = "cases/" + slug(input.identifier)
        let expected = input.evidence?.expected
        let answers = input.verdicts.compactMap { verdict in
            verdict.result.frames.map { (engine: verdict.engine, frames: $0) }
        }
        // 1. Which nodes of each answer differ from the expectation, judged as the engine was.
        let differing = answers.map { answer -> Set<[Int]> in
            guard let expected else { return [] }
            return Set(
                judgedMismatches(
                    expected: expected, answer: answer.frames, engine: answer.engine,
                    caseTolerance: input.evidence?.tolerance ?? 0
                ).map(\.path))
        }
        // 2. The pictures, all at one scale.
        var files: [SiteFile] = []
        var figures = ""
        let scale = PictureScale(expected.map { [$0] + answers.map(\.frames) } ?? answers.map(\.frames))
        var drawings: [(title: String, file: String, frames: [PeerFrame], differing: Set<[Int]>)] = []
        // With no answer to set beside it, the expectation alone is not drawn: a page per refusal stays light.
        if let expected, !answers.isEmpty { drawings.append(("expected", "expect.png", expected, [])) }
        for (answer, nodes) in zip(answers, differing) {
            drawings.append((answer.engine, "engine-" + slug(answer.engine) + ".png", answer.frames, nodes))
        }
        for drawing in drawings {
            let picture = scale.picture(drawing.frames, highlighted: drawing.differing)
            guard let png = draw(picture) else {
                figures += "<figure><figcaption>\(escape(drawing.title)): could not be drawn</figcaption></figure>"
                continue
            }
            files.append(SiteFile(path: folder + "/" + drawing.file, bytes: Data(png)))
            figures +=
                "<figure><img src=\"\(drawing.file)\" width=\"\(Int(picture.canvas.width))\" height=\"\(Int(picture.canvas.height))\" alt=\"\(escape(drawing.title)) frames\"><figcaption>\(escape(drawing.title))</figcaption></figure>"
        }
        // 3. The page.
        var page =
            pageHead(title: input.identifier + " — Ristretto")
            + (input.linksToMatrix ? "<p><a href=\"../../index.html\">the matrix</a></p>\n" : "") + """
                <h1>\(escape(input.identifier))</h1>
                <table><tr><th>engine</th><th>verdict</th><th>first difference or reason</th></tr>

                """
        for (engine, result) in input.verdicts {
            let name =
                input.engineLinks[engine].map { "<a href=\"../../\(escape($0))\">\(escape(engine))</a>" }
                ?? escape(engine)
            var reason = escape(result.message ?? "")
            if let detail = result.detail, detail != result.message { reason += "<pre>\(escape(detail))</pre>" }
            page +=
                "<tr><td>\(name)</td><td class=\"\(verdictClass(result.verdict))\">\(verdictName(result.verdict))</td><td>\(reason)</td></tr>\n"
        }
        page += "</table>\n"
        if !figures.isEmpty {
            page +=
                "<h2>Frames</h2><p>Each node's border box, all at one scale; in red the nodes whose frames differ from the expectation.</p><div class=\"pictures\">\(figures)</div>\n"
            page += nodeTable(expected: expected, answers: answers, differing: differing)
        }
        page += "<h2>The case</h2>"
        page +=
            input.evidence?.text.map { "<pre>\(escape(Self.prettyCase($0)))</pre>\n" }
            ?? "<p>The case file is not available.</p>\n"
        files.insert(SiteFile(path: folder + "/index.html", bytes: Data((page + "</body></html>\n").utf8)), at: 0)
        return files
    }

    /// Every node of the expectation and the answers, in pre-order (paths sort so), each frame as `x, y, w × h`,
    /// the ones that differ marked.
    static func nodeTable(
        expected: [PeerFrame]?, answers: [(engine: String, frames: [PeerFrame])], differing: [Set<[Int]>]
    ) -> String {
        let lists = (expected.map { [$0] } ?? []) + answers.map(\.frames)
        let byPath = lists.map { frames in Dictionary(frames.map { ($0.path, $0) }) { first, _ in first } }
        let paths = Set(lists.joined().map(\.path)).sorted { $0.lexicographicallyPrecedes($1) }
        var table =
            "<table class=\"nodes\"><tr><th>node</th>" + (expected == nil ? "" : "<th>expected</th>")
            + answers.map { "<th>\(escape($0.engine))</th>" }.joined() + "</tr>\n"
        let marks = (expected == nil ? [] : [Set<[Int]>()]) + differing
        for path in paths {
            let node = lists.lazy.compactMap { $0.first { $0.path == path } }.first
            table += "<tr><th>\(escape(node?.subject ?? "node \(path)"))</th>"
            for (frames, marked) in zip(byPath, marks) {
                let text = frames[path].map { describeFrame($0.frame) } ?? "—"
                table += marked.contains(path) ? "<td class=\"diff\">\(text)</td>" : "<td>\(text)</td>"
            }
            table += "</tr>\n"
        }
        return table + "</table>\n"
    }

    static func describeFrame(_ rect: Rect) -> String {
        let number = GeometryMismatch.format
        return "\(number(rect.x)), \(number(rect.y)), \(number(rect.width)) × \(number(rect.height))"
    }

    // MARK: Shared pieces of the pages

    /// The head of every page: no script may run and nothing but the site's own pictures loads.
    static func pageHead(title: String) -> String {
        """
        <!doctype html><html><head><meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self'; style-src 'unsafe-inline'">
        <title>\(escape(title))</title><style>
        body{font:14px system-ui,sans-serif;margin:24px;color:#222}table{border-collapse:collapse;margin-bottom:16px}
        td,th{border:1px solid #ccc;padding:4px 8px;text-align:left;vertical-align:top}
        td.all{background:#cfc}td.some{background:#ffd}td.none{background:#fcc}td.na{color:#999}
        tr.family th{padding-left:28px;font-weight:normal}tr.total th,tr.total td{border-top:2px solid #888}
        .rate{font-weight:bold}.count{color:#555;font-size:12px}.failed,.error{color:#c22}.known,.refused{color:#875}
        td.diff{background:#fcc}td.case{white-space:nowrap}.pictures{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}
        figure{margin:0}img{border:1px solid #999}pre{white-space:pre-wrap;background:#f6f6f6;padding:8px}
        </style></head><body>

        """
    }

    /// One row per suite, its families beneath it, then `all`, each with a tally per engine column.
    static func matrixRows(_ matrix: EngineMatrix) -> [(row: MatrixRow, tallies: [EngineTally], cells: [String])] {
        matrix.rows.map { row in
            let tallies = matrix.columns.map { $0.tally(row) }
            return (row, tallies, tallies.map(\.cell))
        }
    }

    static func verdictClass(_ verdict: EngineCaseResult.Verdict) -> String {
        switch verdict {
        case .passed: "passed"
        case .failed: "failed"
        case .error: "error"
        case .refused: "refused"
        case .known: "known"
        case .notApplicable: "na"
        case .interop: "interop"
        }
    }
}

/// The one scale and offset of a case's pictures, so that the expectation and every answer compare side by side:
/// the union of their boxes and the viewport's origin, at most 360 px on its longer side, at most 4× enlarged,
/// with a 4 px margin.
struct PictureScale {
    static let longestSide = 360.0
    static let largestScale = 4.0
    static let margin = 4.0

    var origin: Point
    var scale: Double
    var canvas: Size

    init(_ lists: [[PeerFrame]]) {
        var (minX, minY, maxX, maxY) = (0.0, 0.0, 0.0, 0.0)
        for box in lists.flatMap(Self.absolute) {
            (minX, minY) = (min(minX, box.minX), min(minY, box.minY))
            (maxX, maxY) = (max(maxX, box.maxX), max(maxY, box.maxY))
        }
        let extent = max(maxX - minX, maxY - minY)
        origin = Point(x: minX, y: minY)
        scale = extent > 0 ? min(Self.largestScale, Self.longestSide / extent) : Self.largestScale
        canvas = Size(
            width: ((maxX - minX) * scale).rounded(.up) + 2 * Self.margin,
            height: ((maxY - minY) * scale).rounded(.up) + 2 * Self.margin)
    }

    /// The frames in canvas pixels, those at `highlighted` paths marked.
    func picture(_ frames: [PeerFrame], highlighted: Set<[Int]>) -> FramesPicture {
        let boxes = Self.absolute(frames).map { box in
            Rect(
                x: (box.minX - origin.x) * scale + Self.margin, y: (box.minY - origin.y) * scale + Self.margin,
                width: box.width * scale, height: box.height * scale)
        }
        let marked = frames.indices.filter { highlighted.contains(frames[$0].path) }
        return FramesPicture(canvas: canvas, boxes: boxes, highlighted: Set(marked))
    }

    /// Each frame in the coordinates of the root's parent: x and y are relative to the parent, which comes before
    /// its children in pre-order (a parent not listed counts as at the origin).
    static func absolute(_ frames: [PeerFrame]) -> [Rect] {
        BoxFrames(frames: frames).absoluteRects
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        String(repeating: "0", count: max(0, length - count)) + self
    }
}
