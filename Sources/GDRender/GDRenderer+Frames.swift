import CGD
import LayoutCore

extension GDRenderer {
    static let frameOutline = Color(red: 0x55, green: 0x55, blue: 0x55)
    static let highlightOutline = Color(red: 0xD0, green: 0x10, blue: 0x10)
    static let highlightFill = Color(red: 0xFF, green: 0x30, blue: 0x30, alpha: 0x50)

    /// Draws frames as the engine dashboard shows them: on white, each box outlined in 1 px grey in the order given
    /// (pre-order: parents first); then the `highlighted` indices again on top, filled in translucent red and
    /// outlined in 2 px red, so that a node that differs shows even under its children. `boxes` are in canvas
    /// pixels, snapped to whole pixels: a box from x = 4 to 364 outlines columns 4 and 363.
    /// **Not the scene renderer**: libgd's own rectangles, without anti-aliasing, because a page of the dashboard
    /// may draw a hundred nested boxes for each of thousands of cases, and a rectangle costs its perimeter here.
    /// Draws no text and reads no font. The same input gives the same PNG bytes.
    /// - Throws: `RenderError` for a canvas that cannot be drawn (not finite, under 1 px, over the size limit).
    public static func framesPNG(_ boxes: [Rect], highlighted: Set<Int>, canvas: Size) throws(RenderError) -> [UInt8] {
        try checkCanvas(canvas)
        let width = canvas.width.rounded(.up)
        let height = canvas.height.rounded(.up)
        guard width <= Double(RenderLimits.maxDimension), height <= Double(RenderLimits.maxDimension) else {
            throw .canvasTooLarge(width: width, height: height)
        }
        guard let image = GDImage(width: Int(width), height: Int(height)) else { throw .outOfMemory }
        gdImageFilledRectangle(image.pointer, 0, 0, Int32(width) - 1, Int32(height) - 1, GDImage.gdColor(.white))
        for box in boxes {
            outline(box, color: frameOutline, thickness: 1, on: image)
        }
        for index in highlighted.sorted() where boxes.indices.contains(index) {
            let (left, top, right, bottom) = pixels(of: boxes[index])
            gdImageFilledRectangle(image.pointer, left, top, right, bottom, GDImage.gdColor(highlightFill))
            outline(boxes[index], color: highlightOutline, thickness: 2, on: image)
        }
        return image.pngData()
    }

    /// The first and last pixel column and row a box covers (at least one of each, for an empty box).
    static func pixels(of box: Rect) -> (left: Int32, top: Int32, right: Int32, bottom: Int32) {
        let (left, top) = (pixel(box.minX), pixel(box.minY))
        return (left, top, max(left, pixel(box.maxX) - 1), max(top, pixel(box.maxY) - 1))
    }

    /// `thickness` nested 1-px rectangles, from the box's edge inwards.
    static func outline(_ box: Rect, color: Color, thickness: Int32, on image: GDImage) {
        let (left, top, right, bottom) = pixels(of: box)
        for inset in 0..<thickness where left + inset <= right - inset && top + inset <= bottom - inset {
            gdImageRectangle(
                image.pointer, left + inset, top + inset, right - inset, bottom - inset, GDImage.gdColor(color))
        }
    }
}
