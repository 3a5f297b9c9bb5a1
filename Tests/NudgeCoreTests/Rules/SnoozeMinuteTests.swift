import Foundation
import NudgeTestSupport
import Testing

@testable import NudgeCore

/// A snooze rings at the nearest whole minute after its time (hostile round of issue 42 after
/// G13: the kinds other than one's own reminders rang at the click's seconds past the minute
/// `upcoming` and the feed name).
struct SnoozeMinuteTests {
    let clock = WallClock(zone: .system("America/New_York"))

    func at(_ text: String) -> Date { Timestamp.parse(text)! }

    @Test(arguments: [
        ("2026-11-21T20:10:40-05:00", "2026-11-21T20:41:00-05:00"),
        ("2026-11-21T20:10:29-05:00", "2026-11-21T20:40:00-05:00"),
        ("2026-11-21T20:10:00-05:00", "2026-11-21T20:40:00-05:00"),
    ])
    func theSymptomChecksSnooze(clicked: String, rings: String) {
        let input = RuleInput(
            facts: SymptomReminder.Facts(), settings: Settings(rows: ["symptom.snooze_minutes": "30"]), clock: clock)
        let shown = DeliveryRecord(
            id: 7, key: "symptom:2026-11-21", kind: .symptom, dueAt: at(clicked), shownAt: at(clicked))
        guard case .record(let effects) = SymptomReminder().answer("snooze", to: shown, at: at(clicked), in: input)
        else {
            Issue.record("the snooze records")
            return
        }
        #expect(effects.followUp?.dueAt == at(rings))
    }

    @Test func aMedicationsSnooze() {
        let dose = ScheduledDose(
            medicationID: "modafinil", date: CivilDate(iso: "2026-11-26")!, time: LocalTime(hour: 8, minute: 0)!)
        let shown = DeliveryRecord(
            id: 1, key: dose.key, kind: .medication, dueAt: at("2026-11-26T13:00:00Z"),
            shownAt: at("2026-11-26T13:00:00Z"))
        let schedule = ScheduledMedication(
            schedule: MedicationSchedule(
                id: 1, medicationID: "modafinil", doseMg: 200, formulation: "ir",
                times: try! MedicationTimes.parse("08:00"), days: try! MedicationDays.parse("daily")),
            since: at("2026-01-01T00:00:00Z"))
        let input = RuleInput(
            facts: MedicationReminder.Facts(schedules: [schedule], attempts: [], entries: [], notTaken: [:]),
            settings: Settings(), clock: clock)
        guard
            case .record(let effects) = MedicationReminder().answer(
                "snooze", to: shown, at: at("2026-11-26T13:03:40Z"), in: input)
        else {
            Issue.record("the snooze records")
            return
        }
        #expect(effects.followUp?.dueAt == at("2026-11-26T13:14:00Z"))
    }
}
