import Foundation
import GRDB

/// DoseTap indexes dose_events(session_id) itself; v1's copy only costs every write.
extension Schema {
    static let v10 = Migration(identifier: "v10 one index on dose sessions") { db, _ in
        try dropIndex(db, "dose_events_session_id", ifAnotherOn: "dose_events", leadingColumn: "session_id")
    }
}
