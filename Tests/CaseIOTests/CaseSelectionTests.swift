import CaseIO
import Testing

@Suite struct CaseSelectionTests {
    @Test func shardsPartitionTheSuite() throws {
        let identifiers = (0..<200).map { "suite/case-\($0)" }
        let shards = try (1...3).map { index throws(InputError) in try CaseSelection.Shard(parsing: "\(index)/3") }
        let parts = shards.map { CaseSelection.select(identifiers, filter: nil, shard: $0) }
        #expect(parts.map(\.count).reduce(0, +) == 200)
        #expect(Set(parts.flatMap { $0 }).count == 200)
        #expect(parts.allSatisfy { $0.count > 40 })  // roughly even: 200 / 3 ≈ 67 each
    }

    @Test(arguments: ["0/3", "4/3", "1/0", "a/b", "1", "1/2/3"])
    func badShardsAreRejected(text: String) {
        #expect(throws: InputError(file: "--shard", message: "expected I/N with 1 <= I <= N, got '\(text)'")) {
            try CaseSelection.Shard(parsing: text)
        }
    }

    @Test func filtersAreSubstringsOrGlobs() {
        let identifiers = ["box/hbox-space", "box/vbox", "chart/bar"]
        #expect(CaseSelection.select(identifiers, filter: "box", shard: nil) == ["box/hbox-space", "box/vbox"])
        #expect(CaseSelection.select(identifiers, filter: "*/v*", shard: nil) == ["box/vbox"])
        #expect(CaseSelection.select(identifiers, filter: "chart/*", shard: nil) == ["chart/bar"])
    }
}
