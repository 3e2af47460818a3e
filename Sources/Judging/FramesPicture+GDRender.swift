import GDRender

extension FramesPicture {
    /// The picture as a PNG, drawn by GDRender (every box outlined, the highlighted ones filled in red), or nil when
    /// it cannot be drawn (a canvas over GDRender's limits). The one drawing of the dashboard's case pages and of
    /// the Swift Testing helper's artifacts.
    package var png: [UInt8]? {
        try? GDRenderer.framesPNG(boxes, highlighted: highlighted, canvas: canvas)
    }
}
