import BoxLayout
import Foundation
import LayoutCore

/// Ristretto's own BoxLayout engine, in process: the reference every peer is compared with and timed against.
/// It decodes the case JSON into a `BoxCase` and lays it out with a `BoxLayoutEngine` (construction is build time).
public final class ReferenceEngine: InProcessTimable, @unchecked Sendable {
    public let name = "reference"
    let measurer: any TextMeasuring

    /// `measurer` sizes text leaves; the benchmark trees have none (their leaves carry `content`).
    public init(measurer: any TextMeasuring = FixedAdvanceTextMeasurer()) {
        self.measurer = measurer
    }

    public func info() throws -> EngineInfo { EngineInfo(name: name, version: "ristretto BoxLayout (in process)") }

    public func layout(caseJSON: Data) throws -> [PeerFrame] {
        let boxCase = try decode(caseJSON)
        let engine = BoxLayoutEngine(root: boxCase.root, measurer: measurer)
        engine.layout(proposal: boxCase.proposal)
        return engine.frames().frames.map { PeerFrame(path: $0.path, id: $0.id, frame: $0.frame) }
    }

    public func bench(caseJSON: Data, iterations: Int, mode: BenchMode) throws -> Double {
        let boxCase = try decode(caseJSON)
        return try timeInProcessBatch(subject(root: boxCase.root, proposal: boxCase.proposal), iterations: iterations, mode: mode)
    }

    public func time(workload: Workload, mode: BenchMode, options: TimingOptions) throws -> TimingResult {
        try timeInProcess(subject(root: workload.boxNode, proposal: workload.proposal), mode: mode, options: options)
    }

    private func decode(_ caseJSON: Data) throws -> BoxCase {
        try JSONDecoder().decode(BoxCase.self, from: caseJSON)
    }

    /// Build = `BoxLayoutEngine.init` (flattening the tree); layout = `layout(proposal:)` with the root width
    /// replaced when relayout alternates it.
    private func subject(root: BoxNode, proposal: BoxProposal) -> InProcessSubject<BoxLayoutEngine> {
        let measurer = self.measurer
        return InProcessSubject(
            build: { BoxLayoutEngine(root: root, measurer: measurer) },
            layout: { engine, width in
                var timed = proposal
                if let width { timed.width = width }
                return engine.layout(proposal: timed)
            },
            proposalWidth: proposal.width)
    }
}
