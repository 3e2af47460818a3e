import ArgumentParser
import Benchmarking
import BoxLayout
import CanonicalJSON
import CaseIO
import Engines
import Flexbox
import Foundation
import Gentest
import Judging

extension LayoutCommand {
    /// `layout --engine PEER`: what that engine answers for the flex or box case, in the reference's JSON shape
    /// (sorted keys), so a case author sees at once what Yoga, Taffy or a browser does with their case.
    /// - Throws: `InputError` (exit 2) when the case is neither a flex nor a box case, the engine is not installed,
    ///   or it refuses the case (`CASE: refused by yoga: $.case.root.values.order: …`) or fails.
    func layOut(_ file: CaseFile, with peer: PeerEngine) throws {
        guard file.definition is BoxCase || file.definition is FlexCase else {
            throw InputError(
                file: casePath, message: "\(peer.name) lays out flex and box cases only (peers judge geometry)")
        }
        if let reason = peer.adapter.unavailableReason {
            throw InputError(file: "--engine", message: "\(peer.name) is \(reason); \(peer.installHint)")
        }
        defer { peer.adapter.shutDown() }
        let frames: [PeerFrame]
        do {
            frames = try peer.adapter.layout(
                caseJSON: try CaseLoader.readFile(casePath, limit: CaseLoader.maxFileBytes))
        } catch EngineError.adapter(_, let message) {
            throw InputError(file: casePath, message: "refused by \(peer.name): \(message)")
        } catch let error as InputError {
            throw error
        } catch {
            throw InputError(file: casePath, message: "\(error)")
        }
        // JSON has no NaN: an undefined coordinate is written null, and named here so that it is not taken for 0.
        for coordinate in nonFiniteCoordinates(in: frames) {
            FileHandle.standardError.write(Data("note: \(peer.name) answered \(coordinate) (written as null)\n".utf8))
        }
        FileHandle.standardOutput.write(try JSONOutput.encode(BoxFrames(frames: frames)))
    }
}
