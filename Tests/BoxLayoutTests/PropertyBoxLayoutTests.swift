import BoxLayout
import Foundation
import LayoutCore
import PropertyBased
import TestSupport
import Testing

/// Properties of the box engine over generated trees (docs/reliability.md lists them with their case counts).
///
/// A tree comes from a list of "genes", each twelve integers in 0...999: gene 0 makes the root, gene i > 0 a node
/// hung under one of the containers made before it (so every tree is valid), and the integers pick the node's
/// type, sizes, insets, alignment and options. Shrinking integers towards 0 picks simpler choices. Lengths are
/// multiples of 0.5 so that sums are exact and a translated layout can be compared with `==`.
@Suite struct PropertyBoxLayoutTests {
    /// The run's fixed seed: the same trees on every run. Each case draws from its own state derived from it,
    /// and a failure prints that state: `@Test(.fixedSeed("…"))` around `propertyCheck(input: Self.recipes)`
    /// replays the failing tree alone.
    static let seed: (UInt64, UInt64, UInt64, UInt64) = (
        0x5249_5354_5245_5454, 0x0B0C_4C41_594F_5554, 0x2026_1123, 0x9E37_79B9
    )
    static let count = 250

    typealias Genes = [[Int]]
    static let recipes = Gen.int(in: 0...999).array(of: 12).array(of: 1...24)

    // MARK: Properties

    /// Same input, same frames: two fresh engines agree, and an engine that laid out another proposal in between
    /// (relayout) agrees too, so no state drifts between passes.
    @Test func layoutIsDeterministic() throws {
        try Self.check(Self.recipes) { genes in
            let (root, proposal) = Self.tree(genes, profile: .general)
            let first = Self.frames(root, proposal)
            guard first == Self.frames(root, proposal) else { return "two fresh layouts differ" }
            let engine = BoxLayoutEngine(root: root, measurer: TestSupport.fixedMeasurer)
            engine.layout(proposal: proposal)
            engine.layout(proposal: BoxProposal(width: proposal.width.map { $0 + 37.5 } ?? 120, height: nil))
            engine.layout(proposal: proposal)
            return engine.frames() == first ? nil : "a relayout after another proposal differs from a fresh layout"
        }
    }

    /// Every frame is finite with a non-negative size, whatever the sizes, insets, spaces and proposal.
    @Test func framesAreFiniteWithNonNegativeSizes() throws {
        try Self.check(Self.recipes) { genes in
            let (root, proposal) = Self.tree(genes, profile: .general)
            for frame in Self.frames(root, proposal).frames {
                let rect = frame.frame
                guard rect.isFinite else { return "node \(frame.path): non-finite frame \(rect)" }
                guard rect.width >= 0, rect.height >= 0 else { return "node \(frame.path): negative size \(rect)" }
            }
            return nil
        }
    }

