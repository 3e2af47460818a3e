import CanonicalJSON
import Engines
import Flexbox
import Foundation
import LayoutCore

/// `ristretto import`: reads every case of the inputs, has the browser answer the cases that need it, writes each
/// imported case to `DIR/<name>.json` (canonical JSON, written atomically) and tallies the refusals by reason.
public enum ImportRun {
    /// What the run did, for the summary.
    public struct Report: Hashable, Sendable {
        public var format: ImportFormat
        public var files = 0
        /// Files without any case (a WPT page without `checkLayout('…')`, a Taffy HTML file without `#test-root`).
        public var filesWithoutCases = 0
        /// The files written, as case names (`<name>.json` in the output folder), in the order they were written.
        public var written: [String] = []
        /// Every refused case: how the summary names it, and why.
        public var refused: [RefusedCase] = []
        /// The engines that answered (the browser's version), when one did.
        public var engines: [String] = []
        /// WPT: the checked elements (elements check-layout-th.js checks against a frame's numbers) of the written
        /// cases; the refused cases' are in `refused`.
        public var checkedElementsImported = 0

        public init(format: ImportFormat) { self.format = format }

        /// The summary: what was read, who answered, one line per refusal reason (most frequent first, with up to
        /// three of its details, most frequent first), and the last line `N imported, N refused`.
        public var lines: [String] {
            let cases = written.count + refused.count
            var lines = ["\(format.rawValue): \(files) files, \(cases) cases"]
            if filesWithoutCases > 0 {
                let what = format == .wpt ? "without checkLayout('…')" : "without a case"
                lines.append("skipped \(filesWithoutCases) files \(what)")
            }
            if !engines.isEmpty { lines.append("answered by " + engines.joined(separator: ", ")) }
            let byReason = Dictionary(grouping: refused.map(\.refusal), by: \.reason)
            let reasons = byReason.keys.sorted {
                byReason[$0]!.count != byReason[$1]!.count
                    ? byReason[$0]!.count > byReason[$1]!.count : $0 < $1
            }
            for reason in reasons {
                let details = Dictionary(grouping: byReason[reason]!.map(\.detail), by: { $0 }).mapValues(\.count)
                let ordered = details.keys.sorted {
                    details[$0]! != details[$1]! ? details[$0]! > details[$1]! : $0 < $1
                }
                let shown = ordered.prefix(3).map { details.count > 1 ? "\($0) ×\(details[$0]!)" : $0 }
                let more = ordered.count > 3 ? ", …" : ""
                lines.append(
                    "refused \(byReason[reason]!.count): \(reason.rawValue) (\(shown.joined(separator: ", "))\(more))")
            }
            lines += checkedElementLines
            lines.append("\(written.count) imported, \(refused.count) refused")
            return lines
        }

        /// WPT: the checked elements read, imported and refused, then those refused by reason (most first).
        var checkedElementLines: [String] {
            let refusedCounts = refused.compactMap { refused in
                refused.checkedElements.map { (refused.refusal.reason, $0) }
            }
            guard format == .wpt, checkedElementsImported > 0 || !refusedCounts.isEmpty else { return [] }
            let refusedTotal = refusedCounts.reduce(0) { $0 + $1.1 }
            let read = checkedElementsImported + refusedTotal
            var lines = [
                "checked elements: \(read) read, \(checkedElementsImported) imported, \(refusedTotal) refused"
            ]
            let byReason = Dictionary(refusedCounts, uniquingKeysWith: +).filter { $0.value > 0 }
            for reason in byReason.keys.sorted(by: {
                byReason[$0]! != byReason[$1]! ? byReason[$0]! > byReason[$1]! : $0 < $1
            }) {
                lines.append("checked elements refused \(byReason[reason]!): \(reason.rawValue)")
            }
            return lines
        }
    }

