import Foundation
import LayoutCore

/// A named box case as the JSON every engine receives, and the one change to apply between two layouts, if any.
public struct NamedCase: Hashable, Sendable {
    public var name: String
    public var json: Data
    /// Applied after a first layout; the frames compared are those of the second layout.
    public var change: LayoutChange?
    /// The case as it stands after `change`, laid out fresh: what `--rounding` compares the changed layout with.
    public var changedJSON: Data?

    public init(name: String, json: Data, change: LayoutChange? = nil, changedJSON: Data? = nil) {
        self.name = name
        self.json = json
        self.change = change
        self.changedJSON = changedJSON
    }

    /// Every `"kind": "box"` case under `directory` (recursively), sorted by path.
    public static func goldenBoxCases(in directory: String) throws -> [NamedCase] {
        let root = URL(fileURLWithPath: directory)
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        var cases: [NamedCase] = []
        for case let url as URL in walker where url.pathExtension == "json" {
            let data = try Data(contentsOf: url)
            guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
                object["kind"] as? String == "box"
            else { continue }
            let relative = url.path.replacingOccurrences(of: root.path + "/", with: "")
            cases.append(NamedCase(name: String(relative.dropLast(5)), json: data))
        }
        return cases.sorted { $0.name < $1.name }
    }
}

/// How one peer's frames for one case compare with the reference frames.
public struct DifferentialOutcome: Hashable, Sendable {
    public enum Verdict: Hashable, Sendable {
        /// Every frame matches within the tolerance.
        case agree
        /// The peer cannot express the case (its message names the property and its JSON path).
        case refused(String)
        /// Frames differ; one line per difference.
        case mismatched([String])
        /// The reference or the peer failed outright.
        case failed(String)
    }

    public var caseName: String
    public var engine: String
    public var verdict: Verdict

    /// One line for a report: "yoga flow-50: 1 difference: node []: width expected 480, got 500".
    public var summary: String {
        switch verdict {
        case .agree: "\(engine) \(caseName): agrees"
        case .refused(let message): "\(engine) \(caseName): refused: \(message)"
        case .failed(let message): "\(engine) \(caseName): failed: \(message)"
        case .mismatched(let lines):
            "\(engine) \(caseName): \(lines.count) difference\(lines.count == 1 ? "" : "s"): "
                + lines.prefix(5).joined(separator: "; ") + (lines.count > 5 ? "; …" : "")
        }
    }
}

/// Lays every case out with the reference and with each peer (applying the case's change between two layouts)
/// and compares the frames path by path.
/// **Peers run with pixel rounding off** (Yoga's point scale factor 0, Taffy's rounding disabled), so the
/// comparison is numeric within `tolerance` (0.01 by default), not whole-pixel; Chromium's frames, in 1/64 px
/// LayoutUnits, within its `geometryResolution` when that is coarser.
public func differentialCheck(
    cases: [NamedCase], reference: any LayoutEngineAdapter, peers: [any LayoutEngineAdapter], tolerance: Double = 0.01
) -> [DifferentialOutcome] {
    compareEach(cases: cases, peers: peers, tolerance: tolerance) { namedCase, _ in
        do {
            return try reference.layout(caseJSON: namedCase.json, change: namedCase.change, rounding: false)
        } catch {
            throw ReferenceFailure(message: "reference: \(error)")
        }
    } actual: { namedCase, peer in
        try peer.layout(caseJSON: namedCase.json, change: namedCase.change, rounding: false)
    }
}

/// With pixel rounding on, compares each peer's frames after a case's change with its own fresh layout of the
/// changed case (`changedJSON`). Rounding is deterministic, so the two agree unless the engine answered the
/// changed layout from a stale cache entry: **Yoga's cache compares rounded sizes**, so a leaf flexed from 40.5 to
/// 41 px can keep its old frame. Cases without a change are left out.
public func roundingConsistencyCheck(
    cases: [NamedCase], peers: [any LayoutEngineAdapter], tolerance: Double = 0.01
) -> [DifferentialOutcome] {
    let changed = cases.filter { $0.change != nil && $0.changedJSON != nil }
    return compareEach(cases: changed, peers: peers, tolerance: tolerance) { namedCase, peer in
        try peer.layout(caseJSON: namedCase.changedJSON!, change: nil, rounding: true)
    } actual: { namedCase, peer in
        try peer.layout(caseJSON: namedCase.json, change: namedCase.change, rounding: true)
    }
}

/// For every case and peer: the expected frames, the peer's frames, and their comparison. A peer's refusal is
/// `.refused`; a `ReferenceFailure` or any other error is `.failed`.
private func compareEach(
    cases: [NamedCase], peers: [any LayoutEngineAdapter], tolerance: Double,
    expected: (NamedCase, any LayoutEngineAdapter) throws -> [PeerFrame],
    actual: (NamedCase, any LayoutEngineAdapter) throws -> [PeerFrame]
) -> [DifferentialOutcome] {
    var outcomes: [DifferentialOutcome] = []
    for namedCase in cases {
        for peer in peers {
            let verdict: DifferentialOutcome.Verdict
            do {
                let want = try expected(namedCase, peer)
                let lines = compareFrames(
                    expected: want, actual: try actual(namedCase, peer),
                    tolerance: max(tolerance, SubprocessEngine.geometryResolution(of: peer.name)))
                verdict = lines.isEmpty ? .agree : .mismatched(lines)
            } catch let failure as ReferenceFailure {
                verdict = .failed(failure.message)
            } catch EngineError.adapter(_, let message) {
                verdict = .refused(message)
            } catch {
                verdict = .failed("\(error)")
            }
            outcomes.append(DifferentialOutcome(caseName: namedCase.name, engine: peer.name, verdict: verdict))
        }
    }
    return outcomes
}

