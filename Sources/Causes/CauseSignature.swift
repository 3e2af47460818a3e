import Engines
import Flexbox
import Gentest
import Judging
import LayoutCore

/// What a minimal case says about its cause: the features that had to stay for the engine to differ, and the shape
/// of the difference. Failures whose minimal cases share a signature share a cause (docs/causes.md).
///
/// **Why features, not properties**: the shrinker ends wherever its greedy steps lead, so one cause shows up with
/// the root or an item carrying it, in either axis, with a zero or another length, or with the viewport's size
/// standing in for the root's. The signature forgets those: it keeps keywords (`flex-wrap: wrap-reverse`,
/// `align-self: baseline`), names numbers by property only, joins the sides and axes of a property (`margin`,
/// `padding`, `border`, `inset`, `gap`, `size`, `min-size`, `max-size`; `margin: auto` stays apart) and each
/// difference to `position` (x, y), `size` (width, height) or `frame` (a node missing or extra).
public struct CauseSignature: Hashable, Comparable, Codable, Sendable {
    /// `content`, `size`, `flex-wrap: wrap`, `flex-direction: column reverse`: sorted, each once.
    public var properties: [String]
    /// `position`, `size`, `frame`: sorted, each once; `time` alone when the engine gave no answer in time.
    public var difference: [String]

    public init(properties: [String], difference: [String]) {
        self.properties = properties
        self.difference = difference
    }

    /// The signature of `flexCase` whose answer differs from `expected` by `mismatches`.
    public init(_ flexCase: FlexCase, expected: [PeerFrame], mismatches: [(path: [Int], mismatch: GeometryMismatch)]) {
        var properties: Set<String> = []
        let root = flexCase.root
        for path in root.preorderPaths {
            let element = root.element(at: path)
            for (property, value) in element.style { properties.insert(Self.feature(property, value)) }
            if element.content != nil { properties.insert("content") }
        }
        if flexCase.viewport.width != nil || flexCase.viewport.height != nil { properties.insert("size") }
        self.properties = properties.sorted()
        difference = Set(
            mismatches.map { mismatch in
                switch mismatch.mismatch.field {
                case "x", "y": "position"
                case "width", "height": "size"
                default: "frame"
                }
            }
        ).sorted()
    }

    /// The difference of a case the engine does not answer within its time limit.
    public static let timeDifference = "time"

    /// The signature of `flexCase` when the engine gives no answer within its time limit: its features, and the
    /// difference `time`.
    public init(timedOut flexCase: FlexCase) {
        self.init(flexCase, expected: [], mismatches: [])
        difference = [Self.timeDifference]
    }

    /// The feature a declaration stands for.
    static func feature(_ property: CSSProperty, _ value: CSSValue) -> String {
        let name = property.rawValue
        switch property {
        case .width, .height: return "size"
        case .minWidth, .minHeight: return "min-size"
        case .maxWidth, .maxHeight: return "max-size"
        case .marginTop, .marginRight, .marginBottom, .marginLeft:
            return value == .keyword("auto") ? "margin: auto" : "margin"
        case .paddingTop, .paddingRight, .paddingBottom, .paddingLeft: return "padding"
        case .borderTopWidth, .borderRightWidth, .borderBottomWidth, .borderLeftWidth: return "border"
        case .top, .right, .bottom, .left: return "inset"
        case .rowGap, .columnGap: return "gap"
        case .flexDirection:
            guard case .keyword(let keyword) = value else { return name }
            return "flex-direction: " + (keyword.hasPrefix("column") ? "column" : "row")
                + (keyword.hasSuffix("-reverse") ? " reverse" : "")
        default:
            if case .keyword(let keyword) = value { return name + ": " + keyword }
            return name
        }
    }

    /// `content, size → size`.
    public var text: String {
        (properties.isEmpty ? "(no property)" : properties.joined(separator: ", ")) + " → "
            + (difference.isEmpty ? "(no difference)" : difference.joined(separator: ", "))
    }

    public static func < (lhs: CauseSignature, rhs: CauseSignature) -> Bool { lhs.text < rhs.text }
}

