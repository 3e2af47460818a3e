import Benchmarking
import CaseIO
import Conformance
import Engines
import Foundation
import LayoutCore
import TestSupport
import Testing

@testable import Judging

/// `conform --engine`: peers judged on box geometry, with refusals, known differences and not-applicable cases counted
/// apart from failures. The example adapter (tools/engines/example) answers the fixtures of `EngineFixtures`.
@Suite(.serialized) struct EngineConformanceTests {
    static let needsPython = Testing.ConditionTrait.enabled(
        if: EngineFixtures.hasPython, "python3 is not on PATH; the example adapter needs it")

    static func peer(_ item: String, directory: String = "/nonexistent") throws -> PeerEngine {
        guard case .peer(let peer) = try EngineCatalogue.choice(item, adapterDirectory: directory) else {
            Issue.record("\(item) is not a peer")
            throw EngineError.missing(engine: item, message: "not a peer")
        }
        return peer
    }

    /// The example engine over the whole fixture folder, run once for the tests that read it.
    static let fixtureMatrix: Result<EngineMatrix, any Error> = Result {
        let folder = try EngineFixtures.writeGolden()
        defer { try? FileManager.default.removeItem(atPath: folder.scratch) }
        let conformance = PeerConformance(
            golden: folder.golden, knownFailures: try KnownFailure.load(folder.knownFailures))
        let identifiers = try CaseSelection.discover(golden: folder.golden)
        return runEngineMatrix(
            [.peer(try peer(EngineFixtures.exampleAdapter))], identifiers: identifiers, conformance: conformance
        ) {
            EngineColumn(engine: "reference", results: [])
        }
    }

    static func words(_ verdict: EngineCaseResult.Verdict) -> String {
        switch verdict {
        case .passed: "passed"
        case .failed(let message): "failed: \(message)"
        case .error: "error"
        case .refused(let message): "refused: \(message)"
        case .known(_, let mismatch): "known: \(mismatch)"
        case .notApplicable: "n/a"
        case .interop(let browsers): "interop: \(browsers)"
        }
    }

    @Test(needsPython, arguments: EngineFixtures.cases.map { ($0.identifier, $0.verdict) })
    func eachFixtureGetsItsVerdict(identifier: String, verdict: String) throws {
        let column = try #require(try Self.fixtureMatrix.get().columns.first)
        #expect(column.engine == "example")
        let result = try #require(column.results.first { $0.identifier == identifier })
        #expect(Self.words(result.verdict) == verdict)
    }

    @Test(needsPython) func theMatrixCountsEachVerdictPerSuite() throws {
        let matrix = try Self.fixtureMatrix.get()
        let column = try #require(matrix.columns.first)
        #expect(matrix.suites == ["bad", "box", "scene"])
        var box = EngineTally()
        (box.passed, box.failed, box.refused, box.known, box.notApplicable) = (2, 1, 1, 1, 1)
        #expect(column.tally(suite: "box") == box)
        #expect(column.tally(suite: "box").cell == "2/5 (1 failed, refused 1, known 1)")
        #expect(column.tally(suite: "scene").cell == "n/a")
        #expect(column.tally(suite: "bad").cell == "0/1 (1 failed)")
        // The contract's last line adds every engine up; skipped = refused + known.
        #expect(matrix.line == "2 passed, 2 failed, 2 skipped")
        #expect(matrix.exitCode == 2)  // the unreadable case
        #expect(matrix.skipped.isEmpty)
    }

