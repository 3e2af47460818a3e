import CanonicalJSON
import CaseIO
import Foundation
import LayoutCore

/// Each engine's checked-in known failures, each with a reason: WPT's metadata idea, as engine authors asked for
/// (one shared corpus, and per engine its own known failures). The lists live next to the corpus, one file per
/// engine: `<golden>/known-failures/<engine>.json` = `[{"case": glob, "reason": "…"}, …]`, sorted by case.
/// `conform --engine` reports entries that now pass (stale) and failures no entry explains (new);
/// `conform --update-known-failures` rewrites the lists of the engines it ran on purpose (docs/conformance.md).
public enum KnownFailures {
    /// The folder of the lists in a corpus: `known-failures/`, or `expectations/`, its former name, when only that
    /// one exists (a corpus written before the rename).
    public static func directory(golden: String) -> String {
        let current = golden + "/known-failures"
        let former = golden + "/expectations"
        let manager = FileManager.default
        return !manager.fileExists(atPath: current) && manager.fileExists(atPath: former) ? former : current
    }

    /// The entries of every `<engine>.json` in `directory`, with the engine taken from the file name; a missing
    /// folder is no entries.
    public static func load(directory: String) throws(InputError) -> [KnownFailure] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory)
        } catch {
            return []
        }
        var entries: [KnownFailure] = []
        for name in names.sorted() where name.hasSuffix(".json") {
            let path = directory + "/" + name
            let data = try CaseLoader.readFile(path, limit: 8 << 20)
            try CaseLoader.checkNesting(data, file: path)
            do {
                let engine = String(name.dropLast(".json".count))
                entries += try JSONDecoder().decode([Entry].self, from: data).map {
                    KnownFailure(engine: engine, case: $0.case, reason: $0.reason, cause: $0.cause)
                }
            } catch {
                throw InputError(file: path, decoding: error)
            }
        }
        return entries
    }

    /// What one engine's run says about its list: entries whose cases all passed (stale) and failures no entry
    /// explains (new).
    public struct Review: Sendable {
        public var engine: String
        /// Entries that matched at least one case of the run, every one of which passed (or, an interop case,
        /// got a verdict that sides with browsers: its entry listed an answer that was not finite).
        public var stale: [KnownFailure]
        /// Failed cases that no entry covers, with the first mismatch.
        public var new: [(identifier: String, mismatch: String)]
    }

    /// Reviews `column` against `entries` (the engine's own and `*` entries).
    public static func review(_ column: EngineColumn, entries: [KnownFailure]) -> Review {
        let own = entries.filter { $0.engine == column.engine }
        let stale = own.filter { entry in
            let matched = column.results.filter { entry.covers(engine: column.engine, caseName: $0.identifier) }
            return !matched.isEmpty && matched.allSatisfy { $0.verdict == .passed || $0.verdict.isInterop }
        }
        let new: [(String, String)] = column.results.compactMap { result in
            if case .failed(let mismatch) = result.verdict { (result.identifier, mismatch) } else { nil }
        }
        return Review(engine: column.engine, stale: stale, new: new)
    }

    /// Rewrites `<directory>/<engine>.json` from `review`: stale entries go, each new failure becomes an entry whose
    /// reason quotes the mismatch (to be replaced by a real reason when someone explains it). Atomic.
    public static func update(_ review: Review, entries: [KnownFailure], directory: String) throws(InputError) {
        let staleKeys = Set(review.stale.map(\.case))
        var kept = entries.filter { $0.engine == review.engine && !staleKeys.contains($0.case) }
            .map { Entry(case: $0.case, reason: $0.reason, cause: $0.cause) }
        kept += review.new.map {
            Entry(case: $0.identifier, reason: "recorded by conform --update-known: \($0.mismatch)")
        }
        try write(kept, engine: review.engine, directory: directory)
    }

    /// Rewrites `<directory>/<engine>.json` with the cause of each entry whose case glob `causes` names (a finding's
    /// name, `ristretto explain --update-known-failures`); every entry and its reason stay. Atomic.
    public static func setCauses(
        _ causes: [String: String], engine: String, entries: [KnownFailure], directory: String
    ) throws(InputError) {
        let kept = entries.filter { $0.engine == engine }.map {
            Entry(case: $0.case, reason: $0.reason, cause: causes[$0.case] ?? $0.cause)
        }
        try write(kept, engine: engine, directory: directory)
    }

    /// Writes one engine's list, sorted by case.
    static func write(_ entries: [Entry], engine: String, directory: String) throws(InputError) {
        let kept = entries.sorted { $0.case < $1.case }
        let path = directory + "/" + engine + ".json"
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw InputError(file: directory, message: "cannot create the folder: \(error)")
        }
        let data: Data
        do {
            data = try JSONOutput.encode(kept)
        } catch {
            throw InputError(file: path, message: "cannot encode the list: \(error)")
        }
        try AtomicFile.write(data, to: path)
    }

    /// One line of a list: the case glob, why the engine fails it, and the cause that explains it (optional, so
    /// that lists written before causes existed still read).
    struct Entry: Codable, Hashable {
        var `case`: String
        var reason: String
        var cause: String?

        enum CodingKeys: String, CodingKey, CaseIterable { case `case`, reason, cause }

        init(case: String, reason: String, cause: String? = nil) {
            self.case = `case`
            self.reason = reason
            self.cause = cause
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
            self.case = try container.decode(String.self, forKey: .case)
            reason = try container.decode(String.self, forKey: .reason)
            cause = try container.decodeIfPresent(String.self, forKey: .cause)
            if let cause, cause.isEmpty || cause.contains("/") {
                throw container.invalidValue(
                    "a cause is a finding's file name, without / (or leave it out)", at: .cause)
            }
            guard !self.case.isEmpty else { throw container.invalidValue("case must not be empty", at: .case) }
            guard !reason.trimmingCharacters(in: .whitespaces).isEmpty else {
                throw container.invalidValue("every known failure needs a reason", at: .reason)
            }
        }
    }
}

/// The former name of `KnownFailures`, kept for dependents.
@available(*, deprecated, renamed: "KnownFailures")
public typealias EngineExpectations = KnownFailures
