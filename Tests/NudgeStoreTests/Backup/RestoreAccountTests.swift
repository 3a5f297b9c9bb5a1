import Foundation
import GRDB
import NudgeCore
import NudgeTestSupport
import Testing

@testable import NudgeStore

/// The restore's account leaves nothing out (issue 39, item 5 as tried by a hostile tester):
/// rows twice in a table without a key, tables dropped or made since, a setting reset to its
/// default, and a backup of another store.
struct RestoreAccountTests {
    let directory = TemporaryDirectory()
    var path: String { directory.file("nudge.sqlite") }
    let now = Timestamp.parse("2026-11-24T20:00:00Z")!

    @Test func everyRowTheRestoreTakesOrBringsBackIsCounted() throws {
        let store = try Store(path: path)
        try store.setSetting(.symptomSnoozeMinutes, to: "30", at: now)
        let other = try DatabaseQueue(path: path)
        try other.write { db in
            try db.execute(sql: "CREATE TABLE app_log (line TEXT)")
            try db.execute(sql: "INSERT INTO app_log VALUES ('x'), (NULL)")
            try db.execute(sql: "CREATE TABLE app_cache (item TEXT)")
            try db.execute(sql: "INSERT INTO app_cache VALUES ('a'), ('b')")
        }
        let backup = try store.backUp(into: path + ".backups", at: now)
        try store.resetSetting(.symptomSnoozeMinutes)
        try other.write { db in
            try db.execute(sql: "INSERT INTO app_log VALUES ('x'), (NULL)")
            try db.execute(sql: "DROP TABLE app_cache")
            try db.execute(sql: "CREATE TABLE app_new (item TEXT)")
            try db.execute(sql: "INSERT INTO app_new VALUES ('n')")
        }
        try other.close()
        let account = try #require(try Store.accountOfRestore(path, from: backup.path))
        #expect(
            account.sentence
                == "2 rows in app_log and 1 row in app_new written since then are not in it; 1 setting and 2 rows in app_cache that the store no longer has come back"
        )
        let restored = try Store.restore(path, from: backup.path, keepingCurrentAt: path + ".kept", now: now)
        #expect(restored.account == account)
    }

    /// A reminder of the person's own is named so (hostile round 17: "1 row in own_reminders").
    @Test func anOwnReminderIsNamedAsOne() throws {
        let store = try Store(path: path)
        let backup = try store.backUp(into: path + ".backups", at: now)
        _ = try store.addOwnReminder(
            text: "Take out the bins", repeats: .on(CivilDate(iso: "2026-11-25")!),
            time: LocalTime(hour: 18, minute: 0)!, now: now)
        let account = try #require(try Store.accountOfRestore(path, from: backup.path))
        #expect(account.sentence == "1 reminder of yours written since then is not in it")
    }

    /// Another store's backup shares no history with the store: the account says whose rows
    /// replace whose, not what "comes back".
    @Test func anotherStoresBackupIsSaidToReplaceTheStoresRows() throws {
        let store = try Store(path: path)
        let otherStore = try Store(path: directory.file("other.sqlite"))
        for (target, count) in [(store, 1), (otherStore, 3)] {
            for index in 0..<count {
                _ = try target.addSymptom(name: "s\(index)", severity: 2, notes: nil, loggedAt: now, now: now)
            }
        }
        let backup = try otherStore.backUp(into: directory.file("backups"), at: now)
        let rows = { (target: Store) in
            try target.read { db in
                try StoreTables.compared(db).reduce(0) {
                    $0 + (try Int.fetchOne(db, sql: "SELECT count(*) FROM \(StoreTables.quoted($1))") ?? 0)
                }
            }
        }
        let account = try #require(try Store.accountOfRestore(path, from: backup.path))
        #expect(
            account.sentence
                == "this backup is of another store: its \(try rows(otherStore)) rows replace this store's \(try rows(store))"
        )
        #expect(try rows(otherStore) == (try rows(store)) + 2)
    }
}
