import Foundation
import GRDB
import NudgeCore
import NudgeTestSupport
import Testing

@testable import NudgeStore

/// `call_due` lets a plan read only the contacts due soon. It must stay right whoever writes the
/// tables it comes from, and a plan from it must be the plan from every contact.
@Suite struct CallDueTests {
    let directory = TemporaryDirectory()
    var path: String { directory.file("nudge.sqlite") }
    let now = Timestamp.parse("2026-11-21T08:00:00Z")!

    /// What another program might write: calls in the formats nudge reads and some it does not,
    /// deletions, moves, cadences changed and removed, restarts.
    func writeAsAnotherProgram(_ db: Database, random: inout SeededRandom) throws {
        let formats = [
            "2026-%02d-%02dT10:00:00Z", "2026-%02d-%02d 23:30:00", "2026-%02d-%02dT01:00:00+05:00", "2026-%02d-%02d",
        ]
        for step in 0..<400 {
            let contact = Int64(random.next() % 40 + 1)
            switch random.next() % 9 {
            case 0, 1, 2:
                let format = formats[Int(random.next() % UInt64(formats.count))]
                let called = String(format: format, Int(random.next() % 11 + 1), Int(random.next() % 28 + 1))
                try db.execute(
                    sql:
                        "INSERT INTO call_logs (id, contact_id, called_at, is_marked_deleted, created_at, updated_at) VALUES (?, ?, ?, 0, ?, ?)",
                    arguments: ["log-\(step)", contact, step % 50 == 0 ? "now" : called, called, called])
            case 3:
                try db.execute(
                    sql:
                        "UPDATE call_logs SET is_marked_deleted = 1 - is_marked_deleted WHERE rowid = (SELECT rowid FROM call_logs WHERE contact_id = ? LIMIT 1)",
                    arguments: [contact])
            case 4:
                try db.execute(
                    sql: "UPDATE call_logs SET contact_id = ? WHERE rowid = (SELECT max(rowid) FROM call_logs)",
                    arguments: [contact])
            case 5:
                try db.execute(
                    sql: "DELETE FROM call_logs WHERE rowid = (SELECT min(rowid) FROM call_logs WHERE contact_id = ?)",
                    arguments: [contact])
            case 6:
                let every: Int? = random.next() % 4 == 0 ? nil : Int(random.next() % 60 + 1)
                try db.execute(
                    sql: "UPDATE contacts SET stay_in_touch_days = ? WHERE id = ?", arguments: [every, contact])
            case 7:
                try db.execute(
                    sql: "INSERT OR REPLACE INTO call_cadence (contact_id, restarted_on) VALUES (?, ?)",
                    arguments: [
                        contact,
                        String(format: "2026-%02d-%02d", Int(random.next() % 11 + 1), Int(random.next() % 28 + 1)),
                    ])
            default:
                if random.next() % 3 == 0 {
                    try db.execute(sql: "DELETE FROM contacts WHERE id = ?", arguments: [contact])
                } else {
                    try db.execute(
                        sql:
                            "INSERT OR IGNORE INTO contacts (id, name, stay_in_touch_days, created_at) VALUES (?, ?, ?, ?)",
                        arguments: [
                            contact, "Contact \(contact)", random.next() % 30 + 1,
                            "2026-0\(random.next() % 9 + 1)-15T12:00:00Z",
                        ])
                }
            }
        }
    }

