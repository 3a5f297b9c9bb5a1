import Foundation
import NudgeTestSupport
import Testing

@testable import NudgeCore

@Suite struct CallScheduleTests {
    let newYork = WallClock(zone: .system("America/New_York"))

    func at(_ text: String) -> Date { Timestamp.parse(text)! }

    func contact(every days: Int, lastCall: String?, created: String = "2026-01-01T12:00:00Z", restarted: String? = nil)
        -> ContactCadence
    {
        ContactCadence(
            contactID: 7, identity: 7, name: "Alex", everyDays: days, createdAt: at(created),
            lastCall: lastCall.map(at),
            restartedOn: restarted.flatMap { CivilDate(iso: $0) })
    }

    @Test(arguments: [
        // Month ends and leap days.
        ("2026-01-25T15:00:00Z", 14, "2026-02-08"),
        ("2026-01-31T15:00:00Z", 30, "2026-03-02"),
        ("2028-02-20T15:00:00Z", 10, "2028-03-01"),
        ("2028-02-28T15:00:00Z", 1, "2028-02-29"),
        ("2026-12-25T15:00:00Z", 7, "2027-01-01"),
        // A call at 22:00 in New York is 03:00Z the next day: the local date counts.
        ("2026-11-21T03:00:00Z", 14, "2026-12-04"),
    ])
    func dueDateIsTheLocalDateOfTheLastCallPlusTheCadence(lastCall: String, every: Int, due: String) {
        #expect(contact(every: every, lastCall: lastCall).dueDate(clock: newYork).description == due)
    }

