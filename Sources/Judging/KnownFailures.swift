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
                    KnownFailure(engine: engine, case: $0.case, reason: $0.reason, causes: $0.causes)
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
            .map { Entry(case: $0.case, reason: $0.reason, causes: $0.causes) }
        kept += review.new.map {
            Entry(case: $0.identifier, reason: "recorded by conform --update-known: \($0.mismatch)")
        }
        try write(kept, engine: review.engine, directory: directory)
    }

    /// Rewrites `<directory>/<engine>.json` with the causes of each entry in `judged` (the entries a run of
    /// `ristretto explain --update-known-failures` checked): those `causes` gives for its case glob (findings'
    /// names), none when it gives none. Every entry, its reason and the causes of entries outside `judged` stay.
    /// Atomic.
    public static func setCauses(
        _ causes: [String: [String]], judged: Set<String>, engine: String, entries: [KnownFailure], directory: String
    ) throws(InputError) {
        let kept = entries.filter { $0.engine == engine }.map {
            Entry(
                case: $0.case, reason: $0.reason, causes: judged.contains($0.case) ? causes[$0.case] ?? [] : $0.causes)
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

    /// One line of a list: the case glob, why the engine fails it, and the causes that explain it (optional, so
    /// that lists written before causes existed still read): `"cause": "name"`, or a list of names where several
    /// causes together explain it.
    struct Entry: Codable, Hashable {
        var `case`: String
        var reason: String
        var causes: [String]

        enum CodingKeys: String, CodingKey, CaseIterable { case `case`, reason, cause }

        init(case: String, reason: String, causes: [String] = []) {
            self.case = `case`
            self.reason = reason
            self.causes = causes
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(self.case, forKey: .case)
            try container.encode(reason, forKey: .reason)
            if causes.count == 1 {
                try container.encode(causes[0], forKey: .cause)
            } else if !causes.isEmpty {
                try container.encode(causes, forKey: .cause)
            }
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
            self.case = try container.decode(String.self, forKey: .case)
            reason = try container.decode(String.self, forKey: .reason)
            causes = try KnownFailure.causes(from: decoder)
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
