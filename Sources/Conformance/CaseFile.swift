import Foundation
import LayoutCore

/// A decoded case file, with the path it came from.
public struct CaseFile: Sendable {
    /// The file as given on the command line or found under the golden folder.
    public var path: String
    /// The path relative to the golden folder without extension, e.g. `box/hbox-space`; the case's identity.
    public var identifier: String
    public var definition: any CaseDefinition

    public var name: String { definition.name }
    public var tolerance: Tolerance { definition.tolerance }
    /// The golden PNG that sits next to the JSON.
    public var goldenPNGPath: String { String(path.dropLast(".json".count)) + ".png" }
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

    static func decode(_ data: Data, file: String) throws(InputError) -> any CaseDefinition {
        guard !data.isEmpty else { throw InputError(file: file, message: "the file is empty") }
        guard String(data: data, encoding: .utf8) != nil else {
            throw InputError(file: file, message: "the file is not valid UTF-8")
        }
        let decoder = JSONDecoder()
        do {
            let header = try decoder.decode(KindHeader.self, from: data)
            guard let type = CaseKinds.type(kind: header.kind, style: header.style) else {
                throw InputError(file: file, jsonPath: header.style == nil ? "$.kind" : "$.style",
                                 message: CaseKinds.unknownKindMessage(kind: header.kind, style: header.style))
            }
            try checkLengths(data, file: file, kind: header.kind)
            return try decoder.decode(type, from: data)
        } catch let error as InputError {
            throw error
        } catch let DecodingError.dataCorrupted(context) where context.codingPath.isEmpty && context.underlyingError == nil
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

    /// Refuses any string longer than `maxStringLength` and, except in box cases (whose `children` lists are
    /// bounded by the file size alone), any array longer than `maxListLength`, naming its JSON path.
    static func checkLengths(_ data: Data, file: String, kind: String) throws(InputError) {
        // A list of more than 10 000 entries takes at least 20 001 bytes ("0,0,…"), a long string more: smaller
        // files cannot break either limit and skip the extra parse.
        guard data.count > 2 * maxListLength,
              let document = try? JSONSerialization.jsonObject(with: data) else { return }
        // A first pass without paths keeps a million-node file cheap; only a violation pays for the path.
        guard let problem = firstOverlong(document, kind: kind, tracksPath: false) else { return }
        let located = firstOverlong(document, kind: kind, tracksPath: true) ?? problem
        throw InputError(file: file, jsonPath: located.path, message: located.message)
    }

    static func firstOverlong(_ document: Any, kind: String, tracksPath: Bool) -> (path: String, message: String)? {
        let listLimit = kind == "box" ? Int.max : maxListLength
        var pending: [(value: Any, path: String)] = [(document, "$")]
        while let (value, path) = pending.popLast() {
            switch value {
            case let text as String where text.count > maxStringLength:
                return (path, "a string of \(text.count) characters exceeds the limit of \(maxStringLength)")
            case let array as [Any]:
                if array.count > listLimit {
                    return (path, "\(array.count) entries exceed the limit of \(maxListLength) per list in a \(kind) case")
                }
                for (index, element) in array.enumerated() where !(element is NSNumber) {
                    pending.append((element, tracksPath ? path + "[\(index)]" : ""))
                }
            case let object as [String: Any]:
                for (key, element) in object where !(element is NSNumber) {
                    pending.append((element, tracksPath ? path + "." + key : ""))
                }
            default:
                continue
            }
        }
        return nil
    }

    /// Reads a whole file, refusing folders, unreadable files and files over `limit` bytes.
    public static func readFile(_ path: String, limit: Int) throws(InputError) -> Data {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw InputError(file: path, message: "no such file")
        }
        guard !isDirectory.boolValue else { throw InputError(file: path, message: "is a folder, not a file") }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        guard size <= limit else { throw InputError(file: path, message: "file of \(size) bytes exceeds the limit of \(limit) bytes") }
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
            throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "a case file must be a JSON object"))
        }
        kind = try container.decode(String.self, forKey: .kind)
        style = try? container.decodeIfPresent(String.self, forKey: .style)
    }
}
