import LayoutCore

/// One active node's frame; encodes as `{"path":[…],"id":"…"(only when present),"x":…,"y":…,"width":…,"height":…}`.
/// x and y are relative to the parent's outer top-left corner (its padding box), as in Puyopuyo.
public struct BoxFrame: Codable, Hashable, Sendable {
    /// Child indices from the root (among all children, inactive ones included); the root's path is `[]`.
    public var path: [Int]
    public var id: String?
    public var frame: Rect

    public init(path: [Int], id: String? = nil, frame: Rect) {
        self.path = path
        self.id = id
        self.frame = frame
    }

    enum CodingKeys: String, CodingKey, CaseIterable { case path, id, x, y, width, height }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        path = try container.decode([Int].self, forKey: .path)
        if let negative = path.first(where: { $0 < 0 }) {
            throw container.invalidValue("path indices are >= 0, got \(negative)", at: .path)
        }
        id = try container.decodeIfPresent(String.self, forKey: .id)
        let width = try container.decodeFinite(.width)
        let height = try container.decodeFinite(.height)
        guard width >= 0 else { throw container.invalidValue("width must be >= 0, got \(width)", at: .width) }
        guard height >= 0 else { throw container.invalidValue("height must be >= 0, got \(height)", at: .height) }
        frame = Rect(x: try container.decodeFinite(.x), y: try container.decodeFinite(.y), width: width, height: height)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(path, forKey: .path)
        try container.encodeIfPresent(id, forKey: .id)
        try container.encode(frame.x, forKey: .x)
        try container.encode(frame.y, forKey: .y)
        try container.encode(frame.width, forKey: .width)
        try container.encode(frame.height, forKey: .height)
    }

    /// How a mismatch names the node: `node [0, 2] "title"`.
    public var subject: String {
        "node [\(path.map(String.init).joined(separator: ", "))]" + (id.map { " \"\($0)\"" } ?? "")
    }
}

/// Encodes as `{"frames":[…]}`: every active node in pre-order.
public struct BoxFrames: Codable, Hashable, Sendable {
    public var frames: [BoxFrame]

    public init(frames: [BoxFrame]) { self.frames = frames }

    enum CodingKeys: String, CodingKey, CaseIterable { case frames }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        frames = try container.decode([BoxFrame].self, forKey: .frames)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(frames, forKey: .frames)
    }

    /// Each frame in the coordinates of the root's parent, in the same order as `frames`: a frame's origin plus its
    /// parent's. Pre-order lists a parent before its children; a parent that is not listed counts as at the origin.
    public var absoluteRects: [Rect] {
        var origins: [[Int]: Point] = [:]
        return frames.map { frame in
            let parent = frame.path.isEmpty ? Point.zero : origins[Array(frame.path.dropLast())] ?? .zero
            let origin = parent + frame.frame.origin
            origins[frame.path] = origin
            return Rect(origin: origin, size: frame.frame.size)
        }
    }
}
