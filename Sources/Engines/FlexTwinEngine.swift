import BoxLayout
import Flexbox
import LayoutCore

/// The reference's flex engine given a box case's CSS translation: BoxLayout's twin for `bench --check`, which
/// lays every box workload and golden box case out both ways and compares them (docs/flex-engine.md "Checked
/// against BoxLayout"). A box case without a CSS equivalent is refused by the translation, with its JSON path.
public struct FlexTwinEngine: InProcessLayoutEngine {
    public let name = "reference-flex"

    public init() {}

    public func info() throws -> EngineInfo {
        EngineInfo(
            name: name, version: "ristretto FlexLayout on the box → CSS translation (in process)",
            timing: "not timed: a twin for bench --check")
    }

    public func layout(_ flexCase: FlexCase) throws -> [PeerFrame] { try ReferenceEngine().layout(flexCase) }

    /// A change goes through the flex engine's own API, on the translated case.
    public func layout(_ layoutCase: LayoutCase, applying change: LayoutChange) throws -> [PeerFrame] {
        try ReferenceEngine().layout(layoutCase.flexCase(), applying: change)
    }
}
