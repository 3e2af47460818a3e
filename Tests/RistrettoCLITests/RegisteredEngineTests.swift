import CaseIO
import Engines
import Foundation
import TestSupport
import Testing

@testable import RistrettoCLI

/// The command line as a library: engines a dependent's executable registers (`RistrettoCommand.main(engines:)`)
/// are named by `--engine` beside the built-in ones, and only while registered. End to end in
/// Examples/JudgeYourEngine (`.ci/run`).
@Suite struct RegisteredEngineTests {
    @Test func aRegisteredEngineIsAnEngineOfConform() throws {
        let choices = try RegisteredEngines.$all.withValue([ExpectEngine(name: "toy")]) {
            try EngineOptions.parse(["--engine", "reference,toy"]).engines()
        }
        #expect(choices.map(\.name) == ["reference", "toy"])
        guard case .peer(let toy) = choices[1] else {
            Issue.record("a registered engine is judged as a peer")
            return
        }
        #expect(toy.adapter is InProcessEngineAdapter)
    }

    @Test func anUnregisteredNameIsUnknown() throws {
        let error = try #require(throws: InputError.self) { try EngineOptions.parse(["--engine", "toy"]).engines() }
        #expect(error.file == "--engine" && error.message.hasPrefix("unknown engine 'toy'"))
    }
}
