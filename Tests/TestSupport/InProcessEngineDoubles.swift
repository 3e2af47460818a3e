import BoxLayout
import Engines
import Flexbox
import LayoutCore

/// In-process engines whose answers a test knows: each starts from the case's own `expect`, so a test can make an
/// engine right, wrong at one node, or refusing, on any golden case.
public struct ExpectEngine: InProcessLayoutEngine {
    /// How the engine departs from the expectation.
    public enum Behaviour: Sendable {
        /// Answers the expectation.
        case exact
        /// Moves the node at `path` right by `by` px.
        case shiftX(path: [Int], by: Double)
        /// Refuses every case with `reason`.
        case refuse(String)
    }

    public let name: String
    public let behaviour: Behaviour

    public init(name: String, _ behaviour: Behaviour = .exact) {
        self.name = name
        self.behaviour = behaviour
    }

    public func layout(_ flexCase: FlexCase) throws -> [PeerFrame] {
        try answer(flexCase.expect?.frames)
    }

    public func layout(_ boxCase: BoxCase) throws -> [PeerFrame] {
        try answer(boxCase.expect?.frames)
    }

    func answer(_ expected: [PeerFrame]?) throws -> [PeerFrame] {
        guard let expected else { throw LayoutRefusal("$.expect: the test double answers cases with expect only") }
        switch behaviour {
        case .exact:
            return expected
        case .shiftX(let path, let offset):
            return expected.map { frame in
                var moved = frame
                if frame.path == path { moved.frame.origin.x += offset }
                return moved
            }
        case .refuse(let reason):
            throw LayoutRefusal(reason)
        }
    }
}
