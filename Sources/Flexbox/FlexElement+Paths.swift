import LayoutCore

extension FlexElement: PathAddressable {
    /// How many elements this one holds, itself included.
    public var elementCount: Int { preorderPaths.count }

    /// The element at `path` (which must exist); `node(at:)` under the element's own name.
    public func element(at path: [Int]) -> FlexElement { node(at: path) }
}
