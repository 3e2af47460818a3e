import Flexbox
import Testing

/// The value grammar: each property takes exactly its vocabulary row, in canonical form, and refuses the rest
/// with a message that says what it expected.
struct CSSParsingTests {
    /// One text given to one property, and either the value it parses to or the whole error message.
    struct Row: Sendable, CustomTestStringConvertible {
        var property: CSSProperty
        var text: String
        var value: CSSValue?
        var error: String?
        var testDescription: String { "\(property.rawValue): \(text.debugDescription)" }

        static func ok(_ property: CSSProperty, _ text: String, _ value: CSSValue) -> Row {
            Row(property: property, text: text, value: value)
        }

        static func bad(_ property: CSSProperty, _ text: String, _ error: String) -> Row {
            Row(property: property, text: text, error: error)
        }
    }

    static let accepted: [Row] = [
        .ok(.width, "10px", .px(10)), .ok(.width, "  10.50PX ", .px(10.5)), .ok(.width, "\t auto\n", .keyword("auto")),
        .ok(.width, "0", .px(0)), .ok(.width, "-0px", .px(0)), .ok(.width, "0.0", .px(0)), .ok(.width, "+5px", .px(5)),
        .ok(.width, ".5px", .px(0.5)), .ok(.width, "50%", .percent(50)), .ok(.width, "AUTO", .keyword("auto")),
        .ok(.height, "Fit-Content", .keyword("fit-content")), .ok(.minWidth, "min-content", .keyword("min-content")),
        .ok(.maxHeight, "none", .keyword("none")), .ok(.maxWidth, "max-content", .keyword("max-content")),
        .ok(.marginLeft, "-2.5px", .px(-2.5)), .ok(.marginTop, "-10%", .percent(-10)),
        .ok(.marginRight, "auto", .keyword("auto")),
        .ok(.top, "-3px", .px(-3)), .ok(.left, "25%", .percent(25)), .ok(.bottom, "auto", .keyword("auto")),
        .ok(.paddingTop, "0", .px(0)), .ok(.paddingLeft, "5%", .percent(5)), .ok(.borderTopWidth, "2px", .px(2)),
        .ok(.flexGrow, "1", .number(1)), .ok(.flexGrow, "0.5", .number(0.5)), .ok(.flexShrink, "0", .number(0)),
        .ok(.flexBasis, "content", .keyword("content")), .ok(.flexBasis, "30%", .percent(30)),
        .ok(.flexBasis, "0", .px(0)),
        .ok(.order, "-1", .number(-1)), .ok(.order, "+2", .number(2)),
        .ok(.order, "2147483647", .number(2_147_483_647)),
        .ok(.aspectRatio, "1.5", .number(1.5)), .ok(.aspectRatio, "16 / 9", .number(16.0 / 9)),
        .ok(.aspectRatio, "16/9", .number(16.0 / 9)), .ok(.aspectRatio, "4 /3", .number(4.0 / 3)),
        .ok(.aspectRatio, "Auto", .keyword("auto")),
        .ok(.justifyContent, "normal", .keyword("flex-start")),
        .ok(.justifyContent, "stretch", .keyword("flex-start")), .ok(.alignSelf, "normal", .keyword("stretch")),
        .ok(.justifyContent, "Space-Between", .keyword("space-between")),
        .ok(.alignItems, "normal", .keyword("stretch")), .ok(.alignItems, "baseline", .keyword("baseline")),
        // CSS Box Alignment 3's values the browsers agree on: `unsafe`, flexbox's default, is written as the position
        // alone, `first baseline` as `baseline`, and a flex container's `align-content: baseline` as flex-start.
        .ok(.alignSelf, "self-end", .keyword("self-end")), .ok(.alignItems, "Safe  Center", .keyword("safe center")),
        .ok(.alignSelf, "unsafe self-start", .keyword("self-start")),
        .ok(.alignItems, "first baseline", .keyword("baseline")), .ok(.justifyContent, "left", .keyword("left")),
        .ok(.justifyContent, "safe right", .keyword("safe right")), .ok(.justifyContent, "unsafe end", .keyword("end")),
        .ok(.alignContent, "baseline", .keyword("flex-start")),
        .ok(.alignContent, "safe flex-end", .keyword("safe flex-end")),
        .ok(.alignContent, "NORMAL", .keyword("stretch")), .ok(.alignSelf, "auto", .keyword("auto")),
        .ok(.rowGap, "normal", .px(0)), .ok(.columnGap, "4px", .px(4)), .ok(.columnGap, "10%", .percent(10)),
        .ok(.display, "FLEX", .keyword("flex")), .ok(.display, "none", .keyword("none")),
        .ok(.position, "absolute", .keyword("absolute")), .ok(.boxSizing, "border-box", .keyword("border-box")),
        .ok(.flexDirection, "column-reverse", .keyword("column-reverse")),
        .ok(.flexWrap, "wrap-reverse", .keyword("wrap-reverse")),
        .ok(.overflowX, "scroll", .keyword("scroll")), .ok(.overflowY, "clip", .keyword("clip")),
        .ok(.overflowX, "auto", .keyword("scroll")),
        .ok(.direction, "rtl", .keyword("rtl")),
        .ok(.display, "Grid", .keyword("grid")), .ok(.justifyItems, "normal", .keyword("stretch")),
        .ok(.justifyItems, "END", .keyword("end")), .ok(.justifySelf, "center", .keyword("center")),
        .ok(.gridTemplateColumns, "minmax(0px, 1fr)", .keyword("minmax(0px, 1fr)")),
        .ok(.gridTemplateRows, " MinMax( 0 ,1FR ) ", .keyword("minmax(0px, 1fr)")),
        .ok(.gridTemplateRows, "none", .keyword("none")), .ok(.gridRowStart, "1", .number(1)),
        .ok(.gridColumnStart, "+1000", .number(1000)), .ok(.gridColumnStart, "auto", .keyword("auto")),
    ]

