import Conformance
import Engines
import Flexbox
import Foundation
import Gentest
import Judging
import LayoutCore

/// The dashboard's page per engine (`explain --html DIR`): `DIR/causes/<engine>/index.html` lists the causes biggest
/// first, each with its minimal case drawn beside the engine's answer; each cause has the dashboard's case page
/// (`cases/<cause>/index.html`: both answers node by node, the case file) and a reproduction page
/// (`repro/<cause>.html`, `ReproductionPage`). Like the rest of the dashboard, the pages run no script and load
/// nothing but their own pictures; every string from a case or an engine is escaped.
extension CauseReport {
    /// One file of the pages: its path relative to the site's folder, and its bytes.
    public struct File: Hashable, Sendable {
        public var path: String
        public var bytes: Data
    }

    /// The engine's page, relative to the site's folder.
    public static func pagePath(engine: String) -> String { "causes/" + Reports.slug(engine) + "/index.html" }

    /// Every file of the engine's pages, paths relative to the site's folder.
    public static func site(_ report: CauseFinder.EngineReport, draw: (FramesPicture) -> [UInt8]?) -> [File] {
        let folder = "causes/" + Reports.slug(report.engine) + "/"
        let e = Reports.escape
        var files: [File] = []
        var page = """
            <!doctype html><html><head><meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self'; style-src 'unsafe-inline'">
            <title>Why \(e(report.engine)) fails — Ristretto</title><style>
            body{font:14px system-ui,sans-serif;margin:24px;color:#222}table{border-collapse:collapse;margin-bottom:16px}
            td,th{border:1px solid #ccc;padding:4px 8px;text-align:left;vertical-align:top}
            .pictures{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}figure{margin:0}img{border:1px solid #999}
            .unnamed{color:#875}</style></head><body>
            <h1>Why \(e(report.engine)) fails</h1>
            <p>\(e(report.version))</p>
            <p>\(e(summary(report))).</p>
            <table><tr><th>#</th><th>cause</th><th>failures</th><th>families</th><th>what must stay</th><th>difference</th></tr>

            """
        var sections = ""
        for (index, cause) in report.causes.enumerated() {
            let name = cause.name(index: index)
            let slug = Reports.slug(name)
            let families = cause.families.prefix(4).map { "\($0.family) \($0.count)" }.joined(separator: ", ")
            let nameCell =
                !cause.isNamed ? "<span class=\"unnamed\">\(e(name))</span>" : e(name)
            page +=
                "<tr><td>\(index + 1)</td><td><a href=\"#\(slug)\">\(nameCell)</a></td><td>\(cause.reductions.count)</td>"
                + "<td>\(e(families))</td><td>\(e(cause.signature.properties.joined(separator: ", ")))</td>"
                + "<td>\(e(cause.signature.difference.joined(separator: ", ")))</td></tr>\n"
            // The cause's case page (the dashboard's), its pictures, and the reproduction page.
            // The pages name the case after its cause, not after the failure it was shrunk from.
            var minimal = cause.representative.minimal
            minimal.name = name
            let caseText = (try? FlexConsensus.fileText(minimal)) ?? ""
            let pages = Reports.casePage(
                Reports.CasePageInput(
                    identifier: name,
                    verdicts: [
                        (
                            report.engine,
                            EngineCaseResult(
                                identifier: name,
                                verdict: .failed(cause.representative.differences.first ?? "differs"),
                                frames: cause.representative.answer)
                        )
                    ],
                    evidence: CaseEvidence(identifier: name, text: caseText, expected: minimal.expect?.frames),
                    linksToMatrix: false), draw: draw)
            files += pages.map { File(path: folder + $0.path, bytes: $0.bytes) }
            let repro = "repro/" + slug + ".html"
            files.append(
                File(
                    path: folder + repro,
                    bytes: Data(
                        ReproductionPage.html(
                            minimal, reason: cause.reason, engine: report.engine,
                            answer: cause.representative.answer, expectedBy: cause.confirmedBy
                        ).utf8)))
            sections += "<h2 id=\"\(slug)\">\(index + 1). \(e(name)) (\(cause.reductions.count) failures)</h2>\n"
            sections += "<p>\(e(cause.reason ?? "Not explained yet: no finding has this signature."))</p>\n"
            sections += "<p>Signature: \(e(cause.signature.text))</p>\n<div class=\"pictures\">"
            for (file, title) in [
                ("expect.png", "expected"), ("engine-" + Reports.slug(report.engine) + ".png", report.engine),
            ]
            where pages.contains(where: { $0.path.hasSuffix("/" + file) }) {
                sections +=
                    "<figure><img src=\"cases/\(slug)/\(file)\" alt=\"\(e(title)) frames\"><figcaption>\(e(title))</figcaption></figure>"
            }
            sections += "</div>\n<p>Minimal case from \(e(cause.representative.identifier))"
            sections += cause.confirmedBy.isEmpty ? "" : ", answered by \(e(cause.confirmedBy.joined(separator: ", ")))"
            sections +=
                ": <a href=\"cases/\(slug)/index.html\">both answers, node by node</a>; "
                + "<a href=\"\(repro)\">a page that reproduces it in a browser</a>. It accounts for "
                + cause.reductions.prefix(8).map { e($0.identifier) }.joined(separator: ", ")
                + (cause.reductions.count > 8 ? " and \(cause.reductions.count - 8) more" : "") + ".</p>\n"
        }
        page += "</table>\n" + sections
        if !report.unexplained.isEmpty {
            page +=
                "<h2>Unexplained known failures</h2><p>\(report.unexplained.count) entries of the known-failure list have no named cause yet: "
                + report.unexplained.prefix(20).map { e($0.case) }.joined(separator: ", ")
                + (report.unexplained.count > 20 ? ", …" : "") + "</p>\n"
        }
        files.insert(File(path: folder + "index.html", bytes: Data((page + "</body></html>\n").utf8)), at: 0)
        return files
    }
}