    @Test func withoutACallTheCreationDateCountsAndARestartMovesItOn() {
        #expect(
            contact(every: 14, lastCall: nil, created: "2026-11-01T12:00:00Z").dueDate(clock: newYork).description
                == "2026-11-15")
        #expect(
            contact(every: 14, lastCall: "2026-11-01T12:00:00Z", restarted: "2026-11-15").dueDate(clock: newYork)
                .description == "2026-11-29")
        // A call after the restart counts from the call.
        #expect(
            contact(every: 14, lastCall: "2026-11-20T12:00:00Z", restarted: "2026-11-15").dueDate(clock: newYork)
                .description == "2026-12-04")
    }

    @Test(arguments: [
        ("09:00", "2026-03-08T13:00:00Z"),  // after the spring-forward jump: EDT
        ("02:30", "2026-03-08T07:00:00Z"),  // in the gap: the first instant after it
        ("01:30", "2026-11-01T05:30:00Z"),  // fall back: the first 01:30
    ])
    func reminderTimeFollowsTheWallClockRules(time: String, expected: String) {
        let lastCall = expected.hasPrefix("2026-03") ? "2026-02-28T17:00:00Z" : "2026-10-24T16:00:00Z"
        let settings = Settings(rows: ["call.reminder_time": time])
        let occurrences = CallReminder.occurrences(
            contacts: [contact(every: 8, lastCall: lastCall)], reminders: [], settings: settings, clock: newYork)
        #expect(occurrences.dueAt.map(Timestamp.format) == [expected])
    }

    @Test func aDateMissedLongAgoIsShownOnceNotOncePerCycle() {
        let schedule = Schedule(
            input: ScheduleInput(
                settings: Settings(), deliveries: [], of: [.call],
                contacts: [contact(every: 7, lastCall: "2026-09-01T15:00:00Z")]),
            clock: newYork)
        let plan = schedule.plan(now: at("2026-11-21T15:00:00Z"))
        #expect(plan.due.map(\.key) == ["call:7:cadence:2026-09-08"])
        #expect(plan.missed.isEmpty)
        // Once shown today, the cadence counts from today.
        let shown = Schedule(
            input: ScheduleInput(
                settings: Settings(), deliveries: [], of: [.call],
                contacts: [contact(every: 7, lastCall: "2026-09-01T15:00:00Z", restarted: "2026-11-21")]),
            clock: newYork)
        #expect(shown.plan(now: at("2026-11-21T15:00:01Z")).nextDue == at("2026-11-28T14:00:00Z"))
    }

    @Test func oneOffsAndTheirFollowUps() {
        let once = OneOffCall(
            id: 3, contactID: 7, identity: 3, contactIdentity: 7, name: "Alex", dueAt: at("2026-11-25T23:00:00Z"),
            note: "birthday", settled: false)
        let settled = OneOffCall(
            id: 4, contactID: 7, identity: 4, contactIdentity: 7, name: "Alex", dueAt: at("2026-11-24T23:00:00Z"),
            note: nil, settled: true)
        let tomorrow = DeliveryRecord(
            id: 9, key: "call:7:cadence:2026-11-20:tomorrow:1", kind: .call, dueAt: at("2026-11-22T14:00:00Z"))
        func upcoming(lastCall: String) -> [String] {
            Schedule(
                input: ScheduleInput(
                    settings: Settings(), deliveries: [tomorrow], of: [.call],
                    contacts: [contact(every: 30, lastCall: lastCall, restarted: "2026-11-20")],
                    oneOffCalls: [once, settled]),
                clock: newYork
            ).upcoming(from: at("2026-11-21T15:00:00Z"), limit: 5).map(\.key)
        }
        // Shown on the 20th and answered "tomorrow": the follow-up, the one-off, then the next cycle.
        #expect(
            upcoming(lastCall: "2026-10-21T15:00:00Z") == [
                "call:7:cadence:2026-11-20:tomorrow:1", "call:7:once:3", "call:7:cadence:2026-12-20",
            ])
        // Called since the reminder: its "tomorrow" follow-up is dropped.
        #expect(upcoming(lastCall: "2026-11-21T14:00:00Z") == ["call:7:once:3", "call:7:cadence:2026-12-21"])
        let off = Schedule(
            input: ScheduleInput(
                settings: Settings(rows: ["call.reminders_enabled": "false"]), deliveries: [tomorrow], of: [.call],
                contacts: [contact(every: 1, lastCall: nil)], oneOffCalls: [once]),
            clock: newYork)
        #expect(off.upcoming(from: at("2026-11-21T15:00:00Z"), limit: 5).isEmpty)
    }

    @Test func textsSayHowLongItHasBeenAndEscapeWhatWasTyped() throws {
        let today = CivilDate(year: 2026, month: 11, day: 21)
        let key = try #require(CallReminder.Key("call:7:cadence:2026-11-21"))
        let content = CallReminder.notification(
            key: key, contact: contact(every: 14, lastCall: "2026-11-05T15:00:00Z"), reminder: nil, name: "Alex",
            today: today, clock: newYork, text: .markup)
        #expect(content.title == "Call Alex")
        #expect(content.body == "Last call 16 days ago; you wanted every 14 days.")
        #expect(content.actions.map(\.key) == ["called", "tomorrow", "dismiss"])
        let never = CallReminder.notification(
            key: key, contact: contact(every: 1, lastCall: nil), reminder: nil, name: "Alex", today: today,
            clock: newYork, text: .markup)
        #expect(never.body == "No call logged yet; you wanted every day.")
        let onceKey = try #require(CallReminder.Key("call:7:once:3:tomorrow:2"))
        #expect(onceKey.base == "call:7:once:3")
        let reminder = OneOffCall(
            id: 3, contactID: 7, identity: 3, contactIdentity: 7, name: "Sam & <Kim>", dueAt: TestClock.now(),
            note: "ask about <the> \"trip\" & Jo's more", settled: false)
        let once = CallReminder.notification(
            key: onceKey, contact: nil, reminder: reminder, name: reminder.name, today: today, clock: newYork,
            text: .markup)
        // Quotes stay as typed: GNOME Shell shows an entity like &#39; as typed.
        #expect(once.body == "ask about &lt;the&gt; \"trip\" &amp; Jo's more")
        #expect(once.actions.last?.label == "Dismiss")
        let summary = CallReminder.summary(names: ["Alex", "Sam & Kim", "Lee", "Ana"], text: .markup)
        #expect(summary.title == "4 people to call")
        #expect(
            summary.body.hasPrefix(
                "Alex, Ana, Lee and Sam &amp; Kim. Answer each from the command line: nudge call log NAME"))
    }
}
