import FlexLayout
import Flexbox
import Foundation
import LayoutCore
import TestSupport
import Testing

/// The cache and the mutation API are sound: a built engine that is laid out, changed and laid out again gives
/// the frames of an engine built fresh from the changed tree, on the corpus sample (CSS Flexbox §9 has no notion
/// of history, so any difference is the cache's).
struct FlexLayoutMutationTests {
    static let sample = FlexLayoutCorpusTests.sample + FlexLayoutCorpusTests.handChecked

    static func frames(_ engine: FlexLayoutEngine) -> [Rect] { engine.frameList().map(\.frame) }

    @Test("a new viewport width lays out as a fresh engine does", arguments: sample)
    func resize(name: String) throws {
        let flexCase = try FlexLayoutCorpusTests.load(name)
        let engine = try flexCase.layoutEngine()
        let viewport = flexCase.viewport
        engine.layout(viewportWidth: viewport.width, viewportHeight: viewport.height)
        // Narrower and wider, then relayout's alternation (a width the root may not see, and back).
        for width in [37.0, 151.5, 600, 601, 600, viewport.width ?? 400] {
            engine.layout(viewportWidth: width, viewportHeight: viewport.height)
            let fresh = try flexCase.layoutEngine()
            fresh.layout(viewportWidth: width, viewportHeight: viewport.height)
            #expect(Self.frames(engine) == Self.frames(fresh), "\(name) at \(width)")
        }
    }

    @Test("a leaf's new content lays out as a fresh engine built with it does", arguments: sample)
    func content(name: String) throws {
        let flexCase = try FlexLayoutCorpusTests.load(name)
        let engine = try flexCase.layoutEngine()
        let viewport = flexCase.viewport
        engine.layout(viewportWidth: viewport.width, viewportHeight: viewport.height)
        for (path, content) in Self.contentLeaves(flexCase.root) {
            let changed = Size(width: content.width + 8, height: content.height + 3)
            try engine.apply(.content(changed), to: engine.resolve(path: path))
            engine.layout(viewportWidth: viewport.width, viewportHeight: viewport.height)
            var edited = flexCase
            edited.root.setContent(changed, at: path)
            let fresh = try edited.layoutEngine()
            fresh.layout(viewportWidth: viewport.width, viewportHeight: viewport.height)
            #expect(Self.frames(engine) == Self.frames(fresh), "\(name) leaf \(path)")
            // And back, so the next leaf starts from the case as written.
            try engine.apply(.content(content), to: engine.resolve(path: path))
        }
    }

    @Test("a style change, an insertion and a removal lay out as fresh engines do", arguments: sample)
    func structure(name: String) throws {
        let flexCase = try FlexLayoutCorpusTests.load(name)
        let viewport = flexCase.viewport
        let engine = try flexCase.layoutEngine()
        engine.layout(viewportWidth: viewport.width, viewportHeight: viewport.height)
        var edited = flexCase
        // 1. The root becomes a wrapping column.
        try edited.root.style.set(.flexDirection, to: .keyword("column"))
        try edited.root.style.set(.flexWrap, to: .keyword("wrap"))
        try engine.apply(.style(edited.root.style.layoutStyle), to: engine.resolve(path: []))
        engine.layout(viewportWidth: viewport.width, viewportHeight: viewport.height)
        #expect(Self.frames(engine) == Self.frames(try Self.laidOut(edited)), "\(name): style")
        // 2. A 30 × 12 leaf is inserted first.
        guard edited.root.content == nil else { return }
        let leaf = FlexElement(content: Size(width: 30, height: 12))
        edited.root.children.insert(leaf, at: 0)
        try engine.insert(try leaf.layoutNode(path: "$"), at: 0, into: engine.resolve(path: []))
        engine.layout(viewportWidth: viewport.width, viewportHeight: viewport.height)
        #expect(Self.frames(engine) == Self.frames(try Self.laidOut(edited)), "\(name): insert")
        // 3. The last child is removed.
        let last = edited.root.children.count - 1
        edited.root.children.removeLast()
        engine.remove(try engine.resolve(path: [last]))
        engine.layout(viewportWidth: viewport.width, viewportHeight: viewport.height)
        #expect(Self.frames(engine) == Self.frames(try Self.laidOut(edited)), "\(name): remove")
        // 4. The inserted leaf takes a percentage padding, is positioned absolutely, then is not displayed: what
        //    the engine keeps of a style beside it (its traits, its fixed box) follows each change.
        guard !edited.root.children.isEmpty else { return }
        let steps: [(CSSProperty, CSSValue)] = [
            (.paddingLeft, .percent(10)), (.position, .keyword("absolute")), (.display, .keyword("none")),
        ]
        for (property, value) in steps {
            try edited.root.children[0].style.set(property, to: value)
            try engine.apply(.style(edited.root.children[0].style.layoutStyle), to: engine.resolve(path: [0]))
            engine.layout(viewportWidth: viewport.width, viewportHeight: viewport.height)
            #expect(Self.frames(engine) == Self.frames(try Self.laidOut(edited)), "\(name): \(property)")
        }
    }

