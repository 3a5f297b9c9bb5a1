import Foundation
import GRDB
import NudgeCore

#if canImport(Glibc)
    import Glibc
#endif

/// The shared SQLite store: one connection, migrated on open, one transaction per named write.
///
/// A single `DatabaseQueue` (not a pool) on purpose: `PRAGMA data_version` then changes only
/// when another connection committed, which is how the daemon tells another process's write
/// from its own.
public struct Store: Sendable {
    public let path: String
    private let openedDatabase: DatabaseQueue
    /// Set only by `init(changing:)` for a store not made yet: the file written at the first write.
    private let openedOnFirstWrite: OpenedOnFirstWrite?
    /// The `schema_version` at which `init(readingOnly:)` found the file's tables usable: a
    /// write-opening that reads the same one need not check them again (`init(changing:)`).
    let shapeCheckedAt: Int?
    let unreadable = UnreadableRows()
    let lockWait = ChosenLockWait()

    /// The connection reads and writes go through: the file's, once a deferred store is written.
    var database: DatabaseQueue { openedOnFirstWrite?.storeIfOpened?.openedDatabase ?? openedDatabase }
    /// The kinds this store plans, shows and answers: every kind nudge has, or those a caller
    /// chose (a test of one kind plans with that kind alone).
    private(set) var rules: [any StoredRule] = StoredRules.all

    /// Opens the store, creating it (directory 0700, file 0600, WAL) on first use.
    ///
    /// A file that is not SQLite, is damaged, was migrated by a newer nudge, has a table of
    /// nudge's with another shape, or is a backup (`backup_taken_at`) is refused before
    /// anything is written to it; so is a store nudge backed up that was emptied or removed
    /// (`StoreFile.checkNotLost`). `now` is when a new store counts as created (nothing before
    /// it is recorded as missed).
    public init(path: String, now: Date = Date()) throws(StoreError) {
        try self.init(path: path, now: now, shapeCheckedAt: nil)
    }

    /// `init(path:now:)`, its tables' shape not checked again at `shapeCheckedAt` (the schema
    /// version at which they were found usable).
    init(path: String, now: Date, shapeCheckedAt: Int?) throws(StoreError) {
        self.path = path
        openedOnFirstWrite = nil
        self.shapeCheckedAt = nil
        try StoreFile.checkNotLost(path)
        try StoreFile.prepare(at: path)
        var configuration = Configuration()
        // Other programs write the same file: wait for their locks rather than fail.
        configuration.busyMode = LockWait.busyMode
        configuration.label = "nudge.store"
        configuration.prepareDatabase { db in ForeignLog.setAsideIfForeign(db, store: path) }
        openedDatabase = try Self.opening(path) {
            let database = try Self.retryingWhileBusy {
                try Self.sharedMemoryOpening.withLock { _ in
                    try DatabaseQueue(path: path, configuration: configuration)
                }
            }
            try Self.retryingWhileBusy { try database.read { db in try Self.refuseBackup(db, path: path) } }
            try Self.retryingWhileBusy {
                try Self.checkAndMigrate(database, path: path, now: now, shapeCheckedAt: shapeCheckedAt)
            }
            return database
        }
    }

    /// Refuses a store path that is there as something other than a regular file (a FIFO, a
    /// device, a directory), before anything opens it: SQLite's open of a FIFO waits for a
    /// writer for ever.
    public static func checkIsAFile(at path: String) throws(StoreError) {
        try StoreFile.checkRegular(path)
    }

    /// Opens the store for a command that only reads: nothing is created, converted or
    /// migrated (a WAL store may get an empty `-wal` and a `-shm` beside it: see `openReadOnly`).
    ///
    /// A store not made yet reads as an empty one (in memory); one nudge backed up that is not
    /// there any more is refused as damaged (`StoreFile.checkNotLost`). A SQLite file without nudge's
    /// tables (DoseTap's, Monica's, an empty one), or a backup an older nudge took, reads as a
    /// copy in memory that nudge migrated: what is there, with nudge's defaults, and the file
    /// left as it is. A store an older nudge made is migrated, as any nudge would.
    public init(readingOnly path: String, now: Date = Date()) throws(StoreError) {
        try StoreFile.checkNotLost(path)
        guard FileManager.default.fileExists(atPath: path) else {
            do {
                let empty = try DatabaseQueue()
                try empty.write { db in try Schema.migrate(db, now: now) }
                self.init(path: path, database: empty)
            } catch { throw .failed(path: path, reason: String(describing: error)) }
            return
        }
        try StoreFile.checkRegular(path)
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = LockWait.busyMode
        configuration.label = "nudge.store"
        configuration.prepareDatabase { db in ForeignLog.setAsideIfForeign(db, store: path) }
        let (database, (applied, isBackup, version)) = try Self.opening(path) {
            let database = try Self.openReadOnly(path, configuration)
            return (database, try database.read { db in try Self.readingState(db, path: path) })
        }
        guard applied.count == Schema.identifiers.count else {
            guard !applied.isEmpty && !isBackup else {
                let copy = try Self.opening(path) { () throws -> DatabaseQueue in
                    let copy = try DatabaseQueue()
                    try database.backup(to: copy)
                    try Self.checkAndMigrate(copy, path: path, now: now)
                    return copy
                }
                self.init(path: path, database: copy)
                return
            }
            try? database.close()  // as in `init(changing:)`
            self = try Store(path: path, now: now)
            return
        }
        self.init(path: path, database: database, shapeCheckedAt: version)
    }

