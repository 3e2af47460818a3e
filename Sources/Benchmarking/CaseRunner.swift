import Engines
import Foundation
import LayoutCore

/// Times every engine on every case file, in every mode of `config` the case supports (`ristretto bench --case`,
/// docs/benchmarks.md "Cases as workloads"), with the shapes' runner: the same rounds, batches, per-layout limit and
/// time budget (all cases share it). Every ratio is to `baseline`, and the report's `geometricMeans()` answer "which
/// engine is faster on these trees?".
///
/// 1. The reference takes a case only where it can express it; otherwise a note says so and the peers are timed.
/// 2. Fresh and relayout always run. Resize and incremental need a change that moves a frame, which one engine's
///    frames decide, the same for every engine (`judge`): resize where the root's width is the viewport's
///    (`CaseWorkload.resizeBase`) and a layout at W(1) differs from one at W(0); incremental on the first leaf of
///    `CaseWorkload.contentLeaves` (at most eight tried) whose content 8 px wider moves a frame. Cases without them
///    are listed in one note per mode and reason.
/// 3. A peer that refuses a case is noted once and not asked again for that case; a probe over the per-layout limit
///    skips that case and mode; a spent budget stops the engine's remaining cases in that mode.
public func runCaseBenchmarks(
    _ cases: [CaseWorkload], config: BenchmarkConfiguration, engines: [any LayoutEngineAdapter], baseline: String,
    judge reference: ReferenceEngine = ReferenceEngine()
) throws -> BenchmarkReport {
    var notes: [String] = []
    let (available, details) = answeringEngines(engines, notes: &notes)
    if !available.contains(where: { $0.name == baseline }) {
        notes.append("the baseline \(baseline) did not run, so no ratios or geometric means")
    }
    var budgets = Dictionary(
        uniqueKeysWithValues: available.map { ($0.name, EngineBudget(limit: config.engineBudget)) })
    for name in budgets.keys { budgets[name]!.beginShape(shapesLeft: 1) }
    var results: [BenchmarkResult] = []
    var skipped = GroupedNotes()
    var grouped = GroupedNotes()
    var differences = AnswerNotes()
    for var workload in cases {
        // 1. The engines that take the case.
        var takers = available
        if let refusal = workload.referenceRefusal {
            if takers.contains(where: { $0.name == "reference" }) {
                grouped.add(workload.name, heading: "reference cannot express", reason: refusal)
            }
            takers.removeAll { $0.name == "reference" }
        }
        // 2. The modes it supports.
        let modes = supportedModes(
            &workload, modes: config.modes, reference: reference, peers: takers.filter { $0.name != "reference" },
            skipped: &skipped)
        // 3. Each mode, the engines taking turns.
        var refusing: Set<String> = []
        for mode in modes {
            let turns = takers.filter {
                !refusing.contains($0.name)
                    && !budgets[$0.name]!.shouldSkip(
                        series: SeriesKey(engine: $0.name, casesIn: mode), case: workload.name)
            }
            let (timed, failures) = timeInRounds(
                turns, target: TimingTarget(case: workload, mode: mode), config: config, budgets: &budgets)
            for (engine, error) in failures {
                switch error {
                case let stop as SeriesStop:
                    notes.append("\(engine) \(workload.name) \(mode.rawValue): not timed: \(stop.reason)")
                case EngineError.adapter(_, let message):
                    notes.append("\(engine) refuses \(workload.name): \(message)")
                    refusing.insert(engine)
                default:
                    notes.append("\(engine) \(workload.name) \(mode.rawValue): \(error)")
                }
            }
            // The answers of the engines timed, against the case's expect (fresh), else the reference's, else the
            // baseline's.
            let checked = checkAnswers(
                available.filter { timed[$0.name] != nil }, on: AnswerProblem(case: workload, mode: mode),
                key: AnswerKeySource(reference: reference, fallback: baseline), timeout: config.answerTimeout)
            for engine in available {
                guard let timing = timed[engine.name] else { continue }
                var result = BenchmarkResult(
                    engine: engine.name, shape: nil, case: workload.name, size: workload.nodeCount, mode: mode,
                    timing: timing, viaPython: details.viaPython(engine.name))
                result.sameAnswer = checked.verdicts[engine.name]?.isSame
                differences.add(
                    engine.name, "\(workload.name) \(mode.rawValue)", checked.verdicts[engine.name], key: checked.key)
                results.append(result)
            }
        }
    }
    notes.append(contentsOf: grouped.notes + skipped.notes + differences.notes)
    for budget in budgets.values { notes.append(contentsOf: budget.stopNotes) }
    notes.append(contentsOf: callbackNotes(results))
    return BenchmarkReport(
        machine: .current(quick: config.quick, engines: details), results: results, notes: notes, baseline: baseline)
}

