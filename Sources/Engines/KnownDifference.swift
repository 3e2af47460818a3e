import Conformance
import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A documented semantic difference between a peer and Puyopuyo's semantics (docs/engines.md), read from
/// each engine's `<golden>/expectations/<engine>.json` (`EngineExpectations`), so that `bench --check` and
/// `conform --engine` fail only on a new one.
public struct KnownDifference: Decodable, Hashable, Sendable {
    /// An engine name or `*`.
    public var engine: String
    /// A glob over the case name, e.g. `flow-*` (a benchmark workload) or `box/flow-rows-shrink` (a golden case).
    public var `case`: String
    public var reason: String

    public init(engine: String, case: String, reason: String) {
        self.engine = engine
        self.case = `case`
        self.reason = reason
    }

    /// Whether this entry explains a difference of `engine` on the case named `caseName`.
    public func covers(engine: String, caseName: String) -> Bool {
        (self.engine == "*" || self.engine == engine) && fnmatch(`case`, caseName, 0) == 0
    }

    public func covers(_ outcome: DifferentialOutcome) -> Bool {
        covers(engine: outcome.engine, caseName: outcome.caseName)
    }

    /// The reason of the first entry that explains `engine`'s difference on `caseName`.
    public static func reason(in list: [KnownDifference], engine: String, caseName: String) -> String? {
        list.first { $0.covers(engine: engine, caseName: caseName) }?.reason
    }

    /// The list in `path`; an absent file is an empty list.
    public static func load(_ path: String) throws(InputError) -> [KnownDifference] {
        guard FileManager.default.fileExists(atPath: path) else { return [] }
        let data = try CaseLoader.readFile(path, limit: 1 << 20)
        try CaseLoader.checkNesting(data, file: path)
        do {
            return try JSONDecoder().decode([KnownDifference].self, from: data)
        } catch {
            throw InputError(file: path, decoding: error)
        }
    }
}
