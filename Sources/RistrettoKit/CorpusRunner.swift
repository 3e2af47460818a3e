import BoxLayout
import CaseIO
import Conformance
import Engines
import Foundation
import Judging
import LayoutCore

/// Judges an engine on corpus cases with the verdict code of `ristretto conform --engine`: the same loading, the same
/// comparison by node path within the same tolerance (0.01 px, or the case's own if larger), the same known
/// failures. An engine's refusal is a verdict of its own, never a failure.
public struct CorpusRunner: Sendable {
    /// The known failures the verdicts honour (`Corpus.knownFailures(of:in:)`): a failure they cover is `known`.
    public var knownFailures: [KnownFailure]

    public init(knownFailures: [KnownFailure] = []) {
        self.knownFailures = knownFailures
    }

    /// The verdict of `engine` on one case. Only box and flex cases with `expect` (and flex interop cases) are an
    /// engine's to judge; the others are `notApplicable`.
    public func judge(_ engine: any InProcessLayoutEngine, _ corpusCase: CorpusCase) -> ConformanceResult {
        let peer = PeerEngine(
            adapter: InProcessEngineAdapter(engine), tolerance: EngineCatalogue.geometryTolerance(of: engine.name),
            installHint: "it runs in process")
        let conformance = PeerConformance(golden: corpusCase.golden, knownFailures: knownFailures)
        let result = conformance.judge(corpusCase.identifier, with: peer)
        let stale = KnownFailures.review(
            EngineColumn(engine: engine.name, results: [result]), entries: knownFailures
        ).stale
        return ConformanceResult(result, engine: engine.name, case: corpusCase, staleKnownFailures: stale)
    }

    /// The verdicts of `engine` on `cases`, in order.
    public func run(_ engine: any InProcessLayoutEngine, cases: [CorpusCase]) -> [ConformanceResult] {
        cases.map { judge(engine, $0) }
    }
}

/// One engine's verdict on one case, with the nodes that differ.
public struct ConformanceResult: Sendable {
    /// The case, `flex/align-content-center`.
    public var identifier: String
    /// The engine's name.
    public var engine: String
    /// Passed, failed (with the first mismatch), known (a known failure), refused (with the engine's reason), error
    /// (the case could not be read), not applicable, or interop (the browsers it sides with).
    public var verdict: EngineCaseResult.Verdict
    /// The frames the case expects (box and flex cases with `expect`).
    public var expected: [PeerFrame]?
    /// The engine's frames, kept when they differ from the expectation (failed and known).
    public var frames: [PeerFrame]?
    /// Every node whose frame differs, in the order of the comparison: the expectation's nodes in pre-order, then
    /// the nodes the engine added. Empty unless the verdict is failed or known with frames.
    public var mismatches: [NodeMismatch]
    /// The engine's own known failures that cover this case although it passed: stale entries to remove, as
    /// `conform --engine` reports them (`STALE`).
    public var staleKnownFailures: [KnownFailure]
    /// What the evidence page is written from: the suite's own result and the case.
    let result: EngineCaseResult
    let golden: String

    init(_ result: EngineCaseResult, engine: String, case corpusCase: CorpusCase, staleKnownFailures: [KnownFailure]) {
        identifier = result.identifier
        self.engine = engine
        verdict = result.verdict
        expected = corpusCase.expected
        frames = result.frames
        self.staleKnownFailures = staleKnownFailures
        self.result = result
        golden = corpusCase.golden
        let tolerance = corpusCase.definition.tolerance.geometry
        mismatches = Self.mismatches(expected: expected, frames: frames, engine: engine, caseTolerance: tolerance)
    }

    /// Writes the case's page as the dashboard draws it (`conform --engine --html`): the expectation and the
    /// engine's frames side by side at one scale, the differing nodes in red, the table of nodes and the case file,
    /// as `<folder>/cases/<slug>/index.html`, `expect.png` and `engine-<engine>.png`. Returns the page's path.
    /// - Throws: `InputError` naming the file that could not be written.
    @discardableResult
    public func writeEvidence(to folder: String) throws(InputError) -> String {
        let input = Reports.CasePageInput(
            identifier: identifier, verdicts: [(engine, result)],
            evidence: CaseEvidence(identifier: identifier, golden: golden), linksToMatrix: false)
        for file in Reports.casePage(input, draw: { $0.png }) {
            try AtomicFile.write(file.bytes, to: folder + "/" + file.path)
        }
        return folder + "/" + Reports.casePagePath(identifier)
    }

    /// The differing nodes, grouped by node, each with both frames.
    static func mismatches(expected: [PeerFrame]?, frames: [PeerFrame]?, engine: String, caseTolerance: Double)
        -> [NodeMismatch]
    {
        guard let expected, let frames else { return [] }
        let found = judgedMismatches(expected: expected, answer: frames, engine: engine, caseTolerance: caseTolerance)
        let expectedByPath = Dictionary(expected.map { ($0.path, $0) }) { first, _ in first }
        let actualByPath = Dictionary(frames.map { ($0.path, $0) }) { first, _ in first }
        var nodes: [NodeMismatch] = []
        for (path, mismatch) in found {
            if let last = nodes.last, last.path == path {
                nodes[nodes.count - 1].fields.append(mismatch.field)
                continue
            }
            let want = expectedByPath[path]
            let got = actualByPath[path]
            nodes.append(
                NodeMismatch(
                    path: path, id: want?.id ?? got?.id, expected: want?.frame, actual: got?.frame,
                    fields: [mismatch.field]))
        }
        return nodes
    }
}

/// A node whose frame an engine got wrong: both frames (x and y relative to the parent), and which fields differ.
public struct NodeMismatch: Hashable, Sendable, CustomStringConvertible {
    /// Child indices from the root, as in frames.
    public var path: [Int]
    public var id: String?
    /// The frame the case expects; nil for a node the engine added.
    public var expected: Rect?
    /// The engine's frame; nil for a node it left out.
    public var actual: Rect?
    /// The fields beyond the tolerance (`x`, `y`, `width`, `height`), or `frame` for a missing or extra node.
    public var fields: [String]

    public init(path: [Int], id: String? = nil, expected: Rect?, actual: Rect?, fields: [String]) {
        self.path = path
        self.id = id
        self.expected = expected
        self.actual = actual
        self.fields = fields
    }

    /// How failure messages name the node: `node [0, 2] "title"`.
    public var subject: String { PeerFrame(path: path, id: id, frame: .zero).subject }

    /// `node [1] "b": expected x 10, y 0, width 20, height 20; got x 11, y 0, width 20, height 20 (x differs)`.
    public var description: String {
        "\(subject): expected \(Self.describe(expected)); got \(Self.describe(actual)) (\(fields.joined(separator: ", ")) \(fields.count == 1 ? "differs" : "differ"))"
    }

    static func describe(_ rect: Rect?) -> String {
        guard let rect else { return "no such node" }
        return [("x", rect.x), ("y", rect.y), ("width", rect.width), ("height", rect.height)]
            .map { "\($0.0) \(GeometryMismatch.format($0.1))" }.joined(separator: ", ")
    }
}
