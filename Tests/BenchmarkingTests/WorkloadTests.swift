import BoxLayout
import Engines
import Foundation
import LayoutCore
import Testing

@testable import Benchmarking

/// The benchmark trees must be exactly docs/design.md's, because outside tools build the same trees.
struct WorkloadTests {
    /// The case as a peer receives it: decoded back from its JSON, so the test also covers the encoding.
    func decoded(_ workload: Workload) throws -> BoxCase {
        try JSONDecoder().decode(BoxCase.self, from: try workload.caseJSON())
    }

    func leafIsStandard(_ leaf: BoxNode, margin: Double) {
        #expect(leaf.type == .leaf)
        #expect(leaf.width == .wrap() && leaf.height == .wrap())
        #expect(leaf.content == Size(width: 40, height: 20))
        #expect(leaf.margin == Insets(all: margin))
        #expect(leaf.children.isEmpty)
    }

    @Test func linearIsAnHBoxWithSpace4OfMarginedLeaves() throws {
        let box = try decoded(Workload(shape: .linear, size: 5))
        #expect(box.name == "linear-5")
        #expect(box.proposal == BoxProposal(width: nil, height: nil))
        #expect(box.root.type == .hbox && box.root.space == 4)
        #expect(box.root.width == .wrap() && box.root.height == .wrap())
        #expect(box.root.children.count == 5)
        for child in box.root.children { leafIsStandard(child, margin: 2) }
    }

    @Test func flowIsAVFlowUnderA500WideProposal() throws {
        let box = try decoded(Workload(shape: .flow, size: 3))
        #expect(box.proposal.width == 500)
        #expect(box.root.type == .vflow && box.root.itemSpace == 4 && box.root.runSpace == 4 && box.root.space == 0)
        #expect(box.root.children.count == 3)
        for child in box.root.children { leafIsStandard(child, margin: 0) }
    }

    @Test func depthIsAChainOfDPlusOneHBoxesWithFiveLeavesBeforeTheNextBox() throws {
        var box = try decoded(Workload(shape: .depth, size: 3)).root
        // Levels 1...3 hold 5 leaves and then the next box; level 4 (the innermost) is empty.
        for _ in 1...3 {
            #expect(box.type == .hbox)
            #expect(box.children.count == 6)
            for leaf in box.children.prefix(5) { leafIsStandard(leaf, margin: 0) }
            box = box.children[5]
        }
        #expect(box.type == .hbox && box.children.isEmpty)
    }

    @Test(arguments: [
        (Workload(shape: .linear, size: 200), 201),  // root + N leaves
        (Workload(shape: .flow, size: 3), 4),
        (Workload(shape: .depth, size: 40), 41 + 5 * 40),  // D+1 boxes + 5D leaves
    ])
    func nodeCounts(workload: Workload, expected: Int) {
        #expect(workload.nodeCount == expected)
    }

    @Test func tablesFollowPuyopuyo() {
        #expect(BenchShape.linear.standardSizes == [5, 10, 30, 50, 80, 100, 120, 150, 180, 200])
        #expect(BenchShape.flow.standardSizes == [3, 5, 10, 50, 80, 100, 120, 150, 180, 200])
        #expect(BenchShape.depth.standardSizes == [4, 8, 12, 16, 20, 24, 28, 32, 36, 40])
        #expect(BenchShape.linear.scalingSizes == [1_000, 10_000, 100_000])
        #expect(BenchShape.depth.scalingSizes == [100, 1_000])
    }

    @Test func caseJSONIsOneLineAndDeterministic() throws {
        let first = try Workload(shape: .depth, size: 4).caseJSON()
        #expect(first == (try Workload(shape: .depth, size: 4).caseJSON()))
        #expect(!first.contains(UInt8(ascii: "\n")))
    }
}

/// The resize and incremental modes' trees and schedules (docs/design.md "Benchmark shapes"), worked out by hand.
struct ScheduleTests {
    /// linear N: natural = 48·N − 4, W(k) = natural + 100 + (k mod 64). For N = 200: 9 596 + 100 = 9 696 + (k mod 64).
    /// depth D: natural = 200·D. For D = 40: 8 000 + 100 = 8 100 + (k mod 64).
    /// flow: 456 + j (even k), 480 + j (odd k), j = ⌊k/2⌋ mod 24.
    @Test(arguments: [
        (BenchShape.linear, 200, [(0, 9_696.0), (1, 9_697), (63, 9_759), (64, 9_696), (65, 9_697), (130, 9_698)]),
        (.linear, 5, [(0, 336), (1, 337)]),
        (.depth, 40, [(0, 8_100), (1, 8_101), (63, 8_163), (64, 8_100)]),
        (.depth, 1_000, [(0, 200_100), (100, 200_136)]),
        (.flow, 200, [(0, 456), (1, 480), (2, 457), (3, 481), (46, 479), (47, 503), (48, 456), (49, 480)]),
    ])
    func resizeWidths(shape: BenchShape, size: Int, expected: [(Int, Double)]) {
        let workload = Workload(shape: shape, size: size)
        for (call, width) in expected {
            #expect(workload.resizeWidth(call: call) == width, "W(\(call))")
        }
    }

