import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

/// A full disk, the dose-2 alarm shown and *Take* clicked, the daemon killed, room made, the
/// daemon started again (hostile round 30 High 2 on issue 39: dose 2 was lost and the alarm rang
/// again). What the first daemon held for the store is in `STORE.awaiting`, a file of fixed size
/// reserved at its start: the next daemon records it before it plans.
@Suite(.ownThread, .daemonOnBus)
struct FullDiskAcrossRestartTests: DaemonScenario {
    /// A disk of its own for the store, 2 MB.
    var disk: String { directory.file("disk") }
    var onDisk: String { disk + "/nudge.sqlite" }
    var environment: [String: String] {
        ["TZ": "America/New_York", "NUDGE_STORE": onDisk, "DBUS_SESSION_BUS_ADDRESS": bus.address]
    }

    private func storeRows(_ sql: String) -> [[String: String]]? { try? StoreQuery.rows(onDisk, sql) }

    private func reservedSize() -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: onDisk + ".awaiting"))?[.size] as? Int
    }

    @Test(.enabled(if: getuid() == 0))
    func aTakeClickedOnAFullDiskIsRecordedOnceByTheNextDaemonAndTheAlarmIsNotShownAgain() throws {
        try FileManager.default.createDirectory(atPath: disk, withIntermediateDirectories: false)
        let mount = try Subprocess.run("/usr/bin/mount", ["-t", "tmpfs", "-o", "size=2m", "tmpfs", disk])
        try #require(mount.status == 0, "\(mount)")
        defer { _ = try? Subprocess.run("/usr/bin/umount", ["-l", disk]) }
        try nudge("settings", "set", "symptom.reminder_enabled", "false")
        try nudge("settings", "set", "backup.enabled", "false")
        // Dose 1 such that the alarm (dose 1 + 165 min) comes 15 s after now.
        let doseOne = (TestClock.now().timeIntervalSince1970 + 15 - 165 * 60).rounded()
        try nudge("dose", "1", "--at", Timestamp.format(Date(timeIntervalSince1970: doseOne)))
        let first = try startDaemon()
        #expect(first.waitForEvent("rescheduled", ["reason": "start"]), "\(first.stderr)")
        #expect(reservedSize() == 65_536, "\(first.stderr)")
        // The pre-alarm's record in the -wal, and the -wal emptied after it: what it held would
        // be room again once the disk is full.
        let settled = FileEvents.waitUntil(watching: [directory.path], timeout: 15) {
            let log = first.stderr
            guard let shown = log.range(of: "event=shown") else { return false }
            return log[shown.upperBound...].contains("the -wal emptied")
        }
        #expect(settled, "\(first.stderr)")
        let filler = disk + "/filler"
        let dd = try Subprocess.run("/usr/bin/dd", ["if=/dev/zero", "of=\(filler)", "bs=4k"])
        #expect(dd.stderr.contains("No space left"), "\(dd)")
        let shown = FileEvents.waitUntil(watching: [bus.directory.path], timeout: 30) {
            bus.notifyCalls().contains { $0.summary == "Time for dose 2" }
        }
        #expect(shown, "\(bus.notifyCalls().map(\.summary)); \(first.stderr)")
        let alarm = try #require(bus.notifyCalls().last { $0.summary == "Time for dose 2" })
        #expect(first.waitForEvent("claim_held"), "\(first.stderr)")
        let id = alarm.replacesID == 0 ? UInt32(bus.notifyCalls().count) : alarm.replacesID
        try bus.invokeAction("take", on: id)
        #expect(first.waitForEvent("awaiting_saved", ["answers": "1"]), "\(first.stderr)")
        first.signal(SIGKILL)
        _ = first.waitForExit(timeout: 10)
        #expect(reservedSize() == 65_536)
        #expect(storeRows("SELECT id FROM dose_events WHERE event_type = 'dose2'")?.isEmpty == true)

        try FileManager.default.removeItem(atPath: filler)
        let second = try startDaemon(log: "second.err")
        let recorded = FileEvents.waitUntil(watching: [disk], timeout: 15) {
            storeRows("SELECT id FROM dose_events WHERE event_type = 'dose2'")?.count == 1
        }
        #expect(recorded, "\(second.stderr)")
        #expect(second.waitForEvent("held_records_written"), "\(second.stderr)")
        #expect(second.waitForEvent("rescheduled", ["reason": "start"]), "\(second.stderr)")
        // Its record was written before the first plan: the alarm is not shown a second time.
        #expect(bus.notifyCalls().filter { $0.summary == "Time for dose 2" }.count == 1, "\(second.stderr)")
        #expect(!second.stderr.contains("event=claim_held"), "\(second.stderr)")
        let alarms = storeRows(
            "SELECT notification_id, shown_at FROM reminder_deliveries WHERE reminder_key LIKE '%:alarm:0'")
        #expect(alarms?.count == 1 && alarms?.first?["notification_id"] == "\(id)", "\(String(describing: alarms))")
        #expect(reservedSize() == 65_536)
    }
}
