import Foundation
import NudgeTestSupport
import Testing

/// A *Taken* answered days after its dose (hostile round 29 of issue 42): at 47 hours its entry,
/// written at the instant answered, fell on Dec 3 and took Dec 3's 09:30 dose, which was then
/// never reminded, while Dec 1's read "taken, 47h 30m late". DoseTap's row has no way to say
/// "for Dec 1" (its session date is the entry's own), so the answer is refused with the line
/// that records it when it was taken; within a day it is recorded, for its own dose.
@Suite struct AckTakenDaysLateTests: CommandScenario {
    let directory = TemporaryDirectory()

    private func at(_ now: String) -> [String: String] {
        environment.merging(["NUDGE_FAKE_NOW": now]) { $1 }
    }

    /// Sunosi at 09:30 in Berlin, added on Dec 1; Dec 1's reminder shown as delivery 7.
    private func shownOnDecemberFirst() throws {
        let added = InProcessNudge.run(
            ["meds", "add", "sunosi", "--dose", "75mg", "--at", "09:30", "--store", store],
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

    @Test func twoDaysLateItIsRefusedWithTheLineThatRecordsIt() throws {
        try shownOnDecemberFirst()
        try InProcessNudge.expectRefusal(
            ["ack", "7", "taken"], store: store, environment: at("2026-12-03T10:00:00+01:00"),
            mentioning:
                "the 09:30 dose of sunosi on 2026-12-01 is more than a day past: an entry now would be a later day's, and taken for that day's dose; nothing changed (to record when it was taken: nudge meds taken sunosi --at 2026-12-01T09:30)"
        )
    }

    @Test func withinADayItIsRecordedForItsOwnDose() throws {
        try shownOnDecemberFirst()
        let now = at("2026-12-02T09:00:00+01:00")
        let answered = InProcessNudge.run(["ack", "7", "taken", "--store", store], environment: now)
        #expect(answered.status == 0, "\(answered)")
        #expect(try StoreQuery.rows(store, "SELECT taken_at_utc FROM medication_events").count == 1)
        let history = InProcessNudge.run(["meds", "history", "--days", "2", "--store", store], environment: now)
        let lines = history.stdout.split(separator: "\n")
        #expect(lines.contains { $0.contains("taken at 09:00, 23h 30m late") }, "\(history)")
        // Dec 2's 09:30 dose is not taken by it.
        #expect(lines.filter { $0.contains("taken at 09:00") }.count == 1, "\(history)")
    }
}
