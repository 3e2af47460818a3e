import ArgumentParser
import Benchmarking
import CaseIO
import Engines
import Foundation
import Gentest
import Judging

/// `--engine` and where its adapters and known differences live (conform).
struct EngineOptions: ParsableArguments {
    @Option(
        help:
            "Comma-separated engines: reference, yoga, taffy, chromium, or a PATH to an adapter executable (docs/conformance.md)."
    )
    var engine: String = "reference"
    @Option(
        help:
            "Comma-separated engines of --engine that must run: a missing one is an error (exit 2), not a skipped line. A PATH engine is always required."
    )
    var require: String?
    @OptionGroup var peers: PeerOptions

    func engines() throws(InputError) -> [EngineChoice] {
        var choices = try EngineCatalogue.parse(
            engine, adapterDirectory: peers.adapterDirectory, registered: RegisteredEngines.all)
        guard let require else { return choices }
        let required = require.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        for name in required {
            guard let index = choices.firstIndex(where: { $0.name == name }) else {
                throw InputError(file: "--require", message: "'\(name)' is not one of the engines --engine names")
            }
            if case .peer(var peer) = choices[index] {
                peer.isRequired = true
                choices[index] = .peer(peer)
            }
        }
        return choices
    }
}

/// Where the peer adapters and their known failures live (bench and conform). Known failures have one name: the
/// former flags `--expectations` and `--known-differences` stay as aliases, since the CLI is a contract.
struct PeerOptions: ParsableArguments {
    @Option(
        name: [.customLong("known-failures-file"), .customLong("known-differences")],
        help:
            "An extra list of known failures, each naming its engine ([{\"engine\",\"case\",\"reason\"}]), added to the per-engine lists (--known-differences: its former name)."
    )
    var knownFailuresFile: String?
    @Option(
        name: [.customLong("known-failures"), .customLong("expectations")],
        help:
            "The folder of per-engine known failures, <engine>.json each (default: known-failures/ in the golden folder; --expectations: its former name)."
    )
    var knownFailures: String?
    @Option(help: "Where the named peer adapters live (default: tools/engines/.local/bin of this checkout).")
    var enginesDirectory: String?

    var adapterDirectory: String { Self.adapterDirectory(enginesDirectory) }

    /// `--engines-directory`, or tools/engines/.local/bin of this checkout, where tools/setup-engines installs.
    static func adapterDirectory(_ option: String?) -> String {
        option ?? Checkout.path("tools/engines/.local/bin")
    }

    /// The folder of the per-engine known failures for the golden folder `golden`: `--known-failures`, else the
    /// corpus's own (`KnownFailures.directory`).
    func knownFailuresDirectory(golden: String) -> String {
        knownFailures ?? KnownFailures.directory(golden: golden)
    }

    /// Every engine's known failures: the per-engine lists of `golden`, plus `--known-failures-file` when given.
    func loadKnownFailures(golden: String = Checkout.path("golden")) throws(InputError) -> [KnownFailure] {
        try KnownFailures.load(directory: knownFailuresDirectory(golden: golden))
            + (knownFailuresFile.map { path throws(InputError) in try KnownFailure.load(path) } ?? [])
    }
}

enum Checkout {
    /// A path inside this checkout: under the working directory, or else under the nearest folder above the
    /// executable that holds it. **Why a walk**: `.build/debug/ristretto` resolves to
    /// `.build/<triple>/debug/ristretto`, one level deeper than `.build/release/ristretto` looks, so a fixed number
    /// of levels up found `.build` instead of the checkout and a doc example could not find the installed peers.
    static func path(_ relative: String) -> String {
        let here = FileManager.default.currentDirectoryPath + "/" + relative
        if FileManager.default.fileExists(atPath: here) { return here }
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.path + "/" + relative
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return here
    }
}
