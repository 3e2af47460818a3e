/// How every report, message and hand-written JSON document prints a number: whole numbers without ".0"
/// (`44`, not `44.0`), everything else in Swift's shortest round-trip form (`0.1`, `1e+300`).
public func shortestText(_ value: Double) -> String {
    value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
}

/// The name of a number that is not finite, as messages print it: `NaN`, `infinity`, `-infinity` (a finite one in
/// `shortestText`).
public func nonFiniteName(_ value: Double) -> String {
    if value.isNaN { return "NaN" }
    return value.isInfinite ? (value < 0 ? "-infinity" : "infinity") : shortestText(value)
}

/// How every hand-written JSON document prints a string: quoted, with `"`, `\`, newlines, tabs and other control
/// characters escaped, everything else as it is (UTF-8, no `\u` for non-ASCII).
public func jsonQuoted(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        case _ where scalar.value < 0x20:
            let hex = String(scalar.value, radix: 16)
            result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result + "\""
}

extension Duration {
    /// The duration in seconds, as a Double.
    public var inSeconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }
}
