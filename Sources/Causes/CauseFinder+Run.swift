import BoxLayout
import CanonicalJSON
import CaseIO
import Conformance
import Engines
import Flexbox
import Foundation
import Gentest
import Judging
import LayoutCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One engine's run of `ristretto explain`: its failures reduced and grouped into causes, matched with the findings
/// people named, and its known-failure list read against them.
extension CauseFinder {
    /// A case to explain, as the corpus names it.
    public struct Subject: Sendable {
        public var identifier: String
        public var family: String?
        public var flexCase: FlexCase

        public init(identifier: String, family: String?, flexCase: FlexCase) {
            self.identifier = identifier
            self.family = family
            self.flexCase = flexCase
        }
    }

    /// What an engine's run found.
    public struct EngineReport: Sendable {
        public var engine: String
        public var version: String
        /// Cases with an `expect` the engine was asked about.
        public var judged = 0
        /// Cases it failed, and how many of those were reduced (the rest are beyond `limit`).
        public var failures = 0
        public var reduced = 0
        public var causes: [Cause] = []
        /// Findings the engine passes or refuses: their cause is gone (or was never the engine's).
        public var staleFindings: [String] = []
        /// The engine's known-failure entries, and which of them a named cause explains.
        public var knownEntries: [KnownFailure] = []
        public var explained: [KnownFailure] = []
        /// The entries that cover at least one reduced failure: the ones the run checked.
        public var judgedEntries: [KnownFailure] = []
        /// The named causes of each explained entry, by its case glob (`entryCauses`).
        public var entryCauses: [String: [String]] = [:]
        /// Findings whose counterfactual fails on their own case: it explains nothing.
        public var unsoundFindings: [String] = []
        /// The box cases it fails (`boxFailure`): not reduced, explained only by the documented cause.
        public var boxFailures: [BoxFailure] = []

        public var unexplained: [KnownFailure] {
            let done = Set(explained.map(\.case))
            return knownEntries.filter { !done.contains($0.case) }
        }
    }

    /// The engine's findings under `root` (`<golden>/flex/findings`): every finding of `root/<engine>/` and those of
    /// the other folders whose `finding.engines` lists the engine, each with the signature of the engine's difference
    /// on it against its `expect` and whether its counterfactual holds. A file that does not decode, a finding whose
    /// `engines` leaves out its own folder's engine, or two findings of one name are errors naming the file.
    public func findings(root: String, answers: Answers = Answers()) throws(InputError) -> [Finding] {
        let manager = FileManager.default
        let folders = ((try? manager.contentsOfDirectory(atPath: root)) ?? []).sorted()
        var found: [Finding] = []
        for folder in folders {
            let directory = root + "/" + folder
            guard let names = try? manager.contentsOfDirectory(atPath: directory) else { continue }
            for name in names.sorted() where name.hasSuffix(".json") {
                let path = directory + "/" + name
                guard let flexCase = try CaseLoader.load(path).definition as? FlexCase else {
                    throw InputError(file: path, message: "a finding must be a flex case")
                }
                let engines = flexCase.finding?.engines ?? [folder]
                guard engines.contains(folder) else {
                    throw InputError(file: path, message: "$.finding.engines: must list its folder's engine, \(folder)")
                }
                guard engines.contains(engine.name) else { continue }
                guard flexCase.description?.isEmpty == false else {
                    throw InputError(file: path, message: "$.description: a finding's description is its reason")
                }
                let findingName = String(name.dropLast(".json".count))
                if let other = found.first(where: { $0.name == findingName }) {
                    throw InputError(file: path, message: "a finding of \(engine.name) named as \(other.path)")
                }
                var signature: CauseSignature?
                if let failure = failure(findingName, family: nil, flexCase), let expect = flexCase.expect?.frames {
                    signature =
                        failure.timedOut
                        ? CauseSignature(timedOut: flexCase)
                        : CauseSignature(
                            flexCase, expected: expect,
                            mismatches: mismatches(expect, failure.answer, tolerance: tolerance(flexCase)))
                }
                var finding = Finding(name: findingName, path: path, flexCase: flexCase, signature: signature)
                finding.counterfactualHolds = counterfactualHolds(finding, answers: answers)
                found.append(finding)
            }
        }
        return found
    }

