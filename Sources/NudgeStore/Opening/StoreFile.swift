import Foundation
import NudgeCore

#if canImport(Glibc)
    import Glibc
#endif

/// The store's directory and file, made ready before SQLite opens them.
///
/// Any number of processes may do this at once on a store that does not exist yet (at login,
/// the daemon and a command): every step tolerates a creator that got there first.
enum StoreFile {
    static func prepare(at path: String) throws(StoreError) {
        try checkLink(path)
        try prepareDirectory(of: path)
        let directory = PathText.directory(of: path)
        var status = stat()
        if stat(path, &status) == 0 {
            try checkRegular(path, status: status)
            try checkWritable(path, status: status, directory: directory.isEmpty ? "." : directory)
            // An empty file (touched, or made by a program that opens before it writes) is a
            // store nudge is about to fill: it gets a new store's mode, not the umask's.
            if status.st_size == 0, status.st_uid == getuid() { chmod(path, 0o600) }
            return
        }
        // SQLite gives the -wal and -shm files the main file's mode, so this covers all three.
        let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            close(descriptor)
        } else if errno != EEXIST {
            throw .cannotOpen(path: path, reason: String(cString: strerror(errno)))
        }
    }

    /// The checks of `prepare` that change nothing, for a command that changes a store that is
    /// there: one it cannot write is said as such (mode, directory) before anything is read.
    static func checkChangeable(_ path: String) throws(StoreError) {
        try checkLink(path)
        var status = stat()
        guard stat(path, &status) == 0 else { return }
        let directory = PathText.directory(of: path)
        try checkRegular(path, status: status)
        try checkWritable(path, status: status, directory: directory.isEmpty ? "." : directory)
    }

    /// The store's directory (0700), for what is written beside a store not made yet: a
    /// restore's copies on a new computer.
    static func prepareDirectory(of path: String) throws(StoreError) {
        let directory = PathText.directory(of: path)
        if !directory.isEmpty { try makeDirectories(directory) }
    }

    /// A store that is there must be a regular file: SQLite's own error for a directory says
    /// less. For readers too, which prepare nothing.
    static func checkRegular(_ path: String, status: stat? = nil) throws(StoreError) {
        var status = status ?? stat()
        if status.st_mode == 0, stat(path, &status) != 0 { return }
        guard status.st_mode & S_IFMT == S_IFREG else {
            throw .cannotOpen(
                path: path,
                reason: status.st_mode & S_IFMT == S_IFDIR ? "it is a directory" : "it is not a regular file")
        }
    }

    /// `mkdir -p` with mode 0700, where a directory another process just made is no error.
    private static func makeDirectories(_ directory: String) throws(StoreError) {
        var made = directory.hasPrefix("/") ? "" : "."
        for component in directory.split(separator: "/") {
            made += "/" + component
            if mkdir(made, 0o700) == 0 || errno == EEXIST {
                var status = stat()
                guard stat(made, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
                    throw .cannotCreateDirectory(path: made, reason: "it exists and is not a directory")
                }
                continue
            }
            throw .cannotCreateDirectory(path: made, reason: String(cString: strerror(errno)))
        }
    }

    /// A symbolic link that loops or leads nowhere is named as such, not as a missing file.
    private static func checkLink(_ path: String) throws(StoreError) {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFLNK else { return }
        var followed = stat()
        guard stat(path, &followed) != 0 else { return }
        let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
        if errno == ELOOP {
            throw .cannotOpen(path: path, reason: "it is a symbolic link that loops (via \(target)); remove the link")
        }
        throw .cannotOpen(
            path: path,
            reason: "it is a symbolic link to \(target), which does not exist; create \(target), or remove the link")
    }

    /// SQLite would open a read-only file and fail on the first write; say so before.
    private static func checkWritable(_ path: String, status: stat, directory: String) throws(StoreError) {
        if access(path, R_OK | W_OK) != 0 {
            let mode = String(status.st_mode & 0o777, radix: 8)
            throw errno == EROFS
                ? .notWritable(
                    path: path, reason: "it is on a read-only file system",
                    fix: "copy it to a writable place and use --store")
                : .notWritable(
                    path: path, reason: "the file is not writable for this user (mode \(mode))",
                    fix: "chmod u+rw \(path)")
        }
        // The -wal and -shm files are made beside the store.
        if access(directory, W_OK | X_OK) != 0 {
            throw .notWritable(
                path: path, reason: "its directory \(directory) is not writable for this user",
                fix: "chmod u+wx \(directory)")
        }
    }
}
