import BoxLayout
import ChartLayout
import Flexbox
import LayoutCore

/// The registry of case kinds: `kind` (and for charts `style`) → the type that decodes and lays out the case.
public enum CaseKinds {
    /// Every kind and style, for messages and docs.
    public static var catalogue: [String] {
        ["box", "flex", "chart", "scene"] + SeedChartCase.styles.map { "chart (style \($0))" }
    }

    static func type(kind: String, style: String?) -> (any CaseDefinition.Type)? {
        switch kind {
        case "scene": SceneCase.self
        case "box": BoxCase.self
        case "flex": FlexCase.self
        case "chart" where style == nil || style == "graffeine": ChartCase.self
        case "chart": SeedChartCase.styles.contains(style ?? "") ? SeedChartCase.self : nil
        default: nil
        }
    }

    static func unknownKindMessage(kind: String, style: String?) -> String {
        "unknown case kind '\(kind)'\(style.map { " with style '\($0)'" } ?? "") (known: \(catalogue.joined(separator: ", ")))"
    }
}
