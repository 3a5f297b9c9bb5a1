import Foundation
import NudgeCore
import NudgeTestSupport
import Testing

/// What each rule's answers write, as data, decided without a store or a daemon.
struct RuleAnswerTests {
    let clock = WallClock(zone: .system("America/New_York"))
    let now = Timestamp.parse("2026-11-21T20:10:00-05:00")!

    func shown(_ key: String, _ kind: ReminderKind, action: String? = nil) -> DeliveryRecord {
        DeliveryRecord(id: 7, key: key, kind: kind, dueAt: now, shownAt: now, notificationID: 3, action: action)
    }

    func input<Facts>(_ facts: Facts, _ rows: [String: String] = [:]) -> RuleInput<Facts> {
        RuleInput(facts: facts, settings: Settings(rows: rows), clock: clock)
    }

    // MARK: - Symptom

    @Test func symptomSnoozeQueuesOneMoreAndDoneCancelsThePendingSnooze() {
        let rule = SymptomReminder()
        let facts = input(SymptomReminder.Facts(), ["symptom.snooze_minutes": "30"])
        let snooze = rule.answer("snooze", to: shown("symptom:2026-11-21", .symptom), at: now, in: facts)
        #expect(snooze == .record(AnswerEffects(followUp: .init(kind: .symptom, keyPrefix: "symptom:2026-11-21:snooze:", dueAt: now + 1800))))
        let done = rule.answer("done", to: shown("symptom:2026-11-21:snooze:1", .symptom), at: now, in: facts)
        #expect(done == .record(AnswerEffects(cancelOwedWithPrefix: "symptom:2026-11-21:snooze:")))
        #expect(rule.answer("done", to: shown("symptom:2026-11-21", .symptom, action: "snooze"), at: now, in: facts) == .duplicate)
        guard case .refused = rule.answer("done", to: shown("symptom:not-a-day", .symptom), at: now, in: facts) else {
            Issue.record("a key without a day was answered")
            return
        }
    }

    // MARK: - Dose

    let dose1 = Timestamp.parse("2026-11-21T22:00:00-05:00")!
    var session: DoseSession { DoseSession(sessionID: "S", sessionDate: "2026-11-21", dose1: dose1) }

    @Test func doseTakeRecordsDose2AsDoseTapDoesAndIsAcknowledgedAtItsInstant() {
        let taken = dose1 + 170 * 60
        let decision = DoseReminder().answer("take", to: shown("dose2:S:alarm:0", .dose2), at: taken, in: input(DoseReminder.Facts(session: session)))
        let record = DoseRecord(eventType: .dose2, timestamp: taken, metadata: nil, action: "take")
        #expect(decision == .record(AnswerEffects(answeredAt: taken, changes: [DoseEvent(record, session: session)])))
    }

    @Test func doseSnoozeUpdatesTheNotificationOnScreenOnlyWhenOneIsThere() {
        let at = dose1 + 150 * 60
        let record = DoseRecord(eventType: .snooze, timestamp: at, metadata: #"{"count":1}"#, action: "snooze")
        let onScreen = DoseReminder().answer(
            "snooze", to: shown("dose2:S:window_open", .dose2), at: at, in: input(DoseReminder.Facts(session: session, notificationOnScreen: true)))
        #expect(
            onScreen
                == .record(
                    AnswerEffects(
                        answeredAt: at, changes: [DoseEvent(record, session: session)],
                        followUp: .init(kind: .dose2, keyPrefix: "dose2:S:snoozed:", dueAt: at, title: "Dose 2 snoozed"))))
        let offScreen = DoseReminder().answer("snooze", to: shown("dose2:S:window_open", .dose2), at: at, in: input(DoseReminder.Facts(session: session)))
        #expect(offScreen == .record(AnswerEffects(answeredAt: at, changes: [DoseEvent(record, session: session)])))
    }

