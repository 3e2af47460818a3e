import Engines
import Foundation
import LayoutCore

/// What one timed workload (or case) in one mode computes, as the answer check lays it out: the case the engines
/// were given, and the change the mode makes between two layouts (docs/benchmarks.md "Equal answers").
struct AnswerProblem {
    /// The case JSON every engine was timed on (the resize variant for resize).
    var caseJSON: Data
    /// The same case for the in-process reference, which needs no JSON (and so no nesting limit); nil when it
    /// cannot express the case.
    var referenceCase: LayoutCase?
    /// Nil for fresh; relayout's second width, resize's W(1), incremental's first change.
    var change: LayoutChange?
    /// The case's own expected frames and the tolerance they are judged with, for fresh (the case as written).
    var expect: (frames: [PeerFrame], tolerance: Double)?

    /// A benchmark shape in `mode`.
    init(workload: Workload, mode: BenchMode) throws {
        let tree = workload.tree(for: mode)
        caseJSON = try tree.caseJSON()
        referenceCase = tree.layoutCase
        switch mode {
        case .fresh: change = nil
        case .relayout: change = .resize(width: tree.relayoutWidths.1)
        case .resize: change = .resize(width: workload.resizeWidth(call: 1))
        case .incremental:
            let leaf = workload.incrementalChange
            change = .content(path: leaf.path, size: leaf.content(call: 0))
        }
    }

    /// A case file in `mode`, with the leaf the run chose for incremental.
    init(case workload: CaseWorkload, mode: BenchMode) {
        caseJSON = workload.caseJSON
        referenceCase = workload.referenceCase
        switch mode {
        case .fresh:
            change = nil
            expect = workload.expect.map { ($0, workload.expectTolerance) }
        case .relayout: change = .resize(width: relayoutWidths(proposalWidth: workload.proposalWidth).1)
        case .resize: change = .resize(width: workload.resizeWidth(call: 1))
        case .incremental:
            let leaf = workload.incrementalChange ?? IncrementalChange(path: [])
            change = .content(path: leaf.path, size: leaf.content(call: 0))
        }
    }
}

/// How one engine's frames compare with the answer key of a workload and mode.
enum AnswerVerdict: Hashable {
    /// Every frame within the tolerance: the engine did the same work as the key's engine.
    case same
    /// The frames differ; the first difference, and how many more.
    case different(String)
    /// No comparison could be made (no key, or the engine's layout request failed): why.
    case unchecked(String)

    /// True, false, or nil for unchecked: `BenchmarkResult.sameAnswer`.
    var isSame: Bool? {
        switch self {
        case .same: true
        case .different: false
        case .unchecked: nil
        }
    }
}

/// The outcome of `checkAnswers`: whose answer the key is, and each engine's verdict.
struct AnswerCheck {
    /// "the reference's", "the case's expect", "yoga's", or nil when there was no key.
    var key: String?
    var verdicts: [String: AnswerVerdict]
}

/// Where an answer check takes its key from, in order: the case's `expect` (fresh only), else the reference's
/// frames, else the frames of `fallback` (a case run's baseline, when the reference cannot express the case).
struct AnswerKeySource {
    var reference: ReferenceEngine
    var fallback: String?

    static func reference(_ engine: ReferenceEngine) -> AnswerKeySource {
        AnswerKeySource(reference: engine, fallback: nil)
    }
}

