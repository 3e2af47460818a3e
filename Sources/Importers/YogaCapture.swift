import CaseIO
import Flexbox
import Foundation
import LayoutCore

/// A layout captured from an app by Yoga (its benchmark's `captures/*.json`, docs/importers.md "yoga-capture"):
///
/// ```json
/// {"layout-inputs": {"available-width": 430, "available-height": 821, "owner-direction": "ltr"},
///  "tree": {"style": {"flex-direction": "row", "margin-horizontal": {"unit": "px", "value": 8}, …},
///           "config": {"errata": "all", "point-scale-factor": 3},
///           "node": {"measure-funcs": [{"width": 343, "width-mode": "at-most", "height": null,
///                                       "height-mode": "undefined", "output-width": 120, "output-height": 17,
///                                       "duration-ns": 5000}]},
///           "children": […]}}
/// ```
///
/// Decoding checks the format only (keys, types, Yoga's names and units, each with its JSON path); what the flex
/// vocabulary cannot state is refused later, by the translation (`YogaCapture+Flex.swift`).
struct YogaCapture: Decodable, Hashable {
    var inputs: LayoutInputs
    var tree: Node

    enum CodingKeys: String, CodingKey, CaseIterable {
        case inputs = "layout-inputs"
        case tree
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        inputs = try container.decode(LayoutInputs.self, forKey: .inputs)
        tree = try container.decode(Node.self, forKey: .tree)
    }

    /// Reads a capture file's text.
    /// - Throws: `ImportError` naming the file and the JSON path of the first problem.
    static func read(_ text: String, file: String) throws(ImportError) -> YogaCapture {
        do {
            try CaseLoader.checkNesting(Data(text.utf8), file: file)
        } catch {
            throw ImportError(file: file, message: error.message)
        }
        do {
            return try JSONDecoder().decode(YogaCapture.self, from: Data(text.utf8))
        } catch {
            let problem = InputError(file: file, decoding: error)
            throw ImportError(
                file: file, message: [problem.jsonPath, problem.message].compactMap { $0 }.joined(separator: ": "))
        }
    }

    /// `YGNodeCalculateLayout`'s arguments: the space the root is laid out in, each nil where Yoga's is undefined
    /// (`null`: max-content), and the direction logical edges resolve by.
    struct LayoutInputs: Decodable, Hashable {
        var availableWidth: Double?
        var availableHeight: Double?
        var ownerDirection: Direction

        enum CodingKeys: String, CodingKey, CaseIterable {
            case availableWidth = "available-width"
            case availableHeight = "available-height"
            case ownerDirection = "owner-direction"
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
            func available(_ key: CodingKeys) throws -> Double? {
                guard try !container.decodeNil(forKey: key) else { return nil }
                let value = try container.decodeFinite(key)
                guard value >= 0 else {
                    throw container.invalidValue("expected a number ≥ 0 or null, got \(shortestText(value))", at: key)
                }
                return value
            }
            availableWidth = try available(.availableWidth)
            availableHeight = try available(.availableHeight)
            ownerDirection =
                try container.decodeName(.ownerDirection, from: ["ltr", "rtl", "inherit"]) == "rtl"
                ? .rtl : .ltr
        }
    }

    /// A resolved direction: Yoga's `inherit` at the root is left to right.
    enum Direction: Hashable { case ltr, rtl }

    /// One node: its style, its config, its node state (measure records) and its children.
    struct Node: Decodable, Hashable {
        var style = Style()
        var config = Config()
        /// Yoga's `YGNodeSetAlwaysFormsContainingBlock`.
        var alwaysFormsContainingBlock = false
        /// The node's recorded measure calls, in order; nil when it has no measure function. Empty when it has one
        /// that the captured layout never called (`"measure-funcs": null`).
        var measurements: [Measurement]?
        var children: [Node] = []

        enum CodingKeys: String, CodingKey, CaseIterable { case style, config, node, children }
        enum StateKeys: String, CodingKey, CaseIterable {
            case alwaysFormsContainingBlock = "always-forms-containing-block"
            case measureFuncs = "measure-funcs"
        }

        init(from decoder: any Decoder) throws {
            try decoder.checkNestingDepth(limit: FlexElement.maximumDepth)
            let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
            style = try container.decodeIfPresent(Style.self, forKey: .style) ?? Style()
            config = try container.decodeIfPresent(Config.self, forKey: .config) ?? Config()
            children = try container.decodeIfPresent([Node].self, forKey: .children) ?? []
            guard container.contains(.node), try !container.decodeNil(forKey: .node) else { return }
            let state = try container.nestedStrictContainer(keyedBy: StateKeys.self, forKey: .node)
            alwaysFormsContainingBlock =
                try state.decodeIfPresent(Bool.self, forKey: .alwaysFormsContainingBlock) ?? false
            if state.contains(.measureFuncs) {
                measurements = try state.decodeIfPresent([Measurement].self, forKey: .measureFuncs) ?? []
                if !children.isEmpty {
                    throw state.invalidValue(
                        "a node with children has no measure function (it has \(children.count))", at: .measureFuncs)
                }
            }
        }
    }

