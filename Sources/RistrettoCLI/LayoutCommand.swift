import ArgumentParser
import Benchmarking
import CaseIO
import Conformance
import Engines
import Foundation
import GDRender
import Gentest
import Judging

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
    @Option(
        help:
            "The engine that lays the case out: reference, yoga, taffy, chromium, or a PATH to an adapter (flex and box cases for peers)."
    )
    var engine: String = "reference"
    @Option(help: "Where the named peer adapters live (default: tools/engines/.local/bin of this checkout).")
    var enginesDirectory: String?

    func run() throws {
        let file = try CaseLoader.load(casePath)
        if case .peer(let peer) = try EngineCatalogue.choice(
            engine, adapterDirectory: PeerOptions.adapterDirectory(enginesDirectory), registered: RegisteredEngines.all)
        {
            return try layOut(file, with: peer)
        }
        let evaluation = try CaseEvaluator.evaluate(file, font: try fontOptions.choice(near: casePath))
        // The same canvas rule as `render`, so that a case that lays out also renders.
        do {
            try GDRenderer.checkCanvas(evaluation.scene.size)
        } catch {
            throw InputError(file: casePath, message: error.description)
        }
        FileHandle.standardOutput.write(evaluation.geometryJSON + Data("\n".utf8))
    }
}

struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render a case to a PNG.",
        discussion: """
            The PNG is byte-identical across runs. It is written atomically: on any error no file is left behind. \
            '-o -' writes the PNG to stdout.
            """)

    @Argument(help: "The case file (.json).")
    var casePath: String

    @Option(name: [.short, .customLong("output")], help: "The PNG to write, or - for stdout.")
    var output: String

    @OptionGroup var fontOptions: FontOptions

    func run() throws {
        let file = try CaseLoader.load(casePath)
        let font = try fontOptions.choice(near: casePath)
        let evaluation = try CaseEvaluator.evaluate(file, font: font)
        // Without a font only a scene without text gets here, and drawing it never opens the font file.
        let renderer = GDRenderer(fontPath: font.path ?? "")
        let png: [UInt8]
        do {
            png = try renderer.renderPNG(evaluation.scene)
        } catch {
            throw InputError(file: casePath, message: error.description)
        }
        if output == "-" {
            FileHandle.standardOutput.write(Data(png))
        } else {
            try AtomicFile.write(png, to: output)
        }
    }
}
