import BoxLayout
import Engines
import Flexbox
import Foundation
import LayoutCore
import Testing

@testable import Benchmarking

/// The flex family: each shape written in CSS (docs/design.md "Benchmark shapes", "In CSS terms"), the same case for
/// every engine. Outside tools build these trees from the description, so the CSS is pinned as text.
struct FlexWorkloadTests {
    /// The case as a peer receives it (canonical JSON), decoded back.
    func decoded(_ workload: Workload) throws -> FlexCase {
        try JSONDecoder().decode(FlexCase.self, from: try workload.caseJSON())
    }

    @Test func linearIsARowWithGap4OfMarginedLeaves() throws {
        let json = String(decoding: try Workload(shape: .linear, size: 2, family: .flex).caseJSON(), as: UTF8.self)
        let leaf =
            #"{"content":{"height":20,"width":40},"style":{"margin-bottom":"2px","margin-left":"2px","margin-right":"2px","margin-top":"2px"}}"#
        #expect(
            json
                == #"{"description":"linear table in CSS: a row of 2 leaves","kind":"flex","name":"flex-linear-2","root":{"children":["#
                + leaf + "," + leaf
                + #"],"style":{"align-items":"flex-start","column-gap":"4px","row-gap":"4px"}},"viewport":{"height":null,"width":null}}"#
        )
    }

    @Test func flowIsAWrappingRowInAViewport500Wide() throws {
        let flex = try decoded(Workload(shape: .flow, size: 3, family: .flex))
        #expect(flex.name == "flex-flow-3")
        #expect(flex.viewport == FlexViewport(width: 500, height: nil))
        #expect(
            flex.root.style.map { "\($0.property.rawValue): \($0.value.cssText)" } == [
                "flex-wrap: wrap", "align-items: flex-start", "align-content: flex-start", "row-gap: 4px",
                "column-gap: 4px",
            ])
        #expect(flex.root.children.count == 3)
        #expect(flex.root.children.allSatisfy { $0.style.isEmpty && $0.content == Size(width: 40, height: 20) })
    }

    @Test func depthIsAChainOfDPlusOneRowsWithFiveLeavesBeforeTheNextRow() throws {
        var row = try decoded(Workload(shape: .depth, size: 3, family: .flex)).root
        for _ in 1...3 {
            #expect(row.style.map(\.value) == [.keyword("flex-start")])
            #expect(row.children.count == 6)
            #expect(row.children.prefix(5).allSatisfy { $0.content == Size(width: 40, height: 20) && $0.style.isEmpty })
            row = row.children[5]
        }
        #expect(row.children.isEmpty && row.content == nil)
    }

    /// The resize variants grow every leaf (and depth's inner rows) under a growing root, W(0) wide.
    @Test func resizeVariantsGrowUnderAGrowingRoot() throws {
        let linear = try decoded(Workload(shape: .linear, size: 3, isResizeVariant: true, family: .flex))
        #expect(linear.name == "flex-linear-3-resize")
        #expect(linear.viewport.width == Double(48 * 3 - 4 + 100))
        #expect(linear.root.style[.flexGrow] == .number(1))
        #expect(linear.root.children.allSatisfy { $0.style[.flexGrow] == .number(1) })
        let depth = try decoded(Workload(shape: .depth, size: 2, isResizeVariant: true, family: .flex))
        #expect(depth.viewport.width == Double(200 * 2 + 100))
        #expect(depth.root.children[5].style[.flexGrow] == .number(1))
        #expect(depth.root.children[5].children[5].style[.flexGrow] == .number(1))
        let flow = try decoded(Workload(shape: .flow, size: 20, isResizeVariant: true, family: .flex))
        #expect(flow.root == (try decoded(Workload(shape: .flow, size: 20, family: .flex))).root)
        #expect(flow.viewport.width == 456)
    }

    /// The two families' trees lay out alike (to 1e-9 px), but for the flow root: CSS's auto-width root shrinks to the viewport
    /// (500), Puyopuyo's wrap root to its longest line (11 leaves: 11 · 40 + 10 · 4 = 480). Under a viewport wide
    /// enough for every leaf, both are as wide as the line.
    @Test(arguments: [
        (BenchShape.linear, 30), (.depth, 6), (.flow, 10), (.flow, 50),
    ])
    func theFamiliesAgreeButOnTheFlowRoot(shape: BenchShape, size: Int) throws {
        let reference = ReferenceEngine()
        for mode in BenchMode.allCases {
            let flex = try AnswerProblem(workload: Workload(shape: shape, size: size, family: .flex), mode: mode)
            let box = try AnswerProblem(workload: Workload(shape: shape, size: size), mode: mode)
            func frames(_ problem: AnswerProblem) throws -> [PeerFrame] {
                guard let change = problem.change else { return try reference.layout(problem.referenceCase!) }
                return try reference.layout(problem.referenceCase!, applying: change)
            }
            let flexFrames = try frames(flex)
            let boxFrames = try frames(box)
            // Equal but for the last bits of sums taken in another order (a 1e-9 px tolerance).
            let children = compareFrames(
                expected: Array(boxFrames.dropFirst()), actual: Array(flexFrames.dropFirst()), tolerance: 1e-9,
                relativeTolerance: 0)
            #expect(children.isEmpty, "\(shape) \(size) \(mode): \(children.prefix(3))")
            let flexRoot = flexFrames[0].frame
            let boxRoot = boxFrames[0].frame
            #expect(flexRoot.height == boxRoot.height)
            if shape == .flow && size > 10 {
                // fresh, relayout (501), resize (W(1) = 480), incremental (leaf 25 measures 48): CSS's root is the
                // viewport's width, Puyopuyo's its longest line's.
                let widths: [BenchMode: (flex: Double, box: Double)] = [
                    .fresh: (500, 480), .relayout: (501, 480), .resize: (480, 480), .incremental: (500, 488),
                ]
                #expect(flexRoot.width == widths[mode]!.flex, "\(mode)")
                #expect(boxRoot.width == widths[mode]!.box, "\(mode)")
            } else {
                #expect(flexRoot.width == boxRoot.width, "\(shape) \(size) \(mode)")
            }
        }
    }

    /// Every flex shape's resize and incremental calls move frames, so no cache can answer them (the loop's probe).
    @Test(arguments: [BenchShape.linear, .flow, .depth])
    func resizeAndIncrementalMoveFrames(shape: BenchShape) throws {
        let workload = Workload(shape: shape, size: shape == .depth ? 4 : 30, family: .flex)
        let options = TimingOptions(minimumBatchDuration: .microseconds(50), batches: 1, warmupBatches: 0)
        for mode in BenchMode.allCases {
            let result = try ReferenceEngine().time(workload: workload, mode: mode, options: options)
            #expect(result.nanosPerLayout.count == 1)
        }
    }

    @Test func benchmarkNamesCarryTheFamily() {
        let flex = Workload(shape: .depth, size: 40, family: .flex)
        #expect(flex.name == "flex-depth-40")
        #expect(flex.tree(for: .resize).family == .flex)
        #expect(Workload(shape: .depth, size: 40).name == "depth-40")
        #expect(ShapeFamily.flex.tableName(of: .flow) == "flex flow")
        #expect(ShapeFamily.box.tableName(of: .flow) == "flow")
    }
}
