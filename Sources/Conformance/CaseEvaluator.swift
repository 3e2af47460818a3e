import BoxLayout
import CanonicalJSON
import CaseIO
import Foundation
import LayoutCore

/// A case laid out: its geometry as JSON, its picture, and how it compares with its own expectations.
public struct Evaluation: Sendable {
    public var geometryJSON: Data
    public var scene: Scene
    public var mismatches: [GeometryMismatch]
    /// The frames of a box or flex case (nil for the other kinds), for reports that draw them.
    public var frames: BoxFrames?
}

public enum CaseEvaluator {
    /// Lays out a case with the pinned font when there is one. Without it, a case that measures or draws no
    /// text still evaluates; one that does fails with the font's missing error (every place it looked).
    public static func evaluate(_ file: CaseFile, font: FontChoice) throws(InputError) -> Evaluation {
        let measurer = font.measurer()
        let evaluation = try evaluate(file, measurer: measurer)
        if let fontless = measurer as? FontlessMeasurer,
            fontless.wasAsked
                || evaluation.scene.items.contains(where: { if case .text = $0.shape { true } else { false } })
        {
            throw font.missingError(file: file.path)
        }
        return evaluation
    }

    /// Lays out a case and checks its expectations. Semantic errors become `InputError`s naming the file.
    public static func evaluate(_ file: CaseFile, measurer: any TextMeasuring) throws(InputError) -> Evaluation {
        do {
            return try evaluate(file.definition, measurer: measurer)
        } catch let error as CaseError {
            throw InputError(file: file.path, jsonPath: error.path, message: error.message)
        } catch let error as InputError {
            throw InputError(file: file.path, jsonPath: error.jsonPath, message: error.message)
        } catch {
            throw InputError(file: file.path, message: "\(error)")
        }
    }

    static func evaluate<Case: CaseDefinition>(_ definition: Case, measurer: any TextMeasuring) throws -> Evaluation {
        let geometry = try definition.layout(measurer: measurer)
        let scene = definition.scene(for: geometry, measurer: measurer)
        // A NaN or infinity must never reach a golden: treat it as a defect of the case's layout, loudly.
        if let problem = scene.firstNonFiniteValue() {
            throw InputError(
                file: "", jsonPath: nil,
                message: "layout produced a non-finite value (\(problem)); this is a bug, please report it")
        }
        return Evaluation(
            geometryJSON: try JSONOutput.encode(geometry),
            scene: scene,
            mismatches: definition.mismatches(in: geometry),
            frames: geometry as? BoxFrames)
    }
}
