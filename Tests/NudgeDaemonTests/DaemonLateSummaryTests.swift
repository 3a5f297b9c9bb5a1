import Foundation
import NudgeCore
import NudgeStore
import NudgeSystem
import NudgeTestSupport
import Testing

@testable import NudgeDaemon

/// Several reminders found late at the start (issue 41, item 5), in process: one notification
/// names them all, each is recorded as shown in it under its own title, and a restarted daemon
/// shows none of them again.
extension DaemonTests {
    /// Calls owed since Monday and Wednesday and this evening, and the symptom check of 20:00,
    /// found by a daemon started on Thursday at 21:00 (the zone's time).
    func lateEvening() throws -> Date {
        let clock = WallClock(zone: zone.resolve().rules)
        let day = CivilDate(year: 2026, month: 11, day: 26)
        func at(_ days: Int, _ hour: Int, _ minute: Int = 0) throws -> Date {
            try #require(clock.instant(on: day.adding(days: days), at: LocalTime(hour: hour, minute: minute)!))
        }
        let setup = try Store(path: store, now: try at(-10, 12))
        for (name, due) in [("Sam", try at(-3, 9)), ("Kim", try at(-1, 9)), ("Lee", try at(0, 20, 30))] {
            let contact = try setup.addContact(name: name, everyDays: nil, now: try at(-10, 12)).get()
            _ = try setup.addCallReminder(contactID: contact, dueAt: due, note: nil, now: try at(-10, 12))
        }
        return try at(0, 21)
    }

    @Test func lateRemindersAtTheStartMakeOneSummaryShownOnceAcrossARestart() throws {
        let start = try lateEvening()
        let notifier = FakeNotifier()
        let log = RecordedLog()
        try withDaemon(clock: DaemonClock(startingAt: start), notifier: notifier, log: log, kinds: [.symptom, .call]) {
            _, _ in
            #expect(log.waitFor("as notification 1", count: 4), "\(log.all)")
        }
        let shown = notifier.shown.withLock { $0 }
        try #require(shown.count == 1, "one notification, not a burst: \(shown.map(\.title))")
        #expect(shown[0].title == "While the computer was off")
        #expect(
            shown[0].body.hasPrefix(
                "a call with Sam due since Monday, a call with Kim due since Wednesday, the symptom check of 20:00, 1 more."
            ),
            "\(shown[0].body)")
        let rows = try StoreQuery.rows(
            store,
            "SELECT title, body, notification_id FROM reminder_deliveries WHERE shown_at IS NOT NULL ORDER BY due_at")
        #expect(rows.map { $0["title"] } == ["Call Sam", "Call Kim", "Daily symptom check", "Call Lee"], "\(rows)")
        #expect(rows.allSatisfy { $0["notification_id"] == "1" && $0["body"] == LateSummary.recordedBody }, "\(rows)")
        // Restarted: the store says they were shown; nothing is shown again.
        let again = FakeNotifier()
        let restarted = RecordedLog()
        try withDaemon(
            clock: DaemonClock(startingAt: start.addingTimeInterval(300)), notifier: again, log: restarted,
            kinds: [.symptom, .call]
        ) { _, _ in
            #expect(restarted.waitFor("rescheduled (start)"), "\(restarted.all)")
        }
        #expect(again.shown.withLock { $0.isEmpty }, "\(again.shown.withLock { $0.map(\.title) })")
    }

    /// Four calls owed since Monday (more than the call kind's own summary lets pop up): the
    /// late summary alone names them, not also "4 people to call" at the same instant.
    @Test func lateCallsOfASummarizingKindAreInTheLateSummaryAlone() throws {
        let clock = WallClock(zone: zone.resolve().rules)
        let monday = try #require(
            clock.instant(on: CivilDate(year: 2026, month: 11, day: 23), at: LocalTime(hour: 9, minute: 0)!))
        let setup = try Store(path: store, now: monday.addingTimeInterval(-86_400))
        for name in ["Ann", "Bob", "Cy", "Dee"] {
            let contact = try setup.addContact(name: name, everyDays: nil, now: monday.addingTimeInterval(-86_400))
            _ = try setup.addCallReminder(
                contactID: try contact.get(), dueAt: monday, note: nil, now: monday.addingTimeInterval(-86_400))
        }
        let notifier = FakeNotifier()
        // A server slow to answer: what the plan hands it is still waiting when the plan ends,
        // as with a real server (a fake answering at once records it shown before the call
        // kind's summary claims it).
        notifier.holding.withLock { $0 = true }
        let log = RecordedLog()
        let start = monday.addingTimeInterval(3 * 86_400)
        try withDaemon(clock: DaemonClock(startingAt: start), notifier: notifier, log: log, kinds: [.call]) { _, _ in
            #expect(log.waitFor("rescheduled (start)"), "\(log.all)")
            let held = notifier.held.withLock { $0 }
            #expect(held.count == 1, "the late summary alone, not also the call kind's: \(held.count)")
            notifier.holding.withLock { $0 = false }
            for done in held { done(.success(1)) }
            #expect(log.waitFor("as notification 1", count: 4), "\(log.all)")
        }
        let rows = try StoreQuery.rows(
            store, "SELECT title, body, notification_id FROM reminder_deliveries ORDER BY title")
        #expect(rows.map { $0["title"] } == ["Call Ann", "Call Bob", "Call Cy", "Call Dee"], "\(rows)")
        #expect(rows.allSatisfy { $0["notification_id"] == "1" && $0["body"] == LateSummary.recordedBody }, "\(rows)")
    }

    /// One late reminder alone is shown as itself.
    @Test func oneLateReminderIsShownAsItself() throws {
        let start = try lateEvening()
        let notifier = FakeNotifier()
        try withDaemon(at: Timestamp.format(start), notifier: notifier, kinds: [.symptom]) { _ in
            #expect(notifier.showed.wait(timeout: .now() + 10) == .success)
        }
        #expect(notifier.shown.withLock { $0.map(\.title) } == ["Daily symptom check"])
    }

    /// Calls owed since 20:00 and 20:30 today (the zone's time), for a daemon at 21:00.
    private func twoLateCalls() throws -> Date {
        let clock = WallClock(zone: zone.resolve().rules)
        let day = CivilDate(year: 2026, month: 11, day: 26)
        let setup = try Store(
            path: store, now: try #require(clock.instant(on: day, at: LocalTime(hour: 12, minute: 0)!)))
        for (name, minute) in [("Sam", 0), ("Kim", 30)] {
            let due = try #require(clock.instant(on: day, at: LocalTime(hour: 20, minute: minute)!))
            let contact = try setup.addContact(name: name, everyDays: nil, now: due.addingTimeInterval(-3600)).get()
            _ = try setup.addCallReminder(contactID: contact, dueAt: due, note: nil, now: due.addingTimeInterval(-3600))
        }
        return try #require(clock.instant(on: day, at: LocalTime(hour: 21, minute: 0)!))
    }

    /// Held during Do Not Disturb and released together: the summary says so.
    @Test(.hangBound(minutes: 2)) func heldRemindersReleasedTogetherNameDoNotDisturb() throws {
        let bus = try NotificationBus()
        defer { bus.shutdown() }
        try bus.addInhibited(true)
        let start = try twoLateCalls()
        let notifier = FakeNotifier()
        let log = RecordedLog()
        try withDaemon(
            clock: DaemonClock(startingAt: start), notifier: notifier, log: log, kinds: [.call], sessionBus: bus.address
        ) { _, _ in
            #expect(log.waitFor("during Do Not Disturb", count: 2), "\(log.all)")
            try bus.setInhibited(false)
            #expect(notifier.showed.wait(timeout: .now() + 10) == .success)
        }
        #expect(notifier.shown.withLock { $0.map(\.title) } == ["While Do Not Disturb was on"])
    }

    /// The machine up since before they were due, without a sleep: nudge itself was stopped.
    @Test func lateRemindersOnAMachineThatWasUpNameNudgeStopped() throws {
        let start = try twoLateCalls()
        let clock = DaemonClock(startingAt: start)
        clock.booted(at: start.addingTimeInterval(-2 * 3600))
        let notifier = FakeNotifier()
        try withDaemon(clock: clock, notifier: notifier, kinds: [.call]) { _, _ in
            #expect(notifier.showed.wait(timeout: .now() + 10) == .success)
        }
        #expect(notifier.shown.withLock { $0.map(\.title) } == ["While nudge was stopped"])
    }
}

