import Engines
import Foundation
import LayoutCore

extension BenchmarkReport {
    /// The report as a chart the CLI renders to PNG: one panel per family and shape (size across, µs per layout up, both on log
    /// scales because sizes and costs span decades), one polyline per engine × mode (colour = engine, line style =
    /// mode: fresh solid, relayout dashed, resize dotted, incremental dash-dotted), axes with ticks and labels, and a
    /// legend naming the engine inside each peer. A case run (`baseline`) has one panel per mode instead, each case
    /// a point at its number of elements. **Figures timed through Python are drawn apart**: thin lines and hollow
    /// points, "(via Python)" in the legend.
    public func plotScene(panelSize: Size = Size(width: 420, height: 320)) -> Scene {
        let panels: [(title: String, axis: String, rows: [BenchmarkResult], joined: Bool)] =
            if baseline == nil {
                ([ShapeFamily?](ShapeFamily.allCases) + [nil]).flatMap { family in
                    BenchShape.allCases.compactMap { shape in
                        let rows = results.filter { $0.shape == shape && $0.family == family }
                        let table = family?.tableName(of: shape) ?? shape.rawValue
                        return rows.isEmpty
                            ? nil
                            : ("\(table) (\(shape.sizeLabel))", shape == .depth ? "depth D" : "leaves N", rows, true)
                    }
                }
            } else {
                BenchMode.allCases.compactMap { mode in
                    let rows = results.filter { $0.mode == mode }
                    return rows.isEmpty ? nil : ("cases — \(mode.rawValue)", "elements in the case", rows, false)
                }
            }
        let margin = Insets(top: 40, left: 70, bottom: 50, right: 20)
        let legendHeight = Self.legendRowHeight * Double(max(1, engines.count)) + 16
        let panelWidth = panelSize.width + margin.horizontal
        let legendWidth = margin.left + (baseline == nil ? Self.legendColumnWidth * 4 : 600)
        var scene = Scene(
            size: Size(
                width: max(panelWidth * Double(max(1, panels.count)), legendWidth),
                height: panelSize.height + margin.vertical + legendHeight),
            background: .white)
        for (index, panel) in panels.enumerated() {
            let plot = Rect(
                x: Double(index) * panelWidth + margin.left, y: margin.top, width: panelSize.width,
                height: panelSize.height)
            drawPanel(
                title: panel.title, axis: panel.axis, rows: panel.rows, joined: panel.joined, in: plot, scene: &scene)
        }
        drawLegend(at: Point(x: margin.left, y: margin.top + panelSize.height + margin.bottom), scene: &scene)
        return scene
    }

    /// The colour of an engine's lines: fixed for the known engines, grey otherwise.
    static func color(of engine: String) -> Color {
        switch engine {
        case "reference": Color(red: 0x1f, green: 0x77, blue: 0xb4)
        case "yoga": Color(red: 0xd6, green: 0x27, blue: 0x28)
        case "taffy": Color(red: 0x2c, green: 0xa0, blue: 0x2c)
        case "chromium": Color(red: 0xff, green: 0x7f, blue: 0x0e)
        default: Color(red: 0x7f, green: 0x7f, blue: 0x7f)
        }
    }

    static let legendRowHeight = 44.0
    static let legendColumnWidth = 220.0

    /// One panel: log-log axes over `rows`, then one series per engine × mode, joined by a polyline when `joined`
    /// (a shape's sizes) or as points alone (separate cases).
    private func drawPanel(
        title: String, axis: String, rows all: [BenchmarkResult], joined: Bool, in plot: Rect, scene: inout Scene
    ) {
        let rows = all.filter { $0.microsecondsPerLayout > 0 }
        let axisStyle = Style(stroke: .black, lineWidth: 1)
        let gridStyle = Style(stroke: Color(red: 0xdd, green: 0xdd, blue: 0xdd), lineWidth: 1)
        // 1. Scales: log10 of the size and of the cost, padded to whole decades.
        let x = LogScale(values: rows.map { Double($0.size) }, from: plot.minX, to: plot.maxX)
        let y = LogScale(values: rows.map(\.microsecondsPerLayout), from: plot.maxY, to: plot.minY)
        // 2. Grid lines and tick labels at each decade.
        for decade in x.decades {
            let px = x.position(decade)
            scene.append(.line(from: Point(x: px, y: plot.minY), to: Point(x: px, y: plot.maxY)), style: gridStyle)
            scene.append(
                .text(
                    TextRun(
                        Self.tickLabel(decade), fontSize: 11, anchor: Point(x: px, y: plot.maxY + 6),
                        horizontalAlignment: .center)))
        }
        for decade in y.decades {
            let py = y.position(decade)
            scene.append(.line(from: Point(x: plot.minX, y: py), to: Point(x: plot.maxX, y: py)), style: gridStyle)
            scene.append(
                .text(
                    TextRun(
                        Self.tickLabel(decade), fontSize: 11, anchor: Point(x: plot.minX - 6, y: py),
                        horizontalAlignment: .right, verticalAlignment: .center)))
        }
        // 3. Axes, title and axis labels.
        scene.append(
            .polyline([
                Point(x: plot.minX, y: plot.minY), Point(x: plot.minX, y: plot.maxY), Point(x: plot.maxX, y: plot.maxY),
            ]), style: axisStyle)
        scene.append(
            .text(
                TextRun(
                    title, fontSize: 14, anchor: Point(x: plot.midX, y: plot.minY - 10), horizontalAlignment: .center,
                    verticalAlignment: .bottom)))
        scene.append(
            .text(
                TextRun(
                    axis, fontSize: 11, anchor: Point(x: plot.midX, y: plot.maxY + 26), horizontalAlignment: .center)))
        scene.append(
            .text(
                TextRun(
                    "µs per layout", fontSize: 11, anchor: Point(x: plot.minX - 52, y: plot.midY),
                    horizontalAlignment: .center, verticalAlignment: .center, rotation: .degrees(-90))))
        // 4. One series (a polyline and its points) per engine × mode.
        for engine in engines {
            for mode in BenchMode.allCases {
                let points = rows.filter { $0.engine == engine && $0.mode == mode }.sorted { $0.size < $1.size }
                    .map { Point(x: x.position(Double($0.size)), y: y.position($0.microsecondsPerLayout)) }
                guard !points.isEmpty else { continue }
                let style = lineStyle(engine: engine, mode: mode)
                if joined && points.count > 1 { scene.append(.polyline(points), style: style) }
                for point in points {
                    scene.append(
                        .ellipse(center: point, radii: Size(width: 2.5, height: 2.5)), style: markerStyle(engine))
                }
            }
        }
    }

