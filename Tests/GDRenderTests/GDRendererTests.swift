import GDRender
import LayoutCore
import PixelDiff
import TestSupport
import Testing

/// Exact pixels at chosen coordinates, one test per primitive. Each scene is 40×40 on white unless noted.
@Suite struct GDRendererTests {
    let renderer = GDRenderer(fontPath: TestSupport.fontPath)

    func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] {
        let offset = (y * image.width + x) * 4
        return Array(image.pixels[offset..<offset + 4])
    }

    func render(_ items: [SceneItem], width: Double = 40, height: Double = 40) throws -> RGBAImage {
        try renderer.render(Scene(size: Size(width: width, height: height), background: .white, items: items))
    }

    static let red: [UInt8] = [255, 0, 0, 255], white: [UInt8] = [255, 255, 255, 255], black: [UInt8] = [0, 0, 0, 255]

    @Test func filledRectCoversItsPixelsOnly() throws {
        let image = try render([
            SceneItem(
                shape: .rect(Rect(x: 10, y: 10, width: 20, height: 10)),
                style: Style(fill: .init(red: 255, green: 0, blue: 0)))
        ])
        #expect(pixel(image, 10, 10) == Self.red)
        #expect(pixel(image, 29, 19) == Self.red)
        #expect(pixel(image, 9, 10) == Self.white)
        #expect(pixel(image, 15, 25) == Self.white)
    }

    @Test func roundedCornerLeavesTheCornerPixelEmpty() throws {
        let image = try render([
            SceneItem(
                shape: .rect(Rect(x: 0, y: 0, width: 40, height: 40), cornerRadii: CornerRadii(topLeft: 12)),
                style: Style(fill: .black))
        ])
        #expect(pixel(image, 1, 1) == Self.white)  // inside the 12-px corner cut
        #expect(pixel(image, 38, 1) == Self.black)  // the top-right corner is square
        #expect(pixel(image, 20, 20) == Self.black)
    }

    @Test func horizontalLineIsOnePixelHigh() throws {
        // A 1-px line on the pixel centres (y = 20.5) covers row 20 exactly.
        let image = try render([
            SceneItem(shape: .line(from: Point(x: 5, y: 20.5), to: Point(x: 35, y: 20.5)), style: Style(stroke: .black))
        ])
        #expect(pixel(image, 20, 20) == Self.black)
        #expect(pixel(image, 20, 19) == Self.white)
        #expect(pixel(image, 20, 21) == Self.white)
    }

    @Test func lineOnAPixelEdgeHalfCoversTwoRows() throws {
        // On y = 20 the 1-px line spans 19.5...20.5: half of row 19 and half of row 20, 50 % grey each
        // (255 × (1 − 0.5) = 127.5; libgd's 7-bit alpha makes it 126).
        let image = try render([
            SceneItem(shape: .line(from: Point(x: 5, y: 20), to: Point(x: 35, y: 20)), style: Style(stroke: .black))
        ])
        #expect((125...129).contains(Int(pixel(image, 20, 19)[0])))
        #expect((125...129).contains(Int(pixel(image, 20, 20)[0])))
    }

    @Test func dashedLineAlternatesOnAndOff() throws {
        // Pattern 4 on, 4 off from x = 0: pixels 0–3 are on, 4–7 off, 8–11 on again.
        let image = try render([
            SceneItem(
                shape: .line(from: Point(x: 0, y: 20), to: Point(x: 40, y: 20)),
                style: Style(stroke: .black, lineWidth: 3, dash: [4, 4]))
        ])
        #expect(pixel(image, 2, 20) == Self.black)
        #expect(pixel(image, 6, 20) == Self.white)
        #expect(pixel(image, 10, 20) == Self.black)
    }

    @Test func thickStrokeSpansItsWidth() throws {
        // 5 px about y = 20 spans 17.5...22.5: rows 18–21 fully, rows 17 and 22 by half.
        let image = try render([
            SceneItem(
                shape: .line(from: Point(x: 5, y: 20), to: Point(x: 35, y: 20)),
                style: Style(stroke: .black, lineWidth: 5))
        ])
        #expect(pixel(image, 20, 18) == Self.black)
        #expect(pixel(image, 20, 21) == Self.black)
        #expect((125...129).contains(Int(pixel(image, 20, 22)[0])))
        #expect(pixel(image, 20, 24) == Self.white)
    }

    @Test func polylineAndPolygon() throws {
        let image = try render([
            SceneItem(
                shape: .polygon([Point(x: 0, y: 0), Point(x: 20, y: 0), Point(x: 0, y: 20)]), style: Style(fill: .black)
            ),
            SceneItem(
                shape: .polyline([Point(x: 25.5, y: 39), Point(x: 25.5, y: 25.5), Point(x: 39, y: 25.5)]),
                style: Style(stroke: .black)),
        ])
        #expect(pixel(image, 3, 3) == Self.black)
        #expect(pixel(image, 18, 18) == Self.white)  // beyond the hypotenuse
        #expect(pixel(image, 25, 30) == Self.black)  // the vertical leg on column 25's centre
        #expect(pixel(image, 30, 25) == Self.black)  // the horizontal leg on row 25's centre
        #expect(pixel(image, 30, 30) == Self.white)  // an open polyline is never filled
    }

    @Test func wedgeFillsOnlyItsQuarter() throws {
        // A quarter from 0° to 90° clockwise on screen: the lower-right quarter of the circle.
        let wedge = Path.annularSector(
            center: Point(x: 20, y: 20), innerRadius: 0, outerRadius: 15, start: .degrees(0), end: .degrees(90))
        let image = try render([SceneItem(shape: .path(wedge), style: Style(fill: .black))])
        #expect(pixel(image, 25, 25) == Self.black)
        #expect(pixel(image, 15, 25) == Self.white)
        #expect(pixel(image, 25, 15) == Self.white)
    }

    @Test func donutLeavesItsHoleEmpty() throws {
        let ring = Path.annularSector(
            center: Point(x: 20, y: 20), innerRadius: 8, outerRadius: 16, start: .degrees(0), end: .degrees(180))
        let image = try render([SceneItem(shape: .path(ring), style: Style(fill: .black))])
        #expect(pixel(image, 20, 32) == Self.black)  // 12 px below the centre: within the ring
        #expect(pixel(image, 20, 23) == Self.white)  // 3 px below the centre: in the hole
    }

    @Test func circleAndEllipse() throws {
        let image = try render([
            SceneItem(
                shape: .ellipse(center: Point(x: 20, y: 20), radii: Size(width: 15, height: 5)),
                style: Style(fill: .black))
        ])
        #expect(pixel(image, 33, 20) == Self.black)
        #expect(pixel(image, 20, 24) == Self.black)
        #expect(pixel(image, 20, 27) == Self.white)
    }

    @Test func alphaBlendsOverTheBackground() throws {
        // 50 % black (alpha 0x80 = 128, stored by libgd as 7-bit 63) over white: 255 × (1 − 64/127) ≈ 126.5.
        let image = try render([
            SceneItem(
                shape: .rect(Rect(x: 0, y: 0, width: 40, height: 40)),
                style: Style(fill: Color(red: 0, green: 0, blue: 0, alpha: 128)))
        ])
        let value = pixel(image, 20, 20)
        #expect((125...129).contains(Int(value[0])), "got \(value)")
        #expect(value[3] == 255)
    }

    @Test func clipRectStopsPaintingOutside() throws {
        let image = try render([
            SceneItem(
                shape: .rect(Rect(x: 0, y: 0, width: 40, height: 40)), style: Style(fill: .black),
                clip: Rect(x: 10, y: 10, width: 10, height: 10))
        ])
        #expect(pixel(image, 15, 15) == Self.black)
        #expect(pixel(image, 25, 15) == Self.white)
        #expect(pixel(image, 9, 9) == Self.white)
    }

    @Test func textPaintsInkInsideItsBoxAndBackgroundAroundIt() throws {
        let run = TextRun("HH", fontSize: 20, anchor: Point(x: 5, y: 5), background: Color(red: 255, green: 0, blue: 0))
        let image = try render([SceneItem(shape: .text(run))], width: 60, height: 40)
        let box = renderer.measurer.layout(run).box
        let inkPixels = (Int(box.minY)..<Int(box.maxY)).flatMap { y in
            (Int(box.minX)..<Int(box.maxX)).map { x in pixel(image, x, y) }
        }
        .filter { $0[0] < 128 }
        #expect(inkPixels.count > 20)
        #expect(pixel(image, 6, 6) == Self.red)  // top-left of the box: background, no ink
        #expect(pixel(image, Int(box.maxX) + 2, 10) == Self.white)
    }

    @Test func transparentCanvasStaysTransparent() throws {
        let image = try renderer.render(Scene(size: Size(width: 4, height: 4)))
        #expect(pixel(image, 1, 1)[3] == 0)
    }

    @Test func invalidCanvasesAreErrors() {
        #expect(throws: RenderError.invalidCanvas(width: 0, height: 10)) {
            try renderer.render(Scene(size: Size(width: 0, height: 10)))
        }
        #expect(throws: RenderError.canvasTooLarge(width: 100_000, height: 10)) {
            try renderer.render(Scene(size: Size(width: 100_000, height: 10)))
        }
    }

    @Test func renderingIsByteIdenticalAcrossRuns() throws {
        let scene = Scene(
            size: Size(width: 50, height: 30), background: .white,
            items: [
                SceneItem(shape: .text(TextRun("Same", fontSize: 14, anchor: Point(x: 2, y: 2))), style: Style()),
                SceneItem(
                    shape: .ellipse(center: Point(x: 40, y: 15), radii: Size(width: 8, height: 8)),
                    style: Style(fill: .black)),
            ])
        #expect(try renderer.renderPNG(scene) == renderer.renderPNG(scene))
    }
}

