import Foundation
import GRDB
import NudgeCore
import NudgeTestSupport
import Testing

@testable import NudgeStore

/// A store made before v22 (issue 40, left by C10): its medications' schedules as they are are
/// the first versions `meds history` reads, each from its last change, and nothing is seeded
/// twice.
@Suite struct MedicationScheduleSeedTests {
    let directory = TemporaryDirectory()
    var path: String { directory.file("nudge.sqlite") }

    @Test func aStoreMadeBeforeV22IsSeededWithItsSchedulesAsTheyAre() throws {
        _ = try Store(path: path)
        let database = try DatabaseQueue(path: path)
        // Back to v21, with two medications as an older nudge kept them.
        try database.write { db in
            try db.execute(sql: "DROP TABLE medication_schedule_versions")
            try db.execute(sql: "DELETE FROM grdb_migrations WHERE identifier = ?", arguments: [Schema.v22.identifier])
            try db.execute(
                sql: """
                    INSERT INTO medication_schedules
                        (medication_id, dose_mg, formulation, times, days, created_at, updated_at)
                    VALUES ('modafinil', 100, 'ir', '08:00,14:00', 'mon,tue,wed,thu,fri',
                            '2026-10-01T07:00:00Z', '2026-11-02T09:30:00Z'),
                           ('lithium', 300, 'xr', '21:00', 'daily', '2026-09-01T07:00:00Z', '2026-09-01T07:00:00Z')
                    """)
        }
        _ = try Store(path: path)
        let versions =
            "SELECT medication_id, dose_mg, formulation, times, days, from_at, removed FROM medication_schedule_versions ORDER BY medication_id"
        let seeded = try database.read { db in try Row.fetchAll(db, sql: versions) }
        #expect(
            seeded.map {
                "\($0["medication_id"] as String) \($0["dose_mg"] as Int) \($0["times"] as String) \($0["from_at"] as String) \($0["removed"] as Int)"
            }
                == ["lithium 300 21:00 2026-09-01T07:00:00Z 0", "modafinil 100 08:00,14:00 2026-11-02T09:30:00Z 0"],
            "\(seeded)")
        // Opened again: nothing more.
        _ = try Store(path: path)
        #expect(try database.read { db in try Row.fetchAll(db, sql: versions) } == seeded)
    }
}
