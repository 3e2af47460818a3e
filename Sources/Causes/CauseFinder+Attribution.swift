import Engines
import Flexbox
import Gentest
import Judging
import LayoutCore

/// Which named causes explain a failure, with evidence checked again on every run (docs/causes.md "Which causes
/// explain a failure"): first the findings' counterfactuals on the whole case, then the minimal case's signature.
extension CauseFinder {
    /// Whether `finding`'s counterfactual holds on its own case: the engine differs from the finding's `expect`, and
    /// with the rewrite applied it gives the oracle's answer. Nil for a finding without a counterfactual.
    /// A finding of slowness (`FlexFinding.timeLimit`) holds where the engine does not answer its case within its
    /// own limit and, given the finding's, gives the oracle's answer.
    public func counterfactualHolds(_ finding: Finding, answers: Answers) -> Bool? {
        if let limit = finding.flexCase.finding?.timeLimit {
            guard finding.signature?.difference == [CauseSignature.timeDifference],
                let patient = patient(limit, answers)
            else { return false }
            return patient.finder.agrees(finding.flexCase, patient.answers) == true
        }
        guard let rules = finding.flexCase.finding?.counterfactual else { return nil }
        guard finding.signature != nil else { return false }
        return agrees(rules.applied(to: finding.flexCase), answers) == true
    }

    /// This finder with the patient engine given `seconds` in place of the engine, and its answers (the oracle's
    /// shared); nil without a patient engine.
    func patient(_ seconds: Double, _ answers: Answers) -> (finder: CauseFinder, answers: Answers)? {
        guard let patientEngine else { return nil }
        var finder = self
        finder.engine = patientEngine(.milliseconds(Int64((seconds * 1000).rounded())))
        finder.patientEngine = nil
        let patientAnswers = answers.patient[seconds] ?? Answers()
        patientAnswers.oracle = answers.oracle
        answers.patient[seconds] = patientAnswers
        return (finder, patientAnswers)
    }

    /// The findings that explain `failure`, a case the engine did not answer within its time limit: a finding of
    /// slowness among `findings` whose time limit gets an answer from the engine, with, when that answer still
    /// differs from the oracle's, the counterfactual set (`attribute`, the engine given as long) that explains the
    /// rest; nil when no such finding gets an answer or the rest stays unexplained.
    public func attributeTimeout(_ failure: Failure, to findings: [Finding], answers: Answers) -> [Finding]? {
        guard failure.timedOut, oracleGivesExpect(failure, answers) else { return nil }
        for slowness in findings {
            guard let limit = slowness.flexCase.finding?.timeLimit, let patient = patient(limit, answers),
                let answer = patient.finder.engineAnswer(failure.flexCase, patient.answers)
            else { continue }
            let lines = differences(
                failure.flexCase.expect?.frames ?? [], answer, tolerance: tolerance(failure.flexCase))
            if lines.isEmpty { return [slowness] }
            var answered = failure
            answered.answer = answer
            answered.differences = lines
            answered.timedOut = false
            // `attribute` keeps the findings with counterfactual rules (a finding of slowness has none).
            if let set = patient.finder.attribute(answered, to: findings, answers: patient.answers) {
                return [slowness] + set
            }
        }
        return nil
    }

    /// Whether the engine gives the oracle's answer on `flexCase`; nil when either cannot answer.
    func agrees(_ flexCase: FlexCase, _ answers: Answers) -> Bool? {
        remaining(flexCase, answers).map { $0 == 0 }
    }

    /// How many numbers of the engine's answer differ from the oracle's on `flexCase`; nil when either cannot
    /// answer.
    func remaining(_ flexCase: FlexCase, _ answers: Answers) -> Int? {
        guard let expected = oracleAnswer(flexCase, answers), let answer = engineAnswer(flexCase, answers) else {
            return nil
        }
        return mismatches(expected, answer, tolerance: tolerance(flexCase)).count
    }

