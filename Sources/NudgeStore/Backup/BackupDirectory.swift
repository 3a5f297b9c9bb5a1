import Foundation
import GRDB
import NudgeCore

#if canImport(Glibc)
    import Glibc
#endif

/// One backup of the store: a whole SQLite file (every app's tables), named by its UTC instant.
public struct BackupFile: Sendable, Equatable {
    public var path: String
    /// The instant recorded inside it; for one taken before backups recorded it, its name's
    /// or its file's modification time, whichever is earlier (a file is not older than it was
    /// last written: a name ahead of that was made by hand).
    public var takenAt: Date
    public var size: Int
    public var origin: BackupOrigin
    /// The path and inode of the store file it was taken from; nil in one an older nudge took.
    public var takenFrom: String?
    public var takenFromInode: String?
    /// For a backup just taken: why `STORE.backup-location` could not record it (the store's
    /// folder is read-only); nil when it did.
    public var unrecordedReason: String?

    public init(
        path: String, takenAt: Date, size: Int, origin: BackupOrigin = .unmarked, takenFrom: String? = nil,
        takenFromInode: String? = nil
    ) {
        self.path = path
        self.takenAt = takenAt
        self.size = size
        self.origin = origin
        self.takenFrom = takenFrom
        self.takenFromInode = takenFromInode
    }

    /// Taken for an instant more than 5 minutes after `now`: while the clock was wrong, or named
    /// by hand. Such a backup is not the newest for the daemon or `restore --latest`.
    public func isAhead(of now: Date) -> Bool { takenAt.timeIntervalSince(now) > 300 }
}

/// What a backup holds: SQLite's integrity check, and how many rows of each kind of record.
public struct BackupContents: Sendable, Equatable {
    /// "ok" when sound, else SQLite's first complaint.
    public var check: String
    /// By label ("diary entries", "dose events", ...), in `BackupDirectory.countedTables` order; a
    /// table the file lacks counts 0.
    public var counts: [(label: String, count: Int)]

    public var isSound: Bool { check == "ok" }

    public static func == (lhs: BackupContents, rhs: BackupContents) -> Bool {
        lhs.check == rhs.check && lhs.counts.map(\.label) == rhs.counts.map(\.label)
            && lhs.counts.map(\.count) == rhs.counts.map(\.count)
    }
}

/// The backup directory: its files, their names and contents, and the thinning of old ones.
public enum BackupDirectory {
    /// `STORE.backups` beside the store, unless `backup.directory` names another.
    public static func directory(store: String, setting: String) -> String {
        setting.isEmpty ? store + ".backups" : setting
    }

    /// Where the backups of a store SQLite cannot read are: its `backup.directory` when that
    /// row can still be read, else the folder recorded beside the store (`BackupLocation`),
    /// else beside it.
    public static func directory(ofDamagedStore store: String) -> String {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.busyMode = .timeout(5)
        // No row is the default folder; a store that cannot be read says nothing (nil).
        let rows = try? Store.openReadOnly(store, configuration).read { db in
            try String.fetchAll(
                db, sql: "SELECT value FROM settings WHERE key = ?", arguments: [BackupPolicy.directory.rawValue])
        }
        guard let rows else {
            return BackupLocation.read(store: store)?.directory ?? directory(store: store, setting: "")
        }
        return directory(store: store, setting: rows.first ?? "")
    }

    public static let prefix = "nudge-"
    static let suffix = ".sqlite"

    /// `nudge-20261124T033000Z.sqlite`: sorts by time, and has no colon for sync tools that refuse
    /// one. A second backup in the same second is `nudge-20261124T033000Z.2.sqlite`.
    static func fileName(for instant: Date, attempt: Int = 1) -> String {
        prefix + Timestamp.compact(instant) + (attempt > 1 ? ".\(attempt)" : "") + suffix
    }

    static func instant(ofFileName name: String) -> Date? {
        guard name.hasPrefix(prefix), name.hasSuffix(suffix) else { return nil }
        var compact = Array(name.dropFirst(prefix.count).dropLast(suffix.count))
        if compact.count > 17, compact[16] == ".", compact[17] != "0",
            compact[17...].allSatisfy({ $0.isASCII && $0.isNumber })
        {
            compact = Array(compact[..<16])
        }
        return Timestamp.parse(compact: String(compact))
    }

    /// The backups in `directory` of every store, newest first, those taken ahead of `now`
    /// last; none when it does not exist. A file gone while it is read is not listed, nor a
    /// live store named as a backup (see `isLive`), nor `store`'s own file. A file that went
    /// between the folder's reading and its own was thinned by a backup taken meanwhile, whose
    /// new file the folder's reading may have missed: the folder is read again, up to 10 times
    /// (hostile round 28 on issue 39: `nudge backups` said none while the only one was replaced).
    /// `afterReadingFolder` runs between the two readings: a test's step.
    public static func list(
        in directory: String, now: Date, store: String? = nil, afterReadingFolder: () -> Void = {}
    ) -> [BackupFile] {
        var storeStatus = stat()
        let storeFile = store.flatMap { stat($0, &storeStatus) == 0 ? (storeStatus.st_dev, storeStatus.st_ino) : nil }
        var listed: (backups: [BackupFile], vanished: Bool) = ([], false)
        for _ in 1...10 {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
            afterReadingFolder()
            listed = read(names, in: directory, besides: storeFile)
            if !listed.vanished { break }
        }
        return listed.backups.sorted(by: { inOrder($0, $1, now: now) })
    }

