import Foundation
import GRDB
import NudgeCore

/// The therapy journal's side of the store: `therapy_sessions` and `therapy_reflections`. The
/// texts are read and written here and shown only to the person's terminal; no error of this
/// file carries them.
extension Store {
    /// The fields a person gives or changes; nil leaves a field as it is.
    public struct TherapyFields: Sendable, Equatable {
        public var startedAt: Date?
        public var treatmentType: TherapySession.TreatmentType?
        public var dose: String?
        public var intentions: String?
        public var environment: String?
        public var music: String?
        public var moodBefore: Int?
        public var moodAfter: Int?

        public init(
            startedAt: Date? = nil, treatmentType: TherapySession.TreatmentType? = nil, dose: String? = nil,
            intentions: String? = nil,
            environment: String? = nil, music: String? = nil, moodBefore: Int? = nil, moodAfter: Int? = nil
        ) {
            self.startedAt = startedAt
            self.treatmentType = treatmentType
            self.dose = dose
            self.intentions = intentions
            self.environment = environment
            self.music = music
            self.moodBefore = moodBefore
            self.moodAfter = moodAfter
        }

        public var isEmpty: Bool { self == TherapyFields() }
    }

    public enum TherapySessionAdding: Sendable, Equatable {
        case added(TherapySession)
        /// Nothing written: this session began in the same minute; `identical` when every
        /// field given is as it has it, so the add was typed twice.
        case exists(TherapySession, identical: Bool)
    }

    /// Adds a session, unless one began in the same minute (a command typed twice would keep
    /// two); the caller validated the fields and gives the type and time.
    public func addTherapySession(
        _ fields: TherapyFields, startedAt: Date, type: TherapySession.TreatmentType, now: Date
    ) throws(StoreError) -> TherapySessionAdding {
        let session = TherapySession(
            id: UUID().uuidString.lowercased(), startedAt: startedAt, treatmentType: type, dose: fields.dose,
            intentions: fields.intentions,
            environment: fields.environment, music: fields.music, moodBefore: fields.moodBefore,
            moodAfter: fields.moodAfter, createdAt: now,
            updatedAt: now)
        return try write { db in
            let sameMinute = try Self.sessions(inTheMinuteOf: startedAt, db)
            if let other = sameMinute.min(by: { $0.id < $1.id }) {
                return .exists(other, identical: sameMinute.contains { $0.hasFields(of: session) })
            }
            try db.execute(
                sql: """
                    INSERT INTO therapy_sessions
                        (id, started_at, treatment_type, dose, intentions, environment, music, mood_before, mood_after, created_at, updated_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    session.id, Timestamp.format(startedAt), type.rawValue, session.dose, session.intentions,
                    session.environment, session.music,
                    session.moodBefore, session.moodAfter, Timestamp.format(now), Timestamp.format(now),
                ])
            return .added(session)
        }
    }

    public enum TherapySessionEdit: Sendable, Equatable {
        case changed
        case gone
        /// Nothing changed: the new start is after these reflections on the session (when
        /// each was written, oldest first), which would be dated before what they reflect on.
        case afterReflections([Date])
        /// Nothing changed: another session begins in the new start's minute, which
        /// `addTherapySession` refuses too.
        case sameMinute(TherapySession)
    }

    /// Changes the given fields of one session. A new start is checked against its reflections
    /// and against the other sessions in the same write, so that one written meanwhile cannot
    /// slip past.
    public func editTherapySession(id: String, _ fields: TherapyFields, now: Date) throws(StoreError)
        -> TherapySessionEdit
    {
        var update = ColumnUpdate(table: "therapy_sessions")
        if let value = fields.startedAt { update.set("started_at", Timestamp.format(value)) }
        if let value = fields.treatmentType { update.set("treatment_type", value.rawValue) }
        if let value = fields.dose { update.set("dose", value) }
        if let value = fields.intentions { update.set("intentions", value) }
        if let value = fields.environment { update.set("environment", value) }
        if let value = fields.music { update.set("music", value) }
        if let value = fields.moodBefore { update.set("mood_before", value) }
        if let value = fields.moodAfter { update.set("mood_after", value) }
        update.set("updated_at", Timestamp.format(now))
        return try write { db in
            if let startedAt = fields.startedAt {
                let earlier = try Self.reflections(db, of: id).map(\.writtenAt).filter { $0 < startedAt }
                if !earlier.isEmpty { return .afterReflections(earlier) }
                if try Bool.fetchOne(db, sql: "SELECT 1 FROM therapy_sessions WHERE id = ?", arguments: [id]) == true,
                    let other = try Self.session(otherThan: id, inTheMinuteOf: startedAt, db)
                {
                    return .sameMinute(other)
                }
            }
            return try update.execute(db, id: id) ? .changed : .gone
        }
    }

    /// The sessions that begin in the minute of `instant`.
    private static func sessions(inTheMinuteOf instant: Date, _ db: Database) throws -> [TherapySession] {
        let minute = { (instant: Date) in (instant.timeIntervalSince1970 / 60).rounded(.down) }
        return try Row.fetchAll(db, sql: "SELECT rowid, * FROM therapy_sessions").compactMap(
            TherapySession.init(row:)
        ).filter { $0.unreadableStart == nil && minute($0.startedAt) == minute(instant) }
    }

    private static func session(otherThan id: String, inTheMinuteOf instant: Date, _ db: Database) throws
        -> TherapySession?
    {
        try sessions(inTheMinuteOf: instant, db).filter { $0.id != id }.min { $0.id < $1.id }
    }

    /// Every session, newest first, with how many reflections each has.
    public func therapySessions() throws(StoreError) -> [(session: TherapySession, reflections: Int)] {
        try read { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT s.rowid AS rowid, s.*, (SELECT count(*) FROM therapy_reflections r WHERE r.session_id = s.id) AS reflection_count
                    FROM therapy_sessions s
                    """
            ).compactMap { row in TherapySession(row: row).map { ($0, row.stored("reflection_count") ?? 0) } }
                .sorted { ($0.session.startedAt, $0.session.id) > ($1.session.startedAt, $1.session.id) }
        }
    }

