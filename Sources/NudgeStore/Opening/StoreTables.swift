import GRDB

/// The store's tables as a person names their rows: nudge's, DoseTap's, and any other app's by
/// its table name.
enum StoreTables {
    /// Known tables, in the order a restore's account lists them: (table, one row, many rows).
    static let named: [(table: String, one: String, many: String)] = [
        ("symptom_entries", "diary entry", "diary entries"), ("dose_events", "dose event", "dose events"),
        ("current_session", "current dose session", "current dose sessions"),
        ("sleep_sessions", "dose night", "dose nights"),
        ("call_logs", "call", "calls"), ("contacts", "contact", "contacts"),
        ("call_reminders", "call reminder", "call reminders"),
        ("call_cadence", "restarted call cadence", "restarted call cadences"),
        ("meditation_sessions", "meditation", "meditations"),
        ("therapy_sessions", "therapy session", "therapy sessions"),
        ("therapy_reflections", "reflection", "reflections"),
        ("reminder_deliveries", "record of a reminder shown", "records of reminders shown"),
        ("reminder_escalations", "alarm sent beyond this computer", "alarms sent beyond this computer"),
        ("medication_schedules", "medication taken by day", "medications taken by day"),
        ("medication_outcomes", "medication dose not taken", "medication doses not taken"),
        (
            "medication_schedule_versions", "medication schedule as it was",
            "medication schedules as they were"
        ),
        ("own_reminders", "reminder of yours", "reminders of yours"),
        ("settings", "setting", "settings"),
        ("medication_events", "DoseTap medication event", "DoseTap medication events"),
        ("sleep_events", "DoseTap sleep event", "DoseTap sleep events"),
        ("morning_checkins", "DoseTap morning check-in", "DoseTap morning check-ins"),
        ("pre_sleep_logs", "DoseTap pre-sleep log", "DoseTap pre-sleep logs"),
        ("checkin_submissions", "DoseTap check-in submission", "DoseTap check-in submissions"),
        ("cloudkit_tombstones", "DoseTap sync deletion", "DoseTap sync deletions"),
    ]

    /// nudge's own bookkeeping, which its migrations and triggers make from other rows (or
    /// which names the store itself): never a person's record.
    static let derived: Set<String> = [
        "grdb_migrations", "store_metadata", "contact_identities", "call_reminder_identities", "call_due",
    ]

    /// `1 diary entry`, `3 rows in app_notes`.
    static func phrase(_ count: Int, table: String) -> String {
        let name = named.first { $0.table == table }
        let noun = name.map { count == 1 ? $0.one : $0.many } ?? "\(count == 1 ? "row" : "rows") in \(table)"
        return "\(count) \(noun)"
    }

    /// The tables of the store (`main`), or of an attached backup, that a restore's account
    /// compares: known ones in `named` order, then the others by name; not SQLite's own, not
    /// virtual tables (their module may be missing).
    static func compared(_ db: Database, schema: String = "main") throws -> [String] {
        let tables = try String.fetchAll(
            db,
            sql: """
                SELECT name FROM \(schema).sqlite_master
                WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
                AND coalesce(sql, '') NOT LIKE 'CREATE VIRTUAL%'
                """
        ).filter { !derived.contains($0) }
        let known = named.map(\.table).filter(tables.contains)
        return known + tables.filter { !known.contains($0) }.sorted()
    }

    /// A table or column name as an SQL identifier, whatever characters it has.
    static func quoted(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
