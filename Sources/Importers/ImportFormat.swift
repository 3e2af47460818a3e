import Foundation

/// The suites `ristretto import` reads (docs/importers.md).
public enum ImportFormat: String, CaseIterable, Hashable, Sendable {
    /// Taffy's `tests/xml/**/*.xml`: styles as attributes, Chrome's frames as expectations.
    case taffyXML = "taffy-xml"
    /// Taffy's `test_fixtures/**/*.html`: one `#test-root` per file, inline styles; the browser answers.
    case taffyHTML = "taffy-html"
    /// Yoga's `gentest/fixtures/*.html`: one case per top-level `<div id=…>`, inline styles; the browser answers.
    case yogaHTML = "yoga-html"
    /// web-platform-tests check-layout tests: `data-expected-*` attributes checked by `checkLayout(selector)`.
    case wpt
    /// Yoga's captured app layouts (its benchmark's `captures/*.json`): benchmark workloads, nobody answers them.
    case yogaCapture = "yoga-capture"

    /// The file name endings a folder is searched for.
    public var extensions: [String] {
        switch self {
        case .taffyXML: [".xml"]
        case .taffyHTML, .yogaHTML, .wpt: [".html", ".htm", ".xhtml"]
        case .yogaCapture: [".json"]
        }
    }

    /// Whether its cases need the browser: for an answer (the HTML suites) or to resolve stylesheets (WPT).
    public var needsBrowser: Bool {
        switch self {
        case .taffyHTML, .yogaHTML, .wpt: true
        case .taffyXML, .yogaCapture: false
        }
    }
}

/// One file to import: where it is, and its path relative to the PATH it was found under (what
/// `source.import.file` records).
public struct ImportInput: Hashable, Sendable, Comparable {
    public var path: String
    public var relativePath: String

    public init(path: String, relativePath: String) {
        self.path = path
        self.relativePath = relativePath
    }

    public static func < (lhs: ImportInput, rhs: ImportInput) -> Bool {
        Array(lhs.relativePath.utf8).lexicographicallyPrecedes(Array(rhs.relativePath.utf8))
    }

    /// The file name without its folder and extension: `flex/foo_bar.xml` → `foo_bar`.
    var stem: String {
        let name = relativePath.split(separator: "/").last.map(String.init) ?? relativePath
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    /// The inputs a command line names: a file as it is (relative path: its name), a folder searched recursively
    /// for files with one of `format`'s extensions, each folder's files in byte order of their relative paths, so
    /// that every run reads (and names) the same cases in the same order.
    /// - Throws: `ImportError` naming a PATH that does not exist or a folder that cannot be listed.
    public static func collect(_ paths: [String], format: ImportFormat) throws(ImportError) -> [[ImportInput]] {
        var groups: [[ImportInput]] = []
        for path in paths {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw ImportError(file: path, message: "no such file or folder")
            }
            guard isDirectory.boolValue else {
                let name = URL(fileURLWithPath: path).lastPathComponent
                groups.append([ImportInput(path: path, relativePath: name)])
                continue
            }
            guard let enumerator = FileManager.default.enumerator(atPath: path) else {
                throw ImportError(file: path, message: "cannot list the folder")
            }
            var found: [ImportInput] = []
            while let relative = enumerator.nextObject() as? String {
                let lower = relative.lowercased()
                guard format.extensions.contains(where: { lower.hasSuffix($0) }) else { continue }
                let full = (path.hasSuffix("/") ? path : path + "/") + relative
                var isFolder: ObjCBool = false
                if FileManager.default.fileExists(atPath: full, isDirectory: &isFolder), !isFolder.boolValue {
                    found.append(ImportInput(path: full, relativePath: relative))
                }
            }
            groups.append(found.sorted())
        }
        return groups
    }
}

/// Input that cannot be read at all (a missing or unreadable file, a document that does not parse), or an
/// environment problem (the browser is not installed): exit code 2, with the file named.
public struct ImportError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    public var message: String

    public init(file: String, message: String) {
        self.file = file
        self.message = message
    }

    public var description: String { "\(file): \(message)" }
}
