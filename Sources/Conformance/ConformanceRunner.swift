import BoxLayout
import CaseIO
import Flexbox
import Foundation
import GDRender
import LayoutCore
import PixelDiff

/// Runs cases: geometry first, then pixels against the golden PNG, writing artifacts for failures.
public struct ConformanceRunner: Sendable {
    public struct Options: Sendable {
        public var golden: String
        /// Where actual and diff PNGs go: `<artifacts>/<case identifier>.actual.png` and `.diff.png`.
        public var artifacts: String
        public var jobs: Int
        /// The pinned font; a run without it still checks every case that has no text.
        public var font: FontChoice
        /// The reference's known failures, case identifier → reason (golden/known-failures/reference.json).
        public var knownFailures: [String: String] = [:]

        public init(golden: String, artifacts: String, jobs: Int, font: FontChoice) {
            self.golden = golden
            self.artifacts = artifacts
            self.jobs = jobs
            self.font = font
        }

        public init(golden: String, artifacts: String, jobs: Int, fontPath: String) {
            self.init(
                golden: golden, artifacts: artifacts, jobs: jobs, font: FontChoice(path: fontPath, searched: [fontPath])
            )
        }
    }

    public let options: Options
    let renderer: GDRenderer

    public init(options: Options) {
        self.options = options
        // Without a font only scenes without text reach the renderer, and they never open the font file.
        self.renderer = GDRenderer(fontPath: options.font.path ?? "")
    }

    /// Runs `identifiers` on `options.jobs` threads; the outcomes come back in the order given, whatever the
    /// number of threads. `progress` is called once per finished case, from any worker thread: it must be thread-safe.
    public func run(_ identifiers: [String], progress: @Sendable (Int, CaseOutcome) -> Void = { _, _ in }) -> RunSummary
    {
        let started = Date()
        let results = OutcomeCollector(count: identifiers.count)
        // Each worker takes the next case when it is free, so one slow case does not idle the others and at
        // most `jobs` images are in memory at once.
        DispatchQueue.concurrentPerform(iterations: max(1, min(options.jobs, identifiers.count))) { _ in
            while let index = results.claimNext() {
                let outcome = run(identifiers[index])
                let finished = results.store(outcome, at: index)
                progress(finished, outcome)
            }
        }
        return RunSummary(outcomes: results.outcomes(), seconds: Date().timeIntervalSince(started))
    }

    /// Runs one case: 1. load, 2. lay out and check geometry, 3. render, 4. diff against the golden (a
    /// geometry-only case stops after 2).
    public func run(_ identifier: String) -> CaseOutcome {
        let clock = ContinuousClock.now
        let casePath = options.golden + "/" + identifier + ".json"
        var outcome = CaseOutcome(
            identifier: identifier, status: .passed, messages: [],
            recordCommand: Self.recordCommand(identifier, golden: options.golden),
            seconds: 0)
        do {
            // 1. Load.
            let file = try CaseLoader.load(casePath, identifier: identifier)
            if let flexCase = file.definition as? FlexCase {
                if let reason = flexCase.referenceRefusal {
                    outcome.status = .skipped
                    outcome.messages = ["the reference refuses this flex case: \(reason)"]
                    outcome.seconds = (ContinuousClock.now - clock).inSeconds
                    return outcome
                }
                if flexCase.answers != nil {
                    try judgeInterop(flexCase, file: file, outcome: &outcome)
                    outcome.seconds = (ContinuousClock.now - clock).inSeconds
                    return outcome
                }
            }
            // 2. Geometry before pixels: a wrong frame explains a pixel failure better than the pixels do.
            let evaluation = try CaseEvaluator.evaluate(file, font: options.font)
            outcome.frames = evaluation.frames?.frames
            if !evaluation.mismatches.isEmpty {
                outcome.status = .failed
                outcome.messages =
                    ["geometry: \(evaluation.mismatches.count) mismatch(es)"]
                    + evaluation.mismatches.prefix(20).map { "  \($0)" }
                    + (evaluation.mismatches.count > 20 ? ["  … and \(evaluation.mismatches.count - 20) more"] : [])
                // `--update-expect` rewrites box expectations the reference answers; chart and seed ones are edited by hand.
                if file.definition is BoxCase, file.foreignSource == nil {
                    outcome.updateExpectCommand = Self.recordCommand(
                        identifier, golden: options.golden, updateExpect: true)
                }
            }
            if let engine = file.foreignSource {
                try checkGeometryOnly(file, engine: engine)
            } else {
                // 3. Render.
                let actual: RGBAImage
                do {
                    actual = try renderer.render(evaluation.scene)
                } catch {
                    throw InputError(file: casePath, message: "render failed: \(error)")
                }
                // 4. Pixels.
                try comparePixels(actual, file: file, outcome: &outcome)
            }
        } catch {
            outcome.status = .error
            outcome.messages = ["\(error)"]
        }
        if outcome.status == .failed, let reason = options.knownFailures[identifier] {
            outcome.status = .known
            outcome.messages.insert("known failure: \(reason)", at: 0)
        } else if outcome.status == .passed, options.knownFailures[identifier] != nil {
            outcome.messages = ["stale known failure: it passes (golden/known-failures/reference.json lists it)"]
        }
        if outcome.status == .passed { removeArtifacts(identifier) }
        if outcome.status != .failed { outcome.frames = nil }
        // Measured here, not in a `defer`: a defer would run after the returned copy was made.
        outcome.seconds = (ContinuousClock.now - clock).inSeconds
        return outcome
    }

