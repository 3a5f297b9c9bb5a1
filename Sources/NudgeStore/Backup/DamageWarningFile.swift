import Foundation
import NudgeCore

#if canImport(Glibc)
    import Glibc
#endif

/// The damage warning of a daemon that could not open the store and exited (status 65), in a
/// file of its own beside the store (`STORE.damage-warning`, JSON, 0600): the store cannot
/// hold it, and the backup location of an emptied or removed store stays as its backup wrote
/// it (`LostStoreTests`). The next daemon that finds the store sound closes the warning and
/// removes the file, as it does for one recorded in the backup location.
public enum DamageWarningFile {
    public static func path(ofStore store: String) -> String { store + ".damage-warning" }

    /// The warning recorded beside the store; nil when none is, or the file is not one nudge
    /// wrote (not a small regular file of this user's, or not its JSON).
    public static func read(store: String) -> DamageWarning? {
        let descriptor = open(path(ofStore: store), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_uid == getuid(),
            status.st_size > 0, status.st_size <= 4096
        else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        guard Glibc.read(descriptor, &bytes, bytes.count) == bytes.count else { return nil }
        return try? JSONDecoder().decode(DamageWarning.self, from: Data(bytes))
    }

    /// Records `warning` beside the store: written whole into a temporary file and renamed,
    /// only over a regular file. Whether it was written.
    @discardableResult
    public static func record(_ warning: DamageWarning, store: String) -> Bool {
        let target = path(ofStore: store)
        var status = stat()
        if lstat(target, &status) == 0, status.st_mode & S_IFMT != S_IFREG { return false }
        guard let data = try? JSONEncoder().encode(warning),
            let temporary = try? Store.temporaryFile(beside: target, prefix: ".nudge-warning-")
        else { return false }
        defer { temporary.forgetOnSignal() }
        let descriptor = temporary.descriptor
        let written =
            data.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) } == data.count
            && fsync(descriptor) == 0
        close(descriptor)
        // What is at the path may have changed meanwhile: a rename replaces only a regular file.
        let stillRegular = lstat(target, &status) != 0 || status.st_mode & S_IFMT == S_IFREG
        guard written, stillRegular, rename(temporary.path, target) == 0 else {
            unlink(temporary.path)
            return false
        }
        return true
    }

    /// Forgets the warning recorded beside the store (the file, when it is a regular one).
    public static func forget(store: String) {
        let target = path(ofStore: store)
        var status = stat()
        guard lstat(target, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return }
        unlink(target)
    }
}
