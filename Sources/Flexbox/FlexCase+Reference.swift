extension FlexCase {
    /// Why the reference (Puyopuyo's semantics) cannot lay this case out, or nil when it can: the inverse of the
    /// box → flex translation is exact only on the translation's image (`BoxToFlex.boxCase(from:)`). The runner
    /// skips such a case for the reference, naming this reason; it is not a failure.
    public var referenceRefusal: String? {
        do {
            _ = try BoxToFlex.boxCase(from: self)
            return nil
        } catch {
            return error.description
        }
    }
}
