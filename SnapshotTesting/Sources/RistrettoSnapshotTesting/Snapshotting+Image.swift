import Foundation
import GDRender
import LayoutCore
import SnapshotTesting

extension Snapshotting where Value == Scene, Format == Data {
    /// A scene drawn by GDRender as PNG, compared with PixelDiff at threshold 0.1 with no pixel allowed to differ,
    /// text in the pinned font. The same as `.image()`.
    public static var image: Snapshotting { image() }

    /// A scene drawn by GDRender as PNG, as `ristretto render` draws a case, and compared as pixels.
    ///
    /// The same scene and font give the same PNG bytes. References are `.png` files, recorded and compared under
    /// swift-snapshot-testing's rules (`SNAPSHOT_TESTING_RECORD`, `withSnapshotTesting(record:)`). A scene that
    /// cannot be drawn (a canvas under 1 px or over 8192 px on a side, text without a usable font) fails the
    /// assertion with the renderer's message.
    /// - Parameters:
    ///   - threshold: pixelmatch's per-pixel colour threshold, 0...1. **Default 0.1.** See `Diffing.png`.
    ///   - allowedPixels: how many pixels may differ and the images still match. **Default 0.**
    ///   - fontPath: the TrueType font for text; **nil (the default) means the pinned font** (`PinnedFont.path()`).
    ///     A scene without text reads no font.
    public static func image(threshold: Double = 0.1, allowedPixels: Int = 0, fontPath: String? = nil) -> Snapshotting {
        Snapshotting(
            pathExtension: "png", diffing: .png(threshold: threshold, allowedPixels: allowedPixels),
            snapshot: { SnapshotPNG.render($0, fontPath: fontPath) })
    }
}

/// The snapshot bytes of the strategies: a PNG, or for a value that cannot be drawn a short text that the diffing
/// reports and never matches (a snapshot closure cannot throw).
enum SnapshotPNG {
    static let failurePrefix = Data("ristretto-snapshot-failure: ".utf8)

    static func failure(_ message: String) -> Data {
        failurePrefix + Data(message.utf8)
    }

    /// The message of a failure snapshot, or nil for any other bytes.
    static func failureMessage(_ snapshot: Data) -> String? {
        guard snapshot.starts(with: failurePrefix) else { return nil }
        return String(decoding: snapshot.dropFirst(failurePrefix.count), as: UTF8.self)
    }

    /// Draws `scene`; a scene with text first checks that the font loads, because libgd would draw no text silently.
    static func render(_ scene: Scene, fontPath: String?) -> Data {
        let hasText = scene.items.contains { item in
            if case .text = item.shape { true } else { false }
        }
        var font = ""
        if hasText {
            do {
                font = try fontPath ?? PinnedFont.path()
                try FreeTypeTextMeasurer(fontPath: font).validate()
            } catch {
                return failure("\(error)")
            }
        }
        do {
            return Data(try GDRenderer(fontPath: font).renderPNG(scene))
        } catch {
            return failure(error.description)
        }
    }
}
