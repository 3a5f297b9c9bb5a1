import Foundation
import NudgeTestSupport
import Testing

/// A *Taken* answered late (hostile rounds 29 and 31 of issue 42): its entry is written at the
/// instant answered, and DoseTap lists an entry by the session date its rollover (18:00) gives
/// that instant. At 24h 9m the entry fell in the session of the next morning's dose, which
/// DoseTap showed taken while nudge still reminded it. So the answer is refused, with the line
/// that records it when it was taken, once the entry would be another session's or the
/// medication's next dose is due; before that it is recorded for its own dose.
@Suite struct AckTakenDaysLateTests: CommandScenario {
    let directory = TemporaryDirectory()

    private func at(_ now: String) -> [String: String] {
        environment.merging(["NUDGE_FAKE_NOW": now]) { $1 }
    }

    /// Sunosi at `times` in Berlin, added on Dec 1; Dec 1's 09:30 reminder shown as delivery 7.
    private func shownOnDecemberFirst(times: String = "09:30") throws {
        let added = InProcessNudge.run(
            ["meds", "add", "sunosi", "--dose", "75mg", "--at", times, "--store", store],
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

    private static let otherSession =
        "DoseTap would list an entry now in another session than the dose's (2026-11-30)"

    @Test func twoDaysLateItIsRefusedWithTheLineThatRecordsIt() throws {
        try shownOnDecemberFirst()
        try expectRefused(at: "2026-12-03T10:00:00+01:00", because: "its next dose is due")
    }

    @Test func aMinuteShortOfADayItIsRefusedAsTheNextMorningsSession() throws {
        try shownOnDecemberFirst()
        try expectRefused(at: "2026-12-02T09:29:00+01:00", because: Self.otherSession)
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

    @Test func atTheSessionsRolloverItIsRefused() throws {
        try shownOnDecemberFirst()
        try expectRefused(at: "2026-12-01T18:00:00+01:00", because: Self.otherSession)
    }

    @Test func atTheNextDoseOfTheDayItIsRefused() throws {
        try shownOnDecemberFirst(times: "09:30,14:00")
        try expectRefused(at: "2026-12-01T14:00:00+01:00", because: "its next dose is due")
    }

    @Test func withinItsSessionItIsRecordedForItsOwnDose() throws {
        try shownOnDecemberFirst()
        let now = at("2026-12-01T17:59:00+01:00")
        let answered = InProcessNudge.run(["ack", "7", "taken", "--store", store], environment: now)
        #expect(answered.status == 0, "\(answered)")
        #expect(try StoreQuery.rows(store, "SELECT taken_at_utc FROM medication_events").count == 1)
        let history = InProcessNudge.run(["meds", "history", "--days", "2", "--store", store], environment: now)
        #expect(history.stdout.contains("taken at 17:59, 8h 29m late"), "\(history)")
    }
}
