import Foundation
import GRDB
import NudgeTestSupport
import Testing

/// The store removed or replaced under a running daemon (hostile round 19 on issue 39): the
/// daemon closes what it showed from the file before, and no file at the path gives a delivery
/// id that file gave, so `nudge ack ID` from its notification never answers another reminder.
@Suite(.ownThread, .daemonOnBus)
struct StoreLetGoTests: DaemonScenario {
    /// The symptom check shown (delivery and notification 1) by a daemon on the store.
    private func daemonShowingTheCheck() throws -> Spawned {
        let daemon = try startDaemon(at: "2026-11-22T19:59:58-05:00")
        #expect(bus.waitForNotify(count: 1).first?.summary == "Daily symptom check", "\(daemon.stderr)")
        #expect(waitForStore { (try? delivery("symptom:2026-11-22"))??["notification_id"] == "1" })
        #expect(daemon.waitForLog("backed up the store to"), "\(daemon.stderr)")
        return daemon
    }

    /// Another program's store with a reminder of its own due at 20:00, as delivery 1 would be.
    private func otherStore(_ name: String) throws -> String {
        let other = directory.file(name)
        var environment = environment
        environment["NUDGE_STORE"] = other
        environment["NUDGE_FAKE_NOW"] = "2026-11-22T19:00:00-05:00"
        let added = try NudgeBinary.run(
            ["remind", "Alpha", "--on", "2026-11-22", "--at", "20:00"], environment: environment)
        #expect(added.status == 0, "\(added)")
        return other
    }

    /// `restore --latest` into the store's path, then a daemon there: the symptom check it
    /// shows is numbered past delivery 1, the one the store before showed, whose notification
    /// may still be on screen.
    private func restoreAndShowTheCheckPastOne() throws {
        let restored = try nudge("restore", "--latest", "--yes", at: "2026-11-22T20:00:30-05:00")
        #expect(restored.stdout.contains("restored the backup of"), "\(restored)")
        let next = try startDaemon(at: "2026-11-22T20:00:40-05:00", log: "next.err")
        #expect(bus.waitForNotify(count: 2).count == 2, "\(next.stderr)")
        #expect(waitForStore { (try? delivery("symptom:2026-11-22"))??["shown_at"] != "NULL" })
        let id = try #require(Int(try delivery("symptom:2026-11-22")?["id"] ?? ""))
        #expect(id > 1, "delivery 1 is the store before's")
        next.signal(SIGTERM)
        #expect(next.waitForExit(timeout: 10) == 0)
    }

