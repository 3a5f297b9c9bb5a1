import Foundation
import GRDB
import NudgeTestSupport
import Testing

@testable import NudgeStore

/// A command that only reads sees whole transactions while other programs open, write and close
/// the store: it reads through SQLite's locks, never a file another process is changing.
struct LockedReadTests {
    let directory = TemporaryDirectory()
    var path: String { directory.file("nudge.sqlite") }

    /// A writer that opens the store, moves amounts between rows far apart (the total stays
    /// 1,000,000) and closes it, again and again, so that the store is often without a `-wal`;
    /// readers meanwhile open it as a reading command does and add the amounts up. An immutable
    /// open saw torn files ("database disk image is malformed", or another total).
    @Test(.timeLimit(.minutes(2))) func readersBesideAWriterThatClosesSeeWholeTransactions() throws {
        _ = try Store(path: path)
        try DatabaseQueue(path: path).write { db in
            try db.execute(sql: "CREATE TABLE amounts (id INTEGER PRIMARY KEY, amount INTEGER, padding BLOB)")
            for id in 0..<4000 {
                try db.execute(
                    sql: "INSERT INTO amounts VALUES (?, 250, zeroblob(900))", arguments: [id])
            }
        }
        let stop = directory.file("stop")
        let writer = """
            import sqlite3, os, random, sys
            while not os.path.exists(sys.argv[2]):
                db = sqlite3.connect(sys.argv[1], timeout=60, isolation_level=None)
                db.execute("BEGIN IMMEDIATE")
                for _ in range(20):
                    a, b, k = random.randrange(4000), random.randrange(4000), random.randrange(100)
                    db.execute("UPDATE amounts SET amount = amount - ? WHERE id = ?", (k, a))
                    db.execute("UPDATE amounts SET amount = amount + ? WHERE id = ?", (k, b))
                db.execute("COMMIT")
                db.close()
            """
        let process = try Subprocess.spawn(
            "/usr/bin/python3", ["-c", writer, path, stop], environment: ["PATH": "/usr/bin:/bin"],
            stderrPath: directory.file("writer.err"))
        defer {
            _ = FileManager.default.createFile(atPath: stop, contents: nil)
            _ = process.waitForExit(timeout: 10)
        }
        var failures: [String] = []
        let deadline = Date().addingTimeInterval(15)
        var reads = 0
        while reads < 400 && Date() < deadline {
            do {
                let total = try Store(readingOnly: path).read { db in
                    try Int.fetchOne(db, sql: "SELECT sum(amount) FROM amounts")
                }
                if total != 1_000_000 { failures.append("a total of \(total.map(String.init) ?? "nothing")") }
            } catch {
                failures.append("\(error)")
            }
            reads += 1
        }
        #expect(reads >= 50, "the writer kept readers out")
        #expect(failures.count == 0, "\(failures.count) of \(reads) reads were torn: \(failures.prefix(3))")
        #expect(process.waitForExit(timeout: 0) == nil, "the writer ran throughout: \(process.stderr)")
    }
}
