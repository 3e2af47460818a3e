import CaseIO
import Foundation
import TestSupport
import Testing

@testable import Judging

/// Each engine's known failures (golden/known-failures/<engine>.json): stale entries and new failures are found,
/// and `--update-known-failures` rewrites exactly those.
struct KnownFailuresTests {
    static let entries = [
        KnownFailure(engine: "yoga", case: "flex/fixed-*", reason: "Yoga fixed it"),
        KnownFailure(engine: "yoga", case: "flex/still-broken", reason: "a real Yoga bug"),
        KnownFailure(engine: "yoga", case: "flex/not-run", reason: "not in this run"),
        KnownFailure(engine: "taffy", case: "flex/new-failure", reason: "another engine's entry"),
    ]

    /// flex/fixed-a and flex/fixed-b pass (their entry is stale); flex/still-broken is explained (known);
    /// flex/new-failure fails for Yoga with no Yoga entry (new).
    static let column = EngineColumn(
        engine: "yoga",
        results: [
            EngineCaseResult(identifier: "flex/fixed-a", verdict: .passed),
            EngineCaseResult(identifier: "flex/fixed-b", verdict: .passed),
            EngineCaseResult(
                identifier: "flex/still-broken", verdict: .known(reason: "a real Yoga bug", mismatch: "m")),
            EngineCaseResult(identifier: "flex/new-failure", verdict: .failed("node [0]: width expected 1, got 2")),
            EngineCaseResult(identifier: "flex/refused", verdict: .refused("$.case.root.values.order: no order")),
        ])

    @Test func reviewFindsStaleEntriesAndNewFailures() {
        let review = KnownFailures.review(Self.column, entries: Self.entries)
        #expect(review.stale.map(\.case) == ["flex/fixed-*"])
        #expect(review.new.map(\.identifier) == ["flex/new-failure"])
        #expect(review.new.map(\.mismatch) == ["node [0]: width expected 1, got 2"])
    }

    @Test func updateRewritesOnlyThatEnginesList() throws {
        let folder = FileManager.default.temporaryDirectory.path + "/ristretto-expectations-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let review = KnownFailures.review(Self.column, entries: Self.entries)
        try KnownFailures.update(review, entries: Self.entries, directory: folder)
        let written = try String(contentsOfFile: folder + "/yoga.json", encoding: .utf8)
        #expect(
            written == """
                [
                  {"case": "flex/new-failure", "reason": "recorded by conform --update-known: node [0]: width expected 1, got 2"},
                  {"case": "flex/not-run", "reason": "not in this run"},
                  {"case": "flex/still-broken", "reason": "a real Yoga bug"}
                ]

                """)
        let reloaded = try KnownFailures.load(directory: folder)
        #expect(reloaded.map(\.engine) == ["yoga", "yoga", "yoga"])
        #expect(!FileManager.default.fileExists(atPath: folder + "/taffy.json"))
    }

    @Test func anEntryWithoutAReasonIsAnError() throws {
        let folder = FileManager.default.temporaryDirectory.path + "/ristretto-expectations-bad-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try #"[{"case": "flex/x", "reason": " "}]"#.write(
            toFile: folder + "/yoga.json", atomically: true, encoding: .utf8)
        #expect {
            try KnownFailures.load(directory: folder)
        } throws: { error in
            "\(error)".contains("yoga.json") && "\(error)".contains("every known failure needs a reason")
        }
    }

    /// `setCauses` writes one cause as a name and several as a list, clears the causes of a judged entry it gives
    /// none, and keeps those of entries the run did not judge; the list reads back, and a bad cause is an error.
    @Test func causesAreANameOrAList() throws {
        let folder = FileManager.default.temporaryDirectory.path + "/ristretto-causes-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let entries = [
            KnownFailure(engine: "yoga", case: "flex/a", reason: "r"),
            KnownFailure(engine: "yoga", case: "flex/b", reason: "r"),
            KnownFailure(engine: "yoga", case: "flex/c", reason: "r", causes: ["old"]),
            KnownFailure(engine: "yoga", case: "flex/d", reason: "r", causes: ["kept"]),
        ]
        try KnownFailures.setCauses(
            ["flex/a": ["one"], "flex/b": ["first", "second"]], judged: ["flex/a", "flex/b", "flex/c"],
            engine: "yoga", entries: entries, directory: folder)
        let written = try String(contentsOfFile: folder + "/yoga.json", encoding: .utf8)
        #expect(written.contains(#"{"case": "flex/a", "cause": "one", "reason": "r"}"#), "\(written)")
        #expect(written.contains(#"{"case": "flex/b", "cause": ["first", "second"], "reason": "r"}"#))
        #expect(written.contains(#"{"case": "flex/c", "reason": "r"}"#), "judged and unexplained: its cause goes")
        #expect(written.contains(#"{"case": "flex/d", "cause": "kept", "reason": "r"}"#))
        let reloaded = try KnownFailures.load(directory: folder)
        #expect(reloaded.map(\.causes) == [["one"], ["first", "second"], [], ["kept"]])
        for bad in [#""cause": []"#, #""cause": ["a/b"]"#, #""cause": ["a", "a"]"#, #""cause": 3"#] {
            try #"[{"case": "flex/x", "reason": "r", \#(bad)}]"#.write(
                toFile: folder + "/yoga.json", atomically: true, encoding: .utf8)
            #expect(throws: InputError.self, "\(bad)") { try KnownFailures.load(directory: folder) }
        }
    }

    /// The checked-in lists of this repository load, and every entry has a reason.
    @Test func theRepositorysListsLoad() throws {
        let entries = try KnownFailures.load(directory: TestSupport.goldenDirectory + "/known-failures")
        #expect(Set(entries.map(\.engine)).isSuperset(of: ["yoga", "taffy", "chromium"]))
        #expect(entries.allSatisfy { !$0.reason.isEmpty })
    }
}
