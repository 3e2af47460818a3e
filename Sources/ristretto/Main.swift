import RistrettoCLI

/// The `ristretto` executable: the command line with no engines registered besides the built-in ones.
@main
enum Main {
    static func main() { RistrettoCommand.main() }
}