    @Test func doseRefusesAnEarlierSessionsButtonAndCountsTheSameButtonOnce() {
        let facts = input(DoseReminder.Facts(session: session))
        let at = dose1 + 170 * 60
        #expect(
            DoseReminder().answer("take", to: shown("dose2:OLD:alarm:0", .dose2), at: at, in: facts)
                == .refused(InputError("that notification belongs to an earlier session; nothing recorded")))
        #expect(DoseReminder().answer("skip", to: shown("dose2:S:alarm:0", .dose2, action: "skip"), at: at, in: facts) == .duplicate)
    }

    @Test func theSleptThroughOccurrenceRecordsTheSkipOnlyWhileTheSessionIsOpen() {
        let due = dose1 + 270 * 60
        let occurrence = Occurrence(kind: .dose2, key: "dose2:S:slept_through", dueAt: due, title: "")
        let changes = DoseReminder().changesWhenDue(occurrence, in: input(DoseReminder.Facts(session: session)))
        #expect(changes.count == 1 && changes[0].isSame(as: DoseEvent.sleptThrough(session, at: due)))
        #expect((changes[0] as? DoseEvent)?.onlyWhileOpen == true)
        let alarm = Occurrence(kind: .dose2, key: "dose2:S:alarm:0", dueAt: due, title: "")
        #expect(DoseReminder().changesWhenDue(alarm, in: input(DoseReminder.Facts(session: session))).isEmpty)
    }

    // MARK: - Call

    @Test func calledLogsTheCallAndClosesTheOneOff() {
        let decision = CallReminder().answer("called", to: shown("call:4:once:9", .call), at: now, in: input(CallReminder.Facts()))
        #expect(
            decision
                == .record(AnswerEffects(changes: [CallChange.called(contactIdentity: 4, at: now), CallChange.oneOffClosed(reminderIdentity: 9, at: now)])))
        #expect(CallReminder().answer("called", to: shown("call:4:once:9", .call, action: "called"), at: now, in: input(CallReminder.Facts())) == .duplicate)
    }

    @Test func tomorrowQueuesTheNextDaysReminderTimeAndDismissSkipsTheCycleOrClosesTheOneOff() {
        let facts = input(CallReminder.Facts(), ["call.reminder_time": "10:00"])
        let tomorrow = CallReminder().answer("tomorrow", to: shown("call:4:cadence:2026-11-21", .call), at: now, in: facts)
        let due = Timestamp.parse("2026-11-22T10:00:00-05:00")!
        #expect(tomorrow == .record(AnswerEffects(followUp: .init(kind: .call, keyPrefix: "call:4:cadence:2026-11-21:tomorrow:", dueAt: due))))
        let skipped = CallReminder().answer("dismiss", to: shown("call:4:cadence:2026-11-21:tomorrow:1", .call), at: now, in: facts)
        #expect(skipped == .record(AnswerEffects(changes: [CallChange.cadenceRestarted(contactIdentity: 4, on: CivilDate(year: 2026, month: 11, day: 21))])))
        let closed = CallReminder().answer("dismiss", to: shown("call:4:once:9", .call), at: now, in: facts)
        #expect(closed == .record(AnswerEffects(changes: [CallChange.oneOffClosed(reminderIdentity: 9, at: now)])))
    }

    @Test func aShownCadenceCountsAgainFromTheDayShown() {
        let late = Timestamp.parse("2026-11-24T00:30:00-05:00")!
        let changes = CallReminder().changesWhenShown(key: "call:4:cadence:2026-11-21", at: late, clock: clock)
        #expect(changes.count == 1 && changes[0].isSame(as: CallChange.cadenceRestarted(contactIdentity: 4, on: CivilDate(year: 2026, month: 11, day: 24))))
        #expect(CallReminder().changesWhenShown(key: "call:4:once:9", at: late, clock: clock).isEmpty)
    }

    // MARK: - The registry

    @Test func everyKindAndSettingsKeyIsDeclaredOnceWithAnAcceptedDefault() {
        let kinds = ReminderRules.all.map(\.kind)
        #expect(Set(kinds).count == kinds.count && kinds.allSatisfy { $0.rule?.kind == $0 })
        let keys = SettingKey.allCases.map(\.rawValue)
        #expect(Set(keys).count == keys.count && keys.count == 13)
        for key in SettingKey.allCases {
            #expect(key.valueKind.canonical(key.defaultValue) == key.defaultValue, "\(key)")
            #expect(SettingKey(rawValue: key.rawValue) == key)
        }
        for rule in ReminderRules.all {
            #expect(rule.settingKeys.contains(rule.enabledSetting) && !rule.answers.isEmpty, "\(rule.kind)")
        }
    }
}
