import Foundation
import GRDB
import NudgeCore
import NudgeTestSupport
import Testing

@testable import NudgeStore

/// The link from each kind to its store side.
@Suite struct StoredRulesTests {
    /// Every kind has its store file: a kind added to `ReminderRules` alone fails here instead
    /// of planning from empty facts.
    @Test func everyKindHasItsStoreSide() {
        #expect(StoredRules.all.map(\.kind) == ReminderRules.all.map(\.kind))
    }

    struct ChangeWithoutStoreFile: AppChange, Equatable {}

    /// A change no store file writes fails its transaction with a reason; it does not stop the
    /// process, and nothing of the transaction stays.
    @Test func aChangeWithoutItsStoreFileFailsItsTransaction() throws {
        let directory = TemporaryDirectory()
        let path = directory.file("nudge.sqlite")
        _ = try Store(path: path)
        let database = try DatabaseQueue(path: path)
        #expect(throws: StoreError.self) {
            try database.write { db in
                try db.execute(sql: "INSERT INTO settings (key, value, updated_at) VALUES ('x', 'y', 'z')")
                _ = try Store.write([ChangeWithoutStoreFile()], db)
            }
        }
        #expect(try database.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM settings") } == 0)
    }
}