    /// 1. Ask the engine about every subject; 2. reduce its failures (the first `limit`, spread evenly over them
    /// when there are more) and find the named causes that explain each; 3. group the reductions into causes;
    /// 4. judge the box cases (`boxFailure`); 5. read `knownEntries` against the reductions and box failures.
    /// `progress` is told after each reduction.
    public func explain(
        _ subjects: [Subject], boxes: [BoxSubject] = [], version: String, findings: [Finding],
        knownEntries: [KnownFailure], limit: Int?, answers: Answers = Answers(),
        progress: (Int, Int) -> Void = { _, _ in }
    ) -> EngineReport {
        var report = EngineReport(engine: engine.name, version: version)
        // 1. The failures.
        var failures: [Failure] = []
        for subject in subjects where subject.flexCase.expect != nil {
            report.judged += 1
            if let failure = failure(subject.identifier, family: subject.family, subject.flexCase) {
                failures.append(failure)
            }
        }
        report.failures = failures.count
        // 2. Reduce them, and explain each by the findings whose evidence holds.
        let chosen = Self.spread(failures, limit: limit)
        let counterfactuals = findings.filter { $0.counterfactualHolds == true }
        let named = findings.filter { $0.counterfactualHolds != false }
        var reductions: [Reduction] = []
        for failure in chosen {
            reductions.append(
                explained(
                    reduce(failure, answers: answers), of: failure, counterfactuals: counterfactuals,
                    findings: named, answers: answers))
            progress(reductions.count, chosen.count)
        }
        report.reduced = reductions.count
        // 3. Causes; 4. the box cases; 5. the known failures they explain.
        report.causes = Cause.group(reductions, findings: findings)
        report.staleFindings = findings.filter { $0.signature == nil }.map(\.name)
        report.unsoundFindings = findings.filter { $0.counterfactualHolds == false && $0.signature != nil }.map(\.name)
        report.judged += boxes.filter { $0.boxCase.expect != nil }.count
        report.boxFailures = boxes.compactMap { boxFailure($0, answers: answers) }
        report.knownEntries = knownEntries.filter { $0.engine == engine.name }
        let explanations =
            reductions.map { (identifier: $0.identifier, causes: $0.causes) }
            + report.boxFailures.map { (identifier: $0.identifier, causes: $0.causes) }
        let causes = Self.entryCauses(report.knownEntries, engine: engine.name, explanations: explanations)
        report.explained = report.knownEntries.filter { causes[$0.case] != nil }
        report.judgedEntries = report.knownEntries.filter { entry in
            explanations.contains { entry.covers(engine: engine.name, caseName: $0.identifier) }
        }
        report.entryCauses = causes
        return report
    }

    /// At most `limit` of `items`, evenly spaced (all of them without a limit).
    static func spread<T>(_ items: [T], limit: Int?) -> [T] {
        guard let limit, limit < items.count else { return items }
        guard limit > 0 else { return [] }
        return (0..<limit).map { items[$0 * items.count / limit] }
    }

    /// The causes of each entry whose failures in the run named causes all explain: the names the covered failures
    /// need, the one that explains most of them first (then by name). An entry covering no failure of
    /// `explanations` (each failure's identifier and its causes), or one that no named cause explains, has none.
    static func entryCauses(
        _ entries: [KnownFailure], engine: String, explanations: [(identifier: String, causes: [String])]
    ) -> [String: [String]] {
        let byIdentifier = Dictionary(
            explanations.map { ($0.identifier, $0) }, uniquingKeysWith: { first, _ in first })
        var causes: [String: [String]] = [:]
        for entry in entries {
            let covered: [(identifier: String, causes: [String])]
            if entry.case.contains(where: { "*?[".contains($0) }) {
                covered = explanations.filter { entry.covers(engine: engine, caseName: $0.identifier) }
            } else {
                covered = byIdentifier[entry.case].map { [$0] } ?? []
            }
            guard !covered.isEmpty, covered.allSatisfy({ !$0.causes.isEmpty }) else { continue }
            let counts = Dictionary(grouping: covered.flatMap(\.causes), by: { $0 }).mapValues(\.count)
            causes[entry.case] = counts.keys.sorted { (counts[$0]!, $1) > (counts[$1]!, $0) }
        }
        return causes
    }
}

extension CauseFinder {
    /// Asks the browsers about the representative of every cause and keeps their answer as its `expect` when they
    /// agree with the oracle's (within 1/64 px): then `confirmedBy` names them and its `source` too. A cause whose
    /// browsers disagree with each other or with the oracle stays unconfirmed.
    public static func confirm(_ causes: inout [Cause], with consensus: FlexConsensus) {
        for index in causes.indices {
            var minimal = causes[index].representative.minimal
            guard case .agreed(let frames, _) = consensus.judge(minimal), let expected = minimal.expect?.frames,
                FlexFuzzer.largestDifference(expected, frames) <= FlexConsensus.tolerance
            else { continue }
            let versions = consensus.browsers.map(\.version)
            minimal.expect = BoxFrames(frames: frames)
            minimal.source = FlexCaseSource(engines: versions, origin: .generator("explain"))
            causes[index].representative.minimal = minimal
            causes[index].confirmedBy = versions
        }
    }
}
