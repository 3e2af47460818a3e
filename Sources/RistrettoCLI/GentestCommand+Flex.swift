import ArgumentParser
import CaseIO
import Engines
import Flexbox
import Foundation
import Gentest
import Judging

/// `gentest --flex`: the flex corpus that three browsers confirm, and the interop suite of the cases they disagree
/// on (docs/gentest.md "The three-browser flex corpus").
extension GentestCommand {
    /// The browsers that answer the corpus, in the order their answers are written.
    static let consensusBrowsers = ["chromium", "firefox", "webkit"]

    /// 1. Start the three browsers (each must be installed: exit 2 with the install line otherwise); 2. judge cases
    /// 0 ..< --cases of --seed (this shard's); 3. write each agreed case to --out and each disagreement to
    /// --interop, and remove the files of earlier runs that this run's cases replace; 4. print the families'
    /// counts. Exits 1 when a browser left a case unanswered.
    func runFlexGenerate() throws {
        let shard = try shard.map { text throws(InputError) in try CaseSelection.Shard(parsing: text) }
        let total = cases ?? 300
        let consensus = try startBrowsers()
        defer { consensus.shutDown() }
        let indices = (0..<total).filter { index in shard.map { index % $0.count == $0.index - 1 } ?? true }
        let start = Date()
        var written: Set<String> = []
        let tally = try consensus.run(seed: seed, indices: indices) { generated, flexCase, agreed in
            let path = (agreed ? folder : interop) + "/" + FlexConsensus.relativePath(generated)
            try AtomicFile.write(Data(try FlexConsensus.fileText(flexCase).utf8), to: path)
            written.insert(path)
            if written.count % 500 == 0 {
                FileHandle.standardError.write(
                    Data(
                        "\(written.count) of \(indices.count) cases judged in \(Int(-start.timeIntervalSinceNow)) s\n"
                            .utf8))
            }
        }
        let removed = try removeStaleFlexCases(keeping: written, shard: shard)
        print("browsers: " + consensus.browsers.map(\.version).joined(separator: ", "))
        print(
            "seed \(seed), cases 0..<\(total)" + (shard.map { ", shard \($0)" } ?? "")
                + String(format: ", %.0f s", -start.timeIntervalSinceNow))
        for line in tally.lines { print(line) }
        if removed > 0 { print("removed \(removed) generated cases of earlier runs") }
        for unanswered in tally.unanswered.prefix(20) {
            print("unanswered \(unanswered.name): \(unanswered.engine): \(unanswered.message)")
        }
        if !tally.unanswered.isEmpty { throw ExitCode(1) }
    }

    /// Asks each browser again about every generated case in --out and --interop (this shard's): a corpus case
    /// against its `expect`, an interop case against that browser's recorded answer. Prints, per browser and
    /// version, how many answers stayed the same and each case whose answer changed; exits 1 when one did.
    func runFlexCheck() throws {
        let shard = try shard.map { text throws(InputError) in try CaseSelection.Shard(parsing: text) }
        let consensus = try startBrowsers()
        defer { consensus.shutDown() }
        var rechecks = consensus.browsers.map { FlexConsensus.Recheck(engine: $0.version) }
        var otherVersions = 0
        let files = try generatedFlexCases(in: [folder, interop], shard: shard)
        for (path, flexCase) in files {
            if flexCase.source?.engines != consensus.browsers.map(\.version) { otherVersions += 1 }
            for (slot, change) in consensus.recheck(flexCase).enumerated() {
                if let change {
                    rechecks[slot].changed.append("\(path): \(change)")
                } else {
                    rechecks[slot].same += 1
                }
            }
        }
        for recheck in rechecks {
            for change in recheck.changed.prefix(20) { print("\(recheck.engine): answer changed: \(change)") }
            print("\(recheck.engine): \(recheck.same) same, \(recheck.changed.count) changed")
        }
        if otherVersions > 0 {
            print(
                "note: \(otherVersions) of \(files.count) cases were answered by other browser versions (source.engines)"
            )
        }
        if rechecks.contains(where: { !$0.changed.isEmpty }) { throw ExitCode(1) }
    }

    /// The three browsers' adapters, each answering `info`.
    /// - Throws: `InputError` (exit 2) naming the adapter and the install line when a browser is missing.
    func startBrowsers() throws -> FlexConsensus {
        try Self.startBrowsers(adapterDirectory: peerDirectory())
    }

    /// `startBrowsers()` with the adapters of `adapterDirectory` (`import --check` asks the same three).
    static func startBrowsers(adapterDirectory: String) throws -> FlexConsensus {
        let browsers = try consensusBrowsers.map { name throws in
            guard case .peer(let peer) = try EngineCatalogue.choice(name, adapterDirectory: adapterDirectory),
                let adapter = peer.adapter as? SubprocessEngine
            else {
                preconditionFailure("\(name) is a subprocess peer")
            }
            guard adapter.isInstalled else {
                throw InputError(file: adapter.executablePath, message: "\(name) is not installed; \(peer.installHint)")
            }
            let info = try adapter.info()
            return FlexConsensus.Browser(adapter: adapter, version: info.label(peer: name))
        }
        return FlexConsensus(browsers: browsers)
    }

    /// Every flex case that `gentest --flex` generated below `folders` (`source.generator`), in this shard, sorted
    /// by path.
    func generatedFlexCases(in folders: [String], shard: CaseSelection.Shard?) throws -> [(String, FlexCase)] {
        var found: [(String, FlexCase)] = []
        for folder in folders where FileManager.default.fileExists(atPath: folder) {
            for identifier in try CaseSelection.discover(golden: folder) {
                let path = folder + "/" + identifier + ".json"
                guard let flexCase = try CaseLoader.load(path).definition as? FlexCase,
                    case .generator(FlexConsensus.generatorName, _, _)? = flexCase.source?.origin,
                    Self.belongs(flexCase.name, to: shard)
                else { continue }
                found.append((path, flexCase))
            }
        }
        return found
    }

    /// Deletes the generated case files of earlier runs (in this shard) that this run did not write: a case that
    /// moved between the corpus and the interop suite, or one beyond --cases.
    func removeStaleFlexCases(keeping written: Set<String>, shard: CaseSelection.Shard?) throws -> Int {
        var removed = 0
        for (path, _) in try generatedFlexCases(in: [folder, interop], shard: shard) where !written.contains(path) {
            try FileManager.default.removeItem(atPath: path)
            removed += 1
        }
        return removed
    }

    /// Whether the generated case `name` (`wrap-00012`) belongs to `shard` (every case does without one).
    static func belongs(_ name: String, to shard: CaseSelection.Shard?) -> Bool {
        guard let shard else { return true }
        guard let index = FlexConsensus.generatedIndex(ofName: name) else { return false }
        return index % shard.count == shard.index - 1
    }
}
