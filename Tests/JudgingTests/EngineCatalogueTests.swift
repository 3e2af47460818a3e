import CaseIO
import Engines
import Judging
import TestSupport
import Testing

/// The engine catalogue's names: a registered in-process engine is chosen by its name, and a bad name is refused.
@Suite struct EngineCatalogueTests {
    @Test func aRegisteredEngineIsChosenByItsName() throws {
        let choices = try EngineCatalogue.parse(
            "reference,toy", adapterDirectory: "/nowhere", registered: [ExpectEngine(name: "toy")])
        #expect(choices.map(\.name) == ["reference", "toy"])
        guard case .peer(let peer) = choices[1] else {
            Issue.record("toy is judged as a peer")
            return
        }
        #expect(peer.adapter is InProcessEngineAdapter && peer.isRequired && peer.tolerance == 0.01)
        #expect(peer.adapter.unavailableReason == nil)
        let unknown = try #require(throws: InputError.self) {
            try EngineCatalogue.parse("tyo", adapterDirectory: "/nowhere", registered: [ExpectEngine(name: "toy")])
        }
        #expect(
            unknown.message.contains(
                "known: reference, yoga, taffy, chromium, firefox, webkit, servo, blitz, weasyprint, taffy-0.14, "
                    + "yoga-current, toy,"))
    }

    @Test(arguments: [
        (["Toy"], "'Toy' is not an engine name (lower-case letters, digits, - _ .)"),
        (["my/engine"], "'my/engine' is not an engine name (lower-case letters, digits, - _ .)"),
        (["yoga"], "'yoga' is a built-in engine's name"),
        (["reference"], "'reference' is a built-in engine's name"),
        (["toy", "toy"], "'toy' is registered twice"),
    ])
    func aBadRegisteredNameIsRefused(names: [String], message: String) throws {
        let error = try #require(throws: InputError.self) {
            try EngineCatalogue.checkRegistered(names.map { ExpectEngine(name: $0) })
        }
        #expect(error.message == message)
    }
}
