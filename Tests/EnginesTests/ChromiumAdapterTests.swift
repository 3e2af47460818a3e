import Benchmarking
import BoxLayout
import CanonicalJSON
import Flexbox
import Foundation
import LayoutCore
import TestSupport
import Testing

@testable import Engines

/// One adapter process driven line by line, for the requests `SubprocessEngine` does not send (resize, change)
/// and for timing many requests in a row. The process ends when the test process closes its input.
final class AdapterLines: @unchecked Sendable {
    private let process = Process()
    private let input = Pipe(), output = Pipe()
    private var pending = Data()
    private let lock = NSLock()

    init(executablePath: String) throws {
        process.executableURL = URL(fileURLWithPath: executablePath)
        process.standardInput = input
        process.standardOutput = output
        try process.run()
    }

    /// Sends one request and returns the reply object.
    /// A box case in the request goes out through the box → CSS translation, as `SubprocessEngine` sends it:
    /// adapters take flex cases only.
    func ask(_ request: [String: Any]) throws -> [String: Any] {
        var request = request
        if let caseObject = request["case"] as? [String: Any], caseObject["kind"] as? String == "box" {
            let boxCase = try JSONDecoder().decode(
                BoxCase.self, from: try JSONSerialization.data(withJSONObject: caseObject))
            let wire = try CanonicalJSON(encoding: try BoxToFlex.translate(boxCase).adapterCase).line
            request["case"] = try JSONSerialization.jsonObject(with: Data(wire.utf8))
        }
        return try lock.withLock {
            var line = try JSONSerialization.data(withJSONObject: request)
            line.append(UInt8(ascii: "\n"))
            input.fileHandleForWriting.write(line)
            while !pending.contains(UInt8(ascii: "\n")) {
                let chunk = output.fileHandleForReading.availableData
                guard !chunk.isEmpty else { throw AdapterLinesError.ended }
                pending.append(chunk)
            }
            let end = pending.firstIndex(of: UInt8(ascii: "\n"))!
            let reply = pending[pending.startIndex..<end]
            pending = Data(pending[(end + 1)...])
            guard let object = try JSONSerialization.jsonObject(with: reply) as? [String: Any] else {
                throw AdapterLinesError.notAnObject
            }
            return object
        }
    }

    /// The frames of a layout request, or the adapter's error message as a failure.
    func frames(_ request: [String: Any]) throws -> [PeerFrame] {
        let reply = try ask(request)
        guard let frames = reply["frames"] else {
            throw AdapterLinesError.refused(reply["error"] as? String ?? "\(reply)")
        }
        return try JSONDecoder().decode([PeerFrame].self, from: JSONSerialization.data(withJSONObject: frames))
    }
}

enum AdapterLinesError: Error {
    case ended, notAnObject
    case refused(String)
}

