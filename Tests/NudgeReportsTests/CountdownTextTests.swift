import Foundation
import NudgeCore
import NudgeReports
import Testing

/// What `nudge meditate` draws while a session runs: a bar and the seconds on a terminal, a
/// line a whole minute elsewhere.
@Suite struct CountdownTextTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    var session: MeditationSession {
        MeditationSession(
            id: "aaaa1111", startedAt: start, utcOffsetMinutes: 0, plannedSeconds: 600, intervalSeconds: 0,
            endedAt: nil, actualSeconds: nil, outcome: nil, source: "timer", createdAt: start)
    }

    @Test func aTerminalSeesTheBarAndTheSecondsAndAPipeAWholeMinute() {
        let halfway = start.addingTimeInterval(300.5)
        #expect(
            CountdownText.line(session, now: halfway, terminal: true) == "[###############---------------] 05:00 left")
        #expect(CountdownText.line(session, now: halfway, terminal: false) == "05:00 left")
        #expect(CountdownText.line(session, now: start.addingTimeInterval(1), terminal: false) == "10:00 left")
        #expect(CountdownText.line(session, now: start.addingTimeInterval(-4), terminal: true).hasSuffix("in 4 s"))
    }

    @Test func aLineIsDrawnOverTheOneBefore() {
        #expect(CountdownText.redrawn("04:59 left", over: "05:00 left", escapes: true) == "\r\u{1B}[K04:59 left")
        #expect(CountdownText.redrawn("4 left", over: "05:00 left", escapes: false) == "\r4 left    ")
    }

    @Test(arguments: [(59, "00:59"), (600, "10:00"), (3723, "1:02:03")])
    func timeLeftIsMinutesAndSecondsAndHoursPastAnHour(seconds: Int, shown: String) {
        #expect(CountdownText.clock(seconds) == shown)
    }
}
