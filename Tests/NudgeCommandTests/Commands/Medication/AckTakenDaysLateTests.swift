import Foundation
import NudgeTestSupport
import Testing

/// A *Taken* answered late (hostile rounds 29 and 31 of issue 42): its entry is written at the
/// instant answered. At 24h 9m the entry stood beside the next morning's dose, which DoseTap
/// listed taken while nudge still reminded it. So the answer is refused, with the line that
/// records it when it was taken, once the medication's next dose is due or a day has passed;
/// before that it is recorded for its own dose, also across DoseTap's session rollover (18:00),
/// as DoseTap records an entry made then.
@Suite struct AckTakenDaysLateTests: CommandScenario {
    let directory = TemporaryDirectory()

    private func at(_ now: String) -> [String: String] {
        environment.merging(["NUDGE_FAKE_NOW": now]) { $1 }
    }

    /// Sunosi at `times` on `days` in Berlin, added on Dec 1 (a Tuesday); Dec 1's 09:30 reminder
    /// shown as delivery 7.
    private func shownOnDecemberFirst(times: String = "09:30", days: String = "daily") throws {
        let added = InProcessNudge.run(
            ["meds", "add", "sunosi", "--dose", "75mg", "--at", times, "--days", days, "--store", store],
            environment: at("2026-12-01T07:00:00+01:00"))
        #expect(added.status == 0, "\(added)")
        try StoreQuery.write(
            store,
            """
            INSERT INTO reminder_deliveries (id, reminder_key, kind, due_at, shown_at, title) VALUES
                (7, 'medication:sunosi:2026-12-01:0930', 'medication', '2026-12-01T08:30:00Z',
                    '2026-12-01T08:30:00Z', 'Sunosi 75 mg')
            """)
    }

    private func expectRefused(at now: String, because why: String) throws {
        try InProcessNudge.expectRefusal(
            ["ack", "7", "taken"], store: store, environment: at(now),
            mentioning:
                "the 09:30 dose of sunosi on 2026-12-01 is too late to answer Taken: \(why), and the entry would be read as another dose; nothing changed (to record when it was taken: nudge meds taken sunosi --at 2026-12-01T09:30)"
        )
        #expect(try StoreQuery.rows(store, "SELECT id FROM medication_events").isEmpty)
    }

    @Test func twoDaysLateItIsRefusedWithTheLineThatRecordsIt() throws {
        try shownOnDecemberFirst()
        try expectRefused(at: "2026-12-03T10:00:00+01:00", because: "its next dose is due")
    }

    @Test func aDoseWhoseNextIsDaysAwayIsRefusedADayPast() throws {
        try shownOnDecemberFirst(days: "tue")
        try expectRefused(at: "2026-12-02T10:31:00+01:00", because: "it is more than a day past")
    }

    @Test func twentyFourHoursNineMinutesLateItIsRefused() throws {
        try shownOnDecemberFirst()
        try expectRefused(at: "2026-12-02T09:39:00+01:00", because: "its next dose is due")
    }

    @Test func aDoseRecordedMissedIsRefusedTwentyFourHoursFortySixMinutesLate() throws {
        try shownOnDecemberFirst()
        try StoreQuery.write(
            store,
            """
            INSERT INTO medication_outcomes (medication_id, dose_date, dose_time, outcome, recorded_at)
                VALUES ('sunosi', '2026-12-01', '09:30', 'missed', '2026-12-01T09:30:00Z')
            """)
        try expectRefused(at: "2026-12-02T10:16:00+01:00", because: "its next dose is due")
    }

    @Test func atTheNextDoseOfTheDayItIsRefused() throws {
        try shownOnDecemberFirst(times: "09:30,14:00")
        try expectRefused(at: "2026-12-01T14:00:00+01:00", because: "its next dose is due")
    }

    /// Across DoseTap's session rollover (18:00) and up to a minute before the next dose.
    @Test(arguments: [
        ("2026-12-01T18:05:00+01:00", "taken at 18:05, 8h 35m late"),
        ("2026-12-02T09:29:00+01:00", "taken at 09:29, 23h 59m late"),
    ])
    func beforeItsNextDoseItIsRecordedForItsOwnDose(answeredAt: String, listed: String) throws {
        try shownOnDecemberFirst()
        let now = at(answeredAt)
        let answered = InProcessNudge.run(["ack", "7", "taken", "--store", store], environment: now)
        #expect(answered.status == 0, "\(answered)")
        #expect(try StoreQuery.rows(store, "SELECT taken_at_utc FROM medication_events").count == 1)
        let history = InProcessNudge.run(["meds", "history", "--days", "2", "--store", store], environment: now)
        #expect(history.stdout.contains(listed), "\(history)")
    }
}