    func rows(_ db: Database) throws -> [Row] {
        try Row.fetchAll(db, sql: "SELECT contact_id, last_call_at, due_day FROM call_due ORDER BY contact_id")
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func theTriggersKeepWhatARebuildWouldMake(seed: UInt64) throws {
        _ = try Store(path: path)
        // As sqlite3 writes: without foreign keys, so calls of deleted contacts stay behind.
        var withoutForeignKeys = Configuration()
        withoutForeignKeys.foreignKeysEnabled = false
        let other = try DatabaseQueue(path: path, configuration: withoutForeignKeys)
        var random = SeededRandom(seed: seed)
        try other.write { db in
            for id in 1...40 {
                try db.execute(
                    sql:
                        "INSERT INTO contacts (id, name, stay_in_touch_days, created_at) VALUES (?, ?, ?, '2026-01-10T09:00:00Z')",
                    arguments: [id, "Contact \(id)", id % 5 == 0 ? nil : id % 30 + 1])
            }
            try writeAsAnotherProgram(db, random: &random)
        }
        try other.write { db in
            let kept = try rows(db)
            #expect(kept.count > 10)
            try CallDue.rebuild(db)
            #expect(try rows(db) == kept)
        }
        // A time nudge's parser does not read ('now', a date alone) is no call to count from
        // (v17); one it reads without seconds leaves the day unknown: the contact is always read.
        let counted = try other.read { db in
            try Row.fetchAll(db, sql: "SELECT last_call_at FROM call_due WHERE last_call_at IS NOT NULL")
        }
        #expect(!counted.isEmpty && counted.allSatisfy { Timestamp.parse($0["last_call_at"] ?? "") != nil })
    }

    @Test func aProgramThatRemadeATableGetsTheTriggersBackOnTheNextOpen() throws {
        _ = try Store(path: path)
        let other = try DatabaseQueue(path: path)
        try other.write { db in
            try db.execute(
                sql:
                    "INSERT INTO contacts (id, name, stay_in_touch_days, created_at) VALUES (1, 'Alex', 7, '2026-11-01T09:00:00Z')"
            )
            try db.execute(sql: "DROP TRIGGER call_due_log_insert")
            try db.execute(
                sql:
                    "INSERT INTO call_logs (id, contact_id, called_at, created_at, updated_at) VALUES ('a', 1, '2026-11-20T09:00:00Z', '', '')"
            )
        }
        _ = try Store(path: path)
        let row = try other.read { db in
            try Row.fetchOne(db, sql: "SELECT last_call_at, due_day FROM call_due WHERE contact_id = 1")
        }
        #expect(row?["last_call_at"] == "2026-11-20T09:00:00Z")
        #expect(row?["due_day"] == CivilDate(iso: "2026-11-27")!.daysSinceEpoch)
    }

    /// Contacts due in a year and contacts due today, in zones a day apart: the plan from the
    /// contacts the store reads is the plan from all of them, up to its horizon.
    @Test(arguments: ["Pacific/Kiritimati", "Pacific/Pago_Pago", "Europe/Berlin"])
    func thePlanFromTheContactsDueSoonIsThePlanFromAll(zone: String) throws {
        // Only calls: the daily diary check would be due before most of them.
        let store = try Store(path: path).choosingKinds([.call])
        let clock = WallClock(zone: .system(zone))
        var random = SeededRandom(seed: 11)
        let other = try DatabaseQueue(path: path)
        try other.write { db in
            for id in 1...60 {
                // A few overdue; the rest due over the coming months, days apart.
                let every = Int(random.next() % 200) + 3
                let created = now.addingTimeInterval(-Double(random.next() % (400 * 86400)))
                try db.execute(
                    sql: "INSERT INTO contacts (id, name, stay_in_touch_days, created_at) VALUES (?, ?, ?, ?)",
                    arguments: [id, "Contact \(id)", every, Timestamp.format(created)])
                if random.next() % 10 != 0 {
                    let called = now.addingTimeInterval(-Double(random.next() % UInt64(min(every, 40) * 86400)))
                    try db.execute(
                        sql:
                            "INSERT INTO call_logs (id, contact_id, called_at, created_at, updated_at) VALUES (?, ?, ?, '', '')",
                        arguments: ["log-\(id)", id, Timestamp.format(called)])
                }
            }
        }
        for hours in stride(from: 0, to: 24 * 30, by: 5) {
            let instant = now.addingTimeInterval(TimeInterval(hours * 3600))
            let read = try store.scheduleInput(at: instant, clock: clock)
            let soonFacts = try #require(read.kind(.call) as? KindInput<CallReminder>).facts
            #expect(soonFacts.contacts.count < 60)
            var all = read
            let everyContact = try store.contacts().compactMap(\.cadence).sorted { $0.contactID < $1.contactID }
            all.kinds = [
                KindInput(CallReminder(), facts: .init(contacts: everyContact, oneOffCalls: soonFacts.oneOffCalls))
            ]
            let soon = Schedule(input: read, clock: clock).plan(now: instant)
            let every = Schedule(input: all, clock: clock).plan(now: instant)
            #expect(soon.due == every.due)
            #expect(soon.missed == every.missed)
            let nextDue = try #require(soon.nextDue)
            if soon.next.isEmpty {
                // The horizon: nothing known due before it; the full plan agrees.
                #expect(every.nextDue.map { $0 >= nextDue } ?? true)
            } else {
                #expect(soon.nextDue == every.nextDue)
                #expect(soon.next == every.next)
            }
            let listed = Schedule(input: try store.scheduleInput(at: instant, clock: clock, listing: 40), clock: clock)
                .upcoming(from: instant, limit: 40)
            #expect(listed == Schedule(input: all, clock: clock).upcoming(from: instant, limit: 40))
        }
    }

    /// A listing longer than the contacts (seventh round: `upcoming` listed ten daily checks and
    /// not tomorrow's call, while `--limit 2` listed it): every contact is read, and the listing
    /// is the one from every contact at every length.
    @Test(arguments: ["Pacific/Kiritimati", "Europe/Berlin"])
    func aListingLongerThanTheContactsHasThemAll(zone: String) throws {
        let store = try Store(path: path, now: now.addingTimeInterval(-2 * 86400))
        let clock = WallClock(zone: .system(zone))
        for (name, every) in [("Ann", 1), ("Bob", 3), ("Cy", 365)] {
            _ = try store.addContact(name: name, everyDays: every, now: now.addingTimeInterval(-86400)).get()
        }
        for limit in 1...12 {
            var all = try store.scheduleInput(at: now, clock: clock)
            let everyContact = try store.contacts().compactMap(\.cadence)
            all.kinds = all.kinds.map { kind in
                guard let calls = kind as? KindInput<CallReminder> else { return kind }
                return KindInput(
                    CallReminder(), facts: .init(contacts: everyContact, oneOffCalls: calls.facts.oneOffCalls))
            }
            let listed = Schedule(input: try store.scheduleInput(at: now, clock: clock, listing: limit), clock: clock)
                .upcoming(from: now, limit: limit)
            #expect(listed == Schedule(input: all, clock: clock).upcoming(from: now, limit: limit), "limit \(limit)")
            if limit >= 4 { #expect(listed.contains { $0.title == "Call Ann" }, "limit \(limit): \(listed)") }
        }
    }
}
