import Foundation
import GRDB
import NudgeTestSupport
import Testing

/// A row another program wrote in a form nudge cannot read is left out of a listing and named
/// after it, on one line of standard error: by table and id, never with a value.
@Suite struct UnreadableRowNoteTests: CommandScenario {
    let directory = TemporaryDirectory()

    @Test func aListingNamesTheRowItLeftOut() throws {
        #expect(nudge("meditations", "add", "--at", "2026-11-22T08:00", "--minutes", "20").status == 0)
        #expect(nudge("meditations", "add", "--at", "2026-11-21T08:00", "--minutes", "15").status == 0)
        let readable = nudge("meditations")
        #expect(readable.status == 0 && readable.stderr.isEmpty, "\(readable)")
        let database = try DatabaseQueue(path: store)
        let unreadable = try database.write { db in
            try db.execute(
                sql: "UPDATE meditation_sessions SET utc_offset_minutes = '+01:00 private' WHERE started_at < ?",
                arguments: ["2026-11-22"])
            return try String.fetchOne(
                db, sql: "SELECT id FROM meditation_sessions WHERE started_at < ?", arguments: ["2026-11-22"]) ?? ""
        }
        try database.close()
        let listed = nudge("meditations")
        #expect(listed.status == 0 && listed.stdout.contains("20 minutes in 1 session"), "\(listed)")
        #expect(
            listed.stderr
                == "nudge: a row another program wrote cannot be read and is left out (meditation_sessions id \(unreadable)); the program that wrote it can correct it\n",
            "\(listed)")
        #expect(!listed.stderr.contains("private"))
    }
}
