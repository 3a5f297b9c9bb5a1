import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

/// `dose.alarm_ring_minutes` across a daemon killed and started again (issue 41, hostile round
/// after F12: the next daemon rang the unanswered alarm again from zero): it counts from the
/// alarm's showing, as the store has it.
extension SoundEndToEndTests {
    /// Rang, killed, and started again 90 s after the alarm with a minute to ring: nothing
    /// rings (the first follow-up, 2 minutes after the alarm, is not due yet).
    @Test func aDaemonStartedAfterTheRingTimeDoesNotRingTheAlarmAgain() throws {
        try nudge("settings", "set", "dose.alarm_ring_minutes", "1")
        try startNightWithTheAlarmIn(2)
        let first = try startDaemon()
        let id = notificationID(of: try alarm(first))
        #expect(first.waitForEvent("ring_started"), "\(first.stderr)")
        first.signal(SIGKILL)
        _ = first.waitForExit(timeout: 10)
        let later = Timestamp.format(TestClock.now().addingTimeInterval(90), fractionDigits: 3)
        let second = try startDaemon(at: later, log: "second.err")
        #expect(
            second.waitForEvent("ring_not_resumed", ["notification": "\(id)", "reason": "over"]), "\(second.stderr)")
        #expect(second.stderr.contains("its time to ring (1 min) was over at"), "\(second.stderr)")
        #expect(!second.stderr.contains("event=ring_started"), "\(second.stderr)")
        // I'm awake says what is so (hostile round after F12: "stops ringing").
        let delivery = try #require(
            try rows("SELECT id FROM reminder_deliveries WHERE reminder_key LIKE '%:alarm:%'").first?["id"])
        let awake = try NudgeBinary.run(
            ["ack", delivery, "awake"], environment: environment.merging(["NUDGE_FAKE_NOW": later]) { $1 })
        #expect(awake.status == 64, "\(awake)")
        #expect(
            awake.stderr.contains(
                "delivery \(delivery) is not ringing: Time for dose 2 rang its 1 min (dose.alarm_ring_minutes) until ")
                && awake.stderr.contains("waits for your answer: nudge ack \(delivery) ANSWER (take, skip, snooze)"),
            "\(awake)")
        #expect(!awake.stdout.contains("stops ringing"), "\(awake)")
    }

    /// Started again 20 s after the alarm with a minute to ring: it rings the rest, not a minute.
    @Test func aDaemonStartedDuringTheRingTimeRingsWhatIsLeft() throws {
        try nudge("settings", "set", "dose.alarm_ring_minutes", "1")
        try startNightWithTheAlarmIn(2)
        let first = try startDaemon()
        _ = try alarm(first)
        #expect(first.waitForEvent("ring_started"), "\(first.stderr)")
        first.signal(SIGKILL)
        _ = first.waitForExit(timeout: 10)
        let later = Timestamp.format(TestClock.now().addingTimeInterval(20), fractionDigits: 3)
        let second = try startDaemon(at: later, log: "second.err")
        #expect(second.waitForEvent("ring_started"), "\(second.stderr)")
        let left = second.stderr.firstMatch(of: #/rings again for the (\d+) s left/#).flatMap { Int($0.1) }
        #expect(left.map { $0 > 0 && $0 <= 40 } == true, "\(second.stderr)")
    }
}
