import ArgumentParser
import CaseIO
import Engines
import Foundation
import Gentest
import Judging

/// The `ristretto` command line as a library: the `ristretto` executable calls `main()`, and a dependent package's
/// own executable calls it with the in-process engines it registers, which `conform --engine NAME`, `bench --engines
/// NAME` and `layout --engine NAME` then take beside the reference and the peers (docs/cli.md "Registering an
/// in-process engine").
public enum RistrettoCommand {
    /// Parses the process's arguments and runs the command, then exits with the CLI contract's code (docs/cli.md).
    /// A registered engine's name must be lower-case letters, digits and `-`, and must not be `reference`, a peer's
    /// name or another registered engine's; a bad name exits 2 naming it.
    public static func main(engines: [any InProcessLayoutEngine] = []) -> Never {
        do {
            try EngineCatalogue.checkRegistered(engines)
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            Foundation.exit(2)
        }
        RegisteredEngines.$all.withValue(engines) { Ristretto.main() }
        Foundation.exit(0)
    }
}

/// The in-process engines the running executable registered (`RistrettoCommand.main(engines:)`), read where
/// `--engine` or `--engines` is parsed.
enum RegisteredEngines {
    @TaskLocal static var all: [any InProcessLayoutEngine] = []
}

struct Ristretto: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Layout-engine conformance and benchmark suite.",
        discussion: "Exit codes: 0 success, 1 a comparison failed, 2 bad input or an error (see docs/cli.md).",
        version: "0.1.0",
        subcommands: [
            LayoutCommand.self, RenderCommand.self, DiffCommand.self, ConformCommand.self, RecordCommand.self,
            BenchCommand.self, GentestCommand.self, ImportCommand.self, MergeCommand.self,
            ExplainCommand.self,
        ])

    /// Runs the command, mapping every error that is not a comparison failure to exit code 2 as the CLI
    /// contract requires (ArgumentParser would use 64 for usage errors).
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as InputError {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            Foundation.exit(2)
        } catch let exit as ExitCode {
            Foundation.exit(exit.rawValue)
        } catch {
            let code = exitCode(for: error)
            if code == .success {
                self.exit(withError: error)
            }
            FileHandle.standardError.write(Data((argumentErrorLine(for: error) + "\n").utf8))
            Foundation.exit(2)
        }
    }
}

extension Ristretto {
    /// ArgumentParser's usage error as one line in the project's style: `error: MESSAGE (see 'ristretto X --help')`
    /// instead of its capitalised `Error:` and a usage block.
    static func argumentErrorLine(for error: any Error) -> String {
        let full = fullMessage(for: error)
        let helpCommand = full.firstMatch(of: /See '([^']+)'/).map { String($0.1) } ?? "ristretto --help"
        return "error: \(message(for: error)) (see '\(helpCommand)')"
    }
}

/// Where the pinned font comes from; shared by every command that measures or draws text.
struct FontOptions: ParsableArguments {
    @Option(
        help:
            "The TrueType font for text (default: $RISTRETTO_FONT, else golden/fonts/LiberationSans-Regular.ttf in --golden, near the case, in the working directory or near the executable, or share/ristretto/fonts beside its folder). Only cases with text need it."
    )
    var font: String?

    /// The font for cases in `golden` or near the case file `near`; see `FontLocator.find`.
    func choice(golden: String? = nil, near: String? = nil) throws(InputError) -> FontChoice {
        try FontLocator.find(explicit: font, golden: golden, near: near)
    }
}