    static let lengthOrAuto = "a length (px), a percentage, or auto"
    static let size = "a length ≥ 0 (px), a percentage ≥ 0, auto, min-content, max-content, or fit-content"
    static let ratio = "a number > 0, a ratio w / h of numbers > 0, or auto"

    static let refused: [Row] = [
        .bad(.marginLeft, "10em", #"expected a length (px), a percentage, or auto, got "10em""#),
        .bad(.width, "-1px", #"expected \#(size), got "-1px""#), .bad(.width, "-5%", #"expected \#(size), got "-5%""#),
        .bad(.width, "10", #"expected \#(size), got "10""#), .bad(.width, "10 px", #"expected \#(size), got "10 px""#),
        .bad(.width, "10.", #"expected \#(size), got "10.""#),
        .bad(.width, "1e2px", #"expected \#(size), got "1e2px""#),
        .bad(.width, "1E2PX", #"expected \#(size), got "1E2PX""#), .bad(.width, "", #"expected \#(size), got """#),
        .bad(.width, "   ", #"expected \#(size), got "   ""#), .bad(.width, "px", #"expected \#(size), got "px""#),
        .bad(.width, ".px", #"expected \#(size), got ".px""#),
        .bad(.width, "+-1px", #"expected \#(size), got "+-1px""#),
        .bad(.width, "0x10px", #"expected \#(size), got "0x10px""#),
        .bad(.width, "١٠px", #"expected \#(size), got "١٠px""#),
        .bad(.width, "calc(10px + 5px)", #"expected \#(size), got "calc(10px + 5px)""#),
        .bad(.width, "a\u{301}uto", #"expected \#(size), got "áuto""#),
        .bad(.paddingTop, "-1px", #"expected a length ≥ 0 (px) or a percentage ≥ 0, got "-1px""#),
        .bad(.paddingTop, "auto", #"expected a length ≥ 0 (px) or a percentage ≥ 0, got "auto""#),
        .bad(.borderLeftWidth, "10%", #"expected a length ≥ 0 (px), got "10%""#),
        .bad(.rowGap, "-2px", #"expected a length ≥ 0 (px), a percentage ≥ 0, or normal, got "-2px""#),
        .bad(.flexBasis, "-1px", #"expected a length ≥ 0 (px), a percentage ≥ 0, auto, or content, got "-1px""#),
        .bad(.flexGrow, "-1", #"expected a number ≥ 0, got "-1""#),
        .bad(.flexGrow, "1px", #"expected a number ≥ 0, got "1px""#),
        .bad(.flexShrink, "auto", #"expected a number ≥ 0, got "auto""#),
        .bad(.order, "1.5", #"expected an integer, got "1.5""#),
        .bad(.order, "1.0", #"expected an integer, got "1.0""#),
        .bad(.order, "2147483648", #"expected an integer, got "2147483648""#),
        .bad(.aspectRatio, "0", #"expected \#(ratio), got "0""#),
        .bad(.aspectRatio, "-1", #"expected \#(ratio), got "-1""#),
        .bad(.aspectRatio, "1 / 0", #"expected \#(ratio), got "1 / 0""#),
        .bad(.aspectRatio, "1/2/3", #"expected \#(ratio), got "1/2/3""#),
        .bad(.aspectRatio, "/", #"expected \#(ratio), got "/""#),
        .bad(.aspectRatio, "16 / 9px", #"expected \#(ratio), got "16 / 9px""#),
        .bad(.display, "block", #"expected flex, grid, or none, got "block""#),
        .bad(.display, "inline-grid", #"expected flex, grid, or none, got "inline-grid""#),
        .bad(.justifyItems, "legacy", #"expected stretch, start, end, center, or normal, got "legacy""#),
        .bad(.justifySelf, "normal", #"expected auto, stretch, start, end, or center, got "normal""#),
        .bad(.justifySelf, "flex-start", #"expected auto, stretch, start, end, or center, got "flex-start""#),
        .bad(.gridTemplateColumns, "1fr", #"expected none or minmax(0px, 1fr), got "1fr""#),
        .bad(.gridTemplateColumns, "minmax (0px, 1fr)", #"expected none or minmax(0px, 1fr), got "minmax (0px, 1fr)""#),
        .bad(.gridTemplateColumns, "minmax(1px, 1fr)", #"expected none or minmax(0px, 1fr), got "minmax(1px, 1fr)""#),
        .bad(
            .gridTemplateColumns, "minmax(0px, 1fr, 2fr)",
            #"expected none or minmax(0px, 1fr), got "minmax(0px, 1fr, 2fr)""#),
        .bad(.gridTemplateRows, "minmax(0px, 2fr)", #"expected none or minmax(0px, 1fr), got "minmax(0px, 2fr)""#),
        .bad(.gridTemplateRows, "minmax(0px, 1.0fr)", #"expected none or minmax(0px, 1fr), got "minmax(0px, 1.0fr)""#),
        .bad(.gridTemplateRows, "minmax(0%, 1fr)", #"expected none or minmax(0px, 1fr), got "minmax(0%, 1fr)""#),
        .bad(
            .gridTemplateRows, "minmax(0px, 1fr) 1fr",
            #"expected none or minmax(0px, 1fr), got "minmax(0px, 1fr) 1fr""#),
        .bad(.gridTemplateRows, "minmax(0px, auto)", #"expected none or minmax(0px, 1fr), got "minmax(0px, auto)""#),
        .bad(.gridRowStart, "0", #"expected an integer from 1 to 1000 or auto, got "0""#),
        .bad(.gridRowStart, "-1", #"expected an integer from 1 to 1000 or auto, got "-1""#),
        .bad(.gridRowStart, "1.0", #"expected an integer from 1 to 1000 or auto, got "1.0""#),
        .bad(.gridColumnStart, "1001", #"expected an integer from 1 to 1000 or auto, got "1001""#),
        .bad(.gridColumnStart, "span 1", #"expected an integer from 1 to 1000 or auto, got "span 1""#),
        .bad(
            .alignSelf, "last baseline",
            #"expected auto, stretch, flex-start, flex-end, start, end, center, self-start, self-end, baseline, first baseline, normal, or safe or unsafe before a position, got "last baseline""#
        ),
        .bad(.position, "sticky", #"expected static, relative, or absolute, got "sticky""#),
        .bad(
            .alignContent, "last baseline",
            #"expected stretch, flex-start, flex-end, start, end, center, space-between, space-around, space-evenly, baseline, first baseline, normal, or safe or unsafe before a position, got "last baseline""#
        ),
        .bad(
            .justifyContent, "safe space-between",
            #"expected flex-start, flex-end, start, end, center, left, right, space-between, space-around, space-evenly, normal, stretch, or safe or unsafe before a position, got "safe space-between""#
        ),
        .bad(.flexWrap, "wrap wrap", #"expected nowrap, wrap, or wrap-reverse, got "wrap wrap""#),
    ]

    /// Text that would escape a style attribute or a stylesheet, or smuggle NaN in, never matches the grammar.
    static let hostile: [Row] = [
        .bad(.width, "red;background:url(x)", #"expected \#(size), got "red;background:url(x)""#),
        .bad(.width, "10px}</style><script>", #"expected \#(size), got "10px}</style><script>""#),
        .bad(.width, "\"", #"expected \#(size), got "\"""#), .bad(.width, "'", #"expected \#(size), got "'""#),
        .bad(.width, "10px !important", #"expected \#(size), got "10px !important""#),
        .bad(.width, "10px;", #"expected \#(size), got "10px;""#),
        .bad(.width, "url(x)", #"expected \#(size), got "url(x)""#),
        .bad(.width, "auto\u{0}", #"expected \#(size), got "auto\u0000""#),
        .bad(.width, "10px\u{1B}", #"expected \#(size), got "10px\u001b""#),
        .bad(.width, "nan", #"expected \#(size), got "nan""#),
        .bad(.width, "NaNpx", #"expected \#(size), got "NaNpx""#),
        .bad(.width, "infinity", #"expected \#(size), got "infinity""#),
        .bad(.width, "infpx", #"expected \#(size), got "infpx""#),
        .bad(.marginTop, "-inf", #"expected \#(lengthOrAuto), got "-inf""#),
        .bad(.flexGrow, "nan", #"expected a number ≥ 0, got "nan""#),
        .bad(.flexGrow, "Infinity", #"expected a number ≥ 0, got "Infinity""#),
        .bad(.aspectRatio, "1 / nan", #"expected \#(ratio), got "1 / nan""#),
        .bad(
            .width, "1" + String(repeating: "0", count: 400) + "px",
            #"expected \#(size), got ""# + "1" + String(repeating: "0", count: 39) + #"…""#),
        .bad(
            .justifyContent, "center; color: red",
            #"expected flex-start, flex-end, start, end, center, left, right, space-between, space-around, space-evenly, normal, stretch, or safe or unsafe before a position, got "center; color: red""#
        ),
    ]

    @Test("valid text parses to its canonical value", arguments: accepted)
    func accepts(_ row: Row) throws {
        let value = try row.property.parse(row.text)
        #expect(value == row.value)
    }

    @Test("invalid text is refused with what was expected", arguments: refused + hostile)
    func refuses(_ row: Row) {
        #expect {
            try row.property.parse(row.text)
        } throws: { error in
            (error as? CSSValueError)?.message == row.error
        }
    }

    /// Per property: the message phrase, the keywords (any case), the initial value's text, and the sign rule.
    @Test("every property's own keywords, initial value and sign rule", arguments: CSSProperty.allCases)
    func grammarInvariants(_ property: CSSProperty) throws {
        let grammar = property.grammar
        for keyword in grammar.keywords {
            #expect(try property.parse(keyword) == .keyword(keyword))
            #expect(try property.parse(keyword.uppercased()) == .keyword(keyword))
        }
        #expect(try property.parse(property.initialValue.cssText) == property.initialValue)
        if grammar.lengths {
            #expect(try property.parse("12.5px") == .px(12.5))
            #expect(try property.parse("0") == .px(0))
            #expect((try? property.parse("-1px")) == (property.allowsNegativeLengths ? .px(-1) : nil))
        } else {
            #expect((try? property.parse("12px")) == nil)
        }
        #expect((try? property.parse("50%")) == (grammar.percentages ? .percent(50) : nil))
        #expect(throws: CSSValueError.self) { try property.parse("10em") }
    }

    @Test("negative lengths: margins and insets only")
    func negativeLengths() {
        let allowed = CSSProperty.allCases.filter(\.allowsNegativeLengths).map(\.rawValue)
        #expect(
            allowed == ["top", "right", "bottom", "left", "margin-top", "margin-right", "margin-bottom", "margin-left"])
    }

    @Test func initialValues() {
        #expect(CSSProperty.display.initialValue == .keyword("flex"))
        #expect(CSSProperty.flexShrink.initialValue == .number(1))
        #expect(CSSProperty.maxWidth.initialValue == .keyword("none"))
        #expect(CSSProperty.marginLeft.initialValue == .px(0))
        #expect(CSSProperty.justifyContent.initialValue == .keyword("flex-start"))
        #expect(CSSProperty.justifyItems.initialValue == .keyword("stretch"))
        #expect(CSSProperty.gridTemplateColumns.initialValue == .keyword("none"))
        #expect(CSSProperty.gridRowStart.initialValue == .keyword("auto"))
        #expect(CSSProperty.allCases.count == 47)
    }
}