    /// The dash pattern of a mode's lines: solid, dashed, dotted, dash-dotted.
    static func dash(of mode: BenchMode) -> [Double] {
        switch mode {
        case .fresh: []
        case .relayout: [8, 4]
        case .resize: [2, 3]
        case .incremental: [9, 3, 2, 3]
        }
    }

    /// An engine's line in one mode: its colour and the mode's dashes, 2 px wide, or 1 px when timed via Python.
    func lineStyle(engine: String, mode: BenchMode) -> Style {
        Style(
            stroke: Self.color(of: engine), lineWidth: isPythonBound(engine) ? 1 : 2, dash: Self.dash(of: mode),
            lineJoin: .round)
    }

    /// An engine's points: filled, or hollow (a white disc ringed in its colour) when timed via Python.
    func markerStyle(_ engine: String) -> Style {
        isPythonBound(engine)
            ? Style(fill: .white, stroke: Self.color(of: engine), lineWidth: 1.5) : Style(fill: Self.color(of: engine))
    }

    /// One row per engine: "yoga: Yoga 3.2.1 (pyyoga 0.1.0 static core)" (and "(via Python)"), then a sample of
    /// each mode's line labelled "yoga fresh", or for a case run its point.
    private func drawLegend(at origin: Point, scene: inout Scene) {
        for (row, engine) in engines.enumerated() {
            let top = origin.y + Double(row) * Self.legendRowHeight
            let python = isPythonBound(engine) ? " (via Python)" : ""
            let version = details(of: engine)?.version ?? "unknown version"
            if baseline != nil {
                let center = Point(x: origin.x + 6, y: top + 8)
                scene.append(.ellipse(center: center, radii: Size(width: 4, height: 4)), style: markerStyle(engine))
                scene.append(
                    .text(
                        TextRun(
                            "\(engine): \(version)\(python)", fontSize: 12,
                            anchor: Point(x: center.x + 14, y: center.y),
                            verticalAlignment: .center)))
                continue
            }
            scene.append(
                .text(
                    TextRun(
                        "\(engine): \(version)\(python)", fontSize: 12, anchor: Point(x: origin.x, y: top + 8),
                        verticalAlignment: .center)))
            for (column, mode) in BenchMode.allCases.enumerated() {
                let start = Point(x: origin.x + Double(column) * Self.legendColumnWidth, y: top + 26)
                scene.append(
                    .line(from: start, to: Point(x: start.x + 36, y: start.y)),
                    style: lineStyle(engine: engine, mode: mode))
                scene.append(
                    .text(
                        TextRun(
                            "\(engine) \(mode.rawValue)\(python)", fontSize: 12,
                            anchor: Point(x: start.x + 44, y: start.y),
                            verticalAlignment: .center)))
            }
        }
    }

    /// "1", "10", "100", "1k", "10k", "100k", "0.1", "0.01".
    static func tickLabel(_ value: Double) -> String {
        switch value {
        case 1_000_000...: String(format: "%gM", value / 1_000_000)
        case 1_000...: String(format: "%gk", value / 1_000)
        default: String(format: "%g", value)
        }
    }
}

/// A base-10 logarithmic mapping from data values onto pixels, widened to whole decades. The pixel ends may run
/// downwards (`from` > `to`), as y does on screen.
struct LogScale {
    let lowDecade: Double
    let highDecade: Double
    let from: Double
    let to: Double

    init(values: [Double], from: Double, to: Double) {
        let positive = values.filter { $0 > 0 && $0.isFinite }
        lowDecade = log10(positive.min() ?? 1).rounded(.down)
        highDecade = max(lowDecade + 1, log10(positive.max() ?? 10).rounded(.up))
        self.from = from
        self.to = to
    }

    /// Every power of ten from the low to the high decade.
    var decades: [Double] { stride(from: lowDecade, through: highDecade, by: 1).map { pow(10, $0) } }

    /// The pixel coordinate of `value`.
    func position(_ value: Double) -> Double {
        let fraction = (log10(max(value, .leastNormalMagnitude)) - lowDecade) / (highDecade - lowDecade)
        return from + fraction * (to - from)
    }
}
