import Foundation
import GRDB
import NudgeTestSupport
import Testing

/// `nudge meditations delete` through the one delete of a row by its id (`RowDelete`): a
/// running session is refused before anything is asked, and stays; one that ended is deleted.
@Suite struct MeditationDeleteTests: CommandScenario {
    let directory = TemporaryDirectory()

    @Test func aRunningSessionIsRefusedAndKept() throws {
        try StoreQuery.create(store)
        try DatabaseQueue(path: store).write { db in
            try db.execute(
                sql: """
                    INSERT INTO meditation_sessions (id, started_at, utc_offset_minutes, planned_seconds, source, created_at)
                    VALUES ('3f2a9c1e-0000-4000-8000-000000000001', '2026-11-22T18:55:00Z', 60, 600, 'timer', '2026-11-22T18:55:00Z')
                    """)
        }
        let refused = nudge("meditations", "delete", "3f2a9c1e", "--yes")
        #expect(
            refused.status == 64
                && refused.stderr == "nudge: that session is running; end it with: nudge meditate stop\n"
                && refused.stdout.isEmpty, "\(refused)")
        #expect(try StoreQuery.rows(store, "SELECT id FROM meditation_sessions").count == 1)
        try DatabaseQueue(path: store).write { db in
            try db.execute(
                sql: "UPDATE meditation_sessions SET ended_at = '2026-11-22T19:05:00Z', actual_seconds = 600")
        }
        let deleted = nudge("meditations", "delete", "3f2a9c1e", "--yes")
        #expect(deleted.stdout == "deleted the 10 minutes session of 2026-11-22 (id 3f2a9c1e)\n", "\(deleted)")
        #expect(try StoreQuery.rows(store, "SELECT id FROM meditation_sessions").isEmpty)
    }
}
