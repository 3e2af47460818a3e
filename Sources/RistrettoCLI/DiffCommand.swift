import ArgumentParser
import CanonicalJSON
import CaseIO
import Engines
import Foundation
import GDRender
import Gentest
import LayoutCore
import PixelDiff

struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two PNGs the way pixelmatch does.",
        discussion: """
            Prints 'mismatched: N of M pixels'. Exit code 0 when N is within --allowed, 1 otherwise (also for \
            images of different sizes, when no diff image is written), 2 when a file is missing or not a PNG. \
            --format json prints {"mismatched":N,"total":M,"percentage":P,"threshold":T,"includeAA":B} instead \
            (for different sizes: "mismatched":null and an "error").
            """)

    @Argument(help: "The expected PNG.") var expected: String
    @Argument(help: "The actual PNG.") var actual: String
    @Option(help: "Perceptual colour threshold, 0...1 (smaller is stricter).") var threshold: Double = 0.1
    @Flag(help: "Count anti-aliased pixels as mismatches too.") var includeAA = false
    @Option(help: "How many mismatched pixels are still a pass.") var allowed: Int = 0
    @Option(help: "Write the diff image (mismatches red, anti-aliasing yellow) to this PNG.") var output: String?
    @Option(help: "Also time the comparison over N runs and print its throughput in megapixels per second.")
    var benchmarkIterations: Int?
    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    func validate() throws {
        guard threshold.isFinite, (0...1).contains(threshold) else {
            throw ValidationError("--threshold must be within 0...1")
        }
        guard allowed >= 0 else { throw ValidationError("--allowed must be >= 0") }
    }

    func run() throws {
        let expectedImage = try Self.readPNG(expected)
        let actualImage = try Self.readPNG(actual)
        let options = PixelDiff.Options(threshold: threshold, includeAntiAliased: includeAA, diffImage: output != nil)
        let result: PixelDiff.Result
        do {
            result = try PixelDiff.compare(expectedImage, actualImage, options: options)
        } catch {
            if format == .json {
                print(jsonLine(["mismatched": .null, "total": .null, "error": .string("\(error)")]))
            } else {
                print("mismatched: \(error)")
                if output != nil { print("no diff image written: sizes differ") }
            }
            throw ExitCode(1)
        }
        if let output, let diff = result.diffImage { try AtomicFile.write(PNGCodec.encode(diff), to: output) }
        if format == .json {
            let percentage =
                result.totalPixels == 0 ? 0 : 100 * Double(result.mismatchedPixels) / Double(result.totalPixels)
            print(
                jsonLine([
                    "mismatched": .number(Double(result.mismatchedPixels)),
                    "total": .number(Double(result.totalPixels)),
                    "percentage": .number(percentage),
                ]))
        } else {
            print("mismatched: \(result.mismatchedPixels) of \(result.totalPixels) pixels")
        }
        if let iterations = benchmarkIterations, iterations > 0 {
            let timing = PixelDiff.Options(threshold: threshold, includeAntiAliased: includeAA, diffImage: false)
            let start = ContinuousClock.now
            for _ in 0..<iterations { _ = try? PixelDiff.compare(expectedImage, actualImage, options: timing) }
            let seconds = (ContinuousClock.now - start).inSeconds
            print(
                "throughput: \(String(format: "%.1f", Double(result.totalPixels * iterations) / seconds / 1e6)) megapixels/s"
            )
        }
        if result.mismatchedPixels > allowed { throw ExitCode(1) }
    }

    /// One JSON object on one line, keys sorted, with the comparison's settings added.
    func jsonLine(_ fields: [String: CanonicalJSON]) -> String {
        CanonicalJSON.object(
            fields.merging(["threshold": .number(threshold), "includeAA": .bool(includeAA)]) { first, _ in first }
        ).line
    }

    static func readPNG(_ path: String) throws(InputError) -> RGBAImage {
        let bytes = try CaseLoader.readFile(path, limit: 256 << 20)
        do {
            return try PNGCodec.decode([UInt8](bytes))
        } catch {
            throw InputError(file: path, message: error.description)
        }
    }
}

/// The `--format` of commands that print either text for people or JSON for tools.
enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
    case text, json
}
