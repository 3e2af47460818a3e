import LayoutCore

/// The main region and the four gutters of a view (spec §3). Corners belong to no region.
public struct GraffeineRegions: Hashable, Sendable, Codable {
    public var main: Rect
    public var topGutter: Rect
    public var rightGutter: Rect
    public var bottomGutter: Rect
    public var leftGutter: Rect

    /// Sizes each gutter by its thickest layer and gives the rest of the view to the main region.
    ///
    /// Contract: thicknesses are the layers' *declared* thicknesses, so the result is the same on every pass
    /// (upstream drifts, quirk §13.1). A view too small for its gutters gets a main region of size 0, never a
    /// negative one.
    public init(view: Size, layers: [GraffeineLayer]) {
        // 1. Each gutter is as thick as its thickest layer; order does not matter.
        func thickness(_ region: GraffeineRegion) -> Double {
            layers.filter { $0.region == region }.map(\.thickness).reduce(0, max)
        }
        let top = thickness(.topGutter)
        let bottom = thickness(.bottomGutter)
        let left = thickness(.leftGutter)
        let right = thickness(.rightGutter)
        // 2. The main region is what the gutters leave.
        main = Rect(
            x: left, y: top, width: max(0, view.width - left - right), height: max(0, view.height - top - bottom))
        // 3. Gutters span the main region along their long axis only.
        topGutter = Rect(x: main.minX, y: 0, width: main.width, height: top)
        bottomGutter = Rect(x: main.minX, y: main.maxY, width: main.width, height: bottom)
        leftGutter = Rect(x: 0, y: main.minY, width: left, height: main.height)
        rightGutter = Rect(x: main.maxX, y: main.minY, width: right, height: main.height)
    }

    /// The frame of `layer` in view coordinates (the table of spec §3), insets subtracted exactly once.
    ///
    /// Along a gutter's long axis the layer spans the main region; across it, a top or left layer hugs the
    /// **view edge** and a bottom or right layer hugs the **main region** (quirk §13.2). Sizes never go below 0.
    func frame(of layer: GraffeineLayer) -> Rect {
        // 1. The long axis runs along the gutter; the main region is treated as a gutter as thick as itself.
        let longAxis: Axis = layer.region == .leftGutter || layer.region == .rightGutter ? .vertical : .horizontal
        let (crossStart, crossExtent): (Double, Double) =
            switch layer.region {
            case .main: (main.origin.cross(along: longAxis), main.size.cross(along: longAxis))
            case .topGutter, .leftGutter: (0, layer.thickness)
            case .bottomGutter, .rightGutter:
                (main.origin.cross(along: longAxis) + main.size.cross(along: longAxis), layer.thickness)
            }
        // 2. Insets move the start edges and shrink the extents; negative insets enlarge the frame.
        let insets = layer.insets
        let origin = Point(
            main: main.origin.main(along: longAxis) + insets.mainStart(along: longAxis),
            cross: crossStart + insets.crossStart(along: longAxis), along: longAxis)
        let size = Size(
            main: max(0, main.size.main(along: longAxis) - insets.main(along: longAxis)),
            cross: max(0, crossExtent - insets.cross(along: longAxis)), along: longAxis)
        return Rect(origin: origin, size: size)
    }
}
