import Flexbox
import Foundation
import Testing

/// Canonical text and the typed form: one spelling per value, and the text parses back to the same value.
struct CanonicalFormTests {
    struct Spelling: Sendable, CustomTestStringConvertible {
        var value: CSSValue
        var text: String
        var testDescription: String { text }
    }

    static let spellings: [Spelling] = [
        Spelling(value: .px(10), text: "10px"), Spelling(value: .px(10.5), text: "10.5px"),
        Spelling(value: .percent(50), text: "50%"), Spelling(value: .px(0), text: "0px"),
        Spelling(value: .number(1.5), text: "1.5"), Spelling(value: .keyword("auto"), text: "auto"),
        Spelling(value: .px(-2.5), text: "-2.5px"), Spelling(value: .number(16.0 / 9), text: "1.7777777777777777"),
        // Swift writes these with an exponent (1e-07, 1e+21); CSS text here has none, so they are written out.
        Spelling(value: .px(1e-7), text: "0.0000001px"), Spelling(value: .px(-1.25e-7), text: "-0.000000125px"),
        Spelling(value: .px(1e21), text: "1000000000000000000000px"),
        Spelling(value: .percent(1.5e16), text: "15000000000000000%"),
    ]

    @Test("canonical text", arguments: spellings)
    func canonicalText(_ spelling: Spelling) {
        #expect(spelling.value.cssText == spelling.text)
    }

    @Test func canonicalTextOfSpacedUpperCase() throws {
        #expect(try CSSProperty.width.parse("  10.50PX ").cssText == "10.5px")
        #expect(try CSSProperty.rowGap.parse("normal").cssText == "0px")
        #expect(try CSSProperty.width.parse("-0").cssText == "0px")
    }

    @Test(
        "canonical text parses back to the same value",
        arguments: [
            1e-7, 1.2345e-10, 0.1, 1.0 / 3, 123_456_789_012_345_683_968, .leastNonzeroMagnitude,
            Double.greatestFiniteMagnitude, 2.5e15,
        ])
    func roundTrip(_ number: Double) throws {
        for value in [CSSValue.px(number), .px(-number), .percent(number)] {
            #expect(try CSSProperty.marginLeft.parse(value.cssText) == value)
        }
        #expect(try CSSProperty.flexGrow.parse(CSSValue.number(number).cssText) == .number(number))
    }

    @Test func typedForm() throws {
        func json(_ value: CSSValue) throws -> String {
            String(decoding: try JSONEncoder().encode(value), as: UTF8.self)
        }
        #expect(try json(.px(10)) == #"{"px":10}"#)
        #expect(try json(.percent(50)) == #"{"percent":50}"#)
        #expect(try json(.keyword("auto")) == #""auto""#)
        #expect(try json(.number(1.5)) == "1.5")
    }

    @Test func styleFallsBackToInitialValuesAndKeepsOrder() throws {
        var style = try FlexStyle([.marginLeft: .px(-4), .width: .percent(50), .display: .keyword("none")])
        #expect(style.properties == [.display, .width, .marginLeft])
        #expect(style.map(\.value) == [.keyword("none"), .percent(50), .px(-4)])
        #expect(style[.flexShrink] == nil)
        #expect(style.value(of: .flexShrink) == .number(1))
        #expect(style.value(of: .width) == .percent(50))
        try style.set(.width, to: nil)
        #expect(style.value(of: .width) == .keyword("auto"))
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        var property: CSSProperty
        var value: CSSValue
        var message: String
        var testDescription: String { message }
    }

    static let refusals: [Refusal] = [
        Refusal(
            property: .paddingTop, value: .px(-1),
            message: #"padding-top: expected a length ≥ 0 (px) or a percentage ≥ 0, got "-1px""#),
        Refusal(
            property: .width, value: .keyword("AUTO"), message: #"width: "AUTO" is written auto in canonical form"#),
        Refusal(
            property: .justifyContent, value: .keyword("normal"),
            message: #"justify-content: "normal" is written flex-start in canonical form"#),
        Refusal(property: .flexGrow, value: .number(.nan), message: #"flex-grow: expected a number ≥ 0, got "nan""#),
        Refusal(
            property: .width, value: .keyword("red;x"),
            message:
                #"width: expected a length ≥ 0 (px), a percentage ≥ 0, auto, min-content, max-content, or fit-content, got "red;x""#
        ),
        Refusal(
            property: .aspectRatio, value: .number(-1),
            message: #"aspect-ratio: expected a number > 0, a ratio w / h of numbers > 0, or auto, got "-1""#),
    ]

    @Test("a style built in code holds only values a case could", arguments: refusals)
    func setChecks(_ refusal: Refusal) {
        var style = FlexStyle()
        #expect {
            try style.set(refusal.property, to: refusal.value)
        } throws: { error in
            (error as? CSSValueError)?.message == refusal.message
        }
        #expect(style.isEmpty)
    }
}
