import CanonicalJSON
import Engines
import Flexbox
import Foundation

/// One displayed element's frame as a browser answers it: `path`, `id`, and its border box relative to the parent's
/// (the protocol's `PeerFrame`, named here so that users of this module need not import the engines).
public typealias ImportFrame = PeerFrame

/// The browser an import asks: for the frames of a flex case (the HTML suites' answer) and, for WPT, for the
/// elements a page's selector matches with their computed styles and frames (docs/importers.md).
public protocol ImportBrowser: AnyObject {
    /// The engine and its version as `source.engines` names it: `Chromium 142.0.7444.175`.
    func version() throws -> String
    /// The frames of the case's displayed elements, as the adapter protocol's `layout` answers them.
    /// Throws `EngineError.adapter` when the adapter refuses the case.
    func layout(_ flexCase: FlexCase) throws -> [ImportFrame]
    /// The adapter's `{"op":"resolve","html","selector","page"?,"scripts"?}`: with `page`, the page is served from
    /// its file, so that its images load; with `scripts` (and a `page`), its inline scripts run first and the answer
    /// is the page as its first `checkLayout(selector)` saw it.
    func resolve(html: String, selector: String, page: PageFile?, scripts: Bool) throws -> ResolvedPage
}

/// Where a test page lives: its file and the folder its URLs resolve in (WPT's root, where `/resources` is), both
/// absolute. The browser serves the page at its path below the folder and answers its image requests from there.
public struct PageFile: Encodable, Hashable, Sendable {
    public var file: String
    public var root: String

    public init(file: String, root: String) {
        self.file = file
        self.root = root
    }

    /// The page file at `path` served from the nearest folder above it that holds a `resources` folder (WPT's root),
    /// else from its own folder.
    public static func locating(_ path: String) -> PageFile {
        let file = URL(fileURLWithPath: path).standardizedFileURL.path
        var folder = (file as NSString).deletingLastPathComponent
        var isFolder: ObjCBool = false
        while true {
            let resources = (folder as NSString).appendingPathComponent("resources")
            if FileManager.default.fileExists(atPath: resources, isDirectory: &isFolder), isFolder.boolValue {
                return PageFile(file: file, root: folder)
            }
            let parent = (folder as NSString).deletingLastPathComponent
            if parent == folder || parent.isEmpty { break }
            folder = parent
        }
        return PageFile(file: file, root: (file as NSString).deletingLastPathComponent)
    }
}

/// The reply to `resolve`: one entry per element the selector matched (check-layout-th.js takes the parent instead
/// when its class is `container`, and one element is listed once).
public struct ResolvedPage: Decodable, Hashable, Sendable {
    public var matches: [ResolvedMatch]
    /// How many elements the selector matched: check-layout-th.js runs one test per element.
    public var tests: Int?
    /// Where the page's scripts ran: how they went.
    public var scripts: ScriptRun?

    public init(matches: [ResolvedMatch], tests: Int? = nil, scripts: ScriptRun? = nil) {
        self.matches = matches
        self.tests = tests
        self.scripts = scripts
    }
}

/// How a page's inline scripts ran when it was resolved with them: how many times they called `checkLayout` with the
/// selector by the end of the page's load event (and its fonts' loading), and the script errors before the first
/// call.
public struct ScriptRun: Decodable, Hashable, Sendable {
    public var calls: Int
    public var errors: [String]

    public init(calls: Int, errors: [String] = []) {
        self.calls = calls
        self.errors = errors
    }
}

/// One checked subtree, rooted where its layout is (the flex container of checked flex items), and where its root
/// sits in the page.
public struct ResolvedMatch: Decodable, Hashable, Sendable {
    public var root: ResolvedElement
    /// The width of the root's containing block (its parent's content box) in px: the case's viewport width.
    public var containingBlockWidth: Double
    /// The computed `display` of the root's parent (`block` for a `<body>` or a block `<div>`).
    public var parentDisplay: String
    /// The numbers (from 1) of the tests check-layout-th.js runs on this subtree, one per matched element.
    public var tests: [Int]?

    public init(
        root: ResolvedElement, containingBlockWidth: Double, parentDisplay: String = "block", tests: [Int]? = nil
    ) {
        self.root = root
        self.containingBlockWidth = containingBlockWidth
        self.parentDisplay = parentDisplay
        self.tests = tests
    }
}

/// The text an element holds, as the page set and laid it out (WPT's text is in the Ahem font).
public struct ResolvedTextRun: Decodable, Hashable, Sendable {
    /// The element's text content, as written (white space not collapsed).
    public var content: String
    /// The computed `white-space`, `font-family` (the list as computed) and `line-height` (`normal` or px).
    public var whiteSpace: String
    public var fontFamily: String
    public var lineHeight: String
    /// The computed font size in px.
    public var fontSize: Double
    /// The extent of the laid-out text (px) and its number of lines.
    public var width: Double
    public var height: Double
    public var lines: Int

    public init(
        content: String, whiteSpace: String = "normal", fontFamily: String = "Ahem", lineHeight: String = "normal",
        fontSize: Double, width: Double, height: Double, lines: Int = 1
    ) {
        self.content = content
        self.whiteSpace = whiteSpace
        self.fontFamily = fontFamily
        self.lineHeight = lineHeight
        self.fontSize = fontSize
        self.width = width
        self.height = height
        self.lines = lines
    }
}

