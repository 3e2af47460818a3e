import Foundation
import GDRender
import LayoutCore
import PixelDiff
import SnapshotTesting

#if canImport(Testing)
    import Testing
#endif

extension Diffing where Value == Data {
    /// PNG bytes compared as pixels with PixelDiff (pixelmatch's algorithm); the diffing behind `.image` and `.frames`.
    ///
    /// Byte-identical PNGs match without decoding. Otherwise both are decoded through GDRender and compared: they match
    /// when at most `allowedPixels` pixels differ by more than `threshold`, and anti-aliased pixels are excused. A
    /// failure draws the diff image (mismatches red, excused anti-aliasing yellow, the rest the reference in faded
    /// grey), writes it to `<SNAPSHOT_ARTIFACTS or the temporary directory>/<test file>/<test>.<digest>.diff.png`,
    /// attaches it to the running Swift Testing test, and names its path and the counts in the message.
    /// - Parameters:
    ///   - threshold: pixelmatch's per-pixel colour threshold, 0...1: a pixel differs when its squared YIQ colour
    ///     delta exceeds 35215 × threshold². **Default 0.1**, pixelmatch's and the conformance suite's.
    ///   - allowedPixels: how many pixels may differ and the images still match. **Default 0.**
    public static func png(threshold: Double = 0.1, allowedPixels: Int = 0) -> Diffing {
        let comparison = PNGComparison(threshold: threshold, allowedPixels: allowedPixels)
        return .diff(
            toData: { $0 }, fromData: { $0 },
            diffV2: { reference, actual in comparison.mismatch(reference: reference, actual: actual)?.reported() })
    }
}

/// Compares two snapshots' bytes as images. Pure: reading the environment and writing files happen in `reported()`.
struct PNGComparison {
    var threshold: Double
    var allowedPixels: Int

    /// Why two snapshots do not match: the message, and the diff image when one could be drawn.
    struct Mismatch {
        var message: String
        var diffPNG: [UInt8]?
    }

    /// Nil when the images match. A snapshot that is not a PNG (a render failure, see `SnapshotPNG.failure`) never
    /// matches, even a reference recorded from the same failure.
    func mismatch(reference: Data, actual: Data) -> Mismatch? {
        // 1. A render failure is reported as it is.
        if let failure = SnapshotPNG.failureMessage(actual) {
            return Mismatch(message: "could not render the snapshot: \(failure)")
        }
        // 2. The fast path: identical bytes.
        if reference == actual { return nil }
        // 3. Decode both through GDRender.
        let actualImage: RGBAImage
        let referenceImage: RGBAImage
        do {
            actualImage = try PNGCodec.decode([UInt8](actual))
        } catch {
            return Mismatch(message: "the snapshot is not a readable PNG: \(error)")
        }
        do {
            referenceImage = try PNGCodec.decode([UInt8](reference))
        } catch {
            return Mismatch(message: "the reference is not a readable PNG (\(error)); record it again")
        }
        // 4. Compare; different sizes have no diff image.
        let result: PixelDiff.Result
        do {
            result = try PixelDiff.compare(referenceImage, actualImage, options: .init(threshold: threshold))
        } catch {
            return Mismatch(message: "\(error)")
        }
        guard result.mismatchedPixels > allowedPixels else { return nil }
        let excused = result.antiAliasedPixels > 0 ? "; \(result.antiAliasedPixels) more excused as anti-aliasing" : ""
        return Mismatch(
            message:
                "pixels: \(result.mismatchedPixels) of \(result.totalPixels) differ (allowed \(allowedPixels),"
                + " threshold \(threshold)\(excused))",
            diffPNG: result.diffImage.map(PNGCodec.encode))
    }
}

extension PNGComparison.Mismatch {
    /// The message and attachment for `Diffing`, after writing the diff image where the message says and attaching it
    /// to the running Swift Testing test (swift-snapshot-testing attaches nothing on Linux).
    func reported() -> (String, [DiffAttachment]) {
        guard let diffPNG else { return (message, []) }
        let file = DiffImageFile(png: diffPNG)
        var lines = [message]
        do {
            try FileManager.default.createDirectory(
                at: file.url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(diffPNG).write(to: file.url, options: .atomic)
            lines.append("diff image (mismatches red, anti-aliasing yellow): \(file.url.path)")
        } catch {
            lines.append("the diff image could not be written to \(file.url.path): \(error.localizedDescription)")
        }
        lines.append("To accept the new image, run the test again with SNAPSHOT_TESTING_RECORD=failed.")
        #if canImport(Testing) && (os(Linux) || os(Windows) || os(Android))
            if Test.current != nil { Attachment.record(diffPNG, named: file.url.lastPathComponent) }
        #endif
        return (lines.joined(separator: "\n"), [.data(Data(diffPNG), name: file.url.lastPathComponent)])
    }
}

/// Where a diff image goes: the artifacts folder swift-snapshot-testing writes the failed snapshot to
/// (`SNAPSHOT_ARTIFACTS`, else the temporary directory), in the test file's folder, named after the test and a digest
/// of the image, so the same failure overwrites its own file and two failures in one test keep both.
struct DiffImageFile {
    var url: URL

    init(png: [UInt8]) {
        var folder = URL(
            fileURLWithPath: ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"] ?? NSTemporaryDirectory(),
            isDirectory: true)
        var name = "snapshot"
        #if canImport(Testing)
            if let test = Test.current {
                folder.appendPathComponent(
                    URL(fileURLWithPath: test.sourceLocation.fileName).deletingPathExtension().lastPathComponent)
                name = Self.sanitized(test.name)
            }
        #endif
        url = folder.appendingPathComponent("\(name).\(Self.digest(png)).diff.png")
    }

    /// swift-snapshot-testing's rule for a test name in a file name: each run of non-word characters becomes `-`, and
    /// a leading or trailing `-` is dropped (`chart()` → `chart`).
    static func sanitized(_ name: String) -> String {
        name.replacingOccurrences(of: "\\W+", with: "-", options: .regularExpression)
            .replacingOccurrences(of: "^-|-$", with: "", options: .regularExpression)
    }

    /// 16 hex digits of FNV-1a over the bytes: the same on every machine and run.
    static func digest(_ bytes: [UInt8]) -> String { FNV1a.hex(bytes) }
}