    /// Imports `groups` (one per PATH, from `ImportInput.collect`) into `outputFolder`.
    /// - Parameters:
    ///   - browser: answers the HTML suites' cases and resolves WPT pages; nil for taffy-xml.
    ///   - progress: called after each file with the number of files done and the total.
    /// - Throws: `ImportError` for an unreadable file (named), a browser that will not start, or an output file
    ///   that cannot be written.
    public static func run(
        format: ImportFormat, inputs groups: [[ImportInput]], outputFolder: String, browser: (any ImportBrowser)?,
        progress: (Int, Int) -> Void = { _, _ in }
    ) throws(ImportError) -> Report {
        var report = Report(format: format)
        let inputs = groups.flatMap { $0 }
        report.files = inputs.count
        var usedNames: Set<String> = []
        var engines: [String] = []
        if format.needsBrowser {
            guard let browser else {
                throw ImportError(file: "--engine", message: "\(format.rawValue) needs a browser")
            }
            do {
                engines = [try browser.version()]
            } catch {
                throw ImportError(file: "chromium", message: "the browser does not start: \(error)")
            }
            report.engines = engines
        }
        for (done, input) in inputs.enumerated() {
            let text = try read(input)
            let candidates = try self.candidates(in: text, input: input, format: format, browser: browser)
            if candidates.isEmpty { report.filesWithoutCases += 1 }
            for candidate in candidates {
                switch answer(candidate, browser: browser, engines: engines) {
                case .refused(let refusal):
                    report.refused.append(
                        RefusedCase(
                            label: candidate.label, refusal: refusal, checkedElements: candidate.checkedElements))
                case .complete(var flexCase, let answeredBy):
                    flexCase.source = FlexCaseSource(engines: answeredBy, origin: .imported(candidate.origin))
                    // What is written must read back as the case: a frame the format cannot hold (a negative
                    // expected width) is refused here rather than failing `conform` later.
                    flexCase.name = unique(candidate.name, among: usedNames)
                    let bytes: Data
                    do throws(ImportRefusal) {
                        bytes = try encoded(flexCase)
                    } catch {
                        report.refused.append(
                            RefusedCase(
                                label: candidate.label, refusal: error, checkedElements: candidate.checkedElements))
                        continue
                    }
                    usedNames.insert(flexCase.name)
                    try write(bytes, to: outputFolder + "/" + flexCase.name + ".json")
                    report.written.append(flexCase.name)
                    report.checkedElementsImported += candidate.checkedElements ?? 0
                case .unanswered:
                    preconditionFailure("answer(_:) answers every case")
                }
            }
            progress(done + 1, inputs.count)
        }
        return report
    }

    /// A case that was not imported: `flex/foo.xml` or `YGFlexTest.html#id`, why, and (WPT) how many checked
    /// elements it held.
    public struct RefusedCase: Hashable, Sendable {
        public var label: String
        public var refusal: ImportRefusal
        public var checkedElements: Int?

        public init(label: String, refusal: ImportRefusal, checkedElements: Int? = nil) {
            self.label = label
            self.refusal = refusal
            self.checkedElements = checkedElements
        }
    }

    /// The cases of one file, before any answer (WPT's are answered while they are found: the page is resolved).
    public static func candidates(
        in text: String, input: ImportInput, format: ImportFormat, browser: (any ImportBrowser)?
    ) throws(ImportError) -> [ImportCandidate] {
        switch format {
        case .taffyXML: return try TaffyXML.candidates(in: text, input: input)
        case .taffyHTML, .yogaHTML: return HTMLFixtures.candidates(in: text, input: input, format: format)
        case .wpt: return try wptCandidates(in: text, input: input, browser: browser)
        case .yogaCapture: return try YogaCapture.candidates(in: text, input: input)
        }
    }

    /// A candidate with the browser's answer where it needs one; a refusal when the browser refuses it.
    static func answer(
        _ candidate: ImportCandidate, browser: (any ImportBrowser)?, engines: [String]
    ) -> ImportCandidate.Outcome {
        guard case .unanswered(let flexCase) = candidate.outcome else { return candidate.outcome }
        guard let browser else { return .refused(ImportRefusal(.browser, "no browser to answer")) }
        do {
            let frames = try browser.layout(flexCase)
            var answered = flexCase.expecting(frames)
            if LayoutUnits.isFractional(frames) { answered.tolerance = LayoutUnits.tolerance }
            return .complete(answered, engines: engines)
        } catch {
            return .refused(ImportRefusal(.browser, "\(error)"))
        }
    }

