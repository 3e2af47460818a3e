import LayoutCore

/// Text set in the Ahem font, as a content leaf: every Ahem glyph is a 1 em square (ascent 0.8 em, descent 0.2 em,
/// no line gap), so a run of n characters that stays on one line is n × font-size wide and one line-height tall
/// (`normal` is 1 em). WPT's and Taffy's tests write their text in Ahem for exactly this reason.
///
/// A run is imported only when the page laid it out as that arithmetic says: the page's own extent of the text
/// must be n × font-size by font-size within a LayoutUnit (so the page used Ahem, or a font of its metrics, for
/// every character) on one line. Text that wraps, preserved white space, characters outside printable ASCII and
/// text beside elements stay refused.
enum AhemText {
    /// The content-box size of a leaf that holds `run`, or the refusal. `tag` names the element in the refusal.
    static func contentSize(_ run: ResolvedTextRun?, tag: String, vertical: Bool = false) throws(ImportRefusal) -> Size
    {
        guard let run else { throw ImportRefusal(.text, "text in <\(tag)>") }
        let quotesAndSpaces: Set<Character> = [" ", "\"", "'"]
        let family = run.fontFamily.split(separator: ",").first.map {
            String($0.drop(while: quotesAndSpaces.contains).reversed().drop(while: quotesAndSpaces.contains).reversed())
                .lowercased()
        }
        guard family == "ahem" else { throw ImportRefusal(.text, "text in <\(tag)> in \(run.fontFamily)") }
        guard ["normal", "nowrap"].contains(run.whiteSpace) else {
            throw ImportRefusal(.text, "text in <\(tag)> with white-space: \(run.whiteSpace)")
        }
        let text = collapsed(run.content)
        guard text.unicodeScalars.allSatisfy({ (0x20...0x7E).contains($0.value) || $0.value == 0xA0 }) else {
            throw ImportRefusal(.text, "text in <\(tag)> with characters outside printable ASCII")
        }
        guard run.lines <= 1 else { throw ImportRefusal(.wrappingText, "\(run.lines) lines of text in <\(tag)>") }
        let width = Double(text.unicodeScalars.count) * run.fontSize
        let height: Double
        if run.lineHeight == "normal" {
            height = run.fontSize
        } else if run.lineHeight.hasSuffix("px"), let value = Double(run.lineHeight.dropLast(2)), value >= 0 {
            height = value
        } else {
            throw ImportRefusal(.text, "text in <\(tag)> with line-height: \(run.lineHeight)")
        }
        // In a vertical writing mode the line runs down and the glyphs turn with it: the sizes swap axes.
        let layoutUnit = 1.0 / 64
        let (inline, block) = vertical ? (run.height, run.width) : (run.width, run.height)
        guard abs(inline - width) <= layoutUnit, abs(block - run.fontSize) <= layoutUnit else {
            let expected = vertical ? (run.fontSize, width) : (width, run.fontSize)
            throw ImportRefusal(
                .text,
                "text in <\(tag)> is \(shortestText(run.width)) × \(shortestText(run.height)) px in the page, not "
                    + "\(shortestText(expected.0)) × \(shortestText(expected.1)) as in Ahem")
        }
        return vertical ? Size(width: height, height: width) : Size(width: width, height: height)
    }

    /// The text as `white-space: normal` and `nowrap` lay it out: each run of spaces, tabs and line breaks one
    /// space, none at either end.
    static func collapsed(_ text: String) -> String {
        text.split(whereSeparator: { " \t\n\r\u{0C}".contains($0) }).joined(separator: " ")
    }
}