/// The coincident-subset properties of the coincident subset of docs/design.md, one small case each, with frames computed by hand.
enum SubsetCases {
    static let all: [(name: String, json: String)] = [
        // fill root: width P − margins = 200 − 2·10 = 180; padding 5 puts the leaf at (5, 5); height 20 + 2·5 = 30.
        (
            "fill-root-margin",
            #"{"proposal":{"width":200,"height":null},"root":{"type":"vbox","width":"fill","margin":10,"padding":5,"children":[{"type":"leaf","content":{"width":40,"height":20}}]}}"#
        ),
        // fill on both axes: 200 × 100; rows of 90 + 4 + 90 = 184 ≤ 200, the third leaf wraps to y = 20 + 4.
        (
            "fill-root-both",
            #"{"proposal":{"width":200,"height":100},"root":{"type":"vflow","width":"fill","height":"fill","space":4,"children":[{"type":"leaf","content":{"width":90,"height":20}},{"type":"leaf","content":{"width":90,"height":20}},{"type":"leaf","content":{"width":90,"height":20}}]}}"#
        ),
        // wrap min: the first leaf is max(20, 50) = 50 wide, the second starts at x = 50; root 80 × 10.
        (
            "wrap-min",
            #"{"root":{"type":"hbox","children":[{"type":"leaf","width":{"wrap":{"min":50}},"content":{"width":20,"height":10}},{"type":"leaf","content":{"width":30,"height":10}}]}}"#
        ),
        // wrap max across the axis: min(80, 50) = 50 wide; the vbox is 50 × 20.
        (
            "wrap-max",
            #"{"root":{"type":"vbox","children":[{"type":"leaf","width":{"wrap":{"max":50}},"content":{"width":80,"height":10}},{"type":"leaf","content":{"width":30,"height":10}}]}}"#
        ),
        // grow: free = 200 − 2·4 − (40 + 20 + 20) = 112, shared 1 : 3 → 28 and 84: widths 48 and 104 at x = 44 and 96.
        (
            "grow",
            #"{"proposal":{"width":200,"height":null},"root":{"type":"hbox","width":"fill","space":4,"children":[{"type":"leaf","content":{"width":40,"height":20}},{"type":"leaf","width":{"wrap":{"grow":1}},"content":{"width":20,"height":10}},{"type":"leaf","width":{"wrap":{"grow":3}},"content":{"width":20,"height":10}}]}}"#
        ),
        // grow along a vbox: inner height 100 − 2·5 = 90; the second leaf grows from 10 to 90 − 10 = 80.
        (
            "grow-vertical",
            #"{"root":{"type":"vbox","height":100,"padding":5,"children":[{"type":"leaf","content":{"width":20,"height":10}},{"type":"leaf","height":{"wrap":{"grow":1}},"content":{"width":20,"height":10}}]}}"#
        ),
        // justifyContent vertCenter: the 10-high leaf sits at y = (30 − 10) / 2 = 10.
        (
            "justify-center",
            #"{"root":{"type":"hbox","justifyContent":"vertCenter","children":[{"type":"leaf","content":{"width":10,"height":30}},{"type":"leaf","content":{"width":10,"height":10}}]}}"#
        ),
        // justifyContent horzCenter in a 100-wide vbox: x = (100 − 50) / 2 = 25 and (100 − 21) / 2 = 39.5.
        (
            "justify-horizontal",
            #"{"root":{"type":"vbox","width":100,"justifyContent":"horzCenter","children":[{"type":"leaf","content":{"width":50,"height":10}},{"type":"leaf","content":{"width":21,"height":10}}]}}"#
        ),
        // alignment overrides the box's bottom: top → y 0, vertCenter → (30 − 10) / 2 = 10, the default bottom → 20.
        (
            "alignment",
            #"{"root":{"type":"hbox","justifyContent":"bottom","children":[{"type":"leaf","content":{"width":10,"height":30}},{"type":"leaf","alignment":"top","content":{"width":10,"height":10}},{"type":"leaf","alignment":"vertCenter","content":{"width":10,"height":10}},{"type":"leaf","content":{"width":10,"height":10}}]}}"#
        ),
    ]

    static let expected: [String: [PeerFrame]] = [
        "fill-root-margin": [frame([], 10, 10, 180, 30), frame([0], 5, 5, 40, 20)],
        "fill-root-both": [
            frame([], 0, 0, 200, 100), frame([0], 0, 0, 90, 20), frame([1], 94, 0, 90, 20), frame([2], 0, 24, 90, 20),
        ],
        "wrap-min": [frame([], 0, 0, 80, 10), frame([0], 0, 0, 50, 10), frame([1], 50, 0, 30, 10)],
        "wrap-max": [frame([], 0, 0, 50, 20), frame([0], 0, 0, 50, 10), frame([1], 0, 10, 30, 10)],
        "grow": [
            frame([], 0, 0, 200, 20), frame([0], 0, 0, 40, 20), frame([1], 44, 0, 48, 10), frame([2], 96, 0, 104, 10),
        ],
        "grow-vertical": [frame([], 0, 0, 30, 100), frame([0], 5, 5, 20, 10), frame([1], 5, 15, 20, 80)],
        "justify-center": [frame([], 0, 0, 20, 30), frame([0], 0, 0, 10, 30), frame([1], 10, 10, 10, 10)],
        "justify-horizontal": [frame([], 0, 0, 100, 20), frame([0], 25, 0, 50, 10), frame([1], 39.5, 10, 21, 10)],
        "alignment": [
            frame([], 0, 0, 40, 30), frame([0], 0, 0, 10, 30), frame([1], 10, 0, 10, 10), frame([2], 20, 10, 10, 10),
            frame([3], 30, 20, 10, 10),
        ],
    ]

    static func frame(_ path: [Int], _ x: Double, _ y: Double, _ width: Double, _ height: Double) -> PeerFrame {
        PeerFrame(path: path, frame: Rect(x: x, y: y, width: width, height: height))
    }

    /// The case JSON object of a fixture, as a box case.
    static func caseObject(_ json: String) throws -> [String: Any] {
        var object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        object["kind"] = "box"
        object["name"] = "subset"
        return object
    }
}

