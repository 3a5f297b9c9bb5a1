import Foundation
import GRDB

/// An occurrence held while the desktop was in Do Not Disturb (`KIND.during_do_not_disturb`
/// = hold): when it was first held, and when Do Not Disturb last ended for it, so that history
/// says it waited, and a plan never records it missed for the wait.
extension Schema {
    static let v15 = Migration(identifier: "v15 do not disturb holds") { db, _ in
        try addMissingColumns(
            db, table: "reminder_deliveries", columns: ["held_at": "TEXT", "released_at": "TEXT"])
    }
}
