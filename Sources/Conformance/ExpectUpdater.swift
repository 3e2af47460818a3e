import BoxLayout
import CaseIO
import Foundation
import LayoutCore

/// Rewrites the `expect` of box cases from the reference's layout, on purpose (`ristretto record --update-expect`).
///
/// Only the bytes of the `expect` value change: they are located with `JSONStructureScan`, the new value is
/// printed in the file's own style (its indentation, or one line when the old value was on one line) and spliced
/// in, so the rest of the file stays byte-identical.
public struct ExpectUpdater: Sendable {
    public enum Change: String, Sendable {
        case updated, unchanged, skipped
        /// A chart or seed case: their expectations pin chosen fields, which only a person can choose.
        case notBoxCase
    }

    public struct Entry: Sendable {
        public var identifier: String
        public var casePath: String
        /// Nil when the case could not be updated; `problem` says why.
        public var change: Change?
        /// One line per difference, e.g. `node [1]: x 44 → 46`.
        public var differences: [String] = []
        /// Why a case was skipped.
        public var note: String?
        public var problem: String?
    }

    let golden: String
    let font: FontChoice

    public init(golden: String, font: FontChoice) {
        self.golden = golden
        self.font = font
    }

    /// Updates one case: 1. load, 2. keep to box cases the reference answers that have an `expect`, 3. lay out,
    /// 4. choose the new frames and compare, 5. splice and write only when something changed.
    public func update(_ identifier: String) -> Entry {
        let casePath = golden + "/" + identifier + ".json"
        var entry = Entry(identifier: identifier, casePath: casePath)
        do {
            // 1. Load.
            let bytes = try [UInt8](CaseLoader.readFile(casePath, limit: CaseLoader.maxFileBytes))
            let file = CaseFile(
                path: casePath, identifier: identifier, definition: try CaseLoader.decode(Data(bytes), file: casePath))
            // 2. Which cases qualify.
            guard let box = file.definition as? BoxCase else {
                entry.change = .notBoxCase
                return entry
            }
            if let engine = file.foreignSource {
                return entry.skipped("its expect was answered by \(engine); regenerate it with its generator")
            }
            guard let expect = box.expect else {
                return entry.skipped(
                    #"no expect; add "expect": {"frames": []} to the case to have every frame filled in"#)
            }
            // 3. Lay out.
            let evaluation = try CaseEvaluator.evaluate(file, font: font)
            let actual: BoxFrames
            do {
                actual = try JSONDecoder().decode(BoxFrames.self, from: evaluation.geometryJSON)
            } catch {
                throw InputError(file: casePath, message: "cannot read the computed frames back: \(error)")
            }
            // 4. A complete expectation (or an empty one) takes every frame; a partial one keeps its nodes.
            let updated = Self.updatedFrames(expect, actual: actual)
            entry.differences = Self.differences(from: expect, to: updated)
            guard !entry.differences.isEmpty else {
                entry.change = .unchanged
                return entry
            }
            // 5. Splice the new value into the original bytes.
            guard let range = JSONStructureScan(bytes).topLevelValues["expect"] else {
                throw InputError(
                    file: casePath, jsonPath: "$.expect", message: "cannot locate the expect value in the file")
            }
            let replacement = Self.text(
                of: updated, replacing: bytes[range], indentUnit: Self.indentUnit(before: range.lowerBound, in: bytes))
            try AtomicFile.write(
                bytes[..<range.lowerBound] + Array(replacement.utf8) + bytes[range.upperBound...], to: casePath)
            entry.change = .updated
        } catch {
            entry.problem = "\(error)"
        }
        return entry
    }

    /// Every computed frame when `expect` is complete (it lists the root) or empty; otherwise the computed frames
    /// of the nodes it lists, in its order (a node no longer active drops out).
    static func updatedFrames(_ expect: BoxFrames, actual: BoxFrames) -> BoxFrames {
        if expect.frames.isEmpty || expect.frames.contains(where: { $0.path.isEmpty }) { return actual }
        let byPath = Dictionary(actual.frames.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        return BoxFrames(frames: expect.frames.compactMap { byPath[$0.path] })
    }

    /// `node [1]: x 44 → 46`, `node [2]: added (0, 0, 10, 10)`, `node [3]: removed`, `node [0]: id "a" → "b"`.
    static func differences(from old: BoxFrames, to new: BoxFrames) -> [String] {
        let oldByPath = Dictionary(old.frames.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        let newPaths = Set(new.frames.map(\.path))
        var lines: [String] = []
        for frame in new.frames {
            guard let before = oldByPath[frame.path] else {
                lines.append("\(frame.subject): added (\(describe(frame.frame)))")
                continue
            }
            if before.id != frame.id {
                lines.append("\(before.subject): id \(before.id ?? "none") → \(frame.id ?? "none")")
            }
            let fields: [(String, KeyPath<Rect, Double>)] = [
                ("x", \.x), ("y", \.y), ("width", \.width), ("height", \.height),
            ]
            for (field, keyPath) in fields where before.frame[keyPath: keyPath] != frame.frame[keyPath: keyPath] {
                lines.append(
                    "\(frame.subject): \(field) \(GeometryMismatch.format(before.frame[keyPath: keyPath])) → \(GeometryMismatch.format(frame.frame[keyPath: keyPath]))"
                )
            }
        }
        for frame in old.frames where !newPaths.contains(frame.path) { lines.append("\(frame.subject): removed") }
        return lines
    }

    static func describe(_ rect: Rect) -> String {
        [rect.x, rect.y, rect.width, rect.height].map(GeometryMismatch.format).joined(separator: ", ")
    }

    /// The leading whitespace of the line that holds `offset` (the `"expect"` key's indentation), which is one
    /// indentation unit since the key sits at the first level; two spaces when the key starts its line at column 0.
    static func indentUnit(before offset: Int, in bytes: [UInt8]) -> String {
        let lineStart = (bytes[..<offset].lastIndex(of: UInt8(ascii: "\n")) ?? -1) + 1
        let indentation = bytes[lineStart..<offset].prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        return indentation.isEmpty ? "  " : String(decoding: indentation, as: UTF8.self)
    }

    /// The new `expect` in the style of the old one: pretty-printed like the golden files (Python's `indent`
    /// style at the first level) when the old value spans lines, on one line otherwise.
    static func text(of frames: BoxFrames, replacing old: ArraySlice<UInt8>, indentUnit: String) -> String {
        let value = JSONText.object([
            (
                "frames",
                .array(
                    frames.frames.map { frame in
                        var fields: [(String, JSONText)] = [("path", .array(frame.path.map { .number(Double($0)) }))]
                        if let id = frame.id { fields.append(("id", .string(id))) }
                        fields += [
                            ("x", .number(frame.frame.x)), ("y", .number(frame.frame.y)),
                            ("width", .number(frame.frame.width)), ("height", .number(frame.frame.height)),
                        ]
                        return .object(fields)
                    })
            )
        ])
        return old.contains(UInt8(ascii: "\n")) ? value.pretty(unit: indentUnit, level: 1) : value.compact
    }
}

extension ExpectUpdater.Entry {
    fileprivate func skipped(_ why: String) -> Self {
        var entry = self
        entry.change = .skipped
        entry.note = why
        return entry
    }
}

/// A JSON value to print in a chosen style, keys in the given order.
indirect enum JSONText {
    case number(Double)
    case string(String)
    case array([JSONText])
    case object([(String, JSONText)])

    /// Python's `json.dumps(indent=…)` layout, the style of the golden files, with the value's first line at `level`.
    func pretty(unit: String, level: Int) -> String {
        let inner = String(repeating: unit, count: level + 1)
        let outer = String(repeating: unit, count: level)
        switch self {
        case .number, .string: return compact
        case let .array(elements):
            guard !elements.isEmpty else { return "[]" }
            return "[\n" + elements.map { inner + $0.pretty(unit: unit, level: level + 1) }.joined(separator: ",\n")
                + "\n" + outer + "]"
        case let .object(fields):
            guard !fields.isEmpty else { return "{}" }
            return "{\n"
                + fields.map { inner + Self.quoted($0.0) + ": " + $0.1.pretty(unit: unit, level: level + 1) }
                .joined(separator: ",\n") + "\n" + outer + "}"
        }
    }

    /// One line, with Python's default separators `, ` and `: `.
    var compact: String {
        switch self {
        case let .number(value): GeometryMismatch.format(value)
        case let .string(text): Self.quoted(text)
        case let .array(elements): "[" + elements.map(\.compact).joined(separator: ", ") + "]"
        case let .object(fields):
            "{" + fields.map { Self.quoted($0.0) + ": " + $0.1.compact }.joined(separator: ", ") + "}"
        }
    }

    static func quoted(_ text: String) -> String { jsonQuoted(text) }
}
