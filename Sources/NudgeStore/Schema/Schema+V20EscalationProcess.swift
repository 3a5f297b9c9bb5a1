import Foundation
import GRDB

/// Which process an escalation's command is, written when it starts: its pid, its start in
/// clock ticks after boot (`/proc/PID/stat` field 22) and the boot's id. A daemon killed while
/// the command ran leaves them, and the next one ends that command, never another process that
/// has its pid since.
extension Schema {
    static let v20 = Migration(identifier: "v20 escalation command process") { db, _ in
        try addMissingColumns(
            db, table: "reminder_escalations",
            columns: ["command_pid": "INTEGER", "command_start_ticks": "INTEGER", "command_boot_id": "TEXT"])
    }
}
