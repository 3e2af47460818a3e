/// The one shrinking loop of the box and the flex shrinkers (`CaseShrinker`, `FlexCaseShrinker`): greedy, each
/// candidate kept only when the property still holds. Each shrinker supplies its one-step simplifications, tagged
/// with their kind of step, biggest kinds first. Pure apart from what `holds` does.
enum GreedyShrinker {
    /// The smallest case reached from `start` while `holds` stays true. After a success the search resumes at the
    /// kind of the step that succeeded (the bigger kinds before it seldom succeed again, and trying them first costs
    /// a candidate each); when nothing from there on holds, every kind is tried once more before stopping.
    /// Terminates: every step makes the case strictly simpler, and at most `budget` candidates are tried.
    static func shrink<Case, Step: Comparable & CaseIterable>(
        _ start: Case, budget: Int, candidates: (Case) -> [(step: Step, candidate: Case)], holds: (Case) -> Bool
    ) -> Case {
        guard let first = Step.allCases.min() else { return start }
        var current = start
        var tried = 0
        var from = first
        while tried < budget {
            var progressed = false
            for (step, candidate) in candidates(current) where step >= from {
                tried += 1
                if holds(candidate) {
                    current = candidate
                    from = step
                    progressed = true
                    break
                }
                if tried >= budget { break }
            }
            if !progressed {
                // Nothing from `from` on: try every kind once more before stopping.
                guard from != first else { break }
                from = first
            }
        }
        return current
    }
}
