import LayoutCore

/// The values, labels and selection of one layer: Graffeine's `GraffeineData` (spec §1).
public struct GraffeineData: Hashable, Sendable {
    /// The primary and optional secondary series; nil is a gap.
    public struct Values: Hashable, Sendable {
        public var hi: [Double?]
        public var lo: [Double?]

        public init(hi: [Double?] = [], lo: [Double?] = []) {
            self.hi = hi
            self.lo = lo
        }
    }

    /// Which unit is selected and the text it shows while selected.
    public struct Selected: Hashable, Sendable {
        public var index: Int?
        public var labels: [String?]

        public init(index: Int? = nil, labels: [String?] = []) {
            self.index = index
            self.labels = labels
        }
    }

    public var valueMax: Double?
    public var valueMin: Double?
    public var values: Values
    public var labels: [String?]
    public var selected: Selected

    public init(
        valueMax: Double? = nil, valueMin: Double? = nil, values: Values = Values(), labels: [String?] = [],
        selected: Selected = Selected()
    ) {
        self.valueMax = valueMax
        self.valueMin = valueMin
        self.values = values
        self.labels = labels
        self.selected = selected
    }

    /// Upstream's `coordinates:` initializer: x values go to `hi`, y values to `lo`.
    public init(coordinates: [(x: Double?, y: Double?)], valueMax: Double? = nil) {
        self.init(valueMax: valueMax, values: Values(hi: coordinates.map(\.x), lo: coordinates.map(\.y)))
    }
}

// MARK: - Helpers (spec §1): nil counts as 0, empty series give 0.

extension GraffeineData {
    public var highestHi: Double { values.hi.map { $0 ?? 0 }.max() ?? 0 }
    public var lowestHi: Double { values.hi.map { $0 ?? 0 }.min() ?? 0 }
    public var highestLo: Double { values.lo.map { $0 ?? 0 }.max() ?? 0 }
    public var lowestLo: Double { values.lo.map { $0 ?? 0 }.min() ?? 0 }
    public var sumHi: Double { values.hi.reduce(0) { $0 + ($1 ?? 0) } }
    public var sumLo: Double { values.lo.reduce(0) { $0 + ($1 ?? 0) } }
    public var valueMaxOrHighestHi: Double { valueMax ?? highestHi }
    public var valueMaxOrSumHi: Double { valueMax ?? sumHi }
    public var valueMaxOrSumLo: Double { valueMax ?? sumLo }

    /// `lo[i] ?? 0`, and 0 when `i` is out of range.
    public func loValueOrZero(_ index: Int) -> Double {
        values.lo.indices.contains(index) ? values.lo[index] ?? 0 : 0
    }

    /// `v/max`, or 0 when max is 0 (or the quotient overflows): the guarded form Line and Plot use.
    public static func percent(_ value: Double, _ max: Double) -> Double {
        ratio(value, max) ?? 0
    }

    /// `v/max`, or nil when max is 0 or the quotient is not finite (upstream's unguarded layers produce NaN
    /// or infinity there; each caller documents what nil means for it).
    static func ratio(_ value: Double, _ max: Double) -> Double? {
        let quotient = value / max
        return max == 0 || !quotient.isFinite ? nil : quotient
    }

    /// The label text of unit `index`: the selected label while selected (falling back to `labels`),
    /// otherwise `labels[index]`; nil or out of range gives "". Only BarLabel, RadialLabel and PlotLabel use it.
    public func preferredLabelValue(_ index: Int) -> String {
        if index == selected.index, selected.labels.indices.contains(index), let text = selected.labels[index] {
            return text
        }
        return plainLabel(index)
    }

    /// `labels[index]`, "" when nil or out of range: what Horizontal and Vertical labels show (quirk §13.14).
    public func plainLabel(_ index: Int) -> String {
        labels.indices.contains(index) ? labels[index] ?? "" : ""
    }
}

// MARK: - Transposition (spec §8.1), applied by Bar, BarLabel and GridLine only.

extension GraffeineData {
    /// Centres the zero line when any value is negative. The result's `valueMax` is always set.
    ///
    /// Contract: non-negative data keeps its values (and `lo`); otherwise `hi'`/`lo'` are shifted by half the
    /// span, `hi'` is clamped at 0, the original `lo` is **discarded**, and `valueMax' = span`, `valueMin' = 0`.
    public var transposed: GraffeineData {
        // 1. The lowest value across both series decides whether anything moves.
        let lowest = min(lowestHi, lowestLo)
        var result = self
        result.valueMin = 0
        guard lowest < 0 else {
            result.valueMax = valueMaxOrHighestHi
            return result
        }
        // 2. The zero line sits at the middle of the span, whatever the ratio of max to min.
        let span = abs(valueMaxOrHighestHi - (valueMin ?? lowest))
        let zeroLine = span / 2
        // 3. Positive values rise from the zero line, negative ones hang below it.
        var hi: [Double?] = []
        var lo: [Double?] = []
        for value in values.hi.map({ $0 ?? 0 }) {
            hi.append(max(0, value >= 0 ? zeroLine + value : zeroLine))
            lo.append(value >= 0 ? zeroLine : zeroLine + value)
        }
        result.values = Values(hi: hi, lo: lo)
        result.valueMax = span
        return result
    }
}
