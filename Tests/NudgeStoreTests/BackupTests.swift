import Foundation
import GRDB
import NudgeCore
import NudgeTestSupport
import Testing

@testable import NudgeStore

/// Backups through SQLite's online backup, and restores.
struct BackupTests {
    let directory = TemporaryDirectory()
    var path: String { directory.file("nudge.sqlite") }

    /// Four processes write pairs of rows, one transaction each, while backups are taken: every
    /// backup passes its check and holds whole transactions only (an even count per writer),
    /// which a copy of the file and its WAL could not promise.
    @Test func aBackupTakenWhileFourProcessesWriteIsConsistent() throws {
        let store = try Store(path: path)
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "CREATE TABLE pairs (writer INTEGER, n INTEGER)")
        }
        let stop = directory.file("stop")
        let writer = """
            import sqlite3, os, sys
            db = sqlite3.connect(sys.argv[1], timeout=60, isolation_level=None)
            n = 0
            while not os.path.exists(sys.argv[2]):
                db.execute("BEGIN IMMEDIATE")
                db.execute("INSERT INTO pairs VALUES (?, ?)", (int(sys.argv[3]), n))
                db.execute("INSERT INTO pairs VALUES (?, ?)", (int(sys.argv[3]), n))
                db.execute("COMMIT")
                n += 1
            """
        let writers = try (1...4).map { number in
            try Subprocess.spawn(
                "/usr/bin/python3", ["-c", writer, path, stop, String(number)], environment: ["PATH": "/usr/bin:/bin"],
                stderrPath: directory.file("writer\(number).err"))
        }
        defer {
            #expect(FileManager.default.createFile(atPath: stop, contents: nil))
            for process in writers { _ = process.waitForExit(timeout: 10) }
        }
        #expect(
            FileEvents.waitUntil(watching: [directory.path], timeout: 20) {
                ((try? StoreQuery.rows(path, "SELECT count(DISTINCT writer) AS n FROM pairs").first?["n"]) ?? nil)
                    == "4"
            })
        for round in 0..<5 {
            let backup = try store.backUp(toFile: directory.file("backup\(round).sqlite"))
            #expect(backup > 0)
            let contents = BackupDirectory.inspect(directory.file("backup\(round).sqlite"))
            #expect(contents.isSound, "\(contents.check)")
            let counts = try BackupDirectory.openImmutable(directory.file("backup\(round).sqlite")).read { db in
                try Int.fetchAll(db, sql: "SELECT count(*) FROM pairs GROUP BY writer")
            }
            #expect(!counts.isEmpty && counts.allSatisfy { $0 % 2 == 0 }, "torn transactions: \(counts)")
        }
    }

    @Test func namesSortByTimeAndReadBack() {
        let instant = Timestamp.parse("2026-11-24T08:30:00Z")!
        #expect(BackupDirectory.fileName(for: instant) == "nudge-20261124T083000Z.sqlite")
        #expect(BackupDirectory.instant(ofFileName: "nudge-20261124T083000Z.sqlite") == instant)
        #expect(BackupDirectory.instant(ofFileName: ".nudge-20261124T083000Z.sqlite.AbC123") == nil)
        #expect(BackupDirectory.instant(ofFileName: "nudge-2026112T083000Z.sqlite") == nil)
    }

    /// A restore brings back the backup's rows, keeps the store before it, and says what the
    /// store had that the backup has not.
    @Test func aRestoreBringsBackTheBackupAndKeepsTheStoreBeforeIt() throws {
        let store = try Store(path: path)
        let now = Timestamp.parse("2026-11-24T20:00:00Z")!
        let clock = WallClock(zone: .system("UTC"))
        _ = try store.addSymptom(name: "headache", severity: 3, notes: nil, loggedAt: now, now: now)
        let backup = try store.backUp(into: path + ".backups", at: now)
        _ = try store.addSymptom(name: "nausea", severity: 2, notes: nil, loggedAt: now, now: now)
        let restored = try Store.restore(
            path, from: backup.path, keepingCurrentAt: path + ".before-restore-x", now: now)
        #expect(restored.notInBackup.map(\.label) == ["diary entries"] && restored.notInBackup.map(\.count) == [1])
        #expect(
            try store.symptoms(from: nil, through: nil, clock: clock).map(\.name) == ["headache"],
            "the open connection reads the restored rows")
        #expect(BackupDirectory.inspect(path + ".before-restore-x").counts.first?.count == 2)
    }
}
