import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

@testable import NudgeStore

@Suite struct CallStoreTests {
    let directory = TemporaryDirectory()
    let store: Store
    let clock = WallClock(zone: .system("Europe/Berlin"))
    let now = Timestamp.parse("2026-11-21T08:00:00Z")!
    var path: String { directory.file("nudge.sqlite") }

    init() throws {
        store = try Store(path: directory.file("nudge.sqlite"))
    }

    func shown(_ key: String, id: UInt32) throws -> Int64 {
        let occurrence = Occurrence(kind: .call, key: key, dueAt: now, title: "Call")
        let claimed = try #require(try store.claim(occurrence))
        try store.markShown(
            claimed.id, notificationID: id,
            content: NotificationContent(title: "Call", body: "", actions: [], category: "c"), at: now, clock: clock)
        return claimed.id
    }

    @Test func contactsAreFoundByIdOrWholeNameNeverByAPart() throws {
        let alex = try store.addContact(name: "Alex", everyDays: 14, now: now).get()
        _ = try store.addContact(name: "Alexandra Smith", everyDays: nil, now: now).get()
        #expect(try store.resolveContact("ALEX").get().id == alex)
        #expect(try store.resolveContact(" alexandra smith ").get().name == "Alexandra Smith")
        #expect(try store.resolveContact(String(alex)).get().name == "Alex")
        #expect(
            throws: InputError(
                "no contact is named 'smith'; give the whole name or the id; did you mean: 'Alexandra Smith'?")
        ) {
            try store.resolveContact("smith").get()
        }
        #expect(
            throws: InputError(
                "no contact is named 'ale'; give the whole name or the id; did you mean: Alex, or 'Alexandra Smith'?")
        ) {
            try store.resolveContact("ale").get()
        }
        #expect(throws: InputError.self) { try store.resolveContact("Bob").get() }
    }

    @Test func calledWritesTheCallLogAsTheMonicaClientDoes() throws {
        let contact = try store.addContact(name: "Alex", everyDays: 14, now: now).get()
        let reminder = try store.addCallReminder(contactID: contact, dueAt: now, note: "birthday", now: now).id
        let delivery = try shown("call:\(contact):once:\(reminder)", id: 5)
        let answeredAt = now.addingTimeInterval(90)
        #expect(
            try store.answer(delivery, action: "called", at: answeredAt, clock: clock)
                == .recorded(AnswerReceipt(confirmation: "logged a call with Alex")))
        #expect(try store.answer(delivery, action: "called", at: answeredAt, clock: clock) == .duplicate)
        let logs = try StoreQuery.rows(path, "SELECT * FROM call_logs")
        #expect(logs.count == 1)
        let log = try #require(logs.first)
        #expect(log["id"]?.count == 36 && log["server_id"] == "0" && log["contact_id"] == String(contact))
        #expect(
            log["called_at"] == "2026-11-21T08:01:30Z" && log["duration_minutes"] == "0"
                && log["emotional_state"] == "NULL")
        #expect(
            log["notes"] == "NULL" && log["sync_status"] == "pending" && log["sync_error"] == "NULL"
                && log["last_sync_attempt"] == "NULL")
        #expect(
            log["is_marked_deleted"] == "0" && log["created_at"] == "2026-11-21T08:01:30Z"
                && log["updated_at"] == "2026-11-21T08:01:30Z")
        #expect(
            try StoreQuery.rows(path, "SELECT done_at FROM call_reminders").first?["done_at"] == "2026-11-21T08:01:30Z")
        #expect(try store.delivery(key: "call:\(contact):once:\(reminder)")?.action == "called")
        #expect(try store.contacts().first?.lastCall == Timestamp.parse("2026-11-21T08:01:30Z"))
    }

    @Test func tomorrowQueuesTheNextDaysReminderTimeAndDismissSkipsTheCycle() throws {
        let contact = try store.addContact(name: "Alex", everyDays: 14, now: now).get()
        let first = try shown("call:\(contact):cadence:2026-11-21", id: 1)
        // In the notification's words: its title as shown and the button's label.
        #expect(
            try store.answer(first, action: "tomorrow", at: now, clock: clock)
                == .recorded(AnswerReceipt(confirmation: "answered Call: Remind me tomorrow")))
        let followUp = try #require(try store.delivery(key: "call:\(contact):cadence:2026-11-21:tomorrow:1"))
        #expect(followUp.isOwed && Timestamp.format(followUp.dueAt) == "2026-11-22T08:00:00Z")

        let second = try shown("call:\(contact):cadence:2026-11-21:tomorrow:1", id: 2)
        #expect(
            try store.answer(second, action: "dismiss", at: now.addingTimeInterval(86400), clock: clock)
                == .recorded(AnswerReceipt(confirmation: "answered Call: Skip this time")))
        #expect(try store.contacts().first?.restartedOn == CivilDate(year: 2026, month: 11, day: 22))
        #expect(try store.contacts().first?.cadence?.dueDate(clock: clock).description == "2026-12-06")
    }

    /// A one-off reminder answered "Remind me tomorrow" is listed at the time it comes again,
    /// not at the time gone by; cancelled, it has no such time.
    @Test func aOneOffMovedToTomorrowIsListedAtItsNewTime() throws {
        let contact = try store.addContact(name: "Ann", everyDays: nil, now: now).get()
        let reminder = try store.addCallReminder(contactID: contact, dueAt: now, note: nil, now: now).id
        let open = try #require(try store.openCallReminders().first)
        #expect(open.movedTo == nil)
        let first = try shown(CallReminder.onceKey(open), id: 1)
        _ = try store.answer(first, action: "tomorrow", at: now, clock: clock)
        let moved = try #require(try store.openCallReminders().first { $0.id == reminder })
        #expect(moved.movedTo.map(Timestamp.format) == "2026-11-22T08:00:00Z" && moved.dueAt == now)
        _ = try store.cancelCallReminder(reminder, now: now)
        #expect(try store.openCallReminders().isEmpty)
    }

    @Test func aShownCadenceRestartsInTheSameWriteAsShown() throws {
        let contact = try store.addContact(name: "Alex", everyDays: 14, now: now).get()
        let claimed = try #require(
            try store.claim(
                Occurrence(kind: .call, key: "call:\(contact):cadence:2026-11-21", dueAt: now, title: "Call Alex")))
        #expect(try store.contacts().first?.cadence?.dueDate(clock: clock).description == "2026-12-05")
        // Shown three days late: the cadence counts again from that day, not from the creation;
        // the store asks the kind's rule what its showing writes.
        try store.markShown(
            claimed.id, notificationID: 3,
            content: NotificationContent(title: "Call Alex", body: "", actions: [], category: "c"),
            at: now.addingTimeInterval(3 * 86400), clock: clock)
        #expect(try store.contacts().first?.cadence?.dueDate(clock: clock).description == "2026-12-08")
    }

    @Test func removingAContactWithCallsNeedsToSaySo() throws {
        let contact = try store.addContact(name: "Alex", everyDays: 14, now: now).get()
        try store.logCall(contactID: contact, at: now, durationMinutes: 12, mood: "happy", notes: "fine", now: now)
        #expect(throws: InputError("the contact has 1 logged call; remove them too with --delete-calls")) {
            try store.removeContact(contact, deletingCalls: false).get()
        }
        #expect(try store.contacts().count == 1)
        #expect(try store.removeContact(contact, deletingCalls: true).get() == 1)
        #expect(try store.contacts().isEmpty)
    }
}
