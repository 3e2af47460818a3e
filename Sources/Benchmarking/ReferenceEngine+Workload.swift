import BoxLayout
import Engines
import LayoutCore

/// The reference times the DESIGN.md workloads with the full in-process loop: it receives the workload itself, not
/// its JSON (Foundation's JSON parser stops at 512 nested containers, which the depth-1000 tree exceeds).
/// A flex-family workload goes to the flex engine (FlexLayout), a box-family one to BoxLayout.
extension ReferenceEngine: InProcessTimable {
    public func time(workload: Workload, mode: BenchMode, options: TimingOptions) throws -> TimingResult {
        switch workload.family {
        case .flex: try time(flexSubject(for: workload, mode: mode), mode: mode, options: options)
        case .box: try time(subject(for: workload, mode: mode), mode: mode, options: options)
        }
    }

    /// Makes `calls` calls of `mode` on `workload` as `time` would, each inside `measured` (see `runMeasuredCalls`).
    public func runMeasured(workload: Workload, mode: BenchMode, calls: Int, measured: (() -> Size) -> Size) throws {
        switch workload.family {
        case .flex:
            try runMeasured(flexSubject(for: workload, mode: mode), mode: mode, calls: calls, measured: measured)
        case .box:
            try runMeasured(subject(for: workload, mode: mode), mode: mode, calls: calls, measured: measured)
        }
    }

    /// Times a case file (`ristretto bench --case`) with the same loop: a flex case with the flex engine, a box case
    /// with BoxLayout; resize at the case's W(k), incremental on the leaf the run chose.
    public func time(case workload: CaseWorkload, mode: BenchMode, options: TimingOptions) throws -> TimingResult {
        switch try caseSubject(workload, mode: mode) {
        case .flex(let subject): try time(subject, mode: mode, options: options)
        case .box(let subject): try time(subject, mode: mode, options: options)
        }
    }

    /// Makes `calls` calls of `mode` on a case as `time(case:mode:options:)` would, each inside `measured`.
    public func runMeasured(case workload: CaseWorkload, mode: BenchMode, calls: Int, measured: (() -> Size) -> Size)
        throws
    {
        switch try caseSubject(workload, mode: mode) {
        case .flex(let subject): try runMeasured(subject, mode: mode, calls: calls, measured: measured)
        case .box(let subject): try runMeasured(subject, mode: mode, calls: calls, measured: measured)
        }
    }

    /// A case's subject, of whichever engine lays it out.
    private enum CaseSubject {
        case flex(InProcessSubject<FlexReferenceTree>)
        case box(InProcessSubject<ReferenceTree>)
    }

    private func caseSubject(_ workload: CaseWorkload, mode: BenchMode) throws -> CaseSubject {
        guard let layoutCase = workload.referenceCase else {
            throw EngineError.adapter(
                engine: name, message: "cannot express \(workload.name): \(workload.referenceRefusal ?? "no case")")
        }
        func incrementalChange() throws -> IncrementalChange {
            guard let change = workload.incrementalChange else {
                throw EngineError.adapter(engine: name, message: "incremental needs a leaf with content")
            }
            return change
        }
        switch layoutCase {
        case .flex(let flexCase):
            var subject = try flexSubject(flexCase)
            switch mode {
            case .fresh, .relayout: break
            case .resize: subject.resizeWidth = workload.resizeWidth(call:)
            case .incremental: subject = try flexIncrementalSubject(flexCase, change: try incrementalChange())
            }
            return .flex(subject)
        case .box(let box):
            var subject = subject(root: box.root, proposal: box.proposal)
            switch mode {
            case .fresh, .relayout: break
            case .resize: subject.resizeWidth = workload.resizeWidth(call:)
            case .incremental:
                subject = try incrementalSubject(
                    root: box.root, proposal: box.proposal, change: try incrementalChange())
            }
            return .box(subject)
        }
    }

    /// The flex-family subject of one workload in one mode: the flex case of its tree (the resize variant for
    /// resize) with its width schedule, or its changed leaf told through the flex engine's mutation API.
    func flexSubject(for workload: Workload, mode: BenchMode) throws -> InProcessSubject<FlexReferenceTree> {
        let flexCase = workload.tree(for: mode).flexCase
        switch mode {
        case .fresh, .relayout:
            return try flexSubject(flexCase)
        case .resize:
            var subject = try flexSubject(flexCase)
            subject.resizeWidth = workload.resizeWidth(call:)
            return subject
        case .incremental:
            return try flexIncrementalSubject(flexCase, change: workload.incrementalChange)
        }
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
