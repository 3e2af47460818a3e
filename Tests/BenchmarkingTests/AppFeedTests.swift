import Engines
import Flexbox
import LayoutCore
import Testing

@testable import Benchmarking

/// The capture-like screen (`AppFeed`): Yoga's base style on every element, 381 elements, the same tree every run.
struct AppFeedTests {
    @Test func theScreenIsSeededAndCapturelike() throws {
        let screen = AppFeed.flexCase()
        #expect(screen == AppFeed.flexCase())
        var count = 0
        var stack = [screen.root]
        while let element = stack.popLast() {
            count += 1
            #expect(element.style[.flexShrink] == .number(0) && element.style[.boxSizing] == .keyword("border-box"))
            stack += element.children
        }
        #expect(count == 381)  // root, header 3, scroll 1 + 20 cards of 18, tab bar 1 + 5 · 3
        #expect(try CaseWorkload.appFeed().nodeCount == 381)
    }

    /// The reference lays it out in its pinned size; incremental's leaf (the first card's time stamp) moves a frame;
    /// there is no resize (the root is pinned).
    @Test func theReferenceLaysItOutAndTheChangeMoves() throws {
        var workload = try CaseWorkload.appFeed()
        let change = try #require(workload.incrementalChange)
        #expect(change.path == AppFeed.incrementalPath)
        let screen = AppFeed.flexCase()
        let frames = try ReferenceEngine().layout(screen)
        #expect(frames[0].frame == Rect(x: 0, y: 0, width: 390, height: 844))
        let changed = try ReferenceEngine().layout(
            .flex(screen), applying: .content(path: change.path, size: change.content(call: 0)))
        #expect(changed != frames)
        var skipped = GroupedNotes()
        let modes = supportedModes(
            &workload, modes: BenchMode.allCases, reference: ReferenceEngine(), peers: [], skipped: &skipped)
        #expect(modes == [.fresh, .relayout, .incremental])
    }
}
