import CaseIO
import Engines
import Foundation
import TestSupport
import Testing

@testable import Judging

/// Each browser peer, live, on the CSS corpus (golden/flex): the hand-checked cases and one generated case in 50 of
/// every family (the whole corpus is `conform --engine chromium,firefox,webkit` and `gentest --flex --check`, minutes
/// rather than seconds). The browsers are CSS and the generated cases are their consensus, so each must pass every
/// case, judged at its own resolution; a failure is a flaky or changed answer. Skipped, with the install line, for a
/// browser that is not installed (tools/setup-engines --with-browsers).
@Suite(.serialized) struct BrowserPeerTests {
    static let directory = TestSupport.repositoryRoot + "/tools/engines/.local/bin"

    static func peer(_ name: String) throws -> PeerEngine {
        guard case .peer(let peer) = try EngineCatalogue.choice(name, adapterDirectory: directory) else {
            throw EngineError.missing(engine: name, message: "not a peer")
        }
        return peer
    }

    static func installed(_ name: String) -> Bool {
        (try? peer(name)).map { $0.adapter.unavailableReason == nil } ?? false
    }

    @Test(
        .enabled(if: installed("chromium"), "chromium not installed: run tools/setup-engines --with-chromium"),
        arguments: ["chromium"])
    func chromiumPassesTheFlexCorpus(engine: String) throws { try passesTheFlexCorpus(engine) }

    @Test(
        .enabled(if: installed("firefox"), "firefox not installed: run tools/setup-engines --with-browsers"),
        arguments: ["firefox"])
    func firefoxPassesTheFlexCorpus(engine: String) throws { try passesTheFlexCorpus(engine) }

    @Test(
        .enabled(if: installed("webkit"), "webkit not installed: run tools/setup-engines --with-browsers"),
        arguments: ["webkit"])
    func webkitPassesTheFlexCorpus(engine: String) throws { try passesTheFlexCorpus(engine) }

    /// A hand-checked flex case (`flex/<name>`), or a generated one (`flex/<family>/<family>-<index>`) whose index is
    /// a multiple of 50.
    static func isSampled(_ identifier: String) -> Bool {
        let parts = identifier.split(separator: "/")
        guard parts.first == "flex" else { return false }
        if parts.count == 2 { return true }
        return parts.last?.split(separator: "-").last.flatMap { Int($0) }.map { $0 % 50 == 0 } ?? false
    }

    func passesTheFlexCorpus(_ name: String) throws {
        let identifiers = try CaseSelection.discover(golden: TestSupport.goldenDirectory).filter(Self.isSampled)
        #expect(identifiers.count > 150)
        let peer = try Self.peer(name)
        let expectations = try KnownFailures.load(directory: TestSupport.goldenDirectory + "/known-failures")
        let conformance = PeerConformance(golden: TestSupport.goldenDirectory, knownFailures: expectations)
        let column = try conformance.column(peer, identifiers: identifiers).get()
        #expect(column.version?.isEmpty == false)
        let failures = column.results.filter(\.verdict.failsTheRun).map { "\($0.identifier): \($0.message ?? "")" }
        #expect(
            failures == [], "a browser failing the CSS corpus, beyond its known failures, is a flaky or wrong answer")
        #expect(column.tally().refused == 0, "a browser refuses nothing of the vocabulary")
        #expect(column.tally().passed + column.tally().known == identifiers.count)
    }
}
