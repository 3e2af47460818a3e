import ArgumentParser
import Conformance
import Foundation

@main
struct Ristretto: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Layout-engine conformance and benchmark suite.",
        discussion: "Exit codes: 0 success, 1 a comparison failed, 2 bad input or an error (see docs/cli.md).",
        version: "0.1.0",
        subcommands: [LayoutCommand.self, RenderCommand.self, DiffCommand.self, ConformCommand.self, RecordCommand.self, BenchCommand.self, GentestCommand.self])

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
            FileHandle.standardError.write(Data((fullMessage(for: error) + "\n").utf8))
            Foundation.exit(2)
        }
    }
}

/// Where the pinned font comes from; shared by every command that measures or draws text.
struct FontOptions: ParsableArguments {
    @Option(help: "The TrueType font for text (default: golden/fonts/LiberationSans-Regular.ttf near the case or the working directory, or $RISTRETTO_FONT).")
    var font: String?
}
