/// A summary of repeated batch measurements: the median and how far the middle half spreads.
public struct BatchStatistics: Hashable, Sendable, Codable {
    public var median: Double
    /// The 25th and 75th percentiles (linear interpolation between order statistics).
    public var lowerQuartile: Double
    public var upperQuartile: Double
    public var minimum: Double
    public var maximum: Double
    public var count: Int

    /// The interquartile range, the spread reported beside every median.
    public var interquartileRange: Double { upperQuartile - lowerQuartile }

    /// Summarises `values`; nil when there are none. Non-finite values are a caller bug and are not filtered.
    public init?(_ values: [Double]) {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        median = Self.percentile(sorted, 0.5)
        lowerQuartile = Self.percentile(sorted, 0.25)
        upperQuartile = Self.percentile(sorted, 0.75)
        minimum = sorted[0]
        maximum = sorted[sorted.count - 1]
        count = sorted.count
    }

    /// The p-quantile (0...1) of sorted values: the order statistic at rank p·(n−1), interpolated linearly
    /// (the "type 7" rule of R and NumPy's default).
    static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        let rank = p * Double(sorted.count - 1)
        let below = Int(rank.rounded(.down))
        let above = min(below + 1, sorted.count - 1)
        let fraction = rank - Double(below)
        return sorted[below] + (sorted[above] - sorted[below]) * fraction
    }
}
