import Foundation
import GRDB
import NudgeStore
import NudgeTestSupport
import Testing

/// The commits a write-ahead log set aside holds, as a person is told them.
struct WriteAheadLogCommitsTests {
    let directory = TemporaryDirectory()

    /// A log of one table made and `commits` rows inserted one by one, copied while its
    /// connection is open (SQLite removes the log at the last close).
    private func log(commits: Int) throws -> String {
        let path = directory.file("store-\(commits).sqlite")
        let database = try DatabaseQueue(path: path)
        try database.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA journal_mode = WAL")
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 0")
            try db.execute(sql: "CREATE TABLE t (x)")
        }
        for index in 0..<commits {
            try database.write { db in try db.execute(sql: "INSERT INTO t VALUES (?)", arguments: [index]) }
        }
        let copy = directory.file("copy-\(commits)-wal")
        try FileManager.default.copyItem(atPath: path + "-wal", toPath: copy)
        return copy
    }

    @Test func countsEachCommitOfTheLog() throws {
        #expect(WriteAheadLogCommits.count(at: try log(commits: 3)) == 4, "the table's creation and 3 rows")
        #expect(WriteAheadLogCommits.count(at: try log(commits: 0)) == 1)
    }

    @Test func aLogCutShortCountsTheWholeCommitsBeforeTheCut() throws {
        let path = try log(commits: 5)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: UInt64(size - 100))
        try handle.close()
        #expect(WriteAheadLogCommits.count(at: path) == 5)
    }

    @Test func aFileThatIsNoLogIsNotCounted() throws {
        let path = directory.file("not-a-log")
        try Data(repeating: 7, count: 5000).write(to: URL(fileURLWithPath: path))
        #expect(WriteAheadLogCommits.count(at: path) == nil)
        #expect(WriteAheadLogCommits.sizeAndCount(5000, at: path) == "5000 bytes")
    }
}