    /// The children of a fixed-size box whose content fits stay inside its padding box, and inside its content
    /// box less their margins.
    ///
    /// Generated configuration (`Profile.fits`): the root is an HBox, VBox or ZBox with fixed width and height and
    /// padding ≥ 0, under a proposal of exactly its size; a ZBox's justifyContent has a component on both axes
    /// (a ZBox whose justifyContent lacks one puts an unaligned child's centre on its edge, spec §8 step 1); up
    /// to five children, leaves sized fixed, wrap (content), fill or ratio, with margins ≥ 0 and any alignment
    /// except `none` (which pins the centre to the edge, quirk); space ≥ 0, any format, reversed or not. "Fits" is checked on the result: along the main axis the
    /// children's sizes plus margins plus the spaces between them, and on the cross axis (both axes for a ZBox)
    /// each child's size plus margins, are at most the content box. Cases that overflow are skipped and counted.
    @Test func childrenOfAFittingFixedBoxStayInside() throws {
        var checked = 0
        try Self.check(Self.recipes, profile: .fits) { genes in
            let (root, proposal) = Self.tree(genes, profile: .fits)
            let frames = Self.frames(root, proposal).frames
            let box = frames[0].frame
            let content = Rect(origin: .zero, size: box.size).inset(by: root.padding)
            let children = frames.dropFirst().map { frame in (frame.frame, root.children[frame.path[0]].margin) }
            guard Self.fits(children, in: content.size, type: root.type, space: root.space) else { return nil }
            checked += 1
            for (index, (frame, margin)) in children.enumerated() {
                guard frame.minX >= 0, frame.minY >= 0, frame.maxX <= box.width, frame.maxY <= box.height else {
                    return "child \(index) \(frame) leaves the padding box \(box.size)"
                }
                let allowed = content.inset(by: margin)
                let slack = 1e-9
                guard frame.minX >= allowed.minX - slack, frame.minY >= allowed.minY - slack,
                    frame.maxX <= allowed.maxX + slack, frame.maxY <= allowed.maxY + slack
                else { return "child \(index) \(frame) leaves the content box less its margins \(allowed)" }
            }
            return nil
        }
        // The property must not hold vacuously.
        #expect(checked >= Self.count / 3, "only \(checked) of \(Self.count) generated boxes fit")
    }

    /// Frames are relative to their parents, so moving the root by growing its top and left margins (and the
    /// proposal by as much, so the room left is the same) moves the root's frame and nothing else.
    @Test func translatingTheRootMovesOnlyTheRoot() throws {
        var checked = 0
        try Self.check(Self.recipes) { genes in
            let (root, proposal) = Self.tree(genes, profile: .general)
            let dx = Double(genes[0][10] % 200) / 2 + 0.5
            let dy = Double(genes[0][11] % 200) / 2 + 0.5
            var moved = root
            moved.margin.left += dx
            moved.margin.top += dy
            let shifted = BoxProposal(width: proposal.width.map { $0 + dx }, height: proposal.height.map { $0 + dy })
            let before = Self.frames(root, proposal).frames
            let after = Self.frames(moved, shifted).frames
            guard before.count == after.count else { return "the node count changed" }
            // A root that fills an unbounded proposal is 1.8e308 wide: its offset is lost to rounding. Skip it.
            guard before[0].frame.width < 1e300, before[0].frame.height < 1e300 else { return nil }
            checked += 1
            // The root's x and y come back from its centre (margin + size / 2 − size / 2), so a size such as
            // 78.2857… from an aspect ratio rounds differently at another offset: compare within 1e-12 relative.
            let original = before[0].frame
            let shiftedRoot = after[0].frame
            let close = { (a: Double, b: Double) in abs(a - b) <= 1e-12 * max(1, abs(a), abs(b)) }
            guard close(shiftedRoot.x, original.x + dx), close(shiftedRoot.y, original.y + dy),
                shiftedRoot.size == original.size
            else {
                return "root moved from \(original) to \(shiftedRoot), expected a shift of (\(dx), \(dy))"
            }
            if let index = before.indices.dropFirst().first(where: { before[$0] != after[$0] }) {
                return "node \(before[index].path) changed from \(before[index].frame) to \(after[index].frame)"
            }
            return nil
        }
        #expect(checked >= Self.count / 2, "only \(checked) of \(Self.count) roots had a finite extent")
    }

    // MARK: Running

    /// Runs `property` on `count` generated inputs; a non-nil result is a failure, reported with the case's seed
    /// and the tree as a box case file.
    static func check(
        _ generator: Generator<Genes, some Sequence>, profile: Profile = .general, _ property: (Genes) -> String?
    ) throws {
        var master = Xoshiro(seed: seed)
        for index in 0..<count {
            var rng = Xoshiro(seed: (master.next(), master.next(), master.next(), master.next()))
            let caseSeed = rng.currentSeed
            let genes = generator.run(using: &rng)
            if let failure = property(genes) {
                let (root, proposal) = tree(genes, profile: profile)
                Issue.record(
                    "case \(index), seed \"\(caseSeed)\": \(failure)\ngenes: \(genes)\ntree: \(json(root, proposal))")
                return
            }
        }
    }

