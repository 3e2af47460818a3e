import Conformance
import Foundation
import TestSupport
import Testing

/// A sample of the golden corpus as tests of their own: in every suite and every family, the first, middle and last
/// case (`TestSupport.goldenSample`) run through the runner, geometry then pixels, as `ristretto conform` runs them.
/// The whole corpus is `ristretto conform`'s, which `.ci/run` runs over every case: a regression in any case fails CI
/// there (docs/conformance.md "Where each check runs").
@Suite struct GoldenSuiteTests {
    /// The reference's known failures, golden/known-failures/reference.json (exact case names there).
    static let knownFailures = TestSupport.knownFailures(of: "reference")

    static let runner: ConformanceRunner = {
        var options = ConformanceRunner.Options(
            golden: TestSupport.goldenDirectory,
            artifacts: FileManager.default.temporaryDirectory.path + "/ristretto-test-artifacts",
            jobs: 1, fontPath: TestSupport.fontPath)
        options.knownFailures = knownFailures
        return ConformanceRunner(options: options)
    }()

    /// Every folder that holds cases has some in the sample, and the sample stays small.
    @Test func theSampleCoversEveryFolder() {
        let folder = { (identifier: String) in identifier.split(separator: "/").dropLast().joined(separator: "/") }
        #expect(!TestSupport.goldenIdentifiers.isEmpty)
        #expect(Set(TestSupport.goldenSample.map(folder)) == Set(TestSupport.goldenIdentifiers.map(folder)))
        #expect(TestSupport.goldenSample.count <= 3 * Set(TestSupport.goldenIdentifiers.map(folder)).count)
        #expect(TestSupport.sample(of: ["s/a", "s/b", "s/c", "s/d", "s/e", "t/x"]) == ["s/a", "s/c", "s/e", "t/x"])
    }

    /// Each sampled case passes, or fails as the reference's known-failure list says; nothing in golden/ is
    /// refused. Interop cases pass with the browsers the reference sides with.
    @Test(arguments: TestSupport.goldenSample)
    func goldenCase(_ identifier: String) {
        let outcome = Self.runner.run(identifier)
        if Self.knownFailures[identifier] != nil {
            #expect(outcome.status == .known, "\(identifier) is listed as a known failure: \(outcome.failureText)")
        } else {
            #expect(outcome.status == .passed, "\(identifier):\n\(outcome.failureText)")
        }
        #expect((outcome.sidesWith != nil) == identifier.hasPrefix("interop/"))
    }

    /// Every known failure names a case that exists, with a reason.
    @Test func theKnownFailuresNameCasesWithReasons() {
        #expect(Self.knownFailures.count == 2)
        for (identifier, reason) in Self.knownFailures {
            #expect(TestSupport.goldenIdentifiers.contains(identifier), "\(identifier) is not a golden case")
            #expect(!reason.isEmpty)
        }
    }
}
