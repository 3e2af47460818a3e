import BoxLayout
import CanonicalJSON
import Flexbox
import Foundation
import LayoutCore
import Subprocess

#if canImport(System)
    import System
#else
    import SystemPackage
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A peer engine behind an adapter executable that speaks JSON lines (docs/design.md "Peer engines").
/// **One adapter process stays alive across requests**; it is started on the first request and restarted on the
/// next request after it died. Requests are serialised; a request that outlives `requestTimeout` kills the adapter.
public final class SubprocessEngine: LayoutEngineAdapter, @unchecked Sendable {
    public let name: String
    public let executablePath: String
    private let lock = NSLock()
    private var session: AdapterSession?
    /// The last case translated for the adapter, and what it became (`adapterCase(of:)`).
    private var lastCase: (json: Data, wire: CanonicalJSON, viewportWidth: Double?)?
    private var timeout: Duration

    /// How long one request may take before the adapter is killed and the request fails with
    /// `EngineError.timedOut` (`runBenchmarks` sets it from the per-layout limit and the engine's time budget).
    public var requestTimeout: Duration {
        get { lock.withLock { timeout } }
        set { lock.withLock { timeout = newValue } }
    }

    public init(name: String, executablePath: String, requestTimeout: Duration = .seconds(600)) {
        self.name = name
        self.executablePath = executablePath
        self.timeout = requestTimeout
    }

    /// The peers tools/setup-engines installs an adapter for, as `--engines` names them.
    public static let knownPeers = ["yoga", "taffy", "chromium"] + standalonePeers

    /// The standalone engines from PyPI that `tools/setup-engines --with-peers` (or `--with-all`) installs, each with
    /// the pinned package its adapter runs on (docs/engines.md "Servo, Blitz and WeasyPrint", "Taffy 0.14 and current
    /// Yoga").
    public static let standalonePeers = ["servo", "blitz", "weasyprint", "taffy-0.14", "yoga-current"]
    static let standalonePackages = [
        "servo": "servo-fetch==0.15.1", "blitz": "blitz-py==0.5.0", "weasyprint": "weasyprint==70.0",
        "taffy-0.14": "waxy==0.7.1", "yoga-current": "yoga-python==0.1.5",
    ]

    /// How long `conform` waits for one layout before the case fails as a timeout and the adapter is restarted: 60 s,
    /// and 10 s for WeasyPrint, whose flex layout of some nested cases runs for minutes (docs/engines.md "WeasyPrint").
    public static func layoutTimeout(of engine: String) -> Duration {
        engine == "weasyprint" ? .seconds(10) : .seconds(60)
    }

    /// Chromium's and WebKit's LayoutUnit, 1/64 px: the step in which they lay out, and the agreement the
    /// three-browser corpus and the interop verdicts ask of two answers.
    public static let layoutUnit = FlexCase.layoutUnit

    /// The finest step of a peer's frames, below which a difference from the reference means nothing
    /// (`FlexCase.resolution(of:)`: LayoutUnits for Chromium and WebKit, 1/60 px app units for Firefox and Servo,
    /// whole pixels for Blitz, 0 for the others).
    public static func geometryResolution(of engine: String) -> Double { FlexCase.resolution(of: engine) }

    /// What a known peer needs besides its adapter: a command on PATH, and how to install it.
    static let prerequisites = [
        "chromium": (
            command: "chromium",
            message: "chromium not installed: run tools/setup-engines --with-chromium (apt-get install chromium)"
        ),
        "firefox": (
            command: "firefox-esr",
            message: "firefox not installed: run tools/setup-engines --with-browsers (apt-get install firefox-esr)"
        ),
        "webkit": (
            command: "WebKitWebDriver",
            message:
                "webkit not installed: run tools/setup-engines --with-browsers (apt-get install webkit2gtk-driver xvfb)"
        ),
    ]

    /// The adapter that tools/setup-engines installs for `name` (one of `knownPeers`):
    /// `<repositoryRoot>/tools/engines/.local/bin/<name>-adapter`.
    public static func installedPeer(
        _ name: String, repositoryRoot: String, requestTimeout: Duration = .seconds(600)
    ) -> SubprocessEngine {
        SubprocessEngine(
            name: name, executablePath: repositoryRoot + "/tools/engines/.local/bin/\(name)-adapter",
            requestTimeout: requestTimeout)
    }

    /// Whether the adapter executable exists (and, for chromium, the browser is on PATH); a missing one is skipped
    /// by `runBenchmarks` with a note saying how to install it.
    public var isInstalled: Bool { missingMessage == nil }

