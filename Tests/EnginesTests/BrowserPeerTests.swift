import Conformance
import Foundation
import TestSupport
import Testing

@testable import Engines

/// Each browser peer, live, on the hand-checked CSS corpus (golden/flex): the browsers are CSS, so each must pass
/// every case, and the answers are judged at the browser's own resolution. Skipped, with the install line, for a
/// browser that is not installed (tools/setup-engines --with-browsers).
@Suite(.serialized) struct BrowserPeerTests {
    static let directory = TestSupport.repositoryRoot + "/tools/engines/.local/bin"

    static func peer(_ name: String) throws -> PeerEngine {
        guard case .peer(let peer) = try EngineCatalogue.choice(name, adapterDirectory: directory) else {
            throw EngineError.missing(engine: name, message: "not a peer")
        }
        return peer
    }

    static func installed(_ name: String) -> Bool { (try? peer(name))?.adapter.isInstalled ?? false }

    @Test(
        .enabled(if: installed("firefox"), "firefox not installed: run tools/setup-engines --with-browsers"),
        arguments: ["firefox"])
    func firefoxPassesTheFlexCorpus(engine: String) throws { try passesTheFlexCorpus(engine) }

    @Test(
        .enabled(if: installed("webkit"), "webkit not installed: run tools/setup-engines --with-browsers"),
        arguments: ["webkit"])
    func webkitPassesTheFlexCorpus(engine: String) throws { try passesTheFlexCorpus(engine) }

    func passesTheFlexCorpus(_ name: String) throws {
        let identifiers = try CaseSelection.discover(golden: TestSupport.goldenDirectory).filter {
            $0.hasPrefix("flex/")
        }
        let peer = try Self.peer(name)
        let expectations = try EngineExpectations.load(directory: TestSupport.goldenDirectory + "/expectations")
        let conformance = PeerConformance(golden: TestSupport.goldenDirectory, knownDifferences: expectations)
        let column = try conformance.column(peer, identifiers: identifiers).get()
        #expect(column.version?.isEmpty == false)
        let failures = column.results.filter(\.verdict.failsTheRun).map { "\($0.identifier): \($0.message ?? "")" }
        #expect(
            failures == [], "a browser failing the CSS corpus, beyond its known failures, is a flaky or wrong answer")
        #expect(column.tally().refused == 0, "a browser refuses nothing of the vocabulary")
        #expect(column.tally().passed + column.tally().known == identifiers.count)
    }
}
