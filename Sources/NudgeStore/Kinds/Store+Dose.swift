import Foundation
import GRDB
import NudgeCore

extension Store {
    public func currentDoseSession() throws(StoreError) -> DoseSession? {
        try read(Self.doseSession)
    }

    static func doseSession(_ db: Database) throws -> DoseSession? {
        guard
            let row = try Row.fetchOne(
                db,
                sql: """
                    SELECT id, dose1_time, dose2_time, snooze_count, dose2_skipped, session_date, session_id
                    FROM current_session WHERE id = 1
                    """)
        else { return nil }
        guard let dose1 = row.stored("dose1_time").flatMap(Timestamp.parse) else {
            // A dose 1 time nudge cannot read: no alarm can be planned from it.
            if row.stored("dose1_time", as: DatabaseValue.self)?.isNull == false {
                UnreadableRows.note("current_session", row)
            }
            return nil
        }
        let storedID: String? = row.stored("session_id")
        let sessionDate: String? = row.stored("session_date")
        let sessionID = storedID ?? "dose1-\(Int(dose1.timeIntervalSince1970))"
        // Without a session id (an older tracker's row), the night's events are those after dose 1.
        let snoozes = try StoredColumn.values(
            db, String.self,
            sql: """
                SELECT timestamp FROM dose_events WHERE event_type = 'snooze'
                  AND (session_id = ? OR (? IS NULL AND session_date = ?))
                """,
            arguments: [storedID, storedID, sessionDate]
        ).compactMap(Timestamp.parse).filter { $0 >= dose1 }.sorted()
        return DoseSession(
            sessionID: sessionID, sessionDate: sessionDate ?? "", dose1: dose1,
            dose2: row.stored("dose2_time").flatMap(Timestamp.parse),
            // No tracker allows more than 10 snoozes (dose.max_snoozes): a count past that
            // another program wrote would move the alarm out of the night.
            snoozeCount: row.stored("snooze_count", as: Int.self).map { min(max($0, 0), 10) } ?? 0,
            snoozedAt: snoozes,
            skipped: row.stored("dose2_skipped", as: Int.self).map { $0 != 0 } ?? false)
    }

