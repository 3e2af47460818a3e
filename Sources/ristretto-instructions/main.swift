// The driver tools/bench-instructions runs under callgrind to count the instructions of each benchmark's calls
// (docs/benchmarks.md, "Instruction counts"). It makes the calls exactly as `ristretto bench` times them and runs
// each inside `ristretto_counted_call`, the one function callgrind collects in
// (`--collect-atstart=no --toggle-collect=ristretto_counted_call`): building trees, the first layout of a kept tree
// and the driver itself are not counted.
import ArgumentParser
import Benchmarking
import Engines
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

    @Argument(help: "The benchmark: MODE-SHAPE-SIZE, e.g. resize-linear-200 (the names of Benchmarks/).")
    var benchmark: String

    @Option(help: "How many calls to make; the count per call is the total divided by this.")
    var calls = 10

    func validate() throws {
        guard calls > 0 else { throw ValidationError("--calls must be at least 1") }
        _ = try parsed()
    }

    func run() throws {
        let (mode, workload) = try parsed()
        try ReferenceEngine().runMeasured(workload: workload, mode: mode, calls: calls) { call in
            withoutActuallyEscaping(call) { call in
                pendingCall = call
                countedCall()
                // Let go of the call: `withoutActuallyEscaping` traps if it outlives this block.
                pendingCall = { .zero }
                return countedSize
            }
        }
    }

    private func parsed() throws -> (BenchMode, Workload) {
        let parts = benchmark.split(separator: "-")
        guard parts.count == 3, let mode = BenchMode(rawValue: String(parts[0])),
            let shape = BenchShape(rawValue: String(parts[1])), let size = Int(parts[2]), size > 0
        else {
            throw ValidationError(
                "'\(benchmark)' is not MODE-SHAPE-SIZE (modes: \(BenchMode.allCases.map(\.rawValue).joined(separator: ", ")); "
                    + "shapes: \(BenchShape.allCases.map(\.rawValue).joined(separator: ", ")))")
        }
        return (mode, Workload(shape: shape, size: size))
    }
}
