import Foundation
import GRDB

/// nudge's own column: the ambient sound a session plays from its start bell to its end (a
/// noise's name or a file's path), so that a session started with `--ambient`, or detached,
/// sounds the same from a restarted daemon. NULL, as other timers' rows have it, is silence.
extension Schema {
    static let v11 = Migration(identifier: "v11 meditation ambient sound") { db, _ in
        try addMissingColumns(db, table: "meditation_sessions", columns: ["ambient": "TEXT"])
    }
}
