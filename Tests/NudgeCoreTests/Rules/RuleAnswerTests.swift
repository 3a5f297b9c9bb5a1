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
        #expect(
            snooze
                == .record(
                    AnswerEffects(
                        followUp: .init(kind: .symptom, keyPrefix: "symptom:2026-11-21:snooze:", dueAt: now + 1800))))
        let done = rule.answer("done", to: shown("symptom:2026-11-21:snooze:1", .symptom), at: now, in: facts)
        #expect(done == .record(AnswerEffects(cancelOwedWithPrefix: "symptom:2026-11-21:snooze:")))
        #expect(
            rule.answer("done", to: shown("symptom:2026-11-21", .symptom, action: "snooze"), at: now, in: facts)
                == .duplicate)
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
        let decision = DoseReminder().answer(
            "take", to: shown("dose2:S:alarm:0", .dose2), at: taken, in: input(DoseReminder.Facts(session: session)))
        let record = DoseRecord(eventType: .dose2, timestamp: taken, metadata: nil, action: "take")
        #expect(decision == .record(AnswerEffects(answeredAt: taken, changes: [DoseEvent(record, session: session)])))
    }

    @Test func doseSnoozeUpdatesTheNotificationOnScreenOnlyWhenOneIsThere() {
        let at = dose1 + 150 * 60
        let record = DoseRecord(eventType: .snooze, timestamp: at, metadata: #"{"count":1}"#, action: "snooze")
        let onScreen = DoseReminder().answer(
            "snooze", to: shown("dose2:S:window_open", .dose2), at: at,
            in: input(DoseReminder.Facts(session: session, notificationOnScreen: true)))
        #expect(
            onScreen
                == .record(
                    AnswerEffects(
                        answeredAt: at, changes: [DoseEvent(record, session: session)],
                        followUp: .init(kind: .dose2, keyPrefix: "dose2:S:snoozed:", dueAt: at, title: "Dose 2 snoozed")
                    )))
        let offScreen = DoseReminder().answer(
            "snooze", to: shown("dose2:S:window_open", .dose2), at: at, in: input(DoseReminder.Facts(session: session)))
        #expect(offScreen == .record(AnswerEffects(answeredAt: at, changes: [DoseEvent(record, session: session)])))
    }

    @Test func doseRefusesAnEarlierSessionsButtonAndCountsTheSameButtonOnce() {
        let facts = input(DoseReminder.Facts(session: session))
        let at = dose1 + 170 * 60
        #expect(
            DoseReminder().answer("take", to: shown("dose2:OLD:alarm:0", .dose2), at: at, in: facts)
                == .refused(InputError("that notification belongs to an earlier session; nothing recorded")))
        #expect(
            DoseReminder().answer("skip", to: shown("dose2:S:alarm:0", .dose2, action: "skip"), at: at, in: facts)
                == .duplicate)
    }

    /// Nothing is recorded by the passage of time: "missed" is the person's answer, possible
    /// after the window and until the next dose 1, a day later too.
    @Test func missedIsRecordedOnlyWhenThePersonSaysSo() {
        let facts = input(DoseReminder.Facts(session: session))
        let prompt = shown("dose2:S:not_recorded", .dose2)
        let nextDay = dose1 + 20 * 3600
        let record = DoseRecord(
            eventType: .dose2Skipped, timestamp: nextDay, metadata: #"{"reason":"missed"}"#, action: "missed")
        #expect(
            DoseReminder().answer("missed", to: prompt, at: nextDay, in: facts)
                == .record(AnswerEffects(answeredAt: nextDay, changes: [DoseEvent(record, session: session)])))
        #expect(
            DoseReminder().answer("missed", to: shown("dose2:S:alarm:0", .dose2), at: dose1 + 170 * 60, in: facts)
                == .refused(InputError("the dose-2 window is still open; take or skip dose 2")))
        let taken = DoseSession(sessionID: "S", sessionDate: "2026-11-21", dose1: dose1, dose2: dose1 + 170 * 60)
        guard
            case .refused = DoseReminder().answer(
                "missed", to: prompt, at: nextDay, in: input(DoseReminder.Facts(session: taken)))
        else {
            Issue.record("missed was recorded over a dose 2")
            return
        }
    }

    // MARK: - Call

    /// One-off reminder 9 of contact 4, open.
    var openOneOff: CallReminder.Facts {
        CallReminder.Facts(
            contacts: [],
            oneOffCalls: [
                OneOffCall(
                    id: 9, contactID: 4, identity: 9, contactIdentity: 4, name: "Sam", dueAt: now, note: nil,
                    settled: false)
            ])
    }

    @Test func calledLogsTheCallAndClosesTheOneOff() {
        let decision = CallReminder().answer(
            "called", to: shown("call:4:once:9", .call), at: now, in: input(openOneOff))
        #expect(
            decision
                == .record(
                    AnswerEffects(
                        changes: [
                            CallChange.called(contactIdentity: 4, at: now),
                            CallChange.oneOffClosed(reminderIdentity: 9, at: now),
                        ], confirmation: "logged a call with Sam")))
        #expect(
            CallReminder().answer(
                "called", to: shown("call:4:once:9", .call, action: "called"), at: now, in: input(openOneOff))
                == .duplicate)
        // Done already (a call logged since settled it): Called would log a second call.
        let done = CallReminder().answer(
            "called", to: shown("call:4:once:9", .call), at: now, in: input(CallReminder.Facts()))
        #expect(
            done
                == .refused(
                    InputError(
                        "this call reminder is done: a call logged since it was due settled it, or it was cancelled; nothing changed"
                    )))
    }

    @Test func tomorrowQueuesTheNextDaysReminderTimeAndDismissSkipsTheCycleOrClosesTheOneOff() {
        let facts = input(CallReminder.Facts(), ["call.reminder_time": "10:00"])
        let tomorrow = CallReminder().answer(
            "tomorrow", to: shown("call:4:cadence:2026-11-21", .call), at: now, in: facts)
        let due = Timestamp.parse("2026-11-22T10:00:00-05:00")!
        #expect(
            tomorrow
                == .record(
                    AnswerEffects(
                        followUp: .init(kind: .call, keyPrefix: "call:4:cadence:2026-11-21:tomorrow:", dueAt: due))))
        let skipped = CallReminder().answer(
            "dismiss", to: shown("call:4:cadence:2026-11-21:tomorrow:1", .call), at: now, in: facts)
        #expect(
            skipped
                == .record(
                    AnswerEffects(changes: [
                        CallChange.cadenceRestarted(contactIdentity: 4, on: CivilDate(year: 2026, month: 11, day: 21))
                    ])))
        let closed = CallReminder().answer(
            "dismiss", to: shown("call:4:once:9", .call), at: now,
            in: input(openOneOff, ["call.reminder_time": "10:00"]))
        #expect(closed == .record(AnswerEffects(changes: [CallChange.oneOffClosed(reminderIdentity: 9, at: now)])))
    }

    @Test func aShownCadenceCountsAgainFromTheDayShown() {
        let late = Timestamp.parse("2026-11-24T00:30:00-05:00")!
        let changes = CallReminder().changesWhenShown(
            key: "call:4:cadence:2026-11-21", dueAt: late, at: late, clock: clock)
        #expect(changes == [.cadenceRestarted(contactIdentity: 4, on: CivilDate(year: 2026, month: 11, day: 24))])
        #expect(CallReminder().changesWhenShown(key: "call:4:once:9", dueAt: late, at: late, clock: clock).isEmpty)
    }

    // MARK: - The registry

    /// The kinds are found by what the store's `kind` column holds, each is its rule's, and the
    /// settings keys are the contract's 48, each found by its name with a default it accepts.
    @Test func everyKindAndSettingsKeyIsDeclaredOnceWithAnAcceptedDefault() throws {
        let stored = ["symptom", "dose2", "call", "meditation", "journal", "alarm_test", "medication", "reminder"]
        #expect(ReminderRules.all.map(\.kind.rawValue).sorted() == stored.sorted())
        for value in stored {
            #expect(ReminderKind(rawValue: value).rule?.kind.rawValue == value, "\(value)")
        }
        #expect(ReminderKind(rawValue: "unknown_kind").rule == nil)
        let keys = SettingKey.allCases.map(\.rawValue)
        #expect(Set(keys).count == 49 && keys.count == 49)
        for key in SettingKey.allCases {
            #expect(key.valueKind.canonical(key.defaultValue) == key.defaultValue, "\(key)")
            #expect(try SettingKey.named(key.rawValue) == key)
        }
        for rule in ReminderRules.all {
            #expect(
                (rule.enabledSetting.map(rule.settingKeys.contains) ?? true) && !rule.answers.isEmpty, "\(rule.kind)")
        }
    }
}
