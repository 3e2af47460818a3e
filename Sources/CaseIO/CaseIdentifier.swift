/// Where a case sits in the corpus, read from its identifier (`suite/case`, or `suite/family/…/case`): every report
/// groups cases by these two folders, so they are computed here and nowhere else.
public enum CaseIdentifier {
    /// The first folder of the identifier (`box`, `flex`, `chrome`); `golden` for a case at the top of the golden
    /// folder.
    public static func suite(of identifier: String) -> String {
        let components = identifier.split(separator: "/", omittingEmptySubsequences: false)
        return components.count > 1 ? String(components[0]) : "golden"
    }

    /// The folder directly below the suite, the case's feature family: `flex/wrap/wrap-00012` → `wrap` (deeper
    /// folders belong to that family too). Nil for a case directly in its suite's folder
    /// (`flex/align-content-center`), and for one at the top of the golden folder.
    public static func family(of identifier: String) -> String? {
        let components = identifier.split(separator: "/", omittingEmptySubsequences: false)
        return components.count > 2 ? String(components[1]) : nil
    }

    /// How the matrix names the cases directly in a suite's folder, in a suite that also has families:
    /// `flex/(top)`. A suite without families has no family rows at all.
    public static let topLevelFamily = "(top)"
}
