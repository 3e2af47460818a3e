import LayoutCore

extension ResearchKitPieChart.Resolved: SeedJSONConvertible {
    var seedJSON: SeedJSON {
        func text(_ line: ResearchKitPieChart.TextLine) -> SeedJSON {
            .fields(["text": line.text, "frame": line.frame])
        }
        return .fields([
            "pieFrame": pieFrame, "center": center, "outerRadius": outerRadius, "innerRadius": innerRadius,
            "ringRadius": ringRadius, "ringWidth": ringWidth, "total": total,
            "segments": SeedJSON.array(
                segments.map { segment in
                    .fields([
                        "value": segment.value, "fraction": segment.fraction, "startDegrees": segment.startDegrees,
                        "endDegrees": segment.endDegrees, "color": segment.color,
                    ])
                }),
            "labels": SeedJSON.array(
                labels.map { label in
                    .fields(["text": label.text, "angleDegrees": label.angleDegrees, "frame": label.frame])
                }),
            "labelPasses": labelPasses,
            "titleBlock": SeedJSON.array(titleBlock.map(text)),
            "legend": legend.map { legend in
                SeedJSON.fields([
                    "frame": legend.frame, "rows": legend.rows, "perRow": legend.perRow,
                    "items": SeedJSON.array(
                        legend.items.map { .fields(["text": $0.text, "dot": $0.dot, "label": $0.label]) }),
                ])
            },
        ])
    }
}

extension ResearchKitPieChart.Spec {
    /// Draws the pie as ResearchKit does: a white-0.96 background ring, the segments, labels in segment colours.
    func scene(for resolved: ResearchKitPieChart.Resolved, measurer: any TextMeasuring) -> Scene {
        var scene = Scene(size: size, background: .white)
        let inner = resolved.ringRadius - resolved.ringWidth
        let outer = resolved.ringRadius
        // 1. The background ring, then each non-empty segment over it.
        if outer > 0 {
            scene.append(
                .path(
                    .annularSector(
                        center: resolved.center, innerRadius: inner, outerRadius: outer, start: .degrees(-90),
                        end: .degrees(270))),
                style: Style(fill: Color(red: 245, green: 245, blue: 245)))
            for segment in resolved.segments where segment.fraction > 0 {
                scene.append(
                    .path(
                        .annularSector(
                            center: resolved.center, innerRadius: inner, outerRadius: outer,
                            start: .degrees(segment.startDegrees), end: .degrees(segment.endDegrees))),
                    style: Style(fill: segment.color))
            }
        }
        // 2. Percentage labels, title block and legend.
        for label in resolved.labels {
            scene.append(
                .text(TextRun(label.text, fontSize: labelFontSize, anchor: label.frame.origin, color: label.color)))
        }
        for line in resolved.titleBlock {
            scene.append(
                .text(TextRun(line.text, fontSize: line.fontSize, anchor: line.frame.origin, color: line.color)))
        }
        for item in resolved.legend?.items ?? [] {
            scene.append(
                .ellipse(center: item.dot.center, radii: Size(width: 5, height: 5)), style: Style(fill: item.color))
            scene.append(.text(TextRun(item.text, fontSize: legendFontSize, anchor: item.label.origin, color: .black)))
        }
        return scene
    }
}
