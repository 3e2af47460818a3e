import CaseIO
import Foundation

/// The corpus as the unit tests see it: a small sample of every folder that holds cases, so that `swift test` checks
/// each suite and each family in seconds. The whole corpus is judged by `ristretto conform`, which `.ci/run` runs
/// over every case (docs/conformance.md "Where each check runs").
extension TestSupport {
    /// How many cases of each folder (a suite, or a family below it) the sample takes.
    public static let samplePerFolder = 3

    /// Every case of golden/, sorted.
    public static let goldenIdentifiers: [String] = (try? CaseSelection.discover(golden: goldenDirectory)) ?? []

    /// The sample of golden/: in every folder, the first, the middle and the last case in sorted order.
    public static let goldenSample: [String] = sample(of: goldenIdentifiers)

    /// `count` cases of each folder of `identifiers` (the identifier without its last component), evenly spaced in
    /// sorted order from the first to the last, in sorted order; a folder with fewer keeps them all.
    public static func sample(of identifiers: [String], perFolder count: Int = samplePerFolder) -> [String] {
        let folders = Dictionary(grouping: identifiers.sorted()) { identifier in
            identifier.split(separator: "/").dropLast().joined(separator: "/")
        }
        return folders.values.flatMap { cases -> [String] in
            guard cases.count > count else { return cases }
            let picks = (0..<count).map { $0 * (cases.count - 1) / max(count - 1, 1) }
            return Set(picks).sorted().map { cases[$0] }
        }
        .sorted()
    }

    /// Copies `identifiers` (their `.json` and `.png`) and golden/'s folders that hold no cases
    /// (`CaseSelection.reservedFolders`: `known-failures/`, `fonts/`) into `folder`, and returns it: a golden folder for tests that run the CLI on a corpus.
    @discardableResult
    public static func copyGolden(_ identifiers: [String], to folder: String) throws -> String {
        let manager = FileManager.default
        try manager.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for reserved in CaseSelection.reservedFolders where manager.fileExists(atPath: goldenDirectory + "/" + reserved)
        {
            try manager.copyItem(atPath: goldenDirectory + "/" + reserved, toPath: folder + "/" + reserved)
        }
        for identifier in identifiers {
            let target = folder + "/" + identifier
            try manager.createDirectory(
                atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            for ext in ["json", "png"] where manager.fileExists(atPath: goldenDirectory + "/\(identifier).\(ext)") {
                try manager.copyItem(atPath: goldenDirectory + "/\(identifier).\(ext)", toPath: "\(target).\(ext)")
            }
        }
        return folder
    }
}