    /// The page's checked subtrees, one case each, named `<file>-1`, `<file>-2`, … in the order of the page's
    /// selectors and their subtrees (or `<file>` when there is one). `case` names the selector and the numbers of
    /// the check-layout-th.js tests the case holds (`.flexbox > div 1, 2, 3`): the page's tests are numbered across
    /// its `checkLayout` calls, one per matched element.
    static func wptCandidates(
        in text: String, input: ImportInput, browser: (any ImportBrowser)?
    ) throws(ImportError) -> [ImportCandidate] {
        let scripts = WPTCheckLayout.scripts(in: text)
        var candidates: [ImportCandidate] = []
        var testsBefore = 0
        for selector in WPTCheckLayout.selectors(in: text) {
            let outcomes: [(ImportCandidate.Outcome, tests: [Int], checked: Int?)]
            var testsHere = 0
            do throws(ImportRefusal) {
                (outcomes, testsHere) = try wptOutcomes(
                    text, selector: selector, page: PageFile.locating(input.path), browser: browser, scripts: scripts)
            } catch {
                outcomes = [(.refused(error), [], nil)]
            }
            for (outcome, tests, checked) in outcomes {
                let numbers = tests.isEmpty ? [testsBefore + 1] : tests.map { testsBefore + $0 }
                let origin = FlexImport(
                    format: ImportFormat.wpt.rawValue, file: input.relativePath,
                    case: "\(selector) " + numbers.map(String.init).joined(separator: ", "))
                var candidate = ImportCandidate(
                    name: CaseName.sanitized("\(input.stem)-\(candidates.count + 1)"), origin: origin,
                    outcome: outcome)
                candidate.checkedElements = checked
                candidates.append(candidate)
            }
            testsBefore += max(testsHere, 1)
        }
        if candidates.count == 1 { candidates[0].name = CaseName.sanitized(input.stem) }
        return candidates
    }

    /// The outcome for each checked subtree of `selector`, with the numbers of its tests and its checked elements:
    /// resolved by the browser (with the page's inline scripts run where they change it, `PageScripts`), translated,
    /// and kept only when the browser lays the translation out as it laid out the page; every one refused when the
    /// page cannot be checked as WPT checks it (its scripts need more than the page). Also the number of tests the
    /// selector makes.
    static func wptOutcomes(
        _ text: String, selector: String, page file: PageFile? = nil, browser: (any ImportBrowser)?,
        scripts: WPTCheckLayout.PageScripts = .inert
    ) throws(ImportRefusal) -> (outcomes: [(ImportCandidate.Outcome, tests: [Int], checked: Int?)], tests: Int) {
        guard let browser else { throw ImportRefusal(.browser, "no browser to resolve the page") }
        var refusing: ImportRefusal?
        var scriptChange: String?
        let page: ResolvedPage
        do {
            switch scripts {
            case .inert:
                page = try browser.resolve(html: text, selector: selector, page: file, scripts: false)
            case .refused(let refusal):
                refusing = refusal
                page = try browser.resolve(html: text, selector: selector, page: file, scripts: false)
            case .changing(let change):
                guard file != nil else {
                    refusing = ImportRefusal(.script, "an inline script uses \(change), and the page has no file")
                    page = try browser.resolve(html: text, selector: selector, page: file, scripts: false)
                    break
                }
                scriptChange = change
                let scripted = try browser.resolve(html: text, selector: selector, page: file, scripts: true)
                refusing = WPTCheckLayout.scriptRefusal(scripted.scripts, selector: selector)
                // A page refused before its check has nothing to count: the page as loaded counts what is refused.
                page =
                    refusing != nil && scripted.matches.isEmpty
                    ? try browser.resolve(html: text, selector: selector, page: file, scripts: false) : scripted
            }
        } catch {
            throw refusing ?? ImportRefusal(.browser, "\(error)")
        }
        // A script that would add the elements the selector matches leaves nothing to count: the page is refused.
        if let refusing, page.matches.isEmpty { throw refusing }
        let outcomes = page.matches.map { match -> (ImportCandidate.Outcome, tests: [Int], checked: Int?) in
            let checked = WPTCheckLayout.checkedElements(in: match)
            let tests = match.tests ?? []
            if let refusing { return (.refused(refusing), tests, checked) }
            do {
                var translation = try WPTCheckLayout.translate(match, name: "wpt", scriptChange: scriptChange)
                if let difference = try difference(translation, browser: browser) {
                    // Images whose size is their own may reproduce the page at that size (ImageRule.used).
                    let retry = try WPTCheckLayout.translate(
                        match, name: "wpt", images: .used, scriptChange: scriptChange)
                    guard retry.imagesAtUsedSize > 0, try self.difference(retry, browser: browser) == nil else {
                        return (.refused(ImportRefusal(.translation, difference)), tests, checked)
                    }
                    translation = retry
                }
                // The numbers are the test's, and the browser's only where it filled in what the test left out.
                let parties = [ImportFormat.wpt.rawValue] + (translation.filledByBrowser ? [try browser.version()] : [])
                return (.complete(translation.flexCase, engines: parties), tests, checked)
            } catch let refusal as ImportRefusal {
                return (.refused(refusal), tests, checked)
            } catch {
                return (.refused(ImportRefusal(.browser, "\(error)")), tests, checked)
            }
        }
        return (outcomes, page.tests ?? page.matches.count)
    }

