import Foundation
import NudgeTestSupport
import Testing

@testable import NudgeCore

@Suite struct ScheduleTests {
    let clock = WallClock(zone: .system("Europe/London"))

    func at(_ text: String) -> Date { Timestamp.parse(text)! }

    func schedule(_ rows: [String: String] = [:], deliveries: [DeliveryRecord] = []) -> Schedule {
        Schedule(
            input: ScheduleInput(settings: Settings(rows: rows), deliveries: deliveries, of: [.symptom]), clock: clock)
    }

    @Test func sleepsUntilTodaysReminder() {
        let plan = schedule().plan(now: at("2026-11-21T12:00:00Z"))
        #expect(plan.due.isEmpty)
        #expect(plan.nextDue == at("2026-11-21T20:00:00Z"))
        // Yesterday's occurrence was never recorded: it is given up as missed, not shown.
        #expect(plan.missed.map(\.key) == ["symptom:2026-11-20"])
    }

    @Test func showsOnTimeAndUpToFourHoursLateTheSameDay() {
        let shown = DeliveryRecord(
            id: 1, key: "symptom:2026-11-20", kind: .symptom, dueAt: at("2026-11-20T20:00:00Z"),
            shownAt: at("2026-11-20T20:00:00Z"))
        let onTime = schedule(deliveries: [shown]).plan(now: at("2026-11-21T20:00:00.2Z"))
        #expect(onTime.due.map(\.key) == ["symptom:2026-11-21"])
        #expect(onTime.nextDue == at("2026-11-22T20:00:00Z"))
        let late = schedule(["symptom.reminder_time": "19:00"], deliveries: [shown]).plan(
            now: at("2026-11-21T22:59:00Z"))
        #expect(late.due.map(\.key) == ["symptom:2026-11-21"])
        let tooLate = schedule(["symptom.reminder_time": "18:00"], deliveries: [shown]).plan(
            now: at("2026-11-21T22:01:00Z"))
        #expect(tooLate.due.isEmpty)
        #expect(tooLate.missed.map(\.key) == ["symptom:2026-11-21"])
    }

    @Test func lateButNextDayIsMissedExceptWithinTheGrace() {
        let rows = ["symptom.reminder_time": "23:30"]
        let nextMorning = schedule(rows).plan(now: at("2026-11-22T00:10:00Z"))
        #expect(nextMorning.missed.map(\.key).contains("symptom:2026-11-21"))
        let justAfterMidnight = schedule(["symptom.reminder_time": "23:59"]).plan(now: at("2026-11-22T00:00:00Z"))
        #expect(justAfterMidnight.due.map(\.key) == ["symptom:2026-11-21"])
    }

    @Test func settledOccurrencesAreNotDueAgain() {
        let shown = DeliveryRecord(
            id: 1, key: "symptom:2026-11-21", kind: .symptom, dueAt: at("2026-11-21T20:00:00Z"),
            shownAt: at("2026-11-21T20:00:01Z"))
        let plan = schedule(deliveries: [shown]).plan(now: at("2026-11-21T20:30:00Z"))
        #expect(plan.due.isEmpty)
        #expect(plan.nextDue == at("2026-11-22T20:00:00Z"))
    }

    @Test func aClaimThatWasNeverShownComesBack() {
        let claimed = DeliveryRecord(
            id: 1, key: "symptom:2026-11-21", kind: .symptom, dueAt: at("2026-11-21T20:00:00Z"))
        let plan = schedule(deliveries: [claimed]).plan(now: at("2026-11-21T20:05:00Z"))
        #expect(plan.due.map(\.key) == ["symptom:2026-11-21"])
    }

