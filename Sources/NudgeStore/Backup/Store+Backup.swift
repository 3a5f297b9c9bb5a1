import Foundation
import GRDB
import NudgeCore

#if canImport(Glibc)
    import Glibc
#endif

/// Backups through SQLite's online backup: one read transaction copies every page, so the
/// copy is consistent while other processes write, and a file copy (which can tear a page or
/// miss the WAL) is never made.
extension Store {
    /// Why a backup or a restore did not happen; each says what to do.
    public struct BackupFailure: Error, Equatable, CustomStringConvertible {
        public var description: String
        /// sysexits: 65 a file that is not a sound nudge store, 73 cannot write, 74 I/O.
        public var exitCode: Int32
        /// For a restore not made because the store changed after the person agreed: what it
        /// would roll back now.
        public var changedAccount: RestoreAccount?

        init(description: String, exitCode: Int32, changedAccount: RestoreAccount? = nil) {
            self.description = description
            self.exitCode = exitCode
            self.changedAccount = changedAccount
        }
    }

    /// Takes a backup into `directory` (made 0700 if missing), named by `now`: written to a
    /// temporary file, checked whole (`PRAGMA integrity_check`), fsynced and renamed. A backup
    /// that fails its check is removed and thrown, and the ones before stay. The directory and
    /// the store's identity are recorded beside the store (`BackupLocation`).
    /// A failure is recorded beside the store (`FailedBackup`) for doctor to name.
    public func backUp(into directory: String, at now: Date) throws(BackupFailure) -> BackupFile {
        do {
            return try takeBackup(into: directory, at: now)
        } catch {
            BackupLocation.recordFailure(
                FailedBackup(failedAt: now, directory: directory, reason: error.description),
                identity: (try? identity()) ?? nil, store: path)
            throw error
        }
    }

    private func takeBackup(into directory: String, at now: Date) throws(BackupFailure) -> BackupFile {
        // Before the folder is made: one missing from an unplugged disk is not made on its mount point.
        if let unplugged = BackupDirectory.unplugged(directory, store: path) {
            throw BackupFailure(
                description:
                    "\(unplugged.problem): no backup is written there, where it would hide under the disk once it is back; mount the disk again, or set backup.directory to another folder",
                exitCode: 73)
        }
        if mkdir(directory, 0o700) != 0 && errno != EEXIST {
            throw BackupFailure(
                description: "cannot make the backup directory \(directory): \(String(cString: strerror(errno)))",
                exitCode: 73)
        }
        var status = stat()
        guard stat(directory, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            throw BackupFailure(
                description: "the backup directory \(directory) is not a directory; set backup.directory to another",
                exitCode: 73)
        }
        let written = try backUp(
            toFile: directory + "/" + BackupDirectory.fileName(for: now), at: now,
            placement: .newName(in: directory, takenAt: now))
        let recorded = recordBackupDirectory(tookInto: directory, newest: (written.path as NSString).lastPathComponent)
        var backup = BackupFile(
            path: written.path, takenAt: now, size: written.size,
            origin: written.identity.map { .store($0) } ?? .unmarked)
        backup.unrecordedReason = recorded.failure
        return backup
    }

    /// Writes a checked backup taken at `now` to `path`, only ever in place of the regular file
    /// that was there when it began, or where nothing was; returns its size.
    @discardableResult
    public func backUp(toFile path: String, at now: Date = Date()) throws(BackupFailure) -> Int {
        try backUp(toFile: path, at: now, placement: .given(was: StoreOverwrite.stamp(path))).size
    }

    /// Writes a checked backup to `path`, or where `placement` says; returns where, its size and
    /// the store's identity it holds.
    private func backUp(
        toFile path: String, at now: Date, placement: BackupPlacement
    ) throws(BackupFailure) -> (path: String, size: Int, identity: String?) {
        let directory = PathText.directory(of: path)
        let room = BackupRoom(store: self.path, folder: directory)
        // Held while it is written: a later backup removes it only once this process is gone.
        let held = try HeldTemporaryFile(beside: path, prefix: "." + BackupDirectory.prefix)
        defer { held.remove() }
        let identity: String?
        do {
            identity = try writeCheckedCopy(
                to: held.path, at: now,
                failing: placement.isNewName ? "a backup into \(directory)" : "the backup \(path)")
            try held.sync()
            try held.refuseMovedFolder()
        } catch {
            try held.refuseMovedFolder()
            throw room.explained(error, folder: directory)
        }
        let written = try placement.put(held.path, at: path)
        try Self.sync(directory.isEmpty ? "." : directory)
        var status = stat()
        return (written, stat(written, &status) == 0 ? Int(status.st_size) : 0, identity)
    }