/// Cases named under one heading and reason, for one note each instead of one per case.
struct GroupedNotes {
    private var cases: [[String]: [String]] = [:]
    private var order: [[String]] = []

    /// A mode not run on the case `name`, and why.
    mutating func add(_ name: String, mode: BenchMode, reason: String) {
        add(name, heading: "\(mode.rawValue): not run on", reason: reason)
    }

    mutating func add(_ name: String, heading: String, reason: String) {
        let key = [heading, reason]
        if cases[key] == nil { order.append(key) }
        cases[key, default: []].append(name)
    }

    /// "resize: not run on 3 cases (the root's width is not the viewport's …): a, b, c"; twelve names at most.
    var notes: [String] {
        order.map { key in
            let names = cases[key]!
            let shown = names.prefix(12).joined(separator: ", ") + (names.count > 12 ? ", …" : "")
            return "\(key[0]) \(names.count == 1 ? "1 case" : "\(names.count) cases") (\(key[1])): \(shown)"
        }
    }
}

/// The modes of `modes` the case supports (fresh and relayout always; resize and incremental where a change moves a
/// frame), choosing the incremental leaf. One engine decides for all, so every engine times the same thing: the
/// reference where it expresses the case, else the first peer that lays it out.
func supportedModes(
    _ workload: inout CaseWorkload, modes: [BenchMode], reference: ReferenceEngine,
    peers: [any LayoutEngineAdapter], skipped: inout GroupedNotes
) -> [BenchMode] {
    let needsJudge = modes.contains(.resize) || modes.contains(.incremental)
    let judge = needsJudge ? Judge(workload, reference: reference, peers: peers) : nil
    var supported: [BenchMode] = []
    for mode in modes {
        switch mode {
        case .fresh, .relayout:
            supported.append(mode)
        case .resize:
            guard workload.resizeBase != nil else {
                skipped.add(workload.name, mode: mode, reason: workload.resizeAbsence ?? "it has no resize")
                continue
            }
            guard let judge else {
                skipped.add(workload.name, mode: mode, reason: "no engine lays it out")
                continue
            }
            if judge.moves(.resize(width: workload.resizeWidth(call: 1))) {
                supported.append(mode)
            } else {
                skipped.add(workload.name, mode: mode, reason: "a resize from W(0) to W(1) moves no frame")
            }
        case .incremental:
            guard !workload.contentLeaves.isEmpty else {
                skipped.add(workload.name, mode: mode, reason: "no displayed leaf has content")
                continue
            }
            guard let judge else {
                skipped.add(workload.name, mode: mode, reason: "no engine lays it out")
                continue
            }
            let chosen = workload.contentLeaves.prefix(8).first { leaf in
                let change = CaseWorkload.change(path: leaf.path, content: leaf.content)
                return judge.moves(.content(path: leaf.path, size: change.content(call: 0)))
            }
            if let chosen {
                workload.incrementalChange = CaseWorkload.change(path: chosen.path, content: chosen.content)
                supported.append(mode)
            } else {
                skipped.add(
                    workload.name, mode: mode, reason: "no leaf's content 8 px wider moves a frame (eight leaves tried)"
                )
            }
        }
    }
    return supported
}

/// The engine whose frames decide which changes move a frame, and its frames of the case as written.
struct Judge {
    let engine: any LayoutEngineAdapter
    let caseJSON: Data
    let frames: [PeerFrame]

    /// The reference where it expresses the case, else the first peer that lays it out; nil when none does.
    init?(_ workload: CaseWorkload, reference: ReferenceEngine, peers: [any LayoutEngineAdapter]) {
        var candidates: [(any LayoutEngineAdapter, Data)] = []
        if let json = try? workload.referenceJSON { candidates.append((reference, json)) }
        candidates += peers.map { ($0, workload.caseJSON) }
        for (engine, json) in candidates {
            if let frames = try? engine.layout(caseJSON: json) {
                self.engine = engine
                caseJSON = json
                self.frames = frames
                return
            }
        }
        return nil
    }

    /// Whether laying out again after `change` gives other frames than the case as written.
    func moves(_ change: LayoutChange) -> Bool {
        guard let changed = try? engine.layout(caseJSON: caseJSON, change: change, rounding: false) else {
            return false
        }
        return changed != frames
    }
}