    /// A node's config, Yoga's defaults where the capture gives none.
    struct Config: Decodable, Hashable {
        var errata = "none"
        var pointScaleFactor = 1.0
        var useWebDefaults = false
        var experimentalFeatures: [String] = []

        static let errataNames = [
            "none", "stretch-flex-basis", "absolute-position-without-insets-excludes-padding",
            "absolute-percent-against-inner-size", "all", "classic",
        ]

        enum CodingKeys: String, CodingKey, CaseIterable {
            case errata
            case pointScaleFactor = "point-scale-factor"
            case useWebDefaults = "use-web-defaults"
            case experimentalFeatures = "experimental-features"
        }

        init() {}

        init(from decoder: any Decoder) throws {
            let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
            if container.contains(.errata) { errata = try container.decodeName(.errata, from: Self.errataNames) }
            if let factor = try container.decodeFiniteIfPresent(.pointScaleFactor) {
                guard factor >= 0 else {
                    throw container.invalidValue(
                        "expected a number ≥ 0, got \(shortestText(factor))", at: .pointScaleFactor)
                }
                pointScaleFactor = factor
            }
            useWebDefaults = try container.decodeIfPresent(Bool.self, forKey: .useWebDefaults) ?? false
            experimentalFeatures = try container.decodeIfPresent([String].self, forKey: .experimentalFeatures) ?? []
            if let unknown = experimentalFeatures.firstIndex(where: { $0 != "web-flex-basis" }) {
                let path = container.codingPath + [CodingKeys.experimentalFeatures, AnyCodingKey(intValue: unknown)]
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: path,
                        debugDescription: "expected web-flex-basis, got '\(experimentalFeatures[unknown])'"))
            }
        }
    }

    /// One recorded call of a measure function, sizes as Yoga gave them (the content box's); a size is nil where
    /// Yoga's was undefined (`null`).
    struct Measurement: Decodable, Hashable {
        var width: Double?
        var widthMode: MeasureMode
        var height: Double?
        var heightMode: MeasureMode
        var output: Size

        enum CodingKeys: String, CodingKey, CaseIterable {
            case width
            case widthMode = "width-mode"
            case height
            case heightMode = "height-mode"
            case outputWidth = "output-width"
            case outputHeight = "output-height"
            case durationNanoseconds = "duration-ns"
        }

        /// A mode other than `undefined` needs its size (finite, ≥ 0); an `undefined` axis's size is not kept.
        init(from decoder: any Decoder) throws {
            let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
            let modes = MeasureMode.allCases.map(\.rawValue)
            func axis(_ sizeKey: CodingKeys, _ modeKey: CodingKeys) throws -> (Double?, MeasureMode) {
                let mode = MeasureMode(rawValue: try container.decodeName(modeKey, from: modes))!
                guard mode != .undefined else { return (nil, mode) }
                guard container.contains(sizeKey), try !container.decodeNil(forKey: sizeKey) else {
                    throw container.invalidValue(
                        "expected a number ≥ 0 where \(modeKey.stringValue) is \(mode.rawValue)", at: sizeKey)
                }
                return (try container.nonNegative(sizeKey), mode)
            }
            (width, widthMode) = try axis(.width, .widthMode)
            (height, heightMode) = try axis(.height, .heightMode)
            output = Size(
                width: try container.nonNegative(.outputWidth), height: try container.nonNegative(.outputHeight))
            _ = try container.decodeFiniteIfPresent(.durationNanoseconds)
        }
    }
}

// MARK: Styles

extension YogaCapture {
    /// A length-like style value: `{"unit": "px" | "pct", "value": v}`, `"auto"` or `"undefined"` (Yoga's "not set").
    enum Length: Hashable {
        case points(Double)
        case percent(Double)
        case auto
        case undefined

        /// The kinds a property accepts, as its message names them.
        enum Kind: String, CaseIterable {
            case points = "px"
            case percent = "pct"
            case auto
            case undefined
        }

        var kind: Kind {
            switch self {
            case .points: .points
            case .percent: .percent
            case .auto: .auto
            case .undefined: .undefined
            }
        }

        /// Set, in Yoga's sense: anything but `undefined` (`auto` is set).
        var isDefined: Bool { self != .undefined }
    }

    /// Yoga's nine edges of margin, padding, border and position (`margin-horizontal`, `position-start`, …).
    enum Edge: String, CaseIterable { case left, top, right, bottom, start, end, horizontal, vertical, all }

    /// A node's style as the capture writes it, checked against Yoga's names: only what differs from Yoga's defaults.
    struct Style: Decodable, Hashable {
        /// Enumerated properties (`flex-direction`, `position-type`, …) by name, values as Yoga spells them.
        var keywords: [String: String] = [:]
        /// `flex-grow`, `flex-shrink`, `flex`.
        var factors: [String: Double] = [:]
        /// `width`, `height`, `min-*`, `max-*`, `flex-basis`, `gap`, `row-gap`, `column-gap`.
        var lengths: [String: Length] = [:]
        /// `margin`, `padding`, `border`, `position` → their given edges.
        var edges: [String: [Edge: Length]] = [:]

