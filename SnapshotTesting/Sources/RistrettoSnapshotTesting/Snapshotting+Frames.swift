import BoxLayout
import Foundation
import GDRender
import LayoutCore
import SnapshotTesting

extension Snapshotting where Value == BoxFrames, Format == Data {
    /// Box frames outlined as the engine dashboard draws them, at scale 1, compared with PixelDiff at threshold 0.1
    /// with no pixel allowed to differ. The same as `.frames()`.
    public static var frames: Snapshotting { frames() }

    /// Box frames outlined as the engine dashboard draws them (`GDRenderer.framesPNG`), and compared as pixels.
    ///
    /// Each frame is placed by adding its parents' origins (`BoxFrames.absoluteRects`), multiplied by `scale` and
    /// outlined in 1-px grey on white, parents first, snapped to whole pixels. The canvas runs from the root's
    /// parent's top-left corner to the furthest right and bottom edge, rounded up; anything at negative coordinates is
    /// cut off. No text and no font: the picture shows geometry only, so compare exact numbers with a box case's
    /// `expect` instead. The same frames give the same PNG bytes.
    /// - Parameters:
    ///   - scale: canvas pixels per layout point, above 0. **Default 1**; a larger scale shows smaller differences.
    ///   - threshold: pixelmatch's per-pixel colour threshold, 0...1. **Default 0.1.** See `Diffing.png`.
    ///   - allowedPixels: how many pixels may differ and the images still match. **Default 0.**
    public static func frames(scale: Double = 1, threshold: Double = 0.1, allowedPixels: Int = 0) -> Snapshotting {
        Snapshotting(
            pathExtension: "png", diffing: .png(threshold: threshold, allowedPixels: allowedPixels),
            snapshot: { SnapshotPNG.outline($0, scale: scale) })
    }
}

extension SnapshotPNG {
    /// Draws `frames` as outlines at `scale` (see `Snapshotting.frames`).
    static func outline(_ frames: BoxFrames, scale: Double) -> Data {
        guard scale.isFinite, scale > 0 else {
            return failure("the scale must be a finite number above 0, got \(scale)")
        }
        let boxes = frames.absoluteRects.map { box in
            Rect(x: box.x * scale, y: box.y * scale, width: box.width * scale, height: box.height * scale)
        }
        let canvas = Size(width: max(1, boxes.map(\.maxX).max() ?? 0), height: max(1, boxes.map(\.maxY).max() ?? 0))
        do {
            return Data(try GDRenderer.framesPNG(boxes, highlighted: [], canvas: canvas))
        } catch {
            return failure(error.description)
        }
    }
}
