import Foundation
import LayoutCore

/// A named box case as the JSON every engine receives.
public struct NamedCase: Hashable, Sendable {
    public var name: String
    public var json: Data

    public init(name: String, json: Data) {
        self.name = name
        self.json = json
    }

    /// The benchmark trees of `config` (every shape and size it would run).
    public static func workloads(_ config: BenchmarkConfiguration) throws -> [NamedCase] {
        try config.shapes.flatMap { shape in
            try config.sizes(for: shape).map { size in
                let workload = Workload(shape: shape, size: size)
                return NamedCase(name: workload.name, json: try workload.caseJSON())
            }
        }
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

/// Lays every case out with the reference and with each peer and compares the frames path by path.
/// **Peers run with pixel rounding off** (Yoga's point scale factor 0, Taffy's rounding disabled), so the
/// comparison is numeric within `tolerance` (0.01 by default), not whole-pixel; Chromium's frames, in 1/64 px
/// LayoutUnits, within its `geometryResolution` when that is coarser.
public func differentialCheck(
    cases: [NamedCase], reference: any LayoutEngineAdapter, peers: [any LayoutEngineAdapter], tolerance: Double = 0.01
) -> [DifferentialOutcome] {
    var outcomes: [DifferentialOutcome] = []
    for namedCase in cases {
        let expected: [PeerFrame]
        do {
            expected = try reference.layout(caseJSON: namedCase.json)
        } catch {
            for peer in peers {
                outcomes.append(DifferentialOutcome(caseName: namedCase.name, engine: peer.name, verdict: .failed("reference: \(error)")))
            }
            continue
        }
        for peer in peers {
            let verdict: DifferentialOutcome.Verdict
            do {
                let lines = compareFrames(
                    expected: expected, actual: try peer.layout(caseJSON: namedCase.json),
                    tolerance: max(tolerance, SubprocessEngine.geometryResolution(of: peer.name)))
                verdict = lines.isEmpty ? .agree : .mismatched(lines)
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

/// The differences between two frame lists, matched by path, in the conformance runner's words
/// (`node [1]: x expected 44, got 46`): a missing or extra node, or a field (x, y, width, height) that differs by
/// more than `tolerance`. Empty when they agree.
public func compareFrames(expected: [PeerFrame], actual: [PeerFrame], tolerance: Double) -> [String] {
    var mismatches: [GeometryMismatch] = []
    let actualByPath = Dictionary(actual.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    let expectedPaths = Set(expected.map(\.path))
    for frame in expected {
        guard let other = actualByPath[frame.path] else {
            mismatches.append(GeometryMismatch(subject: frame.subject, field: "frame", expected: describe(frame.frame), actual: nil))
            continue
        }
        let fields: [(String, Double, Double)] = [
            ("x", frame.frame.x, other.frame.x), ("y", frame.frame.y, other.frame.y),
            ("width", frame.frame.width, other.frame.width), ("height", frame.frame.height, other.frame.height),
        ]
        for (field, want, got) in fields {
            if let mismatch = GeometryMismatch.compare(frame.subject, field, expected: want, actual: got, tolerance: tolerance) {
                mismatches.append(mismatch)
            }
        }
    }
    for frame in actual where !expectedPaths.contains(frame.path) {
        mismatches.append(GeometryMismatch(subject: frame.subject, field: "frame", expected: "no such node", actual: describe(frame.frame)))
    }
    return mismatches.map(\.description)
}

/// `x, y, width, height`, as the reference's geometry check prints a frame.
private func describe(_ rect: Rect) -> String {
    [rect.x, rect.y, rect.width, rect.height].map(GeometryMismatch.format).joined(separator: ", ")
}
