import LayoutCore

extension GraffeineChart {
    /// Lays the chart out: regions, then each layer's frame and units, then the scene (spec §3, §4).
    ///
    /// Contract: pure and total. Every coordinate in the result is finite for finite input: divisions by a
    /// zero max or total have defined results (docs/compat-chart.md), never NaN.
    public func layout(measurer: any TextMeasuring) -> ChartGeometry {
        // 1. Resolve the five regions from the declared gutter thicknesses.
        let regions = GraffeineRegions(view: size, layers: layers)
        // 2. Frame each layer and lay out its units in its own coordinates.
        let laidOut = layers.map { layer -> ChartGeometry.Layer in
            let frame = regions.frame(of: layer)
            let context = GraffeineLayerContext(layer: layer, size: frame.size, measurer: measurer)
            let clip = context.clip
            let primitives = context.primitives().map { primitive in
                var clipped = primitive
                clipped.item.clip = clip
                return clipped
            }
            return ChartGeometry.Layer(
                id: layer.id, type: layer.type, frame: frame, clip: clip, fill: layer.fill, primitives: primitives)
        }
        // 3. Paint the layers first to last (the first is at the bottom), each over its container fill.
        var scene = Scene(size: size, background: background)
        for layer in laidOut {
            let clip = layer.clip?.offsetBy(dx: layer.frame.minX, dy: layer.frame.minY)
            if let fill = layer.fill {
                scene.append(.rect(layer.frame), style: Style(fill: fill), clip: clip)
            }
            for primitive in layer.primitives {
                let shape = GraffeineGeometry.translate(primitive.item.shape, by: layer.frame.origin)
                scene.append(shape, style: primitive.item.style, clip: clip)
            }
        }
        return ChartGeometry(size: size, regions: regions, layers: laidOut, scene: scene)
    }
}

/// Everything one layer needs to lay out its units: the layer, its bounds and the text measurer.
struct GraffeineLayerContext {
    let layer: GraffeineLayer
    /// The layer's frame size; units are placed in `(0, 0)`–`(width, height)`.
    let size: Size
    let measurer: any TextMeasuring

    var bounds: Rect { Rect(origin: .zero, size: size) }
    var center: Point { bounds.center }
    /// Every radial size is relative to the smaller side (spec §0).
    var minSide: Double { min(size.width, size.height) }
    var data: GraffeineData { layer.data }

    /// The clip rect: the bounds shrunk by `maskInsets` when non-zero, else the bounds with `masksToBounds`.
    var clip: Rect? {
        if layer.maskInsets != .zero { return GraffeineGeometry.standardized(bounds.inset(by: layer.maskInsets)) }
        return layer.masksToBounds ? bounds : nil
    }

    /// The layer's units, dispatched by type (spec §6).
    func primitives() -> [ChartGeometry.Primitive] {
        switch layer.type {
        case .bar: bars()
        case .gridLine: gridLines()
        case .radialGrid: radialGrid()
        case .line: lineUnits()
        case .plot: plots()
        case .radialSegment: radialSegments()
        case .radialLine: radialLines()
        case .radialPoly: radialPoly()
        case .horizontalLabel: horizontalLabels()
        case .verticalLabel: verticalLabels()
        case .barLabel: barLabels()
        case .radialLabel: radialLabels()
        case .plotLabel: plotLabels()
        }
    }
}

// MARK: - Per-unit styling (spec §4 order, §9.2 selection overrides)

extension GraffeineLayer {
    /// Whether unit `index` is the selected one.
    func isSelected(_ index: Int) -> Bool { data.selected.index == index }

    /// `colors[i % count]`; an empty list gives nil, which paints nothing (spec §0).
    static func cycled(_ colors: [Color], _ index: Int) -> Color? {
        colors.isEmpty ? nil : colors[index % colors.count]
    }

    /// The fill and stroke of unit `index`, with the selection overrides when `selected`.
    func unitStyle(_ index: Int, selected: Bool) -> Style {
        // 1. unitFill: colour and layer opacity. 2. unitLine: stroke colour and line style.
        var style = Style(
            fill: Self.cycled(unitFill.colors, index), stroke: Self.cycled(unitLine.colors, index),
            lineWidth: unitLine.thickness, dash: unitLine.dashPattern, lineJoin: unitLine.join,
            lineCap: unitLine.cap, opacity: unitFill.opacity)
        // 3. Selection overrides replace only what they set.
        guard selected else { return style }
        style.fill = selection.fill.color ?? style.fill
        style.opacity = selection.fill.opacity ?? style.opacity
        style.stroke = selection.line.color ?? style.stroke
        style.lineWidth = selection.line.thickness ?? style.lineWidth
        style.dash = selection.line.dashPattern ?? style.dash
        style.lineJoin = selection.line.join ?? style.lineJoin
        style.lineCap = selection.line.cap ?? style.lineCap
        return style
    }

    /// The style of unit `index`, selected when it is `data.selected.index`.
    func unitStyle(_ index: Int) -> Style { unitStyle(index, selected: isSelected(index)) }

    /// The text colour of label `index`; nil (an empty list) draws no glyphs.
    func textColor(_ index: Int) -> Color? {
        let base = Self.cycled(unitText.colors, index)
        return isSelected(index) ? selection.text.color ?? base : base
    }

    /// The selected unit's radial diameter override, if any: `outer`, or `inner` when outer is absent.
    func selectedRadialDiameter(_ index: Int) -> GraffeineDimensionalUnit? {
        isSelected(index) ? selection.radial.outerDiameter ?? selection.radial.innerDiameter : nil
    }
}
