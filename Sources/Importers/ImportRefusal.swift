/// Why one case of another suite was not imported: a `reason` that groups refusals in the summary
/// (`grid`, `text without a test font`) and a `detail` that says what in this case (`display: grid`).
public struct ImportRefusal: Error, Hashable, Sendable, CustomStringConvertible {
    public var reason: Reason
    public var detail: String

    public init(_ reason: Reason, _ detail: String) {
        self.reason = reason
        self.detail = detail
    }

    /// `grid (display: grid)`.
    public var description: String { "\(reason.rawValue) (\(detail))" }

    /// The families of refusals, each a thing the flex vocabulary (docs/flex-case-format.md) cannot say or the
    /// importer cannot check. Their order is the order of the summary's lines for equal counts.
    public enum Reason: String, CaseIterable, Hashable, Sendable, Comparable {
        /// The suite marks the case disabled (`data-disabled="true"`).
        case disabled
        /// An HTML fixture the importer's reader cannot parse (an unclosed quote), which browsers would recover from.
        case malformed = "HTML that does not parse"
        /// `display: grid` or a grid property.
        case grid
        /// Block, inline, table or contents layout (`display` other than flex and none), floats.
        case otherDisplay = "display other than flex/none"
        /// Text content whose size the importer cannot tell: not in the Ahem font, beside elements, with preserved
        /// white space (flex cases have no font; Ahem text that stays on one line becomes a content leaf).
        case text = "text without a test font"
        /// Ahem text that wraps onto several lines: its size depends on where the lines break.
        case wrappingText = "text that wraps"
        /// `writing-mode` other than horizontal-tb.
        case writingMode = "writing mode"
        /// A property the vocabulary does not have.
        case unknownProperty = "unknown property"
        /// A vocabulary property with a value outside its grammar (`10em`, `last baseline`, `auto`).
        case unknownValue = "value outside the vocabulary"
        /// `calc()` and the other math functions.
        case calc = "calc()"
        /// Scroll containers whose scrollbars take space in the suite's answers (flex cases' scrollbars take none).
        case scrollbars = "scrollbars that take space"
        /// A viewport the format cannot state (`min-content`).
        case viewport
        /// An image, form control or other element whose size comes from outside CSS.
        case replacedElement = "replaced element"
        /// Generated content (`::before`, `::after`) adds boxes the case would not have.
        case generatedContent = "generated content"
        /// A transform moves what the suite measured.
        case transform
        /// WPT: a script the import cannot run as WPT does (a script file, a check after the load event, an error).
        case script = "script the import cannot run"
        /// WPT: the checked element is positioned, or sits where the viewport cannot stand for its parent.
        case placement = "checked root outside block flow"
        /// WPT: the flex case laid out by the browser differs from the page it came from.
        case translation = "translation differs from the page"
        /// WPT: no element of the case carries an expectation the format can state.
        case nothingChecked = "nothing checked"
        /// The browser's adapter refused or failed the case.
        case browser = "refused by the browser"
        /// The case would not read back as a flex case (a negative expected size, say).
        case invalid = "not a valid flex case"

        public static func < (lhs: Reason, rhs: Reason) -> Bool {
            allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
        }
    }
}