    public var unavailableReason: String? { isInstalled ? nil : "not installed (no adapter at \(executablePath))" }

    /// Why the engine cannot run here, or nil when it can.
    var missingMessage: String? {
        guard FileManager.default.isExecutableFile(atPath: executablePath) else {
            if let package = Self.standalonePackages[name] {
                return "\(name) not installed: run tools/setup-engines --with-peers (pip install \(package))"
            }
            return "no adapter executable at \(executablePath); run tools/setup-engines"
        }
        guard let prerequisite = Self.prerequisites[name] else { return nil }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        let found = path.split(separator: ":").contains {
            FileManager.default.isExecutableFile(atPath: "\($0)/\(prerequisite.command)")
        }
        return found ? nil : prerequisite.message
    }

    deinit { session?.close() }

    public func info() throws -> EngineInfo {
        let reply = try request(Self.infoRequest)
        guard let name = reply.name, let version = reply.version else {
            throw EngineError.protocolFailure(engine: name, message: "info reply lacks name or version")
        }
        return EngineInfo(
            name: name, version: version, timing: reply.timing, coreTiming: reply.coreTiming,
            viaPython: reply.viaPython == true ? true : nil)
    }

    /// `{"op":"layout","case":…}` plus `"resize":W` or `"change":{"path","content"}` and `"rounding":true`
    /// when asked (docs/engines.md "Protocol"). The case goes out as a flex case (`adapterCase(of:)`).
    public func layout(caseJSON: Data, change: LayoutChange?, rounding: Bool) throws -> [PeerFrame] {
        var request: [String: CanonicalJSON] = ["op": .string("layout"), "case": try adapterCase(of: caseJSON).wire]
        switch change {
        case nil: break
        case .resize(let width): request["resize"] = .number(width)
        case .content(let path, let size):
            request["change"] = .object([
                "path": Self.numbers(path.map(Double.init)),
                "content": .object(["width": .number(size.width), "height": .number(size.height)]),
            ])
        }
        if rounding { request["rounding"] = .bool(true) }
        let reply = try self.request(CanonicalJSON.object(request).line)
        guard let frames = reply.frames else {
            throw EngineError.protocolFailure(engine: name, message: "layout reply lacks frames")
        }
        return frames
    }

    /// `{"op":"bench","iterations":N,"mode":M,…,"case":…}` with `"widths"` (relayout, resize) or `"change"`
    /// (incremental). Every schedule is Swift's: relayout's widths too (`relayoutSchedule`), so no adapter computes one.
    public func bench(caseJSON: Data, iterations: Int, plan: BenchPlan) throws -> BenchBatch {
        let (wire, viewportWidth) = try adapterCase(of: caseJSON)
        var request: [String: CanonicalJSON] = [
            "op": .string("bench"), "iterations": .number(Double(iterations)), "mode": .string(plan.mode.rawValue),
            "case": wire,
        ]
        switch plan {
        case .fresh: break
        case .relayout:
            request["widths"] = Self.numbers(relayoutSchedule(proposalWidth: viewportWidth, iterations: iterations))
        case .resize(let widths): request["widths"] = Self.numbers(widths)
        case .incremental(let change):
            request["change"] = .object([
                "path": Self.numbers(change.path.map(Double.init)), "widths": Self.numbers(change.widths),
            ])
        }
        let reply = try self.request(CanonicalJSON.object(request).line)
        guard let nanos = reply.nanosPerLayout, nanos.isFinite, nanos >= 0 else {
            throw EngineError.protocolFailure(engine: name, message: "bench reply lacks a finite nanosPerLayout")
        }
        if let core = reply.coreNanosPerLayout, !(core.isFinite && core >= 0) {
            throw EngineError.protocolFailure(
                engine: name, message: "bench reply has a coreNanosPerLayout that is not a finite number ≥ 0")
        }
        return BenchBatch(
            nanosPerLayout: nanos, coreNanosPerLayout: reply.coreNanosPerLayout,
            measuredLeaves: reply.measuredLeaves.flatMap { $0 >= 0 ? $0 : nil })
    }

    /// Stops the adapter process (it sees the end of its input); the next request starts a new one.
    /// One element's box on a page as `page` answers it: its border box relative to the page's viewport, and its
    /// computed `outline-style`.
    public struct PageBox: Decodable, Hashable, Sendable {
        public var x, y, width, height: Double
        public var outline: String

        public var rect: Rect { Rect(x: x, y: y, width: width, height: height) }
    }

