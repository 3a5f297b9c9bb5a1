import Foundation
import GRDB
import NudgeCore

/// The shared SQLite store: one connection, migrated on open, one transaction per named write.
///
/// A single `DatabaseQueue` (not a pool) on purpose: `PRAGMA data_version` then changes only
/// when another connection committed, which is how the daemon tells another process's write
/// from its own.
public struct Store: Sendable {
    public let path: String
    let database: DatabaseQueue

    /// Opens the store, creating it (directory 0700, file 0600, WAL) on first use.
    ///
    /// A file that is not SQLite, or that a newer nudge migrated, is refused and not written to.
    public init(path: String) throws(StoreError) {
        self.path = path
        try Self.prepareFile(at: path)
        var configuration = Configuration()
        // Other programs write the same file: wait for their locks rather than fail.
        configuration.busyMode = .timeout(60)
        configuration.label = "nudge.store"
        // WAL is switched on only when the file is not WAL yet. (GRDB's own WAL setup writes a
        // table and drops it whenever the -wal file is empty: a schema change in a shared
        // store on every command's open.)
        configuration.prepareDatabase { db in
            if try String.fetchOne(db, sql: "PRAGMA journal_mode") != "wal" {
                try db.execute(sql: "PRAGMA journal_mode = WAL")
            }
        }
        do {
            database = try Self.openRetryingWhileBusy(path: path, configuration: configuration)
            let migrator = Schema.migrator
            let unknown = try database.read { db in
                try migrator.appliedIdentifiers(db).subtracting(migrator.migrations).sorted()
            }
            guard unknown.isEmpty else { throw StoreError.newerSchema(path: path, unknownMigrations: unknown) }
            try migrator.migrate(database)
        } catch let error as StoreError {
            throw error
        } catch let error as DatabaseError where error.resultCode == .SQLITE_NOTADB {
            throw .notADatabase(path: path)
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CANTOPEN {
            throw .cannotOpen(path: path, reason: "unable to open the database file")
        } catch {
            throw .cannotOpen(path: path, reason: String(describing: error))
        }
    }

    /// SQLite answers SQLITE_BUSY without waiting in a few WAL cases (another connection
    /// recovering the WAL index, or closing the last connection): an open is retried for up to
    /// the busy timeout rather than failed.
    private static func openRetryingWhileBusy(path: String, configuration: Configuration) throws -> DatabaseQueue {
        let deadline = Date().addingTimeInterval(60)
        var pause: TimeInterval = 0.005
        while true {
            do {
                return try DatabaseQueue(path: path, configuration: configuration)
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && Date() < deadline {
                Thread.sleep(forTimeInterval: pause)
                pause = min(pause * 2, 0.5)
            }
        }
    }

    private static func prepareFile(at path: String) throws(StoreError) {
        let directory = (path as NSString).deletingLastPathComponent
        let files = FileManager.default
        if !directory.isEmpty, !files.fileExists(atPath: directory) {
            do {
                try files.createDirectory(
                    atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            } catch {
                throw .cannotCreateDirectory(path: directory, reason: error.localizedDescription)
            }
        }
        var isDirectory: ObjCBool = false
        if files.fileExists(atPath: path, isDirectory: &isDirectory) {
            if isDirectory.boolValue { throw .cannotOpen(path: path, reason: "it is a directory") }
            return
        }
        // SQLite gives the -wal and -shm files the main file's mode, so this covers all three.
        let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw .cannotOpen(path: path, reason: String(cString: strerror(errno)))
        }
        close(descriptor)
    }

    /// Runs a read, turning database errors into one clear StoreError.
    func read<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do { return try database.read(body) } catch { throw failure(error) }
    }

    /// Runs one write transaction, turning database errors into one clear StoreError.
    func write<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do { return try database.write(body) } catch { throw failure(error) }
    }

    private func failure(_ error: any Error) -> StoreError {
        if let error = error as? StoreError { return error }
        if let error = error as? DatabaseError {
            return .failed(path: path, reason: error.message ?? error.description)
        }
        return .failed(path: path, reason: String(describing: error))
    }

    /// The migrations applied, oldest first, and SQLite's integrity check ("ok" when sound).
    public func health() throws(StoreError) -> (migrations: [String], integrity: String, journalMode: String) {
        try read { db in
            (
                try Schema.migrator.appliedMigrations(db),
                try String.fetchAll(db, sql: "PRAGMA integrity_check").joined(separator: "; "),
                try String.fetchOne(db, sql: "PRAGMA journal_mode") ?? "?"
            )
        }
    }

    /// Changes whenever another connection has committed since the last call on this one.
    public func dataVersion() throws(StoreError) -> Int {
        try read { db in try Int.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
    }
}
