import LayoutCore
import Testing

/// The raw-bytes scan behind strict decoding: duplicate keys (which Foundation's parsers resolve silently),
/// list and string limits counted before anything is allocated, and top-level value ranges.
@Suite struct JSONStructureScanTests {
    static func scan(_ text: String, lists: Int = .max, strings: Int = .max) -> JSONStructureScan {
        JSONStructureScan(Array(text.utf8), maxListLength: lists, maxStringLength: strings)
    }

    /// Each document repeats a key somewhere; the violation names the repeated key's JSON path.
    @Test(arguments: [
        (#"{"a":1,"a":2}"#, "$.a", "a"),
        (#"{"root":{"children":[{"x":1},{"x":1,"y":2,"x":3}]}}"#, "$.root.children[1].x", "x"),
        (#"{"id":1,"i\u0064":2}"#, "$.id", "id"),
        (#"{"\ud83d\ude00":1, "😀":2}"#, "$.😀", "😀"),
        (#"{"k\"q":1,"k\u0022q":2}"#, #"$.k"q"#, #"k"q"#),
    ])
    func duplicateKeysAreFound(text: String, path: String, key: String) {
        let result = Self.scan(text)
        #expect(result.isWellFormed)
        #expect(result.duplicateKey?.path == path)
        #expect(
            result.duplicateKey?.message.contains("duplicate key '\(key)'") == true,
            "\(String(describing: result.duplicateKey))")
    }

    /// The same key in different objects, keys inside string values, and escapes that make keys differ are fine.
    @Test(arguments: [
        #"{"a":{"a":{"a":1}},"b":[{"a":1},{"a":2}]}"#,
        #"{"text":"\"a\":1,\"a\":2","a":1}"#,
        #"{"a\\":1,"a":2}"#,
        #"{"a":1,"A":2}"#,
        #"[{"a":1,},]"#,
    ])
    func distinctKeysPass(text: String) {
        let result = Self.scan(text)
        #expect(result.isWellFormed)
        #expect(result.duplicateKey == nil, "\(String(describing: result.duplicateKey))")
    }

    /// More than 16 keys move into a set; a repeat among 10 000 keys is still found, and in linear time
    /// (a quadratic scan of 20 000 keys would take seconds in a debug build).
    @Test func manyKeys() {
        let keys = (0..<10_000).map { #""k\#($0)":\#($0)"# }
        let clock = ContinuousClock.now
        let clean = Self.scan("{" + keys.joined(separator: ",") + "}")
        let repeated = Self.scan("{" + (keys + [#""k17":0"#]).joined(separator: ",") + "}")
        #expect(clean.duplicateKey == nil)
        #expect(repeated.duplicateKey?.path == "$.k17")
        #expect(ContinuousClock.now - clock < .seconds(5))
    }

    @Test(arguments: [(3, nil), (2, "$.a[1]")] as [(Int, String?)])
    func listLimit(limit: Int, path: String?) {
        let result = Self.scan(#"{"a":[[1,2],[1,2,3],[]]}"#, lists: limit)
        #expect(result.overlongList?.path == path)
    }

    /// Limits count characters, not bytes: "é" is two bytes, one character.
    @Test(arguments: [(4, nil), (3, "$.s")] as [(Int, String?)])
    func stringLimit(limit: Int, path: String?) {
        #expect(Self.scan(#"{"s":"éééé"}"#, strings: limit).overlongString?.path == path)
    }

    /// Not JSON: the scan stops without a violation, however the bytes end.
    @Test(arguments: [#"{"a":1,"a""#, #"{"a" 1}"#, "[1,2", #"{"a":"unterminated"#, "", #"{"a":1} x"#])
    func malformedInputStops(text: String) {
        let result = Self.scan(text)
        #expect(!result.isWellFormed)
    }

    @Test func topLevelValueRanges() {
        let text = #"{ "name" : "x", "expect": {"frames": [1, {"a": 2}]} , "n": -1.5e3 }"#
        let bytes = Array(text.utf8)
        let result = JSONStructureScan(bytes)
        let values = result.topLevelValues.mapValues { String(decoding: bytes[$0], as: UTF8.self) }
        #expect(values == ["name": #""x""#, "expect": #"{"frames": [1, {"a": 2}]}"#, "n": "-1.5e3"])
    }

    /// Nesting: 512 arrays or objects are JSON Foundation reads; the 513th bracket is where the scan stops, wherever
    /// the document ends (Foundation crashes when that bracket is the last byte).
    @Test(
        arguments: [
            ("[", "]", 512, nil), ("[", "]", 513, 512), ("{\"a\":", "}", 512, nil), ("{\"a\":", "}", 513, 512 * 5),
        ] as [(String, String, Int, Int?)])
    func nestingBeyondFoundationsLimit(open: String, close: String, depth: Int, tooDeep: Int?) {
        let closed = String(repeating: open, count: depth) + "1" + String(repeating: close, count: depth)
        #expect(Self.scan(closed).tooDeep == tooDeep)
        let unclosed = String(repeating: open, count: depth)
        #expect(Self.scan(unclosed).tooDeep == tooDeep)
        #expect(JSONStructureScan.maximumDepth == 512)
    }
}
