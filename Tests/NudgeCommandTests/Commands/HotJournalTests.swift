import Foundation
import GRDB
import NudgeTestSupport
import Testing

/// A rollback journal left by another program killed mid-transaction (hostile round 19 on issue
/// 39): every command failed with exit 77, "attempt to write a readonly database", and a backup
/// with one beside it was listed "ok" with rows no one committed. SQLite plays such a journal
/// back at the first read of a connection that may write; nudge does so before it reads.
@Suite(.timeLimit(.minutes(2))) struct HotJournalTests {
    let directory = TemporaryDirectory()
    var store: String { directory.file("nudge.sqlite") }

    func nudge(_ arguments: String...) -> CommandResult {
        InProcessNudge.run(
            arguments + ["--store", store], environment: ["TZ": "UTC", "NUDGE_FAKE_NOW": "2026-11-22T12:00:00Z"])
    }

    /// Leaves `path` as a program killed mid-transaction does: its pages written into the file
    /// (a cache of one page spills them) and a journal beside it that no one holds. The pair is
    /// copied while the transaction is open, and put back in place once it is rolled back.
    func leaveHotJournal(at path: String) throws {
        let aside = directory.file("aside.sqlite")
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in
            _ = try String.fetchOne(db, sql: "PRAGMA journal_mode = DELETE")
            try db.execute(sql: "PRAGMA cache_size = 1")
            try db.inTransaction(.immediate) {
                for index in 0..<300 {
                    try db.execute(
                        sql: "INSERT INTO store_metadata (key, value) VALUES (?, ?)",
                        arguments: ["uncommitted \(index)", String(repeating: "v", count: 1000)])
                }
                for suffix in ["", "-journal"] {
                    try FileManager.default.copyItem(atPath: path + suffix, toPath: aside + suffix)
                }
                return .rollback
            }
        }
        try queue.close()
        for suffix in ["", "-journal"] { #expect(rename(aside + suffix, path + suffix) == 0) }
    }

    func uncommittedRows(_ path: String) throws -> Int {
        try DatabaseQueue(path: "file:\(path)?immutable=1").read { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM store_metadata WHERE key LIKE 'uncommitted %'") ?? -1
        }
    }

    @Test func aStoreWithAHotJournalIsReadAndWrittenAsItWasCommitted() throws {
        #expect(nudge("log", "symptom", "Headache", "--severity", "2").status == 0)
        try leaveHotJournal(at: store)
        let listed = nudge("symptoms", "--date", "2026-11-22")
        #expect(listed.status == 0 && listed.stdout.contains("Headache"), "\(listed)")
        #expect(try uncommittedRows(store) == 0)
        #expect(!FileManager.default.fileExists(atPath: store + "-journal"))
        #expect(nudge("log", "symptom", "Nausea", "--severity", "1").status == 0)
    }

    @Test func aBackupWithAHotJournalIsCheckedAsItWasTaken() throws {
        #expect(nudge("log", "symptom", "Headache", "--severity", "2").status == 0)
        #expect(nudge("backup").status == 0)
        let backups = directory.file("nudge.sqlite.backups")
        let name = try #require(try FileManager.default.contentsOfDirectory(atPath: backups).first)
        try leaveHotJournal(at: backups + "/" + name)
        let listed = nudge("backups")
        #expect(listed.status == 0 && listed.stdout.contains("ok     \(name)"), "\(listed)")
        #expect(try uncommittedRows(backups + "/" + name) == 0)
        let restored = nudge("restore", "--latest", "--yes")
        #expect(restored.status == 0, "\(restored)")
        #expect(try uncommittedRows(store) == 0)
    }
}
