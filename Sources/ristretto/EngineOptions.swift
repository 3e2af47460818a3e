import ArgumentParser
import Benchmarking
import Conformance
import Foundation

/// `--engine` and where its adapters and known differences live (conform).
struct EngineOptions: ParsableArguments {
    @Option(help: "Comma-separated engines: reference, yoga, taffy, chromium, or a PATH to an adapter executable (docs/conformance.md).")
    var engine: String = "reference"
    @OptionGroup var peers: PeerOptions

    func engines() throws(InputError) -> [EngineChoice] {
        try EngineCatalogue.parse(engine, adapterDirectory: peers.adapterDirectory)
    }
}

/// Where the peer adapters and the list of their known differences live (bench and conform).
struct PeerOptions: ParsableArguments {
    @Option(help: "Documented semantic differences of the peers, not bugs (default: tools/engines/known-differences.json).")
    var knownDifferences: String?
    @Option(help: "Where the named peer adapters live (default: tools/engines/.local/bin of this checkout).")
    var enginesDirectory: String?

    var adapterDirectory: String { Self.adapterDirectory(enginesDirectory) }

    /// `--engines-directory`, or tools/engines/.local/bin of this checkout, where tools/setup-engines installs.
    static func adapterDirectory(_ option: String?) -> String {
        option ?? Checkout.path("tools/engines/.local/bin")
    }

    func loadKnownDifferences() throws(InputError) -> [KnownDifference] {
        try KnownDifference.load(knownDifferences ?? Checkout.path("tools/engines/known-differences.json"))
    }
}

enum Checkout {
    /// A path inside this checkout: under the working directory, or else next to the executable's .build folder.
    static func path(_ relative: String) -> String {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let checkout = executable.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let candidates = [FileManager.default.currentDirectoryPath, checkout.path].map { $0 + "/" + relative }
        return candidates.first { FileManager.default.fileExists(atPath: $0) } ?? candidates[0]
    }
}
