import Foundation
import GRDB
import NudgeCore

/// How a dose answer ended.
public enum DoseAnswerOutcome: Sendable, Equatable {
    case recorded(DoseRecord)
    case refused(InputError)
    /// The same button pressed again on the same notification: nothing recorded.
    case duplicate
}

extension Store {
    public func currentDoseSession() throws(StoreError) -> DoseSession? {
        try read(Self.doseSession)
    }

    static func doseSession(_ db: Database) throws -> DoseSession? {
        guard
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT dose1_time, dose2_time, snooze_count, dose2_skipped, session_date, session_id
                    FROM current_session WHERE id = 1
                    """),
            let dose1 = (row["dose1_time"] as String?).flatMap(Timestamp.parse)
        else { return nil }
        let sessionID = row["session_id"] as String? ?? "dose1-\(Int(dose1.timeIntervalSince1970))"
        // Without a session id (an older tracker's row), the night's events are those after dose 1.
        let snoozes = try String.fetchAll(
            db,
            sql: """
                SELECT timestamp FROM dose_events WHERE event_type = 'snooze'
                  AND (session_id = ? OR (? IS NULL AND session_date = ?))
                """,
            arguments: [row["session_id"] as String?, row["session_id"] as String?, row["session_date"] as String?]
        ).compactMap(Timestamp.parse).filter { $0 >= dose1 }.sorted()
        return DoseSession(
            sessionID: sessionID, sessionDate: row["session_date"] ?? "", dose1: dose1,
            dose2: (row["dose2_time"] as String?).flatMap(Timestamp.parse), snoozeCount: row["snooze_count"] ?? 0, snoozedAt: snoozes,
            skipped: (row["dose2_skipped"] as Int?) ?? 0 != 0)
    }

    /// Records dose 1 and opens a session: the `dose_events` row, the `current_session` row and
    /// a `sleep_sessions` row. Refused while a session is open, unless `newSession`; an earlier
    /// session left past its slept-through point gets that record first.
    public func startDoseSession(
        at dose1: Date, newSession: Bool, settings: Settings, clock: WallClock
    ) throws(StoreError) -> Result<DoseSession, InputError> {
        try write { db in
            if let open = try Self.doseSession(db), !open.isCompleted {
                let window = DoseWindow(session: open, settings: settings)
                if dose1 < window.sleptThroughAt {
                    guard newSession else {
                        return .failure(InputError(
                            "a session is open since dose 1 at \(clock.timeOfDay(open.dose1)); take or skip dose 2 first, or start another with --new-session"))
                    }
                } else {
                    try Self.insertSleptThrough(db, session: open, at: window.sleptThroughAt)
                }
            }
            let date = DoseSession.sessionDate(for: dose1, clock: clock, rolloverHour: settings.int(.sessionRolloverHour)).description
            let session = DoseSession(sessionID: UUID().uuidString, sessionDate: date, dose1: dose1)
            let stamp = Timestamp.format(dose1)
            try Self.insertEvent(db, DoseRecord(eventType: .dose1, timestamp: dose1, metadata: nil, action: ""), session: session)
            try db.execute(
                sql: """
                    INSERT INTO current_session (id, dose1_time, dose2_time, snooze_count, dose2_skipped, session_date,
                        session_id, session_start_utc, session_end_utc, terminal_state, updated_at)
                    VALUES (1, ?, NULL, 0, 0, ?, ?, ?, NULL, NULL, CURRENT_TIMESTAMP)
                    ON CONFLICT(id) DO UPDATE SET dose1_time = excluded.dose1_time, dose2_time = NULL, snooze_count = 0,
                        dose2_skipped = 0, session_date = excluded.session_date, session_id = excluded.session_id,
                        session_start_utc = excluded.session_start_utc, session_end_utc = NULL, terminal_state = NULL,
                        updated_at = CURRENT_TIMESTAMP
                    """,
                arguments: [stamp, date, session.sessionID, stamp])
            try db.execute(
                sql: "INSERT INTO sleep_sessions (session_id, session_date, start_utc) VALUES (?, ?, ?)",
                arguments: [session.sessionID, date, stamp])
            return .success(session)
        }
    }

    /// Records a dose-2 answer in one transaction: the `dose_events` row, the `current_session`
    /// columns and the answered delivery's `action`. With no delivery given (the command line),
    /// the session's latest unanswered dose notification is the one answered.
    public func recordDoseAnswer(
        _ answer: DoseAnswer, deliveryID: Int64?, settings: Settings
    ) throws(StoreError) -> DoseAnswerOutcome {
        try write { db in
            let session = try Self.doseSession(db)
            var delivery: Row?
            if let deliveryID {
                delivery = try Row.fetchOne(db, sql: "SELECT id, reminder_key, action FROM reminder_deliveries WHERE id = ?", arguments: [deliveryID])
                if delivery?["action"] as String? == answer.action { return .duplicate }
                if let session, let key = delivery?["reminder_key"] as String?, DoseReminder.alert(ofKey: key, in: session) == nil {
                    return .refused(InputError("that notification belongs to an earlier session; nothing recorded"))
                }
            } else if let session {
                delivery = try Row.fetchOne(
                    db,
                    sql: """
                        SELECT id FROM reminder_deliveries
                        WHERE substr(reminder_key, 1, length(?)) = ? AND shown_at IS NOT NULL AND action IS NULL
                        ORDER BY shown_at DESC, id DESC LIMIT 1
                        """,
                    arguments: [DoseReminder.prefix(session), DoseReminder.prefix(session)])
            }
            let record: DoseRecord
            switch answer.record(in: session, settings: settings) {
            case .failure(let refusal): return .refused(refusal)
            case .success(let decided): record = decided
            }
            guard let session else { return .refused(InputError("no dose 1 is recorded")) }
            try Self.insertEvent(db, record, session: session)
            switch record.eventType {
            case .dose2:
                try db.execute(
                    sql: "UPDATE current_session SET dose2_time = ?, updated_at = CURRENT_TIMESTAMP WHERE id = 1",
                    arguments: [Timestamp.format(record.timestamp)])
            case .snooze:
                try db.execute(sql: "UPDATE current_session SET snooze_count = snooze_count + 1, updated_at = CURRENT_TIMESTAMP WHERE id = 1")
            case .dose2Skipped:
                try db.execute(sql: "UPDATE current_session SET dose2_skipped = 1, updated_at = CURRENT_TIMESTAMP WHERE id = 1")
            case .dose1, .extraDose:
                break
            }
            let stamp = Timestamp.format(record.timestamp)
            if let id = delivery?["id"] as Int64? {
                try db.execute(
                    sql: "UPDATE reminder_deliveries SET action = ?, acknowledged_at = ? WHERE id = ? AND action IS NULL",
                    arguments: [record.action, stamp, id])
            }
            // Updates the notification on screen at once, with the moved alarm; with none on
            // screen there is nothing to update, and no row is left waiting for one.
            if record.eventType == .snooze, try Self.doseNotificationOnScreen(db, session) {
                let prefix = DoseReminder.snoozedPrefix(session)
                let taken = try Int.fetchOne(
                    db, sql: "SELECT count(*) FROM reminder_deliveries WHERE substr(reminder_key, 1, length(?)) = ?",
                    arguments: [prefix, prefix]) ?? 0
                try db.execute(
                    sql: "INSERT INTO reminder_deliveries (reminder_key, kind, due_at, title) VALUES (?, 'dose2', ?, ?)",
                    arguments: ["\(prefix)\(taken + 1)", stamp, DoseReminder.title(.snoozed)])
            }
            return .recorded(record)
        }
    }

    private static func doseNotificationOnScreen(_ db: Database, _ session: DoseSession) throws -> Bool {
        try Bool.fetchOne(
            db,
            sql: """
                SELECT EXISTS (SELECT 1 FROM reminder_deliveries WHERE substr(reminder_key, 1, length(?)) = ?
                               AND shown_at IS NOT NULL AND closed_at IS NULL)
                """,
            arguments: [DoseReminder.prefix(session), DoseReminder.prefix(session)]) ?? false
    }

    /// Records `dose2_skipped` with `{"reason":"slept_through"}` for a session still open;
    /// false when dose 2 was taken or skipped meanwhile, or another session started.
    public func recordSleptThrough(_ session: DoseSession, at instant: Date) throws(StoreError) -> Bool {
        try write { db in
            guard let current = try Self.doseSession(db), current.sessionID == session.sessionID, !current.isCompleted else {
                return false
            }
            try Self.insertSleptThrough(db, session: current, at: instant)
            return true
        }
    }

    private static func insertSleptThrough(_ db: Database, session: DoseSession, at instant: Date) throws {
        let record = DoseRecord(
            eventType: .dose2Skipped, timestamp: instant, metadata: DoseAnswer.reasonJSON("slept_through"), action: "")
        try insertEvent(db, record, session: session)
        try db.execute(sql: "UPDATE current_session SET dose2_skipped = 1, updated_at = CURRENT_TIMESTAMP WHERE id = 1 AND session_id = ?", arguments: [session.sessionID])
    }

    private static func insertEvent(_ db: Database, _ record: DoseRecord, session: DoseSession) throws {
        try db.execute(
            sql: "INSERT INTO dose_events (id, event_type, timestamp, session_date, session_id, metadata) VALUES (?, ?, ?, ?, ?, ?)",
            arguments: [
                UUID().uuidString, record.eventType.rawValue, Timestamp.format(record.timestamp), session.sessionDate,
                session.sessionID, record.metadata,
            ])
    }

    /// The dose notification most recently shown, whatever its session.
    public func latestDoseDelivery() throws(StoreError) -> DeliveryRecord? {
        try read { db in
            try Row.fetchOne(
                db, sql: "SELECT * FROM reminder_deliveries WHERE kind = 'dose2' AND shown_at IS NOT NULL ORDER BY shown_at DESC, id DESC LIMIT 1"
            ).flatMap(Self.delivery)
        }
    }
}
