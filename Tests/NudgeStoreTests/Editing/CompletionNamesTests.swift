import Foundation
import GRDB
import NudgeCore
import NudgeTestSupport
import Testing

@testable import NudgeStore

/// What a prompt offers is read without touching the store, and never what cannot be typed.
@Suite struct CompletionNamesTests {
    let directory = TemporaryDirectory()
    let now = Timestamp.parse("2026-11-22T20:00:00Z")!

    /// On a store an older nudge left (its last migration not applied, closed cleanly), a prompt
    /// reads it as it is: nothing migrated, not a byte changed (an empty -wal may appear beside it).
    @Test func symptomNamesMostUsedFirstWithoutControlCharactersAndCaseInsensitive() throws {
        let path = directory.file("nudge.sqlite")
        do {
            let store = try Store(path: path, now: now)
            for (name, minutes) in [
                ("Headache", 1), ("headache", 2), ("Nausea", 3), ("Nausea", 4), ("Nau\u{1B}[2Jsea", 5), ("Nausea", 6),
            ] {
                try store.addSymptom(
                    name: name, severity: 2, notes: nil, loggedAt: now.addingTimeInterval(Double(-minutes * 60)),
                    now: now)
            }
        }
        try DatabaseQueue(path: path).write { db in
            try db.execute(
                sql: "DELETE FROM grdb_migrations WHERE identifier = ?", arguments: [Schema.identifiers.last])
            // As an older nudge wrote a third spelling: still one symptom, offered as first spelled.
            try db.execute(
                sql: """
                    INSERT INTO symptom_entries (id, name, severity, logged_at, notes, created_at, updated_at)
                    VALUES ('older', 'HEADACHE', 2, '2026-11-22T19:50:00Z', NULL, '', '')
                    """)
        }
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"), "closed cleanly")
        let before = try #require(StoreDump.bytes(path))
        // Headache: twice logged (the second spelling written as the first) and once as HEADACHE.
        #expect(CompletionNames.symptoms(storePath: path, prefix: "") == ["Headache", "Nausea"])
        #expect(CompletionNames.symptoms(storePath: path, prefix: "HEAD") == ["Headache"])
        _ = CompletionNames.contacts(storePath: path, prefix: "")
        #expect(StoreDump.bytes(path) == before)
        #expect(StoreDump.bytes(path + "-wal")?.isEmpty ?? true, "a WAL a reader leaves is empty")
    }

    @Test func aStoreShapedByAnotherProgramOffersNothing() throws {
        let path = directory.file("other.sqlite")
        try DatabaseQueue(path: path).write {
            try $0.execute(sql: "CREATE TABLE contacts (id INTEGER PRIMARY KEY, full_name TEXT)")
        }
        #expect(CompletionNames.contacts(storePath: path, prefix: "").isEmpty)
        #expect(CompletionNames.symptoms(storePath: path, prefix: "").isEmpty)
        #expect(CompletionNames.symptoms(storePath: directory.file("missing.sqlite"), prefix: "").isEmpty)
        #expect(!FileManager.default.fileExists(atPath: directory.file("missing.sqlite")))
    }
}
