import Foundation
import LayoutCore

/// Finds the cases under a golden folder and picks the ones a run covers.
public enum CaseSelection {
    /// A shard of a suite: `index` counts from 1 to `count`, as in `--shard 2/4`.
    public struct Shard: Hashable, Sendable, CustomStringConvertible {
        public var index: Int
        public var count: Int

        /// Parses `I/N` with 1 ≤ I ≤ N.
        public init(parsing text: String) throws(InputError) {
            let parts = text.split(separator: "/")
            guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
                (1...count).contains(index)
            else {
                throw InputError(file: "--shard", message: "expected I/N with 1 <= I <= N, got '\(text)'")
            }
            self.index = index
            self.count = count
        }

        public var description: String { "\(index)/\(count)" }

        /// Whether a case belongs to this shard. The split hashes the case identifier (FNV-1a), so it is the
        /// same on every machine, and adding a case never moves the others between shards.
        public func contains(_ identifier: String) -> Bool {
            Int(FNV1a.hash(identifier.utf8) % UInt64(count)) == index - 1
        }
    }

    /// The folders of a golden folder that hold no cases: the pinned fonts, and each engine's known failures
    /// (`<golden>/known-failures/<engine>.json`, docs/conformance.md; `expectations/` is their former name).
    public static let reservedFolders = ["fonts", "known-failures", "expectations"]

    /// Every `*.json` under `golden` (except hidden and reserved folders), as identifiers relative to it, sorted.
    public static func discover(golden: String) throws(InputError) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: golden, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw InputError(file: golden, message: "golden folder not found")
        }
        guard let enumerator = FileManager.default.enumerator(atPath: golden) else {
            throw InputError(file: golden, message: "cannot list the golden folder")
        }
        var identifiers: [String] = []
        while let relative = enumerator.nextObject() as? String {
            guard relative.hasSuffix(".json"), !reservedFolders.contains(where: { relative.hasPrefix($0 + "/") }),
                !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") })
            else { continue }
            identifiers.append(String(relative.dropLast(".json".count)))
        }
        return identifiers.sorted()
    }

    /// Keeps the identifiers that match `filter` and belong to `shard`.
    /// A filter with `*`, `?` or `[` is a glob over the identifier; otherwise it is a substring.
    public static func select(_ identifiers: [String], filter: String?, shard: Shard?) -> [String] {
        identifiers.filter { identifier in
            if let filter, !matches(identifier, filter: filter) { return false }
            if let shard, !shard.contains(identifier) { return false }
            return true
        }
    }

    static func matches(_ identifier: String, filter: String) -> Bool {
        if filter.contains(where: { "*?[".contains($0) }) {
            return fnmatch(filter, identifier, 0) == 0
        }
        return identifier.contains(filter)
    }
}
