import CaseIO
import Engines
import Foundation
import TestSupport
import Testing

/// The command examples of README.md, docs/*.md and golden/README.md, run against a copy of the repository's
/// golden folder, so that the documentation cannot name a case, file or flag that does not exist.
///
/// The rule (also in docs/cli.md, "Examples are tested"):
/// - an example is a line inside a fenced code block that starts with `ristretto ` (a line such as
///   `tools/setup && .build/release/ristretto conform` is a setup step, not an example);
/// - `bench` examples are skipped: they time for minutes or need the peer engines or a browser;
/// - a trailing `# comment` may say `exit 1` when the example is documented to fail; otherwise it must exit 0;
/// - an output redirection (`> FILE`) ends the arguments: the test reads stdout itself;
/// - examples run in a scratch folder holding a golden folder (`corpus(for:)`: the sample of every suite and family,
///   every case the example names, a few cases of each `--filter`) and, for examples that name them,
///   `expected.png` and `actual.png` (copies of a real golden PNG). The whole corpus is `ristretto conform`'s in
///   `.ci/run`, not the examples'.
@Suite struct DocExamplesTests {
    struct Example: CustomTestStringConvertible, Sendable {
        var document: String
        var line: String
        var arguments: [String]
        var exit: Int32

        var testDescription: String { "\(document): \(line)" }
    }

    static let documents: [String] = {
        let docs = (try? FileManager.default.contentsOfDirectory(atPath: TestSupport.repositoryRoot + "/docs")) ?? []
        return ["README.md", "golden/README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }()

    static let examples: [Example] = documents.flatMap { document -> [Example] in
        let text = (try? String(contentsOfFile: TestSupport.repositoryRoot + "/" + document, encoding: .utf8)) ?? ""
        var inBlock = false
        var found: [Example] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
                inBlock.toggle()
                continue
            }
            guard inBlock, line.hasPrefix("ristretto ") else { continue }
            let (command, comment) = splitComment(String(line))
            let words = shellWords(command).prefix { $0 != ">" }
            found.append(
                Example(
                    document: document, line: String(line), arguments: Array(words.dropFirst()),
                    exit: comment.contains("exit 1") ? 1 : 0))
        }
        return found
    }

    /// Splits `command  # comment` at the first `#` outside quotes.
    static func splitComment(_ line: String) -> (String, String) {
        var quote: Character?
        for index in line.indices {
            let character = line[index]
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "#", index == line.startIndex || line[line.index(before: index)] == " " {
                return (String(line[..<index]), String(line[line.index(after: index)...]))
            }
        }
        return (line, "")
    }

    /// Words as a POSIX shell splits them, for the quoting the docs use (single and double quotes, no escapes).
    static func shellWords(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var inWord = false
        var quote: Character?
        for character in text {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == " " || character == "\t" {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }

    static func skipReason(_ example: Example) -> String? {
        if example.arguments.first == "bench" { return "bench examples time for minutes or need the peer engines" }
        // Peers are optional (tools/setup-engines): an example that asks for one runs only where it is installed.
        guard let flag = example.arguments.firstIndex(where: { $0 == "--engine" }), flag + 1 < example.arguments.count
        else { return nil }
        let missing = example.arguments[flag + 1].split(separator: ",").map(String.init).filter { name in
            name != "reference" && !name.contains("/") && !peerIsInstalled(name)
        }
        return missing.isEmpty
            ? nil : "needs the peer engine(s) \(missing.joined(separator: ", ")) (tools/setup-engines)"
    }

    /// Whether tools/setup-engines installed `name`'s adapter and what it needs on PATH (a browser), as the command
    /// line itself decides it.
    static func peerIsInstalled(_ name: String) -> Bool {
        SubprocessEngine.installedPeer(name, repositoryRoot: TestSupport.repositoryRoot).isInstalled
    }

    /// The cases of the golden folder `example` runs on: the sample (`TestSupport.goldenSample`), each case it names
    /// as `golden/<case>.json`, and a sample of the cases each of its `--filter`s matches, so that a filter naming
    /// one family still finds its cases.
    static func corpus(for example: Example) -> [String] {
        var cases = Set(TestSupport.goldenSample)
        for (index, argument) in example.arguments.enumerated() {
            if argument.hasPrefix("golden/"), argument.hasSuffix(".json") {
                cases.insert(String(argument.dropFirst("golden/".count).dropLast(".json".count)))
            }
            if argument == "--filter", index + 1 < example.arguments.count {
                let matched = CaseSelection.select(
                    TestSupport.goldenIdentifiers, filter: example.arguments[index + 1], shard: nil)
                cases.formUnion(TestSupport.sample(of: matched))
            }
        }
        return cases.sorted()
    }

    @Test func theDocumentsHaveExamples() {
        #expect(Self.examples.count >= 8, "\(Self.examples.map(\.line))")
        #expect(Self.examples.contains { $0.document == "README.md" && $0.arguments.first == "layout" })
    }

    @Test(arguments: examples.filter { skipReason($0) == nil })
    func exampleRuns(_ example: Example) throws {
        let folder = try CLIRun.scratchFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try TestSupport.copyGolden(Self.corpus(for: example), to: folder + "/golden")
        for name in ["expected.png", "actual.png"] {
            try FileManager.default.copyItem(
                atPath: TestSupport.goldenDirectory + "/scene/all-primitives.png", toPath: folder + "/" + name)
        }
        let run = try CLIRun(example.arguments, directory: folder)
        #expect(run.status == example.exit, "\(example.line)\nstdout: \(run.stdout.suffix(600))\nstderr: \(run.stderr)")
    }
}
