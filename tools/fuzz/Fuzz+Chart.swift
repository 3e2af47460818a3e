// libFuzzer target 2: chart case decoding (Graffeine layers and the seed chart styles), layout and scene.
// Built and run by tools/fuzz/run; the invariants are in FuzzInvariants.swift.
import ChartLayout
import LayoutCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzChart(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    guard let definition = Fuzz.decode(data, size) else { return 0 }
    switch definition {
    case let chart as ChartCase: Fuzz.exercise(chart)
    case let seed as SeedChartCase: Fuzz.exercise(seed)
    default: return -1  // box and scene cases belong to the box target
    }
    return 0
}
