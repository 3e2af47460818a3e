import BoxLayout
import CaseIO
import ChartLayout
import Engines
import Flexbox
import Foundation
import Judging
import LayoutCore

/// A golden folder of cases, as `ristretto conform --golden` reads it: `<suite>/<case>.json` files below it (but its
/// `fonts/` and `known-failures/`), each named by its identifier, `flex/wrap/lines-2`.
public struct Corpus: Sendable {
    /// The golden folder.
    public let folder: String
    /// Every case's identifier, sorted.
    public let identifiers: [String]

    /// Finds the cases under `golden`.
    /// - Throws: `InputError` naming the folder when it does not exist or holds no case.
    public init(golden: String) throws(InputError) {
        folder = golden
        identifiers = try CaseSelection.discover(golden: golden)
        guard !identifiers.isEmpty else {
            throw InputError(
                file: golden, message: "no case found (expected <suite>/<case>.json files in the golden folder)")
        }
    }

    /// The cases whose identifier matches `filter` as `conform --filter` does (a glob when it has `*`, `?` or `[`,
    /// `flex/align-*`; else a substring), each read and decoded strictly. Nil takes every case.
    /// - Throws: `InputError` naming the file and the JSON path of a case that does not decode, or the folder when
    ///   the filter matches no case (so that a parameterized test cannot pass by running nothing).
    public func cases(matching filter: String? = nil) throws(InputError) -> [CorpusCase] {
        let selected = CaseSelection.select(identifiers, filter: filter, shard: nil)
        guard !selected.isEmpty else {
            throw InputError(file: folder, message: "no case matches the filter '\(filter ?? "")'")
        }
        return try selected.map { identifier throws(InputError) in try self.case(identifier) }
    }

    /// The case `identifier` (`flex/align-content-center`).
    /// - Throws: `InputError` naming the file (and the JSON path) when it is missing or does not decode.
    public func `case`(_ identifier: String) throws(InputError) -> CorpusCase {
        let path = folder + "/" + identifier + ".json"
        return CorpusCase(file: try CaseLoader.load(path, identifier: identifier), golden: folder)
    }

    /// The known failures of `engine` (its own entries and those for every engine, `*`) in `directory`'s
    /// `<engine>.json` files (`[{"case": glob, "reason": "…"}]`, docs/conformance.md); by default the corpus's own
    /// `known-failures/` (`KnownFailures.directory`). A missing folder or file is no known failure.
    /// - Throws: `InputError` naming the file and the JSON path of a list that does not decode.
    public func knownFailures(of engine: String, in directory: String? = nil) throws(InputError) -> [KnownFailure] {
        try KnownFailures.load(directory: directory ?? KnownFailures.directory(golden: folder)).filter {
            $0.engine == engine || $0.engine == "*"
        }
    }
}

/// One case of a corpus: its identifier, its kind and its decoded definition.
public struct CorpusCase: Sendable, CustomStringConvertible {
    /// What a case describes, by its `kind`.
    public enum Kind: String, Sendable, CaseIterable {
        /// A box tree with Puyopuyo's semantics (`BoxCase`): judged on geometry.
        case box
        /// A CSS flexbox tree (`FlexCase`): judged on geometry.
        case flex
        /// A chart, Graffeine's or a seed style's: judged by the reference's picture, not by engines.
        case chart
        /// A display list drawn as it is (`SceneCase`): for the renderer, not for engines.
        case scene
    }

    /// The path below the corpus without `.json`, `flex/align-content-center`: the case's identity.
    public let identifier: String
    /// The case file.
    public let path: String
    /// The corpus folder the case belongs to.
    public let golden: String
    /// The decoded case: a `BoxCase`, a `FlexCase`, a `ChartCase`, a `SeedChartCase` or a `SceneCase`.
    public let definition: any CaseDefinition

    init(file: CaseFile, golden: String) {
        identifier = file.identifier
        path = file.path
        self.golden = golden
        definition = file.definition
    }

    public var kind: Kind {
        switch definition {
        case is BoxCase: .box
        case is FlexCase: .flex
        case is SceneCase: .scene
        default: .chart
        }
    }

    /// The frames the case expects, when it is a box or flex case with `expect`.
    public var expected: [PeerFrame]? {
        switch definition {
        case let boxCase as BoxCase: boxCase.expect?.frames
        case let flexCase as FlexCase: flexCase.expect?.frames
        default: nil
        }
    }

    /// The identifier: how a parameterized test names the case.
    public var description: String { identifier }
}
