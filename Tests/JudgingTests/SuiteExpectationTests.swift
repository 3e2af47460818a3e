import Engines
import Foundation
import LayoutCore
import Testing

@testable import Judging

/// A suite's recorded numbers against today's browsers: stale where all three contradict them alike, otherwise the
/// browsers that contradict them; and conform's verdicts on stale numbers.
@Suite struct SuiteExpectationTests {
    /// A root of `width` × 10 at the origin.
    static func frames(width: Double) -> [PeerFrame] {
        [PeerFrame(path: [], frame: Rect(x: 0, y: 0, width: width, height: 10))]
    }

    static let browsers = ["Chromium 9", "Firefox 9", "WebKitGTK 9"]

    @Test(
        arguments: [
            // All three at 20 against a recorded 10: stale, each contradicting.
            ([20, 20, 20], true, ["Chromium 9", "Firefox 9", "WebKitGTK 9"]),
            // Within the 1 px tolerance of each other and all past it from 10: still stale.
            ([20, 20.5, 19.75], true, ["Chromium 9", "Firefox 9", "WebKitGTK 9"]),
            // Apart from each other: contradicted, not stale.
            ([20, 30, 20], false, ["Chromium 9", "Firefox 9", "WebKitGTK 9"]),
            // One browser alone: contradicted by it.
            ([10, 20, 10.5], false, ["Firefox 9"]),
            ([10, 10, 10], false, []),
        ] as [([Double], Bool, [String])])
    func allThreeBrowsersAgreeingAgainstTheNumbersMakeThemStale(
        _ widths: [Double], _ stale: Bool, _ contradicting: [String]
    ) {
        let answers = zip(Self.browsers, widths).map { (engine: $0, frames: Self.frames(width: $1)) }
        let judged = SuiteExpectation.judge(expect: Self.frames(width: 10), tolerance: 1, answers: answers)
        #expect(judged.isStale == stale)
        #expect(judged.contradictions.map(\.engine) == contradicting)
        if let first = judged.contradictions.first {
            #expect(
                first.mismatch == "node []: width expected 10, got \(shortest(widths[0] == 10 ? widths[1] : widths[0]))"
            )
        }
    }

    /// Two browsers cannot make numbers stale: the third might side with them.
    @Test func twoBrowsersAreNotEnoughForStale() {
        let answers = Self.browsers.prefix(2).map { (engine: $0, frames: Self.frames(width: 20)) }
        #expect(!SuiteExpectation.judge(expect: Self.frames(width: 10), tolerance: 1, answers: answers).isStale)
    }

    func shortest(_ value: Double) -> String { value == value.rounded() ? String(Int(value)) : String(value) }

    /// conform's matrix: three browser columns failing a `wpt` case alike read STALE EXPECTATION; the same failures
    /// on a case whose numbers are Chromium's own, or with one browser apart, stay plain failures.
    @Test(arguments: [
        (#"["wpt", "Chromium 8"]"#, [20.0, 20, 20], true),
        (#"["Chromium 8"]"#, [20.0, 20, 20], false),
        (#"["wpt"]"#, [20.0, 20, 30], false),
    ])
    func conformSaysStaleWhereAllThreeBrowsersFailASuitesNumbersAlike(
        engines: String, widths: [Double], stale: Bool
    ) throws {
        let golden = FileManager.default.temporaryDirectory.appendingPathComponent("stale-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: golden) }
        try FileManager.default.createDirectory(atPath: golden + "/wpt", withIntermediateDirectories: true)
        let text = """
            {"kind":"flex","name":"c","root":{"style":{"width":"10px","height":"10px"}},
             "tolerance":{"geometry":1,"reason":"check-layout-th.js passes within 1 px"},
             "expect":{"frames":[{"path":[],"x":0,"y":0,"width":10,"height":10}]},
             "source":{"engines":\(engines),"import":{"format":"wpt","file":"a.html"}}}
            """
        try Data(text.utf8).write(to: URL(fileURLWithPath: golden + "/wpt/c.json"))
        var matrix = EngineMatrix(
            columns: zip(SuiteExpectation.browsers, zip(Self.browsers, widths)).map { name, answer in
                EngineColumn(
                    engine: name, version: answer.0,
                    results: [
                        EngineCaseResult(
                            identifier: "wpt/c", verdict: .failed("node []: width expected 10, got \(answer.1)"),
                            frames: Self.frames(width: answer.1))
                    ])
            })
        matrix.markStaleExpectations(golden: golden)
        for column in matrix.columns {
            guard case .failed(let message) = column.results[0].verdict else {
                Issue.record("expected a failure, got \(column.results[0].verdict)")
                continue
            }
            #expect(
                message.hasPrefix(
                    "STALE EXPECTATION: Chromium, Firefox and WebKit agree with each other, not with wpt's numbers: node []: width expected 10, got "
                ) == stale, "\(message)")
        }
    }
}
