import Foundation
import NudgeTestSupport
import Testing

@testable import NudgeCore

/// The person's own reminders as a plan sees them: each repeat's days through the same zone
/// code as every kind, nothing before it was set, and what each answer writes.
@Suite struct OwnReminderTests {
    let newYork = WallClock(zone: .system("America/New_York"))

    func at(_ text: String) -> Date { Timestamp.parse(text)! }
    func day(_ text: String) -> CivilDate { CivilDate(iso: text)! }

    func reminder(_ repeats: OwnReminderRepeat, at time: String, since: String = "2026-01-01T00:00:00Z")
        -> OwnReminderSchedule
    {
        OwnReminderSchedule(
            id: 7, text: "Water the plants", repeats: repeats, time: LocalTime(parsing: time)!, since: at(since))
    }

    func input(_ reminders: [OwnReminderSchedule], clock: WallClock? = nil) -> RuleInput<OwnReminder.Facts> {
        RuleInput(facts: .init(reminders: reminders), settings: Settings(), clock: clock ?? newYork)
    }

    func dueAt(_ reminder: OwnReminderSchedule, from: String, to: String, clock: WallClock? = nil) -> [String] {
        OwnReminder().occurrences(days: day(from)...day(to), in: input([reminder], clock: clock)).dueAt.map(
            Timestamp.format)
    }

    /// A summary of late or held reminders names one's own by its text (issue 41's hostile
    /// round: three read "a reminder of yours").
    @Test func aSummaryNamesItByItsText() throws {
        let plants = reminder(.every(days: 3, from: day("2026-11-26")), at: "18:00")
        let due = OwnReminder().occurrences(days: day("2026-11-26")...day("2026-11-26"), in: input([plants]))
        try #require(due.dueAt.count == 1)
        let first = due[0]
        #expect(OwnReminder().lateName(of: first, in: input([plants])) == "'Water the plants'")
    }

