// The driver tools/bench-instructions runs under callgrind to count the instructions of each benchmark's calls
// (docs/benchmarks.md, "Instruction counts"). It makes the calls exactly as `ristretto bench` times them and runs
// each inside `ristretto_counted_call`, the one function callgrind collects in
// (`--collect-atstart=no --toggle-collect=ristretto_counted_call`): building trees, the first layout of a kept tree
// and the driver itself are not counted.
import ArgumentParser
import Benchmarking
import Engines
import Flexbox
import Foundation
import LayoutCore

/// The call `ristretto_counted_call` makes, and what it answered. Globals, so that the counted function has no
/// parameters and a plain symbol; the driver is single-threaded.
nonisolated(unsafe) private var pendingCall: () -> Size = { .zero }
nonisolated(unsafe) private var countedSize = Size.zero

/// Named for callgrind's `--toggle-collect`: collection is on exactly while this function runs. `@_silgen_name`
/// gives the Swift function itself this symbol (`@_cdecl` would add a C thunk that Swift callers bypass); never
/// inlined, or there would be no function to toggle on.
@_silgen_name("ristretto_counted_call") @inline(never)
func countedCall() {
    countedSize = pendingCall()
}

@main
struct InstructionDriver: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ristretto-instructions",
        abstract: "Make one benchmark's calls inside the function callgrind counts (tools/bench-instructions).")

    @Argument(
        help:
            "The benchmark: MODE-SHAPE-SIZE (a box-family shape, e.g. resize-linear-200), MODE-flex-SHAPE-SIZE (the flex family, e.g. resize-flex-linear-200) or MODE-flex-app-CARDS (the capture-like screen, e.g. fresh-flex-app-20): the names of Benchmarks/."
    )
    var benchmark: String

    @Option(help: "How many calls to make; the count per call is the total divided by this.")
    var calls = 10

    @Option(
        name: .customLong("case"),
        help:
            "A flex case file to lay out instead of a benchmark's tree; BENCHMARK is then only the mode (fresh, relayout, resize or incremental; incremental changes the case's first leaf with content, in the order `bench --case` tries them)."
    )
    var caseFile: String?

    func validate() throws {
        guard calls > 0 else { throw ValidationError("--calls must be at least 1") }
        _ = try parsed()
    }

    func run() throws {
        let (mode, tree) = try parsed()
        let counted: (() -> Size) -> Size = { call in
            withoutActuallyEscaping(call) { call in
                pendingCall = call
                countedCall()
                // Let go of the call: `withoutActuallyEscaping` traps if it outlives this block.
                pendingCall = { .zero }
                return countedSize
            }
        }
        switch tree {
        case .shape(let workload):
            try ReferenceEngine().runMeasured(workload: workload, mode: mode, calls: calls, measured: counted)
        case .app(let cards):
            try ReferenceEngine().runMeasured(case: .appFeed(cards: cards), mode: mode, calls: calls, measured: counted)
        case .file(var workload):
            workload.incrementalChange = workload.contentLeaves.first.map {
                CaseWorkload.change(path: $0.path, content: $0.content)
            }
            try ReferenceEngine().runMeasured(case: workload, mode: mode, calls: calls, measured: counted)
        }
    }

    /// What a benchmark lays out: a shape of either family, or the capture-like screen (`AppFeed`).
    private enum Tree {
        case shape(Workload)
        case app(cards: Int)
        case file(CaseWorkload)
    }

    private func parsed() throws -> (BenchMode, Tree) {
        if let caseFile {
            guard let mode = BenchMode(rawValue: benchmark) else {
                throw ValidationError(
                    "with --case, '\(benchmark)' must be a mode (\(BenchMode.allCases.map(\.rawValue).joined(separator: ", ")))"
                )
            }
            let flexCase: FlexCase
            do {
                flexCase = try JSONDecoder().decode(
                    FlexCase.self, from: Data(contentsOf: URL(fileURLWithPath: caseFile)))
            } catch {
                throw ValidationError("\(caseFile): not a flex case (\(error))")
            }
            return (mode, .file(try CaseWorkload(name: caseFile, flex: flexCase)))
        }
        let parts = benchmark.split(separator: "-").map(String.init)
        let family: ShapeFamily = parts.count == 4 && parts[1] == ShapeFamily.flex.rawValue ? .flex : .box
        let named = family == .flex ? [parts[0]] + parts[2...] : parts
        guard named.count == 3, let mode = BenchMode(rawValue: named[0]), let size = Int(named[2]), size > 0 else {
            throw ValidationError(
                "'\(benchmark)' is not MODE-SHAPE-SIZE, MODE-flex-SHAPE-SIZE or MODE-flex-app-CARDS (modes: "
                    + "\(BenchMode.allCases.map(\.rawValue).joined(separator: ", ")); shapes: "
                    + "\(BenchShape.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        if family == .flex, named[1] == "app" { return (mode, .app(cards: size)) }
        guard let shape = BenchShape(rawValue: named[1]) else {
            throw ValidationError(
                "'\(benchmark)': unknown shape '\(named[1])' (shapes: \(BenchShape.allCases.map(\.rawValue).joined(separator: ", ")), or app after flex)"
            )
        }
        return (mode, .shape(Workload(shape: shape, size: size, family: family)))
    }
}
