import LayoutCore

extension ResearchKitGraph.Resolved: SeedJSONConvertible {
    var seedJSON: SeedJSON {
        func label(_ label: ResearchKitGraph.Label) -> SeedJSON { .fields(["text": label.text, "frame": label.frame]) }
        func segment(_ from: Point, _ to: Point) -> SeedJSON { .fields(["from": from, "to": to]) }
        return .fields([
            "plotFrame": plotFrame, "xAxisFrame": xAxisFrame, "yAxisFrame": yAxisFrame,
            "numberOfXAxisPoints": numberOfXAxisPoints, "xAxisPoints": xAxisPoints,
            "minimumValue": minimumValue, "maximumValue": maximumValue,
            "yAxis": SeedJSON.array(
                yAxis.map { tick in
                    .fields(["factor": tick.factor, "y": tick.y, "tick": tick.tick, "label": label(tick.label)])
                }),
            "xAxis": xAxis.map { axis in
                SeedJSON.fields([
                    "line": axis.line, "ticks": SeedJSON.array(axis.ticks.map { segment($0.from, $0.to) }),
                    "labels": SeedJSON.array(
                        axis.labels.map {
                            .fields(["text": $0.label.text, "frame": $0.label.frame, "pill": $0.isPill])
                        }),
                ])
            },
            "referenceLines": SeedJSON.fields([
                "horizontal": SeedJSON.array(horizontalReferenceLines.map { segment($0.from, $0.to) }),
                "vertical": SeedJSON.array(verticalReferenceLines.map { segment($0.from, $0.to) }),
            ]),
            "plots": SeedJSON.array(
                plots.map { plot in
                    .fields([
                        "color": plot.color, "xOffset": plot.xOffset,
                        "points": SeedJSON.array(
                            plot.points.map {
                                .fields([
                                    "index": $0.index, "min": $0.min, "max": $0.max, "indicator": $0.drawsIndicator,
                                ])
                            }),
                        "lines": SeedJSON.array(
                            plot.lines.map { .fields(["from": $0.from, "to": $0.to, "dashed": $0.dashed]) }),
                        "fill": plot.fill,
                    ])
                }),
            "scrubber": scrubber.map { scrubber in
                SeedJSON.fields([
                    "plotIndex": scrubber.plotIndex, "x": scrubber.x, "snappedIndex": scrubber.snappedIndex,
                    "line": scrubber.line, "thumb": scrubber.thumb, "value": scrubber.value,
                    "label": scrubber.label.map(label),
                ])
            },
            "noDataLabel": noDataLabel.map(label),
        ])
    }
}

extension ResearchKitGraph.Spec {
    /// Draws the graph in ResearchKit's look: light axes, dashed reference lines, 2-pt lines with a 0.4 fill,
    /// white-centred point rings, 8-pt range bars, and the gray scrubber with its translucent label.
    func scene(for resolved: ResearchKitGraph.Resolved, measurer: any TextMeasuring) -> Scene {
        typealias G = ResearchKitGraph
        var scene = Scene(size: size, background: .white)
        if let noData = resolved.noDataLabel {
            scene.append(
                .text(TextRun(noData.text, fontSize: 17, anchor: noData.frame.origin, color: SeedColor.lightGray)))
            return scene
        }
        // 1. Reference lines under everything.
        for line in resolved.horizontalReferenceLines + resolved.verticalReferenceLines {
            scene.append(.line(from: line.from, to: line.to), style: Style(stroke: G.referenceLineColor, dash: [6, 4]))
        }
        // 2. Axes.
        for tick in resolved.yAxis {
            scene.append(.rect(tick.tick), style: Style(fill: G.axisColor))
            scene.append(
                .text(
                    TextRun(
                        tick.label.text, fontSize: axisFontSize, anchor: tick.label.frame.origin,
                        color: SeedColor.systemGray)))
        }
        if let axis = resolved.xAxis {
            scene.append(.rect(axis.line), style: Style(fill: G.axisColor))
            for tick in axis.ticks {
                scene.append(.line(from: tick.from, to: tick.to), style: Style(stroke: G.axisColor))
            }
            for label in axis.labels {
                if label.isPill {
                    scene.append(
                        .rect(label.label.frame, cornerRadii: CornerRadii(all: 10)), style: Style(fill: tintColor))
                }
                scene.append(
                    .text(
                        TextRun(
                            label.label.text, fontSize: axisFontSize, anchor: label.label.frame.center,
                            horizontalAlignment: .center, verticalAlignment: .center,
                            color: label.isPill ? .white : tintColor)))
            }
        }
        // 3. Plots: fill, lines, then point rings.
        for plot in resolved.plots {
            if let fill = plot.fill { scene.append(.polygon(fill), style: Style(fill: plot.color.withOpacity(0.4))) }
            for line in plot.lines {
                let width = kind == .line ? 2 : G.pointAndLineWidth
                scene.append(
                    .line(from: line.from, to: line.to),
                    style: Style(
                        stroke: plot.color, lineWidth: width, dash: line.dashed ? [12, 6] : [], lineJoin: .round,
                        lineCap: .round))
            }
            for point in plot.points where point.drawsIndicator {
                for center in [point.min] + (point.max.map { [$0] } ?? []) {
                    scene.append(
                        .ellipse(center: center, radii: Size(width: 3, height: 3)),
                        style: Style(fill: .white, stroke: plot.color, lineWidth: 2))
                }
            }
        }
        // 4. The scrubber.
        if let scrubber = resolved.scrubber {
            scene.append(.rect(scrubber.line), style: Style(fill: SeedColor.systemGray))
            if let thumb = scrubber.thumb {
                scene.append(
                    .ellipse(center: thumb, radii: Size(width: 5, height: 5)),
                    style: Style(fill: .white, stroke: SeedColor.systemGray, lineWidth: 1))
            }
            if let label = scrubber.label {
                scene.append(
                    .rect(label.frame, cornerRadii: CornerRadii(all: 4)),
                    style: Style(
                        fill: Color(red: 250, green: 250, blue: 250, alpha: 204), stroke: SeedColor.systemGray,
                        lineWidth: 1))
                scene.append(
                    .text(
                        TextRun(
                            label.text, fontSize: axisFontSize, anchor: label.frame.center,
                            horizontalAlignment: .center, verticalAlignment: .center, color: .black)))
            }
        }
        return scene
    }
}
