import ArgumentParser

@main
struct Ristretto: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Layout-engine conformance and benchmark suite.")
}