/// Lays `problem` out with every engine of `engines` (the ones timed on it) and compares each answer with the key
/// (`AnswerKeySource`), by path, within 0.01 px or the engine's resolution (Chromium's 1/64 px) and the single-
/// precision slack of `compareFrames`; against an `expect`, as the corpus judges the engine (`judgedMismatches`).
/// The reference is the key's own engine when the key is its answer, and then the same by definition.
/// A peer's layout request may take `timeout` (two layouts and the building of its tree) before its adapter is
/// stopped and its answer left unchecked: an adapter that never answers a layout must not hold the run.
func checkAnswers(
    _ engines: [any LayoutEngineAdapter], on problem: AnswerProblem, key source: AnswerKeySource,
    timeout: Duration = .seconds(12)
) -> AnswerCheck {
    for case let peer as SubprocessEngine in engines { peer.requestTimeout = timeout }
    // 1. The reference's own answer, in process.
    let referenceFrames: [PeerFrame]? = problem.referenceCase.flatMap { layoutCase in
        if let change = problem.change {
            try? source.reference.layout(layoutCase, applying: change)
        } else {
            try? source.reference.layout(layoutCase)
        }
    }
    func answer(of engine: any LayoutEngineAdapter) throws -> [PeerFrame] {
        if engine.name == "reference", let referenceFrames { return referenceFrames }
        return try engine.layout(caseJSON: problem.caseJSON, change: problem.change, rounding: false)
    }
    // 2. The key.
    let key: (name: String, engine: String?, frames: [PeerFrame], tolerance: Double?)?
    if let expect = problem.expect {
        key = ("the case's expect", nil, expect.frames, expect.tolerance)
    } else if let referenceFrames {
        key = ("the reference's", "reference", referenceFrames, nil)
    } else if let fallback = source.fallback, let engine = engines.first(where: { $0.name == fallback }),
        let frames = try? answer(of: engine)
    {
        key = ("\(fallback)'s", fallback, frames, nil)
    } else {
        key = nil
    }
    guard let key else {
        let reason = "no answer to check against (no expect, and neither the reference nor the baseline answered)"
        return AnswerCheck(
            key: nil, verdicts: Dictionary(uniqueKeysWithValues: engines.map { ($0.name, .unchecked(reason)) }))
    }
    // 3. Each engine's answer against it.
    var verdicts: [String: AnswerVerdict] = [:]
    for engine in engines {
        if engine.name == key.engine {
            verdicts[engine.name] = .same
            continue
        }
        let frames: [PeerFrame]
        do {
            frames = try answer(of: engine)
        } catch {
            verdicts[engine.name] = .unchecked("its layout request failed: \(error)")
            continue
        }
        let mismatches: [String]
        if let caseTolerance = key.tolerance {
            mismatches = judgedMismatches(
                expected: key.frames, answer: frames, engine: engine.name, caseTolerance: caseTolerance
            ).map(\.mismatch.description)
        } else {
            let tolerance = max(
                0.01, SubprocessEngine.geometryResolution(of: engine.name),
                key.engine.map(SubprocessEngine.geometryResolution(of:)) ?? 0)
            mismatches = compareFrames(expected: key.frames, actual: frames, tolerance: tolerance)
        }
        verdicts[engine.name] =
            mismatches.isEmpty
            ? .same
            : .different(mismatches[0] + (mismatches.count > 1 ? " (and \(mismatches.count - 1) more)" : ""))
    }
    return AnswerCheck(key: key.name, verdicts: verdicts)
}

/// The notes of a run's answer checks: per engine, the workloads whose frames differ from the key (their ratios
/// are marked ≠ and left out of the means) and those that could not be checked.
struct AnswerNotes {
    private var different: [String: [String]] = [:]
    private var unchecked: [String: [String]] = [:]
    private var checked: [String: Int] = [:]
    private var order: [String] = []

    /// Records `engine`'s verdict on `workload` ("flex-flow-200 fresh"), judged against `key` ("the reference's").
    mutating func add(_ engine: String, _ workload: String, _ verdict: AnswerVerdict?, key: String?) {
        guard let verdict else { return }
        if !order.contains(engine) { order.append(engine) }
        checked[engine, default: 0] += 1
        switch verdict {
        case .same: break
        case .different(let first):
            different[engine, default: []].append("\(workload) (against \(key ?? "the key"): \(first))")
        case .unchecked(let why): unchecked[engine, default: []].append("\(workload) (\(why))")
        }
    }

    /// "answers: yoga's frames differ on 2 of 36 workloads timed (ratios marked ≠, left out of the means): …";
    /// eight named at most.
    var notes: [String] {
        func list(_ items: [String]) -> String {
            items.prefix(8).joined(separator: "; ") + (items.count > 8 ? "; … (\(items.count) in all)" : "")
        }
        return order.flatMap { engine -> [String] in
            var lines: [String] = []
            if let items = different[engine] {
                lines.append(
                    "answers: \(engine)'s frames differ on \(items.count) of \(checked[engine] ?? 0) timed (ratios marked ≠, left out of the means): "
                        + list(items))
            }
            if let items = unchecked[engine] {
                lines.append("answers: \(engine)'s frames not checked on \(items.count): " + list(items))
            }
            return lines
        }
    }
}
