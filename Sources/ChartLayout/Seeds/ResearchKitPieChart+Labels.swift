import LayoutCore
import RealModule

extension ResearchKitPieChart.Spec {
    /// `%0.0f%%` labels at innerR + 10 from the centre, pushed out by half their size, then nudged apart (§B.1).
    func percentageLabels(
        fractions: [Double], colors: [Color], pie: Rect, innerRadius: Double, measurer: any TextMeasuring
    ) -> (labels: [ResearchKitPieChart.PercentageLabel], passes: Int) {
        // 1. Text and size; printf rounds ties to even (12.5 → "12%").
        let texts = fractions.map { SeedFormatting.fixed($0 * 100, places: 0) + "%" }
        let sizes = texts.map { measurer.size(of: $0, fontSize: labelFontSize) }
        let direction = drawsClockwise ? 1.0 : -1.0
        // 2. Mid angles from 12 o'clock, signed by the drawing direction.
        var cumulative = 0.0
        var angles = fractions.map { fraction in
            defer { cumulative += fraction }
            return direction * 2 * .pi * (cumulative + fraction / 2)
        }
        let distance = innerRadius + 10
        func frame(_ index: Int, _ angle: Double) -> Rect {
            let theta = angle - .pi / 2
            let size = sizes[index]
            let center = Point(
                x: pie.midX + Double.cos(theta) * distance + Double.cos(theta) * size.width / 2,
                y: pie.midY + Double.sin(theta) * distance + Double.sin(theta) * size.height / 2)
            return Rect(
                x: center.x - size.width / 2, y: center.y - size.height / 2, width: size.width, height: size.height)
        }
        // 3. The nudging loop; frames are always recomputed from the angles, so the wrap step recentres too.
        let passes = nudgeApart(&angles, direction: direction, frame: frame)
        let labels = texts.indices.map { index in
            ResearchKitPieChart.PercentageLabel(
                text: texts[index], angleDegrees: angles[index] * 180 / .pi, frame: frame(index, angles[index]),
                color: colors[index])
        }
        return (labels, passes)
    }

    /// `adjustIntersectionsOfPercentageLabels`: alternating passes move one neighbour 0.01 rad at a time until a
    /// pass finds no overlap, or the forward passes have turned a full circle. Returns the number of passes.
    private func nudgeApart(_ angles: inout [Double], direction: Double, frame: (Int, Double) -> Rect) -> Int {
        let step = 0.01
        let count = angles.count
        // Strict overlap: labels that only touch do not count.
        func overlap(_ a: Int, _ b: Int) -> Bool {
            let first = frame(a, angles[a])
            let second = frame(b, angles[b])
            return first.minX < second.maxX && second.minX < first.maxX && first.minY < second.maxY
                && second.minY < first.maxY
        }
        var forward = false
        var turned = 0.0
        var passes = 0
        while true {
            var moved = false
            forward.toggle()
            passes += 1
            if forward {
                for index in 0..<max(count - 1, 0) {
                    if index == 0 {
                        turned += step
                        if turned >= 2 * .pi { return passes }
                    }
                    if overlap(index, index + 1) {
                        angles[index + 1] += direction * step
                        moved = true
                    }
                }
            } else {
                for index in stride(from: count - 1, through: 1, by: -1) where overlap(index, index - 1) {
                    angles[index - 1] -= direction * step
                    moved = true
                }
            }
            // The wrap pair moves both ends but, as in the original, does not count as a move.
            if count >= 2, overlap(count - 1, 0) {
                angles[0] += direction * step
                angles[count - 1] -= direction * step
            }
            if !moved { return passes }
        }
    }

    /// The legend: cells of dot 10 + 6 + text, rows = ceil(total/W), an even count per row, each row centred.
    func legendLayout(colors: [Color], measurer: any TextMeasuring) -> ResearchKitPieChart.Legend? {
        guard let titles else { return nil }
        let cells = titles.enumerated().compactMap { index, title in
            title.map { (index: index, text: $0, size: measurer.size(of: $0, fontSize: legendFontSize)) }
        }
        guard !cells.isEmpty else { return nil }
        let count = cells.count
        let cellWidths = cells.map { 16 + $0.size.width }
        let cellHeight = cells.map { max(10, $0.size.height) }.max() ?? 10
        // 1. The total width; the original's "+10 unless last" compares the segment index with count − 1 (quirk kept).
        let total = zip(cells, cellWidths).reduce(0.0) { sum, pair in
            sum + pair.1 + (pair.0.index != count - 1 ? 10 : 0)
        }
        // 2. Rows by width, then items spread evenly by count (rows may overflow the width).
        let rows = max(1, Int((total / size.width).rounded(.up)))
        let perRow = Int((Double(count) / Double(rows)).rounded(.up))
        let usedRows = (count + perRow - 1) / perRow
        // Port decision (§B.1): the height counts `rows`, not the rows the items happen to fill.
        let height = Double(rows) * cellHeight + Double(rows - 1) * 6
        let top = size.height - height
        // 3. Each row centred in the width.
        var items: [ResearchKitPieChart.LegendItem] = []
        for row in 0..<usedRows {
            let members = Array(row * perRow..<min((row + 1) * perRow, count))
            let rowWidth = members.reduce(0.0) { $0 + cellWidths[$1] } + 10 * Double(members.count - 1)
            var x = (size.width - rowWidth) / 2
            let y = top + Double(row) * (cellHeight + 6)
            for member in members {
                let cell = cells[member]
                items.append(
                    .init(
                        text: cell.text, dot: Rect(x: x, y: y + (cellHeight - 10) / 2, width: 10, height: 10),
                        label: Rect(
                            x: x + 16, y: y + (cellHeight - cell.size.height) / 2, width: cell.size.width,
                            height: cell.size.height),
                        color: colors[cell.index]))
                x += cellWidths[member] + 10
            }
        }
        return .init(
            frame: Rect(x: 0, y: top, width: size.width, height: height), rows: rows, perRow: perRow, items: items)
    }
}