    @Test(needsPython) func reportsShowTheMatrixAndTheFirstDifference() throws {
        let matrix = try Self.fixtureMatrix.get()
        let junit = Reports.junit(matrix)
        #expect(junit.contains(#"<testsuite name="example.box" tests="5" failures="1" errors="0" skipped="2""#))
        #expect(junit.contains(#"<skipped message="refused: $.case.root.values.flex-wrap: unsupported"/>"#))
        #expect(junit.contains(#"<failure message="node [1]: x expected 44, got 34">"#))
        #expect(junit.contains(#"<testsuite name="example.bad" tests="1" failures="0" errors="1" skipped="0""#))
        #expect(!junit.contains("scene/dot"), "not-applicable cases are left out")
        let markdown = Reports.markdown(matrix)
        #expect(markdown.contains("| suite | example |\n|---|---|\n"))
        #expect(markdown.contains("| box | 2/5 (1 failed, refused 1, known 1) |\n"))
        #expect(markdown.contains("| scene | n/a |\n"))
        #expect(markdown.contains("| example | `box/wrong-x` | node [1]: x expected 44, got 34 |\n"))
        let html = Reports.html(matrix, engineLinks: ["example": "example.html"])
        #expect(html.contains(#"<th><a href="example.html">example</a></th>"#))
        #expect(
            html.contains(
                #"<td class="some" data-engine="example" data-row="box"><span class="rate">40.0 %</span> <span class="count">2/5 (1 failed, refused 1, known 1)</span></td>"#
            ))
        #expect(html.contains(#"<td class="na" data-engine="example" data-row="scene">n/a</td>"#))
        #expect(
            Reports.matrixTable(matrix).split(separator: "\n").map { $0.split(separator: " ").first ?? "" }
                == ["suite", "bad", "box", "scene", "all"])
    }

    @Test(needsPython) func theExampleAdapterRoundTrips() throws {
        let example = try Self.peer(EngineFixtures.exampleAdapter).adapter
        defer { example.shutDown() }
        #expect(try example.info().name == "example")
        // A vbox of the pair: max(30, 40) = 40 wide, 20 + 4 + 10 = 34 high; the second leaf starts at y = 24.
        let frames = try example.layout(
            caseJSON: Data(#"{"kind":"box","name":"v","root":\#(EngineFixtures.pair("vbox"))}"#.utf8))
        #expect(
            frames == [
                PeerFrame(path: [], frame: Rect(x: 0, y: 0, width: 40, height: 34)),
                PeerFrame(path: [0], frame: Rect(x: 0, y: 0, width: 30, height: 20)),
                PeerFrame(path: [1], frame: Rect(x: 0, y: 24, width: 40, height: 10)),
            ])
        // It refuses what it cannot express, naming the path, and keeps running.
        let padded = Data(#"{"kind":"box","name":"p","root":{"type":"hbox","padding":2,"children":[]}}"#.utf8)
        #expect(
            throws: EngineError.adapter(engine: "example", message: "$.case.root.values.padding-bottom: unsupported")
        ) {
            try example.layout(caseJSON: padded)
        }
        #expect(throws: EngineError.self) { try example.bench(caseJSON: padded, iterations: 1, mode: .fresh) }
        #expect(try example.info().version.hasPrefix("0.2"))
    }

    @Test(arguments: [
        (
            "/nonexistent/ghost-adapter",
            "skipped ghost-adapter: not installed (no adapter at /nonexistent/ghost-adapter); check the path"
        ),
        (
            "chromium",
            "skipped chromium: not installed (no adapter at /nonexistent/chromium-adapter); install it with tools/setup-engines --with-chromium"
        ),
        (
            "yoga",
            "skipped yoga: not installed (no adapter at /nonexistent/yoga-adapter); install it with tools/setup-engines"
        ),
    ])
    func aMissingEngineIsSkippedWithOneLine(item: String, line: String) throws {
        let conformance = PeerConformance(golden: TestSupport.goldenDirectory, knownFailures: [])
        let matrix = runEngineMatrix(
            [.peer(try Self.peer(item))], identifiers: ["box/linear-space"], conformance: conformance
        ) {
            EngineColumn(engine: "reference", results: [])
        }
        #expect(matrix.columns.isEmpty)
        #expect(matrix.skipped.map(\.line) == [line])
        #expect(
            matrix.skipped.map(\.isError) == [item.contains("/")],
            "a PATH that names no adapter is an error; a missing named peer is only skipped")
        #expect(matrix.exitCode == 2, "a run in which no engine judged anything is not green")
    }

    /// A crash or a reply that is not the protocol is a failure, never a refusal; an adapter that cannot even answer
    /// `info` is skipped as an error (exit code 2).
    @Test func aBrokenAdapterFailsInsteadOfRefusing() throws {
        let folder = try EngineFixtures.writeGolden { $0 == "box/fits" }
        defer { try? FileManager.default.removeItem(atPath: folder.scratch) }
        let conformance = PeerConformance(golden: folder.golden, knownFailures: [])
        let garbles = folder.scratch + "/garbles"
        let mute = folder.scratch + "/mute"
        // Answers info, then garbles its layout reply.
        try Data(
            "#!/bin/sh\nread line; echo '{\"name\":\"garbles\",\"version\":\"1\"}'\nread line; echo 'not json'\n".utf8
        )
        .write(to: URL(fileURLWithPath: garbles))
        // Exits without answering anything.
        try Data("#!/bin/sh\nexit 3\n".utf8).write(to: URL(fileURLWithPath: mute))
        for script in [garbles, mute] {
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
        }
        let matrix = runEngineMatrix(
            [.peer(try Self.peer(garbles)), .peer(try Self.peer(mute))], identifiers: ["box/fits"],
            conformance: conformance
        ) {
            EngineColumn(engine: "reference", results: [])
        }
        let verdict = try #require(matrix.columns.first?.results.first?.verdict)
        #expect(
            Self.words(verdict).hasPrefix("failed: garbles: adapter failure: unreadable reply not json"), "\(verdict)")
        #expect(matrix.skipped.map(\.engine) == ["mute"])
        #expect(matrix.skipped.first?.isError == true)
        #expect(matrix.exitCode == 2)
    }

    @Test(arguments: [
        ("reference,yoga", ["reference", "yoga"]),
        ("taffy, chromium", ["taffy", "chromium"]),
        ("tools/engines/example/adapter.py", ["example"]),
        ("/opt/engines/my-engine,./other-adapter.js", ["my-engine", "other-adapter"]),
    ])
    func engineListsParse(list: String, names: [String]) throws {
        #expect(try EngineCatalogue.parse(list, adapterDirectory: "/x").map(\.name) == names)
    }

    @Test(arguments: [("yoga", 0.01), ("taffy", 0.01), ("chromium", 1.0 / 64), ("./mine", 0.01)])
    func eachPeerHasItsTolerance(item: String, tolerance: Double) throws {
        #expect(try Self.peer(item).tolerance == tolerance)
    }

    @Test(arguments: [
        ("yogo", "unknown engine 'yogo'"), ("yoga,yoga", "engine 'yoga' is named twice"),
        ("reference,", "expected a comma-separated list"),
    ])
    func badEngineListsAreInputErrors(list: String, message: String) {
        #expect {
            try EngineCatalogue.parse(list, adapterDirectory: "/x")
        } throws: { error in
            (error as? InputError).map { $0.file == "--engine" && $0.message.hasPrefix(message) } ?? false
        }
    }

    @Test(arguments: [
        (
            [EngineCaseResult.Verdict.passed, .refused("r"), .known(reason: "k", mismatch: "m"), .notApplicable], false,
            Int32(0)
        ),
        ([.passed, .failed("node [0]: x expected 1, got 2")], false, 1),
        ([.passed, .error("unreadable")], false, 2),
        ([.passed], true, 2),
    ])
    func theExitCodeFailsOnlyOnUnexplainedFailures(
        verdicts: [EngineCaseResult.Verdict], brokenEngine: Bool, code: Int32
    ) {
        let column = EngineColumn(
            engine: "peer",
            results: verdicts.enumerated().map {
                EngineCaseResult(identifier: "box/c\($0.offset)", verdict: $0.element)
            })
        let skipped =
            brokenEngine
            ? [SkippedEngine(engine: "other", reason: "the adapter does not answer info", isError: true)] : []
        #expect(EngineMatrix(columns: [column], skipped: skipped).exitCode == code)
    }

    /// Yoga and Taffy on the hand-computed box corpus: every difference is a documented one (docs/engines.md).
    @Test(
        .enabled(if: EngineFixtures.peersInstalled, "peer adapters not installed: run tools/setup-engines"),
        arguments: ["yoga", "taffy"])
    func peersDifferFromTheBoxCorpusOnlyWhereDocumented(engine name: String) throws {
        let conformance = PeerConformance(
            golden: TestSupport.goldenDirectory,
            knownFailures: try KnownFailures.load(directory: TestSupport.goldenDirectory + "/known-failures"))
        let identifiers = try CaseSelection.discover(golden: TestSupport.goldenDirectory).filter {
            $0.hasPrefix("box/")
        }
        let column = try conformance.column(
            try Self.peer(name, directory: TestSupport.repositoryRoot + "/tools/engines/.local/bin"),
            identifiers: identifiers
        ).get()
        #expect(column.results.filter(\.verdict.failsTheRun).map { "\($0.identifier): \($0.message ?? "")" } == [])
        #expect(column.tally().passed > 0)
    }
}
