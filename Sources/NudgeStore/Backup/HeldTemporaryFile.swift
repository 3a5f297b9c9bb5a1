import Foundation
import NudgeCore

#if canImport(Glibc)
    import Glibc
#endif

/// A temporary file beside another, 0600 from its first byte, that its process holds an
/// exclusive `flock` on for as long as it lives: a later run tells a file of a killed process
/// (the kernel drops its lock) from one a live process still uses, whatever its age. Its name
/// carries its writer's pid (`PREFIX + NAME.PID.XXXXXX`): the file is made a moment before it
/// is locked, and only a live writer can be in that moment. SIGINT, SIGTERM or SIGHUP ending
/// the process removes it too (`NotedTemporaryFile`): a Ctrl-C leaves no hidden copy of the store.
final class HeldTemporaryFile {
    static let companions = ["-wal", "-shm", "-journal"]

    let path: String
    private var descriptor: Int32
    /// Its folder, held: a folder moved away while the file is written (`mv out out.old`) is
    /// still the one it is removed from, not the new folder now at the path. -1 for a folder
    /// this user may write but not read (mode 300): removed by path then.
    private let folder: Int32
    private let name: String
    /// The file as made, noted among those a signal removes.
    private let noted: NotedTemporaryFile

    /// `DIR/PREFIX + NAME.PID.XXXXXX` beside `besidePath`.
    init(beside besidePath: String, prefix: String) throws(Store.BackupFailure) {
        let directory = PathText.directory(of: besidePath)
        let besideName = (besidePath as NSString).lastPathComponent
        let folder = open(directory.isEmpty ? "." : directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        let template = "\(directory.isEmpty ? "." : directory)/\(prefix)\(besideName).\(getpid()).XXXXXX"
        let file: NotedTemporaryFile
        do {
            file = try NotedTemporaryFile(template: template, folder: folder)
        } catch {
            if folder >= 0 { close(folder) }
            throw Store.BackupFailure(
                description: "cannot write in \(directory): \(DiskError.describe(error.code))", exitCode: 73)
        }
        fchmod(file.descriptor, 0o600)
        flock(file.descriptor, LOCK_EX)
        self.descriptor = file.descriptor
        self.path = file.path
        self.name = (path as NSString).lastPathComponent
        self.folder = folder
        self.noted = file
    }

    /// fsync of what was written, through the file's own descriptor (its path may be another
    /// folder's by now).
    func sync() throws(Store.BackupFailure) {
        guard fsync(descriptor) == 0 else {
            throw Store.BackupFailure(
                description: "cannot sync \(path): \(DiskError.describe(errno))", exitCode: 74)
        }
    }

    /// Throws when the file is no longer at its path: its folder was moved away or replaced
    /// while it was written (SQLite, which opens it by path, fails with "disk I/O error").
    func refuseMovedFolder() throws(Store.BackupFailure) {
        var own = stat()
        var there = stat()
        guard fstat(descriptor, &own) == 0, lstat(path, &there) != 0 || there.st_ino != own.st_ino else { return }
        let folder = PathText.directory(of: path)
        throw Store.BackupFailure(
            description:
                "the folder \(folder.isEmpty ? "." : folder) was moved or replaced while the backup was written; no backup was written; run nudge backup again",
            exitCode: 74)
    }

    /// Removes the file and SQLite's files beside it from the folder it was made in, and from
    /// the folder now at its path (SQLite opens it by path, and makes it again in a new folder
    /// put there: the name, with this pid and its random part, is no one else's), then lets go
    /// of the lock.
    func remove() {
        guard descriptor >= 0 else { return }
        noted.forgetOnSignal()
        for suffix in [""] + Self.companions {
            if folder >= 0 { unlinkat(folder, name + suffix, 0) }
            unlink(path + suffix)
        }
        close(descriptor)
        if folder >= 0 { close(folder) }
        descriptor = -1
    }

    /// A signal ending the process no longer removes the file: it may be the only copy of
    /// what a later run must settle (`KeptCopy`).
    func keepOnSignal() { noted.forgetOnSignal() }

    /// Lets go of the file and its lock without removing it, for a later run to settle.
    func leave() {
        guard descriptor >= 0 else { return }
        noted.forgetOnSignal()
        close(descriptor)
        if folder >= 0 { close(folder) }
        descriptor = -1
    }

    deinit { remove() }

    /// Whether the temporary file at `path` (without SQLite's suffix), last written at
    /// `modified`, was left by a process that is gone: no process holds it, and the pid in its
    /// name is no process's, or the process that has it now started after the file was last
    /// written (the pid was used again: removed at once, however young), or it is over 10
    /// seconds old (a name without a pid, an older nudge's; or a start /proc does not give).
    static func isAbandoned(_ path: String, modified: Date, now: Date) -> Bool {
        guard !isHeld(path) else { return false }
        let parts = (path as NSString).lastPathComponent.split(separator: ".")
        if parts.count >= 3, let pid = pid_t(parts[parts.count - 2]), pid > 0 {
            if kill(pid, 0) != 0, errno == ESRCH { return true }
            // Its writer made it after it started; 0.1 s spares a clock read between the two.
            if let started = ProcessStart.instant(of: pid), started.timeIntervalSince(modified) > 0.1 { return true }
        }
        return now.timeIntervalSince(modified) > 10
    }

    /// When the file `status` describes was last written, to the nanosecond.
    static func modified(_ status: stat) -> Date {
        Date(timeIntervalSince1970: Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9)
    }

    /// Whether a live process holds the file at `path` (its lock is taken); false for a file
    /// that cannot be opened.
    static func isHeld(_ path: String) -> Bool {
        let probe = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard probe >= 0 else { return false }
        defer { close(probe) }
        return flock(probe, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK
    }
}
