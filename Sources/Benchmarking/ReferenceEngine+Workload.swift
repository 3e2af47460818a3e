import BoxLayout
import Engines
import LayoutCore

/// The reference times the DESIGN.md workloads with the full in-process loop: it receives the workload itself, not
/// its JSON (Foundation's JSON parser stops at 512 nested containers, which the depth-1000 tree exceeds).
extension ReferenceEngine: InProcessTimable {
    public func time(workload: Workload, mode: BenchMode, options: TimingOptions) throws -> TimingResult {
        try time(subject(for: workload, mode: mode), mode: mode, options: options)
    }

    /// Makes `calls` calls of `mode` on `workload` as `time` would, each inside `measured` (see `runMeasuredCalls`).
    public func runMeasured(workload: Workload, mode: BenchMode, calls: Int, measured: (() -> Size) -> Size) throws {
        try runMeasured(subject(for: workload, mode: mode), mode: mode, calls: calls, measured: measured)
    }

    /// Times a case file (`ristretto bench --case`) with the same loop: its box case (or its flex case's inverse
    /// translation), resize at the case's W(k), incremental on the leaf the run chose.
    public func time(case workload: CaseWorkload, mode: BenchMode, options: TimingOptions) throws -> TimingResult {
        guard let box = workload.referenceCase else {
            throw EngineError.adapter(
                engine: name, message: "cannot express \(workload.name): \(workload.referenceRefusal ?? "no box case")")
        }
        var subject = subject(root: box.root, proposal: box.proposal)
        switch mode {
        case .fresh, .relayout: break
        case .resize: subject.resizeWidth = workload.resizeWidth(call:)
        case .incremental:
            guard let change = workload.incrementalChange else {
                throw EngineError.adapter(engine: name, message: "incremental needs a leaf with content")
            }
            subject = try incrementalSubject(root: box.root, proposal: box.proposal, change: change)
        }
        return try time(subject, mode: mode, options: options)
    }

    /// The subject of one DESIGN.md workload in one mode: its resize variant and width schedule, or its changed leaf.
    func subject(for workload: Workload, mode: BenchMode) throws -> InProcessSubject<ReferenceTree> {
        let tree = workload.tree(for: mode)
        var subject = subject(root: tree.boxNode, proposal: tree.proposal)
        switch mode {
        case .fresh, .relayout: break
        case .resize: subject.resizeWidth = workload.resizeWidth(call:)
        case .incremental:
            subject = try incrementalSubject(
                root: tree.boxNode, proposal: tree.proposal, change: workload.incrementalChange)
        }
        return subject
    }
}
