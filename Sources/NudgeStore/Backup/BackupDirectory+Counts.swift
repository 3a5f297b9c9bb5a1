import GRDB

/// What a backup holds, as the listing counts it.
extension BackupDirectory {
    /// What the listing counts, as a person names it.
    public static let countedTables: [(table: String, label: String, one: String)] = [
        ("symptom_entries", "diary entries", "diary entry"), ("dose_events", "dose events", "dose event"),
        ("call_logs", "calls", "call"),
        ("meditation_sessions", "meditations", "meditation"),
        ("therapy_sessions", "therapy sessions", "therapy session"),
        ("therapy_reflections", "reflections", "reflection"),
        ("own_reminders", "own reminders", "own reminder"),
        ("medication_schedules", "medications", "medication"),
        // After the first eight, whose order the listing's readers know (hostile round 24 on
        // issue 39: a person's contacts and doses went uncounted).
        ("contacts", "contacts", "contact"), ("call_reminders", "call reminders", "call reminder"),
        ("medication_events", "medication doses taken", "medication dose taken"),
    ]

    /// `1 diary entry`, `4 diary entries`.
    public static func phrase(_ count: Int, _ label: String) -> String {
        "\(count) \(count == 1 ? countedTables.first { $0.label == label }?.one ?? label : label)"
    }

    /// The rows of `table` a person counts: not a call Monica marks deleted.
    static func count(_ table: String, _ db: Database) throws -> Int {
        let marked = try db.columns(in: table).contains { $0.name == "is_marked_deleted" }
        return try Int.fetchOne(
            db, sql: "SELECT count(*) FROM \(table)" + (marked ? " WHERE is_marked_deleted IS NOT 1" : "")) ?? 0
    }
}
