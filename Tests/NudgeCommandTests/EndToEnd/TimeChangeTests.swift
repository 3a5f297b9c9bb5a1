import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

/// The daemon follows a change of the system's time zone (its localtime symlink replaced, as
/// timedatectl does) and a machine that was suspended across a due instant.
@Suite(.ownThread, .daemonOnBus)
struct TimeChangeTests: DaemonScenario {
    var localtime: String { directory.file("etc/localtime") }
    /// No TZ: the zone comes from the localtime link, which the test points around.
    var environment: [String: String] {
        ["TZ": "", "NUDGE_LOCALTIME": localtime, "NUDGE_STORE": store, "DBUS_SESSION_BUS_ADDRESS": bus.address]
    }

    init() throws {
        try FileManager.default.createDirectory(atPath: directory.file("etc"), withIntermediateDirectories: true)
        try setZone("America/New_York")
    }

    /// Replaces the link in one rename, as timedatectl and `ln -sf` do.
    func setZone(_ zone: String) throws {
        let temporary = directory.file("etc/.localtime.new")
        try? FileManager.default.removeItem(atPath: temporary)
        try FileManager.default.createSymbolicLink(
            atPath: temporary, withDestinationPath: "/usr/share/zoneinfo/\(zone)")
        #expect(rename(temporary, localtime) == 0, "rename: \(String(cString: strerror(errno)))")
    }

    @Test func wallClockRemindersFollowANewTimeZone() throws {
        // A store from the day before: a check due since it existed can be missed.
        try StoreQuery.create(store, now: Timestamp.parse("2026-11-20T12:00:00Z")!)
        let daemon = try startDaemon(at: "2026-11-21T17:00:00Z")
        #expect(daemon.waitForLog("started on \(store) in America/New_York"), "\(daemon.stderr)")
        #expect(
            daemon.waitForEvent("rescheduled", ["reason": "start", "next_due": "2026-11-22T01:00:00Z"]),
            "\(daemon.stderr)")
        try setZone("Asia/Tokyo")
        #expect(daemon.waitForLog("the time zone changed from America/New_York to Asia/Tokyo"), "\(daemon.stderr)")
        // 17:00Z is 02:00 in Tokyo on the 22nd: its 20:00 is 11:00Z.
        #expect(
            daemon.waitForEvent("rescheduled", ["reason": "time zone changed", "next_due": "2026-11-22T11:00:00Z"]),
            "\(daemon.stderr)")
        // In Tokyo the 21st's check was 6 hours past, so it was recorded as missed; back in
        // Europe, the next is the 22nd's 20:00. Touching the link without a new zone does nothing.
        #expect(daemon.waitForEvent("missed", ["key": "symptom:2026-11-21"]), "\(daemon.stderr)")
        try setZone("Asia/Tokyo")
        try setZone("Europe/Paris")
        #expect(
            daemon.waitForEvent("rescheduled", ["reason": "time zone changed", "next_due": "2026-11-22T19:00:00Z"]),
            "\(daemon.stderr)")
        #expect(daemon.stderr.components(separatedBy: "the time zone changed").count == 3, "\(daemon.stderr)")
    }

    @Test func theDoseWindowDoesNotMoveWithTheZone() throws {
        try nudge("settings", "set", "symptom.reminder_enabled", "off")
        try nudge("dose", "1", "--at", "2026-11-21T16:00:00Z", at: "2026-11-21T17:00:00Z")
        let daemon = try startDaemon(at: "2026-11-21T17:00:00Z")
        #expect(
            daemon.waitForEvent("rescheduled", ["reason": "start", "next_due": "2026-11-21T18:30:00Z"]),
            "\(daemon.stderr)")
        try setZone("Australia/Lord_Howe")
        #expect(
            daemon.waitForEvent("rescheduled", ["reason": "time zone changed", "next_due": "2026-11-21T18:30:00Z"]),
            "\(daemon.stderr)")
    }

    @Test func aDaemonStoppedAcrossItsDueInstantShowsItOnceWhenItContinues() throws {
        // Like a laptop lid: SIGSTOP before 20:00, SIGCONT after it.
        let daemon = try startDaemon(at: "2026-11-22T00:59:58Z")
        #expect(
            daemon.waitForEvent("rescheduled", ["reason": "start", "next_due": "2026-11-22T01:00:00Z"]),
            "\(daemon.stderr)")
        daemon.signal(SIGSTOP)
        // The due instant has to pass in real time while it is stopped: there is no event to await.
        Thread.sleep(forTimeInterval: 3)
        daemon.signal(SIGCONT)
        let call = try #require(bus.waitForNotify(count: 1).first, "\(daemon.stderr)")
        #expect(call.summary == "Daily symptom check")
        #expect(
            daemon.waitForPlan(nextDue: "2026-11-23T01:00:00Z"),
            "\(daemon.stderr)")
        // Once: a later wake, which plans from the store again, shows nothing more.
        daemon.signal(SIGHUP)
        #expect(daemon.waitForEvent("rescheduled", ["reason": "SIGHUP"]), "\(daemon.stderr)")
        #expect(bus.notifyCalls().count == 1)
        // Recorded once the server's answer reached the loop, which a plan may come before.
        #expect(
            waitForStore {
                (try? rows("SELECT count(*) AS n FROM reminder_deliveries WHERE shown_at IS NOT NULL")) == [["n": "1"]]
            }, "\(daemon.stderr)")
        #expect(bus.notifyCalls().count == 1)
    }
}