    @Test("changes made together before one layout lay out as a fresh engine does", arguments: sample)
    func batched(name: String) throws {
        // Every leaf's content changes, then the root's style, and only then does the engine lay out: the
        // content changes set aside their leaves' answers and the style change clears the ancestors' (the first
        // leaf's change twice, so that its answers are set aside once, from before either change).
        let flexCase = try FlexLayoutCorpusTests.load(name)
        let viewport = flexCase.viewport
        let engine = try Self.laidOut(flexCase)
        var edited = flexCase
        let leaves = Self.contentLeaves(flexCase.root)
        for (index, (path, content)) in leaves.enumerated() {
            let changed = Size(width: content.width + Double(index % 3) * 8, height: content.height + 3)
            if index == 0 {
                try engine.apply(.content(Size(width: 1, height: 1)), to: engine.resolve(path: path))
            }
            try engine.apply(.content(changed), to: engine.resolve(path: path))
            edited.root.setContent(changed, at: path)
        }
        try edited.root.style.set(.justifyContent, to: .keyword("center"))
        try engine.apply(.style(edited.root.style.layoutStyle), to: engine.resolve(path: []))
        engine.layout(viewportWidth: viewport.width, viewportHeight: viewport.height)
        #expect(Self.frames(engine) == Self.frames(try Self.laidOut(edited)), "\(name): content and style")
        // Then the contents change back, and the first leaf's, if any, is removed with its change pending.
        for (path, content) in leaves {
            try engine.apply(.content(content), to: engine.resolve(path: path))
            edited.root.setContent(content, at: path)
        }
        if let first = leaves.first, let last = first.path.last {
            engine.remove(try engine.resolve(path: first.path))
            edited.root.removeChild(at: Array(first.path.dropLast()), index: last)
        }
        engine.layout(viewportWidth: viewport.width, viewportHeight: viewport.height)
        #expect(Self.frames(engine) == Self.frames(try Self.laidOut(edited)), "\(name): content and removal")
    }

    @Test("the same case lays out to the same frames, bit for bit, every time")
    func determinism() throws {
        for name in FlexLayoutCorpusTests.handChecked {
            let flexCase = try FlexLayoutCorpusTests.load(name)
            let first = try Self.laidOut(flexCase)
            let second = try Self.laidOut(flexCase)
            #expect(Self.frames(first) == Self.frames(second))
        }
    }

    @Test("a handle of another engine stops the program instead of reaching past the engine's columns")
    func foreignHandle() async {
        await #expect(processExitsWith: .failure) {
            let leaves = (0..<8).map { _ in FlexLayoutNode(style: FlexLayoutStyle(), content: Size(width: 1, height: 1))
            }
            let large = FlexLayoutEngine(root: FlexLayoutNode(style: FlexLayoutStyle(), children: leaves))
            let small = FlexLayoutEngine(root: FlexLayoutNode(style: FlexLayoutStyle()))
            try small.apply(.content(Size(width: 2, height: 2)), to: large.resolve(path: [7]))
        }
        // The same handle on its own engine is applied.
        let leaves = (0..<8).map { _ in FlexLayoutNode(style: FlexLayoutStyle(), content: Size(width: 1, height: 1)) }
        let large = FlexLayoutEngine(root: FlexLayoutNode(style: FlexLayoutStyle(), children: leaves))
        #expect(throws: Never.self) {
            try large.apply(.content(Size(width: 2, height: 2)), to: large.resolve(path: [7]))
        }
    }

    static func laidOut(_ flexCase: FlexCase) throws -> FlexLayoutEngine {
        let engine = try flexCase.layoutEngine()
        engine.layout(viewportWidth: flexCase.viewport.width, viewportHeight: flexCase.viewport.height)
        return engine
    }

    /// The displayed leaves with content, each with its path.
    static func contentLeaves(_ root: FlexElement) -> [(path: [Int], content: Size)] {
        var leaves: [(path: [Int], content: Size)] = []
        var stack: [(FlexElement, [Int])] = [(root, [])]
        while let (element, path) = stack.popLast() {
            if let content = element.content, element.measureTable == nil { leaves.append((path, content)) }
            for (index, child) in element.children.enumerated() { stack.append((child, path + [index])) }
        }
        return leaves
    }
}

extension FlexElement {
    /// Removes child `index` of the element at `path`.
    mutating func removeChild(at path: [Int], index: Int) {
        guard let first = path.first else {
            children.remove(at: index)
            return
        }
        children[first].removeChild(at: Array(path.dropFirst()), index: index)
    }

    mutating func setContent(_ size: Size, at path: [Int]) {
        guard let first = path.first else {
            content = size
            return
        }
        children[first].setContent(size, at: Array(path.dropFirst()))
    }
}
