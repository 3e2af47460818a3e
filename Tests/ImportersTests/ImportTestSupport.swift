import Flexbox
import Foundation
import LayoutCore
import TestSupport

@testable import Importers

/// Helpers shared by the importer tests: styles as plain dictionaries, scratch folders, a browser stand-in.
enum ImportTestSupport {
    /// A style as `{"width": "100px", …}`, canonical CSS text, for exact comparisons.
    static func css(_ style: FlexStyle) -> [String: String] {
        Dictionary(uniqueKeysWithValues: style.map { ($0.property.rawValue, $0.value.cssText) })
    }

    /// A new empty folder under the system's temporary folder.
    static func scratchFolder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("importers-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// Writes `files` (relative path → text) under a new scratch folder and returns the folder.
    static func folder(with files: [String: String]) throws -> String {
        let folder = try scratchFolder()
        for (relative, text) in files {
            let path = folder + "/" + relative
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        }
        return folder
    }

    /// The files of a folder (names → bytes).
    static func contents(of folder: String) throws -> [String: Data] {
        var found: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            found[name] = try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name))
        }
        return found
    }

    /// Whether tools/setup-engines installed Chromium; the tests that need a real browser are skipped with
    /// `ChromiumImportBrowser.installLine` otherwise.
    static let hasChromium = (try? ChromiumImportBrowser(repositoryRoot: TestSupport.repositoryRoot)) != nil

    /// A browser of its own for one test (its adapter process ends with it).
    static func chromium() throws -> ChromiumImportBrowser {
        try ChromiumImportBrowser(repositoryRoot: TestSupport.repositoryRoot)
    }
}

/// A browser stand-in: every displayed element's frame is (depth, last index, 10, 20), and `resolve` answers a
/// canned page. It records the cases it was asked to lay out.
final class FakeBrowser: ImportBrowser {
    var laidOut: [String] = []
    var page = ResolvedPage(matches: [])
    /// The frames `layout` answers, when not the default rule.
    var frames: ((FlexCase) -> [ImportFrame])?

    func version() throws -> String { "FakeBrowser 1.0" }

    func layout(_ flexCase: FlexCase) throws -> [ImportFrame] {
        laidOut.append(flexCase.name)
        if let frames { return frames(flexCase) }
        return flexCase.framesInPreOrder { path, _ in
            Rect(x: Double(path.count), y: Double(path.last ?? 0), width: 10, height: 20)
        }
    }

    /// The page files `resolve` was given, and whether it was asked to run the page's scripts.
    var pageFiles: [PageFile?] = []
    var scriptsRun: [Bool] = []

    func resolve(html: String, selector: String, page: PageFile?, scripts: Bool) throws -> ResolvedPage {
        pageFiles.append(page)
        scriptsRun.append(scripts)
        return self.page
    }
}
