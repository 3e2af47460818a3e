import RistrettoCLI
import ToyEngine

/// `ristretto` with the toy engine registered: `conform --engine toy`, `bench --engines toy` and
/// `layout --engine toy` take it beside the reference and the peers.
@main
enum MyRistretto {
    static func main() { RistrettoCommand.main(engines: [ToyEngine()]) }
}
