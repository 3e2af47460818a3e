/// Number formatting for seed chart labels, without Foundation.
enum SeedFormatting {
    /// `printf("%.{places}f", value)` as ResearchKit formats its labels: ties round **to even** (12.5 → "12").
    ///
    /// Contract: exact for values whose scaled form is a binary-exact tie or clearly off a tie, which covers
    /// every label value the cases use; values near 1e15 or beyond are printed without decimals.
    static func fixed(_ value: Double, places: Int) -> String {
        let places = max(0, min(places, 10))
        var scale = 1.0
        for _ in 0..<places { scale *= 10 }
        let scaled = (value * scale).rounded(.toNearestOrEven)
        guard abs(scaled) < 1e15 else { return String(Int(value.rounded(.toNearestOrEven))) }
        let negative = scaled < 0
        let digits = String(Int(abs(scaled)))
        let padded = String(repeating: "0", count: max(0, places + 1 - digits.count)) + digits
        let integerPart = padded.dropLast(places)
        let fraction = padded.suffix(places)
        let body = places == 0 ? String(integerPart) : integerPart + "." + fraction
        return (negative ? "-" : "") + body
    }

    /// A whole number without ".0", other values in Swift's shortest round-trip form.
    static func shortest(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