    @Test func aSnoozeIsOneMoreOccurrenceAndDoneCancelsIt() throws {
        let answeredAt = at("2026-11-21T20:01:00Z")
        let effects = try #require(
            SymptomReminder.effects(
                of: "snooze", key: "symptom:2026-11-21", answeredAt: answeredAt, settings: Settings()))
        #expect(
            effects.followUp
                == .init(kind: .symptom, keyPrefix: "symptom:2026-11-21:snooze:", dueAt: at("2026-11-21T21:01:00Z")))
        let done = SymptomReminder.effects(
            of: "done", key: "symptom:2026-11-21:snooze:1", answeredAt: answeredAt, settings: Settings())
        #expect(done == AnswerEffects(cancelOwedWithPrefix: "symptom:2026-11-21:snooze:"))

        let shown = DeliveryRecord(
            id: 1, key: "symptom:2026-11-21", kind: .symptom, dueAt: at("2026-11-21T20:00:00Z"),
            shownAt: at("2026-11-21T20:00:00Z"), action: "snooze")
        let snooze = DeliveryRecord(
            id: 2, key: "symptom:2026-11-21:snooze:1", kind: .symptom, dueAt: at("2026-11-21T21:01:00Z"))
        let plan = schedule(deliveries: [shown, snooze]).plan(now: answeredAt)
        #expect(plan.nextDue == at("2026-11-21T21:01:00Z"))
        let upcoming = schedule(deliveries: [shown, snooze]).upcoming(from: answeredAt, limit: 2)
        #expect(upcoming.map(\.key) == ["symptom:2026-11-21:snooze:1", "symptom:2026-11-22"])
        #expect(upcoming.first?.title == "Daily symptom check (snoozed)")
    }

    @Test func disabledShowsNothingNotEvenASnooze() {
        let snooze = DeliveryRecord(
            id: 2, key: "symptom:2026-11-21:snooze:1", kind: .symptom, dueAt: at("2026-11-21T21:01:00Z"))
        let plan = schedule(["symptom.reminder_enabled": "false"], deliveries: [snooze]).plan(
            now: at("2026-11-21T21:30:00Z"))
        #expect(plan == Plan(due: [], missed: [], nextDue: nil))
    }

    @Test func upcomingListsOneADayAcrossTheSpringGap() throws {
        let newYork = WallClock(zone: .system("America/New_York"))
        let schedule = Schedule(
            input: ScheduleInput(
                settings: Settings(rows: ["symptom.reminder_time": "02:30"]), deliveries: [], of: [.symptom]),
            clock: newYork)
        let listed = schedule.upcoming(from: at("2026-03-07T12:00:00Z"), limit: 3).map { Timestamp.format($0.dueAt) }
        #expect(listed == ["2026-03-08T07:00:00Z", "2026-03-09T06:30:00Z", "2026-03-10T06:30:00Z"])
    }

    @Test func bodyNamesUpToThreeEntriesEscaped() {
        let entries = (1...4).map {
            SymptomEntry(
                id: "\($0)", name: $0 == 4 ? "Rash <b>&</b>" : "S\($0)", severity: $0,
                loggedAt: at("2026-11-21T1\($0):00:00Z"), notes: nil)
        }
        let day = CivilDate(year: 2026, month: 11, day: 21)
        let content = SymptomReminder.notification(
            day: day, today: day, entries: entries, settings: Settings(), text: .markup)
        #expect(content.title == "Daily symptom check")
        #expect(
            content.body
                == "4 logged today: Rash &lt;b&gt;&amp;&lt;/b&gt; (4), S3 (3), S2 (2) and 1 more. Anything else?")
        #expect(
            content.actions == [
                .init(key: "done", label: "Nothing else today"), .init(key: "snooze", label: "Remind me in 1 hour"),
            ])
        let none = SymptomReminder.notification(
            day: day, today: day, entries: [], settings: Settings(rows: ["symptom.snooze_minutes": "45"]), text: .plain)
        #expect(none.body == "Nothing logged today. Log a symptom with: nudge log symptom NAME --severity N")
        #expect(none.actions.last?.label == "Remind me in 45 minutes")
    }

    /// "headache" and "Headache" are one symptom: counted together, named as first logged.
    @Test func bodyGroupsSpellingsOfOneSymptom() {
        let entries = [("Headache", 2, 10), ("Nausea", 1, 11), ("headache", 4, 12), ("HEADACHE", 3, 13)].map {
            SymptomEntry(
                id: $0.0 + "\($0.2)", name: $0.0, severity: $0.1, loggedAt: at("2026-11-21T\($0.2):00:00Z"), notes: nil)
        }
        let day = CivilDate(year: 2026, month: 11, day: 21)
        let content = SymptomReminder.notification(
            day: day, today: day, entries: entries, settings: Settings(), text: .plain)
        #expect(content.body == "4 logged today: Headache ×3, highest 4; Nausea (1). Anything else?", "\(content.body)")
    }

    @Test func instantInputReadsTimesAsAPersonMeansThem() throws {
        let now = at("2026-11-21T19:10:00Z")
        func past(_ text: String) throws -> Date {
            try InstantInput.pastInstant(
                try #require(GivenInstant(text)), option: "--at", now: now, clock: clock, maximumAge: 48 * 3600)
        }
        #expect(try past("19:05") == at("2026-11-21T19:05:00Z"))
        #expect(try past("2026-11-21T19:05:00Z") == at("2026-11-21T19:05:00Z"))
        // A bare time more than 2 hours to come today is yesterday's; one sooner is refused.
        #expect(try past("21:30") == at("2026-11-20T21:30:00Z"))
        #expect(throws: InputError.self) { try past("20:00") }
        #expect(
            GivenInstant("20:00")?.resolved(now: now, clock: clock, direction: .future) == at("2026-11-21T20:00:00Z"))
        #expect(
            GivenInstant("19:00")?.resolved(now: now, clock: clock, direction: .future) == at("2026-11-22T19:00:00Z"))
        #expect(
            throws: InputError(
                "--at '2026-11-21T20:00:00Z' (20:00 today, 2026-11-21 20:00 GMT) is in the future; give a time that has passed"
            )
        ) {
            try past("2026-11-21T20:00:00Z")
        }
        #expect(
            throws: InputError(
                "--at '2026-11-18T19:05:00Z' (2026-11-18 19:05 GMT) is more than 48 hours ago; give a time within the last 48 hours"
            )
        ) {
            try past("2026-11-18T19:05:00Z")
        }
    }

    @Test(arguments: [
        ("2026-11-21T19:05", "2026-11-22T00:05:00Z"),
        ("2026-11-21 19:05:30", "2026-11-22T00:05:30Z"),
        ("2026-11-21T19:05:00-05:00", "2026-11-22T00:05:00Z"),
        ("2026-11-21T19:05:00+01:00", "2026-11-21T18:05:00Z"),
        ("2026-03-08T02:30", "2026-03-08T07:00:00Z"),
        // The fall-back night's repeated 01:30, looked back at three weeks later: the latest
        // that has passed (EST), as `sunday 01:30` reads it (issue 40's round after A14, M5).
        ("2026-11-01T01:30", "2026-11-01T06:30:00Z"),
    ])
    func aDateAndTimeWithoutAnOffsetIsLocal(text: String, instant: String) {
        let newYork = WallClock(zone: .system("America/New_York"))
        #expect(
            GivenInstant(text)?.resolved(now: at("2026-11-22T12:00:00Z"), clock: newYork, direction: .past)
                == at(instant))
    }

    /// The form is read once, without a clock: what is not a time never reaches one.
    @Test(arguments: ["", "25:99", "10xm", "2026-13-01T10:00", "2026-11-21T24:30", "yesterday", "2026-11-21"])
    func whatIsNotATimeHasNoForm(text: String) {
        #expect(GivenInstant(text) == nil)
    }
}
