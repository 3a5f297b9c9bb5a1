import Foundation
import GRDB
import NudgeTestSupport
import Testing

/// Rows whose ids cannot be shown (NULL, as `sqlite3` writes `VALUES(null, ...)`) are each one
/// row left out (issue 39): keyed by their ids, two such rows were named as one, and a listing
/// said 2 rows where doctor said 3. Told apart by their rowids, the listing of every table with
/// a rule of readable rows counts what doctor counts, and names them by rowid.
@Suite struct UnreadableRowidTests: CommandScenario {
    let directory = TemporaryDirectory()

    /// A table, the SQL that adds one readable row, and one of its rows with no id, `N` its number
    /// (for a distinct time), and the listing that reads them.
    struct Table: Sendable, CustomStringConvertible {
        let name: String
        let readable: String
        let withoutID: @Sendable (Int) -> String
        let listing: [String]
        var description: String { name }
    }

    static let tables = [
        Table(
            name: "symptom_entries",
            readable:
                "INSERT INTO symptom_entries VALUES('s-1', 'Cough', 2, '2026-11-22T09:00:00Z', NULL, '2026-11-22T09:00:00Z', '2026-11-22T09:00:00Z')",
            withoutID: {
                "INSERT INTO symptom_entries VALUES(null, 'Headache', 3, '2026-11-22T1\($0):00:00Z', 'private', '2026-11-22T10:00:00Z', '2026-11-22T10:00:00Z')"
            },
            listing: ["symptoms", "list"]),
        Table(
            name: "meditation_sessions",
            readable:
                "INSERT INTO meditation_sessions (id, started_at, utc_offset_minutes, planned_seconds, ended_at, actual_seconds, outcome, source, created_at) VALUES('m-1', '2026-11-21T08:00:00Z', 60, 600, '2026-11-21T08:10:00Z', 600, 'completed', 'manual', '2026-11-21T08:10:00Z')",
            withoutID: {
                "INSERT INTO meditation_sessions (id, started_at, utc_offset_minutes, planned_seconds, ended_at, actual_seconds, outcome, source, created_at) VALUES(null, '2026-11-22T0\($0):00:00Z', 60, 600, '2026-11-22T0\($0):10:00Z', 600, 'completed', 'manual', '2026-11-22T08:10:00Z')"
            },
            listing: ["meditations"]),
        Table(
            name: "therapy_sessions",
            readable:
                "INSERT INTO therapy_sessions (id, started_at, treatment_type, created_at, updated_at) VALUES('t-1', '2026-11-20T09:00:00Z', 'iv', '2026-11-20T09:00:00Z', '2026-11-20T09:00:00Z')",
            withoutID: {
                "INSERT INTO therapy_sessions (id, started_at, treatment_type, created_at, updated_at) VALUES(null, '2026-11-2\($0)T09:00:00Z', 'oral', '2026-11-20T09:00:00Z', '2026-11-20T09:00:00Z')"
            },
            listing: ["journal", "list"]),
        Table(
            name: "therapy_reflections",
            readable: """
                INSERT INTO therapy_sessions (id, started_at, treatment_type, created_at, updated_at) VALUES('t-2', '2026-11-19T09:00:00Z', 'iv', '2026-11-19T09:00:00Z', '2026-11-19T09:00:00Z');
                INSERT INTO therapy_reflections VALUES('r-1', 't-2', '2026-11-21T09:00:00Z', 'calm', 'command', '2026-11-21T09:00:00Z', '2026-11-21T09:00:00Z')
                """,
            withoutID: {
                "INSERT INTO therapy_reflections VALUES(null, 't-2', '2026-11-2\($0)T10:00:00Z', 'private', 'command', '2026-11-21T09:00:00Z', '2026-11-21T09:00:00Z')"
            },
            listing: ["journal", "show", "t-2"]),
        Table(
            name: "call_logs",
            readable: """
                INSERT INTO contacts VALUES(7, 'Sam', 14, '2026-11-01T09:00:00Z');
                INSERT INTO call_logs (id, contact_id, called_at, created_at, updated_at) VALUES('c-1', 7, '2026-11-20T09:00:00Z', '2026-11-20T09:00:00Z', '2026-11-20T09:00:00Z')
                """,
            withoutID: {
                "INSERT INTO call_logs (id, contact_id, called_at, notes, created_at, updated_at) VALUES(null, 7, '2026-11-2\($0)T10:00:00Z', 'private', '2026-11-20T09:00:00Z', '2026-11-20T09:00:00Z')"
            },
            listing: ["call", "history"]),
    ]

    /// Every table holds `rows` such rows: each listing names its own, and doctor counts them all.
    @Test(arguments: [1, 2, 3])
    func theListingsCountWhatDoctorCounts(rows: Int) throws {
        try StoreQuery.create(store)
        let database = try DatabaseQueue(path: store)
        try database.write { db in
            for table in Self.tables {
                try db.execute(sql: table.readable)
                for number in 1...rows { try db.execute(sql: table.withoutID(number)) }
            }
        }
        var rowids: [String: [Int64]] = [:]
        try database.read { db in
            for table in Self.tables {
                rowids[table.name] = try Int64.fetchAll(
                    db, sql: "SELECT rowid FROM \(table.name) WHERE id IS NULL ORDER BY rowid")
            }
        }
        try database.close()
        let counted =
            rows == 1
            ? "a row another program wrote cannot be read and is"
            : "\(rows) rows another program wrote cannot be read and are"
        for table in Self.tables {
            let listed = nudge(table.listing)
            let named = (rowids[table.name] ?? []).map { "\(table.name) rowid \($0)" }.joined(separator: ", ")
            #expect(listed.status == 0, "\(table): \(listed)")
            #expect(listed.stderr.hasPrefix("nudge: \(counted) left out (\(named)); "), "\(table): \(listed)")
            #expect(!listed.stdout.contains("private") && !listed.stderr.contains("private"), "\(listed)")
        }
        let doctor = nudge("doctor")
        let each = Self.tables.map { "\(rows) in \($0.name).id" }.sorted().joined(separator: ", ")
        #expect(
            doctor.stdout.contains(
                "rows against a column's rule: \(rows * Self.tables.count) rows another program wrote (\(each))"),
            "\(doctor)")
        #expect(!doctor.stdout.contains("private"))
    }
}
