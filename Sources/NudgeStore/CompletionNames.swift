import Foundation
import GRDB
import NudgeCore

/// The names a shell offers while a person types: read from the store without creating,
/// migrating or waiting long on it, since a prompt must never hang or show an error. A store
/// that is missing, locked, damaged or shaped by another program offers nothing.
public enum CompletionNames {
    /// Symptom names logged before that start with `prefix` (case-insensitive), most used
    /// first, then the most recently logged; the same spelling always, for a consistent diary.
    public static func symptoms(storePath: String, prefix: String) -> [String] {
        names(
            storePath: storePath, prefix: prefix,
            sql: "SELECT name FROM symptom_entries GROUP BY name ORDER BY count(*) DESC, max(logged_at) DESC, name")
    }

    /// Contact names that start with `prefix` (case-insensitive), alphabetically.
    public static func contacts(storePath: String, prefix: String) -> [String] {
        names(storePath: storePath, prefix: prefix, sql: "SELECT name FROM contacts ORDER BY name COLLATE NOCASE, id")
    }

    /// More would only scroll past in a prompt.
    static let limit = 100

    private static func names(storePath: String, prefix: String, sql: String) -> [String] {
        guard FileManager.default.isReadableFile(atPath: storePath) else { return [] }
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(1)
        guard let database = try? Store.openReadOnly(storePath, configuration),
            let names = try? database.read({ try StoredColumn.values($0, String.self, sql: sql) })
        else { return [] }
        let wanted = prefix.lowercased()
        // A name with a control character cannot be typed back, nor shown safely in a prompt.
        return Array(
            names.lazy.filter {
                !$0.unicodeScalars.contains(where: TextInput.isControl) && $0.lowercased().hasPrefix(wanted)
            }.prefix(limit))
    }
}
