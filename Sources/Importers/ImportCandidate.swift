import Engines
import Flexbox
import LayoutCore

/// One case found in a suite's file: its name, where it came from, and either the flex case (complete, or waiting
/// for the browser's answer) or why it cannot be one.
public struct ImportCandidate: Hashable, Sendable {
    /// The case's name before it is made unique within the run (`ImportRun`).
    public var name: String
    /// `source.import`: the format, the file relative to the PATH given, and which case of the file.
    public var origin: FlexImport
    public var outcome: Outcome
    /// WPT: how many displayed elements of the case check-layout-th.js checks against a frame's numbers (nil for
    /// the other formats, and where the page could not be resolved).
    public var checkedElements: Int?

    public enum Outcome: Hashable, Sendable {
        /// The suite states the expectation (Taffy's XML), or the browser already answered it (WPT).
        case complete(FlexCase, engines: [String])
        /// The browser is to lay the case out, and its frames become `expect` (Taffy's and Yoga's HTML).
        case unanswered(FlexCase)
        case refused(ImportRefusal)
    }

    public init(name: String, origin: FlexImport, outcome: Outcome) {
        self.name = name
        self.origin = origin
        self.outcome = outcome
    }

    /// `flex/foo.xml` or `YGFlexTest.html#flex_basis_flex_grow_column`: how the summary names the case.
    public var label: String { origin.case.map { "\(origin.file)#\($0)" } ?? origin.file }

    /// The refusal, if the case was refused.
    public var refusal: ImportRefusal? {
        if case .refused(let refusal) = outcome { refusal } else { nil }
    }

    /// The flex case, complete or not, if it was not refused.
    public var flexCase: FlexCase? {
        switch outcome {
        case .complete(let flexCase, _), .unanswered(let flexCase): flexCase
        case .refused: nil
        }
    }
}

extension FlexCase {
    /// The frames the suite expects of this case's displayed elements, in pre-order, from one frame per element
    /// (`display: none` elements and everything below them are left out; paths still count them).
    /// - Parameter frame: the element's frame by its path, or nil to leave the element out of `expect`.
    func framesInPreOrder(_ frame: ([Int], FlexElement) -> Rect?) -> [PeerFrame] {
        var found: [PeerFrame] = []
        var pending: [(element: FlexElement, path: [Int])] = [(root, [])]
        while let (element, path) = pending.popLast() {
            guard element.style.value(of: .display) != .keyword("none") else { continue }
            if let rect = frame(path, element) { found.append(PeerFrame(path: path, id: element.id, frame: rect)) }
            for index in element.children.indices.reversed() {
                pending.append((element.children[index], path + [index]))
            }
        }
        return found
    }
}

extension FlexCase {
    /// The case with `frames` as its expectation.
    func expecting(_ frames: [PeerFrame]) -> FlexCase {
        var copy = self
        copy.expect = .init(frames: frames)
        return copy
    }
}

/// Case names as files: letters, digits, `.`, `_` and `-`; anything else becomes `-`.
enum CaseName {
    static func sanitized(_ name: String) -> String {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
        var result = String(name.map { allowed.contains($0) ? $0 : "-" })
        while result.hasPrefix(".") { result = "-" + result.dropFirst() }
        return result.isEmpty ? "case" : String(result.prefix(200))
    }
}
