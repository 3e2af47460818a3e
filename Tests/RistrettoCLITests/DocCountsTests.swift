import CaseIO
import Foundation
import TestSupport
import Testing

/// The case counts the documentation states, checked against the repository so that they cannot go stale.
///
/// The rule (docs/conformance.md, "The corpora and where each answer comes from"):
/// - a doc states the size of a suite in one form only, "`golden/SUITE/` holds N cases" (backticks and the trailing
///   slash optional, "1 000" may group its digits with spaces, "1 case" is singular); N must equal the number of
///   `*.json` files directly in golden/SUITE (dot files aside, as the runner skips them);
/// - docs/conformance.md states every suite, so a new suite is counted too;
/// - a count of a suite's cases written any other way ("the 95 box cases") cannot be checked and is refused.
/// The documents are README.md, golden/README.md and every Markdown file under docs/.
@Suite struct DocCountsTests {
    /// One "`golden/SUITE/` holds N cases" in a document.
    struct Statement: CustomTestStringConvertible, Sendable {
        var document: String
        var line: Int
        var suite: String
        var stated: Int

        var testDescription: String { "\(document):\(line): golden/\(suite)/ holds \(stated)" }
    }

    /// A number, its digits grouped with spaces or not ("1 000", "1000").
    static let number = "[0-9](?:[0-9 \u{00A0}\u{202F}]*[0-9])?"
    /// The checked form: the suite, then the number.
    static let holds = "`?golden/([a-z0-9_-]+)/?`? holds (\(number)) cases?\\b"
    /// Any other count of a suite's cases.
    static let uncheckedCount = "\\b\(number) (?:box|chart|chrome|scene|seed|golden) cases\\b"

    static let documents: [String] = {
        var found = ["README.md", "golden/README.md"]
        let docs = TestSupport.repositoryRoot + "/docs"
        let walker = FileManager.default.enumerator(atPath: docs)
        while let path = walker?.nextObject() as? String {
            if path.hasSuffix(".md") { found.append("docs/" + path) }
        }
        return found.sorted()
    }()

    /// Each document's lines, numbered from 1.
    static func lines(of document: String) -> [(number: Int, text: String)] {
        let text = (try? String(contentsOfFile: TestSupport.repositoryRoot + "/" + document, encoding: .utf8)) ?? ""
        return text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { ($0 + 1, String($1)) }
    }

    static let statements: [Statement] = {
        let pattern = try! Regex(holds)
        return documents.flatMap { document in
            lines(of: document).flatMap { line in
                line.text.matches(of: pattern).compactMap { match -> Statement? in
                    guard let suite = match.output[1].substring, let digits = match.output[2].substring,
                        let stated = Int(digits.filter(\.isNumber))
                    else { return nil }
                    return Statement(document: document, line: line.number, suite: String(suite), stated: stated)
                }
            }
        }
    }()

    /// The number of cases in golden/`suite`, its family folders included (as `conform` finds them); nil when there
    /// is no such folder.
    static func caseCount(_ suite: String) -> Int? {
        (try? CaseSelection.discover(golden: TestSupport.goldenDirectory + "/" + suite))?.count
    }

    /// The suites: every folder of golden/ that holds a case.
    static let suites: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: TestSupport.goldenDirectory)) ?? []
        return names.filter { !CaseSelection.reservedFolders.contains($0) && (caseCount($0) ?? 0) > 0 }.sorted()
    }()

    @Test(arguments: statements)
    func statedCountIsTheFolders(_ statement: Statement) {
        let real = Self.caseCount(statement.suite)
        #expect(
            real == statement.stated,
            """
            \(statement.document):\(statement.line): states that golden/\(statement.suite)/ holds \(statement.stated) \
            cases, but \(real.map { "it holds \($0)" } ?? "there is no such folder"): update the count
            """)
    }

    @Test func conformanceStatesEverySuite() {
        #expect(!Self.suites.isEmpty, "no suites found in \(TestSupport.goldenDirectory)")
        let stated = Set(Self.statements.filter { $0.document == "docs/conformance.md" }.map(\.suite))
        for suite in Self.suites {
            #expect(
                stated.contains(suite),
                "docs/conformance.md states no \"`golden/\(suite)/` holds N cases\": add the suite's count there")
        }
    }

    @Test func noOtherFormStatesACaseCount() throws {
        let holds = try Regex(Self.holds)
        let unchecked = try Regex(Self.uncheckedCount)
        for document in Self.documents {
            for line in Self.lines(of: document) where line.text.contains(unchecked) {
                // The checked form may share the line; any other count of a suite's cases may not.
                let stray = line.text.replacing(holds, with: "").contains(unchecked)
                #expect(
                    !stray,
                    """
                    \(document):\(line.number): a case count that no test checks ("\(line.text)"): state it as \
                    "`golden/SUITE/` holds N cases" in docs/conformance.md, or drop the number
                    """)
            }
        }
    }
}
