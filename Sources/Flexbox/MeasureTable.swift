import LayoutCore

/// How a measure function is asked along one axis, in Yoga's terms: the size is exact, a maximum, or not given
/// (max-content). Written as Yoga writes them: `exactly`, `at-most`, `undefined`.
public enum MeasureMode: String, CaseIterable, Hashable, Sendable {
    case exactly
    case atMost = "at-most"
    case undefined
}

/// One axis of a measure request: a mode and, **unless the mode is `undefined`, a size** (finite, ≥ 0, the content
/// box's). An `undefined` axis has no size: it does not constrain the measurement.
public struct MeasureConstraint: Hashable, Sendable {
    public private(set) var mode: MeasureMode
    /// nil exactly when `mode` is `undefined`.
    public private(set) var size: Double?

    /// The axis without a size (max-content).
    public static let undefined = MeasureConstraint(mode: .undefined, size: nil)

    /// The exact size along the axis.
    public static func exactly(_ size: Double) -> MeasureConstraint { MeasureConstraint(mode: .exactly, size: size) }

    /// At most `size` along the axis.
    public static func atMost(_ size: Double) -> MeasureConstraint { MeasureConstraint(mode: .atMost, size: size) }

    /// How far this request is from `other` along the axis: whether the modes differ, and how far apart the sizes
    /// are when both have one (0 when either has none).
    func distance(to other: MeasureConstraint) -> (mismatch: Int, size: Double) {
        let sizes = size.flatMap { mine in other.size.map { abs(mine - $0) } } ?? 0
        return (mode == other.mode ? 0 : 1, sizes)
    }
}

/// One recorded call of a leaf's measure function: what it was asked along each axis and what it answered.
public struct MeasureRecord: Hashable, Sendable {
    public var width: MeasureConstraint
    public var height: MeasureConstraint
    /// The content-box size the measure function answered (finite, ≥ 0).
    public var output: Size

    public init(width: MeasureConstraint, height: MeasureConstraint, output: Size) {
        self.width = width
        self.height = height
        self.output = output
    }

    /// Whether two records were asked the same thing (modes equal, sizes equal where they have one).
    func hasInputs(of other: MeasureRecord) -> Bool { width == other.width && height == other.height }
}

/// A measured leaf's **measure table** (docs/flex-case-format.md "Measure tables"): the calls its measure function
/// answered in a recorded layout (Yoga's captures), replayed instead of a fixed content size. Never empty; no two
/// records have the same inputs when decoded.
public struct MeasureTable: Hashable, Sendable {
    /// The records in the order they were recorded; on a tie, the earlier answers.
    public private(set) var records: [MeasureRecord]

    /// A table of `records`, which must not be empty.
    public init(_ records: [MeasureRecord]) {
        precondition(!records.isEmpty, "a measure table has at least one record")
        self.records = records
    }

    /// The record that answers a request: the one with the fewest axes whose mode differs from the request's, then
    /// the least sum over both axes of |request size − recorded size| (an axis counts where both have a size), then
    /// the earliest. **A record whose inputs match the request exactly is therefore always chosen** (0 and 0).
    public func record(width: MeasureConstraint, height: MeasureConstraint) -> MeasureRecord {
        var best = records[0]
        var bestKey = (mismatch: Int.max, size: Double.infinity)
        for record in records {
            let (widthDistance, heightDistance) = (width.distance(to: record.width), height.distance(to: record.height))
            let key = (
                mismatch: widthDistance.mismatch + heightDistance.mismatch,
                size: widthDistance.size + heightDistance.size
            )
            if key.mismatch < bestKey.mismatch || key.mismatch == bestKey.mismatch && key.size < bestKey.size {
                best = record
                bestKey = key
            }
        }
        return best
    }

    /// What the measured leaf answers: the chosen record's output, except along an axis asked `exactly`, where it is
    /// the size asked (as for a fixed content size; Yoga and Taffy use that size there whatever the answer).
    public func answer(width: MeasureConstraint, height: MeasureConstraint) -> Size {
        let output = record(width: width, height: height).output
        return Size(
            width: width.mode == .exactly ? width.size ?? output.width : output.width,
            height: height.mode == .exactly ? height.size ?? output.height : output.height)
    }

    /// Whether the table says nothing beyond the fixed content size `content`: every record answered exactly
    /// `content`. Only then can an engine without replay (the reference, a browser) lay the leaf out as `content`.
    public func isExact(for content: Size) -> Bool { records.allSatisfy { $0.output == content } }
}

// MARK: JSON

extension MeasureRecord: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable { case width, widthMode, height, heightMode, output }

    /// `{"width": 603, "widthMode": "at-most", "heightMode": "undefined", "output": {"width": 48, "height": 14}}`:
    /// each mode required, each size given exactly when its mode is not `undefined`, sizes and output finite, ≥ 0.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.strictContainer(keyedBy: CodingKeys.self)
        width = try Self.constraint(container, size: .width, mode: .widthMode)
        height = try Self.constraint(container, size: .height, mode: .heightMode)
        output = try container.decode(Size.self, forKey: .output)
    }

    private static func constraint(
        _ container: KeyedDecodingContainer<CodingKeys>, size sizeKey: CodingKeys, mode modeKey: CodingKeys
    ) throws -> MeasureConstraint {
        let text = try container.decode(String.self, forKey: modeKey)
        guard let mode = MeasureMode(rawValue: text) else {
            let allowed = MeasureMode.allCases.map(\.rawValue).joined(separator: ", ")
            throw container.invalidValue("expected one of \(allowed), got \(CSSProperty.quoted(text))", at: modeKey)
        }
        guard mode != .undefined else {
            if container.contains(sizeKey) {
                throw container.invalidValue(
                    "an axis whose mode is undefined has no size: leave '\(sizeKey.stringValue)' out", at: sizeKey)
            }
            return .undefined
        }
        guard container.contains(sizeKey) else {
            throw container.invalidValue(
                "'\(sizeKey.stringValue)' is required when \(modeKey.stringValue) is \(mode.rawValue)", at: sizeKey)
        }
        let size = try container.decodeFinite(sizeKey)
        guard size >= 0 else {
            throw container.invalidValue("expected a number ≥ 0, got \(shortestText(size))", at: sizeKey)
        }
        return MeasureConstraint(mode: mode, size: size)
    }

    /// Writes the modes, the sizes that exist and the output.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(width.size, forKey: .width)
        try container.encode(width.mode.rawValue, forKey: .widthMode)
        try container.encodeIfPresent(height.size, forKey: .height)
        try container.encode(height.mode.rawValue, forKey: .heightMode)
        try container.encode(output, forKey: .output)
    }
}

extension MeasureTable: Codable {
    /// A JSON array of records: not empty, and no record repeats an earlier one's inputs (the error names both).
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var records: [MeasureRecord] = []
        while !container.isAtEnd {
            let index = container.currentIndex
            let record = try container.decode(MeasureRecord.self)
            if let earlier = records.firstIndex(where: { $0.hasInputs(of: record) }) {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: decoder.codingPath + [AnyCodingKey(intValue: index)],
                        debugDescription: "repeats the inputs of record \(earlier): each input is recorded once"))
            }
            records.append(record)
        }
        guard !records.isEmpty else {
            throw decoder.invalidValue("a measure table has at least one record (leave 'measure' out for none)")
        }
        self.records = records
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(records)
    }
}
