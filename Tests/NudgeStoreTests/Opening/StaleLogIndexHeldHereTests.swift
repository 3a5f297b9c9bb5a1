import Foundation
import GRDB
import NudgeTestSupport
import Testing

@testable import NudgeStore

/// A process whose own connection holds the index of a log set aside (the daemon's, kept open
/// on a store overwritten under it): opening the store again in it reads the new log through
/// that index, however long it tries, so it says so at once rather than after
/// `StaleLogIndex.bound` (the daemon's loop would wait).
struct StaleLogIndexHeldHereTests {
    let directory = TemporaryDirectory()

    @Test func anIndexThisProcessHoldsIsSaidAtOnce() throws {
        let path = directory.file("nudge.sqlite")
        let held = try Store(path: path)
        try held.database.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA wal_autocheckpoint = 0")
            try db.execute(sql: "CREATE TABLE attachments (body BLOB)")
            try db.execute(sql: "INSERT INTO attachments VALUES (randomblob(100000))")
        }
        #expect(link(path + "-wal", directory.file("aside-wal")) == 0 && unlink(path + "-wal") == 0)
        #expect(unlink(path + "-shm") == 0)
        #expect(StaleLogIndex.isHeldHere(path))
        let started = ContinuousClock.now
        #expect(throws: StoreError.staleLogIndex(path: path)) { try Store(path: path) }
        #expect(ContinuousClock.now - started < .seconds(StaleLogIndex.bound), "at once")
        withExtendedLifetime(held) {}
    }
}
