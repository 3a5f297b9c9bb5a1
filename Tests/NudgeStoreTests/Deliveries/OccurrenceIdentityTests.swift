import Foundation
import GRDB
import NudgeCore
import NudgeTestSupport
import Testing

@testable import NudgeStore

/// An occurrence's key is never given to two things: SQLite hands out the largest rowid again
/// after a delete, so keys are built from serials that are never reused.
@Suite struct OccurrenceIdentityTests {
    let directory = TemporaryDirectory()
    let store: Store
    let clock = WallClock(zone: .system("America/New_York"))
    let now = Timestamp.parse("2026-11-21T14:00:00Z")!
    var path: String { directory.file("nudge.sqlite") }

    init() throws {
        store = try Store(path: directory.file("nudge.sqlite"), now: Timestamp.parse("2026-11-01T00:00:00Z")!)
    }

    func upcomingKeys(from instant: Date) throws -> [String] {
        let input = try store.scheduleInput(at: instant, clock: WallClock(zone: .system("UTC")))
        return Schedule(input: input, clock: clock).upcoming(from: instant, limit: 50).map(\.key)
    }

    func show(_ key: String) throws {
        let occurrence = Occurrence(kind: .call, key: key, dueAt: now, title: "Call")
        let claimed = try #require(try store.claim(occurrence))
        try store.markShown(claimed.id, notificationID: 1, content: nil, at: now, clock: clock)
    }

    @Test func aOneOffMadeAfterAnotherWasDeletedHasANewKeyAndIsShown() throws {
        let alex = try store.addContact(name: "Alex", everyDays: nil, now: now).get()
        _ = try store.addCallReminder(contactID: alex, dueAt: now.addingTimeInterval(3600), note: nil, now: now)
        let first = try #require(try upcomingKeys(from: now).first { $0.contains(":once:") })
        try show(first)
        _ = try store.removeContact(alex, deletingCalls: true)
        // Another program (the call log's client) adds a contact: SQLite gives the id again
        // (nudge's own never does: IssuedNumbers.contacts).
        try DatabaseQueue(path: path).write { db in
            try db.execute(
                sql: "INSERT INTO contacts (name, stay_in_touch_days, created_at) VALUES ('Sam', NULL, ?)",
                arguments: [Timestamp.format(now)])
        }
        let sam = try #require(try store.contacts().first { $0.name == "Sam" }?.id)
        #expect(sam == alex, "SQLite gives the id again; the test relies on it")
        _ = try store.addCallReminder(contactID: sam, dueAt: now.addingTimeInterval(7200), note: nil, now: now)
        let second = try upcomingKeys(from: now).filter { $0.contains(":once:") }
        #expect(second.count == 1 && second[0] != first, "\(second) reuses \(first)")
        #expect(try store.openCallReminders().map(\.settled) == [false])
    }

    @Test func aCadenceOfARecreatedContactHasANewKey() throws {
        let alex = try store.addContact(name: "Alex", everyDays: 3, now: now).get()
        let first = try #require(try upcomingKeys(from: now).first { $0.contains(":cadence:") })
        try show(first)
        _ = try store.removeContact(alex, deletingCalls: true)
        _ = try store.addContact(name: "Sam", everyDays: 3, now: now).get()
        let second = try upcomingKeys(from: now).filter { $0.contains(":cadence:") }
        #expect(second.count == 1 && second[0] != first, "\(second) reuses \(first)")
    }

    /// Another program replacing a row in place (INSERT OR REPLACE) makes a new row: a new key.
    @Test func aRowReplacedInPlaceByAnotherProgramGetsANewSerial() throws {
        let alex = try store.addContact(name: "Alex", everyDays: 3, now: now).get()
        let before = try #require(try store.contacts().first?.identity)
        try DatabaseQueue(path: path).write { db in
            try db.execute(
                sql:
                    "INSERT OR REPLACE INTO contacts (id, name, stay_in_touch_days, created_at) VALUES (?, 'Sam', 3, '2026-11-21T14:00:00Z')",
                arguments: [alex])
        }
        let after = try #require(try store.contacts().first?.identity)
        #expect(after > before)
    }

    @Test func aDoseSessionStartedAgainAtTheSameInstantHasNewKeys() throws {
        let settings = Settings()
        let dose1 = now.addingTimeInterval(-3600)
        let first = try store.startDoseSession(at: dose1, newSession: false, settings: settings, clock: clock).get()
        try DatabaseQueue(path: path).write { db in try db.execute(sql: "DELETE FROM current_session") }
        let second = try store.startDoseSession(at: dose1, newSession: false, settings: settings, clock: clock).get()
        #expect(DoseReminder.prefix(first) != DoseReminder.prefix(second))
    }

