import Benchmarking
import Testing

@testable import Engines

struct StatisticsTests {
    @Test func oddCount() throws {
        // Sorted 1 2 3 4 5: median rank 2 → 3; quartile ranks 1 and 3 → 2 and 4.
        let stats = try #require(BatchStatistics([5, 1, 4, 2, 3]))
        #expect(stats.median == 3)
        #expect(stats.lowerQuartile == 2 && stats.upperQuartile == 4)
        #expect(stats.interquartileRange == 2)
        #expect(stats.minimum == 1 && stats.maximum == 5 && stats.count == 5)
    }

    @Test func evenCountInterpolates() throws {
        // Sorted 1 2 3 4: median rank 1.5 → 2.5; q1 rank 0.75 → 1.75; q3 rank 2.25 → 3.25.
        let stats = try #require(BatchStatistics([4, 1, 3, 2]))
        #expect(stats.median == 2.5)
        #expect(stats.lowerQuartile == 1.75 && stats.upperQuartile == 3.25)
        #expect(stats.interquartileRange == 1.5)
    }

    @Test func singleValueAndEmpty() {
        #expect(BatchStatistics([7])?.interquartileRange == 0)
        #expect(BatchStatistics([7])?.median == 7)
        #expect(BatchStatistics([]) == nil)
    }
}