    /// Copies the store into `temporary` and checks the copy whole; returns the identity it
    /// holds. `what` names the backup in a failure to write.
    private func writeCheckedCopy(to temporary: String, at now: Date, failing what: String) throws(BackupFailure)
        -> String?
    {
        do {
            // A store whose identity another program deleted: its backup carries the identity
            // recorded beside it, and stays its own (the store gets it back at its next
            // write-opening).
            let recorded = BackupLocation.read(store: self.path)?.identity
            // A self-contained file: no -wal beside a backup, whatever mode the store is in.
            let (answer, identity) = try database.read { db in
                let own = try Self.identity(db)
                return (
                    try BackupCopy.write(
                        from: db, to: temporary, takenAt: now, identity: own == nil ? recorded : nil,
                        takenFrom: self.path),
                    own ?? recorded
                )
            }
            if let damage = answer.damage {
                throw BackupFailure(
                    description:
                        "the backup failed its integrity check (\(damage)): the store is damaged; no backup was written",
                    exitCode: 65)
            }
            return identity
        } catch let failure as BackupFailure {
            throw failure
        } catch let error as DatabaseError
            where error.resultCode == .SQLITE_CORRUPT || error.resultCode == .SQLITE_NOTADB
        {
            throw BackupFailure(
                description: "the store is damaged (\(error.message ?? "malformed")); no backup was written",
                exitCode: 65)
        } catch {
            // Its name is chosen once it is written: the name asked for may be an earlier,
            // whole backup of the same second, which the person must not take for broken.
            throw BackupFailure(description: "cannot write \(what): \(DiskError.reason(error))", exitCode: 74)
        }
    }

    /// SQLite's quick check of the whole store: nil when sound (rows against their column's rule
    /// are no damage: `IntegrityCheck`), else its first complaint.
    public func quickCheck() throws(StoreError) -> String? {
        try read { db in IntegrityCheck(answers: try String.fetchAll(db, sql: "PRAGMA quick_check")).damage }
    }

    /// An empty file only its owner can read, beside `path`, open, for a file written whole
    /// then renamed; a signal ending the process removes it until it is forgotten.
    static func temporaryFile(beside path: String, prefix: String) throws(BackupFailure) -> NotedTemporaryFile {
        let directory = PathText.directory(of: path)
        let template =
            "\(directory.isEmpty ? "." : directory)/\(prefix)\((path as NSString).lastPathComponent).XXXXXX"
        do {
            return try NotedTemporaryFile(template: template)
        } catch {
            throw BackupFailure(
                description: "cannot write in \(directory): \(String(cString: strerror(error.code)))", exitCode: 73)
        }
    }

    /// fsync of a file or a directory (a rename lasts once its directory is synced).
    static func sync(_ path: String) throws(BackupFailure) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        // A folder one may write but not read (mode 300): Linux opens a folder only for reading
        // (O_WRONLY is EISDIR) and cannot fsync an O_PATH descriptor (EBADF), so nothing can
        // sync it. The file in it is synced whole already; its name is the file system's to
        // commit (ext4 within 5 s), and calling a backup that is in place failed would be false.
        if descriptor < 0, errno == EACCES, Self.isFolder(path) { return }
        guard descriptor >= 0 else {
            throw BackupFailure(description: "cannot sync \(path): \(String(cString: strerror(errno)))", exitCode: 74)
        }
        defer { close(descriptor) }
        guard fsync(descriptor) == 0 else {
            throw BackupFailure(description: "cannot sync \(path): \(String(cString: strerror(errno)))", exitCode: 74)
        }
    }

    private static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }
}
