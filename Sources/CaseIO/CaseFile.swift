import BoxLayout
import Flexbox
import Foundation
import LayoutCore

/// A decoded case file, with the path it came from.
public struct CaseFile: Sendable {
    /// The file as given on the command line or found under the golden folder.
    public var path: String
    /// The path relative to the golden folder without extension, e.g. `box/linear-space`; the case's identity.
    public var identifier: String
    public var definition: any CaseDefinition

    package init(path: String, identifier: String, definition: any CaseDefinition) {
        self.path = path
        self.identifier = identifier
        self.definition = definition
    }

    public var name: String { definition.name }
    public var tolerance: Tolerance { definition.tolerance }
    /// The golden PNG that sits next to the JSON.
    public var goldenPNGPath: String { String(path.dropLast(".json".count)) + ".png" }

    /// The engine that answered the case's `expect` when it was not the reference (a box case with a `source`,
    /// e.g. the chrome suite). Such a case is geometry-only: it is checked against its `expect` alone, must not
    /// have a golden PNG, and `record` never writes one for it.
    /// A flex case with a `source` (answered by browsers, generated or imported) or `answers` (interop) is
    /// geometry-only too; a hand-checked flex case (no source) has a golden PNG of its frames, drawn as a box case's.
    public var foreignSource: String? {
        if let flexCase = definition as? FlexCase {
            if let source = flexCase.source { return source.engines.joined(separator: ", ") }
            return flexCase.answers?.map(\.engine).joined(separator: ", ")
        }
        return (definition as? BoxCase)?.source?.engine
    }
}

/// Reads and decodes case files of every kind.
public enum CaseLoader {
    /// The largest case file accepted, so a runaway file cannot exhaust memory.
    public static let maxFileBytes = 16 << 20
    /// The longest JSON array a chart or scene case may hold (values, labels, layers, items, points). Each entry
    /// becomes primitives to lay out, encode and draw: 100 000 bar values took 20 s to lay out (a 355 MB geometry
    /// document) and 7 minutes to render in a debug build. Box trees are bounded by `maxFileBytes` alone (at
    /// least 16 bytes a node, so about a million nodes).
    public static let maxListLength = 10_000
    /// The longest JSON string a case may hold (a label, a text, an id), in characters: every glyph of a text is
    /// measured and drawn even off the canvas, and a 1 000 000-character label took 6.5 s to render (debug).
    public static let maxStringLength = 100_000

    /// Reads and decodes `path`. Every failure names the file and, inside JSON, the JSON path.
    public static func load(_ path: String, identifier: String? = nil) throws(InputError) -> CaseFile {
        let data = try readFile(path, limit: maxFileBytes)
        let definition = try decode(data, file: path)
        return CaseFile(path: path, identifier: identifier ?? path, definition: definition)
    }

    package static func decode(_ data: Data, file: String) throws(InputError) -> any CaseDefinition {
        guard !data.isEmpty else { throw InputError(file: file, message: "the file is empty") }
        guard String(data: data, encoding: .utf8) != nil else {
            throw InputError(file: file, message: "the file is not valid UTF-8")
        }
        // Before any parser allocates the document: duplicate keys, which the parsers would silently resolve,
        // and lists or strings over the limits, which would cost their full size in memory before a refusal.
        try checkStructure(data, file: file)
        let decoder = JSONDecoder()
        do {
            let header = try decoder.decode(KindHeader.self, from: data)
            guard let type = CaseKinds.type(kind: header.kind, style: header.style) else {
                throw InputError(
                    file: file, jsonPath: header.style == nil ? "$.kind" : "$.style",
                    message: CaseKinds.unknownKindMessage(kind: header.kind, style: header.style))
            }
            return try decoder.decode(type, from: data)
        } catch let error as InputError {
            throw error
        } catch let DecodingError.dataCorrupted(context)
            where context.codingPath.isEmpty && context.underlyingError == nil
            && context.debugDescription.contains("not valid JSON")
        {
            throw InputError(file: file, message: JSONSyntax.explain(data))
        } catch {
            // A number that overflows a double fails inside a type's `try?` probe and would surface as a confusing
            // type mismatch ("expected an object"); when Foundation's own parser refuses the bytes, say why.
            if (try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])) == nil {
                throw InputError(file: file, message: JSONSyntax.explain(data))
            }
            throw InputError(file: file, decoding: error)
        }
    }

    /// Refuses a key repeated within one object, any string longer than `maxStringLength` and, except in box
    /// cases (whose `children` lists are bounded by the file size alone), any array longer than `maxListLength`,
    /// naming the JSON path. Bytes that are not JSON pass here; the parser explains them.
    static func checkStructure(_ data: Data, file: String) throws(InputError) {
        let bytes = [UInt8](data)
        let scan = JSONStructureScan(bytes, maxListLength: maxListLength, maxStringLength: maxStringLength)
        try refuseTooDeep(scan, data, file: file)
        guard scan.isWellFormed else { return }
        let kind = scan.topLevelValues["kind"].map { String(decoding: bytes[$0].dropFirst().dropLast(), as: UTF8.self) }
        if let problem = scan.duplicateKey {
            throw InputError(file: file, jsonPath: problem.path, message: problem.message)
        }
        if let problem = scan.overlongList, kind != "box" {
            throw InputError(
                file: file, jsonPath: problem.path,
                message: problem.message + " in a \(kind ?? "case without a kind") case")
        }
        if let problem = scan.overlongString {
            throw InputError(file: file, jsonPath: problem.path, message: problem.message)
        }
    }

    /// Refuses JSON that nests deeper than Foundation's parsers accept, before they see it: they refuse most such
    /// documents, but crash on some (`JSONStructureScan.tooDeep`). Every JSON file a command reads goes through
    /// here or `checkStructure` first.
    public static func checkNesting(_ data: Data, file: String) throws(InputError) {
        try refuseTooDeep(JSONStructureScan([UInt8](data)), data, file: file)
    }

    static func refuseTooDeep(_ scan: JSONStructureScan, _ data: Data, file: String) throws(InputError) {
        guard let offset = scan.tooDeep else { return }
        let (line, column) = JSONSyntax.position(of: offset, in: data)
        throw InputError(
            file: file,
            message: "malformed JSON at line \(line), column \(column): Too many nested arrays or dictionaries"
                + JSONSyntax.nestingHint)
    }

    /// Reads a whole file, refusing folders, unreadable files and files over `limit` bytes.
    public static func readFile(_ path: String, limit: Int) throws(InputError) -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw InputError(file: path, message: "no such file")
        }
        guard !isDirectory.boolValue else { throw InputError(file: path, message: "is a folder, not a file") }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size <= limit else {
            throw InputError(file: path, message: "file of \(size) bytes exceeds the limit of \(limit) bytes")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw InputError(file: path, message: "cannot read the file (permission denied?)")
        }
        return data
    }
}

/// The two keys that choose a case's type; everything else is checked by that type.
struct KindHeader: Decodable {
    var kind: String
    var style: String?

    enum CodingKeys: String, CodingKey { case kind, style }

    init(from decoder: any Decoder) throws {
        guard let container = try? decoder.container(keyedBy: CodingKeys.self) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "a case file must be a JSON object"))
        }
        kind = try container.decode(String.self, forKey: .kind)
        style = try? container.decodeIfPresent(String.self, forKey: .style)
    }
}
