import LayoutCore

/// The label layers (spec §6.9–§6.13) and label placement (spec §7).
///
/// A label is a `TextRun` whose anchor is the aligned point of its cell, so the text's *position* never
/// depends on the text measurer; only borders (and the renderer's glyphs) do.
extension GraffeineLayerContext {
    // MARK: Layers

    /// Horizontal labels: one column cell per label (entry point (a), reducedByOne honoured, no subdivision).
    func horizontalLabels() -> [ChartGeometry.Primitive] { gutterLabels(along: .horizontal) }

    /// Vertical labels: rows stacked from the top, `rowHeight`/`rowMargin` (reducedByOne never applies).
    func verticalLabels() -> [ChartGeometry.Primitive] { gutterLabels(along: .vertical) }

    /// Bar labels: each cell is the bar rect of the same index; plain alignment only.
    /// Labels beyond the number of values are skipped (upstream crashes, quirk §13.15).
    func barLabels() -> [ChartGeometry.Primitive] {
        let cells = barRects()
        return data.labels.indices.prefix(cells.count).flatMap { index in
            cellLabel(
                index: index, text: data.preferredLabelValue(index), cell: cells[index],
                alignment: Self.plain(layer.labelAlignment), rotationDegrees: 0)
        }
    }

    /// Plot labels: the cell is the **whole layer size centred on the point** (quirk §13.8).
    /// Hidden when there is no label or the point is hidden.
    func plotLabels() -> [ChartGeometry.Primitive] {
        plotCenters().enumerated().flatMap { index, point -> [ChartGeometry.Primitive] in
            guard let point, index < data.labels.count else { return [] }
            let cell = Rect(
                x: point.x - size.width / 2, y: point.y - size.height / 2, width: size.width, height: size.height)
            return cellLabel(
                index: index, text: data.preferredLabelValue(index), cell: cell,
                alignment: Self.plain(layer.labelAlignment), rotationDegrees: 0)
        }
    }

    /// Radial labels: the text's aligned side sits at the slice middle on the label circle, padded outwards.
    ///
    /// Distributed modes are geometric (24 px / 32 px from the centre). Rotation, when inherited or non-zero,
    /// is `(inherit ? m : 0) ± (centerRotation + labelRotation)`, about the label point; **m already holds the
    /// centre rotation, so inheriting counts it twice** (quirk §13.11).
    func radialLabels() -> [ChartGeometry.Primitive] {
        let direction: Double = layer.clockwise ? 1 : -1
        return slices().enumerated().flatMap { index, slice -> [ChartGeometry.Primitive] in
            // 1. The label point on the (possibly selected) circle.
            let radius = (layer.selectedRadialDiameter(index) ?? layer.diameter).resolved(within: minSide) / 2
            let point = slice.middle.point(from: center, radius: radius)
            // 2. The alignment, resolved against the centre.
            let declared =
                layer.isSelected(index) ? layer.selection.text.alignment ?? layer.labelAlignment : layer.labelAlignment
            let (horizontal, vertical) = Self.geometric(declared, point: point, center: center)
            // 3. Padding pushes the text away from the point on the aligned side.
            let unrotated = Point(
                x: point.x + horizontal.sign * layer.labelPadding.horizontal,
                y: point.y + vertical.sign * layer.labelPadding.vertical)
            // 4. Rotation about the label point.
            var rotation = Angle.zero
            if layer.labelRotationInheritFromCenter || layer.labelRotation != 0 {
                let inherited = layer.labelRotationInheritFromCenter ? slice.middle.radians : 0
                rotation = Angle(radians: inherited + direction * (layer.rotation + layer.labelRotation) * .pi / 180)
            }
            let anchor = unrotated.rotated(about: point, by: rotation)
            return label(
                index: index, text: data.preferredLabelValue(index), anchor: anchor,
                horizontal: horizontal.textAlignment, vertical: vertical.verticalTextAlignment, rotation: rotation)
        }
    }

    // MARK: Cells

    /// Horizontal or vertical gutter labels: cells along `axis`, distributed alignment by index.
    func gutterLabels(along axis: Axis) -> [ChartGeometry.Primitive] {
        // 1. Cells: columns along x honour reducedByOne; rows along y never do.
        var column = layer.unitColumn
        if axis == .vertical { column.reducedByOne = false }
        let count = data.labels.count
        let extent = size.main(along: axis)
        let cellLength = column.resolvedWidth(within: extent, count: count)
        return (0..<count).flatMap { index in
            let cell = Rect(
                origin: Point(
                    main: column.resolvedOffset(index: index, within: extent, count: count), cross: 0, along: axis),
                size: Size(main: cellLength, cross: size.cross(along: axis), along: axis))
            // 2. Distributed modes by index; the text is `labels[i]`, never the selected label (quirk §13.14).
            return cellLabel(
                index: index, text: data.plainLabel(index), cell: cell,
                alignment: Self.byIndex(layer.labelAlignment, index: index, count: count),
                rotationDegrees: layer.labelRotation)
        }
    }

