import Foundation
import Testing

@testable import Benchmarking

/// The benchmark trees must be exactly docs/design.md's, because outside tools build the same trees.
struct WorkloadTests {
    func object(_ workload: Workload) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: try workload.caseJSON()) as? [String: Any])
    }

    func leafIsStandard(_ leaf: [String: Any], margin: Double?) {
        #expect(leaf["type"] as? String == "leaf")
        #expect(leaf["width"] as? String == "wrap")
        #expect(leaf["height"] as? String == "wrap")
        #expect(leaf["content"] as? [String: Double] == ["width": 40, "height": 20])
        #expect(leaf["margin"] as? Double == margin)
        #expect(leaf["children"] == nil)
    }

    @Test func linearIsAnHBoxWithSpace4OfMarginedLeaves() throws {
        let json = try object(Workload(shape: .linear, size: 5))
        #expect(json["kind"] as? String == "box")
        #expect(json["name"] as? String == "linear-5")
        let proposal = try #require(json["proposal"] as? [String: Any])
        #expect(proposal["width"] is NSNull && proposal["height"] is NSNull)
        let root = try #require(json["root"] as? [String: Any])
        #expect(root["type"] as? String == "hbox")
        #expect(root["space"] as? Double == 4)
        #expect(root["width"] as? String == "wrap" && root["height"] as? String == "wrap")
        let children = try #require(root["children"] as? [[String: Any]])
        #expect(children.count == 5)
        for child in children { leafIsStandard(child, margin: 2) }
    }

    @Test func flowIsAVFlowUnderA500WideProposal() throws {
        let json = try object(Workload(shape: .flow, size: 3))
        #expect((json["proposal"] as? [String: Any])?["width"] as? Double == 500)
        let root = try #require(json["root"] as? [String: Any])
        #expect(root["type"] as? String == "vflow")
        #expect(root["itemSpace"] as? Double == 4 && root["runSpace"] as? Double == 4)
        #expect(root["space"] == nil)
        let children = try #require(root["children"] as? [[String: Any]])
        #expect(children.count == 3)
        for child in children { leafIsStandard(child, margin: nil) }
    }

    @Test func depthIsAChainOfDPlusOneHBoxesWithFiveLeavesBeforeTheNextBox() throws {
        var box = try #require(try object(Workload(shape: .depth, size: 3))["root"] as? [String: Any])
        // Levels 1...3 hold 5 leaves and then the next box; level 4 (the innermost) is empty.
        for _ in 1...3 {
            #expect(box["type"] as? String == "hbox")
            let children = try #require(box["children"] as? [[String: Any]])
            #expect(children.count == 6)
            for leaf in children.prefix(5) { leafIsStandard(leaf, margin: nil) }
            box = children[5]
        }
        #expect(box["type"] as? String == "hbox")
        #expect((box["children"] as? [Any])?.isEmpty == true)
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