/// One element of a page as the browser resolved it.
public struct ResolvedElement: Decodable, Hashable, Sendable {
    /// The tag name, lower case.
    public var tag: String
    public var id: String?
    /// The computed value of every vocabulary longhand: computed, not used, values (`auto`, `50%`), as CSS Typed OM
    /// answers them; a border width is `0px` where that side's style is none or hidden; `display` is blockified
    /// inside a flex container.
    public var computed: [String: String]
    /// Other computed values the importer refuses on: `writing-mode`, `transform`, and the `content` of the
    /// `::before` and `::after` pseudo-elements (as `before`, `after`).
    public var other: [String: String]
    /// Whether the element directly holds text other than whitespace.
    public var text: Bool
    /// The text run, where `text` is true.
    public var textRun: ResolvedTextRun?
    /// Whether check-layout-th.js checks this element (a matched element's subtree, and its parent); nil means
    /// checked.
    public var checked: Bool?
    /// The element's `data-expected-*` and `data-offset-*` attributes, as written.
    public var data: [String: String]
    /// The border box, unrounded: x and y relative to the parent's border box (the root's: its used left and top
    /// margins, where the case's viewport puts it), width and height. Nil when the element is not displayed.
    public var frame: [Double]?
    /// `offsetLeft` and `offsetTop` unrounded (the border box relative to the offset parent's padding box, or to the
    /// page for `<body>`), to turn `data-offset-x/y` into x and y relative to the parent.
    public var offset: [Double]?
    /// The root's used `width` as `getComputedStyle` resolves it while rendered (`784px`).
    public var usedWidth: String?
    /// An `<img>`'s natural width and height in px; nil when its image did not load (or for another element).
    public var image: [Double]?
    public var children: [ResolvedElement]

    public init(
        tag: String = "div", id: String? = nil, computed: [String: String] = [:], other: [String: String] = [:],
        text: Bool = false, textRun: ResolvedTextRun? = nil, checked: Bool? = nil, data: [String: String] = [:],
        frame: [Double]?, offset: [Double]? = nil, usedWidth: String? = nil, image: [Double]? = nil,
        children: [ResolvedElement] = []
    ) {
        self.image = image
        self.tag = tag
        self.id = id
        self.computed = computed
        self.other = other
        self.text = text || textRun != nil
        self.textRun = textRun
        self.checked = checked
        self.data = data
        self.frame = frame
        self.offset = offset
        self.usedWidth = usedWidth
        self.children = children
    }
}

/// The installed Chromium adapter (`tools/engines/.local/bin/chromium-adapter`): `layout` through
/// `SubprocessEngine`, `resolve` through a second adapter process of its own, started on the first WPT file
/// (`SubprocessEngine` speaks only the protocol's layout and bench ops).
public final class ChromiumImportBrowser: ImportBrowser {
    let engine: SubprocessEngine
    private var resolver: AdapterLineClient?
    private var cachedVersion: String?

    /// The line that says how to install the browser.
    public static let installLine = "chromium is not installed: run tools/setup-engines --with-chromium"

    /// - Throws: `ImportError` naming the adapter when it or the browser is not installed.
    public init(repositoryRoot: String) throws(ImportError) {
        engine = SubprocessEngine.installedPeer("chromium", repositoryRoot: repositoryRoot)
        guard engine.isInstalled else { throw ImportError(file: engine.executablePath, message: Self.installLine) }
    }

    public func version() throws -> String {
        if let cachedVersion { return cachedVersion }
        let version = try engine.info().version
        cachedVersion = version
        return version
    }

    public func layout(_ flexCase: FlexCase) throws -> [ImportFrame] {
        try engine.layout(caseJSON: JSONOutput.encode(flexCase))
    }

    public func resolve(html: String, selector: String, page: PageFile?, scripts: Bool) throws -> ResolvedPage {
        if resolver == nil { resolver = try AdapterLineClient(executablePath: engine.executablePath) }
        struct Request: Encodable {
            var op = "resolve"
            var html: String
            var selector: String
            var page: PageFile?
            var scripts: Bool?
        }
        let request = Request(html: html, selector: selector, page: page, scripts: scripts ? true : nil)
        let reply = try resolver!.send(JSONOutput.line(request))
        struct Failure: Decodable { var error: String }
        if let failure = try? JSONDecoder().decode(Failure.self, from: Data(reply.utf8)) {
            throw EngineError.adapter(engine: "chromium", message: failure.error)
        }
        do {
            return try JSONDecoder().decode(ResolvedPage.self, from: Data(reply.utf8))
        } catch {
            throw EngineError.protocolFailure(
                engine: "chromium", message: "unreadable resolve reply \(reply.prefix(200)): \(error)")
        }
    }

    deinit { engine.shutDown() }
}

/// One adapter process spoken to a line at a time: a request line on its stdin, a reply line from its stdout.
final class AdapterLineClient {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private var buffer = Data()

    init(executablePath: String) throws {
        process.executableURL = URL(fileURLWithPath: executablePath)
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
    }

    /// Sends `line` and returns the reply line (without its newline).
    func send(_ line: String) throws -> String {
        do {
            try input.fileHandleForWriting.write(contentsOf: Data((line + "\n").utf8))
        } catch {
            throw EngineError.protocolFailure(engine: "chromium", message: "the adapter pipe failed: \(error)")
        }
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let reply = String(decoding: buffer[buffer.startIndex..<newline], as: UTF8.self)
                buffer = Data(buffer[(newline + 1)...])
                return reply
            }
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else {
                throw EngineError.protocolFailure(engine: "chromium", message: "the adapter exited before replying")
            }
            buffer.append(chunk)
        }
    }

    deinit {
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
    }
}
