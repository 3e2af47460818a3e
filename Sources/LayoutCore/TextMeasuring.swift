/// Measures text for layout. Implementations MUST be deterministic and thread-safe: the same string and
/// size always give the same numbers, so layouts and goldens are reproducible.
public protocol TextMeasuring: Sendable {
    /// The advance width of one line (no line breaks) in pixels.
    func lineWidth(of line: Substring, fontSize: Double) -> Double
    /// The distance between two baselines.
    func lineHeight(fontSize: Double) -> Double
    /// The distance from a line's top to its baseline.
    func ascent(fontSize: Double) -> Double
}

extension TextMeasuring {
    /// The box of possibly multi-line text: the widest line by the number of lines times the line height.
    public func size(of text: String, fontSize: Double) -> Size {
        var widest = 0.0
        var lineCount = 0
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            widest = max(widest, lineWidth(of: line, fontSize: fontSize))
            lineCount += 1
        }
        return Size(width: widest, height: Double(lineCount) * lineHeight(fontSize: fontSize))
    }

    /// Where each line of `run` sits before rotation: the text box's lines, aligned within the box.
    public func layout(_ run: TextRun) -> TextLayout {
        let lines = run.string.split(separator: "\n", omittingEmptySubsequences: false)
        let height = lineHeight(fontSize: run.fontSize)
        let widths = lines.map { lineWidth(of: $0, fontSize: run.fontSize) }
        let boxSize = Size(width: widths.max() ?? 0, height: Double(lines.count) * height)
        // 1. Place the box so that its aligned side touches the anchor.
        let boxX: Double =
            switch run.horizontalAlignment {
            case .left: run.anchor.x
            case .center: run.anchor.x - boxSize.width / 2
            case .right: run.anchor.x - boxSize.width
            }
        let boxY: Double =
            switch run.verticalAlignment {
            case .top: run.anchor.y
            case .center: run.anchor.y - boxSize.height / 2
            case .bottom: run.anchor.y - boxSize.height
            }
        let box = Rect(x: boxX, y: boxY, width: boxSize.width, height: boxSize.height)
        // 2. Align each line inside the box the same way and put its baseline one ascent below its top.
        let placed = zip(lines, widths).enumerated().map { index, pair in
            let (line, width) = pair
            let x: Double =
                switch run.horizontalAlignment {
                case .left: box.minX
                case .center: box.midX - width / 2
                case .right: box.maxX - width
                }
            return TextLayout.Line(
                text: String(line),
                baselineOrigin: Point(x: x, y: box.minY + Double(index) * height + ascent(fontSize: run.fontSize)),
                width: width)
        }
        return TextLayout(box: box, lines: placed)
    }
}

/// Text placed by `TextMeasuring.layout`, in unrotated coordinates (rotate about the run's anchor).
public struct TextLayout: Hashable, Sendable {
    public struct Line: Hashable, Sendable {
        public var text: String
        /// The left end of the line's baseline.
        public var baselineOrigin: Point
        public var width: Double
    }

    /// The tight box around all lines.
    public var box: Rect
    public var lines: [Line]
}

/// A deterministic measurer for tests and synthetic workloads: every character advances by the same fraction
/// of the font size, as a monospaced font (like Yoga's Ahem) would.
public struct FixedAdvanceTextMeasurer: TextMeasuring {
    /// Advance of one character, as a fraction of the font size.
    public var advance: Double
    /// Line height, as a fraction of the font size.
    public var lineSpacing: Double
    /// Ascent, as a fraction of the font size.
    public var ascentRatio: Double

    public init(advance: Double = 0.5, lineSpacing: Double = 1.2, ascentRatio: Double = 0.9) {
        self.advance = advance
        self.lineSpacing = lineSpacing
        self.ascentRatio = ascentRatio
    }

    public func lineWidth(of line: Substring, fontSize: Double) -> Double {
        Double(line.count) * advance * fontSize
    }

    public func lineHeight(fontSize: Double) -> Double { lineSpacing * fontSize }
    public func ascent(fontSize: Double) -> Double { ascentRatio * fontSize }
}
