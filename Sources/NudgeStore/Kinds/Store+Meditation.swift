import Foundation
import GRDB
import NudgeCore

/// The meditation timer's side of the store: `meditation_sessions`, whose row without an end is
/// the running session.
extension Store {
    public enum MeditationStart: Equatable {
        case started(MeditationSession)
        /// One session at a time: this one runs.
        case alreadyRunning(MeditationSession)
    }

    /// Starts a timer session `delaySeconds` from `now`, unless one runs.
    public func startMeditation(
        plannedSeconds: Int, intervalSeconds: Int, delaySeconds: Int, now: Date, utcOffsetMinutes: Int,
        sleep: SleepReading?, ambient: String? = nil
    ) throws(StoreError) -> MeditationStart {
        try write { db in
            if let running = try Self.runningMeditation(db) { return .alreadyRunning(running) }
            return .started(
                try Self.insertMeditation(
                    db, plannedSeconds: plannedSeconds, intervalSeconds: intervalSeconds, delaySeconds: delaySeconds,
                    now: now,
                    utcOffsetMinutes: utcOffsetMinutes, sleep: sleep, ambient: ambient))
        }
    }

    /// The running session, if any.
    public func runningMeditation() throws(StoreError) -> MeditationSession? {
        try read { db in try Self.runningMeditation(db) }
    }

    public enum MeditationStop: Equatable {
        /// It had reached its end, which no one had recorded yet: completed.
        case completed(MeditationSession)
        /// Ended early and kept with the seconds meditated.
        case kept(MeditationSession)
        /// Shorter than `MeditationSession.shortestKept`: removed.
        case dropped(MeditationSession)
        case nothingRunning
    }

    /// Ends the running session at `now`: completed when it reached its end (the daemon was down
    /// or late), else kept as ended early when it lasted a minute, dropped otherwise.
    public func stopMeditation(at now: Date) throws(StoreError) -> MeditationStop {
        try write { db in
            guard let running = try Self.runningMeditation(db) else { return .nothingRunning }
            if now >= running.endsAt { return .completed(try Self.complete(db, running)) }
            let meditated = running.meditatedSeconds(at: now)
            guard meditated >= MeditationSession.shortestKept else {
                try db.execute(sql: "DELETE FROM meditation_sessions WHERE id = ?", arguments: [running.id])
                return .dropped(running)
            }
            try db.execute(
                sql:
                    "UPDATE meditation_sessions SET ended_at = ?, actual_seconds = ?, outcome = 'ended_early' WHERE id = ? AND ended_at IS NULL",
                arguments: [Timestamp.format(now), meditated, running.id])
            var ended = running
            ended.endedAt = now
            ended.actualSeconds = meditated
            ended.outcome = .endedEarly
            return .kept(ended)
        }
    }

    /// Records a running session as completed at its end, whoever writes it first.
    static func complete(_ db: Database, _ session: MeditationSession) throws -> MeditationSession {
        try db.execute(
            sql:
                "UPDATE meditation_sessions SET ended_at = ?, actual_seconds = planned_seconds, outcome = 'completed' WHERE id = ? AND ended_at IS NULL",
            arguments: [Timestamp.format(session.endsAt), session.id])
        var ended = session
        ended.endedAt = session.endsAt
        ended.actualSeconds = session.plannedSeconds
        ended.outcome = .completed
        return ended
    }

    public enum MeditationRecording: Equatable {
        case recorded(MeditationSession)
        /// Nothing written: this session, recorded or running, shares its time.
        case overlaps(MeditationSession)
    }

    /// Records a session done elsewhere, completed, unless another shares its time.
    public func addMeditation(startedAt: Date, seconds: Int, utcOffsetMinutes: Int, now: Date) throws(StoreError)
        -> MeditationRecording
    {
        let session = MeditationSession(
            id: UUID().uuidString.lowercased(), startedAt: startedAt, utcOffsetMinutes: utcOffsetMinutes,
            plannedSeconds: seconds,
            endedAt: startedAt.addingTimeInterval(TimeInterval(seconds)), actualSeconds: seconds, outcome: .completed,
            source: "manual",
            createdAt: now)
        return try write { db in
            if let other = try Self.meditation(db, overlapping: startedAt, to: session.endedAt!) {
                return .overlaps(other)
            }
            try db.execute(
                sql: """
                    INSERT INTO meditation_sessions
                        (id, started_at, utc_offset_minutes, planned_seconds, interval_seconds, ended_at, actual_seconds, outcome, source, created_at)
                    VALUES (?, ?, ?, ?, 0, ?, ?, 'completed', 'manual', ?)
                    """,
                arguments: [
                    session.id, Timestamp.format(startedAt), utcOffsetMinutes, seconds,
                    Timestamp.format(session.endedAt!), seconds,
                    Timestamp.format(now),
                ])
            return .recorded(session)
        }
    }

