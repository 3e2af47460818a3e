/// A generator of cases in profiles, reproducible from a seed: the box generator (`CoincidentCaseGenerator`) and
/// the flex generator (`FlexCaseGenerator`). Case `index` of a seed draws every choice from its own
/// `SplitMix64(seed:index:)`, so it is the same on every platform whichever cases were generated before.
public protocol ProfiledCaseGenerator: Sendable {
    associatedtype Profile: CaseIterable, RawRepresentable<String> where Profile.AllCases == [Profile]
    associatedtype Generated

    var seed: UInt64 { get }

    /// Case `index` of this seed in `profile`.
    func makeCase(index: Int, profile: Profile) -> Generated
}

extension ProfiledCaseGenerator {
    /// Case `index` of this seed, in profile `allCases[index % count]`, so that every profile is covered evenly.
    public func makeCase(index: Int) -> Generated {
        let profiles = Profile.allCases
        return makeCase(index: index, profile: profiles[index % profiles.count])
    }

    /// A generated case's name: `<profile>-<index>`, the index in five digits at least (`wrap-00012`).
    static func caseName(_ profile: Profile, index: Int) -> String {
        let digits = String(index)
        return "\(profile.rawValue)-\(String(repeating: "0", count: max(0, 5 - digits.count)))\(digits)"
    }
}
