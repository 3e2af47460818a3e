import Flexbox
import LayoutCore

/// Shrinks a flex case to a minimal one that still shows a property (an engine disagreeing with the oracle in the
/// same way): the flex steps of the one greedy loop (`GreedyShrinker`), which the box shrinker shares. Pure apart
/// from what `holds` does (docs/gentest.md "Fuzzing flex cases").
public enum FlexCaseShrinker {
    /// The steps of `candidates(of:)`, biggest first: a step of a kind is tried again from its kind after each
    /// success, and every kind once more before stopping.
    public enum Step: Int, CaseIterable, Comparable, Sendable {
        /// Half of an element's children removed (the first or the second half, with their subtrees).
        case halveChildren
        /// One child removed, with its subtree.
        case removeChild
        /// An element replaced by one of its children (the root too).
        case hoistChild
        /// A viewport dimension made `null` (max-content).
        case unboundViewport
        /// One style property dropped (back to its initial value).
        case dropProperty
        /// A leaf's content dropped (an empty leaf).
        case dropContent
        /// One number made simpler: a length, percentage, content or viewport dimension to 0 or a round value below
        /// it (10, 20, 50, 100, 200; toward 0 when negative), a flex factor or `order` toward 0, an aspect-ratio 1.
        case lowerNumber

        public static func < (lhs: Step, rhs: Step) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The smallest case reached from `start` by the steps of `candidates(of:)` while `holds` stays true
    /// (`GreedyShrinker`). Terminates: every step removes an element, a property or content, unbounds a dimension or
    /// brings a number closer to its simplest value, and at most `budget` candidates are tried.
    public static func shrink(_ start: FlexCase, budget: Int = 2000, holds: (FlexCase) -> Bool) -> FlexCase {
        GreedyShrinker.shrink(start, budget: budget, candidates: candidates(of:), holds: holds)
    }

    /// How big a case is, for comparing an original with its shrunk form: elements, plus given properties, plus
    /// leaves with content, plus definite viewport dimensions.
    public static func size(of flexCase: FlexCase) -> Int {
        let root = flexCase.root
        let elements = root.preorderPaths.map(root.element(at:))
        return elements.count + elements.reduce(0) { $0 + $1.style.properties.count + ($1.content == nil ? 0 : 1) }
            + (flexCase.viewport.width == nil ? 0 : 1) + (flexCase.viewport.height == nil ? 0 : 1)
    }

    /// Every one-step simplification of `flexCase`, each tagged with its step, in step order.
    public static func candidates(of flexCase: FlexCase) -> [(step: Step, candidate: FlexCase)] {
        var result: [(Step, FlexCase)] = []
        let root = flexCase.root
        let paths = root.preorderPaths
        func changing(_ path: [Int], _ change: (inout FlexElement) -> Void) -> FlexCase {
            var copy = flexCase
            copy.root.update(path, change)
            return copy
        }
        // 1. Halves of long child lists, then single children.
        for path in paths {
            let count = root.element(at: path).children.count
            guard count >= 4 else { continue }
            result.append((.halveChildren, changing(path) { $0.children.removeFirst(count / 2) }))
            result.append((.halveChildren, changing(path) { $0.children.removeLast(count - count / 2) }))
        }
        for path in paths {
            for index in root.element(at: path).children.indices {
                result.append((.removeChild, changing(path) { $0.children.remove(at: index) }))
            }
        }
        // 2. An element replaced by one of its children.
        for path in paths {
            for child in root.element(at: path).children {
                result.append((.hoistChild, changing(path) { $0 = child }))
            }
        }
        // 3. The viewport unbounded.
        if flexCase.viewport.width != nil {
            var copy = flexCase
            copy.viewport.width = nil
            result.append((.unboundViewport, copy))
        }
        if flexCase.viewport.height != nil {
            var copy = flexCase
            copy.viewport.height = nil
            result.append((.unboundViewport, copy))
        }
        // 4. Properties dropped, content dropped.
        for path in paths {
            for property in root.element(at: path).style.properties {
                result.append((.dropProperty, changing(path) { try? $0.style.set(property, to: nil) }))
            }
        }
        for path in paths where root.element(at: path).content != nil {
            result.append((.dropContent, changing(path) { $0.content = nil }))
        }
        // 5. Numbers lowered.
        for path in paths {
            let element = root.element(at: path)
            for (property, value) in element.style {
                for smaller in smallerValues(value, of: property) {
                    var changed = element.style
                    guard (try? changed.set(property, to: smaller)) != nil else { continue }
                    result.append((.lowerNumber, changing(path) { $0.style = changed }))
                }
            }
            if let content = element.content {
                for width in smaller(content.width) {
                    result.append((.lowerNumber, changing(path) { $0.content?.width = width }))
                }
                for height in smaller(content.height) {
                    result.append((.lowerNumber, changing(path) { $0.content?.height = height }))
                }
            }
        }
        for width in smaller(flexCase.viewport.width) {
            var copy = flexCase
            copy.viewport.width = width
            result.append((.lowerNumber, copy))
        }
        for height in smaller(flexCase.viewport.height) {
            var copy = flexCase
            copy.viewport.height = height
            result.append((.lowerNumber, copy))
        }
        return result
    }

    /// Simpler values of one property: lengths and percentages closer to 0 (`towardZero`), flex factors and
    /// `order` toward 0 (flex-shrink toward its initial 1 as well), an aspect-ratio of 1.
    static func smallerValues(_ value: CSSValue, of property: CSSProperty) -> [CSSValue] {
        switch value {
        case .px(let length): return towardZero(length).map(CSSValue.px)
        case .percent(let share): return towardZero(share).map(CSSValue.percent)
        case .number(let number):
            switch property {
            case .aspectRatio: return number == 1 ? [] : [.number(1)]
            case .order: return number == 0 ? [] : [.number(0)]
            default:
                var values: [Double] = []
                if number > 1 { values.append(1) }
                if number > 0, number != 1 { values.append(0) }
                if number > 1, (number - 1).rounded() == number - 1, number - 1 != 1 { values.append(number - 1) }
                return values.map(CSSValue.number)
            }
        case .keyword: return []
        }
    }

    /// Values between `value` and 0, readable ones only: 0, then the round values 10, 20, 50, 100, 200 below it.
    /// **Why not halving**: halving ends at 2 px boxes and 0 × 2 leaves, minimal but hard to read; these steps end
    /// at 0 or a round number, which a person can check by hand, and still strictly decrease.
    static func towardZero(_ value: Double) -> [Double] {
        if value < 0 { return smaller(-value).map { -$0 } }
        return smaller(value)
    }

    /// Smaller values ≥ 0 to try: 0, then the round values below `value`, largest last.
    static func smaller(_ value: Double?) -> [Double] {
        guard let value, value > 0 else { return [] }
        return [0] + roundValues.filter { $0 < value }
    }

    static let roundValues: [Double] = [10, 20, 50, 100, 200]
}
