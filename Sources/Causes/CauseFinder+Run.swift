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

        public var unexplained: [KnownFailure] {
            let done = Set(explained.map(\.case))
            return knownEntries.filter { !done.contains($0.case) }
        }
    }

    /// The engine's findings in `directory` (`<golden>/flex/findings/<engine>`), each with the signature of the
    /// engine's difference on it against its `expect`. A file that does not decode is an error naming it.
    public func findings(in directory: String) throws(InputError) -> [Finding] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        var found: [Finding] = []
        for name in names.sorted() where name.hasSuffix(".json") {
            let path = directory + "/" + name
            guard let flexCase = try CaseLoader.load(path).definition as? FlexCase else {
                throw InputError(file: path, message: "a finding must be a flex case")
            }
            guard flexCase.description?.isEmpty == false else {
                throw InputError(file: path, message: "$.description: a finding's description is its reason")
            }
            var signature: CauseSignature?
            if let expect = flexCase.expect?.frames, case .frames(let answer) = FlexFuzzer.ask(engine, flexCase) {
                let found = mismatches(expect, answer, tolerance: tolerance(flexCase))
                if !found.isEmpty { signature = CauseSignature(flexCase, expected: expect, mismatches: found) }
            }
            found.append(
                Finding(
                    name: String(name.dropLast(".json".count)), path: path, flexCase: flexCase, signature: signature))
        }
        return found
    }

    /// 1. Ask the engine about every subject; 2. reduce its failures (the first `limit`, spread evenly over them
    /// when there are more); 3. group the reductions into causes, named by `findings`; 4. read `knownEntries`
    /// against them. `progress` is told after each reduction.
    public func explain(
        _ subjects: [Subject], version: String, findings: [Finding], knownEntries: [KnownFailure], limit: Int?,
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
        // 2. Reduce them.
        let chosen = Self.spread(failures, limit: limit)
        let answers = Answers()
        var reductions: [Reduction] = []
        for failure in chosen {
            reductions.append(reduce(failure, answers: answers))
            progress(reductions.count, chosen.count)
        }
        report.reduced = reductions.count
        // 3. Causes; 4. the known failures they explain.
        report.causes = Cause.group(reductions, findings: findings)
        report.staleFindings = findings.filter { $0.signature == nil }.map(\.name)
        report.knownEntries = knownEntries.filter { $0.engine == engine.name }
        let named = Self.namedCauses(report.causes)
        report.explained = report.knownEntries.filter { entry in
            if let cause = entry.cause, findings.contains(where: { $0.name == cause }) { return true }
            return Self.cause(of: entry, engine: engine.name, in: named) != nil
        }
        return report
    }

    /// At most `limit` of `items`, evenly spaced (all of them without a limit).
    static func spread<T>(_ items: [T], limit: Int?) -> [T] {
        guard let limit, limit < items.count else { return items }
        guard limit > 0 else { return [] }
        return (0..<limit).map { items[$0 * items.count / limit] }
    }

    /// The named cause of each reduced case, by identifier.
    static func namedCauses(_ causes: [Cause]) -> [String: String] {
        var named: [String: String] = [:]
        for cause in causes {
            guard let name = cause.finding?.name else { continue }
            for reduction in cause.reductions { named[reduction.identifier] = name }
        }
        return named
    }

    /// The named cause that explains `entry`: the commonest among the reduced cases it covers, when every one of
    /// them has a named cause; nil when it covers none or some have none.
    static func cause(of entry: KnownFailure, engine: String, in named: [String: String]) -> String? {
        let covered: [String?]
        if entry.case.contains(where: { "*?[".contains($0) }) {
            covered = named.keys.filter { entry.covers(engine: engine, caseName: $0) }.map { named[$0] }
        } else {
            covered = named[entry.case].map { [$0] } ?? []
        }
        guard !covered.isEmpty, covered.allSatisfy({ $0 != nil }) else { return nil }
        let counts = Dictionary(grouping: covered.compactMap { $0 }, by: { $0 }).mapValues(\.count)
        return counts.max { ($0.value, $1.key) < ($1.value, $0.key) }?.key
    }

    /// The causes to write into the known-failure list: per entry that a named cause explains, its name.
    public static func causesForEntries(_ report: EngineReport) -> [String: String] {
        let named = namedCauses(report.causes)
        var causes: [String: String] = [:]
        for entry in report.knownEntries {
            if let cause = cause(of: entry, engine: report.engine, in: named) { causes[entry.case] = cause }
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
