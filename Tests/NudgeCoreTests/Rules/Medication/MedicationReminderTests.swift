import Foundation
import NudgeTestSupport
import Testing

@testable import NudgeCore

/// The medication kind as a plan sees it: a dose at each time of its days, through the same
/// zone code as every kind; repeats only after one is shown and left unanswered; the dose's
/// end recorded, never shown; and what each answer writes.
@Suite struct MedicationReminderTests {
    let newYork = WallClock(zone: .system("America/New_York"))

    func at(_ text: String) -> Date { Timestamp.parse(text)! }

    func modafinil(at times: String, days: String = "daily", since: String = "2026-01-01T00:00:00Z")
        -> ScheduledMedication
    {
        ScheduledMedication(
            schedule: MedicationSchedule(
                id: 1, medicationID: "modafinil", doseMg: 200, formulation: "ir",
                times: try! MedicationTimes.parse(times), days: try! MedicationDays.parse(days)),
            since: at(since))
    }

    func input(_ facts: MedicationReminder.Facts, clock: WallClock? = nil) -> RuleInput<MedicationReminder.Facts> {
        RuleInput(facts: facts, settings: Settings(), clock: clock ?? newYork)
    }

    func dueAt(_ schedule: ScheduledMedication, from: String, to: String, clock: WallClock) -> [String] {
        let days = CivilDate(iso: from)!...CivilDate(iso: to)!
        let facts = MedicationReminder.Facts(schedules: [schedule], attempts: [], entries: [], notTaken: [:])
        let found = MedicationReminder().occurrences(days: days, in: input(facts, clock: clock))
        return found.dueAt.map(Timestamp.format)
    }

    /// As every kind: a time the spring-forward jump skips is due at the first instant after
    /// the gap (02:30 on 2026-03-08 in New York is 03:00 EDT), a time the fall-back repeats at
    /// its first (01:30 EDT), once: no night has no dose and none has two.
    @Test(arguments: [
        (
            "America/New_York", "02:30", "2026-03-07",
            ["2026-03-07T07:30:00Z", "2026-03-08T07:00:00Z", "2026-03-09T06:30:00Z"]
        ),
        (
            "America/New_York", "01:30", "2026-10-31",
            ["2026-10-31T05:30:00Z", "2026-11-01T05:30:00Z", "2026-11-02T06:30:00Z"]
        ),
        (
            "Europe/Paris", "02:30", "2026-03-28",
            ["2026-03-28T01:30:00Z", "2026-03-29T01:00:00Z", "2026-03-30T00:30:00Z"]
        ),
        (
            "Europe/Paris", "02:30", "2026-10-24",
            ["2026-10-24T00:30:00Z", "2026-10-25T00:30:00Z", "2026-10-26T01:30:00Z"]
        ),
        (
            "Australia/Lord_Howe", "02:15", "2026-10-03",
            ["2026-10-02T15:45:00Z", "2026-10-03T15:30:00Z", "2026-10-04T15:15:00Z"]
        ),
    ])
    func aDoseAcrossDSTIsDueOncePerNight(zone: String, time: String, first: String, expected: [String]) {
        let clock = WallClock(zone: .system(zone))
        let last = CivilDate(iso: first)!.adding(days: 2).description
        #expect(dueAt(modafinil(at: time), from: first, to: last, clock: clock) == expected)
    }

