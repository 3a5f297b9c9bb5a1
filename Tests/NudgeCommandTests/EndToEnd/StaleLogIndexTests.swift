import Foundation
import GRDB
import NudgeTestSupport
import Testing

/// The store's write-ahead log moved aside while another process holds its index, left beside
/// the store: the moment between the daemon's two removals when it takes on a copy put in place
/// (`StoreOverwrite.setAsideFormerLog`). nudge read the new log through the old index and
/// failed with SQLITE_IOERR_SHORT_READ, told to choose another store (issue 39:
/// StoreOverwriteTests' older write-ahead-logged copy failed 5 times in 22 under load).
@Suite(.ownThread, .hangBound(minutes: 3)) struct StaleLogIndexTests {
    let directory = TemporaryDirectory()
    var store: String { directory.file("nudge.sqlite") }
    var environment: [String: String] { ["TZ": "UTC", "NUDGE_STORE": store] }
    /// This process's connection, as the daemon's: it holds the index, which names its commits.
    let holder: DatabaseQueue

    init() throws {
        // Locals: the struct's own properties are not all set yet.
        let path = directory.file("nudge.sqlite")
        let made = try NudgeBinary.run(
            ["log", "symptom", "Before", "--severity", "2"], environment: ["TZ": "UTC", "NUDGE_STORE": path])
        #expect(made.status == 0, "\(made)")
        holder = try DatabaseQueue(path: path)
        try holder.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 0")
            try db.execute(sql: "CREATE TABLE attachments (body BLOB)")
            try db.execute(sql: "INSERT INTO attachments VALUES (randomblob(100000))")
        }
        // Kept aside, as the daemon keeps the file before's.
        #expect(link(store + "-wal", directory.file("aside-wal")) == 0 && unlink(store + "-wal") == 0)
    }

    /// The index removed a moment after the log: the command opens the store again, and
    /// writes into the store as it is now.
    @Test func anIndexRemovedAMomentAfterItsLogIsOpenedAfresh() throws {
        let run = try Subprocess.spawn(
            NudgeBinary.path, ["log", "symptom", "After", "--severity", "3"],
            environment: NudgeBinary.environment(environment), stderrPath: directory.file("log.err"),
            stdoutPath: directory.file("log.out"))
        // Its first connection makes the new log, then reads the old index.
        #expect(
            FileEvents.waitUntil(watching: [directory.path], timeout: 30) {
                FileManager.default.fileExists(atPath: store + "-wal")
            })
        #expect(unlink(store + "-shm") == 0)
        #expect(run.waitForExit(timeout: 30) == 0, "\(run.stderr)")
        let listed = try NudgeBinary.run(["symptoms", "--days", "30"], environment: environment)
        #expect(listed.stdout.contains("After") && listed.stdout.contains("Before"), "\(listed)")
    }

    /// An index another process holds on past the bound: said as it is, with its fix, and
    /// not as a store to give up on.
    @Test func anIndexHeldOnIsSaidWithItsFix() throws {
        let logged = try NudgeBinary.run(["log", "symptom", "After", "--severity", "3"], environment: environment)
        #expect(logged.status == 75, "\(logged)")
        #expect(
            logged.stderr
                == "nudge: the write-ahead log beside the store \(store) (from NUDGE_STORE) ends before the commits its index (\(store)-shm) names: another program moved or cut \(store)-wal while the store was open; close the programs that have it open (fuser -v \(store)-shm names them), then try again\n",
            "\(logged)")
    }
}