    static func frames(_ root: BoxNode, _ proposal: BoxProposal) -> BoxFrames {
        let engine = BoxLayoutEngine(root: root, measurer: TestSupport.fixedMeasurer)
        engine.layout(proposal: proposal)
        return engine.frames()
    }

    static func json(_ root: BoxNode, _ proposal: BoxProposal) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = (try? encoder.encode(BoxCase(name: "property", proposal: proposal, root: root))) ?? Data()
        return String(decoding: data, as: UTF8.self)
    }

    static func fits(_ children: [(Rect, Insets)], in content: Size, type: BoxNodeType, space: Double) -> Bool {
        let slack = 1e-9
        let fitsBoth = children.allSatisfy { frame, margin in
            frame.width + margin.left + margin.right <= content.width + slack
                && frame.height + margin.top + margin.bottom <= content.height + slack
        }
        guard type != .zbox else { return fitsBoth }
        let horizontal = type == .hbox
        let main = children.reduce(0) { total, child in
            total
                + (horizontal
                    ? child.0.width + child.1.left + child.1.right : child.0.height + child.1.top + child.1.bottom)
        }
        let spaces = space * Double(max(children.count - 1, 0))
        return fitsBoth && main + spaces <= (horizontal ? content.width : content.height) + slack
    }

    // MARK: Trees from genes

    enum Profile {
        /// Anything the engine accepts: every type, size kind, alignment and option.
        case general
        /// A fixed-size linear box or ZBox of leaves (see `childrenOfAFittingFixedBoxStayInside`).
        case fits
    }

    /// A multiple of 0.5 in 0...limit.
    static func half(_ gene: Int, _ limit: Int) -> Double { Double(gene % (2 * limit + 1)) / 2 }

    static let alignments: [BoxAlignment] = [
        .idle, .top, .bottom, .left, .right, .leading, .trailing, .horzCenter, .vertCenter, .center,
        .center(x: 0.5, y: -0.5), .horzCenter(-1), BoxAlignment([.top, .right]), .none,
    ]

    static func size(_ gene: Int, _ detail: Int, profile: Profile) -> SizeDescription {
        switch (gene % (profile == .fits ? 4 : 6), profile) {
        case (0, .fits): return .fixed(half(detail, 30))
        case (0, _): return .fixed(half(detail, 150))
        case (1, _): return .wrap()
        case (2, _): return .fill
        case (3, _): return .ratio(Double(detail % 6 + 1) / 2)
        case (4, _):
            let grow = Double(detail % 3)
            return .wrap(
                WrapOptions(
                    add: half(detail / 3, 10), min: half(detail / 7, 40),
                    max: grow > 0 || detail % 2 == 0 ? nil : 40 + half(detail, 100),
                    priority: Double(detail % 4), shrink: Double(detail / 11 % 3), grow: grow))
        default: return .aspectRatio(Double(detail % 8 + 2) / 4)
        }
    }

    static func insets(_ gene: Int, _ limit: Int) -> Insets {
        Insets(
            top: half(gene, limit), left: half(gene / 3, limit), bottom: half(gene / 7, limit),
            right: half(gene / 13, limit))
    }

    /// One node from one gene (type chosen by the caller).
    static func node(_ g: [Int], type: BoxNodeType, profile: Profile) -> BoxNode {
        var node = BoxNode(type: type)
        node.width = size(g[1], g[2], profile: profile)
        node.height = size(g[2] / 7, g[3], profile: profile)
        node.margin = insets(g[4], profile == .fits ? 4 : 8)
        let choices = profile == .fits ? alignments.dropLast() : alignments[...]
        node.alignment = choices[choices.startIndex + g[5] % choices.count]
        if type == .leaf {
            if g[6] % 4 == 0 {
                node.text = ["a", "Hello", "two\nlines", ""][g[6] / 4 % 4]
                node.fontSize = Double(g[7] % 20 + 6)
            } else {
                let limit = profile == .fits ? 25 : 80
                node.content = Size(width: half(g[6], limit), height: half(g[7], limit))
            }
        } else {
            node.padding = insets(g[6], 10)
            node.space = profile == .fits ? half(g[7], 8) : half(g[7], 10) - 2
            node.format = BoxFormat.allCases[g[8] % BoxFormat.allCases.count]
            node.reverse = g[8] / 5 % 2 == 1
            node.justifyContent = g[9] % 3 == 0 ? nil : alignments[g[9] / 3 % (alignments.count - 1)]
            if type == .hflow || type == .vflow {
                node.arrange = g[9] % 4
                node.itemSpace = g[10] % 3 == 0 ? nil : half(g[10], 6)
                node.runSpace = g[11] % 3 == 0 ? nil : half(g[11], 6)
                node.runFormat = BoxFormat.allCases[g[10] / 3 % BoxFormat.allCases.count]
            }
        }
        if profile == .general {
            node.activated = g[11] % 13 != 0
            node.flowEnding = g[11] % 7 == 0
        }
        return node
    }

    /// The tree and proposal that `genes` describe under `profile`.
    static func tree(_ genes: Genes, profile: Profile) -> (BoxNode, BoxProposal) {
        let containerTypes: [BoxNodeType] =
            profile == .fits ? [.hbox, .vbox, .zbox] : [.hbox, .vbox, .hflow, .vflow, .zbox]
        let childTypes: [BoxNodeType] =
            profile == .fits ? [.leaf] : [.leaf, .leaf, .leaf, .hbox, .vbox, .hflow, .vflow, .zbox]
        // 1. The nodes, each with its parent's index; parents always come first.
        var nodes = [node(genes[0], type: containerTypes[genes[0][0] % containerTypes.count], profile: profile)]
        var parents = [-1]
        var containers = [0]
        // A box that should fit gets at most five children.
        for g in genes.dropFirst().prefix(profile == .fits ? 5 : genes.count) {
            let type = childTypes[g[0] % childTypes.count]
            parents.append(containers[g[0] / 8 % containers.count])
            nodes.append(node(g, type: type, profile: profile))
            if type != .leaf { containers.append(nodes.count - 1) }
        }
        // 2. Hang each node under its parent, deepest indices first so children are complete when attached.
        var children = [[BoxNode]](repeating: [], count: nodes.count)
        for index in nodes.indices.reversed() {
            nodes[index].children = children[index].reversed()
            if parents[index] >= 0 { children[parents[index]].append(nodes[index]) }
        }
        var root = nodes[0]
        root.activated = true  // an inactive root has no frames at all; inactive children are generated
        // 3. The proposal: exactly the box for `fits`, otherwise bounded or not on each axis.
        if profile == .fits {
            root.width = .fixed(100 + half(genes[0][1], 150))
            root.height = .fixed(100 + half(genes[0][2], 150))
            if root.type == .zbox {
                let both: [BoxAlignment?] = [
                    nil, .center, BoxAlignment([.top, .left]), BoxAlignment([.bottom, .trailing]),
                    .center(x: 0.5, y: -1),
                ]
                root.justifyContent = both[genes[0][9] % both.count]
            }
            guard case let .fixed(width) = root.width, case let .fixed(height) = root.height else {
                return (root, BoxProposal())
            }
            return (
                root,
                BoxProposal(
                    width: width + root.margin.left + root.margin.right,
                    height: height + root.margin.top + root.margin.bottom)
            )
        }
        let g = genes[0]
        return (
            root,
            BoxProposal(width: g[10] % 4 == 0 ? nil : half(g[10], 300), height: g[11] % 3 == 0 ? nil : half(g[11], 300))
        )
    }
}
