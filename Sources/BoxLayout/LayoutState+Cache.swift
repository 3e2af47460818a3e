import LayoutCore

/// A node's measurement cache entry (docs/performance.md): every offer within `need ... limit` on both axes (its
/// *regime*) gives `result` and leaves the node's whole subtree (sizes and centres below it) exactly as the last
/// calculation left it.
///
/// Contract: `need` and `limit` bound the *layout residual offered to the node* (margins included), both inclusive.
/// −∞ needs and +∞ limits mean no bound; only flows and the boxes that hold them have finite limits (a line breaks
/// once the line is long enough for the next item). An entry that admits nothing (`invalid`) has `need` = +∞ and
/// `limit` = −∞; NaN never admits.
struct MeasureCache {
    var need: Size
    var limit: Size
    var result: Size

    static let invalid = MeasureCache(
        need: Size(width: .infinity, height: .infinity), limit: Size(width: -.infinity, height: -.infinity),
        result: .zero)

    /// An entry for `regime`; a need of +∞ on either axis (nothing meets it, not even an infinite offer) makes it
    /// `invalid`, so that `admits` needs no test for it.
    init(_ regime: Regime, result: Size) {
        if regime.need.width == .infinity || regime.need.height == .infinity {
            self = .invalid
        } else {
            self.init(need: regime.need, limit: regime.limit, result: result)
        }
    }

    private init(need: Size, limit: Size, result: Size) {
        self.need = need
        self.limit = limit
        self.result = result
    }

    /// The offers this entry admits, as a regime.
    var regime: Regime { Regime(need: need, limit: limit) }

    /// Whether `offered` provably gives `result`. An invalid entry (or a NaN bound or offer) never admits.
    @inline(__always) func admits(_ offered: Size) -> Bool {
        offered.width >= need.width && offered.height >= need.height && offered.width <= limit.width
            && offered.height <= limit.height
    }
}

/// The values of an offer or a residual, per axis and bounds included (`need ≤ x ≤ limit`), under which a
/// calculation takes the same branches and computes the same numbers: its *regime*. −∞ / +∞ mean no bound.
struct Regime {
    var need: Size
    var limit: Size

    /// No bound at all.
    static let any = Regime(
        need: Size(width: -.infinity, height: -.infinity), limit: Size(width: .infinity, height: .infinity))

    /// Narrows to the values that `other` admits too.
    @inline(__always) mutating func narrow(to other: Regime) {
        need = Size(width: max(need.width, other.need.width), height: max(need.height, other.need.height))
        limit = Size(width: min(limit.width, other.limit.width), height: min(limit.height, other.limit.height))
    }

