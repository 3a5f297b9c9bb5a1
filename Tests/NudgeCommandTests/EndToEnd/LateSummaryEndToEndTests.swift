import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

/// Reminders that came due while no daemon ran (issue 41, item 5), on the real binary with
/// python-dbusmock's notification server: one Notify names them all; killed and restarted, the
/// daemon shows none of them again; each is still answered on its own, and history says it was
/// shown in the summary.
@Suite(.ownThread, .daemonOnBus)
struct LateSummaryEndToEndTests: DaemonScenario {
    @Test func lateRemindersMakeOneNotificationShownOnceAndEachIsAnsweredOnItsOwn() throws {
        let before = "2026-11-20T12:00:00-05:00"
        for name in ["Sam", "Kim"] { try nudge("contacts", "add", name, at: before) }
        try nudge("call", "remind", "Sam", "--on", "2026-11-23", "--at", "09:00", at: before)
        try nudge("call", "remind", "Kim", "--on", "2026-11-26", "--at", "09:00", at: before)
        // Thursday 21:00: the symptom check of 20:00 and both calls are late.
        let first = try startDaemon(at: "2026-11-26T21:00:00-05:00")
        let call = try #require(bus.waitForNotify(count: 1).first, "\(first.stderr)")
        #expect(call.summary == "While the computer was off", "\(call)")
        #expect(
            call.body.hasPrefix(
                "a call with Sam due since Monday, a call with Kim of 09:00, the symptom check of 20:00."),
            "\(call.body)")
        #expect(first.waitForEvents("shown", count: 3), "\(first.stderr)")
        first.signal(SIGKILL)
        #expect(first.waitForExit(timeout: 10) != nil)
        let second = try startDaemon(at: "2026-11-26T21:01:00-05:00", log: "second.err")
        #expect(second.waitForEvent("rescheduled", ["reason": "start"]), "\(second.stderr)")
        #expect(bus.notifyCalls().count == 1, "shown once: \(bus.notifyCalls())")
        let sam = try #require(try rows("SELECT id FROM reminder_deliveries WHERE title = 'Call Sam'").first?["id"])
        let answered = try nudge("ack", sam, "called", at: "2026-11-26T21:02:00-05:00")
        #expect(answered.stdout.contains("logged a call with Sam"), "\(answered)")
        let history = try nudge("history", at: "2026-11-26T21:02:00-05:00")
        #expect(history.stdout.contains("shown in the summary of what was late"), "\(history.stdout)")
    }

    /// Four contacts called every day, each with a call owed three days (more than the call
    /// kind's own summary lets pop up): one Notify, the late summary, and history says each was
    /// shown in it.
    @Test func lateCallsOfASummarizingKindMakeOneNotification() throws {
        let before = "2026-11-20T12:00:00-05:00"
        for name in ["Ann", "Bob", "Cy", "Dee"] {
            try nudge("contacts", "add", name, "--every", "1", at: before)
            try nudge("call", "remind", name, "--on", "2026-11-23", "--at", "09:00", at: before)
        }
        let daemon = try startDaemon(at: "2026-11-26T09:00:00-05:00")
        let shown = try #require(bus.waitForNotify(count: 1).first, "\(daemon.stderr)")
        #expect(shown.summary == "While the computer was off", "\(shown)")
        // The four one-offs and the four cadences; the symptom check of last night is missed.
        let delivered = try rows("SELECT id FROM reminder_deliveries WHERE missed_at IS NULL").count
        #expect(delivered == 8)
        #expect(daemon.waitForEvents("shown", count: delivered), "\(daemon.stderr)")
        #expect(daemon.waitForEvent("rescheduled", ["reason": "start"]), "\(daemon.stderr)")
        #expect(bus.notifyCalls().map(\.summary) == ["While the computer was off"])
        let history = try nudge("history", at: "2026-11-26T09:01:00-05:00").stdout
        #expect(!history.contains("people to call"), "\(history)")
        #expect(history.contains("shown in the summary of what was late"), "\(history)")
    }
}
