import Foundation
import GRDB
import NudgeTestSupport
import Testing

/// A store another app made, with none of nudge's tables: every reading command reads what is
/// there, with nudge's defaults, says "nothing yet" where there is nothing, and creates nothing.
@Suite struct ForeignStoreTests: CommandScenario {
    let directory = TemporaryDirectory()

    /// The schema and every row: what a reader must leave as it found.
    func contents() throws -> String { try StoreDump.of(store) }

    func readEverything(sourceLocation: SourceLocation = #_sourceLocation) throws -> [String: CommandResult] {
        let before = try contents()
        var results: [String: CommandResult] = [:]
        for arguments in ReadingCommands.all {
            let result = nudge(arguments)
            #expect(
                ReadingCommands.succeeded(arguments, result), "\(arguments): \(result)", sourceLocation: sourceLocation)
            #expect(!result.stderr.contains("nudge tables"), "\(arguments): \(result)", sourceLocation: sourceLocation)
            results[arguments.joined(separator: " ")] = result
        }
        #expect(try contents() == before, sourceLocation: sourceLocation)
        return results
    }

    @Test func doseTapsOwnTablesAreRead() throws {
        try DoseTapFixture.create(at: store)
        let results = try readEverything()
        #expect(results["dose status"]?.stdout.contains("No dose 1 recorded") == false, "\(results["dose status"]!)")
        #expect(results["dose status"]?.stdout.contains("dose 1") == true, "\(results["dose status"]!)")
        #expect(results["symptoms"]?.stdout.contains("No symptoms logged") == true)
        #expect(results["contacts list"]?.stdout.contains("No contacts yet") == true)
        #expect(results["settings"]?.stdout.contains("symptom.reminder_time = 20:00") == true)
    }

    @Test func monicasOwnTablesAreRead() throws {
        let database = try DatabaseQueue(path: store)
        try database.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE contacts (
                        id INTEGER PRIMARY KEY, name TEXT NOT NULL, stay_in_touch_days INTEGER, created_at TEXT NOT NULL);
                    CREATE TABLE call_logs (
                        id TEXT PRIMARY KEY, server_id INTEGER NOT NULL DEFAULT 0, contact_id INTEGER NOT NULL,
                        called_at TEXT NOT NULL, duration_minutes INTEGER NOT NULL DEFAULT 0, emotional_state TEXT,
                        notes TEXT, sync_status TEXT NOT NULL DEFAULT 'pending', sync_error TEXT, last_sync_attempt TEXT,
                        is_marked_deleted INTEGER NOT NULL DEFAULT 0, created_at TEXT NOT NULL, updated_at TEXT NOT NULL);
                    INSERT INTO contacts VALUES (1, 'Robin', 7, '2026-10-01T09:00:00Z');
                    INSERT INTO call_logs (id, contact_id, called_at, duration_minutes, notes, created_at, updated_at)
                        VALUES ('A1', 1, '2026-11-20T18:00:00Z', 12, 'about the move', '2026-11-20T18:20:00Z',
                                '2026-11-20T18:20:00Z');
                    """)
        }
        try database.close()
        let results = try readEverything()
        #expect(results["contacts list"]?.stdout.contains("Robin") == true, "\(results["contacts list"]!)")
        #expect(results["call history"]?.stdout.contains("about the move") == true, "\(results["call history"]!)")
        #expect(results["upcoming"]?.stdout.contains("Robin") == true, "\(results["upcoming"]!)")
        #expect(results["dose status"]?.stdout.contains("No dose 1 recorded") == true)
    }

    @Test func anEmptySQLiteFileReadsAsNothingYet() throws {
        #expect(FileManager.default.createFile(atPath: store, contents: Data()))
        let results = try readEverything()
        #expect(results["dose status"]?.stdout.contains("No dose 1 recorded") == true)
        #expect(results["journal list"]?.stdout.contains("No sessions in the journal yet") == true)
        #expect(results["meditations"]?.stdout.contains("No meditation sessions yet") == true)
        #expect(results["call history"]?.stdout.contains("No calls yet") == true)
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)).isEmpty)
    }
}
