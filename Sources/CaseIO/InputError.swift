import Foundation
import LayoutCore

/// Bad input or an environment problem: exit code 2, with the file and the JSON path named.
public struct InputError: Error, Hashable, Sendable, CustomStringConvertible {
    public var file: String
    /// The JSON path of the problem (`$.root.children[2].width`), when it is inside a JSON document.
    public var jsonPath: String?
    public var message: String

    public init(file: String, jsonPath: String? = nil, message: String) {
        self.file = file
        self.jsonPath = jsonPath
        self.message = message
    }

    public var description: String {
        [file, jsonPath, message].compactMap { $0 }.joined(separator: ": ")
    }

    /// Translates a Foundation decoding error into a one-line message with its JSON path.
    public init(file: String, decoding error: any Error) {
        switch error {
        case let DecodingError.dataCorrupted(context):
            self.init(
                file: file, jsonPath: LayoutCore.jsonPath(context.codingPath),
                message: InputError.describe(context))
        case let DecodingError.keyNotFound(key, context):
            self.init(
                file: file, jsonPath: LayoutCore.jsonPath(context.codingPath + [key]),
                message: "missing required key '\(key.stringValue)'")
        case let DecodingError.typeMismatch(type, context):
            self.init(
                file: file, jsonPath: LayoutCore.jsonPath(context.codingPath),
                message: "wrong type: expected \(InputError.jsonTypeName(type))")
        case let DecodingError.valueNotFound(type, context):
            self.init(
                file: file, jsonPath: LayoutCore.jsonPath(context.codingPath),
                message: "expected \(InputError.jsonTypeName(type)), found null")
        case let caseError as CaseError:
            self.init(file: file, jsonPath: caseError.path, message: caseError.message)
        default:
            self.init(file: file, message: "\(error)")
        }
    }

    static func describe(_ context: DecodingError.Context) -> String {
        // Foundation's own wording for an enum's unknown raw value names a Swift type, not the JSON.
        if let match = context.debugDescription.wholeMatch(of: /Cannot initialize (\w+) from invalid String value (.*)/)
        {
            return "unknown value '\(match.2)' (not a \(match.1))"
        }
        guard let underlying = context.underlyingError else { return context.debugDescription }
        return "\(context.debugDescription) (\(underlying))"
    }

    static func jsonTypeName(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Double.Type, is Int.Type, is Float.Type: "a number"
        case is Bool.Type: "true or false"
        case is [Any].Type: "an array"
        default:
            String(describing: type).hasPrefix("Array")
                ? "an array"
                : String(describing: type).hasPrefix("Dictionary") ? "an object" : "an object (\(type))"
        }
    }
}
