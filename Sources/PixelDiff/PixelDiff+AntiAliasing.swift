// Anti-aliasing detection after V. Vysniauskas, "Anti-aliased Pixel and Intensity Slope Detector" (2009),
// in pixelmatch's formulation: a pixel is anti-aliasing when it sits on a brightness slope between a darker
// and a brighter neighbour, and one of those extremes lies in a flat region of *both* images.

extension PixelWords {
    /// Whether the pixel at (x, y) of this image looks like anti-aliasing, judged with `other` (the image it
    /// is compared against) for the flat-region test.
    ///
    /// The scan order matters only for ties between equally dark (or bright) neighbours; it follows
    /// pixelmatch (columns outer, rows inner, the first extreme wins) so both pick the same neighbour.
    func isAntiAliased(x: Int, y: Int, other: PixelWords) -> Bool {
        let area = Neighbourhood(x: x, y: y, width: width, height: height)
        let center = self[x, y]
        let centerLuma = CompositedColor(center).luma
        var equalSiblings = area.borderCredit
        // The delta is `centre − neighbour`: the most negative marks the brightest neighbour, the most
        // positive the darkest (pixelmatch's comments name them the other way round; the logic is the same).
        var brightest = 0.0
        var darkest = 0.0
        var brightestAt = (x: 0, y: 0)
        var darkestAt = (x: 0, y: 0)

        // 1. Scan the neighbours: count equal-brightness ones, and remember the extremes of the slope.
        for nx in area.minX...area.maxX {
            for ny in area.minY...area.maxY where nx != x || ny != y {
                let delta = PixelDiff.lumaDelta(center: center, centerLuma: centerLuma, neighbour: self[nx, ny])
                if delta == 0 {
                    equalSiblings += 1
                    // 2. Three or more equal neighbours: a flat region, not an edge.
                    if equalSiblings > 2 { return false }
                } else if delta < brightest {
                    brightest = delta
                    brightestAt = (nx, ny)
                } else if delta > darkest {
                    darkest = delta
                    darkestAt = (nx, ny)
                }
            }
        }

        // 3. A slope needs both a brighter and a darker neighbour.
        if brightest == 0 || darkest == 0 { return false }

        // 4. Anti-aliasing if either extreme is itself in a flat region of both images (brightest first,
        //    as pixelmatch evaluates them; the order only affects speed).
        return
            (hasManySiblings(x: brightestAt.x, y: brightestAt.y)
            && other.hasManySiblings(x: brightestAt.x, y: brightestAt.y))
            || (hasManySiblings(x: darkestAt.x, y: darkestAt.y)
                && other.hasManySiblings(x: darkestAt.x, y: darkestAt.y))
    }

    /// Whether the pixel at (x, y) has three or more identical neighbours (all four bytes), counting the
    /// image border as one.
    func hasManySiblings(x: Int, y: Int) -> Bool {
        let area = Neighbourhood(x: x, y: y, width: width, height: height)
        let center = self[x, y]
        var equalSiblings = area.borderCredit
        for nx in area.minX...area.maxX {
            for ny in area.minY...area.maxY where nx != x || ny != y {
                if self[nx, ny] == center { equalSiblings += 1 }
                if equalSiblings > 2 { return true }
            }
        }
        return false
    }
}
