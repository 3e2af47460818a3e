// libFuzzer target 1: box case decoding, layout and scene (scene cases too, to reach the renderer directly).
// Built and run by tools/fuzz/run; the invariants are in FuzzInvariants.swift.
import BoxLayout
import LayoutCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzBox(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    guard let definition = Fuzz.decode(data, size) else { return 0 }
    switch definition {
    case let box as BoxCase:
        Fuzz.checkRaw(box)
        Fuzz.exercise(box)
    case let scene as SceneCase:
        Fuzz.exercise(scene)
    default:
        return -1  // other kinds belong to the chart target: keep them out of this corpus
    }
    return 0
}
