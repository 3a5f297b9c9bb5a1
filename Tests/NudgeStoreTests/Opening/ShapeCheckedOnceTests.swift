import Foundation
import GRDB
import NudgeTestSupport
import Testing

@testable import NudgeStore

/// A command that changes the store opens it twice, read-only to see what it is and then to
/// write: the tables' shape is checked at the first, and not again at the same schema version
/// (issue 43: the check was 17 M of `log symptom`'s 202 M instructions, each time).
@Suite struct ShapeCheckedOnceTests {
    let directory = TemporaryDirectory()

    @Test func theReadingOpeningsCheckIsKeptForTheWritingOne() throws {
        let path = directory.file("nudge.sqlite")
        _ = try Store(path: path)
        let version = try #require(try Store(readingOnly: path).shapeCheckedAt)
        // Reshaped without the schema version changing (as no program but this test can), the
        // writing opening does not look at the tables again: the check ran once.
        try Self.reshapeSettings(path, keepingVersion: true)
        #expect(throws: Never.self) { try Store(path: path, now: Date(), shapeCheckedAt: version) }
        #expect(throws: StoreError.self) { try Store(readingOnly: path) }
    }

    /// Any change of the schema between the two openings changes its version: the tables are
    /// checked again, and a table reshaped is refused in the same words as ever.
    @Test func aTableReshapedBetweenTheOpeningsIsRefusedAsEver() throws {
        let path = directory.file("nudge.sqlite")
        _ = try Store(path: path)
        let version = try #require(try Store(readingOnly: path).shapeCheckedAt)
        try Self.reshapeSettings(path, keepingVersion: false)
        let refusal = StoreError.unusable(path: path, problem: "table settings has no column updated_at")
        #expect(throws: refusal) { try Store(path: path, now: Date(), shapeCheckedAt: version) }
        #expect(throws: refusal) { try Store(changing: path) }
    }

    /// `settings` made again without `updated_at`; `keepingVersion` puts the schema version
    /// back as it was (`PRAGMA schema_version` written, which SQLite allows for tests).
    static func reshapeSettings(_ path: String, keepingVersion: Bool) throws {
        let database = try DatabaseQueue(path: path)
        try database.writeWithoutTransaction { db in
            let version = try Int.fetchOne(db, sql: "PRAGMA schema_version") ?? 0
            try db.execute(sql: "DROP TABLE settings; CREATE TABLE settings(key TEXT PRIMARY KEY, value TEXT)")
            if keepingVersion { try db.execute(sql: "PRAGMA schema_version = \(version)") }
        }
        try database.close()
    }
}
