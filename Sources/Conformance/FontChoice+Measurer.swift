import CaseIO
import Foundation
import GDRender
import LayoutCore

extension FontChoice {
    /// The measurer for laying out: FreeType with the font, or one that only notes that text was measured.
    func measurer() -> any TextMeasuring {
        path.map { FreeTypeTextMeasurer(fontPath: $0) } ?? FontlessMeasurer()
    }
}

/// Stands in for the font when none was found: measures nothing and remembers that it was asked, so the
/// evaluation can refuse a case with text and let every other case run.
final class FontlessMeasurer: TextMeasuring, @unchecked Sendable {
    private let lock = NSLock()
    private var asked = false

    var wasAsked: Bool { lock.withLock { asked } }

    func lineWidth(of line: Substring, fontSize: Double) -> Double { note() }
    func lineHeight(fontSize: Double) -> Double { note() }
    func ascent(fontSize: Double) -> Double { note() }

    private func note() -> Double {
        lock.withLock { asked = true }
        return 0
    }
}
