import Foundation
import Judging
import TestSupport
import Testing

@testable import Judging

/// FLAKY is said only when a browser contradicts its own recorded answer: a case whose `expect` holds a suite's own
/// numbers (`source.engines` names `wpt`, beside the browser that filled in the rest) fails plainly.
@Suite struct FlakyVerdictTests {
    /// A case expecting a 10 × 10 root, answered by `engines`.
    static func flexCase(engines: [String]) -> String {
        let list = engines.map { "\"\($0)\"" }.joined(separator: ",")
        return """
            {"kind":"flex","name":"c","root":{"style":{"width":"10px","height":"10px"}},
             "expect":{"frames":[{"path":[],"x":0,"y":0,"width":10,"height":10}]},
             "source":{"engines":[\(list)],"import":{"format":"wpt","file":"a.html"}}}
            """
    }

    @Test(arguments: [
        (["Chromium 8"], "FLAKY: Chromium 9 differs from the answer Chromium 8 gave for this expect: "),
        (["wpt", "Chromium 8"], ""), (["wpt"], ""),
    ])
    func aBrowserIsFlakyOnlyAgainstItsOwnNumbers(engines: [String], prefix: String) throws {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("flaky-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        try FileManager.default.createDirectory(atPath: scratch + "/golden/wpt", withIntermediateDirectories: true)
        try Data(Self.flexCase(engines: engines).utf8).write(to: URL(fileURLWithPath: scratch + "/golden/wpt/c.json"))
        // A "browser" that answers a 5 × 5 root.
        let adapter = scratch + "/chromium"
        let script = """
            #!/bin/sh
            while read line; do
              case "$line" in
                *'"info"'*) echo '{"name":"chromium","version":"Chromium 9"}' ;;
                *) echo '{"frames":[{"path":[],"x":0,"y":0,"width":5,"height":5}]}' ;;
              esac
            done

            """
        try Data(script.utf8).write(to: URL(fileURLWithPath: adapter))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: adapter)
        guard case .peer(let peer) = try EngineCatalogue.choice(adapter, adapterDirectory: "/nonexistent") else {
            Issue.record("not a peer")
            return
        }
        let matrix = runEngineMatrix(
            [.peer(peer)], identifiers: ["wpt/c"],
            conformance: PeerConformance(golden: scratch + "/golden", knownFailures: [])
        ) { EngineColumn(engine: "reference", results: []) }
        let verdict = try #require(matrix.columns.first?.results.first?.verdict)
        guard case .failed(let message) = verdict else {
            Issue.record("expected a failure, got \(verdict)")
            return
        }
        #expect(message.hasPrefix(prefix) && (prefix.isEmpty ? !message.contains("FLAKY") : true), "\(message)")
    }
}