    /// Records dose 1 and opens a session: the `dose_events` row, the `current_session` row and
    /// a `sleep_sessions` row. Refused while a session is open, or when this night (its
    /// `session_date`) already had its dose 1, unless `newSession`, as DoseTap refuses a second
    /// dose 1 in a session. A night left unresolved stays as it is: nothing is recorded for the
    /// person.
    public func startDoseSession(
        at dose1: Date, newSession: Bool, settings: Settings, clock: WallClock
    ) throws(StoreError) -> Result<DoseSession, InputError> {
        try write { db in
            // A new night comes after the last one, never inside or before it: its alarm would
            // ring for a dose 2 already taken.
            if let last = try Self.doseSession(db) {
                let end = max(last.dose1, last.dose2 ?? last.dose1)
                if dose1 <= end {
                    let doses =
                        "dose 1 at \(clock.timeOfDay(last.dose1))"
                        + (last.dose2.map { ", dose 2 at \(clock.timeOfDay($0))" } ?? "")
                    return .failure(
                        InputError(
                            "dose 1 at \(clock.timeOfDay(dose1)) is not after the last night's doses (\(doses), session \(last.sessionDate)); a night's dose 1 comes after them"
                        ))
                }
            }
            if let open = try Self.doseSession(db), !open.isCompleted,
                dose1 < DoseWindow(session: open, settings: settings).unresolvedAt,
                !newSession
            {
                return .failure(
                    InputError(
                        "a session is open since dose 1 at \(clock.timeOfDay(open.dose1)); take or skip dose 2 first, or start another with --new-session"
                    ))
            }
            let date = DoseSession.sessionDate(
                for: dose1, clock: clock, rolloverHour: settings.int(.sessionRolloverHour)
            ).description
            if let tonight = try Self.doseSession(db), tonight.sessionDate == date, !newSession {
                return .failure(InputError(tonight.repeatedDose1Refusal(clock: clock)))
            }
            let session = DoseSession(sessionID: UUID().uuidString, sessionDate: date, dose1: dose1)
            let stamp = Timestamp.formatForDoseTap(dose1)
            try DoseEvent(DoseRecord(eventType: .dose1, timestamp: dose1, metadata: nil, action: ""), session: session)
                .insert(db)
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
        _ answer: DoseAnswer, deliveryID: Int64?, settings: Settings, clock: WallClock
    ) throws(StoreError) -> AnswerOutcome<DoseRecord> {
        // The dose event a recorded answer writes is what the terminal is told.
        let event = { (effects: AnswerEffects<DoseEvent>) -> DoseRecord in
            guard let event = effects.changes.first else { preconditionFailure("a dose answer records a dose event") }
            return event.record
        }
        return try self.answer(recorded: event) { db -> Result<DecidedAnswer<DoseEvent>, InputError> in
            let facts = try DoseReminder().facts(db, at: answer.instant, clock: clock, listing: 0)
            let delivery: DeliveryRecord?
            if let deliveryID {
                delivery = try Row.fetchOne(
                    db, sql: "SELECT * FROM reminder_deliveries WHERE id = ?", arguments: [deliveryID]
                )
                .flatMap(DeliveryRecord.init(row:))
            } else {
                delivery = try facts.session.flatMap { session in try Self.latestUnansweredDoseDelivery(db, session) }
            }
            let decision = DoseReminder.decide(
                answer, answering: delivery, in: RuleInput(facts: facts, settings: settings, clock: clock))
            return .success(
                DecidedAnswer(decision: decision, deliveryID: delivery?.id, action: answer.action, at: answer.instant))
        }
    }

    private static func latestUnansweredDoseDelivery(_ db: Database, _ session: DoseSession) throws -> DeliveryRecord? {
        let prefix = DoseReminder.prefix(session)
        return try Row.fetchOne(
            db,
            sql: """
                SELECT * FROM reminder_deliveries
                WHERE substr(reminder_key, 1, length(?)) = ? AND shown_at IS NOT NULL AND action IS NULL
                ORDER BY shown_at DESC, id DESC LIMIT 1
                """,
            arguments: [prefix, prefix]
        ).flatMap(DeliveryRecord.init(row:))
    }

    /// A notification of this session is on screen. The keys' shared prefix is a range of the
    /// unique key index: every key starting `dose2:ID:` sorts before `dose2:ID;`.
    static func doseNotificationOnScreen(_ db: Database, _ session: DoseSession) throws -> Bool {
        let prefix = DoseReminder.prefix(session)
        return try StoredColumn.value(
            db, Bool.self,
            sql: """
                SELECT EXISTS (SELECT 1 FROM reminder_deliveries WHERE reminder_key >= ? AND reminder_key < ?
                               AND shown_at IS NOT NULL AND closed_at IS NULL)
                """,
            arguments: [prefix, prefix.dropLast() + ";"]) ?? false
    }
}

extension DoseReminder: StoredRule {
    func facts(_ db: Database, at instant: Date, clock: WallClock, listing: Int) throws -> Facts {
        let session = try Store.doseSession(db)
        return Facts(
            session: session,
            notificationOnScreen: try session.map { try Store.doseNotificationOnScreen(db, $0) } ?? false)
    }
}

extension DoseEvent: StoredChange {
    func write(_ db: Database) throws -> InputError? {
        try insert(db)
        let change: (sql: String, arguments: StatementArguments)
        switch record.eventType {
        case .dose2: change = ("dose2_time = ?", [Timestamp.formatForDoseTap(record.timestamp)])
        case .snooze: change = ("snooze_count = snooze_count + 1", [])
        case .dose2Skipped: change = ("dose2_skipped = 1", [])
        case .dose1, .extraDose: return nil
        }
        try db.execute(
            sql: "UPDATE current_session SET \(change.sql), updated_at = CURRENT_TIMESTAMP WHERE id = 1",
            arguments: change.arguments)
        return nil
    }

    /// The `dose_events` row alone.
    func insert(_ db: Database) throws {
        try db.execute(
            sql:
                "INSERT INTO dose_events (id, event_type, timestamp, session_date, session_id, metadata) VALUES (?, ?, ?, ?, ?, ?)",
            arguments: [
                UUID().uuidString, record.eventType.rawValue, Timestamp.formatForDoseTap(record.timestamp), sessionDate,
                sessionID, record.metadata,
            ])
    }
}
