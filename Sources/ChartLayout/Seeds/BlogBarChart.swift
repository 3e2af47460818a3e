import LayoutCore

/// The Chanomic Blog's CoreGraphics bar chart (iphone-barchart-cg01). Spec: docs/spec/chart-seeds.md §C.
enum BlogBarChart {
    /// Which formulas place the bars: the post's own drawing (§C.1b) or the team's consistent version (§C.4).
    enum Formulas: String, Codable, CaseIterable, Sendable { case post, corrected }

    struct Datum: Sendable {
        var name: String
        var value: Double
    }

    /// One decoded blog bar chart case.
    struct Spec: Sendable {
        var size: Size
        var data: [Datum]
        var formulas = Formulas.post
        /// The post's label font: system 20 pt.
        var fontSize = 20.0
    }

    /// A text label and the box it is centred in.
    struct Label: Sendable {
        var text: String
        var frame: Rect
    }

    struct Bar: Sendable {
        var name: String
        var value: Double
        var rect: Rect
        var highlighted: Bool
        var valueLabel: Label
        var nameLabel: Label
    }

    /// The resolved chart. Bar fields are nil when there is no data.
    struct Resolved: Sendable {
        var formulas: Formulas
        var barWidth: Double?
        var gap: Double?
        var step: Double?
        /// B = H − 70, the top of the 70-pt text band.
        var baselineY: Double
        /// Where value 0 sits: the axis line.
        var zeroY: Double
        /// The y the tallest bar reaches.
        var topY: Double
        var valueMax: Double?
        var bars: [Bar]
        var axis: (from: Point, to: Point)?
    }

    static let textAreaHeight = 70.0
    /// The post's label box, 90×30, centred on the bar.
    static let postLabelBox = Size(width: 90, height: 30)
}

extension BlogBarChart.Datum: Decodable {
    enum Keys: String, CodingKey, CaseIterable { case name, value }

    init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: Keys.self)
        name = try container.decode(String.self, forKey: .name)
        value = try container.decodeFinite(.value)
    }
}

extension BlogBarChart.Spec {
    enum Keys: String, CodingKey, CaseIterable { case style, size, data, formulas, fontSize }

    init(from decoder: any Decoder) throws {
        let container = try decoder.caseContainer(keyedBy: Keys.self, kind: "chart")
        size = try container.decodeCanvasSize(.size)
        data = try container.decode([BlogBarChart.Datum].self, forKey: .data)
        formulas = try container.decode(.formulas, default: .post)
        fontSize = try container.decodePositive(.fontSize, default: 20)
    }
}

extension BlogBarChart.Spec: SeedChartStyle {
    func layout(measurer: any TextMeasuring) throws -> BlogBarChart.Resolved {
        switch formulas {
        case .post: try postLayout()
        case .corrected: correctedLayout(measurer: measurer)
        }
    }

    /// §C.1b: the post's own drawing. Bar i's left edge is xScale(i); every label sits in a 90×30 box.
    private func postLayout() throws -> BlogBarChart.Resolved {
        let width = size.width
        let height = size.height
        let count = Double(data.count)
        let baseline = height - BlogBarChart.textAreaHeight
        let padY = height / 4
        // Negative values fall outside the post's [0, max] scale: an error, with the way out named.
        if let negative = data.firstIndex(where: { $0.value < 0 }) {
            throw CaseError(
                path: "$.data[\(negative)].value",
                message: "negative values are outside the post's [0, max] scale; use \"formulas\": \"corrected\"")
        }
        guard let valueMax = data.map(\.value).max() else { return empty(baseline: baseline, top: padY) }
        // 1. barWidth = 2W/(3n+1), padX = barWidth/2; xScale maps [0, n] to [padX, W].
        let barWidth = 2 * width / (3 * count + 1)
        let padX = barWidth / 2
        func xScale(_ index: Int) -> Double { padX + Double(index) * (width - padX) / count }
        // 2. yScale maps [0, max] to [H − 70, H/4]; max = 0 would divide by zero, so all bars stay at the baseline.
        func yScale(_ value: Double) -> Double {
            valueMax > 0 ? baseline + (padY - baseline) * value / valueMax : baseline
        }
        let zeroY = yScale(0)
        let box = BlogBarChart.postLabelBox
        let bars = data.enumerated().map { index, datum in
            let left = xScale(index)
            let top = yScale(datum.value)
            // CoreGraphics standardises the rect (x, yScale(v), w, hScale(v)); it always ends at the baseline.
            let rect = Rect(x: left, y: min(top, baseline), width: barWidth, height: abs(baseline - top))
            let boxX = left + barWidth / 2 - box.width / 2
            return BlogBarChart.Bar(
                name: datum.name, value: datum.value, rect: rect,
                highlighted: valueMax > 0 && datum.value == valueMax,
                valueLabel: .init(
                    text: SeedFormatting.truncated(datum.value),
                    frame: Rect(x: boxX, y: top - 45, width: box.width, height: box.height)),
                nameLabel: .init(
                    text: datum.name, frame: Rect(x: boxX, y: zeroY + 15, width: box.width, height: box.height)))
        }
        return BlogBarChart.Resolved(
            formulas: .post, barWidth: barWidth, gap: padX, step: (width - padX) / count, baselineY: baseline,
            zeroY: zeroY, topY: yScale(valueMax), valueMax: valueMax, bars: bars,
            axis: (Point(x: 0, y: zeroY), Point(x: width, y: zeroY)))
    }

