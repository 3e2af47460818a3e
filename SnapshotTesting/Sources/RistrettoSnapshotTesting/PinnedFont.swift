import CaseIO
import Foundation
import GDRender

/// The font the goldens pin (Liberation Sans), found as `ristretto render` finds it; `.image` draws text with it.
///
/// Lay a chart out with `PinnedFont.measurer()` so that its labels are placed with the metrics they are drawn with.
public enum PinnedFont {
    /// The font file: `RISTRETTO_FONT` when set (it must exist); otherwise `golden/fonts/LiberationSans-Regular.ttf`
    /// in the Ristretto checkout this package was built from, then under the working directory's `golden/`, then near
    /// the test executable (`FontLocator.find`).
    /// - Throws: when `RISTRETTO_FONT` names no file, or when no candidate exists (the message lists them).
    public static func path() throws -> String {
        let choice = try FontLocator.find(explicit: nil, golden: checkoutGolden, near: nil)
        guard let path = choice.path else {
            throw MissingFont(searched: choice.searched)
        }
        return path
    }

    /// FreeType text metrics with the pinned font, for laying out what `.image` then draws.
    public static func measurer() throws -> FreeTypeTextMeasurer {
        FreeTypeTextMeasurer(fontPath: try path())
    }

    /// The golden folder of the checkout: this file is `<checkout>/SnapshotTesting/Sources/<module>/PinnedFont.swift`.
    static let checkoutGolden: String = {
        var folder = URL(fileURLWithPath: #filePath)
        for _ in 0..<4 { folder.deleteLastPathComponent() }
        return folder.appendingPathComponent("golden").path
    }()

    struct MissingFont: Error, CustomStringConvertible {
        var searched: [String]

        var description: String {
            "the pinned font \(FontLocator.fileName) was not found (looked in: \(searched.joined(separator: ", ")));"
                + " set RISTRETTO_FONT or pass fontPath:"
        }
    }
}
