import BoxLayout
import Engines
import Flexbox
import Judging
import LayoutCore

/// Box cases: an engine lays out a box case's CSS translation (`BoxToFlex`, docs/conformance.md "Box cases as flex
/// cases"), while the case's `expect` is Puyopuyo's answer. Where the engine fails a box case but gives the oracle's
/// CSS answer on the translation, the difference is one between Puyopuyo and CSS (docs/spec/puyopuyo-boxes.md §12),
/// not the engine's: the documented cause `puyopuyo-semantics-differ-from-css` (docs/causes.md).
extension CauseFinder {
    /// The documented cause of a box-case failure on which the engine answers the translation as CSS does.
    public static let boxSemanticsCause = "puyopuyo-semantics-differ-from-css"

    /// A box case to judge, as the corpus names it.
    public struct BoxSubject: Sendable {
        public var identifier: String
        public var boxCase: BoxCase

        public init(identifier: String, boxCase: BoxCase) {
            self.identifier = identifier
            self.boxCase = boxCase
        }
    }

    /// A box case the engine fails, and whether its answer on the translation is the oracle's (checked this run).
    public struct BoxFailure: Sendable {
        public var identifier: String
        /// The first differences from the box case's `expect`.
        public var differences: [String]
        /// The engine gives the oracle's answer on the translation: the failure is Puyopuyo's difference from CSS.
        public var answersAsCSS: Bool

        /// The named causes that explain it: the documented one, or none.
        public var causes: [String] { answersAsCSS ? [CauseFinder.boxSemanticsCause] : [] }
    }

    /// The engine's failure on `subject`, or nil when it passes, refuses the case (no translation) or cannot answer.
    public func boxFailure(_ subject: BoxSubject, answers: Answers) -> BoxFailure? {
        guard let translation = try? BoxToFlex.translate(subject.boxCase),
            let failure = failure(subject.identifier, family: nil, translation)
        else { return nil }
        let css = oracleAnswer(translation, answers).map {
            differences($0, failure.answer, tolerance: tolerance(translation)).isEmpty
        }
        return BoxFailure(identifier: subject.identifier, differences: failure.differences, answersAsCSS: css == true)
    }
}
