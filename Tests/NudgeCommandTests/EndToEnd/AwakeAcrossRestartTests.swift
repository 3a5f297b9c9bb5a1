import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

/// "I'm awake" across a daemon killed and started again (issue 41, hostile round): the alarm it
/// stopped stays silent, and what rings after it still rings. Both ways, as heard through ALSA.
extension SoundEndToEndTests {
    /// The id the alarm's notification holds on the server.
    func notificationID(of alarm: NotifyCall) -> UInt32 {
        alarm.replacesID == 0 ? UInt32(bus.notifyCalls().count) : alarm.replacesID
    }

    /// Answered *I'm awake*, then SIGKILL: the next daemon does not ring that alarm again.
    @Test func aDaemonRestartedAfterImAwakeDoesNotRingThatAlarmAgain() throws {
        try startNightWithTheAlarmIn(3)
        let first = try startDaemon()
        let id = notificationID(of: try alarm(first))
        #expect(first.waitForEvent("ring_started"), "\(first.stderr)")
        let alarmShown = "SELECT shown_at FROM reminder_deliveries WHERE reminder_key LIKE '%:alarm:0'"
        #expect(waitForStore { (try? rows(alarmShown))?.first?["shown_at"].map { $0 != "NULL" } == true })
        let shownAt = try rows(alarmShown)
        // Not synchronisation: the store keeps instants to the second, so an answer in the
        // alarm's own second could not tell a rewritten shown_at from the first.
        Thread.sleep(forTimeInterval: 1.1)
        try bus.invokeAction("awake", on: id)
        #expect(first.waitForEvent("ring_stopped", ["reason": "awake"]), "\(first.stderr)")
        // Reworded in place without *I'm awake*: when it was first shown stays recorded.
        #expect(first.waitForLog("again as notification \(id)"), "\(first.stderr)")
        #expect(
            try rows(alarmShown) == shownAt
                && shownAt.count == 1, "\(first.stderr)")
        first.signal(SIGKILL)
        _ = first.waitForExit(timeout: 10)
        let heard = audio.seconds
        let second = try startDaemon(log: "second.err")
        #expect(second.waitForEvent("ring_not_resumed", ["notification": "\(id)"]), "\(second.stderr)")
        // An observation window of twice the pause between plays: nothing may be written.
        Thread.sleep(forTimeInterval: 2.5)
        #expect(audio.seconds == heard, "rang again: \(heard) s then \(audio.seconds) s")
        #expect(!second.stderr.contains("event=ring_started"), "\(second.stderr)")
    }

    /// *I'm awake* on the alarm, then its first follow-up comes and rings: killed then, the next
    /// daemon rings the follow-up, shown after the answer, again.
    @Test func aFollowUpShownAfterImAwakeRingsAgainAfterARestart() throws {
        // The alarm rang 95 s ago; its first follow-up (2 minutes after it) comes in 25 s.
        try startNightWithTheAlarmIn(-95)
        let first = try startDaemon()
        let id = notificationID(of: try alarm(first))
        #expect(first.waitForEvent("ring_started"), "\(first.stderr)")
        try bus.invokeAction("awake", on: id)
        #expect(first.waitForEvent("ring_stopped", ["reason": "awake"]), "\(first.stderr)")
        let followUp = FileEvents.waitUntil(watching: [bus.directory.path], timeout: 40) {
            bus.notifyCalls().contains { $0.summary == "Dose 2 is due" }
        }
        #expect(followUp, "\(bus.notifyCalls().map(\.summary)); \(first.stderr)")
        #expect(first.waitForEvents("ring_started", count: 2), "\(first.stderr)")
        let followUpShown =
            "SELECT id FROM reminder_deliveries WHERE reminder_key LIKE '%:follow_up:%' AND shown_at IS NOT NULL"
        #expect(waitForStore { (try? rows(followUpShown))?.isEmpty == false }, "\(first.stderr)")
        first.signal(SIGKILL)
        _ = first.waitForExit(timeout: 10)
        let heard = audio.seconds
        let second = try startDaemon(log: "second.err")
        #expect(second.waitForEvent("ring_started"), "\(second.stderr)")
        #expect(audio.waitFor(seconds: heard + 6), "\(second.stderr)")
        #expect(!second.stderr.contains("event=ring_not_resumed"), "\(second.stderr)")
    }
}
