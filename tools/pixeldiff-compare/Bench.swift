// Times PixelDiff.compare on one pair of raw RGBA files. Built by compare.py together with the PixelDiff
// sources (`swiftc -O -wmo -parse-as-library -module-name PixelDiffBench Sources/PixelDiff/*.swift Bench.swift`)
// because the package manifest has no benchmark target for it.
//
// Usage: pixeldiff-bench WIDTH HEIGHT EXPECTED.rgba ACTUAL.rgba REPEATS [DIFF_OUT.rgba]
// Prints one line per variant: `variant=<name> median_s=<seconds> min_s=<seconds> mismatched=<n> antialiased=<n>`,
// and writes the default options' diff image as raw RGBA when DIFF_OUT is given (for cross-checking).
import Foundation

@main
struct Bench {
    static func main() throws {
        let arguments = CommandLine.arguments
        guard arguments.count == 6 || arguments.count == 7, let width = Int(arguments[1]), let height = Int(arguments[2]),
            let repeats = Int(arguments[5]), repeats > 0
        else {
            FileHandle.standardError.write(Data("usage: pixeldiff-bench W H EXPECTED.rgba ACTUAL.rgba REPEATS [DIFF_OUT.rgba]\n".utf8))
            exit(2)
        }
        let expected = try RGBAImage(
            width: width, height: height, pixels: [UInt8](try Data(contentsOf: URL(fileURLWithPath: arguments[3]))))
        let actual = try RGBAImage(
            width: width, height: height, pixels: [UInt8](try Data(contentsOf: URL(fileURLWithPath: arguments[4]))))

        for (name, options) in [
            ("diff-image", PixelDiff.Options()),
            ("count-only", PixelDiff.Options(diffImage: false)),
        ] {
            var samples: [Double] = []
            var last: PixelDiff.Result?
            for _ in 0..<(repeats + 1) {  // the first run warms caches and is dropped
                let clock = ContinuousClock()
                let start = clock.now
                let result = try PixelDiff.compare(expected, actual, options: options)
                let elapsed = start.duration(to: clock.now)
                samples.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
                // Black-hole the result and check it is valid, so the work cannot be optimised away.
                precondition(result.totalPixels == width * height)
                precondition(!options.diffImage || result.diffImage?.pixels.count == width * height * 4)
                last = result
            }
            samples.removeFirst()
            samples.sort()
            let median = samples[samples.count / 2]
            print(
                "variant=\(name) median_s=\(median) min_s=\(samples[0])"
                    + " mismatched=\(last!.mismatchedPixels) antialiased=\(last!.antiAliasedPixels)")
            if arguments.count == 7, let diff = last?.diffImage {
                try Data(diff.pixels).write(to: URL(fileURLWithPath: arguments[6]))
            }
        }
    }
}
