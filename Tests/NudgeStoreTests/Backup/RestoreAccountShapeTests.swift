import Foundation
import GRDB
import NudgeCore
import NudgeTestSupport
import Testing

@testable import NudgeStore

/// What the account missed (hostile round 23 on issue 39): a column another program added
/// since the backup, with its values, its index, view and trigger ("nothing written since then
/// is missing", all rolled back); and a second edit of a row the account already named, made
/// while the person was asked, counted the same and was rolled back unasked.
struct RestoreAccountShapeTests {
    let directory = TemporaryDirectory()
    var path: String { directory.file("nudge.sqlite") }
    let now = Timestamp.parse("2026-11-24T20:00:00Z")!

    private func storeWithNotesBackedUp() throws -> (DatabaseQueue, backup: String) {
        let store = try Store(path: path)
        let other = try DatabaseQueue(path: path)
        try other.write { db in
            try db.execute(sql: "CREATE TABLE app_notes (id INTEGER PRIMARY KEY, body TEXT)")
            try db.execute(sql: "INSERT INTO app_notes VALUES (1, 'a'), (2, 'b')")
        }
        return (other, try store.backUp(into: path + ".backups", at: now).path)
    }

    @Test func aColumnIndexViewAndTriggerAddedSinceAreNamedAndTheColumnsValuesCounted() throws {
        let (other, backup) = try storeWithNotesBackedUp()
        try other.write { db in
            try db.execute(sql: "ALTER TABLE app_notes ADD COLUMN mood TEXT")
            try db.execute(sql: "UPDATE app_notes SET mood = 'happy' WHERE id = 1")
            try db.execute(sql: "CREATE INDEX app_notes_body ON app_notes (body)")
            try db.execute(sql: "CREATE VIEW app_view AS SELECT * FROM app_notes")
            try db.execute(sql: "CREATE TRIGGER app_trigger AFTER INSERT ON app_notes BEGIN SELECT 1; END")
        }
        try other.close()
        let account = try #require(try Store.accountOfRestore(path, from: backup))
        #expect(
            account.sentence
                == "1 row in app_notes (1 changed) written since then is not in it; the backup lacks 1 column, 1 index, 1 trigger and 1 view another program added to the store, which the restore removes"
        )
    }

    /// A backup an older nudge took lacks the tables, columns and indexes later migrations add
    /// (hostile round 26 on issue 39: "the backup lacks 5 columns and 1 index another program
    /// added", all nudge's, made again as the restore migrates it): it is said to be an older
    /// nudge's, brought up to date, and only what another program added is named as removed.
    @Test func anOlderNudgesBackupIsBroughtUpToDateNotBlamedOnAnotherProgram() throws {
        let (other, backup) = try storeWithNotesBackedUp()
        try DatabaseQueue(path: backup).writeWithoutTransaction { db in
            try db.execute(sql: "DROP TABLE own_reminders")
            try db.execute(sql: "DROP TABLE medication_schedule_versions")
            try db.execute(sql: "ALTER TABLE reminder_deliveries DROP COLUMN lost_at")
            try db.execute(sql: "ALTER TABLE reminder_deliveries DROP COLUMN lost_reason")
            try db.execute(
                sql: "DELETE FROM grdb_migrations WHERE identifier IN (?, ?, ?, ?, ?, ?)",
                arguments: [
                    "v19 own reminders", "v21 own reminder ends", "v22 medication schedule versions",
                    "v23 notifications lost with their server", "v27 why a notification was lost",
                    "v28 own reminder reading of a repeated hour",
                ])
            #expect(try String.fetchOne(db, sql: "PRAGMA integrity_check") == "ok")
        }
        try other.write { db in try db.execute(sql: "ALTER TABLE app_notes ADD COLUMN mood TEXT") }
        try other.close()
        let account = try #require(try Store.accountOfRestore(path, from: backup))
        #expect(
            account.sentence
                == "nothing written since then is missing from it; the backup was taken by an older nudge, and is brought up to date as it is restored; the backup lacks 1 column another program added to the store, which the restore removes",
            "\(account.sentence)")
    }

    @Test func aSecondEditOfARowTheAccountNamedMakesAnotherAccount() throws {
        let (other, backup) = try storeWithNotesBackedUp()
        try other.write { db in try db.execute(sql: "UPDATE app_notes SET body = 'first edit' WHERE id = 1") }
        let asked = try #require(try Store.accountOfRestore(path, from: backup))
        try other.write { db in try db.execute(sql: "UPDATE app_notes SET body = 'second edit' WHERE id = 1") }
        try other.close()
        let now = try #require(try Store.accountOfRestore(path, from: backup))
        #expect(asked.sentence == now.sentence, "the same words")
        #expect(asked != now, "a write while the person was asked must be told from none")
    }
}