    /// `{"op":"page","html","selector"}` (docs/engines.md "Protocol"; the browser peers): `html`, a self-contained
    /// page, loaded where no script runs and nothing loads, and the box of each element `selector` matches, in
    /// document order.
    public func page(html: String, selector: String) throws -> [PageBox] {
        let line = CanonicalJSON.object([
            "op": .string("page"), "html": .string(html), "selector": .string(selector),
        ]).line
        guard let boxes = try request(line).boxes else {
            throw EngineError.protocolFailure(engine: name, message: "page reply lacks boxes")
        }
        return boxes
    }

    public func shutDown() {
        lock.withLock {
            session?.close()
            session = nil
        }
    }

    // MARK: The request line

    /// `[1,2.5,3]`: numbers in their shortest exact form.
    static func numbers(_ numbers: [Double]) -> CanonicalJSON { .array(numbers.map(CanonicalJSON.number)) }

    /// The case as an adapter receives it: a flex case as is, a box case through the one box → CSS translation
    /// (`BoxToFlex`), so no adapter knows Puyopuyo. A box case without a CSS equivalent is refused here with the
    /// JSON path of the property, as an adapter refuses what its engine lacks. The last translation is kept: the
    /// harness sends the same case in every batch, and a 100 000-node case takes longer to translate than to send.
    func adapterCase(of caseJSON: Data) throws -> (wire: CanonicalJSON, viewportWidth: Double?) {
        if let cached = lock.withLock({ lastCase?.json == caseJSON ? lastCase : nil }) {
            return (cached.wire, cached.viewportWidth)
        }
        let flexCase: FlexCase
        do throws(LayoutRefusal) {
            flexCase = try LayoutCase(caseJSON: caseJSON).flexCase()
        } catch {
            throw EngineError.adapter(engine: name, message: error.reason)
        }
        let wire = try CanonicalJSON(encoding: flexCase.adapterCase)
        lock.withLock { lastCase = (caseJSON, wire, flexCase.viewport.width) }
        return (wire, flexCase.viewport.width)
    }

    /// `{"op":"info","vocabulary":[…]}`: the flex vocabulary's property names, sent once, from which an adapter's
    /// reply lists the ones it maps (`properties`), so no adapter keeps its own copy of the list.
    static let infoRequest = CanonicalJSON.object([
        "op": .string("info"), "vocabulary": .array(CSSProperty.allCases.map { .string($0.rawValue) }),
    ]).line

    /// One adapter reply; which fields are present depends on the op.
    struct Reply: Decodable {
        var error: String?
        var name: String?
        var version: String?
        var timing: String?
        var coreTiming: String?
        var viaPython: Bool?
        var wireFrames: [WireFrame]?
        var frames: [PeerFrame]? { wireFrames?.map(\.frame) }
        var nanosPerLayout: Double?
        var coreNanosPerLayout: Double?
        var measuredLeaves: Int?
        var boxes: [PageBox]?

        enum CodingKeys: String, CodingKey {
            case error, name, version, timing, coreTiming, viaPython, nanosPerLayout, coreNanosPerLayout
            case measuredLeaves, boxes
            case wireFrames = "frames"
        }
    }

    /// A frame as an adapter writes it. An engine that leaves a coordinate undefined (Yoga's and Taffy's NaN, which
    /// JSON cannot carry) writes `null`: it is read as NaN, so the comparison reports it as a wrong answer (`x
    /// expected 3, got nan`) rather than the reply as unreadable.
    package struct WireFrame: Decodable {
        var path: [Int]
        var id: String?
        var x, y, width, height: Double?

        package var frame: PeerFrame {
            PeerFrame(
                path: path, id: id,
                frame: Rect(x: x ?? .nan, y: y ?? .nan, width: width ?? .nan, height: height ?? .nan))
        }
    }

    private func request(_ line: String) throws -> Reply {
        let text: String = try lock.withLock {
            if session?.isFinished ?? true {
                if let message = missingMessage { throw EngineError.missing(engine: name, message: message) }
                session = AdapterSession(executablePath: executablePath)
            }
            do {
                return try session!.send(line, timeout: timeout)
            } catch let failure as AdapterSession.Failure {
                session = nil
                if failure.timedOut { throw EngineError.timedOut(engine: name, after: timeout) }
                throw EngineError.protocolFailure(engine: name, message: failure.message)
            }
        }
        let reply: Reply
        do {
            reply = try JSONDecoder().decode(Reply.self, from: Data(text.utf8))
        } catch {
            throw EngineError.protocolFailure(engine: name, message: "unreadable reply \(text.prefix(200)): \(error)")
        }
        if let message = reply.error { throw EngineError.adapter(engine: name, message: message) }
        return reply
    }
}
