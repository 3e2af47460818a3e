import LayoutCore

/// Number formatting for seed chart labels, without Foundation.
enum SeedFormatting {
    /// `printf("%.{places}f", value)` as ResearchKit formats its labels: the exact binary value decides, and only an
    /// exact tie rounds **to even** (12.5 → "12", but 0.05 → "0.1" because 0.05 is stored slightly above).
    ///
    /// Contract: matches printf for 0...10 places while |value|·10^places < 2^53; larger values print without decimals.
    /// A negative value that rounds to zero keeps its sign ("-0"), as printf does.
    static func fixed(_ value: Double, places: Int) -> String {
        let places = max(0, min(places, 10))
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        // 1. The product and its exact rounding error (one fused multiply-add), so a tie made by rounding is not a tie.
        let product = value * scale
        let error = (-product).addingProduct(value, scale)
        var scaled = product.rounded(.toNearestOrEven)
        if abs(product - product.rounded(.towardZero)) == 0.5, error != 0 {
            scaled = error > 0 ? product.rounded(.up) : product.rounded(.down)
        }
        guard abs(scaled) < 9.0e15 else { return shortestText(value.rounded(.toNearestOrEven)) }
        // 2. Digits, padded so that there is always one before the point.
        let digits = String(Int(abs(scaled)))
        let padded = String(repeating: "0", count: max(0, places + 1 - digits.count)) + digits
        let body = places == 0 ? padded : padded.dropLast(places) + "." + padded.suffix(places)
        return (value.sign == .minus ? "-" : "") + body
    }

    /// The integer part, as Swift's `Int(value)` prints it; beyond Int's range, the shortest form of the truncated value.
    static func truncated(_ value: Double) -> String {
        shortestText(value.rounded(.towardZero))
    }
}