    /// Where the browser's layout of a translation first differs from the page, or nil when it reproduces it.
    static func difference(_ translation: WPTCheckLayout.Translation, browser: any ImportBrowser) throws -> String? {
        WPTCheckLayout.firstDifference(page: translation.pageFrames, layout: try browser.layout(translation.flexCase))
    }

    // MARK: Files

    static func read(_ input: ImportInput) throws(ImportError) -> String {
        guard let data = FileManager.default.contents(atPath: input.path) else {
            throw ImportError(file: input.path, message: "cannot read the file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ImportError(file: input.path, message: "not UTF-8 text")
        }
        return text
    }

    /// `name`, or `name-2`, `name-3`, … when an earlier case of the run took it.
    static func unique(_ name: String, among used: Set<String>) -> String {
        var candidate = name
        var suffix = 2
        while used.contains(candidate) {
            candidate = "\(name)-\(suffix)"
            suffix += 1
        }
        return candidate
    }

    /// The case as canonical JSON, checked by reading it back as a flex case.
    static func encoded(_ flexCase: FlexCase) throws(ImportRefusal) -> Data {
        do {
            let bytes = try JSONOutput.encode(flexCase)
            _ = try JSONDecoder().decode(FlexCase.self, from: bytes)
            return bytes
        } catch {
            throw ImportRefusal(.invalid, "\(error)")
        }
    }

    /// Writes `bytes` to `path` through a temporary file in the same folder and a rename, so a reader never sees
    /// half a file.
    static func write(_ bytes: Data, to path: String) throws(ImportError) {
        let folder = (path as NSString).deletingLastPathComponent
        let name = (path as NSString).lastPathComponent
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw ImportError(file: folder, message: "cannot create the folder: \(error.localizedDescription)")
        }
        let temporary = folder + "/.\(name).tmp-\(ProcessInfo.processInfo.processIdentifier)"
        guard FileManager.default.createFile(atPath: temporary, contents: bytes) else {
            throw ImportError(file: path, message: "cannot write into \(folder)")
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw ImportError(file: path, message: "cannot replace the file: \(reason)")
        }
    }
}

/// The precision of a browser's answer: Chrome lays out in LayoutUnits of 1/64 px, so where a layout has fractional
/// lengths (three items sharing 100 px) its frames are the exact ones snapped to 1/64 px (33.328125, not
/// 33.333…), and an engine that computes in floating point is right within 1/64 px of them.
enum LayoutUnits {
    static let tolerance = Tolerance(
        geometry: 1.0 / 64,
        reason: "Chromium's answer: lengths in LayoutUnits of 1/64 px, and this layout has fractional ones")

    /// Whether any frame has a coordinate or size that is not a whole pixel.
    static func isFractional(_ frames: [ImportFrame]) -> Bool {
        frames.contains { frame in
            [frame.frame.x, frame.frame.y, frame.frame.width, frame.frame.height].contains { $0 != $0.rounded() }
        }
    }
}
