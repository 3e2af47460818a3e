/// A tree whose nodes are addressed as case files address them: by the path of child indices from the root, `[]`
/// being the root itself. Box nodes and flex elements are such trees; the generators and shrinkers walk both
/// through these few operations.
public protocol PathAddressable {
    var children: [Self] { get set }
}

extension PathAddressable {
    /// The paths of every node (child indices from this one), in pre-order, found without recursion.
    public var preorderPaths: [[Int]] {
        var result: [[Int]] = []
        var stack: [(Self, [Int])] = [(self, [])]
        while let (node, path) = stack.popLast() {
            result.append(path)
            for index in node.children.indices.reversed() { stack.append((node.children[index], path + [index])) }
        }
        return result
    }

    /// The node at `path` (which must exist).
    public func node(at path: [Int]) -> Self {
        path.reduce(self) { node, index in node.children[index] }
    }

    /// Changes the node at `path` (which must exist).
    public mutating func update(_ path: [Int], _ change: (inout Self) -> Void) {
        update(path[...], change)
    }

    private mutating func update(_ path: ArraySlice<Int>, _ change: (inout Self) -> Void) {
        guard let first = path.first else { return change(&self) }
        children[first].update(path.dropFirst(), change)
    }
}