/// The first difference between two frame lists beyond `tolerance` (paths must match one for one), or nil.
/// `ignoringRootPosition` skips the root's x and y (Taffy places the root at (0, 0) whatever its margin).
func firstDifference(
    _ actual: [PeerFrame], _ expected: [PeerFrame], tolerance: Double, ignoringRootPosition: Bool = false
)
    -> String?
{
    guard actual.map(\.path) == expected.map(\.path) else {
        return "paths \(actual.map(\.path)) instead of \(expected.map(\.path))"
    }
    for (got, want) in zip(actual, expected) {
        let skipPosition = ignoringRootPosition && got.path.isEmpty
        let pairs = [
            ("x", got.frame.x, want.frame.x), ("y", got.frame.y, want.frame.y),
            ("width", got.frame.width, want.frame.width), ("height", got.frame.height, want.frame.height),
        ]
        for (name, value, wanted) in pairs.dropFirst(skipPosition ? 2 : 0) where abs(value - wanted) > tolerance {
            return "\(got.path) \(name): expected \(wanted), got \(value)"
        }
    }
    return nil
}

/// The subset translation of every peer adapter, checked against hand-computed frames and the reference.
@Suite(.serialized) struct SubsetTranslationTests {
    static let peers = ["yoga", "taffy"].filter { AdapterRoundTripTests.adapter($0).isInstalled }

    @Test(
        .enabled(if: !peers.isEmpty, "peer adapters not installed: run tools/setup-engines"),
        arguments: SubsetCases.all.map(\.name))
    func yogaAndTaffyTranslateTheSubset(name: String) throws {
        let json = try #require(SubsetCases.all.first { $0.name == name }?.json)
        let caseJSON = try JSONSerialization.data(withJSONObject: try SubsetCases.caseObject(json))
        let expected = try #require(SubsetCases.expected[name])
        #expect(firstDifference(try ReferenceEngine().layout(caseJSON: caseJSON), expected, tolerance: 1e-9) == nil)
        for peer in Self.peers {
            let engine = AdapterRoundTripTests.adapter(peer)
            defer { engine.shutDown() }
            let difference = firstDifference(
                try engine.layout(caseJSON: caseJSON), expected, tolerance: 0.01, ignoringRootPosition: peer == "taffy")
            #expect(difference == nil, "\(peer) \(name)")
        }
    }
}

/// The Chromium peer, live: skipped where the browser or the adapter launcher is missing.
@Suite(.serialized) struct ChromiumAdapterTests {
    static let engine = SubprocessEngine.installedPeer("chromium", repositoryRoot: TestSupport.repositoryRoot)
    static let installed = engine.isInstalled
    static let notInstalled: Comment =
        "chromium not installed: run tools/setup-engines --with-chromium (apt-get install chromium)"
    /// One adapter (one browser) for the whole suite: starting Chromium takes seconds.
    static let lines: AdapterLines? = installed ? try? AdapterLines(executablePath: engine.executablePath) : nil
    /// Chrome lays out in LayoutUnits of 1/64 px.
    static let tolerance = 1.0 / 64

    static func layout(_ caseObject: [String: Any], _ extra: [String: Any] = [:]) throws -> [PeerFrame] {
        let lines = try #require(Self.lines)
        return try lines.frames(["op": "layout", "case": caseObject].merging(extra) { $1 })
    }

    static func reference(_ caseObject: [String: Any]) throws -> [PeerFrame] {
        try ReferenceEngine().layout(caseJSON: try JSONSerialization.data(withJSONObject: caseObject))
    }

    static func goldenCase(_ name: String) throws -> [String: Any] {
        let data = try Data(contentsOf: URL(fileURLWithPath: TestSupport.goldenDirectory + "/box/\(name).json"))
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    @Test(.enabled(if: installed, notInstalled)) func infoNamesTheBrowserAndItsTiming() throws {
        let reply = try #require(Self.lines).ask(["op": "info"])
        #expect(reply["name"] as? String == "chromium")
        #expect((reply["version"] as? String)?.hasPrefix("Chromium ") == true)
        #expect((reply["timing"] as? String)?.contains("style recalc + layout") == true)
    }

    /// Golden box cases inside the subset whose semantics coincide (no overflow, no runRowSize shrink, no Puyopuyo
    /// residual rule): Chrome must give the hand-computed answers the reference gives.
    @Test(
        .enabled(if: installed, notInstalled),
        arguments: [
            "linear-root-margin", "linear-padding-margin", "linear-inactive-child", "linear-wrap-grow",
            "linear-wrap-max-min", "linear-justify-content", "linear-depth-chain", "flow-hflow-columns",
            "flow-space-shorthand", "flow-content-basic",
        ])
    func goldenCaseMatchesTheReference(name: String) throws {
        let caseObject = try Self.goldenCase(name)
        #expect(
            firstDifference(try Self.layout(caseObject), try Self.reference(caseObject), tolerance: Self.tolerance)
                == nil)
    }

