import Foundation
import NudgeStore
import NudgeTestSupport
import Testing

/// A writer killed with the store open (a daemon sent SIGKILL) leaves its last commits in the
/// `-wal` only; a backup copied over the store then (`cp BACKUP STORE`) keeps a rollback
/// journal, and SQLite, which opens any `-wal` it finds, read the killed writer's commits into
/// the copy at the next opening (hostile round 22 on issue 39, High 5).
@Suite struct ForeignLogTests: CommandScenario {
    let directory = TemporaryDirectory()

    /// Commits a row to the store and exits without closing: the commit is in the `-wal` only.
    private func commitAndDieWithTheStoreOpen() throws {
        let script = """
            import os, sqlite3, sys
            c = sqlite3.connect(sys.argv[1])
            c.execute("PRAGMA wal_autocheckpoint = 0")
            c.execute("INSERT INTO store_metadata (key, value) VALUES ('of_the_file_before', 'x')")
            c.commit()
            os._exit(0)
            """
        let result = try Subprocess.run(
            "/usr/bin/python3", ["-c", script, store], environment: NudgeBinary.environment([:]), timeout: 60)
        #expect(result.status == 0, "\(result.stderr)")
    }

    @Test func aLogLeftByAKilledWriterIsNotReadIntoABackupCopiedOverTheStore() throws {
        #expect(nudge("log", "symptom", "Fatigue", "--severity", "2").status == 0)
        let backup = directory.file("backup.sqlite")
        _ = try Store(path: store).backUp(toFile: backup)
        try commitAndDieWithTheStoreOpen()
        let log = try FileManager.default.attributesOfItem(atPath: store + "-wal")[.size] as? Int ?? 0
        #expect(log > 0, "the killed writer's commit is in the -wal")
        // As `cp` does: the same file, the backup's bytes.
        let handle = try #require(FileHandle(forWritingAtPath: store))
        try handle.truncate(atOffset: 0)
        try handle.write(contentsOf: try Data(contentsOf: URL(fileURLWithPath: backup)))
        try handle.close()

        let logged = try NudgeBinary.run(
            ["log", "symptom", "Headache", "--severity", "1", "--store", store], environment: environment)
        #expect(logged.status == 0, "\(logged)")
        #expect(logged.stderr.contains("was another file's"), "\(logged)")
        let kept = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasPrefix("nudge.sqlite.before-overwrite-") && $0.hasSuffix("-wal") }
        #expect(kept.count == 1, "\(kept)")
        #expect(
            try StoreQuery.rows(store, "SELECT key FROM store_metadata WHERE key = 'of_the_file_before'").isEmpty,
            "the killed writer's commit was read into the copy")
        #expect(try StoreQuery.rows(store, "SELECT id FROM symptom_entries").count == 2)
    }
}
