import RealModule

/// A point in layout space: x grows to the right, y grows downwards (screen convention).
public struct Point: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    public var isFinite: Bool { x.isFinite && y.isFinite }

    /// The component along `axis`: x for horizontal, y for vertical.
    public func main(along axis: Axis) -> Double { axis == .horizontal ? x : y }
    /// The component across `axis`.
    public func cross(along axis: Axis) -> Double { axis == .horizontal ? y : x }

    /// Builds a point from axis-relative components, so algorithms write their arithmetic once.
    public init(main: Double, cross: Double, along axis: Axis) {
        self = axis == .horizontal ? Point(x: main, y: cross) : Point(x: cross, y: main)
    }

    public static func + (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x + rhs.x, y: lhs.y + rhs.y) }
    public static func - (lhs: Point, rhs: Point) -> Point { Point(x: lhs.x - rhs.x, y: lhs.y - rhs.y) }
    public static func * (lhs: Point, scale: Double) -> Point { Point(x: lhs.x * scale, y: lhs.y * scale) }

    /// The point turned by `angle` about `pivot`; positive angles turn clockwise on screen.
    public func rotated(about pivot: Point, by angle: Angle) -> Point {
        guard angle.radians != 0 else { return self }
        let dx = x - pivot.x
        let dy = y - pivot.y
        let cosine = Double.cos(angle.radians)
        let sine = Double.sin(angle.radians)
        return Point(x: pivot.x + dx * cosine - dy * sine, y: pivot.y + dx * sine + dy * cosine)
    }

    public func distance(to other: Point) -> Double {
        ((other.x - x) * (other.x - x) + (other.y - y) * (other.y - y)).squareRoot()
    }
}

/// A width and a height. Sizes produced by layout are finite and non-negative.
public struct Size: Hashable, Sendable {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)

    public var isFinite: Bool { width.isFinite && height.isFinite }

    /// The extent along `axis`: width for horizontal, height for vertical.
    public func main(along axis: Axis) -> Double { axis == .horizontal ? width : height }
    /// The extent across `axis`.
    public func cross(along axis: Axis) -> Double { axis == .horizontal ? height : width }

    public init(main: Double, cross: Double, along axis: Axis) {
        self = axis == .horizontal ? Size(width: main, height: cross) : Size(width: cross, height: main)
    }
}

/// An axis-aligned rectangle given by its top-left origin and size.
public struct Rect: Hashable, Sendable {
    public var origin: Point
    public var size: Size

    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public var x: Double { origin.x }
    public var y: Double { origin.y }
    public var width: Double { size.width }
    public var height: Double { size.height }
    public var minX: Double { origin.x }
    public var minY: Double { origin.y }
    public var maxX: Double { origin.x + size.width }
    public var maxY: Double { origin.y + size.height }
    public var midX: Double { origin.x + size.width / 2 }
    public var midY: Double { origin.y + size.height / 2 }
    public var center: Point { Point(x: midX, y: midY) }
    public var isFinite: Bool { origin.isFinite && size.isFinite }

    /// The rectangle shrunk by `insets` on each side. **Sizes may become negative**; callers clamp when they must.
    public func inset(by insets: Insets) -> Rect {
        Rect(
            x: x + insets.left, y: y + insets.top,
            width: width - insets.left - insets.right, height: height - insets.top - insets.bottom)
    }

    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }

    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x <= maxX && point.y >= minY && point.y <= maxY
    }

    /// The overlap of two rectangles, or nil when they do not overlap.
    public func intersection(_ other: Rect) -> Rect? {
        let left = max(minX, other.minX)
        let right = min(maxX, other.maxX)
        let top = max(minY, other.minY)
        let bottom = min(maxY, other.maxY)
        guard right >= left, bottom >= top else { return nil }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The smallest rectangle containing both.
    public func union(_ other: Rect) -> Rect {
        let left = min(minX, other.minX)
        let top = min(minY, other.minY)
        return Rect(x: left, y: top, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
    }
}

/// Distances inward from each edge of a rectangle.
public struct Insets: Hashable, Sendable {
    public var top: Double
    public var left: Double
    public var bottom: Double
    public var right: Double

    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    public init(all value: Double) {
        self.init(top: value, left: value, bottom: value, right: value)
    }

    public static let zero = Insets()

    public var horizontal: Double { left + right }
    public var vertical: Double { top + bottom }
    public var isFinite: Bool { top.isFinite && left.isFinite && bottom.isFinite && right.isFinite }

    /// The inset at the start of `axis` (left or top).
    public func mainStart(along axis: Axis) -> Double { axis == .horizontal ? left : top }
    /// The inset at the end of `axis` (right or bottom).
    public func mainEnd(along axis: Axis) -> Double { axis == .horizontal ? right : bottom }
    public func crossStart(along axis: Axis) -> Double { axis == .horizontal ? top : left }
    public func crossEnd(along axis: Axis) -> Double { axis == .horizontal ? bottom : right }
    /// Start plus end along `axis`.
    public func main(along axis: Axis) -> Double { axis == .horizontal ? horizontal : vertical }
    /// Start plus end across `axis`.
    public func cross(along axis: Axis) -> Double { axis == .horizontal ? vertical : horizontal }
}

/// The direction along which a box stacks its children.
public enum Axis: String, Hashable, Sendable, Codable, CaseIterable {
    case horizontal
    case vertical

    /// The perpendicular axis.
    public var crossAxis: Axis { self == .horizontal ? .vertical : .horizontal }
}

/// An angle stored in radians. **0 points along +x and positive angles turn clockwise on screen**,
/// because y grows downwards.
public struct Angle: Hashable, Sendable, Comparable {
    public var radians: Double

    public init(radians: Double) { self.radians = radians }
    public init(degrees: Double) { self.radians = degrees * .pi / 180 }

    public static func radians(_ value: Double) -> Angle { Angle(radians: value) }
    public static func degrees(_ value: Double) -> Angle { Angle(degrees: value) }
    public static let zero = Angle(radians: 0)

    public var degrees: Double { radians * 180 / .pi }

    public static func < (lhs: Angle, rhs: Angle) -> Bool { lhs.radians < rhs.radians }
    public static func + (lhs: Angle, rhs: Angle) -> Angle { Angle(radians: lhs.radians + rhs.radians) }
    public static func - (lhs: Angle, rhs: Angle) -> Angle { Angle(radians: lhs.radians - rhs.radians) }

    /// The point at `radius` from `center` in this direction.
    public func point(from center: Point, radius: Double) -> Point {
        Point(x: center.x + radius * .cos(radians), y: center.y + radius * .sin(radians))
    }
}
