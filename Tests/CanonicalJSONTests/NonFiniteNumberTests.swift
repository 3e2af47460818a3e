import BoxLayout
import CanonicalJSON
import Foundation
import LayoutCore
import PropertyBased
import Testing

/// Every document the one JSON writer writes parses, whatever numbers it is given (docs/cli.md "JSON output"): NaN
/// and the infinities, which JSON cannot carry, are written `null`, and every finite number reads back as itself.
///
/// A sample is drawn from a list of number genes, each a kind (0 NaN, 1 +∞, 2 −∞, 3 −0, 4 the largest finite
/// double, 5 the smallest subnormal, 6…9 the drawn value) and a drawn value in ±10¹⁵. The numbers fill, in turn,
/// the frames an engine answers (four a frame, as `layout --engine` writes them), a list of numbers, and
/// an object of lists; the sample is written both ways (the pretty document and the one-line form) and read back
/// with Foundation's strict parser.
@Suite struct NonFiniteNumberTests {
    /// The run's fixed seed: the same samples on every run. A failure prints its case's own state, which
    /// `@Test(.fixedSeed("…"))` around `propertyCheck(input: Self.genes)` replays alone.
    static let seed: (UInt64, UInt64, UInt64, UInt64) = (0x4A53_4F4E_4E41_4E00, 0x6E75_6C6C, 0x2026_1128, 0x9E37_79B9)
    static let count = 300
    static let genes = zip(Gen.int(in: 0...9), Gen.double(in: -1e15...1e15)).array(of: 0...40)

    @Test func everyDocumentParsesWithNullsWhereTheNumbersWereNotFinite() throws {
        var master = Xoshiro(seed: Self.seed)
        var nonFinite = 0
        for index in 0..<Self.count {
            var rng = Xoshiro(seed: (master.next(), master.next(), master.next(), master.next()))
            let caseSeed = rng.currentSeed
            let numbers = Self.genes.run(using: &rng).map(Self.number)
            nonFinite += numbers.count { !$0.isFinite }
            let sample = Sample(numbers)
            for (form, text) in [
                ("pretty", try JSONOutput.encode(sample)), ("line", Data(try JSONOutput.line(sample).utf8)),
            ] {
                // Foundation's strict parser says whether it is JSON; JSONDecoder reads the numbers back (on Linux,
                // JSONSerialization rounds some 16-digit numbers: -997052204242087.1 reads as …087.2).
                guard (try? JSONSerialization.jsonObject(with: text)) != nil,
                    let parsed = try? JSONDecoder().decode(ReadBack.self, from: text)
                else {
                    Issue.record(
                        "case \(index), seed \"\(caseSeed)\": the \(form) form does not parse:\n\(String(decoding: text, as: UTF8.self))"
                    )
                    return
                }
                let read = parsed.numbers(lists: sample.lists.count)
                guard read.count == numbers.count else {
                    Issue.record(
                        "case \(index), seed \"\(caseSeed)\": \(form) holds \(read.count) numbers, wrote \(numbers.count)"
                    )
                    return
                }
                for (position, (wrote, got)) in zip(numbers, read).enumerated() where !Self.same(wrote, got) {
                    Issue.record(
                        "case \(index), seed \"\(caseSeed)\": \(form) number \(position) wrote \(wrote), read \(got.map(String.init(describing:)) ?? "null")"
                    )
                    return
                }
            }
        }
        #expect(nonFinite > 1_000, "the generator draws NaN and infinities: \(nonFinite) of them")
    }

    /// The value tree agrees with the text: a non-finite number encodes as `.null`, so two documents that write the
    /// same text compare equal.
    @Test(arguments: [Double.nan, .infinity, -.infinity, -Double.nan, Double.signalingNaN])
    func aNonFiniteNumberIsNull(value: Double) throws {
        #expect(try CanonicalJSON(encoding: value) == .null)
        #expect(try CanonicalJSON(encoding: Float(value)) == .null)
        #expect(CanonicalJSON.number(value).text == "null\n")
        #expect(CanonicalJSON.array([.number(value), .number(1)]).line == "[null,1]")
        let frame = BoxFrame(path: [0], frame: Rect(x: 1, y: value, width: 2, height: 3))
        #expect(try JSONOutput.line(frame) == #"{"height":3,"path":[0],"width":2,"x":1,"y":null}"#)
    }

    // MARK: Samples

    struct Sample: Encodable {
        var frames: BoxFrames
        var list: [Double]
        var lists: [String: [Double]]

        /// Four numbers a frame for the first half, one an entry of `list` for the next quarter, the rest in lists
        /// of three under keys `k0`, `k1`, ….
        init(_ numbers: [Double]) {
            let frameCount = numbers.count / 8
            frames = BoxFrames(
                frames: (0..<frameCount).map { index in
                    let (x, y, width, height) = (
                        numbers[4 * index], numbers[4 * index + 1], numbers[4 * index + 2], numbers[4 * index + 3]
                    )
                    return BoxFrame(path: [index], frame: Rect(x: x, y: y, width: width, height: height))
                })
            let rest = Array(numbers[(4 * frameCount)...])
            let listCount = rest.count / 2
            list = Array(rest.prefix(listCount))
            lists = [:]
            for (chunk, start) in stride(from: listCount, to: rest.count, by: 3).enumerated() {
                lists["k\(chunk)"] = Array(rest[start..<min(start + 3, rest.count)])
            }
        }
    }

    static func number(_ gene: (Int, Double)) -> Double {
        switch gene.0 {
        case 0: .nan
        case 1: .infinity
        case 2: -.infinity
        case 3: -0.0
        case 4: .greatestFiniteMagnitude
        case 5: .leastNonzeroMagnitude
        default: gene.1
        }
    }

    /// A sample as read back, `null` as nil.
    struct ReadBack: Decodable {
        struct Frame: Decodable { var x, y, width, height: Double? }
        struct Frames: Decodable { var frames: [Frame] }
        var frames: Frames
        var list: [Double?]
        var lists: [String: [Double?]]

        /// The numbers in the order `Sample` took them.
        func numbers(lists count: Int) -> [Double?] {
            frames.frames.flatMap { [$0.x, $0.y, $0.width, $0.height] } + list
                + (0..<count).flatMap { lists["k\($0)"] ?? [] }
        }
    }

    /// Whether a number read back is the one written: `null` for a non-finite one, itself for the others (−0 may
    /// read as 0).
    static func same(_ wrote: Double, _ got: Double?) -> Bool {
        wrote.isFinite ? got == wrote : got == nil
    }
}
