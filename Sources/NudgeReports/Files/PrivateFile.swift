import Foundation
import Glibc
import NudgeCore
import NudgeStore
import NudgeSystem

/// A file nudge writes what the person keeps private into: an export given with `--output`, a
/// draft. Only its owner can read it, whatever the umask. It is written whole or not at all (a
/// temporary file beside it, fsynced, renamed over it), and only ever in place of a regular file:
/// never over a device, a pipe, or the store or one of its files under any name.
public enum PrivateFile {
    /// What beside the store belongs to it: SQLite's files and nudge's own.
    public static let storeFileSuffixes = [
        "", "-wal", "-shm", "-journal", ".answers", ".awaiting", ".drafts", ".backups", ".daemon-lock",
        ".backup-location",
    ]
    /// The store as it was before a restore, kept beside it by `nudge restore`.
    public static let beforeRestore = ".before-restore-"

    /// Whether a regular file begins as every SQLite database does.
    public static func isSQLiteDatabase(_ path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var header = [UInt8](repeating: 0, count: 16)
        return read(descriptor, &header, 16) == 16 && header == Array("SQLite format 3\0".utf8)
    }

    /// Refuses, before anything is read or written, an `--output` that cannot be written safely:
    /// empty, in a missing directory, there already as something other than a regular file, or
    /// the store or one of its files (by name after links are resolved, or by device and inode,
    /// so that a hard link counts), another database's log by its name, an existing SQLite
    /// database, or in the backup directory, whose files nudge names and thins.
    /// `checkingDatabases` false: the caller tells SQLite databases apart itself (`backup
    /// --output` writes over an earlier backup of its store).
    public static func validateOutput(
        _ path: String, store: String, backupDirectory: String? = nil, checkingDatabases: Bool = true
    ) throws {
        guard !path.isEmpty else { throw UsageRefusal("--output is empty; give the path of the file to write") }
        let directory = PathText.directory(of: path)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.isEmpty ? "." : directory, isDirectory: &isDirectory),
            isDirectory.boolValue
        else {
            // EX_CANTCREAT, as README's exit codes say of a file to write (hostile round 30: 64).
            throw CommandFailure(
                "--output '\(path)': the directory \(directory) does not exist; create it or give another path",
                exitCode: 73)
        }
        var target = stat()
        let exists = lstat(path, &target) == 0
        if exists && target.st_mode & S_IFMT != S_IFREG {
            throw UsageRefusal(
                "--output '\(path)' is not a regular file (a directory, device, pipe or link); give the path of a file")
        }
        // The default backup folder: its files are the store's, named and thinned by nudge.
        if isInStoresBackupFolder(path, store: store) {
            throw UsageRefusal(
                "--output '\(path)' is in the store's backup folder \(store).backups, whose files nudge names and thins; give another path"
            )
        }
        if isStoreFile(path, existing: exists ? target : nil, store: store) {
            throw UsageRefusal("--output '\(path)' is the store or one of its files; give another path")
        }
        try refuseAnotherDatabasesLog(path)
        // Another store or a backup (its -wal long gone): one mistyped path would replace a diary.
        if checkingDatabases && exists && isSQLiteDatabase(path) {
            throw UsageRefusal(
                "--output '\(path)' is a SQLite database (a store or a backup), which nudge never writes over; give a new file's path"
            )
        }
        if let backupDirectory {
            let backups = StoreLocation.canonical(backupDirectory)
            let parent = StoreLocation.canonical(directory.isEmpty ? "." : directory)
            if parent == backups || parent.hasPrefix(backups + "/") {
                throw UsageRefusal(
                    "--output '\(path)' is in the backup directory \(backupDirectory), whose files nudge names and thins; give another path"
                )
            }
        }
    }

    /// Whether `path` is inside `STORE.backups`, the default backup folder, whatever the
    /// spelling of either path.
    private static func isInStoresBackupFolder(_ path: String, store: String) -> Bool {
        StoreLocation.canonical(path).hasPrefix(StoreLocation.canonical(store) + ".backups/")
    }

    /// SQLite takes a file by such a name beside a database as that database's log: it would
    /// discard it, or read it into the database.
    private static func refuseAnotherDatabasesLog(_ path: String) throws {
        for suffix in ["-wal", "-shm", "-journal"] where path.hasSuffix(suffix) {
            let database = String(path.dropLast(suffix.count))
            if isSQLiteDatabase(database) {
                throw UsageRefusal(
                    "--output '\(path)' is the name of the \(suffix.dropFirst()) file SQLite keeps beside the database \(database), which it would discard or read as its own; give another path"
                )
            }
        }
    }

    /// Refuses a backup directory that could not hold backups: there as something other than
    /// a directory, the store or one of its files, or in a parent that is missing or that
    /// nudge cannot write (the directory is made 0700 at the first backup).
    public static func validateBackupDirectory(_ path: String, store: String) -> String? {
        var status = stat()
        let storeName = StoreLocation.canonical(store)
        let name = StoreLocation.canonical(path)
        if isInStoresBackupFolder(path, store: store) {
            return
                "it is in the store's backup folder \(store).backups, whose files nudge names and thins; give a directory of its own"
        }
        if name != storeName + ".backups",
            isStoreFile(path, existing: lstat(path, &status) == 0 ? status : nil, store: store) || name == storeName
        {
            return "it is the store or one of its files; give a directory of its own"
        }
        if stat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFDIR else { return "it is a file, not a directory; give a directory" }
            guard access(path, W_OK | X_OK) == 0 else {
                return "nudge cannot write in it; make it writable or give another directory"
            }
            return nil
        }
        if errno == ELOOP { return "it is a symbolic link that loops; give a directory" }
        let parent = PathText.directory(of: path)
        guard stat(parent, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            return "its parent \(parent) does not exist; create it or give another directory"
        }
        guard access(parent, W_OK | X_OK) == 0 else {
            return "nudge cannot create it in \(parent); give a directory in a writable place"
        }
        return nil
    }

    private static func isStoreFile(_ path: String, existing target: stat?, store: String) -> Bool {
        let name = StoreLocation.canonical(path)
        let storeName = StoreLocation.canonical(store)
        for suffix in storeFileSuffixes {
            if name == storeName + suffix || name.hasPrefix(storeName + suffix + "/") { return true }
            if name.hasPrefix(storeName + beforeRestore) { return true }
            var sibling = stat()
            if let target, stat(store + suffix, &sibling) == 0, sibling.st_dev == target.st_dev,
                sibling.st_ino == target.st_ino
            {
                return true
            }
        }
        return false
    }

    /// Makes a directory only its owner can enter (the drafts beside the store); one that is
    /// there already is used as it is.
    public static func makeDirectory(_ path: String) throws {
        if mkdir(path, 0o700) != 0 && errno != EEXIST {
            throw CommandFailure("cannot make \(path): \(String(cString: strerror(errno)))", exitCode: 73)
        }
    }

    /// Writes a file only its owner can read, replacing one that was there: the whole text in a
    /// temporary file beside it, fsynced, then renamed over it. A failure leaves the file as it
    /// was and no temporary file behind, and so does SIGINT, SIGTERM or SIGHUP ending the process.
    public static func write(_ text: String, to path: String) throws {
        AbandonedFiles.removeTemporary(beside: path, prefix: ".", now: Date())
        let directory = PathText.directory(of: path)
        let file = try temporaryFile(beside: path)
        let descriptor = file.descriptor
        let temporary = file.path
        // Held while it is written: a later run removes it only once this process is gone.
        flock(descriptor, LOCK_EX)
        var open = true
        var renamed = false
        defer {
            file.forgetOnSignal()
            if open { close(descriptor) }
            if !renamed { unlink(temporary) }
        }
        guard fchmod(descriptor, 0o600) == 0 else { throw failure("cannot make \(path) private", exitCode: 73) }
        let bytes = Array(text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { throw failure("cannot write \(path)", exitCode: 73) }
            written += count
        }
        guard fsync(descriptor) == 0 else { throw failure("cannot write \(path)", exitCode: 73) }
        open = false
        guard close(descriptor) == 0 else { throw failure("cannot write \(path)", exitCode: 73) }
        // What is there may have changed since it was checked: replace only a regular file.
        var target = stat()
        if lstat(path, &target) == 0 && target.st_mode & S_IFMT != S_IFREG {
            throw CommandFailure("\(path) is no longer a regular file; nothing was written", exitCode: 73)
        }
        guard rename(temporary, path) == 0 else { throw failure("cannot write \(path)", exitCode: 73) }
        renamed = true
        syncFolder(directory.isEmpty ? "." : directory)
    }

    /// `.NAME.XXXXXX` beside `path`, removed by a signal that ends the process until forgotten.
    private static func temporaryFile(beside path: String) throws -> NotedTemporaryFile {
        let directory = PathText.directory(of: path)
        let template = "\(directory.isEmpty ? "." : directory)/.\((path as NSString).lastPathComponent).XXXXXX"
        do {
            return try NotedTemporaryFile(template: template)
        } catch {
            throw failure("cannot write \(path)", exitCode: 73, code: error.code)
        }
    }

    /// fsync of a folder: a rename lasts once its folder is synced.
    private static func syncFolder(_ folder: String) {
        let descriptor = Glibc.open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }

    private static func failure(_ what: String, exitCode: Int32, code: Int32 = errno) -> CommandFailure {
        CommandFailure(
            "\(what): \(String(cString: strerror(code))); the file there before, if any, is unchanged",
            exitCode: exitCode)
    }
}