    /// The session whose id starts with `prefix` (case-insensitive).
    public func therapySession(matching prefix: String) throws(StoreError) -> PrefixMatch<TherapySession> {
        try read { db in
            try PrefixMatch.fetch(
                db, "SELECT rowid, * FROM therapy_sessions", prefix: prefix, item: TherapySession.init(row:), id: \.id)
        }
    }

    /// A session's reflections, oldest first.
    public func therapyReflections(of sessionID: String) throws(StoreError) -> [TherapyReflection] {
        try read { db in try Self.reflections(db, of: sessionID) }
    }

    private static func reflections(_ db: Database, of sessionID: String) throws -> [TherapyReflection] {
        try Row.fetchAll(
            db, sql: "SELECT rowid, * FROM therapy_reflections WHERE session_id = ?", arguments: [sessionID]
        )
        .compactMap(TherapyReflection.init(row:)).sorted { ($0.writtenAt, $0.id) < ($1.writtenAt, $1.id) }
    }

    /// Adds a reflection, as an answer typed into a notification does; false when the session
    /// is gone.
    public func addTherapyReflection(to sessionID: String, text: String, source: TherapyReflection.Source, at now: Date)
        throws(StoreError) -> Bool
    {
        try write { db in
            _ = try TherapyJournalChange.reflection(sessionID: sessionID, text: text, source: source, at: now).write(db)
            return db.changesCount == 1
        }
    }

    /// Deletes a session with its reflections; false when it was gone.
    public func deleteTherapySession(id: String) throws(StoreError) -> Bool {
        try write { db in
            try db.execute(sql: "DELETE FROM therapy_reflections WHERE session_id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM therapy_sessions WHERE id = ?", arguments: [id])
            return db.changesCount == 1
        }
    }
}

extension TherapySession {
    /// Whether its fields are `other`'s, its id and times aside.
    func hasFields(of other: TherapySession) -> Bool {
        (treatmentType, dose, intentions, environment, music) == (
            other.treatmentType, other.dose, other.intentions, other.environment, other.music
        ) && (moodBefore, moodAfter) == (other.moodBefore, other.moodAfter)
    }