    /// The backups among `names`, and whether a file named as one was gone when it was read.
    private static func read(
        _ names: [String], in directory: String, besides storeFile: (dev_t, ino_t)?
    ) -> (backups: [BackupFile], vanished: Bool) {
        var vanished = false
        let backups = names.compactMap { name -> BackupFile? in
            guard let named = instant(ofFileName: name) else { return nil }
            let path = directory + "/" + name
            var status = stat()
            guard lstat(path, &status) == 0 else {
                vanished = vanished || errno == ENOENT
                return nil
            }
            guard status.st_mode & S_IFMT == S_IFREG, storeFile.map({ $0 != (status.st_dev, status.st_ino) }) ?? true
            else { return nil }
            guard let stamp = BackupStamp.read(path) else {
                vanished = vanished || lstat(path, &status) != 0
                return nil
            }
            guard !isLive(path, status: status, stamp: stamp) else { return nil }
            let written = Date(timeIntervalSince1970: Double(status.st_mtim.tv_sec))
            return BackupFile(
                path: path, takenAt: stamp.takenAt ?? min(named, written), size: Int(status.st_size),
                origin: stamp.origin, takenFrom: stamp.takenFrom, takenFromInode: stamp.takenFromInode)
        }
        return (backups, vanished)
    }

    /// Newest first, those taken ahead of `now` last.
    public static func newestFirst(_ backups: [BackupFile], now: Date) -> [BackupFile] {
        backups.sorted(by: { inOrder($0, $1, now: now) })
    }

    private static func inOrder(_ one: BackupFile, _ other: BackupFile, now: Date) -> Bool {
        // Within one second `.2` came after the plain name, `.10` after `.9`.
        let (first, second) = (one.isAhead(of: now), other.isAhead(of: now))
        guard first == second else { return second }
        return (one.takenAt, one.path.count, one.path) > (other.takenAt, other.path.count, other.path)
    }

    /// A store in use under a backup's name (one kept in the backup folder, or a backup
    /// opened for writing by an older nudge): a `-wal` beside it (backups are written in
    /// rollback mode, and read immutable), or the inode its store records is its own. Never
    /// a backup: not listed, never thinned.
    private static func isLive(_ path: String, status: stat, stamp: BackupStamp) -> Bool {
        access(path + "-wal", F_OK) == 0 || stamp.fileInode == String(status.st_ino)
    }

    /// Opens a backup read-only and immutable (nothing is written beside it), checks it whole,
    /// and counts its records; a file SQLite cannot read says why in `check`.
    public static func inspect(_ path: String) -> BackupContents {
        read(path, immutable: true, checking: true)
    }

    /// The records of a file just checked, or of the live store (`immutable` false: read with
    /// its WAL), without checking it again: an integrity check reads every page, which takes
    /// seconds on a large store. None when SQLite cannot read it.
    public static func counts(_ path: String, immutable: Bool) -> [(label: String, count: Int)] {
        read(path, immutable: immutable, checking: false).counts
    }

    private static func read(_ path: String, immutable: Bool, checking: Bool) -> BackupContents {
        do {
            var configuration = Configuration()
            configuration.readonly = true
            configuration.busyMode = LockWait.busyMode
            let file = immutable ? try openImmutable(path) : try DatabaseQueue(path: path, configuration: configuration)
            return try file.read { db in
                // The first complaint that is damage says enough (`IntegrityCheck`).
                let check =
                    checking
                    ? IntegrityCheck(answers: try String.fetchAll(db, sql: "PRAGMA integrity_check")).damage ?? "ok"
                    : "ok"
                let tables = Set(try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'"))
                let counts = try countedTables.map { table, label, _ in
                    (label, tables.contains(table) ? try count(table, db) : 0)
                }
                return BackupContents(check: check, counts: counts)
            }
        } catch let error as DatabaseError {
            return BackupContents(check: error.message ?? error.description, counts: [])
        } catch {
            return BackupContents(check: String(describing: error), counts: [])
        }
    }

    /// Removes the temporary files of backups killed midway (`abandoned`); returns their names
    /// (SQLite's files beside them are not named apart).
    @discardableResult
    public static func removeAbandoned(in directory: String, now: Date = Date()) -> [String] {
        abandoned(in: directory, now: now).filter { unlink($0.path) == 0 && $0.isMain }.map {
            ($0.path as NSString).lastPathComponent
        }
    }

    /// The temporary files of backups killed midway (`.nudge-nudge-INSTANT.sqlite.PID.XXXXXX`,
    /// and SQLite's files beside them), this user's, that no live process writes
    /// (`HeldTemporaryFile.isAbandoned`: one of a process that is gone at once, else once over
    /// 10 seconds old).
    public static func abandoned(in directory: String, now: Date = Date()) -> [(path: String, isMain: Bool)] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).sorted().compactMap { name in
            guard name.hasPrefix("." + prefix) else { return nil }
            let companion = HeldTemporaryFile.companions.first { name.hasSuffix($0) } ?? ""
            let main = directory + "/" + name.dropLast(companion.count)
            let path = directory + "/" + name
            var status = stat()
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_uid == getuid(),
                HeldTemporaryFile.isAbandoned(
                    main, modified: HeldTemporaryFile.modified(status), now: now)
            else { return nil }
            return (path, companion.isEmpty)
        }
    }

    static func openImmutable(_ path: String) throws -> DatabaseQueue {
        var configuration = Configuration()
        configuration.readonly = true
        configuration.label = "nudge.backup"
        return try DatabaseQueue(path: "file:\(Store.uriEscaped(path))?immutable=1", configuration: configuration)
    }
}