        static let keywordValues: [String: [String]] = [
            "flex-direction": ["column", "column-reverse", "row", "row-reverse"],
            "justify-content": ["flex-start", "center", "flex-end", "space-between", "space-around", "space-evenly"],
            "align-items": alignValues, "align-self": alignValues, "align-content": alignValues,
            "flex-wrap": ["no-wrap", "wrap", "wrap-reverse"],
            "overflow": ["visible", "hidden", "scroll"],
            "display": ["flex", "none", "contents"],
            "position-type": ["static", "relative", "absolute"],
        ]
        static let alignValues = [
            "auto", "flex-start", "center", "flex-end", "stretch", "baseline", "space-between", "space-around",
            "space-evenly",
        ]
        static let factorNames: Set<String> = ["flex-grow", "flex-shrink", "flex"]
        /// What each length property accepts: what Yoga's API can set it to.
        static let lengthKinds: [String: Set<Length.Kind>] = [
            "width": [.points, .percent, .auto, .undefined], "height": [.points, .percent, .auto, .undefined],
            "flex-basis": [.points, .percent, .auto, .undefined],
            "min-width": [.points, .percent, .undefined], "min-height": [.points, .percent, .undefined],
            "max-width": [.points, .percent, .undefined], "max-height": [.points, .percent, .undefined],
            "gap": [.points, .percent, .undefined], "row-gap": [.points, .percent, .undefined],
            "column-gap": [.points, .percent, .undefined],
        ]
        static let edgeKinds: [String: Set<Length.Kind>] = [
            "margin": [.points, .percent, .auto, .undefined], "padding": [.points, .percent, .undefined],
            "border": [.points, .undefined], "position": [.points, .percent, .auto, .undefined],
        ]

        init() {}

        /// Keys are checked in sorted order, so a file always reports the same first error.
        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: AnyCodingKey.self)
            for key in container.allKeys.sorted(by: { $0.stringValue < $1.stringValue }) {
                let name = key.stringValue
                if let allowed = Self.keywordValues[name] {
                    keywords[name] = try container.decodeName(key, from: allowed)
                } else if Self.factorNames.contains(name) {
                    factors[name] = try container.decodeFinite(key)
                } else if let kinds = Self.lengthKinds[name] {
                    lengths[name] = try container.decodeLength(key, kinds: kinds)
                } else if let dash = name.firstIndex(of: "-"), let kinds = Self.edgeKinds[String(name[..<dash])],
                    let edge = Edge(rawValue: String(name[name.index(after: dash)...]))
                {
                    edges[String(name[..<dash]), default: [:]][edge] = try container.decodeLength(key, kinds: kinds)
                } else {
                    throw container.invalidValue("not a style of Yoga's capture format", at: key)
                }
            }
        }
    }
}

extension KeyedDecodingContainer {
    /// A string that must be one of `allowed`.
    fileprivate func decodeName(_ key: Key, from allowed: [String]) throws -> String {
        let text = try decode(String.self, forKey: key)
        guard allowed.contains(text) else {
            throw invalidValue("expected one of \(allowed.joined(separator: ", ")), got '\(text)'", at: key)
        }
        return text
    }

    /// A finite number ≥ 0.
    fileprivate func nonNegative(_ key: Key) throws -> Double {
        let value = try decodeFinite(key)
        guard value >= 0 else { throw invalidValue("expected a number ≥ 0, got \(shortestText(value))", at: key) }
        return value
    }

    /// A strict container under `key`.
    fileprivate func nestedStrictContainer<Keys: CodingKey & CaseIterable>(keyedBy keys: Keys.Type, forKey key: Key)
        throws -> KeyedDecodingContainer<Keys>
    {
        try superDecoder(forKey: key).strictContainer(keyedBy: keys)
    }

    /// A length of one of `kinds`: `{"unit": "px" | "pct", "value": v}` (v finite), `"auto"` or `"undefined"`.
    fileprivate func decodeLength(_ key: Key, kinds: Set<YogaCapture.Length.Kind>) throws -> YogaCapture.Length {
        let expected = YogaCapture.Length.Kind.allCases.filter(kinds.contains).map(\.rawValue).joined(separator: ", ")
        let length: YogaCapture.Length
        if let text = try? decode(String.self, forKey: key) {
            switch text {
            case "auto": length = .auto
            case "undefined": length = .undefined
            default: throw invalidValue("expected \(expected), got '\(text)'", at: key)
            }
        } else {
            let value = try superDecoder(forKey: key).strictContainer(keyedBy: LengthKeys.self)
            let unit = try value.decodeName(.unit, from: ["px", "pct"])
            let amount = try value.decodeFinite(.value)
            length = unit == "px" ? .points(amount) : .percent(amount)
        }
        guard kinds.contains(length.kind) else {
            throw invalidValue("expected \(expected), got \(length.kind.rawValue)", at: key)
        }
        return length
    }
}

private enum LengthKeys: String, CodingKey, CaseIterable { case unit, value }
