import CaseIO
import Foundation
import GDRender
import LayoutCore

/// Regenerates golden PNGs on purpose. Never records a case whose layout, expectations or render failed.
public struct Recorder: Sendable {
    public enum Change: String, Sendable {
        case created, updated, unchanged
        /// `--missing-only` and the PNG exists, or a geometry-only case (its `expect` answered by another engine),
        /// which never has a PNG; `Entry.note` says which.
        case skipped
    }

    public struct Entry: Sendable {
        public var identifier: String
        public var goldenPNG: String
        /// Nil when the case could not be recorded; `problem` says why.
        public var change: Change?
        public var problem: String?
        /// Why a case was skipped.
        public var note: String?
    }

    let golden: String
    let font: FontChoice
    let renderer: GDRenderer

    public init(golden: String, font: FontChoice) {
        self.golden = golden
        self.font = font
        // Without a font only scenes without text reach the renderer, and they never open the font file.
        self.renderer = GDRenderer(fontPath: font.path ?? "")
    }

    /// Whether the environment is a CI job, where goldens must not be recorded: `CI` set to anything but empty,
    /// `false` or `0` (in any letter case), since CI systems spell it `true`, `1`, `True` or `yes`.
    public static func isContinuousIntegration(_ environment: [String: String]) -> Bool {
        guard let value = environment["CI"]?.trimmingCharacters(in: .whitespaces).lowercased() else { return false }
        return !["", "false", "0"].contains(value)
    }

    /// Records one case: 1. load, 2. lay out and check expectations, 3. render, 4. write only if the bytes changed.
    public func record(_ identifier: String, missingOnly: Bool) -> Entry {
        let casePath = golden + "/" + identifier + ".json"
        let pngPath = golden + "/" + identifier + ".png"
        var entry = Entry(identifier: identifier, goldenPNG: pngPath)
        if missingOnly, FileManager.default.fileExists(atPath: pngPath) {
            entry.change = .skipped
            entry.note = "--missing-only and the PNG exists"
            return entry
        }
        do {
            let file = try CaseLoader.load(casePath, identifier: identifier)
            if let engine = file.foreignSource {
                entry.change = .skipped
                entry.note = "geometry-only: its expect was answered by \(engine), so it has no PNG"
                return entry
            }
            let evaluation = try CaseEvaluator.evaluate(file, font: font)
            // A golden drawn from geometry that contradicts the case's own expectations would pin a bug.
            guard evaluation.mismatches.isEmpty else {
                entry.problem =
                    "not recorded: geometry does not match its expectations (\(evaluation.mismatches[0])); fix the layout, or if the change is intended, update the expect first: \(ConformanceRunner.recordCommand(identifier, golden: golden, updateExpect: true))"
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
