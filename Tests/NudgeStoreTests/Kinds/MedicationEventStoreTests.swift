import Foundation
import GRDB
import NudgeCore
import NudgeTestSupport
import Testing

@testable import NudgeStore

/// What nudge writes into DoseTap's `medication_events` on stores DoseTap made earlier, and how
/// its duplicate guard reads the rows already there.
@Suite struct MedicationEventStoreTests {
    let directory = TemporaryDirectory()
    let clock = WallClock(zone: .system("America/New_York"))
    let settings = Settings()
    var path: String { directory.file("dosetap.sqlite") }

    func record(_ store: Store, _ id: String, at text: String) throws -> Result<MedicationEvent, InputError> {
        try store.recordMedicationTaken(
            medicationID: id, doseMg: 100, at: Timestamp.parse(text)!, confirmedDuplicate: false,
            settings: settings, clock: clock)
    }

    /// A dose found missed (the computer was off through its repeats) is recorded with the
    /// instant it was recorded, as `recorded_at` says, not its deadline's (issue 42's
    /// leftovers: it held the deadline); a skip already was.
    @Test func aMissIsRecordedAtTheInstantItIsRecorded() throws {
        let store = try Store(path: path)
        let dose = ScheduledDose(
            medicationID: "modafinil", date: CivilDate(iso: "2026-11-21")!, time: LocalTime(hour: 8, minute: 0)!)
        let deadline = Timestamp.parse("2026-11-21T13:40:00Z")!
        let found = Timestamp.parse("2026-11-21T19:12:00Z")!
        try store.recordMissed(
            [Occurrence(kind: .medication, key: dose.key(.unanswered), dueAt: deadline, title: "")], at: found)
        let rows = try StoreQuery.rows(path, "SELECT dose_time, outcome, recorded_at FROM medication_outcomes")
        #expect(rows == [["dose_time": "08:00", "outcome": "missed", "recorded_at": "2026-11-21T19:12:00Z"]])
    }

    /// A table from before DoseTap's own migration added three columns gets them, as that
    /// migration adds them, and takes a row.
    @Test func aTableFromAnEarlierDoseTapGetsTheColumnsItsMigrationAdds() throws {
        let database = try DatabaseQueue(path: path)
        try database.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE medication_events (id TEXT PRIMARY KEY, session_id TEXT, session_date TEXT NOT NULL,
                        medication_id TEXT NOT NULL, dose_mg INTEGER NOT NULL, taken_at_utc TEXT NOT NULL, notes TEXT,
                        confirmed_duplicate INTEGER DEFAULT 0, created_at TEXT DEFAULT CURRENT_TIMESTAMP)
                    """)
        }
        try database.close()
        let store = try Store(path: path)
        _ = try record(store, "modafinil", at: "2026-11-21T13:00:00Z").get()
        let row = try #require(try StoreQuery.rows(path, "SELECT * FROM medication_events").first)
        #expect(row["dose_unit"] == "mg" && row["formulation"] == "ir" && row["local_offset_minutes"] == "-300")
    }

    /// DoseTap's guard reads times through its formatter, and asks nothing of a row whose time
    /// has no fraction of a second; nudge's asks of that one too (`DoseTapTime.taken`): a second
    /// dose 2 minutes after one another program wrote to the second is the harm the guard is for.
    @Test(arguments: [("2026-11-21T23:10:00Z", true), ("2026-11-21T23:10:00.000Z", true)])
    func theGuardReadsEveryFormOfADoseTaken(earlier: String, asks: Bool) throws {
        let store = try Store(path: path)
        let other = try DatabaseQueue(path: path)
        try other.write { db in
            try db.execute(
                sql: """
                    INSERT INTO medication_events (id, session_date, medication_id, dose_mg, taken_at_utc)
                    VALUES ('X1', '2026-11-21', 'modafinil', 100, ?)
                    """, arguments: [earlier])
        }
        try other.close()
        let second = try record(store, "modafinil", at: "2026-11-21T23:12:00Z")
        if case .failure(let refusal) = second {
            #expect(asks && refusal.description.contains("--confirm-duplicate"), "\(refusal)")
        } else {
            #expect(!asks, "a second entry 2 minutes after one DoseTap reads was recorded")
        }
    }
}