extension DaemonTests {
    /// Four calls due at once, three of them late (lost with a restarted server after a
    /// restore, or owed since 18:00) and one due two minutes ago: one notification names all
    /// four, not the late summary and one call apart from it (issue 41).
    @Test func aSummarizingKindsFreshOneJoinsItsLateOnesInTheOneSummary() throws {
        let clock = WallClock(zone: zone.resolve().rules)
        let day = CivilDate(year: 2026, month: 11, day: 21)
        func at(_ hour: Int, _ minute: Int) throws -> Date {
            try #require(clock.instant(on: day, at: LocalTime(hour: hour, minute: minute)!))
        }
        let setup = try Store(path: store, now: try at(12, 0))
        let calls = [("Ann", try at(18, 0)), ("Bob", try at(18, 0)), ("Cy", try at(18, 0)), ("Dee", try at(18, 4))]
        for (name, due) in calls {
            let contact = try setup.addContact(name: name, everyDays: nil, now: try at(12, 0)).get()
            _ = try setup.addCallReminder(contactID: contact, dueAt: due, note: nil, now: try at(12, 0))
        }
        let notifier = FakeNotifier()
        let log = RecordedLog()
        try withDaemon(
            clock: DaemonClock(startingAt: try at(18, 6)), notifier: notifier, log: log, kinds: [.call]
        ) { _, _ in
            #expect(log.waitFor("as notification 1", count: 4), "\(log.all)")
            #expect(log.waitFor("next: "), "\(log.all)")
        }
        let shown = notifier.shown.withLock { $0 }
        #expect(shown.count == 1, "one notification, not a summary and one apart: \(shown.map(\.title))")
        let rows = try StoreQuery.rows(
            store, "SELECT title, notification_id FROM reminder_deliveries WHERE shown_at IS NOT NULL ORDER BY title")
        #expect(rows.map { $0["title"] } == ["Call Ann", "Call Bob", "Call Cy", "Call Dee"], "\(rows)")
        #expect(rows.allSatisfy { $0["notification_id"] == "1" }, "\(rows)")
    }
}
