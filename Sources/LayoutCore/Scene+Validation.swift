extension Scene {
    /// Describes the first NaN or infinite number in the scene, or nil when every number is finite.
    public func firstNonFiniteValue() -> String? {
        guard size.isFinite else { return "scene size" }
        for (index, item) in items.enumerated() {
            if let clip = item.clip, !clip.isFinite { return "item \(index) clip" }
            guard item.style.lineWidth.isFinite, item.style.opacity.isFinite, item.style.dash.allSatisfy(\.isFinite)
            else {
                return "item \(index) style"
            }
            if !item.shape.isFinite { return "item \(index) geometry" }
        }
        return nil
    }
}

extension Shape {
    /// True when every coordinate, radius and angle is finite.
    public var isFinite: Bool {
        switch self {
        case let .rect(rect, radii):
            rect.isFinite
                && [radii.topLeft, radii.topRight, radii.bottomRight, radii.bottomLeft].allSatisfy(\.isFinite)
        case let .line(from, to): from.isFinite && to.isFinite
        case let .polyline(points), let .polygon(points): points.allSatisfy(\.isFinite)
        case let .path(path):
            path.elements.allSatisfy { element in
                switch element {
                case let .move(point), let .line(point): point.isFinite
                case let .arc(center, radius, start, end, _):
                    center.isFinite && radius.isFinite && start.radians.isFinite && end.radians.isFinite
                }
            }
        case let .ellipse(center, radii): center.isFinite && radii.isFinite
        case let .text(run): run.anchor.isFinite && run.fontSize.isFinite && run.rotation.radians.isFinite
        }
    }
}
