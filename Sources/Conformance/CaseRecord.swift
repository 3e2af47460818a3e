import CaseIO
import Foundation

/// One case of the reference's run as `conform --json` writes it (its entry in `cases`, docs/cli.md "JSON
/// output"): the status, time, messages (the first mismatches included), pixel counts and artifact paths. `ristretto
/// merge` reads it back, so that merged shards report the reference as one run would.
public struct CaseRecord: Codable, Hashable, Sendable {
    public var identifier: String
    /// `passed`, `failed`, `error` or `skipped` (`CaseOutcome.Status`).
    public var status: String
    public var seconds: Double
    public var messages: [String]
    public var mismatchedPixels: Int?
    public var totalPixels: Int?
    public var expectedPNG: String?
    public var actualPNG: String?
    public var diffPNG: String?

    /// The record of `outcome`, its messages without their indentation.
    public init(_ outcome: CaseOutcome) {
        identifier = outcome.identifier
        status = outcome.status.rawValue
        seconds = outcome.seconds
        messages = outcome.messages.map { $0.trimmingCharacters(in: .whitespaces) }
        mismatchedPixels = outcome.mismatchedPixels
        totalPixels = outcome.totalPixels
        expectedPNG = outcome.expectedPNG
        actualPNG = outcome.actualPNG
        diffPNG = outcome.diffPNG
    }
}

extension CaseOutcome {
    /// The outcome a record was written from, as far as the record holds it: no frames, and no commands to
    /// update or re-record (a merged report names the case; its own run printed them).
    /// - Throws: `InputError` on `file` for a status that is not one of `CaseOutcome.Status`.
    public init(record: CaseRecord, file: String) throws(InputError) {
        guard let status = Status(rawValue: record.status) else {
            throw InputError(file: file, message: "unknown status '\(record.status)' of \(record.identifier)")
        }
        self.init(
            identifier: record.identifier, status: status, messages: record.messages,
            mismatchedPixels: record.mismatchedPixels, totalPixels: record.totalPixels,
            expectedPNG: record.expectedPNG, actualPNG: record.actualPNG, diffPNG: record.diffPNG,
            recordCommand: "", seconds: record.seconds)
    }
}
