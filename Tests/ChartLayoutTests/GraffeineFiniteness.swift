import LayoutCore

/// Lists every non-finite number in a scene, for the NaN-freedom checks.
enum GraffeineFiniteness {
    static func nonFinite(in scene: Scene) -> [String] {
        scene.items.enumerated().flatMap { index, item in
            numbers(of: item).filter { !$0.value.isFinite }.map { "item \(index) \($0.name) = \($0.value)" }
        }
    }

    static func numbers(of item: SceneItem) -> [(name: String, value: Double)] {
        var values: [(String, Double)] = [("lineWidth", item.style.lineWidth), ("opacity", item.style.opacity)]
        func add(_ name: String, _ point: Point) { values += [(name + ".x", point.x), (name + ".y", point.y)] }
        func add(_ name: String, _ rect: Rect) {
            add(name, rect.origin)
            values += [(name + ".width", rect.width), (name + ".height", rect.height)]
        }
        if let clip = item.clip { add("clip", clip) }
        switch item.shape {
        case let .rect(rect, radii):
            add("rect", rect)
            values += [("radius", radii.topLeft), ("radius", radii.topRight), ("radius", radii.bottomLeft), ("radius", radii.bottomRight)]
        case let .line(from, to):
            add("from", from)
            add("to", to)
        case let .polyline(points), let .polygon(points):
            for (index, point) in points.enumerated() { add("points[\(index)]", point) }
        case let .ellipse(center, radii):
            add("center", center)
            values += [("radii.width", radii.width), ("radii.height", radii.height)]
        case let .text(run):
            add("anchor", run.anchor)
            values += [("rotation", run.rotation.radians), ("fontSize", run.fontSize)]
        case let .path(path):
            for element in path.elements {
                switch element {
                case let .move(point), let .line(point): add("path", point)
                case let .arc(center, radius, start, end, _):
                    add("arc.center", center)
                    values += [("arc.radius", radius), ("arc.start", start.radians), ("arc.end", end.radians)]
                }
            }
        }
        return values
    }
}