    /// The day is the symptom check's identity: entries deleted and logged again do not bring
    /// back a check already answered.
    @Test func aSymptomCheckAnsweredStaysAnsweredWhenEntriesAreRecreated() throws {
        let day = clock.date(of: now)
        let occurrence = Occurrence(kind: .symptom, key: SymptomReminder.key(for: day), dueAt: now, title: "check")
        let claimed = try #require(try store.claim(occurrence))
        try store.markShown(claimed.id, notificationID: 1, content: nil, at: now, clock: clock)
        #expect(try store.recordAnswer(claimed.id, action: "done", at: now, effects: AnswerEffects()))
        let entry = try store.addSymptom(name: "Headache", severity: 2, notes: nil, loggedAt: now, now: now)
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "DELETE FROM symptom_entries WHERE id = ?", arguments: [entry.id])
        }
        _ = try store.addSymptom(name: "Headache", severity: 2, notes: nil, loggedAt: now, now: now)
        #expect(try store.claim(occurrence) == nil)
    }

    /// A store from before the serials: keys already recorded keep their meaning, a number a
    /// deleted row used is not handed out again, and a row that already collided gets a new one.
    @Test func migratingAnOlderStoreKeepsRecordedKeysAndSkipsUsedNumbers() throws {
        let older = directory.file("older.sqlite")
        _ = try Store(path: older)
        let database = try DatabaseQueue(path: older)
        try database.write { db in
            for trigger in OccurrenceIdentities.triggerNames { try db.execute(sql: "DROP TRIGGER \(trigger)") }
            try db.execute(
                sql: """
                    DROP TABLE contact_identities; DROP TABLE call_reminder_identities; DROP TABLE store_metadata;
                    DELETE FROM grdb_migrations WHERE identifier = 'v4 occurrence identities';
                    INSERT INTO contacts (id, name, stay_in_touch_days, created_at) VALUES
                        (1, 'Alex', 7, '2026-10-01T10:00:00Z'), (2, 'Sam', NULL, '2026-11-20T10:00:00Z');
                    INSERT INTO call_reminders (id, contact_id, due_at, created_at) VALUES
                        (1, 1, '2026-11-25T14:00:00Z', '2026-11-10T10:00:00Z'),
                        (2, 2, '2026-11-26T14:00:00Z', '2026-11-20T10:00:00Z');
                    INSERT INTO reminder_deliveries (reminder_key, kind, due_at, shown_at) VALUES
                        ('call:1:once:1', 'call', '2026-11-12T14:00:00Z', '2026-11-12T14:00:00Z'),
                        ('call:5:once:2', 'call', '2026-11-02T14:00:00Z', '2026-11-02T14:00:00Z'),
                        ('call:9:cadence:2026-10-05', 'call', '2026-10-05T13:00:00Z', '2026-10-05T13:00:00Z');
                    """)
        }
        try database.close()
        let migrated = try Store(path: older)
        let identities = try migrated.database.read { db in
            (
                contacts: try Row.fetchAll(
                    db, sql: "SELECT contact_id, identity FROM contact_identities ORDER BY contact_id"
                )
                .map { [$0[0] as Int64, $0[1] as Int64] },
                reminders: try Row.fetchAll(
                    db, sql: "SELECT reminder_id, identity FROM call_reminder_identities ORDER BY reminder_id"
                )
                .map { [$0[0] as Int64, $0[1] as Int64] }
            )
        }
        // Alex and reminder 1 keep their numbers: call:1:once:1 was shown after both existed.
        #expect(identities.contacts == [[1, 1], [2, 2]])
        // Reminder 2 is Sam's, but call:5:once:2 was another contact's: a new serial past 2.
        #expect(identities.reminders[0] == [1, 1] && identities.reminders[1][0] == 2 && identities.reminders[1][1] > 2)
        // New contacts start past 9, the highest contact number a key used.
        let next = try migrated.addContact(name: "Lee", everyDays: nil, now: now).get()
        let lee = try #require(try migrated.contacts().first { $0.id == next })
        #expect(try #require(lee.identity) > 9)
        let settled = try migrated.openCallReminders().map { ($0.id, $0.settled) }
        #expect(settled.map(\.0) == [1, 2] && settled.map(\.1) == [true, false])
    }

    /// A program that dropped the triggers and inserted rows: the next open gives them serials.
    @Test func rowsInsertedWithoutTheTriggersGetSerialsOnTheNextOpen() throws {
        let database = try DatabaseQueue(path: path)
        try database.write { db in
            for trigger in OccurrenceIdentities.triggerNames { try db.execute(sql: "DROP TRIGGER \(trigger)") }
            try db.execute(
                sql:
                    "INSERT INTO contacts (name, stay_in_touch_days, created_at) VALUES ('Alex', 3, '2026-11-21T14:00:00Z')"
            )
        }
        try database.close()
        let reopened = try Store(path: path)
        #expect(try reopened.contacts().first?.identity != nil)
        #expect(try reopened.scheduleInput(at: now, clock: WallClock(zone: .system("UTC"))).contacts.count == 1)
    }
}
