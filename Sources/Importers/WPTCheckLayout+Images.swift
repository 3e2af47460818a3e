import Flexbox
import LayoutCore

extension WPTCheckLayout {
    /// How a translation writes the page's `<img>` elements whose image loaded (docs/importers.md, "Images").
    enum ImageRule: Hashable, Sendable {
        /// A content leaf of the natural size, with the natural aspect ratio as `aspect-ratio` where the image's own
        /// is `auto`: the image as CSS sizes it, tried first.
        case natural
        /// A content leaf of the used content-box size, without a ratio, for each image whose used size is its
        /// own: the size CSS 2 §10.4 gives it from its natural size and its own sizes, whatever the flex layout
        /// does. The case then checks the layout around the image. Tried when `natural` does not reproduce the page.
        case used
    }

    /// The image's natural size, or a refusal: only an `<img>` whose image loaded has one.
    static func naturalSize(_ resolved: ResolvedElement) throws(ImportRefusal) -> Size {
        guard resolved.tag == "img" else { throw ImportRefusal(.replacedElement, "<\(resolved.tag)>") }
        guard let natural = resolved.image, natural.count == 2, natural[0] > 0, natural[1] > 0 else {
            throw ImportRefusal(.replacedElement, "<img> whose image did not load")
        }
        return Size(width: natural[0], height: natural[1])
    }

    /// Writes a loaded `<img>` as a content leaf under `rule`, and says so in `notes`.
    static func writeImage(
        _ resolved: ResolvedElement, natural: Size, rule: ImageRule, subject: String, into element: inout FlexElement,
        notes: inout ElementNotes
    ) {
        let ownRatio = resolved.computed["aspect-ratio"].map { $0 == "auto" || $0.hasPrefix("auto ") } ?? true
        if rule == .used, let used = usedContentSize(resolved), let own = ownContentSize(resolved, natural: natural),
            abs(used.width - own.width) <= 1.0 / 64, abs(used.height - own.height) <= 1.0 / 64
        {
            element.content = used
            notes.images.append("\(subject) its used size \(shortestText(used.width)) × \(shortestText(used.height))")
            notes.imagesAtUsedSize += 1
            return
        }
        element.content = natural
        var note = "\(subject) \(shortestText(natural.width)) × \(shortestText(natural.height))"
        if ownRatio {
            try? element.style.set(.aspectRatio, to: .number(natural.width / natural.height))
            note += " with its natural aspect ratio"
        }
        notes.images.append(note)
    }

    /// The image's content box in the page: its frame less its padding and borders (px only).
    static func usedContentSize(_ resolved: ResolvedElement) -> Size? {
        guard let frame = resolved.frame, frame.count == 4 else { return nil }
        func px(_ property: String) -> Double? {
            guard let text = resolved.computed[property], text.hasSuffix("px") else { return nil }
            return Double(text.dropLast(2))
        }
        var sides: [Double] = []
        for side in ["left", "right", "top", "bottom"] {
            guard let padding = px("padding-\(side)"), let border = px("border-\(side)-width") else { return nil }
            sides.append(padding + border)
        }
        return Size(width: frame[2] - sides[0] - sides[1], height: frame[3] - sides[2] - sides[3])
    }

    /// The content size CSS 2 §10.3.2, §10.6.2 and §10.4 give a replaced element of `natural` size and ratio from
    /// its own `width`, `height` and their minimums and maximums (px or `auto`/`none`; nil for a percentage or a
    /// keyword, which depend on more than the image).
    static func ownContentSize(_ resolved: ResolvedElement, natural: Size) -> Size? {
        let borderBox = resolved.computed["box-sizing"] == "border-box"
        let used = usedContentSize(resolved)
        let frame = resolved.frame ?? [0, 0, 0, 0]
        let extra =
            used.map { Size(width: frame[2] - $0.width, height: frame[3] - $0.height) } ?? Size(width: 0, height: 0)
        /// A length as a content-box length; `.some(nil)` for `auto`/`none`, nil when it cannot be told.
        func length(_ property: String, horizontal: Bool) -> Double?? {
            guard let text = resolved.computed[property] else { return .some(nil) }
            if text == "auto" || text == "none" { return .some(nil) }
            guard text.hasSuffix("px"), let value = Double(text.dropLast(2)) else { return nil }
            return .some(borderBox ? max(0, value - (horizontal ? extra.width : extra.height)) : value)
        }
        guard let width = length("width", horizontal: true), let height = length("height", horizontal: false),
            let minWidth = length("min-width", horizontal: true),
            let minHeight = length("min-height", horizontal: false),
            let maxWidthGiven = length("max-width", horizontal: true),
            let maxHeightGiven = length("max-height", horizontal: false)
        else { return nil }
        let minW = minWidth ?? 0
        let minH = minHeight ?? 0
        let maxW = max(minW, maxWidthGiven ?? .infinity)
        let maxH = max(minH, maxHeightGiven ?? .infinity)
        let ratio = natural.width / natural.height
        func clampW(_ value: Double) -> Double { min(max(value, minW), maxW) }
        func clampH(_ value: Double) -> Double { min(max(value, minH), maxH) }
        switch (width, height) {
        case (let width?, let height?): return Size(width: clampW(width), height: clampH(height))
        case (let width?, nil):
            let used = clampW(width)
            return Size(width: used, height: clampH(used / ratio))
        case (nil, let height?):
            let used = clampH(height)
            return Size(width: clampW(used * ratio), height: used)
        case (nil, nil): return constrained(natural, minWidth: minW, maxWidth: maxW, minHeight: minH, maxHeight: maxH)
        }
    }

    /// CSS 2 §10.4's table: a size of `w × h` (its ratio kept) within minimum and maximum widths and heights.
    static func constrained(
        _ size: Size, minWidth: Double, maxWidth: Double, minHeight: Double, maxHeight: Double
    ) -> Size {
        let (w, h) = (size.width, size.height)
        switch (w > maxWidth, w < minWidth, h > maxHeight, h < minHeight) {
        case (true, _, true, _):
            return maxWidth / w <= maxHeight / h
                ? Size(width: maxWidth, height: max(minHeight, maxWidth * h / w))
                : Size(width: max(minWidth, maxHeight * w / h), height: maxHeight)
        case (_, true, _, true):
            return minWidth / w <= minHeight / h
                ? Size(width: min(maxWidth, minHeight * w / h), height: minHeight)
                : Size(width: minWidth, height: min(maxHeight, minWidth * h / w))
        case (_, true, true, _): return Size(width: minWidth, height: maxHeight)
        case (true, _, _, true): return Size(width: maxWidth, height: minHeight)
        case (true, _, _, _): return Size(width: maxWidth, height: max(maxWidth * h / w, minHeight))
        case (_, true, _, _): return Size(width: minWidth, height: min(minWidth * h / w, maxHeight))
        case (_, _, true, _): return Size(width: max(maxHeight * w / h, minWidth), height: maxHeight)
        case (_, _, _, true): return Size(width: min(minHeight * w / h, maxWidth), height: minHeight)
        default: return size
        }
    }
}
