import ArgumentParser
import CaseIO
import Foundation
import Importers

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import another project's layout tests as flex cases.",
        discussion: """
            FORMAT: taffy-xml (Taffy's tests/xml), taffy-html (Taffy's test_fixtures), yoga-html (Yoga's \
            gentest/fixtures), wpt (web-platform-tests check-layout pages) or yoga-capture (Yoga's captured app \
            layouts, benchmark/captures/*.json). A PATH is a file or a folder searched recursively. Writes one flex \
            case per imported case to DIR/<name>.json; the HTML suites are answered by the browser, WPT pages \
            resolved by it; a capture becomes a benchmark workload without expect, its measured leaves replaying \
            their recorded measurements. Prints the refusals by reason, then 'N imported, N refused'. Exit 0, or 2 \
            when an input cannot be read or the browser is missing (docs/importers.md). \
            With --check PATH…: asks Chromium, Firefox and WebKit again about the imported cases below the PATHs \
            and prints each case whose recorded numbers a browser contradicts ('stale expectation' where all three \
            agree with each other and not with them); exit 1 when one does.
            """)

    @Argument(help: "taffy-xml, taffy-html, yoga-html, wpt or yoga-capture (with --check: the first PATH).")
    var format: String
    @Argument(help: "Files, or folders searched recursively.")
    var paths: [String] = []
    @Option(help: "The folder the cases are written to.")
    var out: String?
    @Option(help: "The browser that answers the HTML suites and resolves WPT pages (chromium); unused by the others.")
    var engine: String = "chromium"
    @Flag(help: "Also print each refused case with its reason.")
    var verbose = false
    @Flag(help: "Ask Chromium, Firefox and WebKit again about the imported cases below the PATHs.")
    var check = false
    @Option(help: "With --check: also write the check as JSON to this file.")
    var json: String?
    @Option(help: "With --check: where the browser adapters live (default: tools/engines/.local/bin).")
    var enginesDirectory: String?

    func run() throws {
        if check { return try runCheck() }
        if json != nil { throw InputError(file: "--json", message: "--json goes with --check") }
        guard let out else { throw InputError(file: "--out", message: "name the folder the cases are written to") }
        guard let format = ImportFormat(rawValue: format) else {
            let allowed = ImportFormat.allCases.map(\.rawValue).joined(separator: ", ")
            throw InputError(file: "FORMAT", message: "unknown format '\(self.format)' (allowed: \(allowed))")
        }
        guard !paths.isEmpty else { throw InputError(file: "PATH", message: "name at least one file or folder") }
        guard engine == "chromium" else {
            throw InputError(file: "--engine", message: "unknown engine '\(engine)' (allowed: chromium)")
        }
        do {
            try perform(format, out: out)
        } catch {
            throw InputError(file: error.file, message: error.message)
        }
    }

    /// The import itself; every failure is an `ImportError` that names its file.
    func perform(_ format: ImportFormat, out: String) throws(ImportError) {
        let inputs = try ImportInput.collect(paths, format: format)
        var browser: ChromiumImportBrowser?
        if format.needsBrowser { browser = try ChromiumImportBrowser(repositoryRoot: Self.repositoryRoot) }
        let report = try ImportRun.run(
            format: format, inputs: inputs, outputFolder: out, browser: browser, progress: Self.showProgress)
        if verbose {
            for refused in report.refused { print("refused \(refused.label): \(refused.refusal)") }
        }
        for line in report.lines { print(line) }
    }

    /// `import: 120/669 files` on one rewritten stderr line, on a terminal only.
    static func showProgress(done: Int, total: Int) {
        guard isatty(STDERR_FILENO) == 1 else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[Kimport: \(done)/\(total) files".utf8))
        if done == total { FileHandle.standardError.write(Data("\r\u{1B}[K".utf8)) }
    }

    /// The checkout whose tools/engines/.local/bin holds the adapters (found as `conform --engine` finds them).
    static var repositoryRoot: String {
        let tools = Checkout.path("tools/engines")
        return String(tools.dropLast("/tools/engines".count))
    }
}
