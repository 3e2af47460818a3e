import Foundation

/// Finds the pinned font, so every command renders and measures text with the same face.
public enum FontLocator {
    /// The font's path inside a golden folder.
    public static let relativePath = "fonts/LiberationSans-Regular.ttf"

    /// An explicit path wins; then `RISTRETTO_FONT`; then `golden/fonts/…` in the golden folder, next to or
    /// above `near` (a case file), or under the working directory.
    public static func locate(explicit: String?, golden: String?, near: String?) throws(InputError) -> String {
        if let explicit { return try existing(explicit) }
        if let fromEnvironment = ProcessInfo.processInfo.environment["RISTRETTO_FONT"], !fromEnvironment.isEmpty {
            return try existing(fromEnvironment)
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
        if let found = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) { return found }
        throw InputError(file: "golden/" + relativePath, message: "the pinned font was not found; pass --font PATH or set RISTRETTO_FONT")
    }

    static func existing(_ path: String) throws(InputError) -> String {
        guard FileManager.default.fileExists(atPath: path) else { throw InputError(file: path, message: "font file not found") }
        return path
    }
}
