import BoxLayout
import LayoutCore

extension FlexCase {
    /// Compared exactly as a box case compares its frames (same subjects, fields and tolerance), by asking a box
    /// case that holds this case's expectation, so the comparison has one home.
    public func mismatches(in geometry: BoxFrames) -> [GeometryMismatch] {
        boxStandIn().mismatches(in: geometry)
    }

    /// For an interop case: the engines among `answers` whose frames `geometry` matches, each compared as `expect`
    /// would be (within the case's tolerance and the answers' LayoutUnit), in the order the case lists them.
    public func sidesWith(_ geometry: BoxFrames) -> [String] {
        (answers ?? []).filter { answer in
            var judged = self
            judged.answers = nil
            judged.expect = BoxFrames(frames: answer.frames)
            judged.tolerance.geometry = max(tolerance.geometry, Self.resolution(of: answer.engine))
            return judged.mismatches(in: geometry).isEmpty
        }.map(\.engine)
    }

    /// The finest step of an engine's frames, below which a difference from it means nothing: Chromium and WebKit
    /// lay out in LayoutUnits of 1/64 px, Firefox and Servo in app units of 1/60 px, Blitz in whole pixels (Taffy's
    /// rounding is on in blitz-dom), others in floating point (0). `engine` is a name as answers and sources write
    /// it ("Firefox 153.7.0") or as `--engine` does ("firefox").
    public static func resolution(of engine: String) -> Double {
        let name = engine.lowercased()
        if name.hasPrefix("firefox") || name.hasPrefix("servo") { return 1.0 / 60 }
        if name.hasPrefix("chrom") || name.hasPrefix("webkit") { return layoutUnit }
        if name.hasPrefix("blitz") { return 1 }
        return 0
    }

    /// The frames drawn as a box case draws them: filled by depth, outlined, labelled with their ids. The canvas
    /// spans the root's frame plus its offset in the viewport on the left and top, and its `px` margins on the
    /// right and bottom (other margins count as 0 there).
    public func scene(for geometry: BoxFrames, measurer: any TextMeasuring) -> Scene {
        boxStandIn(drawing: geometry).scene(for: geometry, measurer: measurer)
    }

    /// A box case with this case's name, expectation and tolerance, for the code above to reuse; when it is to
    /// draw `geometry`, its root's margins are the flex root's offset there and its `px` right and bottom margins.
    private func boxStandIn(drawing geometry: BoxFrames? = nil) -> BoxCase {
        let rootFrame = geometry?.frames.first { $0.path.isEmpty }?.frame
        func px(_ property: CSSProperty) -> Double {
            if case .px(let value) = root.style.value(of: property) { value } else { 0 }
        }
        var margin = Insets(
            top: px(.marginTop), left: px(.marginLeft), bottom: px(.marginBottom), right: px(.marginRight))
        if let rootFrame {
            margin.left = rootFrame.x
            margin.top = rootFrame.y
        }
        var stand = BoxCase(name: name, proposal: BoxProposal(), root: BoxNode(type: .zbox, margin: margin))
        stand.expect = expect
        stand.tolerance = tolerance
        stand.tolerance.geometry = max(tolerance.geometry, answerResolution)
        return stand
    }

    /// The step of the answers in `expect`: 1/64 px (a LayoutUnit) when browsers answered it, since Chromium and
    /// WebKit lay out in LayoutUnits and the three-browser consensus is taken within one; 0 otherwise. A difference
    /// below it says nothing about an engine (docs/flex-engine.md "Numbers").
    public var answerResolution: Double {
        let answered = source?.engines.contains { Self.resolution(of: $0) > 0 } ?? false
        return answered ? FlexCase.layoutUnit : 0
    }

    /// Chromium's and WebKit's LayoutUnit, 1/64 px.
    public static let layoutUnit = 1.0 / 64
}
