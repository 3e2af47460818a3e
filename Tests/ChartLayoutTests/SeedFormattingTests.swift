import Testing

@testable import ChartLayout

/// printf-style label formatting, pinned to C's round-half-to-even (§0 Rounding).
struct SeedFormattingTests {
    @Test(
        arguments: [
            (12.5, 0, "12"), (13.5, 0, "14"), (0.125, 2, "0.12"), (-2.5, 0, "-2"), (7, 2, "7.00"), (0.05, 1, "0.1"),
            (123.456, 2, "123.46"), (-0.4, 0, "-0"), (1e300, 0, "1e+300"), (2.5, 0, "2"),
        ] as [(Double, Int, String)])
    func fixedRoundsTiesToEven(value: Double, places: Int, expected: String) {
        #expect(SeedFormatting.fixed(value, places: places) == expected)
    }
}
