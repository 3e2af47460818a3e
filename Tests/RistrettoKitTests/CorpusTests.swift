import Foundation
import RistrettoKit
import TestSupport
import Testing

/// The corpus a dependent loads: the golden folder's cases, selected as `conform --filter` selects them, decoded with
/// their kind; bad input named by file and JSON path.
@Suite struct CorpusTests {
    static let corpus = try! Corpus(golden: TestSupport.goldenDirectory)

    /// The files `flex/direction-*.json` the glob must find, listed here without the suite's selection code.
    static func directionFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: TestSupport.goldenDirectory + "/flex")
            .filter { $0.hasPrefix("direction-") && $0.hasSuffix(".json") }
            .map { "flex/" + $0.dropLast(".json".count) }.sorted()
    }

    @Test func aGlobSelectsByPatternAndASubstringByContainment() throws {
        let files = try Self.directionFiles()
        #expect(files.count >= 2)
        #expect(try Self.corpus.cases(matching: "flex/direction-*").map(\.identifier) == files)
        // No glob character: a substring, so the box suite's cases with "direction" in their name come too.
        let substring = try Self.corpus.cases(matching: "direction-").map(\.identifier)
        #expect(Set(files).isSubset(of: Set(substring)))
        #expect(substring.allSatisfy { $0.contains("direction-") })
    }

    @Test(arguments: [
        ("flex/direction-row", CorpusCase.Kind.flex), ("box/linear-space", .box), ("scene/all-primitives", .scene),
    ])
    func eachCaseHasItsKindAndDefinition(identifier: String, kind: CorpusCase.Kind) throws {
        let corpusCase = try Self.corpus.case(identifier)
        #expect(corpusCase.kind == kind)
        #expect(corpusCase.identifier == identifier && corpusCase.description == identifier)
        #expect(corpusCase.path == TestSupport.goldenDirectory + "/" + identifier + ".json")
        // Geometry cases carry their expectation; a scene has none.
        #expect((corpusCase.expected != nil) == (kind != .scene))
    }

    @Test func aFilterThatMatchesNothingIsAnErrorNamingTheFolder() throws {
        let error = try #require(throws: InputError.self) { try Self.corpus.cases(matching: "flex/no-such-*") }
        #expect(error.file == TestSupport.goldenDirectory)
        #expect(error.message == "no case matches the filter 'flex/no-such-*'")
    }

    @Test func aBadCaseIsAnErrorNamingTheFileAndTheJSONPath() throws {
        let folder = FileManager.default.temporaryDirectory.path + "/ristretto-corpus-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder + "/flex", withIntermediateDirectories: true)
        let bad = folder + "/flex/bad.json"
        try Data(
            #"{"kind": "flex", "name": "bad", "viewport": {"width": 10}, "root": {"style": {"width": "ten"}}}"#.utf8
        )
        .write(to: URL(fileURLWithPath: bad))
        let corpus = try Corpus(golden: folder)
        #expect(corpus.identifiers == ["flex/bad"])
        let error = try #require(throws: InputError.self) { try corpus.cases() }
        #expect(error.file == bad)
        #expect(error.jsonPath == "$.root.style.width")
    }

    @Test func anEmptyFolderIsAnError() throws {
        let folder = FileManager.default.temporaryDirectory.path + "/ristretto-empty-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let error = try #require(throws: InputError.self) { try Corpus(golden: folder) }
        #expect(error.file == folder)
    }

    @Test func knownFailuresAreTheEnginesOwnAndThoseForEveryEngine() throws {
        let folder = FileManager.default.temporaryDirectory.path + "/ristretto-known-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(#"[{"case": "flex/a", "reason": "toy's own"}]"#.utf8).write(
            to: URL(fileURLWithPath: folder + "/toy.json"))
        try Data(#"[{"case": "flex/b", "reason": "other's"}]"#.utf8).write(
            to: URL(fileURLWithPath: folder + "/other.json"))
        try Data(#"[{"case": "flex/c", "reason": "every engine's"}]"#.utf8).write(
            to: URL(fileURLWithPath: folder + "/*.json"))
        let known = try Self.corpus.knownFailures(of: "toy", in: folder)
        #expect(known.map(\.case).sorted() == ["flex/a", "flex/c"])
    }
}
