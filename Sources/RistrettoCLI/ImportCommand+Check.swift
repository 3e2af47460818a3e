import ArgumentParser
import CanonicalJSON
import CaseIO
import Engines
import Flexbox
import Foundation
import Gentest
import Judging

/// `import --check`: today's Chromium, Firefox and WebKit asked again about an imported suite, against the numbers
/// its cases recorded (docs/importers.md "Checking an import against today's browsers").
extension ImportCommand {
    /// What the browsers made of one imported case.
    struct CheckedCase: Encodable {
        enum Verdict: String, Encodable {
            /// Every browser lays it out as recorded.
            case agrees
            /// All three contradict the recorded numbers alike (`SuiteExpectation.isStale`).
            case stale
            /// Some browsers contradict the recorded numbers.
            case contradicted
            /// A browser refused or failed the case (and no other contradicts it).
            case unanswered
        }
        struct Unanswered: Encodable {
            var engine: String
            var message: String
        }

        /// The case's identifier below its folder, and its file.
        var `case`: String
        var file: String
        /// Whose numbers `expect` holds (`source.engines`).
        var recordedBy: [String]
        var verdict: Verdict
        var contradictedBy: [SuiteExpectation.Contradiction]
        var unanswered: [Unanswered]
    }

    /// The check of a whole suite: every case's verdict and the browsers asked.
    struct CheckReport: Encodable {
        var browsers: [String]
        var cases: [CheckedCase]
        var line: String { Self.summary(cases) }
        var exitCode: Int32 { cases.allSatisfy { $0.verdict == .agrees } ? 0 : 1 }

        /// `N cases: N agree with every browser, N stale expectations, N contradicted by some browsers, N unanswered`.
        static func summary(_ cases: [CheckedCase]) -> String {
            func count(_ verdict: CheckedCase.Verdict) -> Int { cases.count { $0.verdict == verdict } }
            return "\(cases.count) cases: \(count(.agrees)) agree with every browser, \(count(.stale)) stale "
                + "expectations, \(count(.contradicted)) contradicted by some browsers, \(count(.unanswered)) unanswered"
        }

        /// The console's lines: each case that does not agree, then per browser how many cases it contradicts, then
        /// the summary.
        var lines: [String] {
            var lines = ["browsers: " + browsers.joined(separator: ", ")]
            for checked in cases where checked.verdict != .agrees {
                let what = "\(checked.case) (\(checked.recordedBy.joined(separator: ", ")))"
                switch checked.verdict {
                case .agrees: break
                case .stale:
                    lines.append("stale expectation \(what): \(checked.contradictedBy.first?.mismatch ?? "")")
                case .contradicted, .unanswered:
                    let parts =
                        checked.contradictedBy.map { "\($0.engine): \($0.mismatch)" }
                        + checked.unanswered.map { "\($0.engine): \($0.message)" }
                    lines.append("\(checked.verdict.rawValue) \(what): " + parts.joined(separator: "; "))
                }
            }
            for browser in browsers {
                let contradicted = cases.count { $0.contradictedBy.contains { $0.engine == browser } }
                lines.append("\(browser): contradicts the recorded numbers of \(contradicted) of \(cases.count) cases")
            }
            lines.append(line)
            return lines
        }

        enum CodingKeys: String, CodingKey { case browsers, cases, line, exitCode }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(browsers, forKey: .browsers)
            try container.encode(cases, forKey: .cases)
            try container.encode(line, forKey: .line)
            try container.encode(exitCode, forKey: .exitCode)
        }
    }

    /// Every imported flex case with `expect` below `paths` (a folder searched recursively, or a case file), sorted
    /// by identifier: its identifier, file and case.
    /// - Throws: `InputError` naming the file for a path that does not exist or a case that does not read.
    static func importedCases(_ paths: [String]) throws(InputError) -> [(String, String, FlexCase)] {
        var found: [(String, String, FlexCase)] = []
        for path in paths {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw InputError(file: path, message: "no such file or folder")
            }
            let files =
                isFolder.boolValue
                ? try CaseSelection.discover(golden: path).map { ($0, path + "/" + $0 + ".json") }
                : [(((path as NSString).lastPathComponent as NSString).deletingPathExtension, path)]
            for (identifier, file) in files {
                guard let flexCase = try CaseLoader.load(file, identifier: identifier).definition as? FlexCase,
                    flexCase.expect != nil,
                    case .imported = flexCase.source?.origin
                else { continue }
                found.append((identifier, file, flexCase))
            }
        }
        return found
    }

    /// Asks every browser of `consensus` about each case and judges its answers against the case's `expect`
    /// (`SuiteExpectation`), within the case's tolerance and at least one LayoutUnit.
    static func check(_ cases: [(String, String, FlexCase)], consensus: FlexConsensus) -> CheckReport {
        let versions = consensus.browsers.map(\.version)
        let checked = cases.map { identifier, file, flexCase -> CheckedCase in
            var frames: [(engine: String, frames: [PeerFrame])] = []
            var unanswered: [CheckedCase.Unanswered] = []
            for (version, answer) in zip(versions, consensus.askAll(flexCase)) {
                switch answer {
                case .frames(let answered): frames.append((version, answered))
                case .refused(let message): unanswered.append(.init(engine: version, message: "refused: \(message)"))
                case .failed(let message): unanswered.append(.init(engine: version, message: "failed: \(message)"))
                }
            }
            let tolerance = max(SubprocessEngine.layoutUnit, flexCase.tolerance.geometry)
            let judged = SuiteExpectation.judge(expect: flexCase.expect!.frames, tolerance: tolerance, answers: frames)
            let verdict: CheckedCase.Verdict =
                judged.isStale
                ? .stale
                : !judged.contradictions.isEmpty ? .contradicted : unanswered.isEmpty ? .agrees : .unanswered
            return CheckedCase(
                case: identifier, file: file, recordedBy: flexCase.source?.engines ?? [], verdict: verdict,
                contradictedBy: judged.contradictions, unanswered: unanswered)
        }
        return CheckReport(browsers: versions, cases: checked)
    }

    /// `import --check PATH…`: the check, printed, and written as JSON to `--json`; exit 1 when a case does not
    /// agree with every browser.
    func runCheck() throws {
        let paths = [format] + self.paths
        if out != nil { throw InputError(file: "--out", message: "--check reads imported cases and writes none") }
        let cases = try Self.importedCases(paths)
        let consensus = try GentestCommand.startBrowsers(
            adapterDirectory: PeerOptions.adapterDirectory(enginesDirectory))
        defer { consensus.shutDown() }
        let report = Self.check(cases, consensus: consensus)
        for line in report.lines { print(line) }
        if let json {
            try AtomicFile.write(try JSONOutput.encode(report) + Data("\n".utf8), to: json)
        }
        if report.exitCode != 0 { throw ExitCode(report.exitCode) }
    }
}