    /// The smallest set the greedy search finds of `findings` (each with a counterfactual that holds) whose
    /// rewrites, applied to the failure's whole case, make the engine give the oracle's answer; nil when there is
    /// none, or the oracle does not give the failure's own `expect` (then it cannot judge a rewritten case).
    ///
    /// 1. A finding whose rewrite alone makes them agree, the first in `findings`' order; 2. else the rewrite that
    /// leaves the fewest differing numbers, and again from the rewritten case, while the count falls; where no
    /// rewrite lowers it, a rewrite that changes no number followed by another finding's (2b); 3. each finding the
    /// agreement does not need is dropped. A rewrite that changes nothing is never tried.
    public func attribute(_ failure: Failure, to findings: [Finding], answers: Answers) -> [Finding]? {
        let findings = findings.filter { $0.flexCase.finding?.counterfactual != nil }
        guard !findings.isEmpty, oracleGivesExpect(failure, answers) else { return nil }
        func rewritten(_ chosen: [Finding]) -> FlexCase {
            chosen.reduce(failure.flexCase) { flexCase, finding in
                (finding.flexCase.finding?.counterfactual ?? []).applied(to: flexCase)
            }
        }
        var chosen: [Finding] = []
        var current = failure.flexCase
        guard var left = remaining(current, answers), left > 0 else { return nil }
        var candidates = findings
        func rules(_ finding: Finding) -> [FlexRewrite] { finding.flexCase.finding?.counterfactual ?? [] }
        // 1, 2. Greedy: the rewrite that leaves the fewest differences, until none is left.
        while left > 0 {
            var best: (indices: [Int], left: Int, flexCase: FlexCase)?
            var neutral: [(index: Int, flexCase: FlexCase)] = []
            for (index, finding) in candidates.enumerated() {
                let next = rules(finding).applied(to: current)
                guard next.root != current.root, let count = remaining(next, answers) else { continue }
                if count == left { neutral.append((index, next)) }
                if best == nil || count < best!.left { best = ([index], count, next) }
                if count == 0 { break }
            }
            // 2b. No rewrite lowers the count: one that changes the case but no number may let another act (an
            // item aligned as flex-start whatever its keyword, once given flex-start, meets the rule of another
            // mechanism), so each such rewrite is followed by each other finding's.
            if best.map({ $0.left >= left }) ?? true {
                pairs: for first in neutral {
                    for (index, finding) in candidates.enumerated() where index != first.index {
                        let next = rules(finding).applied(to: first.flexCase)
                        guard next.root != first.flexCase.root, let count = remaining(next, answers),
                            count < min(left, best?.left ?? .max)
                        else { continue }
                        best = ([first.index, index], count, next)
                        if count == 0 { break pairs }
                    }
                }
            }
            guard let step = best, step.left < left else { return nil }
            chosen.append(contentsOf: step.indices.map { candidates[$0] })
            for index in step.indices.sorted(by: >) { candidates.remove(at: index) }
            current = step.flexCase
            left = step.left
        }
        // 3. Drop what the agreement does not need.
        for finding in chosen where chosen.count > 1 {
            let without = chosen.filter { $0.name != finding.name }
            if agrees(rewritten(without), answers) == true { chosen = without }
        }
        return chosen
    }

    /// The causes of `reduction` (of `failure`): the counterfactual set, else the finding with its signature.
    func explained(
        _ reduction: Reduction, of failure: Failure, counterfactuals: [Finding], findings: [Finding], answers: Answers
    ) -> Reduction {
        var explained = reduction
        // A timeout is judged by a finding of slowness alone: its signature says nothing of the layout.
        if failure.timedOut {
            if let set = attributeTimeout(failure, to: counterfactuals, answers: answers) {
                explained.causes = set.map(\.name).sorted()
                explained.evidence = .counterfactual
            }
            return explained
        }
        if let set = attribute(failure, to: counterfactuals, answers: answers) {
            explained.causes = set.map(\.name).sorted()
            explained.evidence = .counterfactual
        } else if let finding = findings.first(where: { $0.signature == reduction.signature }) {
            explained.causes = [finding.name]
            explained.evidence = .signature
        }
        return explained
    }
}
