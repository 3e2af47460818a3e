/// How every report, message and hand-written JSON document prints a number: whole numbers without ".0"
/// (`44`, not `44.0`), everything else in Swift's shortest round-trip form (`0.1`, `1e+300`).
public func shortestText(_ value: Double) -> String {
    value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
}

extension Duration {
    /// The duration in seconds, as a Double.
    public var inSeconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }
}
