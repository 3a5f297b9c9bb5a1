import Foundation
import GRDB
import NudgeCore
import NudgeTestSupport
import Testing

@testable import NudgeStore

/// `meditation_sessions` as the timer writes it, and as other programs may have made it.
@Suite struct MeditationStoreTests {
    let directory = TemporaryDirectory()
    var path: String { directory.file("nudge.sqlite") }
    let now = Timestamp.parse("2026-11-22T18:00:00Z")!

    /// Another program's write.
    func execute(_ sql: String) throws {
        let database = try DatabaseQueue(path: path)
        try database.write { try $0.execute(sql: sql) }
        try database.close()
    }

    func start(_ store: Store, minutes: Int = 10) throws -> MeditationSession {
        guard
            case .started(let session) = try store.startMeditation(
                plannedSeconds: minutes * 60, intervalSeconds: 0, delaySeconds: 15, now: now, utcOffsetMinutes: 60,
                sleep: SleepReading(bootID: "b", suspendedSeconds: 12.5, readAt: now))
        else { throw StoreError.failed(path: path, reason: "not started") }
        return session
    }

    @Test func aSessionStartsAfterItsDelayAndKeepsTheSleepClock() throws {
        let store = try Store(path: path, now: now)
        let session = try start(store)
        #expect(session.startedAt == now.addingTimeInterval(15))
        #expect(try store.runningMeditation() == session)
        #expect(
            try store.startMeditation(
                plannedSeconds: 60, intervalSeconds: 0, delaySeconds: 0, now: now, utcOffsetMinutes: 60, sleep: nil)
                == .alreadyRunning(session))
        let row = try #require(
            try StoreQuery.rows(path, "SELECT boot_id, suspended_seconds, outcome FROM meditation_sessions").first)
        #expect(row == ["boot_id": "b", "suspended_seconds": "12.5", "outcome": "NULL"])
    }

    /// The end writes the end instant whenever it is written; a sleep keeps a minute or more.
    @Test func theEndAndASleepAreWrittenAsTheRuleDecides() throws {
        let store = try Store(path: path, now: now)
        let session = try start(store)
        try store.recordMissed(
            [Occurrence(kind: .meditation, key: "meditation:\(session.id):end", dueAt: session.endsAt, title: "")],
            at: now.addingTimeInterval(3600)
        )
        let ended = try #require(try store.meditations().first)
        #expect(ended.outcome == .completed && ended.endedAt == session.endsAt && ended.actualSeconds == 600)
        // Recorded once: a second settlement of the same key writes nothing again.
        try execute("UPDATE meditation_sessions SET ended_at = NULL, outcome = NULL, actual_seconds = NULL")
        try store.recordMissed(
            [Occurrence(kind: .meditation, key: "meditation:\(session.id):end", dueAt: session.endsAt, title: "")],
            at: now
        )
        #expect(try store.runningMeditation() != nil)

        for (sleptAfter, kept) in [(59.0, false), (61.0, true)] {
            try execute("DELETE FROM meditation_sessions")
            let running = try start(store)
            try store.database.write { db in
                _ = try MeditationChange.interrupted(
                    sessionID: running.id, at: running.startedAt.addingTimeInterval(sleptAfter)
                ).write(db)
            }
            let rows = try StoreQuery.rows(path, "SELECT outcome, actual_seconds FROM meditation_sessions")
            #expect(rows == (kept ? [["outcome": "interrupted", "actual_seconds": "61"]] : []), "\(sleptAfter)")
        }
    }

    /// Another timer's table made to the contract (without nudge's sleep clock) gets nudge's
    /// columns, and its rows read, however their times are written.
    @Test func aTableAnotherTimerMadeIsUsedAsItIs() throws {
        let database = try DatabaseQueue(path: path)
        try database.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE meditation_sessions (id TEXT PRIMARY KEY, started_at TEXT NOT NULL, utc_offset_minutes INTEGER NOT NULL,
                        planned_seconds INTEGER NOT NULL, interval_seconds INTEGER NOT NULL DEFAULT 0, ended_at TEXT, actual_seconds INTEGER,
                        outcome TEXT, source TEXT NOT NULL DEFAULT 'timer', created_at TEXT NOT NULL);
                    INSERT INTO meditation_sessions VALUES ('a', '2026-11-22T08:00:00+01:00', 60, 600, 0, '2026-11-22 07:10:00', 600, 'completed', 'phone', '2026-11-22T07:10:00Z');
                    INSERT INTO meditation_sessions VALUES ('b', 'yesterday', 60, 600, 0, NULL, NULL, NULL, 'timer', 'x');
                    """)
        }
        try database.close()
        let store = try Store(path: path, now: now)
        let sessions = try store.meditations()
        #expect(
            sessions.map(\.id) == ["a"] && sessions[0].startedAt == Timestamp.parse("2026-11-22T07:00:00Z")
                && sessions[0].source == "phone")
        #expect(try store.runningMeditation() == nil)
        let columns = try StoreQuery.rows(
            path,
            "SELECT name FROM pragma_table_info('meditation_sessions') WHERE name IN ('boot_id', 'suspended_seconds')")
        #expect(columns.count == 2)
    }
}
