import Foundation
import Testing

@testable import NudgeCore

@Suite struct TimestampTests {
    @Test(arguments: [
        ("2026-11-21T20:00:00Z", 1_795_291_200.0),
        ("2026-11-21T20:00:00.250Z", 1_795_291_200.25),
        ("2026-11-21T21:00:00+01:00", 1_795_291_200.0),
        ("2026-11-21T15:00:00-0500", 1_795_291_200.0),
        ("2026-11-21 20:00:00", 1_795_291_200.0),
        // Without seconds, as other writers store a time.
        ("2026-11-21T20:00", 1_795_291_200.0),
        ("2026-11-21T21:00+01:00", 1_795_291_200.0),
    ])
    func readsWhatOtherWritersWrite(text: String, seconds: Double) throws {
        let date = try #require(Timestamp.parse(text))
        #expect(date.timeIntervalSince1970 == seconds)
    }

    @Test(arguments: [
        "2026-11-21", "2026-11-21T25:00:00Z", "2026-11-21T20:00:00+", "yesterday", "2026-11-21T20:00:00Zjunk",
        "2026-11-21T20:0", "2026-11-21T20:00:",
    ])
    func refusesMalformedText(text: String) {
        #expect(Timestamp.parse(text) == nil)
    }

    @Test func writesUTCWithZToTheSecond() {
        #expect(Timestamp.format(Date(timeIntervalSince1970: 1_795_291_200.9)) == "2026-11-21T20:00:00Z")
        #expect(Timestamp.format(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
    }

    /// DoseTap's form: milliseconds, truncated, never rounded up into the next second.
    @Test func writesMillisecondsForDoseTap() {
        #expect(Timestamp.formatForDoseTap(Timestamp.parse("2026-11-24T06:38:49.923Z")!) == "2026-11-24T06:38:49.923Z")
        #expect(
            Timestamp.formatForDoseTap(Date(timeIntervalSince1970: 1_795_291_200.9999)) == "2026-11-21T20:00:00.999Z")
        #expect(Timestamp.formatForDoseTap(Date(timeIntervalSince1970: -0.5)) == "1969-12-31T23:59:59.500Z")
    }
}
