import Engines

extension EngineFixtures {
    /// Whether tools/setup-engines has installed Yoga's and Taffy's adapters in this checkout; tests that talk to
    /// them are skipped, with that reason, where it has not.
    public static let peersInstalled = ["yoga", "taffy"].allSatisfy {
        SubprocessEngine.installedPeer($0, repositoryRoot: TestSupport.repositoryRoot, requestTimeout: .seconds(60))
            .isInstalled
    }
}
