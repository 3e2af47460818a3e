import BoxLayout
import CaseIO
import Engines
import Flexbox
import Foundation

/// A case as the dashboard shows it beside the engines' verdicts: its file as written and the frames it expects.
/// `--json` carries it too, so that `ristretto merge` draws the same pages without the case files.
public struct CaseEvidence: Hashable, Sendable {
    public var identifier: String
    /// The case file's text as written; nil when it is not UTF-8 text within the size limit.
    public var text: String?
    /// The `expect` of a box or flex case; nil for the other kinds, without one, or when the case cannot be read.
    public var expected: [PeerFrame]?
    /// The case's own `tolerance.geometry` in px (0: exact).
    public var tolerance: Double

    public init(identifier: String, text: String?, expected: [PeerFrame]?, tolerance: Double = 0) {
        self.identifier = identifier
        self.text = text
        self.expected = expected
        self.tolerance = tolerance
    }

    /// Reads the case `identifier` below `golden`; what cannot be read stays nil (its verdict says why).
    public init(identifier: String, golden: String) {
        let path = golden + "/" + identifier + ".json"
        let data = try? CaseLoader.readFile(path, limit: CaseLoader.maxFileBytes)
        self.init(identifier: identifier, text: data.flatMap { String(data: $0, encoding: .utf8) }, expected: nil)
        switch (try? CaseLoader.load(path, identifier: identifier))?.definition {
        case let boxCase as BoxCase:
            (expected, tolerance) = (boxCase.expect?.frames, boxCase.tolerance.geometry)
        case let flexCase as FlexCase:
            (expected, tolerance) = (flexCase.expect?.frames, flexCase.tolerance.geometry)
        default:
            break
        }
    }
}

extension EngineMatrix {
    /// The cases some engine failed, could not read, or failed in a known way, sorted: each gets a page. A case
    /// that engines only refused has nothing to draw (the refusal names the property), and interop cases are
    /// summed up in their rows, so neither gets a page: the corpus's thousands of cases the reference refuses would
    /// otherwise each make one.
    public var identifiersWithPages: [String] {
        var found = Set<String>()
        for column in columns {
            for result in column.results where Self.hasPage(result.verdict) { found.insert(result.identifier) }
        }
        return found.sorted()
    }

    static func hasPage(_ verdict: EngineCaseResult.Verdict) -> Bool {
        switch verdict {
        case .failed, .error, .known: true
        case .passed, .refused, .notApplicable, .interop: false
        }
    }

    /// Reads every case with a page from `golden` into `cases`, for the dashboard and for `--json`.
    public mutating func gatherEvidence(golden: String) {
        cases = identifiersWithPages.map { CaseEvidence(identifier: $0, golden: golden) }
    }
}
