import GRDB

/// What nudge needs of each table it owns, checked before anything is written: a table another
/// program made with one of these names and another shape makes the store unusable, and it is
/// refused whole rather than migrated half-way.
///
/// Other programs may add columns; nudge only needs its own to be there. Columns a migration
/// adds to a table the dose tracker made (`terminal_state`, nudge's delivery columns) are not
/// required here.
enum StoreShape {
    struct Table {
        var name: String
        var columns: [String]
        /// The columns an upsert or a lookup relies on being unique.
        var uniqueKey: [String]
    }

    static let tables: [Table] = [
        Table(name: "settings", columns: ["key", "value", "updated_at"], uniqueKey: ["key"]),
        Table(
            name: "symptom_entries",
            columns: ["id", "name", "severity", "logged_at", "notes", "created_at", "updated_at"],
            uniqueKey: ["id"]),
        Table(
            name: "current_session",
            columns: [
                "id", "dose1_time", "dose2_time", "snooze_count", "dose2_skipped", "session_date", "session_id",
                "session_start_utc",
                "session_end_utc", "updated_at",
            ],
            uniqueKey: ["id"]),
        Table(
            name: "sleep_sessions", columns: ["session_id", "session_date", "start_utc", "end_utc"],
            uniqueKey: ["session_id"]),
        Table(
            name: "dose_events",
            columns: ["id", "event_type", "timestamp", "session_date", "session_id", "metadata", "created_at"],
            uniqueKey: ["id"]),
        Table(name: "contacts", columns: ["id", "name", "stay_in_touch_days", "created_at"], uniqueKey: ["id"]),
        Table(
            name: "call_logs",
            columns: [
                "id", "server_id", "contact_id", "called_at", "duration_minutes", "emotional_state", "notes",
                "sync_status",
                "sync_error", "last_sync_attempt", "is_marked_deleted", "created_at", "updated_at",
            ],
            uniqueKey: ["id"]),
        Table(
            name: "call_reminders", columns: ["id", "contact_id", "due_at", "note", "created_at", "done_at"],
            uniqueKey: ["id"]),
        Table(
            name: "reminder_deliveries",
            columns: [
                "id", "reminder_key", "kind", "due_at", "shown_at", "notification_id", "closed_at", "closed_reason",
                "action",
                "acknowledged_at",
            ],
            uniqueKey: ["reminder_key"]),
        Table(name: "call_cadence", columns: ["contact_id", "restarted_on"], uniqueKey: ["contact_id"]),
        Table(name: "contact_identities", columns: ["identity", "contact_id"], uniqueKey: ["contact_id"]),
        Table(name: "call_reminder_identities", columns: ["identity", "reminder_id"], uniqueKey: ["reminder_id"]),
        Table(name: "store_metadata", columns: ["key", "value"], uniqueKey: ["key"]),
        Table(
            name: "meditation_sessions",
            columns: [
                "id", "started_at", "utc_offset_minutes", "planned_seconds", "interval_seconds", "ended_at",
                "actual_seconds", "outcome",
                "source", "created_at",
            ],
            uniqueKey: ["id"]),
        Table(
            name: "therapy_sessions",
            columns: [
                "id", "started_at", "treatment_type", "dose", "intentions", "environment", "music", "mood_before",
                "mood_after", "created_at",
                "updated_at",
            ],
            uniqueKey: ["id"]),
        Table(
            name: "therapy_reflections",
            columns: ["id", "session_id", "written_at", "text", "source", "created_at", "updated_at"],
            uniqueKey: ["id"]),
        Table(
            name: "reminder_escalations",
            columns: ["reminder_key", "kind", "due_at", "reason", "started_at", "ended_at", "outcome"],
            uniqueKey: ["reminder_key"]),
        Table(
            name: "medication_schedules",
            columns: ["id", "medication_id", "dose_mg", "formulation", "times", "days", "created_at", "updated_at"],
            uniqueKey: ["medication_id"]),
        Table(
            name: "medication_outcomes",
            columns: ["id", "medication_id", "dose_date", "dose_time", "outcome", "recorded_at"],
            uniqueKey: ["medication_id", "dose_date", "dose_time"]),
        Table(
            name: "medication_schedule_versions",
            columns: ["id", "medication_id", "dose_mg", "formulation", "times", "days", "from_at", "removed"],
            uniqueKey: ["id"]),
        Table(name: "grdb_migrations", columns: ["identifier"], uniqueKey: ["identifier"]),
    ]

    /// The first table nudge cannot use, described with what it lacks; nil when all can be used.
    static func problem(_ db: Database) throws -> String? {
        let objects = Dictionary(
            try Row.fetchAll(db, sql: "SELECT name, type FROM sqlite_master").map {
                ($0["name"] as String, $0["type"] as String)
            }
        ) { first, _ in first }
        for table in tables {
            guard let type = objects[table.name] else { continue }
            guard type == "table" else { return "\(table.name) is a \(type), where nudge keeps a table" }
            let present = Set(try db.columns(in: table.name).map(\.name))
            let missing = table.columns.filter { !present.contains($0) }
            if !missing.isEmpty {
                return
                    "table \(table.name) has no column\(missing.count == 1 ? "" : "s") \(missing.joined(separator: ", "))"
            }
            guard try db.table(table.name, hasUniqueKey: table.uniqueKey) else {
                return "table \(table.name) has no unique \(table.uniqueKey.joined(separator: ", "))"
            }
        }
        return nil
    }
}
