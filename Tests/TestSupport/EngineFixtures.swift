import Foundation

/// A small golden folder for the engine matrix, judged by the example adapter (tools/engines/example/adapter.py),
/// which lays out an hbox or vbox of fixed leaves and refuses the rest. Every `expect` is computed by hand:
/// an hbox with space 4 of a 30 × 20 and a 40 × 10 leaf is 30 + 4 + 40 = 74 wide and max(20, 10) = 20 high, and its
/// second leaf starts at x = 30 + 4 = 34.
public enum EngineFixtures {
    /// The example adapter of this checkout.
    public static var exampleAdapter: String { TestSupport.repositoryRoot + "/tools/engines/example/adapter.py" }

    /// Whether `python3` is on PATH, which the example adapter needs.
    public static let hasPython = executable(named: "python3") != nil

    /// The path of the command `name` on PATH, or nil.
    public static func executable(named name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// The pair of leaves, in an hbox or a vbox.
    public static func pair(_ type: String = "hbox") -> String {
        #"{"type":"\#(type)","space":4,"children":[{"type":"leaf","width":30,"height":20},{"type":"leaf","width":40,"height":10}]}"#
    }

    /// The hand-computed frames of the hbox pair, with leaf [1] at `secondX`.
    public static func pairFrames(secondX: Int = 34, rootWidth: Int = 74) -> String {
        #"{"frames":[{"path":[],"x":0,"y":0,"width":\#(rootWidth),"height":20},{"path":[0],"x":0,"y":0,"width":30,"height":20},"#
            + #"{"path":[1],"x":\#(secondX),"y":0,"width":40,"height":10}]}"#
    }

    static func box(_ name: String, root: String, expect: String?) -> String {
        #"{"kind":"box","name":"\#(name)","root":\#(root)"# + (expect.map { #","expect":\#($0)"# } ?? "") + "}"
    }

    /// Each fixture case and the verdict the example adapter must reach on it, named as in `EngineCaseResult.Verdict`.
    public static let cases: [(identifier: String, json: String, verdict: String)] = [
        ("box/fits", box("fits", root: pair(), expect: pairFrames()), "passed"),
        // An expectation without the root checks only the nodes it lists.
        (
            "box/partial",
            box("partial", root: pair(), expect: #"{"frames":[{"path":[1],"x":34,"y":0,"width":40,"height":10}]}"#),
            "passed"
        ),
        // A deliberately wrong answer: leaf [1] cannot start at 44.
        (
            "box/wrong-x", box("wrong-x", root: pair(), expect: pairFrames(secondX: 44)),
            "failed: node [1]: x expected 44, got 34"
        ),
        (
            "box/flow", box("flow", root: pair("vflow"), expect: pairFrames()),
            "refused: $.case.root.values.flex-wrap: unsupported"
        ),
        // A wrong root width that `knownFailure` explains.
        (
            "box/known", box("known", root: pair(), expect: pairFrames(rootWidth: 80)),
            "known: node []: width expected 80, got 74"
        ),
        ("box/no-expect", box("no-expect", root: pair(), expect: nil), "n/a"),
        ("scene/dot", #"{"kind":"scene","name":"dot","size":{"width":4,"height":4},"items":[]}"#, "n/a"),
        ("bad/broken", #"{"kind":"box","#, "error"),
    ]

    /// The `--known-failures-file` entry that explains box/known for the example engine.
    public static let knownFailure = #"[{"engine":"example","case":"box/known","reason":"a documented difference"}]"#

    /// Writes the fixture cases (all, or those whose identifier passes `include`) into `<scratch>/golden` and the
    /// known failure into `<scratch>/known-failures.json`; returns both paths (remove `scratch` when done).
    public static func writeGolden(
        include: (String) -> Bool = { _ in true }
    ) throws -> (scratch: String, golden: String, knownFailures: String) {
        let scratch = try CLIRun.scratchFolder()
        for (identifier, json, _) in cases where include(identifier) {
            let path = scratch + "/golden/" + identifier + ".json"
            try FileManager.default.createDirectory(
                atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path, withIntermediateDirectories: true)
            try Data(json.utf8).write(to: URL(fileURLWithPath: path))
        }
        try Data(knownFailure.utf8).write(to: URL(fileURLWithPath: scratch + "/known-failures.json"))
        return (scratch, scratch + "/golden", scratch + "/known-failures.json")
    }
}
