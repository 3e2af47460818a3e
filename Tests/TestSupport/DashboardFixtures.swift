import Foundation

/// A small hostile engine matrix for the dashboard's tests, as the `--json` document of
/// `conform --engine alpha,beta` that `ristretto merge` reads: two engines, suites `box` and `flex`, the flex cases in
/// the families `wrap` and `gap` and at the top of the suite, and markup planted in case names, a node id, a CSS
/// value, engine messages, a reason and a detail. Every frame is written by hand: a row 100 × 20 of two 50-wide
/// items, the second at x = 50.
public enum DashboardFixtures {
    /// Markup that must stay text wherever it is shown.
    public static let script = "<script>alert(1)</script>"
    public static let onerror = #""><img src=x onerror=alert(1)>"#
    /// Markup that would leave a trace in the page if it ran: the title changed, an attribute on the body.
    public static let titleScript = "<script>document.title='PWNED'</script>"
    public static let bodyMarker = #""><img src=x onerror="document.body.setAttribute('data-pwned','1')">"#

    /// The expected frames of the row, and what each wrong answer moved.
    static func row(secondX: Int = 50, firstWidth: Int = 50, rootHeight: Int = 20, firstID: String? = nil)
        -> [[String: Any]]
    {
        var first: [String: Any] = ["path": [0], "x": 0, "y": 0, "width": firstWidth, "height": 20]
        if let firstID { first["id"] = firstID }
        return [
            ["path": [Int](), "x": 0, "y": 0, "width": 100, "height": rootHeight], first,
            ["path": [1], "x": secondX, "y": 0, "width": 50, "height": 20],
        ]
    }

    /// Each case: its identifier, each engine's verdict (name, message, reason, frames), and its file's text.
    public static let identifiers = [
        "box/plain", "flex/top-level", "flex/wrap/wrap-1", "flex/wrap/" + script, "flex/gap/" + onerror,
    ]

    static func result(
        _ engine: String, _ identifier: String, _ verdict: String, message: String? = nil, reason: String? = nil,
        detail: String? = nil, frames: [[String: Any]]? = nil
    ) -> [String: Any] {
        var result: [String: Any] = ["engine": engine, "case": identifier, "verdict": verdict, "seconds": 0.001]
        result["message"] = message
        result["reason"] = reason
        result["detail"] = detail
        result["frames"] = frames
        return result
    }

    /// The verdicts, as the matrix must count them:
    /// alpha: box 1/1; flex 1/4 (2 failed, refused 1): (top) 0/1 (refused 1), gap 0/1 (1 failed), wrap 1/2 (1 failed);
    /// beta: box n/a; flex 2/4 (1 failed, known 1): (top) 1/1, gap 1/1, wrap 0/2 (1 failed, known 1).
    public static var results: [[String: Any]] {
        let (plain, top, wrap, scripted, gap) = (
            identifiers[0], identifiers[1], identifiers[2], identifiers[3], identifiers[4]
        )
        return [
            result("alpha", plain, "passed"),
            result("alpha", top, "refused", message: "$.root.style.width: \(bodyMarker) is not a length"),
            result("alpha", wrap, "passed"),
            result(
                "alpha", scripted, "failed", message: #"node [0] "\#(titleScript)": width expected 50, got 40"#,
                frames: row(firstWidth: 40, firstID: titleScript)),
            result(
                "alpha", gap, "error", message: "golden/\(gap).json: $.root: unknown key '\(script)'",
                detail: "the case file \(onerror) could not be read"),
            result("beta", plain, "n/a"),
            result("beta", top, "passed"),
            result(
                "beta", wrap, "failed", message: "node [1]: x expected 50, got 40", frames: row(secondX: 40)),
            result(
                "beta", scripted, "known", message: "node []: height expected 20, got 30", reason: onerror,
                frames: row(rootHeight: 30, firstID: titleScript)),
            result("beta", gap, "passed"),
        ]
    }

    /// The case files of the cases with a page; the CSS value of flex/top-level carries the body marker.
    public static var cases: [[String: Any]] {
        let flex = { (name: String, width: String) -> String in
            #"{"kind": "flex", "name": "\#(name)", "root": {"style": {"width": "\#(width)"}}}"#
        }
        return [
            ["case": identifiers[1], "json": flex("top-level", bodyMarker)],
            ["case": identifiers[2], "json": flex("wrap-1", "100px"), "expect": row()],
            ["case": identifiers[3], "json": flex(titleScript, "100px"), "expect": row(firstID: titleScript)],
            ["case": identifiers[4], "json": #"{"kind": "flex", "name": "\#(onerror)"#],
        ]
    }

    /// The whole document, keys sorted. Merging recounts `engines` and `line` from `results`.
    public static func shardJSON() throws -> Data {
        let document: [String: Any] = [
            "line": "4 passed, 3 failed, 2 skipped", "exitCode": 2, "judgedAnything": true, "seconds": 0.5,
            "engines": [
                [
                    "engine": "alpha", "version": "alpha 1.0", "passed": 2, "failed": 1, "errors": 1, "refused": 1,
                    "known": 0,
                ],
                [
                    "engine": "beta", "version": "beta 2.0", "passed": 2, "failed": 1, "errors": 0, "refused": 0,
                    "known": 1,
                ],
            ],
            "skippedEngines": [[String: Any]](), "results": results, "cases": cases,
        ]
        return try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys, .prettyPrinted])
    }
}