    @Test(.enabled(if: installed, notInstalled), arguments: SubsetCases.all.map(\.name))
    func subsetPropertyMatchesTheHandComputedFrames(name: String) throws {
        let json = try #require(SubsetCases.all.first { $0.name == name }?.json)
        let expected = try #require(SubsetCases.expected[name])
        #expect(
            firstDifference(try Self.layout(try SubsetCases.caseObject(json)), expected, tolerance: Self.tolerance)
                == nil)
    }

    /// After a resize to W, the frames equal a fresh layout under proposal width W (reference).
    @Test(.enabled(if: installed, notInstalled), arguments: [150.0, 300.0])
    func resizeMatchesAFreshLayoutAtTheNewWidth(width: Double) throws {
        let caseObject = try SubsetCases.caseObject(try #require(SubsetCases.all.first { $0.name == "grow" }?.json))
        var resized = caseObject
        resized["proposal"] = ["width": width, "height": NSNull()]
        let frames = try Self.layout(caseObject, ["resize": width])
        #expect(firstDifference(frames, try Self.reference(resized), tolerance: Self.tolerance) == nil)
    }

    /// After a leaf's content changes, the frames equal a fresh layout of the case with that content (reference).
    @Test(.enabled(if: installed, notInstalled)) func contentChangeMatchesAFreshLayoutOfTheChangedCase() throws {
        let caseObject = try SubsetCases.caseObject(try #require(SubsetCases.all.first { $0.name == "grow" }?.json))
        var changed = caseObject
        var root = try #require(changed["root"] as? [String: Any])
        var children = try #require(root["children"] as? [[String: Any]])
        children[1]["content"] = ["width": 48, "height": 20]
        root["children"] = children
        changed["root"] = root
        let frames = try Self.layout(caseObject, ["change": ["path": [1], "content": ["width": 48, "height": 20]]])
        #expect(firstDifference(frames, try Self.reference(changed), tolerance: Self.tolerance) == nil)
    }

    /// The adapter checks every value against the vocabulary before anything reaches the page (box cases are
    /// refused by the translation before they reach any adapter: BoxToFlexRuleTests). Hostile text never reaches
    /// a style attribute.
    @Test(
        .enabled(if: installed, notInstalled),
        arguments: [
            (
                #"{"style":{"background":"red"},"values":{"background":"red"}}"#,
                "$.case.root.values.background: not a property of the flex vocabulary"
            ),
            (
                #"{"style":{"width":"10px;x:url(y)"},"values":{"width":{"px":10}}}"#,
                "$.case.root.style.width: expected a length"
            ),
            (
                #"{"style":{},"values":{},"children":[{"style":{"width":"</div><script>"},"values":{"width":"</div><script>"}}]}"#,
                "$.case.root.children[0].values.width: expected a length"
            ),
        ])
    func refusalNamesThePath(root: String, messagePrefix: String) throws {
        let caseObject: [String: Any] = [
            "kind": "flex", "viewport": ["width": NSNull(), "height": NSNull()],
            "root": try JSONSerialization.jsonObject(with: Data(root.utf8)),
        ]
        let reply = try #require(Self.lines).ask(["op": "layout", "case": caseObject])
        #expect((reply["error"] as? String)?.hasPrefix(messagePrefix) == true, "\(reply)")
    }

    /// The adapter keeps one browser: 200 layouts of a 21-node case take well under 20 s (about 1 s on the 2-core
    /// development machine), where starting a browser per request would take minutes.
    @Test(.enabled(if: installed, notInstalled)) func twoHundredLayoutsTakeSeconds() throws {
        let caseObject = try JSONSerialization.jsonObject(with: try Workload(shape: .linear, size: 20).caseJSON())
        let clock = ContinuousClock()
        let start = clock.now
        for _ in 0..<200 {
            #expect(try Self.layout(try #require(caseObject as? [String: Any])).count == 21)
        }
        #expect(clock.now - start < .seconds(20))
    }
}
