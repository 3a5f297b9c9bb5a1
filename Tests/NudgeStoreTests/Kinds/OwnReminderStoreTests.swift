import Foundation
import GRDB
import NudgeCore
import NudgeTestSupport
import Testing

@testable import NudgeStore

/// The person's own reminders in nudge's own table: read back as written, *Done* on an
/// every-N-days one counts again from the day it was done, in the answer's transaction, and a
/// row nudge cannot read is left out, never a crash.
@Suite struct OwnReminderStoreTests {
    let directory = TemporaryDirectory()
    let store: Store
    let clock = WallClock(zone: .system("Europe/Berlin"))
    let now = Timestamp.parse("2026-11-26T08:00:00Z")!
    var path: String { directory.file("nudge.sqlite") }

    init() throws {
        store = try Store(path: directory.file("nudge.sqlite"))
    }

    @Test func eachRepeatReadsBackAsWritten() throws {
        let repeats: [OwnReminderRepeat] = [
            .every(days: 3, from: CivilDate(iso: "2026-11-26")!), .on(CivilDate(iso: "2026-12-24")!),
            .weekly(try MedicationDays.parse("mon,thu")), .monthly(day: 31),
        ]
        for repeated in repeats {
            _ = try store.addOwnReminder(
                text: "Water & <feed>", repeats: repeated, time: LocalTime(hour: 18, minute: 0)!, now: now)
        }
        let read = try store.ownReminders()
        #expect(read.map(\.repeats) == repeats)
        #expect(read.allSatisfy { $0.text == "Water & <feed>" && $0.since == now && $0.time.description == "18:00" })
    }

    @Test func doneOnEveryNDaysCountsFromTheClick() throws {
        let plants = try store.addOwnReminder(
            text: "Water the plants", repeats: .every(days: 3, from: CivilDate(iso: "2026-11-26")!),
            time: LocalTime(hour: 18, minute: 0)!, now: now)
        let key = plants.key(on: CivilDate(iso: "2026-11-26")!)
        let claimed = try #require(
            try store.claim(Occurrence(kind: .ownReminder, key: key, dueAt: now, title: plants.text)))
        try store.markShown(
            claimed.id, notificationID: 3,
            content: NotificationContent(title: plants.text, body: "", actions: [], category: "c"), at: now,
            clock: clock)
        // Clicked the next day (Berlin): three days from 2026-11-27.
        let clicked = Timestamp.parse("2026-11-27T09:00:00Z")!
        #expect(
            try store.answer(claimed.id, action: "done", at: clicked, clock: clock)
                == .recorded(
                    AnswerReceipt(confirmation: "answered Water the plants: Done; next on 2026-11-30 at 18:00")))
        #expect(try store.ownReminders().first?.repeats == .every(days: 3, from: CivilDate(iso: "2026-11-30")!))
        #expect(
            try StoreQuery.rows(path, "SELECT counted_from FROM own_reminders").first?["counted_from"] == "2026-11-30")
    }

    /// The plan reads the days answered Done or Skip, and those keyed before keys held the
    /// time, from the reminders' deliveries.
    @Test func answeredAndUntimedDaysAreReadFromTheDeliveries() throws {
        let plants = try store.addOwnReminder(
            text: "Water the plants", repeats: .monthly(day: 1), time: LocalTime(hour: 18, minute: 0)!, now: now)
        let skipped = try #require(
            try store.claim(
                Occurrence(
                    kind: .ownReminder, key: plants.key(on: CivilDate(iso: "2026-11-25")!), dueAt: now, title: "")))
        try store.markShown(
            skipped.id, notificationID: 3,
            content: NotificationContent(title: "", body: "", actions: [], category: "c"),
            at: now, clock: clock)
        _ = try store.answer(skipped.id, action: "skip", at: now, clock: clock)
        _ = try store.claim(
            Occurrence(kind: .ownReminder, key: "reminder:\(plants.id):2026-11-26", dueAt: now, title: ""))
        let days = try store.read { db in try Store.recentOwnReminderDays(db, at: now) }
        #expect(days.answered == ["reminder:\(plants.id):2026-11-25"])
        #expect(days.untimed == ["reminder:\(plants.id):2026-11-26"])
        #expect(try store.answeredOwnReminderDays(at: now) == days.answered)
    }

    @Test func aRowNudgeCannotReadIsLeftOut() throws {
        _ = try store.addOwnReminder(
            text: "Water the plants", repeats: .monthly(day: 1), time: LocalTime(hour: 18, minute: 0)!, now: now)
        let database = try DatabaseQueue(path: path)
        try database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO own_reminders (text, repeat_kind, repeat_value, at_time, created_at, updated_at)
                    VALUES ('x', 'monthly', '40', '25:00', '2026-11-26T08:00:00Z', '2026-11-26T08:00:00Z')
                    """)
        }
        try database.close()
        #expect(try store.ownReminders().map(\.text) == ["Water the plants"])
    }

    /// A day twice in a row another program wrote is read as once, not left out: `--weekly`
    /// refuses it as typed, and a row that stopped being read would never be reminded again.
    @Test func aDayTwiceInAStoredRowIsReadAsOnce() throws {
        let database = try DatabaseQueue(path: path)
        try database.write { db in
            try db.execute(
                sql: """
                    INSERT INTO own_reminders (text, repeat_kind, repeat_value, at_time, created_at, updated_at)
                    VALUES ('Gym', 'weekly', 'sat,sun,sat', '10:00', '2026-11-26T08:00:00Z', '2026-11-26T08:00:00Z')
                    """)
        }
        try database.close()
        #expect(try store.ownReminders().map(\.repeats) == [.weekly(MedicationDays(weekdays: [6, 0]))])
    }

    @Test func deletingOneCancelsItsQueuedSnooze() throws {
        let plants = try store.addOwnReminder(
            text: "Water the plants", repeats: .monthly(day: 1), time: LocalTime(hour: 18, minute: 0)!, now: now)
        let key = plants.key(on: CivilDate(iso: "2026-11-26")!) + ":snooze:1"
        _ = try #require(try store.claim(Occurrence(kind: .ownReminder, key: key, dueAt: now, title: plants.text)))
        #expect(try store.deleteOwnReminder(id: plants.id, now: now))
        #expect(try store.ownReminders().isEmpty)
        #expect(try store.delivery(key: key)?.cancelledAt == now)
        #expect(try !store.deleteOwnReminder(id: plants.id, now: now))
    }
}