    /// A row as any writer left it; nil when its time or type cannot be read.
    /// A row another program wrote with a start nudge cannot read is kept, listed last.
    init?(row: Row) {
        guard TherapySessionRecord.unreadableColumns(row).isEmpty, let id: String = row.stored("id"),
            let type = row.stored("treatment_type").flatMap(TreatmentType.init(rawValue:))
        else {
            UnreadableRows.note(TherapySessionRecord.table, row)
            return nil
        }
        let stored: String = row.stored("started_at") ?? ""
        let startedAt = Timestamp.parse(stored)
        let created = row.stored("created_at").flatMap(Timestamp.parse) ?? startedAt ?? Timestamp.earliest
        self.init(
            id: id, startedAt: startedAt ?? .distantPast, treatmentType: type, dose: row.stored("dose"),
            intentions: row.stored("intentions"),
            environment: row.stored("environment"), music: row.stored("music"),
            moodBefore: row.stored("mood_before").flatMap(Self.mood),
            moodAfter: row.stored("mood_after").flatMap(Self.mood),
            createdAt: created,
            updatedAt: row.stored("updated_at").flatMap(Timestamp.parse) ?? created)
        if startedAt == nil { unreadableStart = stored }
    }

    /// A mood off nudge's scale reads as not given.
    private static func mood(_ value: Int) -> Int? { Self.moods.contains(value) ? value : nil }
}

extension TherapyReflection {
    init?(row: Row) {
        guard TherapyReflectionRecord.unreadableColumns(row).isEmpty,
            let writtenAt = row.stored("written_at").flatMap(Timestamp.parse), let text: String = row.stored("text"),
            let id: String = row.stored("id"), let sessionID: String = row.stored("session_id")
        else {
            UnreadableRows.note(TherapyReflectionRecord.table, row)
            return nil
        }
        self.init(
            id: id, sessionID: sessionID, writtenAt: writtenAt, text: text,
            source: row.stored("source").flatMap(Source.init(rawValue:)) ?? .command)
    }
}

extension TherapyJournalReminder: StoredRule {
    /// The sessions of the last year: when each began, whether its mood after is given, when
    /// its reflections were written, whether its invitations were stopped. No text.
    func facts(_ db: Database, at instant: Date, clock: WallClock, listing: Int) throws -> Facts {
        let rows = try Row.fetchAll(
            db,
            sql: """
                SELECT s.rowid AS rowid, s.id, s.started_at, s.mood_after IS NOT NULL AS has_mood_after,
                    (SELECT group_concat(r.written_at, '|') FROM therapy_reflections r WHERE r.session_id = s.id) AS reflections,
                    EXISTS (SELECT 1 FROM reminder_deliveries d
                            WHERE d.reminder_key >= 'journal:' || s.id || ':' AND d.reminder_key < 'journal:' || s.id || ';'
                              AND d.action = ?) AS stopped
                FROM therapy_sessions s WHERE s.started_at >= ?
                """,
            arguments: [Self.stopAction, Timestamp.format(instant.addingTimeInterval(-Facts.reach - 86400))])
        return Facts(
            sessions: rows.compactMap { row in
                guard let startedAt = row.stored("started_at").flatMap(Timestamp.parse),
                    let id: String = row.stored("id")
                else {
                    UnreadableRows.note("therapy_sessions", row)
                    return nil
                }
                return SessionFacts(
                    id: id, startedAt: startedAt, hasMoodAfter: row.stored("has_mood_after") ?? false,
                    reflections: (row.stored("reflections") ?? "").split(separator: "|").compactMap {
                        Timestamp.parse(String($0))
                    },
                    invitationsStopped: row.stored("stopped") ?? false)
            })
    }
}

extension TherapyJournalChange: StoredChange {
    func write(_ db: Database) throws -> InputError? {
        switch self {
        case .moodAfter(let sessionID, let mood, let at):
            try db.execute(
                sql: "UPDATE therapy_sessions SET mood_after = ?, updated_at = ? WHERE id = ?",
                arguments: [mood, Timestamp.format(at), sessionID])
        case .reflection(let sessionID, let text, let source, let at):
            try db.execute(
                sql: """
                    INSERT INTO therapy_reflections (id, session_id, written_at, text, source, created_at, updated_at)
                    SELECT ?, id, ?, ?, ?, ?, ? FROM therapy_sessions WHERE id = ?
                    """,
                arguments: [
                    UUID().uuidString.lowercased(), Timestamp.format(at), text, source.rawValue, Timestamp.format(at),
                    Timestamp.format(at), sessionID,
                ])
        }
        return nil
    }
}
