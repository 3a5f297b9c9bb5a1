import Foundation
import GRDB
import NudgeCore

extension Store {
    /// The settings rows as stored (only those that differ from a default).
    public func settingRows() throws(StoreError) -> [String: String] {
        try read(Self.settingRows)
    }

    public func settings() throws(StoreError) -> Settings {
        Settings(rows: try settingRows())
    }

    /// A row whose key is not text is left out. A value another program wrote as a number is
    /// read as its text; one that is a blob or NULL as `notText`, which no setting accepts, so
    /// that the daemon warns of the row as of any other it ignores, and the default applies.
    static func settingRows(_ db: Database) throws -> [String: String] {
        var rows: [String: String] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT key, value FROM settings") {
            guard let key: String = row.stored("key") else { continue }
            rows[key] =
                row.stored("value", as: String.self) ?? row.stored("value", as: Int64.self).map(String.init)
                ?? row.stored("value", as: Double.self).map { "\($0)" } ?? notText
        }
        return rows
    }

    /// What a settings row's value reads as when it is not text (a blob, NULL).
    public static let notText = "(not text)"

    static func settings(_ db: Database) throws -> Settings {
        Settings(rows: try settingRows(db))
    }

    /// Stores a value already in canonical form; the default itself leaves no row (nudge(5)).
    public func setSetting(_ key: SettingKey, to canonicalValue: String, at now: Date) throws(StoreError) {
        defer { recordBackupLocation(key) }
        try write { db in
            guard canonicalValue != key.defaultValue else {
                try db.execute(sql: "DELETE FROM settings WHERE key = ?", arguments: [key.rawValue])
                return
            }
            try db.execute(
                sql: """
                    INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)
                    ON CONFLICT(key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at
                    """,
                arguments: [key.rawValue, canonicalValue, Timestamp.format(now)])
        }
    }

    /// Deletes the row, so the default applies again; false when there was no row.
    @discardableResult
    public func resetSetting(_ key: SettingKey) throws(StoreError) -> Bool {
        defer { recordBackupLocation(key) }
        return try write { db in
            try db.execute(sql: "DELETE FROM settings WHERE key = ?", arguments: [key.rawValue])
            return db.changesCount > 0
        }
    }

    /// A changed `backup.directory` is recorded beside the store, where a damaged store's
    /// commands find it (`BackupLocation`).
    private func recordBackupLocation(_ key: SettingKey) {
        guard key == BackupPolicy.directory else { return }
        recordBackupDirectory()
    }

    /// Records the folder `backup.directory` names beside the store, keeping the one recorded
    /// before as the former while it holds the store's backups; nothing when the setting cannot
    /// be read (but `tookInto`, the folder a backup just went to, and `newest`, its name). After `settings set`, a
    /// restore (which may bring back an older setting), a backup, and by the daemon when another
    /// program changed the setting. The setting is read under the lock the file is written in:
    /// a `settings set` during a backup is not undone by the backup's older reading. Without
    /// `waiting`, nothing is recorded while another process holds that lock (it records), and
    /// `ran` is false. `failure`: why the file could not be written (a read-only folder).
    @discardableResult
    public func recordBackupDirectory(tookInto folder: String? = nil, newest: String? = nil, waiting: Bool = true)
        -> (ran: Bool, failure: String?)
    {
        var failure: String?
        let ran = BackupLocation.whileLocked(store: path, waiting: waiting) {
            guard let settings = try? settings() else {
                if let folder {
                    failure = BackupLocation.record(
                        directory: folder, identity: nil, store: path, tookInto: folder, newest: newest)
                }
                return
            }
            failure = BackupLocation.record(
                directory: BackupDirectory.directory(store: path, setting: settings[BackupPolicy.directory]),
                identity: (try? identity()) ?? nil, store: path, tookInto: folder, newest: newest)
        }
        return (ran, failure)
    }
}
