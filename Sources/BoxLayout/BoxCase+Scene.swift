import LayoutCore

extension BoxCase {
    /// The largest canvas side: unbounded layouts (≈1.8e308 wide) are clipped to it.
    public static let maximumCanvasSide = 4096.0

    /// Fill colours by depth, light enough that the 1-px outlines and id labels stay readable.
    static let palette: [Color] = [
        Color(red: 0xDD, green: 0xE8, blue: 0xF5), Color(red: 0xF9, green: 0xE0, blue: 0xB8),
        Color(red: 0xCF, green: 0xEB, blue: 0xCF), Color(red: 0xF3, green: 0xC9, blue: 0xD6),
        Color(red: 0xE2, green: 0xD5, blue: 0xF2), Color(red: 0xF5, green: 0xF0, blue: 0xB0),
    ]
    static let outline = Color(red: 0x33, green: 0x33, blue: 0x33)
    static let labelSize = 9.0

    /// Each active node as a filled rectangle (colour by depth), outlined in 1 px, with its id as a small label.
    /// The canvas is the root's size plus its margins on a white background, each side clamped to 1…4096 px;
    /// anything outside the canvas is clipped, and 0-area nodes draw nothing.
    public func scene(for geometry: BoxFrames, measurer: any TextMeasuring) -> Scene {
        // 1. The canvas.
        let root = geometry.frames.first { $0.path.isEmpty }?.frame ?? .zero
        let margin = self.root.margin
        func side(_ extent: Double) -> Double { min(max((extent).rounded(.up), 1), BoxCase.maximumCanvasSide) }
        let canvas = Rect(
            x: 0, y: 0, width: side(root.width + margin.horizontal), height: side(root.height + margin.vertical))
        var scene = Scene(size: canvas.size, background: .white)
        // 2. Each frame in canvas coordinates, clipped to the canvas.
        for (frame, absolute) in zip(geometry.frames, geometry.absoluteRects) {
            guard absolute.width > 0, absolute.height > 0, let visible = absolute.intersection(canvas),
                visible.width > 0, visible.height > 0
            else { continue }
            // 3. The rectangle, then its label clipped to it.
            let fill = BoxCase.palette[frame.path.count % BoxCase.palette.count]
            scene.append(.rect(visible), style: Style(fill: fill, stroke: BoxCase.outline, lineWidth: 1))
            if let id = frame.id, !id.isEmpty {
                let run = TextRun(
                    id, fontSize: BoxCase.labelSize, anchor: Point(x: visible.minX + 2, y: visible.minY + 1))
                scene.append(.text(run), clip: visible)
            }
        }
        return scene
    }
}
