import Foundation
import LayoutCore
import TestSupport
import Testing

@testable import Engines

/// The peers replay a leaf's measure table (docs/flex-case-format.md "Measure tables"); a browser refuses one.
/// Skipped, with the install line, where the adapters are not installed.
@Suite(.serialized) struct MeasureReplayTests {
    /// A column of two leaves of definite width, so both Yoga and Taffy ask each leaf's height with the width exactly
    /// given and the height undefined. The table: exactly 50 wide → 50 × 30, exactly 100 → 100 × 15, unconstrained
    /// → 200 × 10 (the content).
    static let caseJSON = Data(
        (#"{"kind":"flex","name":"replay","viewport":{"width":300,"height":null},"#
            + #""root":{"style":{"flex-direction":"column","align-items":"flex-start","width":"300px"},"children":["#
            + leaf(width: 50) + "," + leaf(width: 96) + "]}}").utf8)

    static func leaf(width: Int) -> String {
        #"{"style":{"width":"\#(width)px"},"content":{"width":200,"height":10,"measure":["#
            + #"{"width":50,"widthMode":"exactly","heightMode":"undefined","output":{"width":50,"height":30}},"#
            + #"{"width":100,"widthMode":"exactly","heightMode":"undefined","output":{"width":100,"height":15}},"#
            + #"{"widthMode":"undefined","heightMode":"undefined","output":{"width":200,"height":10}}]}}"#
    }

    @Test(
        .enabled(if: AdapterRoundTripTests.installed, "peer adapters not installed: run tools/setup-engines"),
        arguments: ["yoga", "taffy"])
    func peersReplayTheMatchingOrTheNearestRecord(engine name: String) throws {
        let engine = AdapterRoundTripTests.adapter(name)
        defer { engine.shutDown() }
        let frames = try engine.layout(caseJSON: Self.caseJSON)
        // [0] asks exactly 50: its record, 30 high. [1] asks exactly 96: the nearest record is exactly 100
        // (|96 − 100| = 4 < |96 − 50| = 46), 15 high. The column is 30 + 15 = 45 high.
        #expect(
            frames == [
                PeerFrame(path: [], frame: Rect(x: 0, y: 0, width: 300, height: 45)),
                PeerFrame(path: [0], frame: Rect(x: 0, y: 0, width: 50, height: 30)),
                PeerFrame(path: [1], frame: Rect(x: 0, y: 30, width: 96, height: 15)),
            ])
        // A change gives the leaf a fixed content size: its table no longer answers.
        let changed = try engine.layout(
            caseJSON: Self.caseJSON, change: .content(path: [0], size: Size(width: 40, height: 12)), rounding: false)
        #expect(changed[1] == PeerFrame(path: [0], frame: Rect(x: 0, y: 0, width: 50, height: 12)))
        #expect(changed[2] == PeerFrame(path: [1], frame: Rect(x: 0, y: 12, width: 96, height: 15)))
    }

    static let chromium = SubprocessEngine.installedPeer("chromium", repositoryRoot: TestSupport.repositoryRoot)

    @Test(.enabled(if: chromium.isInstalled, "chromium not installed: run tools/setup-engines --with-chromium"))
    func aBrowserRefusesATable() throws {
        defer { Self.chromium.shutDown() }
        #expect {
            try Self.chromium.layout(caseJSON: Self.caseJSON)
        } throws: { error in
            guard case EngineError.adapter(_, let message) = error else { return false }
            return message
                == "$.case.root.children[0].content.measure: a browser cannot replay recorded measurements (a measure "
                + "table): its content is a box of one fixed size"
        }
    }
}
