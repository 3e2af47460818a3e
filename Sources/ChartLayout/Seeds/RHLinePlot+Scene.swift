import LayoutCore

extension RHLinePlot.Resolved: SeedJSONConvertible {
    var seedJSON: SeedJSON {
        .fields([
            "proxy": proxy, "canvas": canvas, "plotWidth": plotWidth, "step": step,
            "lowest": lowest, "highest": highest, "points": points,
            "segments": SeedJSON.array(
                segments.map { segment in
                    .fields([
                        "start": segment.start, "end": segment.end, "opacity": segment.opacity,
                        "points": segment.points,
                    ])
                }),
            "indicator": indicator.map { indicator in
                SeedJSON.fields([
                    "center": indicator.center, "diameter": indicator.diameter, "haloDiameter": indicator.haloDiameter,
                ])
            },
            "strokes": SeedJSON.array(
                strokes.map { .fields(["width": $0.width, "blur": $0.blur, "color": $0.color]) }),
            "bitmapMargin": bitmapMargin,
            "interaction": interaction.map { interaction in
                SeedJSON.fields([
                    "paddedBox": interaction.paddedBox, "labelHeight": interaction.labelHeight,
                    "drag": interaction.drag.map { drag in
                        SeedJSON.fields([
                            "dragX": drag.dragX, "index": drag.index, "value": drag.value,
                            "activeSegment": drag.activeSegment, "stickX": drag.stickX, "stick": drag.stick,
                            "label": SeedJSON.fields(["text": drag.labelText, "frame": drag.labelFrame]),
                        ])
                    },
                ])
            },
        ])
    }
}

extension RHLinePlot.Spec {
    /// Draws the plot as the SwiftUI view looks: white (black in laser mode), round-capped strokes, a gray stick.
    /// Blur cannot be drawn by the scene, so each glow stroke is the line colour at a low opacity.
    func scene(for resolved: RHLinePlot.Resolved, measurer: any TextMeasuring) -> Scene {
        let laser = config.useLaserLightLinePlotStyle
        var scene = Scene(size: size, background: laser ? .black : .white)
        // 1. Each segment with every stroke, widest first; a one-vertex segment (P0 alone) draws nothing, as in SwiftUI.
        for segment in resolved.segments where segment.points.count >= 2 {
            for stroke in resolved.strokes {
                let glow = stroke.blur > 0 ? 0.35 : 1
                scene.append(
                    .polyline(segment.points),
                    style: Style(
                        stroke: stroke.color, lineWidth: stroke.width, lineJoin: .round, lineCap: .round,
                        opacity: segment.opacity * glow))
            }
        }
        // 2. The indicator dot.
        if let indicator = resolved.indicator {
            let radius = indicator.diameter / 2
            scene.append(
                .ellipse(center: indicator.center, radii: Size(width: radius, height: radius)),
                style: Style(fill: lineColor))
        }
        // 3. The value stick and its label while dragging.
        if let drag = resolved.interaction?.drag {
            scene.append(.rect(drag.stick), style: Style(fill: config.valueStickColor))
            scene.append(
                .text(
                    TextRun(
                        drag.labelText, fontSize: stickLabelFontSize, anchor: Point(x: drag.labelFrame.midX, y: 0),
                        horizontalAlignment: .center, verticalAlignment: .top, color: laser ? .white : .black)))
        }
        return scene
    }
}
