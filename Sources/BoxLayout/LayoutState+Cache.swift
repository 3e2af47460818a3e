import LayoutCore

/// A node's measurement cache (docs/performance.md): every offer at least `need` on both axes gives `result`
/// and leaves the node's whole subtree (sizes and centres below it) exactly as the last calculation left it.
///
/// Contract: `need` is a threshold on the *layout residual offered to the node* (margins included). −∞ on an axis
/// means any offer; an entry that admits nothing has `need` = +∞ (`invalid`). NaN never admits either.
struct MeasureCache {
    var need: Size
    var result: Size

    static let invalid = MeasureCache(need: Size(width: .infinity, height: .infinity), result: .zero)

    /// Whether `offered` provably gives `result`. +∞ and NaN needs never admit, even an infinite offer.
    @inline(__always) func admits(_ offered: Size) -> Bool {
        offered.width >= need.width && offered.height >= need.height
            && need.width != .infinity && need.height != .infinity
    }
}

/// An offer threshold: every offer `x ≥ offerThreshold(t, plus: c)` gives `fl(x − c) ≥ t`. It is `upperSum(t, c)`,
/// except that the threshold `unbounded` stays `unbounded` while subtracting `c` from it still gives `unbounded`
/// (an unbounded offer minus a small inset is unbounded, and `fl` is monotone), where `upperSum` would give +∞.
@inline(__always) func offerThreshold(_ t: Double, plus c: Double) -> Double {
    t == unbounded && unbounded - c == unbounded ? unbounded : upperSum(t, c)
}

/// The smallest positive double: a need of at least this is "strictly positive".
let positive = Double.leastNonzeroMagnitude

/// An upper bound of the exact sum `a + b`: the rounded sum, moved up one ulp when rounding went down
/// (Knuth's TwoSum gives the exact rounding error). Needs built with it are sound under floating point:
/// `x ≥ upperSum(t, c)` implies `fl(x − c) ≥ t` (fl is monotone and `t` is representable).
@inline(__always) func upperSum(_ a: Double, _ b: Double) -> Double {
    let sum = a + b
    let bVirtual = sum - a
    let error = (a - (sum - bVirtual)) + (b - bVirtual)
    return error > 0 ? sum.nextUp : sum
}

extension NodeRef {
    /// Whether a cache entry can describe this node (docs/performance.md "When the cache applies"): a leaf, linear
    /// box or ZBox with fixed or wrap dimensions and no aspect ratio, whose children all qualify. Flows and their
    /// line boxes never qualify (their lines move with the available length). A linear box with growing children
    /// qualifies, but its entries hold only for an unbounded main residual, where nothing grows (`measureAll`).
    /// Computed bottom-up by the engine's init, and up the path by mutations.
    func qualifiesForCache(children: some Sequence<NodeRef>) -> Bool {
        let width = dim(along: .horizontal)
        let height = dim(along: .vertical)
        guard hot.pointee.kind != .flow, cold.pointee.aspect == nil, width.kind == .fixed || width.isWrap,
            height.kind == .fixed || height.isWrap
        else { return false }
        return children.allSatisfy { $0.hot.pointee.cacheable }
    }
}

extension LayoutState {
    /// The need on the node's own offer from its needs on the *children residual* (`inner`) and from its own size.
    ///
    /// 1. `inner = max(R − padding, 0)`: a positive inner need t becomes `R ≥ upperSum(t, padding)`.
    /// 2. A wrap dimension is unclipped when `R ≥ wrapped`, `R ≥ wrapSize(wrapped)` and `R > 0` (§3.2); a residual
    ///    capped by the wrap `max` below that cannot be unclipped, so the entry is invalid.
    /// 3. A fixed dimension's residual is its value whatever the offer: its needs are checked now, once.
    /// 4. `R = max(offer − margins, 0)` (then capped): `offer ≥ upperSum(needR, margins)`.
    func offerNeed(_ index: Int, inner: Size, wrapped: Size) -> Size {
        let node = node(index)
        func need(_ axis: Axis) -> Double {
            let dim = node.dim(along: axis)
            let innerNeed = inner.main(along: axis)
            let padding = regulator(index).pointee.padding.main(along: axis)
            var residualNeed = innerNeed > 0 ? offerThreshold(innerNeed, plus: padding) : -.infinity
            if dim.kind == .fixed { return dim.value >= residualNeed ? -.infinity : .infinity }
            let content = max(wrapped.main(along: axis), 0)
            residualNeed = max(residualNeed, content, dim.wrapSize(content), positive)
            guard residualNeed <= dim.max else { return .infinity }
            return offerThreshold(residualNeed, plus: node.hot.pointee.margin.main(along: axis))
        }
        return Size(width: need(.horizontal), height: need(.vertical))
    }

    /// Stores box `index`'s entry after a calculation under `offered`; an offer outside its own need (the
    /// calculation clipped somewhere) stores `invalid`.
    mutating func storeCache(_ index: Int, offered: Size, inner: Size, wrapped: Size, size: Size) {
        let entry = MeasureCache(need: offerNeed(index, inner: inner, wrapped: wrapped), result: size)
        caches[index] = entry.admits(offered) ? entry : .invalid
    }

    /// A leaf's entry, fixed for the engine's life: its unclipped size depends only on its description.
    ///
    /// 1. A wrap dimension is unclipped when `R ≥ natural`, `R ≥ wrapSize(natural)` and `R > 0` (§3.4); a fixed
    ///    dimension's residual is its value. 2. A fixed 0 with a wrap dimension makes the leaf 0 × 0 for every
    ///    offer (quirk 9). 3. The result is the leaf measured under the need itself.
    func leafCache(_ index: Int) -> MeasureCache {
        let node = node(index)
        let width = node.dim(along: .horizontal)
        let height = node.dim(along: .vertical)
        let hasWrap = width.isWrap || height.isWrap
        let zeroFixed = (width.kind == .fixed && width.value == 0) || (height.kind == .fixed && height.value == 0)
        func need(_ axis: Axis) -> Double {
            let dim = node.dim(along: axis)
            guard dim.isWrap, !zeroFixed else { return -.infinity }
            let natural = node.cold.pointee.natural.main(along: axis)
            let residualNeed = max(natural, dim.wrapSize(max(natural, 0)), positive)
            guard residualNeed <= dim.max else { return .infinity }
            return upperSum(residualNeed, node.hot.pointee.margin.main(along: axis))
        }
        let needSize =
            hasWrap
            ? Size(width: need(.horizontal), height: need(.vertical)) : Size(width: -.infinity, height: -.infinity)
        let entry = MeasureCache(need: needSize, result: .zero)
        guard entry.admits(Size(width: unbounded, height: unbounded)) else { return .invalid }
        // Any offer at least the need is in the unclipped regime; −∞ axes ignore the offer (fixed residual).
        let probe = Size(width: max(needSize.width, 0), height: max(needSize.height, 0))
        return MeasureCache(need: needSize, result: measureLeaf(index, offered: probe))
    }
}
