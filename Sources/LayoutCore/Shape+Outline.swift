import RealModule

/// A flattened outline: what a rasteriser fills (closed) or strokes.
public struct Outline: Hashable, Sendable {
    public var points: [Point]
    public var isClosed: Bool

    public init(points: [Point], isClosed: Bool) {
        self.points = points
        self.isClosed = isClosed
    }
}

extension Shape {
    /// The shape as straight-segment outlines, with curves flattened so that no point strays more than
    /// `tolerance` pixels from the true curve. Text has no outline and returns [].
    public func outlines(tolerance: Double = 0.2) -> [Outline] {
        switch self {
        case let .rect(rect, radii):
            return [Outline(points: Shape.roundedRectPoints(rect, radii: radii, tolerance: tolerance), isClosed: true)]
        case let .line(from, to):
            return [Outline(points: [from, to], isClosed: false)]
        case let .polyline(points):
            return [Outline(points: points, isClosed: false)]
        case let .polygon(points):
            return [Outline(points: points, isClosed: true)]
        case let .path(path):
            return [Outline(points: path.flattened(tolerance: tolerance), isClosed: true)]
        case let .ellipse(center, radii):
            let steps = Shape.segmentCount(radius: max(radii.width, radii.height), sweep: 2 * .pi, tolerance: tolerance)
            let points = (0..<steps).map { step in
                let angle = 2 * Double.pi * Double(step) / Double(steps)
                return Point(x: center.x + radii.width * .cos(angle), y: center.y + radii.height * .sin(angle))
            }
            return [Outline(points: points, isClosed: true)]
        case .text:
            return []
        }
    }

    /// How many chords approximate an arc of `radius` and `sweep` radians within `tolerance`.
    /// At most `maximumSegments`: the count is capped in Double before it becomes an Int, because a radius beyond
    /// about 1e16 makes the step angle 0 (an infinite count) and a sweep of 1e300 radians does not fit in an Int.
    static func segmentCount(radius: Double, sweep: Double, tolerance: Double) -> Int {
        let count =
            radius > tolerance
            ? max(2, (abs(sweep) / (2 * Double.acos(1 - tolerance / radius))).rounded(.up))
            : max(1, (abs(sweep) / (.pi / 2)).rounded(.up))
        return count.isNaN ? 1 : Int(min(count, Double(maximumSegments)))
    }

    /// The most chords one arc or ellipse is cut into.
    static let maximumSegments = 4096

    static func roundedRectPoints(_ rect: Rect, radii: CornerRadii, tolerance: Double) -> [Point] {
        // A radius never exceeds half the shorter side, as in CoreGraphics.
        let limit = max(0, min(rect.width, rect.height) / 2)
        func clamped(_ radius: Double) -> Double { min(max(radius, 0), limit) }
        let corners: [(center: Point, radius: Double, start: Double)] = [
            (
                Point(x: rect.minX + clamped(radii.topLeft), y: rect.minY + clamped(radii.topLeft)),
                clamped(radii.topLeft), Double.pi
            ),
            (
                Point(x: rect.maxX - clamped(radii.topRight), y: rect.minY + clamped(radii.topRight)),
                clamped(radii.topRight), 1.5 * .pi
            ),
            (
                Point(x: rect.maxX - clamped(radii.bottomRight), y: rect.maxY - clamped(radii.bottomRight)),
                clamped(radii.bottomRight), 0
            ),
            (
                Point(x: rect.minX + clamped(radii.bottomLeft), y: rect.maxY - clamped(radii.bottomLeft)),
                clamped(radii.bottomLeft), 0.5 * .pi
            ),
        ]
        var points: [Point] = []
        for corner in corners {
            guard corner.radius > 0 else {
                points.append(corner.center)
                continue
            }
            let steps = segmentCount(radius: corner.radius, sweep: .pi / 2, tolerance: tolerance)
            for step in 0...steps {
                let angle = corner.start + (.pi / 2) * Double(step) / Double(steps)
                points.append(Angle(radians: angle).point(from: corner.center, radius: corner.radius))
            }
        }
        return points
    }
}

extension Path {
    /// The path's points with every arc replaced by chords.
    public func flattened(tolerance: Double = 0.2) -> [Point] {
        var points: [Point] = []
        for element in elements {
            switch element {
            case let .move(point), let .line(point):
                points.append(point)
            case let .arc(center, radius, start, end, clockwise):
                // Screen y points down, so clockwise means increasing angle.
                var sweep = end.radians - start.radians
                if clockwise, sweep < 0 { sweep += 2 * .pi }
                if !clockwise, sweep > 0 { sweep -= 2 * .pi }
                let steps = Shape.segmentCount(radius: radius, sweep: sweep, tolerance: tolerance)
                for step in 0...steps {
                    let angle = start.radians + sweep * Double(step) / Double(steps)
                    points.append(Angle(radians: angle).point(from: center, radius: radius))
                }
            }
        }
        return points
    }
}

extension Outline {
    /// Splits the outline into the "on" pieces of a dash pattern (on, off, on, off, …), starting with "on".
    /// An empty pattern, or one whose lengths add up to zero or less, returns the outline unchanged. So does a
    /// pattern that would cut the outline into more than `maximumDashes` dashes (e.g. dash [0.001, 0.001] along a
    /// 1e6-px line), or an outline whose length is not finite: the stroke is then drawn solid, in bounded time.
    public func dashed(_ pattern: [Double]) -> [Outline] {
        let cycle = pattern.reduce(0) { $0 + max($1, 0) }
        guard !pattern.isEmpty, cycle > 0, points.count >= 2 else { return [self] }
        let path = isClosed ? points + [points[0]] : points
        let length = zip(path, path.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) }
        // 1. Bound the work. Beyond the bound the subtraction below could also stall: 1e300 - 5 == 1e300.
        guard length.isFinite, length / cycle * Double(pattern.count) <= Double(Outline.maximumDashes) else {
            return [self]
        }
        var pieces: [Outline] = []
        var current: [Point] = []
        var patternIndex = 0
        var remainingInDash = max(pattern[0], 0)
        var isOn = true
        if isOn { current.append(path[0]) }
        for (start, end) in zip(path, path.dropFirst()) {
            var segmentStart = start
            var segmentLeft = start.distance(to: end)
            while segmentLeft > 0 {
                let step = min(segmentLeft, remainingInDash)
                let fraction = segmentLeft > 0 ? step / segmentLeft : 0
                let reached = segmentStart + (end - segmentStart) * fraction
                if isOn { current.append(reached) }
                segmentLeft -= step
                remainingInDash -= step
                segmentStart = reached
                if remainingInDash <= 0 {
                    if isOn, current.count >= 2 { pieces.append(Outline(points: current, isClosed: false)) }
                    current = []
                    isOn.toggle()
                    patternIndex = (patternIndex + 1) % pattern.count
                    remainingInDash = max(pattern[patternIndex], 0)
                    if isOn { current.append(reached) }
                }
            }
        }
        if isOn, current.count >= 2 { pieces.append(Outline(points: current, isClosed: false)) }
        return pieces
    }

    /// The most dash pieces (on and off) one outline is cut into; a denser pattern draws the outline solid.
    public static let maximumDashes = 100_000
}