    /// §C.4: u = W/(3n+1); bars [u(3i+1), u(3i+3)]; y over [min(0, lo), max(0, hi)] between B and T.
    private func correctedLayout(measurer: any TextMeasuring) -> BlogBarChart.Resolved {
        let width = size.width
        let height = size.height
        let count = Double(data.count)
        let baseline = height - BlogBarChart.textAreaHeight
        // The top clamps to the baseline when H ≤ 280/3, so the range never inverts.
        let top = min(height / 4, baseline)
        guard let valueMax = data.map(\.value).max(), let valueMin = data.map(\.value).min() else {
            return empty(baseline: baseline, top: top)
        }
        // 1. Columns.
        let unit = width / (3 * count + 1)
        // 2. The value scale over [lo, hi], which always holds 0; hi == lo keeps every bar at the baseline.
        let lo = min(0, valueMin)
        let hi = max(0, valueMax)
        func y(_ value: Double) -> Double {
            hi > lo ? baseline - (value - lo) * (baseline - top) / (hi - lo) : baseline
        }
        let zeroY = y(0)
        // 3. Bars and labels centred on u(3i+2): values 4 above the bar's value end, names 8 below the baseline.
        let bars = data.enumerated().map { index, datum in
            let valueY = y(datum.value)
            let center = unit * (3 * Double(index) + 2)
            func label(_ text: String, top: Double) -> BlogBarChart.Label {
                let textSize = measurer.size(of: text, fontSize: fontSize)
                return .init(
                    text: text,
                    frame: Rect(
                        x: center - textSize.width / 2, y: top, width: textSize.width, height: textSize.height))
            }
            let valueText = shortestText(datum.value)
            return BlogBarChart.Bar(
                name: datum.name, value: datum.value,
                rect: Rect(
                    x: unit * (3 * Double(index) + 1), y: min(valueY, zeroY), width: 2 * unit,
                    height: abs(valueY - zeroY)),
                highlighted: valueMax > 0 && datum.value == valueMax,
                valueLabel: label(valueText, top: valueY - 4 - measurer.size(of: valueText, fontSize: fontSize).height),
                nameLabel: label(datum.name, top: baseline + 8))
        }
        return BlogBarChart.Resolved(
            formulas: .corrected, barWidth: 2 * unit, gap: unit, step: 3 * unit, baselineY: baseline, zeroY: zeroY,
            topY: y(hi), valueMax: valueMax, bars: bars, axis: (Point(x: 0, y: zeroY), Point(x: width, y: zeroY)))
    }

    /// No data: nothing but the view's border is drawn.
    private func empty(baseline: Double, top: Double) -> BlogBarChart.Resolved {
        BlogBarChart.Resolved(
            formulas: formulas, barWidth: nil, gap: nil, step: nil, baselineY: baseline, zeroY: baseline, topY: top,
            valueMax: nil, bars: [], axis: nil)
    }

    /// The post's look: system blue bars, the tallest orange, a black axis, grey 20-pt labels, a 1-pt black border.
    func scene(for resolved: BlogBarChart.Resolved, measurer: any TextMeasuring) -> Scene {
        var scene = Scene(size: size, background: .white)
        for bar in resolved.bars {
            scene.append(
                .rect(bar.rect), style: Style(fill: bar.highlighted ? SeedColor.systemOrange : SeedColor.systemBlue))
        }
        if let axis = resolved.axis {
            scene.append(.line(from: axis.from, to: axis.to), style: Style(stroke: .black, lineWidth: 1))
        }
        for bar in resolved.bars {
            for label in [bar.nameLabel, bar.valueLabel] {
                scene.append(
                    .text(
                        TextRun(
                            label.text, fontSize: fontSize, anchor: label.frame.center,
                            horizontalAlignment: .center, verticalAlignment: .center, color: SeedColor.gray)))
            }
        }
        scene.append(
            .rect(Rect(x: 0.5, y: 0.5, width: size.width - 1, height: size.height - 1)),
            style: Style(stroke: .black, lineWidth: 1))
        return scene
    }
}

extension BlogBarChart.Resolved: SeedJSONConvertible {
    var seedJSON: SeedJSON {
        .fields([
            "formulas": formulas.rawValue, "barWidth": barWidth, "gap": gap, "step": step,
            "baselineY": baselineY, "zeroY": zeroY, "topY": topY, "valueMax": valueMax,
            "bars": SeedJSON.array(
                bars.map { bar in
                    .fields([
                        "name": bar.name, "value": bar.value, "rect": bar.rect, "highlighted": bar.highlighted,
                        "valueLabel": SeedJSON.fields(["text": bar.valueLabel.text, "frame": bar.valueLabel.frame]),
                        "nameLabel": SeedJSON.fields(["text": bar.nameLabel.text, "frame": bar.nameLabel.frame]),
                    ])
                }),
            "axis": axis.map { SeedJSON.fields(["from": $0.from, "to": $0.to]) },
        ])
    }
}
