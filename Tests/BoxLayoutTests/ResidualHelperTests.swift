import LayoutCore
import Testing

@testable import BoxLayout

/// Spec §10.1: Puyopuyo's `CalculatorTests.testCalAspectRatioSize`, number for number.
struct ResidualHelperTests {
    struct AspectCase: Sendable, CustomTestStringConvertible {
        var input: Size
        var aspect: Double
        var collapsed: Size?
        var expanded: Size?
        var testDescription: String { "\(input.width)x\(input.height) @ \(aspect)" }
    }

    static let table: [AspectCase] = [
        AspectCase(
            input: Size(width: 100, height: 100), aspect: 2, collapsed: Size(width: 100, height: 50),
            expanded: Size(width: 200, height: 100)),
        AspectCase(
            input: Size(width: 100, height: 100), aspect: 1.0 / 2, collapsed: Size(width: 50, height: 100),
            expanded: Size(width: 100, height: 200)),
        AspectCase(
            input: Size(width: 400, height: 200), aspect: 4, collapsed: Size(width: 400, height: 100),
            expanded: Size(width: 800, height: 200)),
        AspectCase(
            input: Size(width: 400, height: 100), aspect: 3.0 / 2, collapsed: Size(width: 150, height: 100),
            expanded: nil),
        AspectCase(
            input: Size(width: 400, height: 100), aspect: 2, collapsed: nil, expanded: Size(width: 400, height: 200)),
        AspectCase(
            input: Size(width: 400, height: 100), aspect: 1.0 / 4, collapsed: Size(width: 25, height: 100),
            expanded: Size(width: 400, height: 1600)),
        AspectCase(
            input: Size(width: 200, height: 400), aspect: 1.0 / 4, collapsed: Size(width: 100, height: 400),
            expanded: Size(width: 200, height: 800)),
        AspectCase(
            input: Size(width: 100, height: 400), aspect: 2.0 / 3, collapsed: Size(width: 100, height: 150),
            expanded: nil),
        AspectCase(
            input: Size(width: 100, height: 400), aspect: 1.0 / 2, collapsed: nil,
            expanded: Size(width: 200, height: 400)),
        AspectCase(
            input: Size(width: 100, height: 400), aspect: 4, collapsed: Size(width: 100, height: 25),
            expanded: Size(width: 1600, height: 400)),
        AspectCase(input: .zero, aspect: 2, collapsed: .zero, expanded: .zero),
        AspectCase(
            input: Size(width: 100, height: 0), aspect: 2, collapsed: .zero, expanded: Size(width: 100, height: 50)),
        AspectCase(
            input: Size(width: 0, height: 100), aspect: 2, collapsed: .zero, expanded: Size(width: 200, height: 100)),
    ]

    @Test(
        "collapse gives the largest box of the aspect inside the input", arguments: table.filter { $0.collapsed != nil }
    )
    func collapse(_ row: AspectCase) {
        #expect(Residuals.collapse(row.input, aspect: row.aspect) == row.collapsed)
    }

    @Test("expand derives or enlarges a side to reach the aspect", arguments: table.filter { $0.expanded != nil })
    func expand(_ row: AspectCase) {
        #expect(Residuals.expand(row.input, aspect: row.aspect) == row.expanded)
    }

    @Test func collapseOfUnboundedKeepsTheAspect() {
        // INF x INF at 1/2: w/h = 1 > 1/2, so the width becomes INF * 1/2 and w/h == 1/2.
        let collapsed = Residuals.collapse(Size(width: unbounded, height: unbounded), aspect: 0.5)
        #expect(collapsed.width / collapsed.height == 0.5)
        // At 2 the product would overflow; it is capped, never infinite.
        let wide = Residuals.expand(Size(width: 0, height: unbounded), aspect: 2)
        #expect(wide.width == unbounded)
    }

    @Test("intrinsic size: a residual of 0 zeroes every type, wrap is clamped then capped")
    func intrinsic() {
        let fixed = Dim(.fixed(40))
        let wrap = Dim(.wrap(WrapOptions(add: 5, min: 30, max: 50)))
        #expect(Residuals.resolve(fixed, residual: 0, content: 0) == 0)
        #expect(Residuals.resolve(fixed, residual: 10, content: 0) == 40)
        // min(max(10 + 5, 30), 50) = 30; min(max(60 + 5, 30), 50) = 50; capped by a residual of 20.
        #expect(Residuals.resolve(wrap, residual: 100, content: 10) == 30)
        #expect(Residuals.resolve(wrap, residual: 100, content: 60) == 50)
        #expect(Residuals.resolve(wrap, residual: 20, content: 60) == 20)
        #expect(Residuals.resolve(Dim(.fill), residual: 70, content: 0) == 70)
    }

    @Test func truncationToThousandths() {
        #expect(truncatedToThousandths(1.23456) == 1.234)
        #expect(truncatedToThousandths(-1.23456) == -1.234)
        #expect(truncatedToThousandths(1e300) == 1e300)
    }
}