/// The reference could not lay the case out: a failure, never a peer's refusal.
private struct ReferenceFailure: Error { var message: String }

/// The share of a coordinate that single-precision peers may drift by: 2⁻¹⁷ ≈ 7.6 × 10⁻⁶, 64 units in the last
/// place of a float, for errors that accumulate over a few hundred additions (0.05 at x = 6 400).
public let singlePrecisionSlack = 0x1p-17

/// Each coordinate of an engine's answer that is not a finite number, as `node [3, 1] y: NaN`, in pre-order; empty
/// when every one is finite. An adapter writes an engine's undefined coordinate as `null`, which is read as NaN
/// (`SubprocessEngine.WireFrame`), and every JSON output writes it `null` again (`CanonicalJSON`).
public func nonFiniteCoordinates(in frames: [PeerFrame]) -> [String] {
    frames.flatMap { frame in
        let fields = [
            ("x", frame.frame.x), ("y", frame.frame.y), ("width", frame.frame.width), ("height", frame.frame.height),
        ]
        return fields.filter { !$0.1.isFinite }.map { "\(frame.subject) \($0.0): \(nonFiniteName($0.1))" }
    }
}

/// The differences between two frame lists, matched by path, in the conformance runner's words
/// (`node [1]: x expected 44, got 46`): a missing or extra node, or a field (x, y, width, height) that differs by
/// more than `tolerance` plus `relativeTolerance` × the expected magnitude. Empty when they agree.
/// **Why relative too**: Yoga and Taffy compute in single precision, whose rounding error grows with the
/// coordinate: the 200 growing leaves of linear-200's resize variant (W(1) = 9 697) end up to 0.011 away from the
/// double-precision reference near x = 6 400, although every step agrees.
public func compareFrames(
    expected: [PeerFrame], actual: [PeerFrame], tolerance: Double, relativeTolerance: Double = singlePrecisionSlack
) -> [String] {
    frameMismatches(expected: expected, actual: actual, tolerance: tolerance, relativeTolerance: relativeTolerance)
        .map(\.mismatch.description)
}

/// The comparison of `compareFrames`, each difference with the path of the node it is about (a missing node's
/// path is the expected one's, an extra node's the actual one's): the nodes the dashboard highlights.
func frameMismatches(
    expected: [PeerFrame], actual: [PeerFrame], tolerance: Double, relativeTolerance: Double = singlePrecisionSlack
) -> [(path: [Int], mismatch: GeometryMismatch)] {
    var mismatches: [(path: [Int], mismatch: GeometryMismatch)] = []
    let actualByPath = Dictionary(actual.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    let expectedPaths = Set(expected.map(\.path))
    for frame in expected {
        guard let other = actualByPath[frame.path] else {
            mismatches.append(
                (
                    frame.path,
                    GeometryMismatch(
                        subject: frame.subject, field: "frame", expected: describe(frame.frame), actual: nil)
                ))
            continue
        }
        let fields: [(String, Double, Double)] = [
            ("x", frame.frame.x, other.frame.x), ("y", frame.frame.y, other.frame.y),
            ("width", frame.frame.width, other.frame.width), ("height", frame.frame.height, other.frame.height),
        ]
        for (field, want, got) in fields {
            let allowed = tolerance + relativeTolerance * abs(want)
            if let mismatch = GeometryMismatch.compare(
                frame.subject, field, expected: want, actual: got, tolerance: allowed)
            {
                mismatches.append((frame.path, mismatch))
            }
        }
    }
    for frame in actual where !expectedPaths.contains(frame.path) {
        mismatches.append(
            (
                frame.path,
                GeometryMismatch(
                    subject: frame.subject, field: "frame", expected: "no such node", actual: describe(frame.frame))
            ))
    }
    return mismatches
}

/// The nodes of an engine's answer that differ from the expectation, judged as the engine is on the corpus: only the
/// nodes the expectation lists (`framesJudged`), within the engine's tolerance or the case's own if larger. The
/// dashboard's highlighted nodes and the Swift Testing helper's issues.
package func judgedMismatches(expected: [PeerFrame], answer: [PeerFrame], engine: String, caseTolerance: Double)
    -> [(path: [Int], mismatch: GeometryMismatch)]
{
    frameMismatches(
        expected: expected, actual: framesJudged(answer, by: expected),
        tolerance: max(geometryTolerance(of: engine), caseTolerance))
}

/// The largest difference an engine's frames may have from an expectation before the case's own tolerance:
/// 0 for the reference (exact), 0.01 px for Yoga, Taffy and PATH engines (float layout, rounding off), and a
/// browser's own layout unit (Chromium's and WebKit's 1/64 px, Firefox's 1/60 px).
public func geometryTolerance(of engine: String) -> Double {
    engine == "reference" ? 0 : max(0.01, SubprocessEngine.geometryResolution(of: engine))
}

/// The frames of an engine's answer that an expectation judges: all of them when the expectation lists the root
/// (it is complete, and an extra node is a difference), else only the nodes it lists.
package func framesJudged(_ actual: [PeerFrame], by expected: [PeerFrame]) -> [PeerFrame] {
    guard !expected.contains(where: { $0.path.isEmpty }) else { return actual }
    let listed = Set(expected.map(\.path))
    return actual.filter { listed.contains($0.path) }
}

/// `x, y, width, height`, as the reference's geometry check prints a frame.
private func describe(_ rect: Rect) -> String {
    [rect.x, rect.y, rect.width, rect.height].map(GeometryMismatch.format).joined(separator: ", ")
}