/// One cause of an engine's failures: the failures that the same named causes explain (`Reduction.causes`), or, for
/// failures no named cause explains, those whose minimal cases share a signature; the smallest of their minimal
/// cases stands for them.
public struct Cause: Sendable {
    /// The representative's signature (shared by every member of an unnamed cause).
    public var signature: CauseSignature
    /// Every failure it accounts for, by identifier.
    public var reductions: [CauseFinder.Reduction]
    /// The smallest minimal case (then the first by identifier).
    public var representative: CauseFinder.Reduction
    /// The findings that name it (golden/flex/findings/<engine>/<name>.json): one, or several that together explain
    /// each of its failures; empty for an unnamed cause.
    public var findings: [Finding] = []
    /// The browsers' versions when they all gave the representative's `expect` (`confirm`), else empty.
    public var confirmedBy: [String] = []

    /// The finding that names it alone; nil for an unnamed cause or one of several findings.
    public var finding: Finding? { findings.count == 1 ? findings[0] : nil }

    /// Whether findings name it.
    public var isNamed: Bool { !findings.isEmpty }

    /// Their reasons, each after its name when there are several.
    public var reason: String? {
        guard !findings.isEmpty else { return nil }
        if findings.count == 1 { return findings[0].reason }
        return findings.map { $0.name + ": " + $0.reason }.joined(separator: " ")
    }

    /// How many failures of each family it accounts for, biggest first (`(top)` for a case directly in a suite).
    public var families: [(family: String, count: Int)] {
        Dictionary(grouping: reductions) { $0.family ?? "(top)" }.map { ($0.key, $0.value.count) }
            .sorted { ($0.count, $1.family) > ($1.count, $0.family) }
    }

    /// Groups reductions by the named causes that explain them, the rest by signature: the biggest cause first,
    /// then by name or signature.
    public static func group(_ reductions: [CauseFinder.Reduction], findings: [Finding] = []) -> [Cause] {
        let byName = Dictionary(findings.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        return Dictionary(grouping: reductions) { reduction in
            reduction.causes.isEmpty ? "~" + reduction.signature.text : reduction.causes.joined(separator: "+")
        }
        .map { _, members in
            let sorted = members.sorted { $0.identifier < $1.identifier }
            let representative = sorted.min {
                (FlexCaseShrinker.size(of: $0.minimal), $0.identifier) < (
                    FlexCaseShrinker.size(of: $1.minimal), $1.identifier
                )
            }!
            return Cause(
                signature: representative.signature, reductions: sorted, representative: representative,
                findings: representative.causes.compactMap { byName[$0] })
        }
        .sorted { ($0.reductions.count, $1.key) > ($1.reductions.count, $0.key) }
    }

    /// What orders causes of equal size: the name, else the signature.
    var key: String { findings.isEmpty ? "~" + signature.text : findings.map(\.name).joined(separator: "+") }

    /// The cause's name: its findings' joined by `+`, else `unnamed-<n>` by its place in the list.
    public func name(index: Int) -> String {
        findings.isEmpty ? "unnamed-\(index + 1)" : findings.map(\.name).joined(separator: "+")
    }
}

/// A cause that a person named and explained: a minimal case in golden/flex/findings/<engine>/<name>.json whose
/// `description` is the reason (citing the spec), with the browsers' `expect`, the signature of the engine's
/// difference on it and, when it declares one, whether its counterfactual holds on it.
public struct Finding: Sendable {
    /// The file name without `.json`, e.g. `no-automatic-minimum-size`.
    public var name: String
    public var path: String
    public var flexCase: FlexCase
    public var reason: String
    /// The engine's difference on it; nil when the engine passes it (the finding is stale) or refuses it.
    public var signature: CauseSignature?
    /// Nil without a counterfactual; false when it fails on the finding itself (`CauseFinder.counterfactualHolds`),
    /// and then it explains nothing.
    public var counterfactualHolds: Bool?

    public init(
        name: String, path: String, flexCase: FlexCase, signature: CauseSignature?, counterfactualHolds: Bool? = nil
    ) {
        self.name = name
        self.path = path
        self.flexCase = flexCase
        reason = flexCase.description ?? ""
        self.signature = signature
        self.counterfactualHolds = counterfactualHolds
    }
}