    /// Places a label in `cell` by the 3×3 table (spec §7.2) and rotates it about the cell centre (spec §7.4).
    ///
    /// For 90° and 270° the text box is the cell with width and height swapped, centred on the cell centre.
    func cellLabel(
        index: Int, text: String, cell: Rect, alignment: (GraffeineEdge, GraffeineEdge), rotationDegrees: Double
    ) -> [ChartGeometry.Primitive] {
        // 1. The box the text is aligned in: the cell, or the cell turned a quarter.
        var degrees = rotationDegrees.truncatingRemainder(dividingBy: 360)
        if degrees < 0 { degrees += 360 }
        let box =
            degrees == 90 || degrees == 270
            ? Rect(
                x: cell.midX - cell.height / 2, y: cell.midY - cell.width / 2, width: cell.height, height: cell.width)
            : cell
        // 2. The aligned point, padded inward (negative padding goes outside).
        let padding = layer.labelPadding
        let unrotated = Point(
            x: alignment.0.position(from: box.minX, length: box.width, padding: padding.horizontal),
            y: alignment.1.position(from: box.minY, length: box.height, padding: padding.vertical))
        // 3. Turn about the cell centre; the run then turns about its own anchor by the same angle.
        let rotation = Angle(degrees: degrees)
        let anchor = unrotated.rotated(about: cell.center, by: rotation)
        return label(
            index: index, text: text, anchor: anchor, horizontal: alignment.0.textAlignment,
            vertical: alignment.1.verticalTextAlignment, rotation: rotation)
    }

    /// The text run of label `index`, with its tight background (unitFill) and border (unitLine) behind it.
    ///
    /// An empty text colour list draws no glyphs (the run's colour is clear) but keeps the background.
    /// Borders are drawn for unrotated labels only (the Scene has no rotated rect); see docs/compat-chart.md.
    func label(
        index: Int, text: String, anchor: Point, horizontal: TextRun.HorizontalAlignment,
        vertical: TextRun.VerticalAlignment, rotation: Angle
    ) -> [ChartGeometry.Primitive] {
        let style = layer.unitStyle(index)
        let run = TextRun(
            text, fontSize: layer.unitText.fontSize, anchor: anchor, horizontalAlignment: horizontal,
            verticalAlignment: vertical, rotation: rotation, color: layer.textColor(index) ?? .clear,
            background: style.fill)
        var primitives = [
            ChartGeometry.Primitive(
                index: index, item: SceneItem(shape: .text(run), style: Style(opacity: style.opacity)))
        ]
        if let stroke = style.stroke, rotation == .zero {
            let border = Style(
                stroke: stroke, lineWidth: style.lineWidth, dash: style.dash, lineJoin: style.lineJoin,
                lineCap: style.lineCap, opacity: style.opacity)
            primitives.append(
                ChartGeometry.Primitive(
                    index: index, item: SceneItem(shape: .rect(measurer.layout(run).box), style: border)))
        }
        return primitives
    }

    // MARK: Alignment resolution (spec §7.3)

    /// Plain alignment. The decoder rejects distributed modes for BarLabel and PlotLabel; one set through the
    /// API resolves to centre.
    static func plain(_ alignment: GraffeineLabelAlignment) -> (GraffeineEdge, GraffeineEdge) {
        (
            GraffeineEdge(alignment.horizontal, first: false, last: false),
            GraffeineEdge(alignment.vertical, first: false, last: false)
        )
    }

    /// Index-based: index 0 → left/top, the last → right/bottom, others → centre; a single label is left/top.
    static func byIndex(_ alignment: GraffeineLabelAlignment, index: Int, count: Int) -> (GraffeineEdge, GraffeineEdge)
    {
        let first = index == 0
        let last = index == count - 1
        return (
            GraffeineEdge(alignment.horizontal, first: first, last: last),
            GraffeineEdge(alignment.vertical, first: first, last: last)
        )
    }

    /// Geometric: left of centre by more than 24 px → right-aligned (text ends at the point); right → left;
    /// above by more than 32 px → bottom-aligned (text sits above); below → top; otherwise centre.
    static func geometric(_ alignment: GraffeineLabelAlignment, point: Point, center: Point) -> (
        GraffeineEdge, GraffeineEdge
    ) {
        let dx = point.x - center.x
        let dy = point.y - center.y
        return (
            GraffeineEdge(alignment.horizontal, first: dx > 24, last: dx < -24),
            GraffeineEdge(alignment.vertical, first: dy > 32, last: dy < -32)
        )
    }
}

/// An alignment along one axis after the distributed modes are resolved: the start edge, the centre or the end.
enum GraffeineEdge: Hashable {
    case start, center, end

    /// Resolves a horizontal alignment; `centerLeftRight` gives start when `first`, end when `last`.
    init(_ alignment: GraffeineHorizontalAlignment, first: Bool, last: Bool) {
        switch alignment {
        case .left: self = .start
        case .center: self = .center
        case .right: self = .end
        case .centerLeftRight: self = first ? .start : last ? .end : .center
        }
    }

    /// Resolves a vertical alignment; `centerTopBottom` gives start when `first`, end when `last`.
    init(_ alignment: GraffeineVerticalAlignment, first: Bool, last: Bool) {
        switch alignment {
        case .top: self = .start
        case .center: self = .center
        case .bottom: self = .end
        case .centerTopBottom: self = first ? .start : last ? .end : .center
        }
    }

    /// The aligned coordinate in a span: start + padding, the middle (padding ignored), or end − padding.
    func position(from start: Double, length: Double, padding: Double) -> Double {
        switch self {
        case .start: start + padding
        case .center: start + length / 2
        case .end: start + length - padding
        }
    }

    /// The direction padding moves a radial label: away from the point on the aligned side.
    var sign: Double {
        switch self {
        case .start: 1
        case .center: 0
        case .end: -1
        }
    }

    var textAlignment: TextRun.HorizontalAlignment {
        switch self {
        case .start: .left
        case .center: .center
        case .end: .right
        }
    }

    var verticalTextAlignment: TextRun.VerticalAlignment {
        switch self {
        case .start: .top
        case .center: .center
        case .end: .bottom
        }
    }
}
