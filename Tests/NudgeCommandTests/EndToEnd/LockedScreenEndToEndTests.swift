import Foundation
import NudgeTestSupport
import Testing

/// A private reminder on a locked screen (issue 41, item 4), on the real binary: python-dbusmock's
/// logind holds the session `XDG_SESSION_ID` names, locked, and its notification server logs
/// what it is asked to show. Each wait is bounded and woken by the server's log.
@Suite(.ownThread)
struct LockedScreenEndToEndTests: DaemonScenario {
    let directory = TemporaryDirectory()
    let bus: NotificationBus
    let logind: LogindBus
    var environment: [String: String] {
        [
            "TZ": "America/New_York", "NUDGE_STORE": store, "DBUS_SESSION_BUS_ADDRESS": bus.address,
            "DBUS_SYSTEM_BUS_ADDRESS": logind.address, "XDG_SESSION_ID": "c3",
            "NUDGE_RTC_WAKEALARM": directory.file("no-rtc"),
        ]
    }

    init() throws {
        bus = try NotificationBus()
        logind = try LogindBus()
        try logind.addSession("c3")
    }

    @Test func theSymptomCheckIsNeutralWhileLockedAndItsOwnOnUnlockInPlace() throws {
        try logind.setLocked(true, session: "c3")
        let daemon = try startDaemon(at: "2026-11-21T20:00:00-05:00")
        let locked = try #require(bus.waitForNotify(count: 1).first, "\(daemon.stderr)")
        #expect(locked.summary == "nudge: a reminder is waiting" && locked.body.isEmpty, "\(locked)")
        #expect(locked.actions.contains("done"), "its buttons stay: \(locked.actions)")
        try logind.setLocked(false, session: "c3")
        let calls = bus.waitForNotify(count: 2)
        try #require(calls.count == 2, "\(daemon.stderr)")
        let unlocked = calls[1]
        #expect(unlocked.summary == "Daily symptom check" && !unlocked.body.isEmpty, "\(unlocked)")
        // In place, silently: the same notification, no second pop-up or sound.
        #expect(unlocked.replacesID == 1 && unlocked.hints.contains("suppress-sound"), "\(unlocked)")
        #expect(try delivery("symptom:2026-11-21")?["notification_id"] == "1")
    }

    /// The summary of what was late (issue 41, hostile round): one while locked, naming the
    /// symptom check neutrally, and reworded in place, silently, to name it on unlock.
    @Test func theLateSummaryNamesThePrivateOneNeutrallyWhileLockedAndInFullOnUnlock() throws {
        let before = "2026-11-20T12:00:00-05:00"
        for name in ["Sam", "Kim"] { try nudge("contacts", "add", name, at: before) }
        try nudge("call", "remind", "Sam", "--on", "2026-11-23", "--at", "09:00", at: before)
        try nudge("call", "remind", "Kim", "--on", "2026-11-26", "--at", "09:00", at: before)
        try logind.setLocked(true, session: "c3")
        let daemon = try startDaemon(at: "2026-11-26T21:00:00-05:00")
        let locked = try #require(bus.waitForNotify(count: 1).first, "\(daemon.stderr)")
        #expect(
            locked.summary == "While the computer was off"
                && locked.body.hasPrefix(
                    "a call with Sam due since Monday, a call with Kim of 09:00, a private reminder of 20:00."),
            "\(locked)")
        #expect(daemon.waitForEvents("shown", count: 3), "\(daemon.stderr)")
        try logind.setLocked(false, session: "c3")
        let calls = bus.waitForNotify(count: 2)
        try #require(calls.count == 2, "\(daemon.stderr)")
        let unlocked = calls[1]
        #expect(
            unlocked.body.hasPrefix(
                "a call with Sam due since Monday, a call with Kim of 09:00, the symptom check of 20:00."),
            "\(unlocked)")
        #expect(unlocked.replacesID == 1 && unlocked.hints.contains("suppress-sound"), "\(unlocked)")
    }
}