    @Test func aStoreReplacedUnderTheDaemonClosesWhatItShowedAndIsNumberedPastIt() throws {
        let other = try otherStore("other.sqlite")
        let daemon = try daemonShowingTheCheck()
        #expect(rename(other, store) == 0)
        #expect(bus.waitForClose(1), "\(daemon.stderr)\n\(bus.diagnostics)")
        #expect(
            daemon.waitForLog(
                "it is another nudge store, whose backups are its own; its deliveries are numbered from 2 on"),
            "\(daemon.stderr)")
        #expect(daemon.stderr.contains("closed 1 notification of the store before it"), "\(daemon.stderr)")
        // The new file's own reminder, and its symptom check, shown numbered past the old file's.
        let shown = bus.waitForNotify(count: 3, timeout: 30)
        #expect(shown.map(\.summary).contains("Alpha"), "\(shown) \(daemon.stderr)")
        #expect(
            waitForStore { (try? rows("SELECT id FROM reminder_deliveries WHERE shown_at IS NOT NULL"))?.count == 2 })
        #expect(try rows("SELECT min(id) AS low FROM reminder_deliveries").first?["low"] == "2")
        // The old notification's line answers nothing in the new file.
        let ack = try attempt("ack", "1", "done")
        #expect(ack.status != 0, "\(ack)")
        #expect(try rows("SELECT id FROM reminder_deliveries WHERE action IS NOT NULL").isEmpty)
    }

    @Test func aFileWithoutNudgesTablesPutInTheStoresPlaceIsSaidSo() throws {
        let foreign = directory.file("foreign.sqlite")
        try DatabaseQueue(path: foreign).write { db in try db.execute(sql: "CREATE TABLE notes (body TEXT)") }
        let daemon = try daemonShowingTheCheck()
        #expect(rename(foreign, store) == 0)
        #expect(
            daemon.waitForLog(
                "it had no nudge tables (another program's database, or a new file): nudge's were added to it"),
            "\(daemon.stderr)")
        #expect(bus.waitForClose(1), "\(daemon.stderr)")
        #expect(try rows("SELECT count(*) AS n FROM notes").first?["n"] == "0", "the other program's table kept")
    }

    @Test func aStoreRemovedUnderTheDaemonClosesWhatItShowedAndARestoreIsNumberedPastIt() throws {
        let daemon = try daemonShowingTheCheck()
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: store + suffix) }
        #expect(daemon.waitForExit(timeout: 10) == 74, "\(daemon.stderr)")
        // The server logs the call once it reads it: under load, after the daemon is gone.
        #expect(bus.waitForClose(1) && bus.closeCalls() == [1], "\(daemon.stderr)")
        // The backup, taken at the start, has no delivery; the restored store numbers past 1.
        try restoreAndShowTheCheckPastOne()
    }

    /// Another program puts an older copy into the store's file in place (`sqlite3 .restore`;
    /// hostile round 20 on issue 39): what is on screen stays, recorded again under its own
    /// delivery ids (the copy has no row for them), neither closed nor shown twice; so `nudge
    /// ack 1` still answers the reminder notification 1 shows. (Before D17's `keepOnScreen`
    /// both were closed and shown again as 3 and 4.)
    @Test func anOlderCopyPutInPlaceKeepsWhatIsOnScreenUnderItsOwnIds() throws {
        try nudge("remind", "Take out the bins", "--on", "2026-11-22", "--at", "20:00", at: "2026-11-22T19:00:00-05:00")
        let older = directory.file("older.sqlite")
        try DatabaseQueue(path: store).backup(to: DatabaseQueue(path: older))
        let daemon = try startDaemon(at: "2026-11-22T19:59:58-05:00")
        #expect(bus.waitForNotify(count: 2).count == 2, "\(daemon.stderr)")
        let shownRows = "SELECT id, notification_id FROM reminder_deliveries WHERE shown_at IS NOT NULL ORDER BY id"
        #expect(waitForStore { (try? rows(shownRows))?.count == 2 })
        let before = try rows(shownRows)
        try DatabaseQueue(path: older).backup(to: DatabaseQueue(path: store))
        #expect(
            daemon.waitForLog("an older copy of the store was put in place")
                && daemon.waitForLog("2 showings still on screen recorded again"), "\(daemon.stderr)")
        #expect(waitForStore { (try? rows(shownRows)) == before }, "\(daemon.stderr)")
        #expect(bus.closeCalls().isEmpty && bus.notifyCalls().count == 2, "\(daemon.stderr)")
    }

    /// A daemon killed with SIGKILL lets go of nothing: what it showed is recorded beside the
    /// store as it is shown, so a restore after the store is removed numbers past it.
    @Test func aKilledDaemonsStoreRemovedThenRestoredIsNumberedPastWhatItShowed() throws {
        let daemon = try daemonShowingTheCheck()
        let backups = try FileManager.default.contentsOfDirectory(atPath: store + ".backups")
        let backup = store + ".backups/" + (try #require(backups.first { $0.hasSuffix(".sqlite") }))
        let inBackup = try DatabaseQueue(path: backup).read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM reminder_deliveries")
        }
        #expect(inBackup == 0, "the backup, taken at the start, has no delivery: \(backups)")
        daemon.signal(SIGKILL)
        _ = daemon.waitForExit(timeout: 10)
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: store + suffix) }
        try restoreAndShowTheCheckPastOne()
    }

    /// A daemon killed with SIGKILL, then an older copy put in place by another program: the
    /// next daemon numbers past what the killed one showed, which it cannot close.
    @Test func aKilledDaemonsStoreRolledBackIsNumberedPastWhatItShowedByTheNext() throws {
        try nudge("remind", "Take out the bins", "--on", "2026-11-22", "--at", "20:00", at: "2026-11-22T19:00:00-05:00")
        let older = directory.file("older.sqlite")
        try DatabaseQueue(path: store).backup(to: DatabaseQueue(path: older))
        let daemon = try startDaemon(at: "2026-11-22T19:59:58-05:00")
        #expect(daemon.waitForLog("backed up the store to"), "\(daemon.stderr)")
        #expect(bus.waitForNotify(count: 2).count == 2, "\(daemon.stderr)")
        #expect(
            waitForStore { (try? rows("SELECT id FROM reminder_deliveries WHERE shown_at IS NOT NULL"))?.count == 2 })
        daemon.signal(SIGKILL)
        _ = daemon.waitForExit(timeout: 10)
        try DatabaseQueue(path: older).backup(to: DatabaseQueue(path: store))
        let next = try startDaemon(at: "2026-11-22T20:00:40-05:00", log: "next.err")
        #expect(next.waitForLog("deliveries numbered past 2"), "\(next.stderr)")
        #expect(bus.waitForNotify(count: 4).count == 4, "\(next.stderr)")
        #expect(
            waitForStore { (try? rows("SELECT id FROM reminder_deliveries WHERE shown_at IS NOT NULL"))?.count == 2 })
        #expect(try rows("SELECT min(id) AS low FROM reminder_deliveries").first?["low"] == "3", "\(next.stderr)")
        next.signal(SIGTERM)
        #expect(next.waitForExit(timeout: 10) == 0)
    }
}
