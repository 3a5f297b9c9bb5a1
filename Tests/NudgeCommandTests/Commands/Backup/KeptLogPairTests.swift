import Foundation
import GRDB
import NudgeTestSupport
import Testing

/// A store removed or emptied with a SIGKILLed writer's `-wal` beside it (hostile round 30 on
/// issue 39, Medium 2): the restore kept `STORE.before-restore-INSTANT-wal` alone (SQLite
/// reads a log only beside a file of pages), or beside the emptied store's copy named `.2`;
/// doctor said nothing. The log is kept with a copy of the backup restored under the same
/// stem, which reads with it, and doctor names the pair and how to read it.
struct KeptLogPairTests {
    let directory = TemporaryDirectory()
    var store: String { directory.file("nudge.sqlite") }
    let environment = ["TZ": "UTC", "NUDGE_FAKE_NOW": "2026-11-20T11:00:00Z"]
    var kept: String { store + ".before-restore-20261120T110000Z" }

    func nudge(_ arguments: String...) -> CommandResult {
        InProcessNudge.run(arguments + ["--store", store], environment: environment)
    }

    /// A backed-up store, then an entry whose commit is only in the log, which a writer killed
    /// before its checkpoint leaves beside the store: its bytes, copied while it is open.
    func hotLogAfterBackup() throws -> Data {
        #expect(nudge("log", "symptom", "sneeze", "--severity", "2").status == 0)
        #expect(nudge("backup").status == 0)
        let writer = try DatabaseQueue(path: store)
        try writer.write { db in
            try db.execute(
                sql: """
                    INSERT INTO symptom_entries (id, name, severity, logged_at, notes, created_at, updated_at)
                    VALUES ('0123456789abcdef0123456789abcdef', 'cough', 3, '2026-11-20T10:30:00Z', NULL,
                    '2026-11-20T10:30:00Z', '2026-11-20T10:30:00Z')
                    """)
        }
        let log = try Data(contentsOf: URL(fileURLWithPath: store + "-wal"))
        try writer.close()
        return log
    }

    func expectPairReadsTheLastEntry(_ restored: CommandResult) throws {
        #expect(restored.status == 0, "\(restored)")
        #expect(restored.stdout.contains("it is kept at \(kept)-wal"), "\(restored)")
        #expect(
            restored.stdout.contains(
                "beside it, \(kept) is a copy of the backup restored, so that sqlite3 \(kept) reads"),
            "\(restored)")
        let beside = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter {
            $0.contains("before-restore")
        }
        #expect(
            beside.sorted() == [
                "nudge.sqlite.before-restore-20261120T110000Z", "nudge.sqlite.before-restore-20261120T110000Z-wal",
            ])
        let doctor = nudge("doctor")
        #expect(
            doctor.stdout.contains(
                "store: nudge.sqlite.before-restore-20261120T110000Z-wal (")
                && doctor.stdout.contains("read the two together: sqlite3 \(kept)"),
            "\(doctor)")
        let names = try DatabaseQueue(path: kept).read { db in
            try String.fetchAll(db, sql: "SELECT name FROM symptom_entries ORDER BY name")
        }
        #expect(names == ["cough", "sneeze"])
    }

    @Test func aRemovedStoresLogIsKeptWithAFileToReadItBy() throws {
        let log = try hotLogAfterBackup()
        try FileManager.default.removeItem(atPath: store)
        try log.write(to: URL(fileURLWithPath: store + "-wal"))
        try expectPairReadsTheLastEntry(nudge("restore", "--latest", "--yes"))
    }

    @Test func anEmptiedStoresLogIsKeptUnderPairedNames() throws {
        let log = try hotLogAfterBackup()
        try Data().write(to: URL(fileURLWithPath: store))
        try log.write(to: URL(fileURLWithPath: store + "-wal"))
        try expectPairReadsTheLastEntry(nudge("restore", "--latest", "--yes"))
    }
}
