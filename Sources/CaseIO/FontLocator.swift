import Foundation

/// The pinned font as found, or every place it was looked for. Only text needs it: a case without text lays out
/// and renders without a font (see `CaseEvaluator.evaluate(_:font:)`).
public struct FontChoice: Sendable {
    /// The font file, or nil when none of `searched` holds it.
    public var path: String?
    /// The candidate paths in the order they were tried.
    public var searched: [String]

    public init(path: String?, searched: [String]) {
        self.path = path
        self.searched = searched
    }

    /// The error for `file` (a case that needs text, or the option that asked for text) when the font is missing.
    public func missingError(file: String) -> InputError {
        InputError(
            file: file,
            message: "the pinned font \(FontLocator.fileName) was not found (looked in: "
                + searched.joined(separator: ", ") + "); pass --font PATH or set RISTRETTO_FONT")
    }

    /// The font's path, or the missing-font error naming `file`.
    public func require(for file: String) throws(InputError) -> String {
        guard let path else { throw missingError(file: file) }
        return path
    }
}

/// Finds the pinned font, so every command renders and measures text with the same face.
public enum FontLocator {
    public static let fileName = "LiberationSans-Regular.ttf"
    /// The font's path inside a golden folder.
    public static let relativePath = "fonts/" + fileName

    /// An explicit path wins; then `RISTRETTO_FONT` (either must exist); then, in order: `fonts/…` in the golden
    /// folder; `golden/fonts/…` next to or above `near` (a case file) and under the working directory; and,
    /// relative to the executable, `golden/fonts/…` in up to four folders above it (a build inside a checkout)
    /// and `share/ristretto/fonts/…` beside its folder (an installed `bin/ristretto`).
    public static func find(explicit: String?, golden: String?, near: String?) throws(InputError) -> FontChoice {
        if let explicit { return FontChoice(path: try existing(explicit), searched: [explicit]) }
        if let fromEnvironment = ProcessInfo.processInfo.environment["RISTRETTO_FONT"], !fromEnvironment.isEmpty {
            return FontChoice(path: try existing(fromEnvironment), searched: [fromEnvironment])
        }
        var candidates: [String] = []
        if let golden { candidates.append(golden + "/" + relativePath) }
        if let near {
            var folder = URL(fileURLWithPath: near).deletingLastPathComponent().standardizedFileURL
            for _ in 0..<8 {
                candidates.append(folder.path + "/" + relativePath)
                candidates.append(folder.path + "/golden/" + relativePath)
                folder = folder.deletingLastPathComponent()
            }
        }
        candidates.append(FileManager.default.currentDirectoryPath + "/golden/" + relativePath)
        candidates += executableRelativeCandidates()
        var unique: [String] = []
        for candidate in candidates where !unique.contains(candidate) { unique.append(candidate) }
        return FontChoice(path: unique.first { FileManager.default.fileExists(atPath: $0) }, searched: unique)
    }

    /// `<folder>/golden/fonts/…` for the executable's folder and three above it, and `<folder>/../share/ristretto/
    /// fonts/…`. The executable is resolved through symbolic links, so a link in a bin folder finds its build.
    static func executableRelativeCandidates() -> [String] {
        guard let executable = Bundle.main.executableURL?.resolvingSymlinksInPath() else { return [] }
        var folder = executable.deletingLastPathComponent()
        var candidates = [folder.deletingLastPathComponent().path + "/share/ristretto/" + relativePath]
        for _ in 0..<4 {
            candidates.append(folder.path + "/golden/" + relativePath)
            folder = folder.deletingLastPathComponent()
        }
        return candidates
    }

    static func existing(_ path: String) throws(InputError) -> String {
        guard FileManager.default.fileExists(atPath: path) else {
            throw InputError(file: path, message: "font file not found")
        }
        return path
    }
}
