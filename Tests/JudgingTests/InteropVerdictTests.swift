import CaseIO
import Conformance
import Foundation
import TestSupport
import Testing

@testable import Judging

/// Interop cases (golden/interop/: the browsers disagree, each browser's frames in `answers`): an engine is neither
/// passed nor failed there, its verdict names the browsers it sides with (docs/conformance.md "Interop cases").
@Suite struct InteropVerdictTests {
    static func column(_ verdicts: [EngineCaseResult.Verdict]) -> EngineColumn {
        EngineColumn(
            engine: "yoga", version: "Yoga 3.2.1",
            results: verdicts.enumerated().map { index, verdict in
                EngineCaseResult(identifier: "interop/wrap/wrap-0000\(index)", verdict: verdict)
            })
    }

    static let verdicts: [EngineCaseResult.Verdict] = [
        .interop(sidesWith: ["Chromium 156.0.8078.108", "Firefox 153.7.0"]),
        .interop(sidesWith: ["WebKitGTK 2.50.6"]),
        .interop(sidesWith: []),
        .refused("$.case.root.values.order: Yoga has no order"),
    ]

    /// The cell counts each browser by name, then `none`, of the cases laid out; refusals are noted, nothing is
    /// passed or failed, and the run is not failed by them.
    @Test func theCellSaysWhomTheEngineSidesWith() {
        let tally = Self.column(Self.verdicts).tally()
        #expect(tally.interop == 3)
        #expect(tally.passed == 0 && tally.failed == 0 && tally.total == 1)
        #expect(tally.cell == "sides with Chromium 1, Firefox 1, WebKitGTK 1, none 1 of 3 (refused 1)")
        let matrix = EngineMatrix(columns: [Self.column(Self.verdicts)])
        #expect(matrix.exitCode == 0)
        #expect(matrix.judgedAnything)
        #expect(
            EngineCaseResult(identifier: "x", verdict: Self.verdicts[0]).message
                == "sides with Chromium 156.0.8078.108, Firefox 153.7.0")
    }

    /// `--json` keeps the browsers of each verdict, so `merge` rebuilds the same rows.
    @Test func jsonAndMergeKeepTheSides() throws {
        let matrix = EngineMatrix(columns: [Self.column(Self.verdicts)])
        let merged = try EngineMatrix.merged([(file: "shard.json", data: try Reports.json(matrix))])
        #expect(merged.columns.first?.results.map(\.verdict) == Self.verdicts)
        #expect(Reports.matrixTable(merged) == Reports.matrixTable(matrix))
        let document = try #require(
            try JSONSerialization.jsonObject(with: try Reports.json(matrix)) as? [String: Any])
        let results = try #require(document["results"] as? [[String: Any]])
        #expect(results.first?["verdict"] as? String == "interop")
        #expect(results.first?["sidesWith"] as? [String] == ["Chromium 156.0.8078.108", "Firefox 153.7.0"])
    }

    /// JUnit has no outcome for "sides with": interop verdicts are left out of it, as not-applicable ones are.
    @Test func junitLeavesInteropOut() {
        let xml = Reports.junit(EngineMatrix(columns: [Self.column(Self.verdicts)]))
        #expect(!xml.contains("wrap-00000"))
        #expect(xml.contains("wrap-00003"))
    }

    /// A browser, live, on interop cases: it always sides with its own recorded answer (or it is flaky).
    @Test(
        .enabled(
            if: BrowserPeerTests.installed("chromium"),
            "chromium not installed: run tools/setup-engines --with-chromium"))
    func chromiumSidesWithItsOwnAnswer() throws {
        let identifiers = try CaseSelection.discover(golden: TestSupport.goldenDirectory).filter {
            $0.hasPrefix("interop/") && BrowserPeerTests.isSampled("flex/" + $0.dropFirst("interop/".count))
        }
        #expect(!identifiers.isEmpty)
        let conformance = PeerConformance(golden: TestSupport.goldenDirectory, knownFailures: [])
        let column = try conformance.column(try BrowserPeerTests.peer("chromium"), identifiers: identifiers).get()
        for result in column.results {
            guard case .interop(let browsers) = result.verdict else {
                Issue.record("\(result.identifier): \(result.verdict)")
                continue
            }
            #expect(browsers.contains { $0.hasPrefix("Chromium ") }, "\(result.identifier)")
        }
    }
}
