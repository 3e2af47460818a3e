import ArgumentParser
import Benchmarking
import Conformance
import Foundation
import GDRender

struct LayoutCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "layout",
        abstract: "Print the computed geometry of a case as JSON.",
        discussion: """
            Box case: {"frames":[{"path":[…],"id":"…","x":…,"y":…,"width":…,"height":…}]}, every active node in \
            pre-order, x and y relative to the parent's outer top-left corner. Chart cases: see docs/chart-case-format.md.
            """)

    @Argument(help: "The case file (.json).")
    var casePath: String

    @OptionGroup var fontOptions: FontOptions
    @Option(help: "The engine that lays the case out: reference, yoga, taffy, chromium, or a PATH to an adapter (box cases only for peers).")
    var engine: String = "reference"
    @Option(help: "Where the named peer adapters live (default: tools/engines/.local/bin of this checkout).")
    var enginesDirectory: String?

    func run() throws {
        let file = try CaseLoader.load(casePath)
        if case .peer(let peer) = try EngineCatalogue.choice(engine, adapterDirectory: PeerOptions.adapterDirectory(enginesDirectory)) {
            return try layOut(file, with: peer)
        }
        let measurer = FreeTypeTextMeasurer(fontPath: try FontLocator.locate(explicit: fontOptions.font, golden: nil, near: casePath))
        let evaluation = try CaseEvaluator.evaluate(file, measurer: measurer)
        FileHandle.standardOutput.write(evaluation.geometryJSON + Data("\n".utf8))
    }
}

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a case to a PNG.",
        discussion: "The PNG is byte-identical across runs. It is written atomically: on any error no file is left behind.")

    @Argument(help: "The case file (.json).")
    var casePath: String

    @Option(name: [.short, .customLong("output")], help: "The PNG to write.")
    var output: String

    @OptionGroup var fontOptions: FontOptions

    func run() throws {
        let file = try CaseLoader.load(casePath)
        let renderer = GDRenderer(fontPath: try FontLocator.locate(explicit: fontOptions.font, golden: nil, near: casePath))
        let evaluation = try CaseEvaluator.evaluate(file, measurer: renderer.measurer)
        let png: [UInt8]
        do {
            png = try renderer.renderPNG(evaluation.scene)
        } catch {
            throw InputError(file: casePath, message: error.description)
        }
        try AtomicFile.write(png, to: output)
    }
}
