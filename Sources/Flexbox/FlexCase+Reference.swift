extension FlexCase {
    /// Why the reference (Puyopuyo's semantics) cannot lay this case out, or nil when it can: the inverse of the
    /// box → flex translation is exact only on the translation's image (`BoxToFlex.boxCase(from:)`). The runner
    /// skips such a case for the reference, naming this reason; it is not a failure.
    /// An interop case (`answers`, no `expect`) is not judged either, even where the reference could lay it out.
    public var referenceRefusal: String? {
        do {
            _ = try BoxToFlex.boxCase(from: self)
        } catch {
            return error.description
        }
        guard answers == nil else {
            return "$.answers: an interop case has no expect to judge (the browsers disagree; conform --engine "
                + "shows which browser each engine sides with)"
        }
        return nil
    }
}