    @Test func everyNDaysFromItsDay() {
        let plants = reminder(.every(days: 3, from: day("2026-11-26")), at: "18:00")
        #expect(
            dueAt(plants, from: "2026-11-25", to: "2026-12-02") == [
                "2026-11-26T23:00:00Z", "2026-11-29T23:00:00Z", "2026-12-02T23:00:00Z",
            ])
    }

    @Test func onADateOnce() {
        let eve = reminder(.on(day("2026-12-24")), at: "09:00")
        #expect(dueAt(eve, from: "2026-12-01", to: "2027-12-31") == ["2026-12-24T14:00:00Z"])
    }

    @Test func weeklyOnItsWeekdays() throws {
        // 2026-11-30 is a Monday, 2026-12-03 a Thursday.
        let gym = reminder(.weekly(try MedicationDays.parse("mon,thu")), at: "07:30")
        #expect(
            dueAt(gym, from: "2026-11-29", to: "2026-12-06") == ["2026-11-30T12:30:00Z", "2026-12-03T12:30:00Z"])
    }

    /// The 31st of each month is a shorter month's last day: 28 February, 29 in a leap year,
    /// 30 April; the 30th is 28 February and still the 30th in March.
    @Test func monthlyOnAShorterMonthsLastDay() {
        func days(_ monthDay: Int, from: String, to: String) -> [String] {
            let found = OwnReminder().occurrences(
                days: day(from)...day(to), in: input([reminder(.monthly(day: monthDay), at: "10:00")]))
            return found.dueAt.map { newYork.date(of: $0).description }
        }
        #expect(
            days(31, from: "2027-01-01", to: "2027-05-31") == [
                "2027-01-31", "2027-02-28", "2027-03-31", "2027-04-30", "2027-05-31",
            ])
        #expect(days(31, from: "2028-02-01", to: "2028-02-29") == ["2028-02-29"])
        #expect(days(30, from: "2027-02-01", to: "2027-03-31") == ["2027-02-28", "2027-03-30"])
        #expect(days(1, from: "2027-01-01", to: "2027-03-31") == ["2027-01-01", "2027-02-01", "2027-03-01"])
    }

    /// As every kind: 02:30 on the spring-forward night is due at the first instant after the
    /// gap (03:00 EDT), 01:30 on the fall-back night at its first (EDT), once.
    @Test func acrossDSTOncePerDay() {
        let daily = OwnReminderRepeat.every(days: 1, from: day("2026-01-01"))
        #expect(
            dueAt(reminder(daily, at: "02:30"), from: "2026-03-07", to: "2026-03-09") == [
                "2026-03-07T07:30:00Z", "2026-03-08T07:00:00Z", "2026-03-09T06:30:00Z",
            ])
        #expect(
            dueAt(reminder(daily, at: "01:30"), from: "2026-10-31", to: "2026-11-02") == [
                "2026-10-31T05:30:00Z", "2026-11-01T05:30:00Z", "2026-11-02T06:30:00Z",
            ])
    }

    @Test func nothingBeforeItWasSet() {
        let plants = reminder(.every(days: 1, from: day("2026-11-26")), at: "18:00", since: "2026-11-26T23:30:00Z")
        #expect(dueAt(plants, from: "2026-11-26", to: "2026-11-27") == ["2026-11-27T23:00:00Z"])
        #expect(plants.next(after: at("2026-11-26T23:30:00Z"), clock: newYork) == at("2026-11-27T23:00:00Z"))
    }

    func shown(_ key: String) -> DeliveryRecord {
        DeliveryRecord(
            id: 1, key: key, kind: .ownReminder, dueAt: at("2026-11-26T23:00:00Z"), shownAt: at("2026-11-26T23:00:00Z"))
    }

    /// Done on an every-3-days reminder clicked a day late counts three days from the click,
    /// not from the day it was due; its pending snooze is cancelled; what is said names it, as
    /// every other answer does (issue 42: "done; next on ..." without its words).
    @Test func doneOnEveryNDaysCountsFromWhenDone() {
        let plants = reminder(.every(days: 3, from: day("2026-11-26")), at: "18:00")
        let decision = OwnReminder().answer(
            "done", to: shown(plants.key(on: day("2026-11-26"))), at: at("2026-11-28T01:00:00Z"), in: input([plants]))
        #expect(
            decision
                == .record(
                    AnswerEffects(
                        changes: [.countedFrom(id: 7, day: day("2026-11-30"))],
                        cancelOwedWithPrefix: "reminder:7:2026-11-26:1800:",
                        confirmation: "answered Water the plants: Done; next on 2026-11-30 at 18:00")))
        let weekly = reminder(.monthly(day: 1), at: "18:00")
        #expect(
            OwnReminder().answer(
                "done", to: shown(weekly.key(on: day("2026-11-26"))), at: at("2026-11-28T01:00:00Z"),
                in: input([weekly]))
                == .record(AnswerEffects(cancelOwedWithPrefix: "reminder:7:2026-11-26:1800:")))
    }

    @Test func snoozeIsAnHourAndSkipEndsTheDay() {
        let plants = reminder(.every(days: 3, from: day("2026-11-26")), at: "18:00")
        let key = plants.key(on: day("2026-11-26"))
        let now = at("2026-11-26T23:05:00Z")
        #expect(
            OwnReminder().answer("snooze", to: shown(key), at: now, in: input([plants]))
                == .record(
                    AnswerEffects(
                        followUp: .init(
                            kind: .ownReminder, keyPrefix: "reminder:7:2026-11-26:1800:snooze:",
                            dueAt: now.addingTimeInterval(3600)))))
        #expect(
            OwnReminder().answer("skip", to: shown(key), at: now, in: input([plants]))
                == .record(AnswerEffects(cancelOwedWithPrefix: "reminder:7:2026-11-26:1800:")))
        #expect(OwnReminder().answer("done", to: shown(key), at: now, in: input([])) != .duplicate)
        #expect(OwnReminder().title(ofKey: key + ":snooze:1", in: input([plants])) == "Water the plants")
        // Answered 13 s or 40 s into a minute: the hour's nearest whole minute.
        for (answered, due) in [
            ("2026-11-26T23:05:13Z", "2026-11-27T00:05:00Z"), ("2026-11-26T23:05:40Z", "2026-11-27T00:06:00Z"),
        ] {
            let snoozed = OwnReminder().answer("snooze", to: shown(key), at: at(answered), in: input([plants]))
            guard case .record(let effects) = snoozed else { return #expect(Bool(false), "\(snoozed)") }
            #expect(effects.followUp?.dueAt == at(due), "answered at \(answered)")
        }
    }

    /// Moved later the day it was shown (`reminders edit --at`): its new time is another
    /// occurrence, asked then, and the one shown at the old time no longer stands.
    @Test func movedLaterItIsAskedAgainAtItsNewTime() {
        let morning = reminder(.monthly(day: 26), at: "09:00")
        var evening = morning
        evening.time = LocalTime(parsing: "18:00")!
        evening.since = at("2026-11-26T15:00:00Z")
        let found = OwnReminder().occurrences(days: day("2026-11-26")...day("2026-11-26"), in: input([evening]))
        #expect(
            found.dueAt.indices.map { found[$0].key } == ["reminder:7:2026-11-26:1800"]
                && found.dueAt == [at("2026-11-26T23:00:00Z")])
        #expect(morning.key(on: day("2026-11-26")) == "reminder:7:2026-11-26:0900")
        #expect(!OwnReminder().isCurrent(key: "reminder:7:2026-11-26:0900", in: input([evening])))
        #expect(!OwnReminder().isCurrent(key: "reminder:7:2026-11-26:0900:snooze:1", in: input([evening])))
        #expect(OwnReminder().isCurrent(key: "reminder:7:2026-11-26:1800", in: input([evening])))
        // A key written before keys held the time stands while its reminder does.
        #expect(OwnReminder().isCurrent(key: "reminder:7:2026-11-26", in: input([evening])))
    }

    /// Answered Done or Skip, then moved later that day: not asked again that day.
    @Test func answeredThenMovedLaterItIsNotAskedAgainThatDay() {
        var evening = reminder(.monthly(day: 26), at: "18:00")
        evening.since = at("2026-11-26T15:00:00Z")
        let facts = OwnReminder.Facts(reminders: [evening], answeredDays: ["reminder:7:2026-11-26"])
        let found = OwnReminder().occurrences(
            days: day("2026-11-26")...day("2026-12-26"),
            in: RuleInput(facts: facts, settings: Settings(), clock: newYork))
        #expect(found.dueAt.indices.map { found[$0].key } == ["reminder:7:2026-12-26:1800"])
        #expect(
            evening.next(after: evening.since, clock: newYork, answeredDays: facts.answeredDays)
                == at("2026-12-26T23:00:00Z"))
    }

    /// A day whose reminder was keyed without its time (before keys held it) keeps that key:
    /// what was shown under it is not shown again under the new one.
    @Test func aDayKeyedWithoutItsTimeKeepsThatKey() {
        let plants = reminder(.monthly(day: 26), at: "18:00")
        let facts = OwnReminder.Facts(reminders: [plants], untimedDays: ["reminder:7:2026-11-26"])
        let found = OwnReminder().occurrences(
            days: day("2026-11-26")...day("2026-11-27"),
            in: RuleInput(facts: facts, settings: Settings(), clock: newYork))
        #expect(found.dueAt.indices.map { found[$0].key } == ["reminder:7:2026-11-26"])
    }

    @Test func theNotificationIsThePersonsTextWithItsThreeAnswers() throws {
        let plants = reminder(.every(days: 3, from: day("2026-11-26")), at: "18:00")
        let occurrence = Occurrence(
            kind: .ownReminder, key: plants.key(on: day("2026-11-26")), dueAt: at("2026-11-26T23:00:00Z"),
            title: plants.text)
        guard
            case .notification(let content)? = OwnReminder().presentation(
                for: occurrence, now: occurrence.dueAt, text: .plain, in: input([plants]))
        else {
            Issue.record("no notification")
            return
        }
        #expect(content.title == "Water the plants")
        #expect(content.body == "Every 3 days at 18:00.")
        #expect(content.actions.map(\.label) == ["Done", "Snooze 1 hour", "Skip"])
        #expect(OwnReminder().presentation(for: occurrence, now: occurrence.dueAt, text: .plain, in: input([])) == nil)
    }

    @Test func badRepeatsAreRefusedNamingTheOption() {
        #expect(throws: InputError.self) { try OwnReminderRepeat.days("0d") }
        #expect((try? OwnReminderRepeat.days("3d")) == 3)
        #expect(throws: InputError.self) { try OwnReminderRepeat.monthDay("32") }
        #expect(throws: InputError.self) { try OwnReminderRepeat.monthDay("0") }
    }
}
