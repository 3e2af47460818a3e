import Benchmarking
import BoxLayout
import CaseIO
import Engines
import Flexbox
import Foundation
import GDRender

/// `bench --case FILE|DIR…`: the case files as workloads (docs/benchmarks.md "Cases as workloads").
extension BenchCommand {
    /// The cases of `--case`, loaded and checked, and notes on what a folder held besides them.
    struct LoadedCases {
        var workloads: [CaseWorkload] = []
        var notes: [String] = []
        /// The first box case with text leaves, which the reference measures with the pinned font.
        var textCase: String?
    }

    /// Reads every `--case` path: a file is one case, a folder every `*.json` below it (but its `fonts/` and
    /// `known-failures/`), in sorted order. A case is named by its folder and file name without `.json`
    /// (`flex/wrap-lines`).
    /// - Throws: `InputError` (exit 2) for a path that does not exist, a case that does not decode (the message names
    ///   the file and the JSON path), a file that is not a flex or box case, a folder without any, and two cases
    ///   under one name.
    func loadCases() throws -> LoadedCases {
        var loaded = LoadedCases()
        var origins: [String: String] = [:]
        for path in cases {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw InputError(file: path, message: "no such file or folder (--case)")
            }
            let files: [(path: String, name: String)]
            let folder = URL(fileURLWithPath: path).standardizedFileURL
            if isDirectory.boolValue {
                files = try CaseSelection.discover(golden: path).map { identifier in
                    (path + "/" + identifier + ".json", folder.lastPathComponent + "/" + identifier)
                }
            } else {
                let parent = folder.deletingLastPathComponent().lastPathComponent
                files = [(path, parent + "/" + folder.deletingPathExtension().lastPathComponent)]
            }
            var others = 0
            for file in files {
                let definition = try CaseLoader.load(file.path).definition
                let workload: CaseWorkload
                switch definition {
                case let flex as FlexCase:
                    workload = try CaseWorkload(name: file.name, flex: flex)
                case let box as BoxCase:
                    workload = try CaseWorkload(name: file.name, box: box)
                    if loaded.textCase == nil, Self.hasText(box.root) { loaded.textCase = file.path }
                default:
                    guard isDirectory.boolValue else {
                        throw InputError(
                            file: file.path, jsonPath: "$.kind", message: "bench --case times flex and box cases only")
                    }
                    others += 1
                    continue
                }
                if let earlier = origins[workload.name] {
                    throw InputError(
                        file: file.path, message: "names the case \(workload.name), as \(earlier) does (--case)")
                }
                origins[workload.name] = file.path
                loaded.workloads.append(workload)
            }
            if others > 0 {
                loaded.notes.append(
                    "\(path): skipped \(others) case\(others == 1 ? "" : "s") of other kinds (bench --case times flex and box cases)"
                )
            }
        }
        guard !loaded.workloads.isEmpty else {
            throw InputError(file: cases.joined(separator: ", "), message: "no flex or box case to time (--case)")
        }
        return loaded
    }

    /// The reference of a case run: text leaves of box cases are measured with the pinned font, as `layout` does.
    func referenceEngine(for loaded: LoadedCases) throws -> ReferenceEngine {
        guard let textCase = loaded.textCase else { return ReferenceEngine() }
        let font = try fontOptions.choice(near: textCase).require(for: textCase)
        return ReferenceEngine(measurer: FreeTypeTextMeasurer(fontPath: font))
    }

    /// `--baseline`, checked against `--engines`; by default the reference when it runs, else the first engine.
    static func baseline(_ option: String?, engines: [String]) throws(InputError) -> String {
        guard let option else { return engines.contains("reference") ? "reference" : engines[0] }
        guard engines.contains(option) else {
            throw InputError(
                file: "--baseline",
                message: "'\(option)' is not one of the engines --engines names (\(engines.joined(separator: ", ")))")
        }
        return option
    }

    /// Whether any node below `root` is a text leaf, without recursion.
    static func hasText(_ root: BoxNode) -> Bool {
        var stack = [root]
        while let node = stack.popLast() {
            if node.text != nil { return true }
            stack += node.children
        }
        return false
    }
}
