import CaseIO
import Engines
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A known failure: a case (or a glob of cases) an engine is known to answer differently from the corpus, with the
/// reason (a semantic difference from Puyopuyo, docs/engines.md, or a behaviour of that engine's version). Read from
/// each engine's `<golden>/known-failures/<engine>.json` (`KnownFailures`) or a `--known-failures-file`, so that
/// `bench --check` and `conform --engine` fail only on a new difference; the verdict it gives is `known`.
public struct KnownFailure: Decodable, Hashable, Sendable {
    /// An engine name or `*`.
    public var engine: String
    /// A glob over the case name, e.g. `flow-*` (a benchmark workload) or `box/flow-rows-shrink` (a golden case).
    public var `case`: String
    public var reason: String
    /// The causes that explain it, when they were found: names of minimal cases in
    /// `golden/flex/findings/<engine>/<cause>.json` whose descriptions give the reason (`ristretto explain`,
    /// docs/causes.md), the one that explains most of its failures first. Absent in older lists; empty is an entry
    /// nobody has reduced to a cause yet.
    public var causes: [String]

    /// The first of `causes`.
    public var cause: String? { causes.first }

    public init(engine: String, case: String, reason: String, causes: [String] = []) {
        self.engine = engine
        self.case = `case`
        self.reason = reason
        self.causes = causes
    }

    enum CodingKeys: String, CodingKey { case engine, `case`, reason }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        engine = try container.decode(String.self, forKey: .engine)
        self.case = try container.decode(String.self, forKey: .case)
        reason = try container.decode(String.self, forKey: .reason)
        causes = try Self.causes(from: decoder)
    }

    /// The `cause` key of an entry: absent, a finding's name, or a non-empty list of names, each without `/` and
    /// each once.
    static func causes(from decoder: any Decoder) throws -> [String] {
        let container = try decoder.container(keyedBy: CauseKey.self)
        let causes: [String]
        if !container.contains(.cause) {
            return []
        } else if let one = try? container.decode(String.self, forKey: .cause) {
            causes = [one]
        } else if let several = try? container.decode([String].self, forKey: .cause), !several.isEmpty {
            causes = several
        } else {
            throw container.invalidValue("a cause is a finding's name, or a non-empty list of them", at: .cause)
        }
        guard !causes.contains(where: { $0.isEmpty || $0.contains("/") }), Set(causes).count == causes.count else {
            throw container.invalidValue(
                "a cause is a finding's file name, without /, each once (or leave it out)", at: .cause)
        }
        return causes
    }

    enum CauseKey: String, CodingKey { case cause }

    /// Whether this entry explains a difference of `engine` on the case named `caseName`.
    public func covers(engine: String, caseName: String) -> Bool {
        (self.engine == "*" || self.engine == engine) && fnmatch(`case`, caseName, 0) == 0
    }

    public func covers(_ outcome: DifferentialOutcome) -> Bool {
        covers(engine: outcome.engine, caseName: outcome.caseName)
    }

    /// The reason of the first entry that explains `engine`'s difference on `caseName`.
    public static func reason(in list: [KnownFailure], engine: String, caseName: String) -> String? {
        list.first { $0.covers(engine: engine, caseName: caseName) }?.reason
    }

    /// The list in `path` (`--known-failures-file`: each entry names its engine); an absent file is an empty list.
    public static func load(_ path: String) throws(InputError) -> [KnownFailure] {
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        let data = try CaseLoader.readFile(path, limit: 1 << 20)
        try CaseLoader.checkNesting(data, file: path)
        do {
            return try JSONDecoder().decode([KnownFailure].self, from: data)
        } catch {
            throw InputError(file: path, decoding: error)
        }
    }
}

/// The former name of `KnownFailure`, kept for dependents.
@available(*, deprecated, renamed: "KnownFailure")
public typealias KnownDifference = KnownFailure