    /// The session, recorded or running, that shares the time from `start` to `end`, as
    /// `addMeditation` finds it: for a line offered before it is typed.
    public func meditation(overlapping start: Date, to end: Date) throws(StoreError) -> MeditationSession? {
        try read { db in try Self.meditation(db, overlapping: start, to: end) }
    }

    private static func meditation(_ db: Database, overlapping start: Date, to end: Date) throws -> MeditationSession? {
        // No session lasts a day: one begun earlier has ended before this one begins.
        try meditations(db, since: start.addingTimeInterval(-86400)).first { $0.overlaps(from: start, to: end) }
    }

    /// Sessions started at or after `since` (all when nil), newest first; running ones too.
    public func meditations(since: Date? = nil) throws(StoreError) -> [MeditationSession] {
        try read { db in try Self.meditations(db, since: since) }
    }

    /// The session whose id starts with `prefix` (case-insensitive).
    public func meditation(matching prefix: String) throws(StoreError) -> PrefixMatch<MeditationSession> {
        try read { db in
            try PrefixMatch.fetch(
                db, "SELECT rowid, * FROM meditation_sessions", prefix: prefix, item: MeditationSession.init(row:),
                id: \.id)
        }
    }

    /// Deletes one ended session; false when it was gone or had started running meanwhile.
    public func deleteMeditation(id: String) throws(StoreError) -> Bool {
        try write { db in
            try db.execute(
                sql: "DELETE FROM meditation_sessions WHERE id = ? AND ended_at IS NOT NULL", arguments: [id])
            return db.changesCount == 1
        }
    }

    static func runningMeditation(_ db: Database) throws -> MeditationSession? {
        try Row.fetchAll(db, sql: "SELECT rowid, * FROM meditation_sessions WHERE ended_at IS NULL").compactMap(
            MeditationSession.init(row:)
        )
        .min { $0.startedAt < $1.startedAt }
    }

    static func runningMeditation(_ db: Database, id: String) throws -> MeditationSession? {
        try Row.fetchOne(
            db, sql: "SELECT rowid, * FROM meditation_sessions WHERE id = ? AND ended_at IS NULL", arguments: [id]
        )
        .flatMap(MeditationSession.init(row:))
    }

    static func meditations(_ db: Database, since: Date?) throws -> [MeditationSession] {
        // Other writers may use offsets: the text bound is widened by a day, the parsed instant decides.
        let rows = try Row.fetchAll(
            db, sql: "SELECT rowid, * FROM meditation_sessions WHERE started_at >= ? OR ended_at IS NULL",
            arguments: [since.map { Timestamp.format($0.addingTimeInterval(-86400)) } ?? ""])
        return rows.compactMap(MeditationSession.init(row:)).filter {
            since == nil || $0.startedAt >= since! || $0.isRunning
        }
        .sorted { ($0.startedAt, $0.id) > ($1.startedAt, $1.id) }
    }

    static func insertMeditation(
        _ db: Database, plannedSeconds: Int, intervalSeconds: Int, delaySeconds: Int, now: Date, utcOffsetMinutes: Int,
        sleep: SleepReading?, ambient: String?
    ) throws -> MeditationSession {
        // Down to the second: with no delay the session has begun, never "settling" for half a second.
        let startedAt = Date(timeIntervalSince1970: (now.timeIntervalSince1970 + Double(delaySeconds)).rounded(.down))
        let session = MeditationSession(
            id: UUID().uuidString.lowercased(), startedAt: startedAt, utcOffsetMinutes: utcOffsetMinutes,
            plannedSeconds: plannedSeconds,
            intervalSeconds: intervalSeconds, createdAt: now,
            // The sleep clock as of the start: a sleep during the delay counts too.
            sleepAtStart: sleep, ambient: ambient)
        try db.execute(
            sql: """
                INSERT INTO meditation_sessions
                    (id, started_at, utc_offset_minutes, planned_seconds, interval_seconds, source, created_at, boot_id, suspended_seconds, ambient)
                VALUES (?, ?, ?, ?, ?, 'timer', ?, ?, ?, ?)
                """,
            arguments: [
                session.id, Timestamp.format(startedAt), utcOffsetMinutes, plannedSeconds, intervalSeconds,
                Timestamp.format(now),
                sleep?.bootID, sleep?.suspendedSeconds, ambient,
            ])
        return session
    }
}