    /// Whether `value` is within the bounds on both axes.
    @inline(__always) func admits(_ value: Size) -> Bool {
        value.width >= need.width && value.height >= need.height && value.width <= limit.width
            && value.height <= limit.height
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

/// A lower bound of the exact sum `a + b`, the mirror of `upperSum`: the rounded sum, moved down one ulp when
/// rounding went up. Limits built with it are sound: `x ≤ lowerSum(u, c)` implies `x − c ≤ u` exactly, so
/// `fl(x − c) ≤ u`. Infinite operands give the infinite sum (the error is then NaN, which moves nothing).
@inline(__always) func lowerSum(_ a: Double, _ b: Double) -> Double {
    let sum = a + b
    let bVirtual = sum - a
    let error = (a - (sum - bVirtual)) + (b - bVirtual)
    return error < 0 ? sum.nextDown : sum
}

extension NodeRef {
    /// Whether a cache entry can describe this node (docs/performance.md "When the cache applies"): a leaf, linear
    /// box, ZBox or flow with fixed or wrap dimensions and no aspect ratio, whose children all qualify; a flow's
    /// lines must be fixed or wrap across it too (`runRowSize`: a fill row shares the run length, which moves with
    /// the offer). A linear box with growing children qualifies, but its entries hold only for an unbounded main
    /// residual, where nothing grows (`measureAll`). A flow's line boxes always keep an entry, which their flow
    /// manages (`rewriteLines`, `setLine`). Computed bottom-up by the engine's init, and up the path by mutations.
    func qualifiesForCache(children: some Sequence<NodeRef>, runRowSize: Dim) -> Bool {
        let width = dim(along: .horizontal)
        let height = dim(along: .vertical)
        guard cold.pointee.aspect == nil, width.kind == .fixed || width.isWrap, height.kind == .fixed || height.isWrap
        else { return false }
        if hot.pointee.kind == .flow && !(runRowSize.kind == .fixed || runRowSize.isWrap) { return false }
        return children.allSatisfy { $0.hot.pointee.cacheable }
    }
}

extension LayoutState {
    /// The regime of node `index`'s own offer, from the regime of its *children residual* that its children's
    /// entries (and, for a flow, its line breaks) allow, `innerRegime`, and from its own size. `inner` is the
    /// children residual of the calculation just made, `wrapped` its content size (padding included), `offered` its
    /// offer.
    ///
    /// 1. A fixed dimension's residual is its value whatever the offer, so its children residual is `inner` for
    ///    every offer: checked now, once (within `innerRegime`: no bound; outside: invalid). So is a flow's fill
    ///    line's, whose offer is its flow's constant line length: its regime is that one offer.
    /// 2. A wrap dimension: `inner = max(R − padding, 0)`, so a positive inner need t becomes
    ///    `R ≥ upperSum(t, padding)` and an inner limit u ≥ 0 becomes `R ≤ lowerSum(u, padding)` (which must be
    ///    ≥ 0, as R is). R is unclipped when `R ≥ wrapped`, `R ≥ wrapSize(wrapped)` and `R > 0` (§3.2). A residual
    ///    capped by the wrap `max` below the need is invalid; a limit at or above `max` is no limit (R never
    ///    passes it).
    /// 3. `R = max(offer − margins, 0)` (then capped): `offer ≥ upperSum(needR, margins)` and
    ///    `offer ≤ lowerSum(limitR, margins)`.
    func offerRegime(_ index: Int, offered: Size, inner: Size, innerRegime: Regime, wrapped: Size) -> Regime {
        let node = node(index)
        let padding = regulator(index).pointee.padding
        let margin = node.hot.pointee.margin
        // Always inlined, with a literal axis: every `main(along:)` folds to one field.
        @inline(__always) func facts(_ axis: Axis) -> AxisFacts {
            AxisFacts(
                offered: offered.main(along: axis), inner: inner.main(along: axis),
                innerNeed: innerRegime.need.main(along: axis), innerLimit: innerRegime.limit.main(along: axis),
                wrapped: wrapped.main(along: axis), padding: padding.main(along: axis),
                margins: margin.main(along: axis))
        }
        let width = Self.axisRegime(node.dim(along: .horizontal), facts(.horizontal))
        let height = Self.axisRegime(node.dim(along: .vertical), facts(.vertical))
        return Regime(
            need: Size(width: width.need, height: height.need), limit: Size(width: width.limit, height: height.limit))
    }

    /// What `offerRegime` reads of one axis of a calculation.
    struct AxisFacts {
        var offered: Double
        /// The children residual now, and its regime.
        var inner: Double
        var innerNeed: Double
        var innerLimit: Double
        /// The content size, padding included.
        var wrapped: Double
        var padding: Double
        var margins: Double
    }

    /// `offerRegime` on one axis, whose description is `dim` (steps 1–3 there).
    @inline(__always)
    private static func axisRegime(_ dim: DimRef, _ axis: AxisFacts) -> (need: Double, limit: Double) {
        // 1. A residual that does not follow the offer.
        if dim.kind != .wrap {
            guard axis.inner >= axis.innerNeed && axis.inner <= axis.innerLimit else { return (.infinity, -.infinity) }
            return dim.kind == .fixed ? (-.infinity, .infinity) : (axis.offered, axis.offered)
        }
        // 2. A wrap dimension.
        let content = max(axis.wrapped, 0)
        let paddedNeed = axis.innerNeed > 0 ? offerThreshold(axis.innerNeed, plus: axis.padding) : -.infinity
        let residualNeed = max(max(paddedNeed, content), max(dim.wrapSize(content), positive))
        let residualLimit = axis.innerLimit == .infinity ? .infinity : lowerSum(axis.innerLimit, axis.padding)
        // A negative limit on R ≥ 0 (or on the inner residual) holds for no offer.
        guard residualNeed <= dim.max, axis.innerLimit >= 0, residualLimit >= 0 else { return (.infinity, -.infinity) }
        // 3. Through the margins.
        return (
            offerThreshold(residualNeed, plus: axis.margins),
            residualLimit >= dim.max ? .infinity : lowerSum(residualLimit, axis.margins)
        )
    }

    /// Stores node `index`'s entry after a calculation under `offered` (see `offerRegime` for the other
    /// arguments); an offer outside its own regime (the calculation clipped somewhere) stores `invalid`.
    mutating func storeCache(
        _ index: Int, offered: Size, inner: Size, innerRegime: Regime, wrapped: Size, size: Size
    ) {
        let regime = offerRegime(index, offered: offered, inner: inner, innerRegime: innerRegime, wrapped: wrapped)
        caches[index] = regime.admits(offered) ? MeasureCache(regime, result: size) : .invalid
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
        let regime = Regime(need: needSize, limit: Regime.any.limit)
        guard regime.admits(Size(width: unbounded, height: unbounded)) else { return .invalid }
        // Any offer at least the need is in the unclipped regime; −∞ axes ignore the offer (fixed residual).
        let probe = Size(width: max(needSize.width, 0), height: max(needSize.height, 0))
        return MeasureCache(regime, result: measureLeaf(index, offered: probe))
    }
}
