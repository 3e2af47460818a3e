import Flexbox
import Foundation
import LayoutCore
import TestSupport
import Testing

@testable import Engines

/// Yoga's and Taffy's adapters place a content leaf's baseline by the one rule (`ContentOffset`, sent with the case),
/// checked on a row that aligns two leaves by their baselines: leaf A holds 10 × 10 content at its top (baseline 10);
/// leaf B is `height` high with 10 × 20 content placed by its own alignment, so its baseline is
/// offset + 20. The lower baseline moves the other leaf down: A's y is max(0, B's baseline − 10), B's max(0, 10 − it).
/// Chromium, where installed, lays out the same row itself: the oracle that the rule is CSS.
@Suite(.serialized) struct ContentBaselineTests {
    /// The installed ones, each one process for every row (a browser takes seconds to start); they end with the tests.
    static let engines = ["yoga", "taffy", "chromium"].map {
        SubprocessEngine.installedPeer($0, repositoryRoot: TestSupport.repositoryRoot)
    }.filter(\.isInstalled)

    /// A leaf style of `ContentOffsetTests.rules`' kind, and B's height: 40 (20 px of room) or 10 (10 px too little).
    static let rows: [(style: String, height: Double)] = [
        ("", 40), (#""align-items":"center""#, 40), (#""align-items":"center""#, 10),
        (#""align-items":"flex-end""#, 10),
        (#""flex-wrap":"wrap","align-content":"space-around""#, 40),
        (#""flex-wrap":"wrap","align-content":"space-around""#, 10),
        (#""flex-direction":"column-reverse""#, 40), (#""flex-direction":"column","justify-content":"center""#, 10),
    ]

    static func caseJSON(style: String, height: Double) -> Data {
        let separator = style.isEmpty ? "" : ","
        return Data(
            """
            {"kind":"flex","name":"baseline","root":{"style":{"align-items":"baseline"},"children":[
              {"content":{"width":10,"height":10}},
              {"style":{"height":"\(Int(height))px"\(separator)\(style)},"content":{"width":10,"height":20}}]}}
            """.utf8)
    }

    @Test(.enabled(if: !engines.isEmpty, "no peer installed: run tools/setup-engines"), arguments: rows)
    func everyAdapterPlacesTheBaselineByTheRule(style: String, height: Double) throws {
        let caseJSON = Self.caseJSON(style: style, height: height)
        let leaf = try JSONDecoder().decode(FlexCase.self, from: caseJSON).root.children[1]
        let baseline = leaf.contentOffset.top(inner: height, height: 20) + 20
        for engine in Self.engines {
            let name = engine.name
            do {
                let frames = try engine.layout(caseJSON: caseJSON)
                let tolerance = geometryTolerance(of: name)
                #expect(abs(frames[1].frame.origin.y - max(0, baseline - 10)) <= tolerance, "\(name): leaf A")
                #expect(abs(frames[2].frame.origin.y - max(0, 10 - baseline)) <= tolerance, "\(name): leaf B")
            } catch EngineError.adapter(_, let message) where name == "taffy" {
                // Taffy aligns a measured leaf by its bottom edge; it refuses where the rule puts the baseline elsewhere.
                #expect(message.contains("CSS by its content's (\(Self.shortest(baseline)))"), "\(message)")
                #expect(baseline != height)
            }
        }
    }

    /// A number as Python's `:g` writes it (30, 17.5).
    static func shortest(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}
