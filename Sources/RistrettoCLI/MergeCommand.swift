import ArgumentParser
import CaseIO
import Engines
import Foundation
import Judging

/// `ristretto merge SHARD.json…`: the engine matrix of several `conform --shard I/N [--engine …] --json` runs, printed
/// and written exactly as one unsharded run would (docs/cli.md "ristretto merge").
struct MergeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge",
        abstract:
            "Merge the --json results of sharded 'conform' runs, with or without --engine, into one engine matrix.",
        discussion: """
            Prints what 'conform --engine' prints for the whole run (failures, skipped engines, the matrix, each \
            engine's version, the last line 'N passed, N failed, N skipped') and writes the same reports. Exit code \
            as for that run: 0, 1 when an engine has a failure that is not known, 2 when a case could not be read, \
            an engine was required or did not start, or nothing was judged (docs/cli.md).
            """)

    @Argument(help: "The --json files of the shards.")
    var shards: [String]
    @Option(help: "Write a JUnit XML report to FILE.")
    var junit: String?
    @Option(
        help: "Write the engine dashboard into DIR: DIR/index.html, the matrix, and a page per case that did not pass.")
    var html: String?
    @Option(help: "Write a Markdown summary to FILE.")
    var markdown: String?
    @Option(help: "Write the merged results to FILE as JSON (the schema of 'conform --json', docs/cli.md).")
    var json: String?

    func validate() throws {
        guard !shards.isEmpty else { throw ValidationError("name at least one shard's --json file") }
    }

    func run() throws {
        let documents = try shards.map { path throws(InputError) in
            (file: path, data: try CaseLoader.readFile(path, limit: 1 << 30))
        }
        let run = try EngineMatrix.mergedRun(documents)
        MatrixOutput.printVerdicts(run.matrix)
        try MatrixOutput(junit: junit, markdown: markdown, html: html, json: json).finish(
            run.matrix, reference: run.reference)
        if run.matrix.exitCode != 0 { throw ExitCode(run.matrix.exitCode) }
    }
}
