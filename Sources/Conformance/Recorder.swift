import Foundation
import GDRender
import LayoutCore

/// Regenerates golden PNGs on purpose. Never records a case whose layout, expectations or render failed.
public struct Recorder: Sendable {
    public enum Change: String, Sendable {
        case created, updated, unchanged
        /// `--missing-only` and the PNG exists.
        case skipped
    }

    public struct Entry: Sendable {
        public var identifier: String
        public var goldenPNG: String
        /// Nil when the case could not be recorded; `problem` says why.
        public var change: Change?
        public var problem: String?
    }

    let golden: String
    let renderer: GDRenderer

    public init(golden: String, fontPath: String) {
        self.golden = golden
        self.renderer = GDRenderer(fontPath: fontPath)
    }

    /// Records one case: 1. load, 2. lay out and check expectations, 3. render, 4. write only if the bytes changed.
    public func record(_ identifier: String, missingOnly: Bool) -> Entry {
        let casePath = golden + "/" + identifier + ".json"
        let pngPath = golden + "/" + identifier + ".png"
        var entry = Entry(identifier: identifier, goldenPNG: pngPath)
        if missingOnly, FileManager.default.fileExists(atPath: pngPath) {
            entry.change = .skipped
            return entry
        }
        do {
            let file = try CaseLoader.load(casePath, identifier: identifier)
            let evaluation = try CaseEvaluator.evaluate(file, measurer: renderer.measurer)
            // A golden drawn from geometry that contradicts the case's own expectations would pin a bug.
            guard evaluation.mismatches.isEmpty else {
                entry.problem = "not recorded: geometry does not match its expectations (\(evaluation.mismatches[0])); fix the layout or the expect first"
                return entry
            }
            let png: [UInt8]
            do {
                png = try renderer.renderPNG(evaluation.scene)
            } catch {
                throw InputError(file: casePath, message: "render failed: \(error)")
            }
            let existing = FileManager.default.contents(atPath: pngPath)
            if let existing, [UInt8](existing) == png {
                entry.change = .unchanged
                return entry
            }
            try AtomicFile.write(png, to: pngPath)
            entry.change = existing == nil ? .created : .updated
        } catch {
            entry.problem = "\(error)"
        }
        return entry
    }
}
