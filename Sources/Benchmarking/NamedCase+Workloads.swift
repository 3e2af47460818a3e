import Engines

extension NamedCase {
    /// The benchmark trees of `config` (every family, shape and size it would run), each as it is, after one resize
    /// of its resize variant ("linear-5 resize") and after one incremental change ("linear-5 incremental").
    public static func workloads(_ config: BenchmarkConfiguration) throws -> [NamedCase] {
        try config.tables.flatMap { family, shape in
            try config.sizes(for: shape).flatMap { size in
                let workload = Workload(shape: shape, size: size, family: family)
                return [NamedCase(name: workload.name, json: try workload.caseJSON())]
                    + (try workload.checkedChanges.map { mode, change in
                        let tree = workload.tree(for: mode)
                        return NamedCase(
                            name: "\(workload.name) \(mode.rawValue)", json: try tree.caseJSON(), change: change,
                            changedJSON: try tree.caseJSON(after: change))
                    })
            }
        }
    }
}