    /// An interop case (the browsers disagree, docs/flex-case-format.md "Interop cases"): no engine passes or
    /// fails one, as in the engine matrix; the outcome records whom the reference's frames side with, and when it
    /// sides with none, its first difference from each browser.
    func judgeInterop(_ flexCase: FlexCase, file: CaseFile, outcome: inout CaseOutcome) throws {
        let evaluation = try CaseEvaluator.evaluate(file, font: options.font)
        guard let frames = evaluation.frames else { return }
        let sides = flexCase.sidesWith(frames)
        outcome.sidesWith = sides
        if sides.isEmpty {
            outcome.frames = frames.frames
            outcome.messages = ["interop: sides with no browser"]
            for answer in flexCase.answers ?? [] {
                var judged = flexCase
                judged.answers = nil
                judged.expect = BoxFrames(frames: answer.frames)
                let first = judged.mismatches(in: frames).first.map { "\($0)" } ?? ""
                outcome.messages.append("  \(answer.engine): \(first)")
            }
        } else {
            outcome.messages = ["interop: sides with \(sides.joined(separator: ", "))"]
        }
    }

    /// A geometry-only case (its `expect` answered by `engine`) is checked by its `expect` alone: it must have
    /// one, and a golden PNG next to it is an error, since the reference's picture would pass for the engine's.
    func checkGeometryOnly(_ file: CaseFile, engine: String) throws(InputError) {
        guard (file.definition as? BoxCase)?.expect != nil || (file.definition as? FlexCase)?.expect != nil else {
            throw InputError(
                file: file.path, jsonPath: "$.expect",
                message: "a case answered by \(engine) (it has a source) must have an expect")
        }
        if FileManager.default.fileExists(atPath: file.goldenPNGPath) {
            throw InputError(
                file: file.goldenPNGPath,
                message:
                    "a case answered by \(engine) (it has a source) is geometry-only and must not have a golden PNG")
        }
    }

    func comparePixels(_ actual: RGBAImage, file: CaseFile, outcome: inout CaseOutcome) throws(InputError) {
        let goldenPath = file.goldenPNGPath
        let actualPath = artifactPath(file.identifier, "actual")
        guard FileManager.default.fileExists(atPath: goldenPath) else {
            try AtomicFile.write(PNGCodec.encode(actual), to: actualPath)
            outcome.status = .failed
            outcome.pixelsFailed = true
            outcome.actualPNG = actualPath
            outcome.messages.append("golden PNG missing: \(goldenPath) (goldens are never recorded silently)")
            return
        }
        let goldenBytes = try CaseLoader.readFile(goldenPath, limit: 256 << 20)
        let expected: RGBAImage
        do {
            expected = try PNGCodec.decode([UInt8](goldenBytes))
        } catch {
            throw InputError(file: goldenPath, message: error.description)
        }
        outcome.expectedPNG = goldenPath
        let tolerance = file.tolerance
        let result: PixelDiff.Result
        do {
            // Count first without a diff image: a passing case then costs only the comparison. Draw the
            // diff image only for a case that fails.
            let counting = try PixelDiff.compare(
                expected, actual, options: .init(threshold: tolerance.threshold, diffImage: false))
            result =
                counting.mismatchedPixels > tolerance.pixels
                ? try PixelDiff.compare(expected, actual, options: .init(threshold: tolerance.threshold)) : counting
        } catch {
            try AtomicFile.write(PNGCodec.encode(actual), to: actualPath)
            outcome.status = .failed
            outcome.pixelsFailed = true
            outcome.actualPNG = actualPath
            outcome.messages.append("\(error)")
            return
        }
        outcome.mismatchedPixels = result.mismatchedPixels
        outcome.totalPixels = result.totalPixels
        if result.mismatchedPixels > tolerance.pixels {
            outcome.status = .failed
            outcome.pixelsFailed = true
            outcome.messages.append(
                "pixels: \(result.mismatchedPixels) of \(result.totalPixels) differ (allowed \(tolerance.pixels), threshold \(tolerance.threshold))"
            )
            if let diff = result.diffImage {
                let diffPath = artifactPath(file.identifier, "diff")
                try AtomicFile.write(PNGCodec.encode(diff), to: diffPath)
                outcome.diffPNG = diffPath
            }
        }
        if outcome.status == .failed {
            try AtomicFile.write(PNGCodec.encode(actual), to: actualPath)
            outcome.actualPNG = actualPath
        }
    }

    /// `<artifacts>/<identifier>.<role>.png`: stable names, one file per case and role, overwritten each run.
    public func artifactPath(_ identifier: String, _ role: String) -> String {
        options.artifacts + "/" + identifier + "." + role + ".png"
    }

    func removeArtifacts(_ identifier: String) {
        for role in ["actual", "diff"] {
            try? FileManager.default.removeItem(atPath: artifactPath(identifier, role))
        }
    }

    static func recordCommand(_ identifier: String, golden: String, updateExpect: Bool = false) -> String {
        "ristretto record\(updateExpect ? " --update-expect" : "") --golden \(golden) --filter '\(identifier)'"
    }

}

/// Hands out case indices to workers and keeps their outcomes in input order.
final class OutcomeCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var finished = 0
    private var slots: [CaseOutcome?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func claimNext() -> Int? {
        lock.withLock {
            guard next < slots.count else { return nil }
            defer { next += 1 }
            return next
        }
    }

    /// Stores an outcome and returns how many cases have finished.
    func store(_ outcome: CaseOutcome, at index: Int) -> Int {
        lock.withLock {
            slots[index] = outcome
            finished += 1
            return finished
        }
    }

    func outcomes() -> [CaseOutcome] { lock.withLock { slots.compactMap { $0 } } }
}
