import Foundation
import GRDB
import NudgeCore
import NudgeTestSupport
import Testing

@testable import NudgeStore

/// A call time another program wrote that nudge cannot read (`yesterday`, November 31st) sorts
/// after every date: it won `max(called_at)` in `call_due` and the contacts listing, so a contact
/// called three days ago read as never called and was due at once (issue 39). The latest call
/// is the latest one nudge reads, in the triggers (v17), the plan and every listing.
@Suite struct CallDueReadableCallTests {
    let directory = TemporaryDirectory()
    var path: String { directory.file("nudge.sqlite") }
    let now = Timestamp.parse("2026-11-21T08:00:00Z")!
    let clock = WallClock(zone: .system("Europe/Berlin"))

    /// Sam (every 7 days, added 20 days ago), called 3 days ago, and a call nudge cannot read.
    func samCalledThreeDaysAgo(besides unreadable: String) throws -> Store {
        let store = try Store(path: path, now: now.addingTimeInterval(-30 * 86400)).choosingKinds([.call])
        let sam = try store.addContact(name: "Sam", everyDays: 7, now: now.addingTimeInterval(-20 * 86400)).get()
        _ = try store.logCall(
            contactID: sam, at: now.addingTimeInterval(-3 * 86400), durationMinutes: 5, mood: nil, notes: nil,
            now: now)
        try DatabaseQueue(path: path).write { db in
            try db.execute(
                sql:
                    "INSERT INTO call_logs (id, contact_id, called_at, created_at, updated_at) VALUES ('other', ?, \(unreadable), '', '')",
                arguments: [sam])
        }
        return store
    }

    @Test(arguments: [
        "'yesterday'", "'2026-11-20T10:00:00 at noon'", "'2026-11-31T10:00:00Z'", "'2026-11-20T25:00:00Z'",
    ])
    func theLatestCallIsTheLatestReadableOne(unreadable: String) throws {
        let store = try samCalledThreeDaysAgo(besides: unreadable)
        let called = now.addingTimeInterval(-3 * 86400)
        #expect(try store.contacts().first?.cadence?.lastCall == called)
        // Due on the 25th at call.reminder_time (09:00 in Berlin): not now, as never called.
        let dueAt = Timestamp.parse("2026-11-25T08:00:00Z")
        let plan = Schedule(input: try store.scheduleInput(at: now, clock: clock), clock: clock).plan(now: now)
        #expect(plan.due.isEmpty && plan.missed.isEmpty, "\(plan)")
        #expect(plan.nextDue == dueAt, "\(plan)")
        let listed = Schedule(input: try store.scheduleInput(at: now, clock: clock, listing: 3), clock: clock)
            .upcoming(from: now, limit: 3)
        #expect(listed.first?.title == "Call Sam" && listed.first?.dueAt == dueAt, "\(listed)")
    }

