import Foundation
import GRDB
import NudgeCore

extension Store {
    /// Writes a `medication_events` row as DoseTap writes one, unless DoseTap's duplicate guard
    /// asks first: another entry of the same medication, in any session, fewer than its
    /// minutes apart (read as DoseTap reads them: a time its formatter cannot read is no
    /// entry). `confirmedDuplicate` skips the guard and is recorded, as DoseTap records it; a nil
    /// `formulation` is the one DoseTap records for the medication.
    public func recordMedicationTaken(
        medicationID: String, doseMg: Int, formulation: String? = nil, at instant: Date, confirmedDuplicate: Bool,
        settings: Settings, clock: WallClock
    ) throws(StoreError) -> Result<MedicationEvent, InputError> {
        try write { db in
            let event = MedicationEvent(
                medicationID: medicationID, doseMg: doseMg, formulation: formulation, takenAt: instant,
                confirmedDuplicate: confirmedDuplicate,
                openSession: nil, clock: clock, rolloverHour: settings.int(.sessionRolloverHour))
            let written = try Self.insertMedicationEvent(db, event)
            if let earlier = written.duplicateOf {
                return .failure(written.event.duplicateRefusal(earlier: earlier, clock: clock))
            }
            return .success(written.event)
        }
    }

    /// Writes `event` in the open session (its id when on the event's date), unless DoseTap's
    /// guard finds another entry within its minutes and the event is not a confirmed second:
    /// the one path of `nudge meds taken` and a medication reminder's Taken. `duplicateOf` is
    /// the other entry's time when nothing was written.
    static func insertMedicationEvent(_ db: Database, _ event: MedicationEvent) throws -> (
        event: MedicationEvent, duplicateOf: Date?
    ) {
        let event = event.joining(try openDoseSession(db))
        if !event.confirmedDuplicate {
            // A day's slack on the text comparison: other writers' offsets sort apart from `Z`.
            let earlier = try StoredColumn.values(
                db, String.self,
                sql: """
                    SELECT taken_at_utc FROM medication_events WHERE medication_id = ? AND taken_at_utc BETWEEN ? AND ?
                    """,
                arguments: [
                    event.medicationID, Timestamp.format(event.takenAt.addingTimeInterval(-86400)),
                    Timestamp.format(event.takenAt.addingTimeInterval(86400)),
                ]
            ).compactMap(DoseTapTime.taken)
            if let duplicate = event.duplicate(among: earlier) { return (event, duplicate) }
        }
        try db.execute(
            sql: """
                INSERT OR REPLACE INTO medication_events (id, session_id, session_date, medication_id, dose_mg,
                    dose_unit, formulation, taken_at_utc, local_offset_minutes, notes, confirmed_duplicate)
                VALUES (?, ?, ?, ?, ?, 'mg', ?, ?, ?, NULL, ?)
                """,
            arguments: [
                event.id, event.sessionID, event.sessionDate.description, event.medicationID, event.doseMg,
                event.formulation, Timestamp.formatForDoseTap(event.takenAt), event.localOffsetMinutes,
                event.confirmedDuplicate ? 1 : 0,
            ])
        return (event, nil)
    }

    /// DoseTap's open session: `current_session` with no end, its id (else its date) and date.
    static func openDoseSession(_ db: Database) throws -> MedicationEvent.OpenSession? {
        guard
            let row = try Row.fetchOne(
                db, sql: "SELECT session_id, session_date, session_end_utc FROM current_session WHERE id = 1"),
            row.stored("session_end_utc", as: String.self) == nil,
            let date: String = row.stored("session_date")
        else { return nil }
        return MedicationEvent.OpenSession(id: row.stored("session_id") ?? date, date: date)
    }
}
