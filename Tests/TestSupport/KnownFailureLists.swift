import Engines
import Judging

extension TestSupport {
    /// One engine's known failures in golden/known-failures/, case name → reason, read by the project's own loader
    /// (`KnownFailures`); empty when the folder cannot be read.
    public static func knownFailures(of engine: String) -> [String: String] {
        let entries = (try? KnownFailures.load(directory: KnownFailures.directory(golden: goldenDirectory))) ?? []
        return Dictionary(
            entries.filter { $0.engine == engine }.map { ($0.case, $0.reason) }, uniquingKeysWith: { first, _ in first }
        )
    }
}
