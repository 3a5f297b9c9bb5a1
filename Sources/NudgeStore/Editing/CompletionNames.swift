import Foundation
import GRDB
import NudgeCore

/// The names a shell offers while a person types: read from the store without creating,
/// migrating or waiting long on it, since a prompt must never hang or show an error. A store
/// that is missing, locked, damaged or shaped by another program offers nothing.
public enum CompletionNames {
    /// Symptom names logged before that start with `prefix` (case-insensitive), most used
    /// first, then the most recently logged; the same spelling always, for a consistent diary.
    /// Spellings that differ only by case are one symptom, offered in its first spelling and
    /// ranked by their uses together.
    public static func symptoms(storePath: String, prefix: String) -> [String] {
        let spellings = read(storePath) { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT CAST(name AS TEXT), count(*), CAST(max(logged_at) AS TEXT) FROM symptom_entries
                    GROUP BY name ORDER BY min(rowid)
                    """)
        }
        var symptoms: [String: (name: String, uses: Int, latest: String)] = [:]
        for row in spellings ?? [] {
            guard let name = row.stored(at: 0, as: String.self) else { continue }
            var symptom = symptoms[SymptomEntry.sameSymptom(name)] ?? (name, 0, "")
            symptom.uses += row.stored(at: 1, as: Int.self) ?? 0
            symptom.latest = max(symptom.latest, row.stored(at: 2, as: String.self) ?? "")
            symptoms[SymptomEntry.sameSymptom(name)] = symptom
        }
        let ranked = symptoms.values.sorted { ($1.uses, $1.latest, $0.name) < ($0.uses, $0.latest, $1.name) }
        return offered(ranked.map(\.name), prefix: prefix)
    }

    /// Contact names that start with `prefix` (case-insensitive), alphabetically.
    public static func contacts(storePath: String, prefix: String) -> [String] {
        names(storePath: storePath, prefix: prefix, sql: "SELECT name FROM contacts ORDER BY name COLLATE NOCASE, id")
    }

    /// Whether `text` names one contact as `nudge call log` would find it (case-insensitive:
    /// exactly, else as a part of one name): a suggested line naming no contact would be refused.
    public static func namesOneContact(storePath: String, _ text: String) -> Bool {
        let names = read(storePath) { try StoredColumn.values($0, String.self, sql: "SELECT name FROM contacts") } ?? []
        let wanted = text.lowercased()
        let exact = names.filter { $0.lowercased() == wanted }
        return (exact.isEmpty ? names.filter { $0.lowercased().contains(wanted) } : exact).count == 1
    }

    /// More would only scroll past in a prompt.
    static let limit = 100

    private static func names(storePath: String, prefix: String, sql: String) -> [String] {
        offered(read(storePath) { try StoredColumn.values($0, String.self, sql: sql) } ?? [], prefix: prefix)
    }

    /// Nil when the store cannot be read now.
    private static func read<T>(_ storePath: String, _ body: (Database) throws -> T) -> T? {
        guard FileManager.default.isReadableFile(atPath: storePath) else { return nil }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(1)
        guard let database = try? Store.openReadOnly(storePath, configuration) else { return nil }
        return try? database.read(body)
    }

    private static func offered(_ names: [String], prefix: String) -> [String] {
        let wanted = prefix.lowercased()
        // A name with a control character cannot be typed back, nor shown safely in a prompt.
        return Array(
            names.lazy.filter {
                !$0.unicodeScalars.contains(where: TextInput.isControl) && $0.lowercased().hasPrefix(wanted)
            }.prefix(limit))
    }
}