    /// A dose the spring-forward skips says when it was shown, and the time it was set for
    /// (hostile round of issue 42: shown at 03:00, its notification said "Due at 02:15").
    @Test func aDoseTheClockSkipsSaysWhenItWasShown() throws {
        let dose = ScheduledDose(
            medicationID: "modafinil", date: CivilDate(iso: "2027-03-14")!, time: LocalTime(hour: 2, minute: 15)!)
        let facts = MedicationReminder.Facts(
            schedules: [modafinil(at: "02:15")], attempts: [], entries: [], notTaken: [:])
        let occurrence = Occurrence(kind: .medication, key: dose.key, dueAt: at("2027-03-14T07:00:00Z"), title: "")
        let shown = try #require(
            MedicationReminder().presentation(for: occurrence, now: occurrence.dueAt, text: .plain, in: input(facts))?
                .notification)
        #expect(shown.body == "Due at 03:00 (02:15 skipped by the clock change).")
    }

    @Test func onlyItsDaysAndNothingBeforeItWasAdded() {
        // 2026-11-27 is a Friday; added on Friday at noon, the 08:00 of that day is not its.
        let schedule = modafinil(at: "08:00", days: "fri,mon", since: "2026-11-27T17:00:00Z")
        #expect(
            dueAt(schedule, from: "2026-11-27", to: "2026-12-01", clock: newYork) == ["2026-11-30T13:00:00Z"])
    }

    /// Unanswered, a dose comes again every `meds.repeat_minutes` after the last shown, three
    /// times; then its end is a deadline: the plan records it missed, and shows nothing.
    @Test func unansweredItRepeatsThreeTimesThenIsRecordedNotTaken() throws {
        let dose = ScheduledDose(
            medicationID: "modafinil", date: CivilDate(iso: "2026-11-26")!, time: LocalTime(hour: 8, minute: 0)!)
        var attempts: [MedicationReminder.Facts.Attempt] = []
        var deliveries: [DeliveryRecord] = []
        var expectedKeys = [dose.key(.again(1)), dose.key(.again(2)), dose.key(.again(3)), dose.key(.unanswered)]
        var shown = at("2026-11-26T13:00:02Z")
        for (index, key) in ([dose.key] + expectedKeys.dropLast()).enumerated() {
            attempts.append(.init(key: key, shownAt: shown, action: nil))
            deliveries.append(
                DeliveryRecord(id: Int64(index), key: key, kind: .medication, dueAt: shown, shownAt: shown))
            // Added this morning: yesterday's dose is none of its (else missed, unshown).
            let facts = MedicationReminder.Facts(
                schedules: [modafinil(at: "08:00", since: "2026-11-26T05:00:00Z")], attempts: attempts, entries: [],
                notTaken: [:])
            let schedule = Schedule(
                input: ScheduleInput(
                    settings: Settings(rows: ["meds.repeat_minutes": "10"]), deliveries: deliveries, of: [.medication],
                    medications: facts),
                clock: newYork)
            let plan = schedule.plan(now: shown.addingTimeInterval(1))
            let next = expectedKeys.removeFirst()
            #expect(plan.nextDue == shown.addingTimeInterval(600), "\(next)")
            #expect(plan.next.map(\.key) == [next])
            let atNext = schedule.plan(now: shown.addingTimeInterval(600))
            if next == dose.key(.unanswered) {
                #expect(atNext.due.isEmpty && atNext.missed.map(\.key) == [next])
                #expect(
                    MedicationReminder().changesWhenMissed(key: next, dueAt: atNext.missed[0].dueAt, at: shown) == [
                        .notTaken(dose, outcome: .missed, at: shown)
                    ])
            } else {
                #expect(atNext.due.map(\.key) == [next] && atNext.missed.isEmpty)
            }
            shown = shown.addingTimeInterval(601)
        }
    }

    /// `meds edit` while a dose repeats: one that keeps its time goes on repeating; one moved to
    /// another time of its day is closed at once and asked at the new time, never recorded
    /// missed (hostile round of issue 40: it was, then asked again as a second dose); one taken
    /// out of its day (no time left that day) ends at the edit, recorded missed.
    @Test(arguments: [("08:00", "daily", "keeps"), ("09:00", "daily", "moved"), ("09:00", "fri", "ended")])
    func anEditWhileItRepeatsNeverDropsTheDose(times: String, days: String, fate: String) {
        let dose = ScheduledDose(
            medicationID: "modafinil", date: CivilDate(iso: "2026-11-26")!, time: LocalTime(hour: 8, minute: 0)!)
        let moved = ScheduledDose(medicationID: "modafinil", date: dose.date, time: LocalTime(hour: 9, minute: 0)!)
        let shown = at("2026-11-26T13:00:02Z")
        let edited = "2026-11-26T13:05:00Z"
        var before = modafinil(at: "08:00")
        before.until = at(edited)
        let after = modafinil(at: times, days: days, since: edited)
        var facts = MedicationReminder.Facts(
            schedules: [after], attempts: [.init(key: dose.key, shownAt: shown, action: nil)], entries: [],
            notTaken: [:])
        facts.moved = MovedDose.all([before, after], clock: newYork)
        let schedule = Schedule(
            input: ScheduleInput(
                settings: Settings(rows: ["meds.repeat_minutes": "10"]),
                deliveries: [DeliveryRecord(id: 1, key: dose.key, kind: .medication, dueAt: shown, shownAt: shown)],
                of: [.medication], medications: facts),
            clock: newYork)
        let plan = schedule.plan(now: at(edited).addingTimeInterval(1))
        // One moved away is closed at once: the edit ended it there.
        #expect(MedicationReminder().isCurrent(key: dose.key, in: input(facts)) == (fate == "keeps"))
        switch fate {
        case "keeps":
            #expect(plan.missed.isEmpty && plan.next.map(\.key) == [dose.key(.again(1))])
            #expect(plan.nextDue == shown.addingTimeInterval(600))
        case "moved":
            #expect(facts.moved.map(\.from) == [dose] && facts.moved.map(\.to) == [moved])
            #expect(plan.missed.isEmpty && plan.next.map(\.key) == [moved.key])
            #expect(plan.nextDue == at("2026-11-26T14:00:00Z"))
        default:
            #expect(plan.missed.map(\.key) == [dose.key(.unanswered)] && plan.missed.first?.dueAt == at(edited))
        }
    }

    /// An 08:00 dose taken at 08:03, then `meds edit --at 12:00` that morning: the day's dose is
    /// the one taken, and 12:00 is not asked that day (hostile round of issue 40: it was, a second
    /// dose); from the next day on it is. Moved to a time already past before it was taken, it is
    /// asked at the edit.
    @Test func aDoseTakenThenMovedIsNotAskedAgainThatDay() {
        let edited = "2026-11-26T15:00:00Z"
        var before = modafinil(at: "08:00")
        before.until = at(edited)
        let days = CivilDate(iso: "2026-11-26")!...CivilDate(iso: "2026-11-27")!
        func keys(to times: String, entries: [MedicationReminder.Facts.Entry]) -> [String] {
            let after = modafinil(at: times, since: edited)
            var facts = MedicationReminder.Facts(schedules: [after], attempts: [], entries: entries, notTaken: [:])
            facts.moved = MovedDose.all([before, after], clock: newYork)
            let found = MedicationReminder().occurrences(days: days, in: input(facts))
            return found.dueAt.indices.map { "\(found[$0].key) \(Timestamp.format(found.dueAt[$0]))" }
        }
        let taken = [MedicationReminder.Facts.Entry(medicationID: "modafinil", takenAt: at("2026-11-26T13:03:00Z"))]
        #expect(keys(to: "12:00", entries: taken) == ["medication:modafinil:2026-11-27:1200 2026-11-27T17:00:00Z"])
        #expect(
            keys(to: "12:00", entries: []) == [
                "medication:modafinil:2026-11-26:1200 2026-11-26T17:00:00Z",
                "medication:modafinil:2026-11-27:1200 2026-11-27T17:00:00Z",
            ])
        #expect(
            keys(to: "07:00", entries: []) == [
                "medication:modafinil:2026-11-26:0700 \(edited)",
                "medication:modafinil:2026-11-27:0700 2026-11-27T12:00:00Z",
            ])
        #expect(keys(to: "07:00", entries: taken) == ["medication:modafinil:2026-11-27:0700 2026-11-27T12:00:00Z"])
    }

    @Test func anAnswerOrAnEntryInItsSpanEndsTheRepeats() {
        let dose = ScheduledDose(
            medicationID: "modafinil", date: CivilDate(iso: "2026-11-26")!, time: LocalTime(hour: 8, minute: 0)!)
        let days = CivilDate(iso: "2026-11-26")!...CivilDate(iso: "2026-11-26")!
        let shown = MedicationReminder.Facts.Attempt(key: dose.key, shownAt: at("2026-11-26T13:00:01Z"), action: nil)
        func keys(_ attempts: [MedicationReminder.Facts.Attempt], entries: [MedicationReminder.Facts.Entry] = [])
            -> [String]
        {
            let facts = MedicationReminder.Facts(
                schedules: [modafinil(at: "08:00")], attempts: attempts, entries: entries, notTaken: [:])
            let found = MedicationReminder().occurrences(days: days, in: input(facts))
            return found.dueAt.indices.map { found[$0].key }
        }
        #expect(keys([shown]) == [dose.key, dose.key(.again(1))])
        // A repeat claimed and on its way to the server: a plan made meanwhile adds no other.
        let onItsWay = MedicationReminder.Facts.Attempt(
            key: dose.key(.again(1)), shownAt: nil, action: nil, isPending: true)
        #expect(keys([shown, onItsWay]) == [dose.key])
        var answered = shown
        answered.action = "taken"
        #expect(keys([answered]).isEmpty)
        answered.action = "snooze"
        #expect(keys([answered]) == [dose.key], "a snooze queues its own row; no repeat meanwhile")
        // `nudge meds taken` at 07:10 takes the 08:00 dose (from an hour before it).
        #expect(keys([shown], entries: [.init(medicationID: "modafinil", takenAt: at("2026-11-26T12:10:00Z"))]).isEmpty)
        #expect(
            keys([shown], entries: [.init(medicationID: "modafinil", takenAt: at("2026-11-26T11:50:00Z"))]) == [
                dose.key, dose.key(.again(1)),
            ])
    }

    @Test func takenWritesDoseTapsRowSkipIsRecordedAndASecondWithinTheGuardIsNot() throws {
        let dose = ScheduledDose(
            medicationID: "modafinil", date: CivilDate(iso: "2026-11-26")!, time: LocalTime(hour: 8, minute: 0)!)
        let record = DeliveryRecord(
            id: 1, key: dose.key(.again(2)), kind: .medication, dueAt: at("2026-11-26T13:20:00Z"),
            shownAt: at("2026-11-26T13:20:00Z"))
        let now = at("2026-11-26T13:23:00Z")
        let facts = MedicationReminder.Facts(
            schedules: [modafinil(at: "08:00")], attempts: [], entries: [], notTaken: [:])
        guard case .record(let taken) = MedicationReminder().answer("taken", to: record, at: now, in: input(facts)),
            case .taken(let event)? = taken.changes.first
        else {
            Issue.record("taken records")
            return
        }
        #expect(event.medicationID == "modafinil" && event.doseMg == 200 && event.takenAt == now)
        #expect(event.sessionDate.description == "2026-11-25" && event.localOffsetMinutes == -300)
        #expect(taken.cancelOwedWithPrefix == dose.key + ":")

        guard case .record(let skipped) = MedicationReminder().answer("skip", to: record, at: now, in: input(facts))
        else {
            Issue.record("skip records")
            return
        }
        #expect(skipped.changes == [.notTaken(dose, outcome: .skipped, at: now)])

        // An entry at 13:20Z (a terminal's) stands: nothing is written twice.
        var guarded = facts
        guarded.entries = [.init(medicationID: "modafinil", takenAt: at("2026-11-26T13:20:00Z"))]
        guard case .record(let again) = MedicationReminder().answer("taken", to: record, at: now, in: input(guarded))
        else {
            Issue.record("taken with an entry standing records")
            return
        }
        #expect(again.changes.isEmpty)
        #expect(again.confirmation?.contains("--confirm-duplicate") == true)
        #expect(again.followUp == .init(kind: .medication, keyPrefix: dose.key(.secondDoseQuestion), dueAt: now))

        // Another reminder of the dose answered first: refused, naming that answer, and after
        // a skip the command that records the dose taken after all.
        var answered = facts
        answered.attempts = [.init(key: dose.key, shownAt: record.dueAt, action: "skip")]
        guard
            case .refused(let refusal) = MedicationReminder().answer("taken", to: record, at: now, in: input(answered))
        else {
            Issue.record("refused")
            return
        }
        #expect(
            refusal.description.hasSuffix(
                "answered already: skip; to record it taken after all: nudge meds taken modafinil"))
    }

    /// DoseTap's question after a *Taken* its guard kept from a second entry: *Record a second
    /// dose* writes the entry at the *Taken*'s instant, `confirmed_duplicate` set; *It was the
    /// same dose* writes nothing; neither is the dose's answer, which stays the *Taken*.
    @Test func theSecondDoseQuestionRecordsAtTheTakensInstantAndNeverSettlesTheDose() throws {
        let dose = ScheduledDose(
            medicationID: "modafinil", date: CivilDate(iso: "2026-11-26")!, time: LocalTime(hour: 8, minute: 0)!)
        let takenAt = at("2026-11-26T13:02:00Z")
        let question = DeliveryRecord(
            id: 2, key: dose.key(.secondDoseQuestion) + "1", kind: .medication, dueAt: takenAt, shownAt: takenAt)
        var facts = MedicationReminder.Facts(
            schedules: [modafinil(at: "08:00")],
            attempts: [
                .init(key: question.key, shownAt: takenAt, action: "same-dose"),
                .init(key: dose.key, shownAt: at("2026-11-26T13:00:00Z"), action: "taken", answeredAt: takenAt),
            ],
            entries: [.init(medicationID: "modafinil", takenAt: at("2026-11-26T13:00:30Z"))], notTaken: [:])
        #expect(facts.answer(of: dose) == "taken")
        facts.attempts[0].action = nil
        let now = at("2026-11-26T13:04:00Z")
        #expect(MedicationReminder().isCurrent(key: question.key, in: input(facts)))
        guard
            case .record(let second) = MedicationReminder().answer(
                "second-dose", to: question, at: now, in: input(facts)),
            case .taken(let event)? = second.changes.first
        else {
            Issue.record("second-dose records")
            return
        }
        #expect(event.takenAt == takenAt && event.confirmedDuplicate && event.doseMg == 200)
        guard case .record(let same) = MedicationReminder().answer("same-dose", to: question, at: now, in: input(facts))
        else {
            Issue.record("same-dose records")
            return
        }
        #expect(same.changes.isEmpty)
        // Neither answers the dose's own reminder, nor the dose's answers the question.
        let reminder = DeliveryRecord(
            id: 1, key: dose.key, kind: .medication, dueAt: at("2026-11-26T13:00:00Z"),
            shownAt: at("2026-11-26T13:00:00Z"))
        var open = facts
        open.attempts = []
        guard case .refused = MedicationReminder().answer("second-dose", to: reminder, at: now, in: input(open)),
            case .refused = MedicationReminder().answer("taken", to: question, at: now, in: input(facts))
        else {
            Issue.record("refused")
            return
        }
    }

    @Test func keysReadBackWhateverTheName() {
        let dose = ScheduledDose(
            medicationID: "vitamin: D3 100%", date: CivilDate(iso: "2026-11-26")!, time: LocalTime(hour: 21, minute: 5)!
        )
        for follow in [ScheduledDose.Follow.first, .again(2), .unanswered] {
            let parsed = ScheduledDose.parse(dose.key(follow))
            #expect(parsed?.dose == dose && parsed?.follow == follow)
        }
        #expect(ScheduledDose.parse(dose.key(.snooze) + "1")?.follow == .snooze)
        #expect(ScheduledDose.parse(dose.key(.secondDoseQuestion) + "1")?.follow == .secondDoseQuestion)
        #expect(ScheduledDose.parse("medication:x:2026-11-26:0800:again") == nil)
        #expect(ScheduledDose.parse("symptom:2026-11-26") == nil)
    }

    /// A medication of Mondays only, added on a Tuesday: no dose in the days a plan looks at,
    /// yet the plan wakes at their end, and so on, until Monday's dose (issue 42: the daemon
    /// said "nothing due" and would have slept past it).
    @Test func aDoseBeyondThePlansDaysIsNeverSleptPast() {
        let facts = MedicationReminder.Facts(
            schedules: [modafinil(at: "08:00", days: "mon", since: "2026-11-24T12:00:00Z")], attempts: [],
            entries: [], notTaken: [:])
        let schedule = Schedule(
            input: ScheduleInput(settings: Settings(), deliveries: [], of: [.medication], medications: facts),
            clock: newYork)
        var now = at("2026-11-24T12:00:00Z")
        var wakes = 0
        while let next = schedule.plan(now: now).nextDue, next < at("2026-11-30T13:00:00Z") {
            now = next
            wakes += 1
            if wakes > 10 { break }
        }
        #expect(schedule.plan(now: now).nextDue == at("2026-11-30T13:00:00Z"), "woke \(wakes) times, last \(now)")
    }

    /// A repeat a stopped daemon let pass is still shown while its dose's span (its time and
    /// four intervals) runs, and recorded missed only after it: a restart 35 minutes into a
    /// 22:00 dose's 40 asked again (hostile round of issue 42: it recorded the dose missed).
    @Test func aLateRepeatIsShownWhileItsDoseStillRuns() {
        let rule = MedicationReminder()
        let facts = MedicationReminder.Facts(
            schedules: [modafinil(at: "22:00")], attempts: [], entries: [], notTaken: [:])
        let dose = ScheduledDose(
            medicationID: "modafinil", date: CivilDate(iso: "2026-11-27")!, time: LocalTime(hour: 22, minute: 0)!)
        let repeatDue = at("2026-11-28T03:22:00Z")  // 22:22 EST, ten minutes after the first repeat
        for follow in [ScheduledDose.Follow.again(2), .snooze] {
            let late = Occurrence(kind: .medication, key: dose.key(follow), dueAt: repeatDue, title: "Modafinil")
            #expect(rule.lateness(of: late, now: at("2026-11-28T03:35:00Z"), in: input(facts)) == .show)
            #expect(rule.lateness(of: late, now: at("2026-11-28T03:40:00Z"), in: input(facts)) == .missed)
        }
    }

    /// A dose whose snooze waits is not answered yet in the history, though its repeats' span
    /// has passed (repeats of 1 minute, a snooze of 10): it was listed missed until the snooze
    /// came and was answered (issue 40, hostile round 12).
    @Test func aDoseWithASnoozeWaitingIsNotListedMissed() {
        let dose = ScheduledDose(
            medicationID: "modafinil", date: CivilDate(iso: "2026-11-27")!, time: LocalTime(hour: 8, minute: 0)!)
        func outcome(pending: Bool) -> MedicationHistory.Outcome? {
            let facts = MedicationReminder.Facts(
                schedules: [modafinil(at: "08:00")],
                attempts: [
                    .init(key: dose.key, shownAt: at("2026-11-27T13:00:00Z"), action: "snooze"),
                    .init(key: dose.key(.snooze), shownAt: nil, action: nil, isPending: pending),
                ], entries: [], notTaken: [:])
            return MedicationHistory.items(
                facts, days: dose.date...dose.date, now: at("2026-11-27T13:06:00Z"), repeatMinutes: 1, clock: newYork
            ).first?.outcome
        }
        #expect(outcome(pending: true) == .open)
        #expect(outcome(pending: false) == .missed)
    }

    /// Doses a minute apart, repeats every minute (hostile round of issue 42): `meds taken` at
    /// 05:20:23 answers the 05:20 on screen, which is asked no more, and 05:21 is still shown;
    /// the entry took 05:21 instead, and 05:20 was asked again three times.
    @Test func anEntryAnswersTheDoseOnScreenAndTheNextIsStillShown() {
        let first = ScheduledDose(
            medicationID: "modafinil", date: CivilDate(iso: "2026-11-26")!, time: LocalTime(hour: 5, minute: 20)!)
        let shown = at("2026-11-26T10:20:00Z")
        var facts = MedicationReminder.Facts(
            schedules: [modafinil(at: "05:20,05:21", since: "2026-11-26T05:00:00Z")],
            attempts: [.init(key: first.key, shownAt: shown, action: nil)],
            entries: [.init(medicationID: "modafinil", takenAt: at("2026-11-26T10:20:23Z"))], notTaken: [:])
        facts.remindedFor = MedicationReminder.remindedFor(repeatMinutes: 1)
        let schedule = Schedule(
            input: ScheduleInput(
                settings: Settings(rows: ["meds.repeat_minutes": "1"]),
                deliveries: [DeliveryRecord(id: 1, key: first.key, kind: .medication, dueAt: shown, shownAt: shown)],
                of: [.medication], medications: facts),
            clock: newYork)
        let plan = schedule.plan(now: at("2026-11-26T10:21:00Z"))
        #expect(plan.due.map(\.key) == ["medication:modafinil:2026-11-26:0521"])
        #expect(plan.missed.isEmpty)
    }
}