    /// "Every call gets a width the engine has not seen in its last 24 calls."
    @Test(arguments: BenchShape.allCases)
    func noWidthRepeatsWithin24Calls(shape: BenchShape) {
        let workload = Workload(shape: shape, size: 10)
        for call in 1..<300 {
            let recent = (max(0, call - 24)..<call).map(workload.resizeWidth(call:))
            #expect(!recent.contains(workload.resizeWidth(call: call)), "W(\(call))")
        }
    }

    /// Flow's widths move the line breaks every call: 10 leaves of 40 with gaps of 4 fill 436 (fits below 480),
    /// 11 fill 480 (fits from 480 to 523); even calls are below 480, odd calls from 480 to 503.
    @Test func flowWidthsAlternateBetweenTenAndElevenPerLine() {
        let workload = Workload(shape: .flow, size: 200)
        for call in 0..<96 {
            let width = workload.resizeWidth(call: call)
            #expect(call % 2 == 0 ? (456..<480).contains(width) : (480...503).contains(width), "W(\(call)) = \(width)")
        }
    }

    @Test(arguments: [
        (BenchShape.linear, 200, [100]), (.linear, 5, [2]), (.flow, 3, [1]), (.depth, 3, [5, 5, 0]), (.depth, 1, [0]),
    ])
    func incrementalLeafPath(shape: BenchShape, size: Int, path: [Int]) {
        #expect(Workload(shape: shape, size: size).incrementalChange.path == path)
    }

    @Test func incrementalWidthsAlternate48And40AtHeight20() {
        let change = Workload(shape: .linear, size: 5).incrementalChange
        #expect(
            (0..<4).map(change.content(call:)) == [
                Size(width: 48, height: 20), Size(width: 40, height: 20), Size(width: 48, height: 20),
                Size(width: 40, height: 20),
            ])
    }

    /// The incremental path of depth D names a leaf: D−1 fives reach the innermost non-empty box, whose first child
    /// is a leaf.
    @Test(arguments: [1, 2, 7])
    func depthIncrementalPathNamesALeaf(size: Int) {
        var node = Workload(shape: .depth, size: size).boxNode
        for index in Workload(shape: .depth, size: size).incrementalChange.path { node = node.children[index] }
        #expect(node.type == .leaf)
    }

    func decoded(_ data: Data) throws -> BoxCase { try JSONDecoder().decode(BoxCase.self, from: data) }

    @Test func linearResizeVariantGrowsItsLeavesUnderAFillRoot() throws {
        let box = try decoded(try Workload(shape: .linear, size: 5).tree(for: .resize).caseJSON())
        #expect(box.name == "linear-5-resize")
        #expect(box.proposal.width == 336)
        #expect(box.root.width == .fill && box.root.space == 4)
        #expect(box.root.children.count == 5)
        for leaf in box.root.children {
            #expect(leaf.width == .wrap(WrapOptions(grow: 1)))
            #expect(leaf.margin == Insets(all: 2))
            #expect(leaf.content == Size(width: 40, height: 20))
        }
    }

    @Test func depthResizeVariantGrowsEveryNonRootBoxAndLeaf() throws {
        var box = try decoded(try Workload(shape: .depth, size: 2).tree(for: .resize).caseJSON()).root
        #expect(box.width == .fill)
        for _ in 1...2 {
            for leaf in box.children.prefix(5) { #expect(leaf.width == .wrap(WrapOptions(grow: 1))) }
            box = box.children[5]
            #expect(box.width == .wrap(WrapOptions(grow: 1)))
        }
        #expect(box.children.isEmpty)
    }

    @Test func flowResizeVariantIsTheFlowTreeUnderW0() throws {
        let plain = try decoded(try Workload(shape: .flow, size: 5).caseJSON())
        let resized = try decoded(try Workload(shape: .flow, size: 5).tree(for: .resize).caseJSON())
        #expect(plain.root == resized.root)
        #expect(resized.proposal.width == 456)
    }

    @Test func changedCaseJSONCarriesTheChange() throws {
        let workload = Workload(shape: .linear, size: 3)
        #expect(try decoded(workload.caseJSON(after: .resize(width: 321))).proposal.width == 321)
        let changed = try decoded(workload.caseJSON(after: .content(path: [1], size: Size(width: 48, height: 20))))
        #expect(
            changed.root.children.map(\.content) == [
                Size(width: 40, height: 20), Size(width: 48, height: 20), Size(width: 40, height: 20),
            ])
    }

    /// A peer's successive requests continue k: each lays its new tree out at the width the last one ended on.
    @Test func peerResizeScheduleContinuesAcrossRequests() {
        let workload = Workload(shape: .linear, size: 5)
        var schedule = PeerSchedule(workload: workload, mode: .resize)
        #expect(schedule.next(iterations: 3) == .resize(widths: [336, 337, 338, 339]))
        #expect(schedule.next(iterations: 2) == .resize(widths: [339, 340, 341]))
        var incremental = PeerSchedule(workload: workload, mode: .incremental)
        #expect(incremental.next(iterations: 4) == .incremental(IncrementalChange(path: [2])))
    }
}
