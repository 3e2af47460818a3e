import Foundation
import LayoutCore
import TestSupport
import Testing

@testable import Engines

/// The standalone engines from PyPI (`tools/setup-engines --with-peers`): Servo, Blitz, WeasyPrint, Taffy 0.14 and
/// current Yoga, each live through its adapter. Each test is skipped, with the install line, when its engine is not
/// installed.
@Suite(.serialized) struct StandalonePeerTests {
    static let directory = TestSupport.repositoryRoot + "/tools/engines/.local/bin"

    static func adapter(_ name: String) -> SubprocessEngine {
        SubprocessEngine(name: name, executablePath: directory + "/\(name)-adapter", requestTimeout: .seconds(120))
    }

    static func installed(_ name: String) -> Bool { adapter(name).isInstalled }

    static func installLine(_ name: String) -> String {
        adapter(name).missingMessage ?? "\(name) is installed"
    }

    /// A 100 px row holding a 40 × 20 leaf and a 30 × 10 leaf with a 5 px left margin: every engine can express it.
    static let twoLeaves = Data(
        #"""
        {"kind":"flex","name":"two-leaves","viewport":{"width":null,"height":null},
         "root":{"style":{"width":"100px"},"children":[{"content":{"width":40,"height":20}},
           {"style":{"margin-left":"5px"},"content":{"width":30,"height":10}}]}}
        """#.utf8)

    @Test(.enabled(if: installed("servo"), Comment(rawValue: installLine("servo"))))
    func servoRoundTrip() throws { try roundTrip("servo", version: "Servo 0.5.0") }

    @Test(.enabled(if: installed("blitz"), Comment(rawValue: installLine("blitz"))))
    func blitzRoundTrip() throws { try roundTrip("blitz", version: "Blitz (blitz-dom") }

    @Test(.enabled(if: installed("weasyprint"), Comment(rawValue: installLine("weasyprint"))))
    func weasyprintRoundTrip() throws { try roundTrip("weasyprint", version: "WeasyPrint 70.0") }

    @Test(.enabled(if: installed("taffy-0.14"), Comment(rawValue: installLine("taffy-0.14"))))
    func taffy014RoundTrip() throws { try roundTrip("taffy-0.14", version: "Taffy 0.14.0 (waxy 0.7.1)") }

    @Test(.enabled(if: installed("yoga-current"), Comment(rawValue: installLine("yoga-current"))))
    func yogaCurrentRoundTrip() throws { try roundTrip("yoga-current", version: "Yoga main@cfdacac0") }

    /// `info`, `layout` and the four bench modes through one adapter process.
    func roundTrip(_ name: String, version: String) throws {
        let engine = Self.adapter(name)
        defer { engine.shutDown() }
        let info = try engine.info()
        #expect(info.name == name)
        #expect(info.version.hasPrefix(version))
        #expect(info.timing?.isEmpty == false)
        let frames = try engine.layout(caseJSON: Self.twoLeaves, change: nil, rounding: false)
        // The items stretch to the line's height, the taller content's 20; the second starts after 40 + 5. WeasyPrint
        // sizes the root from its items' content (40 + 5 + 30 = 75) where CSS keeps its width (docs/engines.md).
        #expect(frames.map(\.path) == [[], [0], [1]])
        #expect(
            frames.dropFirst().map(\.frame) == [
                Rect(x: 0, y: 0, width: 40, height: 20), Rect(x: 40 + 5, y: 0, width: 30, height: 20),
            ])
        #expect(frames.first?.frame.height == 20)
        let plans: [BenchPlan] = [
            .fresh, .relayout, .resize(widths: [300, 301, 302, 303]),
            .incremental(IncrementalChange(path: [0])),
        ]
        for plan in plans {
            let batch = try engine.bench(caseJSON: Self.twoLeaves, iterations: 3, plan: plan)
            #expect(batch.nanosPerLayout > 0, "\(name) \(plan.mode)")
        }
    }

    @Test(
        .enabled(
            if: ["servo", "blitz", "weasyprint"].allSatisfy(installed),
            "servo, blitz or weasyprint not installed: run tools/setup-engines --with-peers"),
        arguments: ["servo", "blitz", "weasyprint"])
    func noWorkerOutlivesItsAdapter(engine: String) throws {
        // Once after a normal end (stdin closed), once after a SIGKILL of the adapter (no cleanup runs in it).
        for killed in [false, true] {
            let adapter = try BrowserCleanupTests.startedAdapter(engine)
            if killed {
                kill(adapter.process.processIdentifier, SIGKILL)
            } else {
                adapter.input.fileHandleForWriting.closeFile()
            }
            adapter.process.waitUntilExit()
            let left = BrowserCleanupTests.processesLeft(adapter)
            #expect(left.isEmpty, "\(engine) (\(killed ? "SIGKILL" : "stdin closed")): processes outlived the adapter")
        }
    }
}

extension StandalonePeerTests {
    /// WeasyPrint answers an infinite height for the root of golden/flex/align/align-00911 and NaN for an item's y:
    /// the adapter writes such a coordinate `null`, the protocol's undefined coordinate, so the reply parses and the
    /// verdict names the node instead of failing the case as an unreadable reply.
    @Test(.enabled(if: installed("weasyprint"), Comment(rawValue: installLine("weasyprint"))))
    func weasyprintWritesNonFiniteCoordinatesAsNull() throws {
        let engine = Self.adapter("weasyprint")
        defer { engine.shutDown() }
        let text = try String(
            contentsOfFile: TestSupport.goldenDirectory + "/flex/align/align-00911.json", encoding: .utf8)
        var document = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        for key in ["expect", "source", "tolerance", "description"] { document[key] = nil }
        let frames = try engine.layout(
            caseJSON: try JSONSerialization.data(withJSONObject: document), change: nil, rounding: false)
        #expect(frames.first?.frame.height.isNaN == true, "the root's height is not finite: null, read as NaN")
        #expect(frames.first?.frame.width == 118)
    }
}