    /// Every text nudge's parser reads, and none it does not, is a call `call_due` counts from:
    /// the triggers' SQL against `Timestamp.parse` on valid times, each cut short and changed.
    @Test func theTriggersReadWhatTimestampParseReads() throws {
        let store = try Store(path: path, now: now)
        let sam = try store.addContact(name: "Sam", everyDays: 7, now: now).get()
        var texts = [
            "2026-11-20T10:00:00Z", "2026-11-20 10:00:00", "2026-11-20T10:00", "2026-11-20T10:00Z",
            "2026-11-20T10:00:60Z", "2026-11-20T10:00:61Z", "2026-11-20T24:00:00Z", "2026-11-20T10:60:00Z",
            "2024-02-29T10:00:00Z", "2026-02-29T10:00:00Z", "2026-04-31T10:00:00Z", "2026-13-01T10:00:00Z",
            "2026-11-20T10:00:00.123Z", "2026-11-20T10:00:00,5Z", "2026-11-20T10:00.5", "2026-11-20T10:00:00.Z",
            "2026-11-20T10:00:00+05:30", "2026-11-20T10:00:00-0800", "2026-11-20T10:00:00+05", "2026-11-20T10:00:00+19",
            "2026-11-20T10:00:00+18:00", "2026-11-20T10:00:00+05:60", "2026-11-20T10:00:00+05:3",
            "2026-11-20T10:00:00z",
            "2026-11-20t10:00:00Z", "2026-11-20T10:00:00ZZ", "0000-01-01T00:00:00Z", "9999-12-31T23:59:59Z", "now",
            "2026-11-20", "yesterday", "",
        ]
        var random = SeededRandom(seed: 39)
        let alphabet = Array("0123456789-:T .,Zz+x")
        for valid in texts.prefix(24) where Timestamp.parse(valid) != nil {
            for _ in 0..<40 {
                var characters = Array(valid)
                let index = Int(random.next() % UInt64(characters.count))
                switch random.next() % 3 {
                case 0: characters[index] = alphabet[Int(random.next() % UInt64(alphabet.count))]
                case 1: characters.removeSubrange(index...)
                default: characters.insert(alphabet[Int(random.next() % UInt64(alphabet.count))], at: index)
                }
                texts.append(String(characters))
            }
        }
        let database = try DatabaseQueue(path: path)
        let counted = try database.write { db in
            try texts.map { text in
                try db.execute(sql: "DELETE FROM call_logs")
                try db.execute(
                    sql:
                        "INSERT INTO call_logs (id, contact_id, called_at, created_at, updated_at) VALUES ('c', ?, ?, '', '')",
                    arguments: [sam, text])
                return try String.fetchOne(
                    db, sql: "SELECT last_call_at FROM call_due WHERE contact_id = ?", arguments: [sam])
            }
        }
        let wrong = zip(texts, counted).filter { text, counted in (counted == text) != (Timestamp.parse(text) != nil) }
        #expect(wrong.isEmpty, "\(wrong)")
        #expect(texts.count > 500 && counted.contains(nil) && counted.contains { $0 != nil })
    }

    /// A store v16 made: its triggers counted from the unreadable call. Migrated, the triggers
    /// are a new store's and `call_due` is what a rebuild makes; no row of its sources changes.
    @Test func migratingAStoreV16MadeKeepsItsRowsAndCountsFromTheReadableCall() throws {
        _ = try samCalledThreeDaysAgo(besides: "'yesterday'")
        let triggers =
            "SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'call_due_%' ORDER BY name"
        let sources = "SELECT * FROM contacts, call_logs ORDER BY call_logs.rowid"
        let database = try DatabaseQueue(path: path)
        let (newStoreTriggers, rows) = try database.read { db in
            (try Row.fetchAll(db, sql: triggers), try Row.fetchAll(db, sql: sources))
        }
        // Back to v16: v5's triggers and the table they filled.
        try database.write { db in
            for name in CallDue.triggerNames { try db.execute(sql: "DROP TRIGGER \(name)") }
            try Schema.v5.apply(db, now)
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = ?", arguments: [Schema.v17.identifier])
        }
        let lastCall = "SELECT last_call_at FROM call_due"
        #expect(try database.read { db in try String.fetchOne(db, sql: lastCall) } == "yesterday")
        let store = try Store(path: path).choosingKinds([.call])
        let (migratedTriggers, migratedRows, migratedLastCall) = try database.read { db in
            (
                try Row.fetchAll(db, sql: triggers), try Row.fetchAll(db, sql: sources),
                try String.fetchOne(db, sql: lastCall)
            )
        }
        #expect(migratedTriggers == newStoreTriggers && migratedRows == rows)
        #expect(migratedLastCall == Timestamp.format(now.addingTimeInterval(-3 * 86400)))
        let kept = try database.read { db in try Row.fetchAll(db, sql: "SELECT * FROM call_due") }
        try database.write { db in try CallDue.rebuild(db) }
        #expect(try database.read { db in try Row.fetchAll(db, sql: "SELECT * FROM call_due") } == kept)
        let plan = Schedule(input: try store.scheduleInput(at: now, clock: clock), clock: clock).plan(now: now)
        #expect(plan.due.isEmpty && plan.nextDue == Timestamp.parse("2026-11-25T08:00:00Z"), "\(plan)")
        // Opening it again changes nothing.
        _ = try Store(path: path)
        #expect(try database.read { db in try Row.fetchAll(db, sql: triggers) } == newStoreTriggers)
    }
}
