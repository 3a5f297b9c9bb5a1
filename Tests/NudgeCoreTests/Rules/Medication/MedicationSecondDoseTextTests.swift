import Foundation
import NudgeTestSupport
import Testing

@testable import NudgeCore

/// The second-dose question as shown and as answered, for a medication whose name is markup
/// and whose formulation is not DoseTap's for it (hostile round 29 of issue 42: the body broke
/// dunst's markup, and both the *Taken* and the second dose recorded DoseTap's formulation).
@Suite struct MedicationSecondDoseTextTests {
    let clock = WallClock(zone: .system("America/New_York"))
    let name = "<b>Big</b> & <i>Co</i> <u>x"

    func at(_ text: String) -> Date { Timestamp.parse(text)! }

    var dose: ScheduledDose {
        ScheduledDose(medicationID: name, date: CivilDate(iso: "2026-11-26")!, time: LocalTime(hour: 8, minute: 0)!)
    }

    /// Its 08:00 reminder answered *Taken* at 08:02, 90 s after an entry: the question is open.
    func input(answered: Bool, entryAt: String = "2026-11-26T13:00:30Z") -> RuleInput<MedicationReminder.Facts> {
        let schedule = ScheduledMedication(
            schedule: MedicationSchedule(
                id: 1, medicationID: name, doseMg: 30, formulation: "xr", times: try! MedicationTimes.parse("08:00"),
                days: try! MedicationDays.parse("daily")),
            since: at("2026-01-01T00:00:00Z"))
        let facts = MedicationReminder.Facts(
            schedules: [schedule],
            attempts: answered
                ? [
                    .init(
                        key: dose.key, shownAt: at("2026-11-26T13:00:00Z"), action: "taken",
                        answeredAt: at("2026-11-26T13:02:00Z"))
                ] : [],
            entries: answered ? [.init(medicationID: name, takenAt: at(entryAt))] : [],
            notTaken: [:])
        return RuleInput(facts: facts, settings: Settings(), clock: clock)
    }

    @Test func theQuestionsBodyShowsTheNameAsTyped() throws {
        let key = dose.key(.secondDoseQuestion) + "1"
        let occurrence = Occurrence(kind: .medication, key: key, dueAt: at("2026-11-26T13:02:00Z"), title: "")
        let shown = try #require(
            MedicationReminder().presentation(
                for: occurrence, now: occurrence.dueAt, text: .markup, in: input(answered: true))?.notification)
        let escaped = "&lt;b&gt;Big&lt;/b&gt; &amp; &lt;i&gt;Co&lt;/i&gt; &lt;u&gt;x"
        #expect(shown.body.contains("\(escaped) was recorded at "), "\(shown.body)")
        #expect(shown.body.hasSuffix("Record a second dose of \(escaped)?"), "\(shown.body)")
        #expect(!shown.body.contains("<"), "\(shown.body)")
        let plain = try #require(
            MedicationReminder().presentation(
                for: occurrence, now: occurrence.dueAt, text: .plain, in: input(answered: true))?.notification)
        #expect(plain.body.hasSuffix("Record a second dose of \(name)?"), "\(plain.body)")
    }

    @Test func takenAndTheSecondDoseRecordTheFormulationGiven() throws {
        let now = at("2026-11-26T13:04:00Z")
        let reminder = DeliveryRecord(
            id: 1, key: dose.key, kind: .medication, dueAt: at("2026-11-26T13:00:00Z"),
            shownAt: at("2026-11-26T13:00:00Z"))
        guard
            case .record(let taken) = MedicationReminder().answer(
                "taken", to: reminder, at: now, in: input(answered: false)),
            case .taken(let event)? = taken.changes.first
        else {
            Issue.record("taken records")
            return
        }
        #expect(event.formulation == "xr")
        let question = DeliveryRecord(
            id: 2, key: dose.key(.secondDoseQuestion) + "1", kind: .medication, dueAt: at("2026-11-26T13:02:00Z"),
            shownAt: at("2026-11-26T13:02:00Z"))
        guard
            case .record(let second) = MedicationReminder().answer(
                "second-dose", to: question, at: now, in: input(answered: true)),
            case .taken(let secondEvent)? = second.changes.first
        else {
            Issue.record("second-dose records")
            return
        }
        #expect(secondEvent.formulation == "xr")
    }

    /// The *Taken* at 08:02:00 (`acknowledged_at`, whole seconds) and the entry with DoseTap's
    /// milliseconds: 59.5 s apart is the minute the person saw (hostile round 29 of issue 42:
    /// "less than a minute" for entries 60 s apart).
    @Test(arguments: [
        ("2026-11-26T13:01:00.500Z", "1 minute"), ("2026-11-26T13:01:00.000Z", "1 minute"),
        ("2026-11-26T13:00:59.000Z", "1 minute"), ("2026-11-26T13:01:30.000Z", "less than a minute"),
        ("2026-11-26T12:59:59.600Z", "2 minutes"),
    ])
    func theQuestionCountsMinutesToTheSecond(entryAt: String, apart: String) throws {
        let key = dose.key(.secondDoseQuestion) + "1"
        let occurrence = Occurrence(kind: .medication, key: key, dueAt: at("2026-11-26T13:02:00Z"), title: "")
        let shown = try #require(
            MedicationReminder().presentation(
                for: occurrence, now: occurrence.dueAt, text: .plain, in: input(answered: true, entryAt: entryAt))?
                .notification)
        #expect(shown.body.contains(", \(apart) from it: DoseTap asks"), "\(shown.body)")
    }
}