/// The frames pictures of the engine dashboard: outlines on white, the differing nodes filled and outlined in red.
@Suite struct FramesPictureTests {
    /// A 32-px box with a 10-px box inside it, the inner one highlighted, on a 40 × 40 canvas.
    static func png() throws -> [UInt8] {
        try GDRenderer.framesPNG(
            [Rect(x: 4, y: 4, width: 32, height: 32), Rect(x: 10, y: 10, width: 10, height: 10)], highlighted: [1],
            canvas: Size(width: 40, height: 40))
    }

    func pixel(_ image: RGBAImage, _ x: Int, _ y: Int) -> [UInt8] {
        let offset = (y * image.width + x) * 4
        return Array(image.pixels[offset..<offset + 4])
    }

    @Test func outlinesAndHighlights() throws {
        let image = try PNGCodec.decode(try Self.png())
        #expect((image.width, image.height) == (40, 40))
        #expect(pixel(image, 1, 1) == [255, 255, 255, 255], "the background")
        #expect(pixel(image, 30, 30) == [255, 255, 255, 255], "a box is outlined, not filled")
        // Boxes snap to whole pixels: the 1-px grey outline of the box from 4 to 36 is columns 4 and 35.
        #expect(pixel(image, 4, 30) == [0x55, 0x55, 0x55, 255])
        #expect(pixel(image, 35, 30) == [0x55, 0x55, 0x55, 255])
        #expect(pixel(image, 36, 30) == [255, 255, 255, 255])
        // The 2-px red outline of the highlighted box from 10 to 20 is columns 10, 11, 18 and 19.
        for column in [10, 11, 18, 19] { #expect(pixel(image, column, 15) == [0xD0, 0x10, 0x10, 255]) }
        #expect(pixel(image, 9, 15) == [255, 255, 255, 255])
        // Inside it, translucent red (alpha 0x50 = 80/255) over white: red stays 255, green and blue drop by about
        // (255 − 48) · 80 / 255 ≈ 65.
        let inside = pixel(image, 15, 15)
        #expect(inside[0] == 255 && inside[1] == inside[2] && (185...195).contains(inside[1]), "\(inside)")
    }

    @Test func theSameFramesGiveTheSameBytes() throws {
        #expect(try Self.png() == Self.png())
    }
}
