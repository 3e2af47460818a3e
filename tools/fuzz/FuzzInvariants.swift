// The checks every fuzz harness applies. A violated invariant traps (fatalError), so libFuzzer reports the input
// as a crash and saves it; `tools/fuzz/run` then names the file to turn into a regression test.
import Foundation
@testable import BoxLayout
@testable import Conformance
import GDRender
import LayoutCore

enum Fuzz {
    /// The pinned font when `RISTRETTO_FONT` names it (tools/fuzz/run sets it), so text goes through FreeType as in
    /// `conform`; otherwise the fixed-advance measurer.
    static let measurer: any TextMeasuring = {
        if let font = ProcessInfo.processInfo.environment["RISTRETTO_FONT"] { return FreeTypeTextMeasurer(fontPath: font) }
        return FixedAdvanceTextMeasurer()
    }()
    static let renderer: GDRenderer? = ProcessInfo.processInfo.environment["RISTRETTO_FONT"].map { GDRenderer(fontPath: $0) }

    /// Canvases up to this many pixels are also rendered; bigger ones only have their scene checked, to keep a
    /// run fast (the renderer's own limit, 8192 px per side, is checked by tests).
    static let renderArea = 256.0 * 256.0

    /// Decodes like `ristretto layout` does; nil for input the loader rejects with an error (the expected path).
    static func decode(_ data: UnsafeRawPointer, _ size: Int) -> (any CaseDefinition)? {
        let bytes = Data(bytes: data, count: size)
        return try? CaseLoader.decode(bytes, file: "fuzz-input")
    }

    /// Lays the case out and checks what the CLI would print and draw: the geometry encodes as JSON with only
    /// finite numbers (Foundation's JSONEncoder refuses NaN and infinities, which Ristretto's own writer would print
    /// as null), the scene holds only finite numbers, and small scenes render.
    static func exercise<Case: CaseDefinition>(_ definition: Case) {
        // Layout may refuse input with a CaseError: that is the documented path, not a finding.
        guard let geometry = try? definition.layout(measurer: measurer) else { return }
        if let box = geometry as? BoxFrames { check(box) }
        do {
            _ = try JSONEncoder().encode(geometry)
        } catch {
            fatalError("geometry does not encode as JSON (non-finite number?): \(error)")
        }
        _ = definition.mismatches(in: geometry)
        let scene = definition.scene(for: geometry, measurer: measurer)
        if let problem = scene.firstNonFiniteValue() { fatalError("scene holds a non-finite value: \(problem)") }
        if let renderer, scene.size.width * scene.size.height <= renderArea {
            _ = try? renderer.render(scene)
        }
    }

    /// Every frame `ristretto layout` prints is finite with a non-negative size.
    static func check(_ frames: BoxFrames) {
        for frame in frames.frames {
            let rect = frame.frame
            guard rect.x.isFinite, rect.y.isFinite, rect.width.isFinite, rect.height.isFinite else {
                fatalError("node \(frame.path): non-finite frame \(rect)")
            }
            guard rect.width >= 0, rect.height >= 0 else { fatalError("node \(frame.path): negative size \(rect)") }
        }
    }

    /// The engine's raw sizes and centres, before `frames()` clamps them: `frames()` maps NaN to 0, which would
    /// hide a NaN from the check above.
    static func checkRaw(_ box: BoxCase) {
        guard box.root.depth <= BoxNode.maximumDepth else { return }
        let engine = BoxLayoutEngine(root: box.root, measurer: measurer)
        engine.layout(proposal: box.proposal)
        for index in 0..<engine.realCount {
            let size = engine.state.sizes[index], center = engine.state.centers[index]
            guard !size.width.isNaN, !size.height.isNaN, !center.x.isNaN, !center.y.isNaN else {
                fatalError("node \(index) (pre-order): NaN in the raw layout: size \(size), centre \(center)")
            }
            guard size.width >= 0, size.height >= 0 else { fatalError("node \(index) (pre-order): negative raw size \(size)") }
        }
    }
}