extension MeditationSession {
    /// A row as any writer left it; nil, noted as left out, when `MeditationRecord` finds it
    /// unreadable.
    init?(row: Row) {
        guard MeditationRecord.unreadableColumns(row).isEmpty, let id: String = row.stored("id"),
            let startedAt = row.stored("started_at").flatMap(Timestamp.parse),
            let planned: Int = row.stored("planned_seconds"), let offset: Int = row.stored("utc_offset_minutes")
        else {
            UnreadableRows.note(MeditationRecord.table, row)
            return nil
        }
        let endedAt = row.stored("ended_at").flatMap(Timestamp.parse)
        let actual = row.stored("actual_seconds", as: Int.self).map { max($0, 0) }
        let sleep: SleepReading? =
            if let bootID: String = row.stored("boot_id"), let suspended: Double = row.stored("suspended_seconds"),
                suspended.isFinite
            {
                SleepReading(
                    bootID: bootID, suspendedSeconds: suspended,
                    readAt: row.stored("created_at").flatMap(Timestamp.parse) ?? startedAt)
            } else { nil }
        self.init(
            id: id, startedAt: startedAt, utcOffsetMinutes: offset, plannedSeconds: planned,
            intervalSeconds: min(max(row.stored("interval_seconds") ?? 0, 0), planned), endedAt: endedAt,
            actualSeconds: endedAt == nil ? nil : actual ?? planned,
            outcome: endedAt == nil ? nil : row.stored("outcome").flatMap(Outcome.init(rawValue:)) ?? .completed,
            source: row.stored("source") ?? "timer",
            createdAt: row.stored("created_at").flatMap(Timestamp.parse) ?? startedAt, sleepAtStart: sleep,
            ambient: row.stored("ambient"))
    }
}

extension MeditationTimer: StoredRule {
    /// Every running session and those of the last days (today's total, the practice reminder).
    func facts(_ db: Database, at instant: Date, clock: WallClock, listing: Int) throws -> Facts {
        Facts(sessions: try Store.meditations(db, since: instant.addingTimeInterval(-Facts.reach)))
    }
}

extension MeditationChange: StoredChange {
    func write(_ db: Database) throws -> InputError? {
        switch self {
        case .start(let planned, let interval, let delay, let at, let offset, let sleep, let ambient):
            if let running = try Store.runningMeditation(db) {
                return InputError(
                    "a meditation session is already running (\(running.id.prefix(8))); end it with: nudge meditate stop"
                )
            }
            _ = try Store.insertMeditation(
                db, plannedSeconds: planned, intervalSeconds: interval, delaySeconds: delay, now: at,
                utcOffsetMinutes: offset, sleep: sleep, ambient: ambient)
        case .completed(let id):
            // Ended meanwhile (stopped from a terminal): the first ending stands.
            guard let session = try Store.runningMeditation(db, id: id) else { return nil }
            _ = try Store.complete(db, session)
        case .interrupted(let id, let at):
            guard let session = try Store.runningMeditation(db, id: id) else { return nil }
            let meditated = min(max(Int(at.timeIntervalSince(session.startedAt)), 0), session.plannedSeconds)
            if meditated < MeditationSession.shortestKept {
                try db.execute(sql: "DELETE FROM meditation_sessions WHERE id = ?", arguments: [id])
            } else {
                try db.execute(
                    sql:
                        "UPDATE meditation_sessions SET ended_at = ?, actual_seconds = ?, outcome = 'interrupted' WHERE id = ?",
                    arguments: [Timestamp.format(at), meditated, id])
            }
        }
        return nil
    }
}
