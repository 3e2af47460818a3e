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

    /// The checked-in lists of this repository load, and every entry has a reason.
    @Test func theRepositorysListsLoad() throws {
        let entries = try KnownFailures.load(directory: TestSupport.goldenDirectory + "/known-failures")
        #expect(Set(entries.map(\.engine)).isSuperset(of: ["yoga", "taffy", "chromium"]))
        #expect(entries.allSatisfy { !$0.reason.isEmpty })
    }
}
