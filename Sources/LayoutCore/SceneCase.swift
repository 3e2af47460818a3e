/// The "scene" case kind: a display list written out by hand, to exercise the renderer before any layout core.
/// Its geometry is the scene itself, so it carries no `expect`.
public struct SceneCase: CaseDefinition, Decodable {
    public var name: String
    public var description: String?
    public var tolerance: Tolerance
    public var scene: Scene

    enum CodingKeys: String, CodingKey, CaseIterable { case size, background, items }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.caseContainer(keyedBy: CodingKeys.self, kind: "scene")
        let common = try decoder.container(keyedBy: CaseCommonKey.self)
        if common.contains(.expect) {
            throw common.invalidValue("a scene case carries no 'expect': its geometry is its own input", at: .expect)
        }
        (name, description, tolerance) = try decoder.caseHeader()
        scene = Scene(
            size: try container.decode(Size.self, forKey: .size),
            background: try container.decodeIfPresent(Color.self, forKey: .background),
            items: try container.decode([SceneItem].self, forKey: .items))
    }

    public func layout(measurer: any TextMeasuring) throws -> Scene { scene }
    public func scene(for geometry: Scene, measurer: any TextMeasuring) -> Scene { geometry }
    public func mismatches(in geometry: Scene) -> [GeometryMismatch] { [] }
}
