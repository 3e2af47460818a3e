import CGD
import LayoutCore
import PixelDiff
import RealModule

/// Draws a `Scene` with libgd. Deterministic: the same scene and font give the same pixels on every run.
///
/// Every shape is first flattened by LayoutCore into outlines (dashes are cut there too); strokes become
/// polygons (`StrokeGeometry`), and `CoverageRasterizer` fills them with anti-aliased coverage. libgd blends
/// and stores the pixels, clips, draws FreeType text and writes the PNG.
public struct GDRenderer: Sendable {
    public let measurer: FreeTypeTextMeasurer

    public init(fontPath: String) {
        self.measurer = FreeTypeTextMeasurer(fontPath: fontPath)
    }

    /// Renders to RGBA pixels.
    public func render(_ scene: Scene) throws(RenderError) -> RGBAImage {
        try draw(scene).rgba()
    }

    /// Renders straight to PNG bytes.
    public func renderPNG(_ scene: Scene) throws(RenderError) -> [UInt8] {
        try draw(scene).pngData()
    }

    /// Refuses a canvas that cannot be drawn at all: not finite, or less than one pixel on a side once rounded up.
    /// `ristretto layout` applies the same rule, so a case that lays out also renders (size limits aside).
    public static func checkCanvas(_ size: Size) throws(RenderError) {
        let width = size.width.rounded(.up)
        let height = size.height.rounded(.up)
        guard width.isFinite, height.isFinite, width >= 1, height >= 1 else {
            throw .invalidCanvas(width: size.width, height: size.height)
        }
    }

    func draw(_ scene: Scene) throws(RenderError) -> GDImage {
        // 1. Validate the canvas before allocating it.
        try Self.checkCanvas(scene.size)
        let width = scene.size.width.rounded(.up)
        let height = scene.size.height.rounded(.up)
        guard width <= Double(RenderLimits.maxDimension), height <= Double(RenderLimits.maxDimension) else {
            throw .canvasTooLarge(width: width, height: height)
        }
        guard let image = GDImage(width: Int(width), height: Int(height)) else { throw .outOfMemory }
        // 2. Paint the background, then each item in order.
        if let background = scene.background {
            fillPolygon(
                [.zero, Point(x: width, y: 0), Point(x: width, y: height), Point(x: 0, y: height)],
                color: background, on: image)
        }
        for item in scene.items {
            draw(item, on: image)
        }
        return image
    }

    func draw(_ item: SceneItem, on image: GDImage) {
        // 1. Clip, when asked, to the pixels the clip rectangle covers.
        if let clip = item.clip {
            gdImageSetClip(
                image.pointer, Self.pixel(clip.minX), Self.pixel(clip.minY), Self.pixel(clip.maxX) - 1,
                Self.pixel(clip.maxY) - 1)
        }
        defer {
            if item.clip != nil { gdImageSetClip(image.pointer, 0, 0, Int32(image.width - 1), Int32(image.height - 1)) }
        }
        // 2. Text has its own path; every other shape fills then strokes its outlines.
        if case let .text(run) = item.shape {
            drawText(run, opacity: item.style.opacity, on: image)
            return
        }
        let outlines = item.shape.outlines()
        if let fill = item.style.fill?.withOpacity(item.style.opacity) {
            for outline in outlines where outline.isClosed {
                fillPolygon(outline.points, color: fill, on: image)
            }
        }
        if let stroke = item.style.stroke?.withOpacity(item.style.opacity), item.style.lineWidth > 0 {
            for outline in outlines {
                for piece in outline.dashed(item.style.dash) {
                    strokeOutline(piece, color: stroke, style: item.style, on: image)
                }
            }
        }
    }

    func fillPolygon(_ points: [Point], color: Color, on image: GDImage) {
        fill([points], color: color, on: image)
    }

    /// Paints the nonzero union of `polygons` with anti-aliased coverage; libgd blends each pixel.
    func fill(_ polygons: [[Point]], color: Color, on image: GDImage) {
        guard color.alpha > 0 else { return }
        var rasterizer = CoverageRasterizer(width: image.width, height: image.height)
        let full = GDImage.gdColor(color)
        rasterizer.fill(polygons) { x, y, coverage in
            let paint = coverage >= 1 ? full : GDImage.gdColor(color.withOpacity(coverage))
            gdImageSetPixel(image.pointer, Int32(x), Int32(y), paint)
        }
    }

    func strokeOutline(_ outline: Outline, color: Color, style: Style, on image: GDImage) {
        fill(StrokeGeometry.polygons(for: outline, style: style), color: color, on: image)
    }

    func drawText(_ run: TextRun, opacity: Double, on image: GDImage) {
        guard run.fontSize > 0, !run.string.isEmpty else { return }
        let layout = measurer.layout(run)
        let rotate = { (point: Point) -> Point in point.rotated(about: run.anchor, by: run.rotation) }
        // 1. The background: the tight text box grown by the padding, turned with the text.
        if let background = run.background?.withOpacity(opacity) {
            let box = layout.box.inset(
                by: Insets(
                    top: -run.backgroundPadding.top, left: -run.backgroundPadding.left,
                    bottom: -run.backgroundPadding.bottom, right: -run.backgroundPadding.right))
            let corners = [
                Point(x: box.minX, y: box.minY), Point(x: box.maxX, y: box.minY),
                Point(x: box.maxX, y: box.maxY), Point(x: box.minX, y: box.maxY),
            ]
            fillPolygon(corners.map(rotate), color: background, on: image)
        }
        // 2. Each line from its baseline origin; libgd turns counter-clockwise, our angles turn clockwise.
        let color = run.color.withOpacity(opacity)
        guard color.alpha > 0, GDFontCache.ready else { return }
        var extra = GDFontOptions.pixelExact
        for line in layout.lines where !line.text.isEmpty {
            let origin = rotate(line.baselineOrigin)
            var bounds = [Int32](repeating: 0, count: 8)
            _ = line.text.withCString { string in
                measurer.fontPath.withCString { font in
                    gdImageStringFTEx(
                        image.pointer, &bounds, GDImage.gdColor(color), font, run.fontSize, -run.rotation.radians,
                        Self.pixel(origin.x), Self.pixel(origin.y),
                        UnsafeMutablePointer(mutating: string), &extra)
                }
            }
        }
    }

    /// The nearest pixel coordinate for libgd, limited to ±2^30 so that coordinates like 1e93, which do not fit in
    /// an Int, cannot trap; everything that far out is off any canvas (at most 8192 px) anyway. NaN (unreachable:
    /// scenes are checked before rendering) becomes 0 rather than a trap.
    static func pixel(_ coordinate: Double) -> Int32 {
        coordinate.isNaN ? 0 : Int32(coordinate.rounded().clamped(to: -1_073_741_824...1_073_741_824))
    }

}

extension GDImage {
    static func gdColor(_ color: Color) -> Int32 {
        gdColor(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
    }
}
