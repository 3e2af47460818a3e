import CGD
import LayoutCore

/// Text metrics of a TrueType font through libgd's FreeType binding, at 72 dpi so that one point is one pixel.
///
/// Line height and ascent come from the pinned font's `hhea` table (Liberation Sans: ascender 1854,
/// descender 434, line gap 67, 2048 units per em), because libgd exposes ink boxes, not font metrics.
public struct FreeTypeTextMeasurer: TextMeasuring {
    public let fontPath: String
    /// Ascender over units per em.
    public var ascentRatio: Double = 1854.0 / 2048.0
    /// (Ascender + descender + line gap) over units per em.
    public var lineSpacing: Double = (1854.0 + 434.0 + 67.0) / 2048.0

    public init(fontPath: String) {
        self.fontPath = fontPath
    }

    /// Fails when libgd cannot load the font (missing or not a font), with libgd's own message.
    public func validate() throws(RenderError) {
        if let failure = inkBounds(of: "x", fontSize: 12).failure { throw .font(path: fontPath, message: failure) }
    }

    public func lineWidth(of line: Substring, fontSize: Double) -> Double {
        guard !line.isEmpty, fontSize > 0 else { return 0 }
        // libgd reports ink bounds, which drop leading and trailing spaces and side bearings. Bracketing the
        // text between two "x" and subtracting "xx" yields the advance width a layout needs.
        let bracketed = inkBounds(of: "x" + line + "x", fontSize: fontSize)
        let pair = inkBounds(of: "xx", fontSize: fontSize)
        return max(0, Double(bracketed.width - pair.width))
    }

    public func lineHeight(fontSize: Double) -> Double { lineSpacing * fontSize }
    public func ascent(fontSize: Double) -> Double { ascentRatio * fontSize }

    func inkBounds<S: StringProtocol>(of text: S, fontSize: Double) -> (width: Int32, failure: String?) {
        guard GDFontCache.ready else { return (0, "libgd could not set up its FreeType font cache") }
        var bounds = [Int32](repeating: 0, count: 8)
        var extra = GDFontOptions.pixelExact
        let message = String(text).withCString { string in
            fontPath.withCString { font in
                gdImageStringFTEx(
                    nil, &bounds, 0, font, fontSize, 0, 0, 0, UnsafeMutablePointer(mutating: string), &extra)
            }
        }
        if let message { return (0, String(cString: message)) }
        return (bounds[2] - bounds[0], nil)
    }
}

/// libgd's FreeType font cache. **It must be set up before two threads draw text at once**: libgd sets it up on
/// first use without a lock, and two parallel first uses (the runner's workers, Swift Testing's parallel tests)
/// raced into a crash inside libgd. A Swift `static let` runs its initializer exactly once, thread-safely.
enum GDFontCache {
    static let ready: Bool = gdFontCacheSetup() == 0
}

enum GDFontOptions {
    /// 72 dpi, so a point size equals a pixel size.
    static var pixelExact: gdFTStringExtra {
        var extra = gdFTStringExtra()
        extra.flags = cgd_ftex_resolution()
        extra.hdpi = 72
        extra.vdpi = 72
        return extra
    }
}

/// Why a scene could not be rendered.
public enum RenderError: Error, Hashable, CustomStringConvertible {
    case canvasTooLarge(width: Double, height: Double)
    case invalidCanvas(width: Double, height: Double)
    case font(path: String, message: String)
    case outOfMemory

    public var description: String {
        switch self {
        case let .canvasTooLarge(width, height):
            "canvas \(width)×\(height) exceeds the limit of \(RenderLimits.maxDimension) pixels per side"
        case let .invalidCanvas(width, height): "canvas size \(width)×\(height) must be finite and at least 1×1"
        case let .font(path, message): "cannot use font \(path): \(message)"
        case .outOfMemory: "libgd could not allocate the image"
        }
    }
}
