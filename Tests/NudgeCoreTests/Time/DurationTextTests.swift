import Foundation
import NudgeCore
import Testing

/// Lengths of time as people type them, one parser for every command that takes one.
@Suite struct DurationTextTests {
    @Test(arguments: [
        ("10", 600.0), ("10m", 600), ("10min", 600), ("10 min", 600), ("10 minutes", 600), ("10 Minutes", 600),
        ("1 minute", 60), ("90s", 90), ("90 sec", 90), ("1h", 3600), ("2 hours", 7200), ("1h30m", 5400),
        ("1h 30m", 5400), ("1 hour 30 minutes", 5400), ("1m30s", 90), ("1:30", 5400), ("0:45", 2700), ("0", 0),
    ])
    func takes(_ text: String, _ seconds: TimeInterval) {
        #expect(DurationText.parse(text) == seconds, "\(text)")
    }

    @Test(arguments: [
        "", "ten", "10x", "m", "30m1h", "1h1h", "1:75", "1.5h", "-5", "10 minutes ago", "١٠", "99999999",
    ])
    func refuses(_ text: String) {
        #expect(DurationText.parse(text) == nil, "\(text)")
    }
}