    /// Runs the opening of the store (again while the log's index is stale: `StaleLogIndex`),
    /// its failures as one clear StoreError.
    private static func opening<T>(_ path: String, _ body: () throws -> T) throws(StoreError) -> T {
        do {
            return try StaleLogIndex.retrying(path, body)
        } catch let error as StoreError {
            throw error
        } catch let error as DatabaseError {
            throw failure(error, path: path, opening: true)
        } catch {
            throw .cannotOpen(path: path, reason: String(describing: error))
        }
    }

    /// This store with only these kinds planned, shown and answered (in registry order).
    public func choosingKinds(_ kinds: [ReminderKind]) -> Store {
        var chosen = self
        chosen.rules = rules.filter { kinds.contains($0.kind) }
        return chosen
    }

    /// The kinds planned, shown and answered, in registry order.
    public var kinds: [ReminderKind] { rules.map(\.kind) }

    private init(
        path: String, database: DatabaseQueue, openedOnFirstWrite: OpenedOnFirstWrite? = nil, shapeCheckedAt: Int? = nil
    ) {
        self.path = path
        self.openedDatabase = database
        self.openedOnFirstWrite = openedOnFirstWrite
        self.shapeCheckedAt = shapeCheckedAt
    }

    /// Opens the store for a command that changes what is in it: as `init(path:)`, except that a
    /// store not made yet, or a SQLite file without nudge's tables (another program's), is read
    /// as the empty store it would become and created or migrated only by the first write. A
    /// command refused before it writes then creates, converts and migrates nothing.
    public init(changing path: String, now: Date = Date()) throws(StoreError) {
        try StoreFile.checkChangeable(path)
        let reading = try Store(readingOnly: path, now: now)
        guard reading.isCopyInMemory else {
            // Closed first: the writer would share its index of the log (`StaleLogIndex`).
            try? reading.openedDatabase.close()
            self = try Store(path: path, now: now, shapeCheckedAt: reading.shapeCheckedAt)
            return
        }
        self.init(
            path: path, database: reading.openedDatabase, openedOnFirstWrite: OpenedOnFirstWrite(path: path, now: now))
    }

    /// Whether this is the in memory stand-in `init(readingOnly:)` reads for a file without
    /// nudge's tables, or for none.
    private var isCopyInMemory: Bool { openedDatabase.path == ":memory:" }

    /// The connection a write goes through: a deferred store's file is opened by it.
    private func writableDatabase() throws(StoreError) -> DatabaseQueue {
        guard let openedOnFirstWrite else { return openedDatabase }
        return try openedOnFirstWrite.store().openedDatabase
    }

    /// SQLite answers SQLITE_BUSY without waiting in a few cases (another connection recovering
    /// the WAL index or closing the last connection, a switch to WAL while another process has
    /// the file open): opening and the first check are retried for up to the busy timeout
    /// rather than failed. Both are safe to repeat: the check reads the state again.
    private static func retryingWhileBusy<T>(_ body: () throws -> T) throws -> T {
        let deadline = Date().addingTimeInterval(60)
        var pause: TimeInterval = 0.005
        while true {
            do {
                return try body()
            } catch let error as DatabaseError where error.resultCode == .SQLITE_BUSY && Date() < deadline {
                Thread.sleep(forTimeInterval: pause)
                pause = min(pause * 2, 0.5)
            }
        }
    }

    /// Runs a read, turning database errors into one clear StoreError.
    func read<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            return try database.read { db in try UnreadableRows.$current.withValue(unreadable) { try body(db) } }
        } catch { throw failure(error) }
    }

    /// Runs one write transaction, turning database errors into one clear StoreError.
    func write<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do {
            if let unchanged = try changingNoRow(body) { return unchanged }
            return try writableDatabase().write { db in
                try UnreadableRows.$current.withValue(unreadable) { try body(db) }
            }
        } catch { throw failure(error) }
    }

    /// A write to a store not made yet is tried on the store it would be and rolled back: one
    /// that changes no row (a row not found, a refusal) is answered there and creates no file.
    private func changingNoRow<T>(_ body: (Database) throws -> T) throws -> T? {
        guard let openedOnFirstWrite, openedOnFirstWrite.storeIfOpened == nil else { return nil }
        var unchanged: T?
        try openedDatabase.writeWithoutTransaction { db in
            try db.inTransaction {
                let before = db.totalChangesCount
                let value = try UnreadableRows.$current.withValue(unreadable) { try body(db) }
                if db.totalChangesCount == before { unchanged = value }
                return .rollback
            }
        }
        return unchanged
    }

    /// The rows left out as unreadable by the reads since the last call.
    public func takeUnreadableRows() -> Set<UnreadableRow> { unreadable.take() }

    /// Runs one write transaction that a change refused as no longer applying rolls back: then
    /// the refusal is returned and nothing is written.
    func writeUnlessRefused<T>(_ body: (Database) throws -> T) throws(StoreError) -> Result<T, InputError> {
        do {
            if let unchanged = try changingNoRow(body) { return .success(unchanged) }
            return .success(try writableDatabase().write(body))
        } catch let refused as ChangeRefused {
            return .failure(refused.refusal)
        } catch {
            throw failure(error)
        }
    }
}
