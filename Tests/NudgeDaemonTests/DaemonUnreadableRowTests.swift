import Foundation
import GRDB
import NudgeCore
import NudgeStore
import NudgeSystem
import NudgeTestSupport
import Testing

@testable import NudgeDaemon

extension DaemonTests {
    /// Rows another program wrote in a form nudge cannot read are left out of the plan and
    /// logged once each, by table and id (by rowid where the id cannot be shown), never with a
    /// value, however many plans follow.
    @Test func anUnreadableRowIsLoggedOnceByTableAndID() throws {
        let now = try #require(Timestamp.parse("2026-11-22T12:00:00Z"))
        try StoreQuery.create(store, now: now)
        let database = try DatabaseQueue(path: store)
        try database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO meditation_sessions (id, started_at, utc_offset_minutes, planned_seconds, source, created_at)
                        VALUES ('med-1', '2026-11-22T11:50:00Z', '+01:00 private', 1200, 'timer', '2026-11-22T11:50:00Z');
                    INSERT INTO contacts (id, name, stay_in_touch_days, created_at)
                        VALUES (7, 'Sam', '', '2026-11-01T09:00:00Z');
                    INSERT INTO symptom_entries VALUES
                        (null, 'private', 2, '2026-11-22T11:00:00Z', null, '2026-11-22T11:00:00Z', '2026-11-22T11:00:00Z'),
                        (null, 'private', 3, '2026-11-22T11:10:00Z', null, '2026-11-22T11:10:00Z', '2026-11-22T11:10:00Z');
                    """)
        }
        try database.close()
        let log = RecordedLog()
        try withDaemon(clock: DaemonClock(startingAt: now), notifier: FakeNotifier(), log: log) { _, _ in
            #expect(log.waitFor("rescheduled (start)"), "\(log.all)")
            try Store(path: store).setSetting(SettingKey.symptomReminderTime, to: "21:00", at: now)
            // Whichever plan sees the change (the start-up backup's may): the check moved to 21:00.
            #expect(log.waitFor("next due at 2026-11-22T21:00:00Z"), "\(log.all)")
        }
        let unreadable = log.all.filter { $0.contains("cannot be read") }.sorted()
        #expect(
            unreadable == [
                "warning: a row of contacts cannot be read (id 7); it is left out until the program that wrote it corrects it",
                "warning: a row of meditation_sessions cannot be read (id med-1); it is left out until the program that wrote it corrects it",
                // Two with no id to show: two rows, by their rowids, as doctor counts them.
                "warning: a row of symptom_entries cannot be read (rowid 1); it is left out until the program that wrote it corrects it",
                "warning: a row of symptom_entries cannot be read (rowid 2); it is left out until the program that wrote it corrects it",
            ], "\(log.all)")
        #expect(!log.all.contains { $0.contains("private") || $0.contains("Sam") }, "\(log.all)")
    }
}

extension DaemonTests {
    /// A settings row another program wrote wrong is logged by its key and what is wrong with
    /// it, with what applies instead and the fix: never with its value, which may be private.
    @Test func anUnreadableSettingIsLoggedWithoutItsValue() throws {
        let now = try #require(Timestamp.parse("2026-11-22T12:00:00Z"))
        try StoreQuery.create(store, now: now)
        let database = try DatabaseQueue(path: store)
        try database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO settings (key, value, updated_at)
                        VALUES ('symptom.reminder_time', 'after my private appointment', '2026-11-22T11:50:00Z')
                    """)
        }
        try database.close()
        let log = RecordedLog()
        let line =
            "warning: the settings row symptom.reminder_time cannot be read: its value is not a local time such as 20:00, 8pm or 8:30 PM; nudge uses 20:00 instead; fix it with: nudge settings reset symptom.reminder_time"
        try withDaemon(clock: DaemonClock(startingAt: now), notifier: FakeNotifier(), log: log) { _, _ in
            #expect(log.waitFor(line), "\(log.all)")
        }
        #expect(!log.all.contains { $0.contains("private") }, "\(log.all)")
    }
}

extension DaemonTests {
    /// A delivery row another program wrote a time into that nudge cannot read is owed as nudge
    /// reads it: too late, its miss is recorded (the time stays as written) and logged once, not
    /// by every plan a store write starts.
    @Test func aMissOnARowWithAnUnreadableShownTimeIsRecordedAndLoggedOnce() throws {
        let now = try #require(Timestamp.parse("2026-11-22T12:00:00Z"))
        try StoreQuery.create(store, now: now.addingTimeInterval(-3 * 86400))
        let database = try DatabaseQueue(path: store)
        try database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO reminder_deliveries (id, reminder_key, kind, due_at, title, shown_at)
                        VALUES (5, 'symptom:2026-11-21', 'symptom', '2026-11-21T20:00:00Z', 'Daily symptom check', 'garbage')
                    """)
        }
        try database.close()
        let log = RecordedLog()
        try withDaemon(clock: DaemonClock(startingAt: now), notifier: FakeNotifier(), log: log) { _, _ in
            #expect(log.waitFor("rescheduled (start)"), "\(log.all)")
            for time in ["21:00", "21:30", "22:00"] {
                try Store(path: store).setSetting(SettingKey.symptomReminderTime, to: time, at: now)
                #expect(log.waitFor("next due at 2026-11-22T\(time):00Z"), "\(log.all)")
            }
        }
        let missed = log.all.filter { $0.contains("missed symptom:2026-11-21,") }
        #expect(missed.count == 1, "\(log.all)")
        let row = try #require(try Store(path: store).delivery(key: "symptom:2026-11-21"))
        #expect(row.id == 5 && row.missedAt != nil && !row.isOwed)
    }
}
