import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// inotify on a directory, for a few file names in it.
///
/// The directory, not the file, is watched: SQLite creates and deletes the WAL as connections
/// come and go, and /etc/localtime is replaced (a new symlink renamed over the old) rather
/// than written. Events for other names in the directory are read and dropped.
final class DirectoryWatch {
    let descriptor: Int32
    private let names: Set<String>

    init(directory: String, names: Set<String>) throws(DaemonError) {
        self.names = names
        descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else { throw .system("inotify_init1", errno) }
        let mask = UInt32(
            IN_MODIFY | IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_TO | IN_MOVED_FROM | IN_ATTRIB
                | IN_DELETE_SELF | IN_MOVE_SELF)
        guard inotify_add_watch(descriptor, directory, mask) >= 0 else {
            let code = errno
            close(descriptor)
            throw .system("inotify_add_watch \(directory)", code)
        }
    }

    /// The store file, its WAL and its rollback journal (not -shm: it is written through mmap).
    convenience init(storePath: String) throws(DaemonError) {
        let url = URL(fileURLWithPath: storePath)
        let file = url.lastPathComponent
        try self.init(directory: url.deletingLastPathComponent().path, names: [file, file + "-wal", file + "-journal"])
    }

    /// The file that says the local time zone, and Debian's /etc/timezone beside it.
    convenience init(localtimePath: String) throws(DaemonError) {
        let url = URL(fileURLWithPath: localtimePath)
        try self.init(directory: url.deletingLastPathComponent().path, names: [url.lastPathComponent, "timezone"])
    }

    deinit { close(descriptor) }

    /// Drains the pending events; true when one of them concerned the watched names, or the
    /// directory itself went away.
    func consume() -> Bool {
        var touched = false
        let size = 64 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let count = read(descriptor, buffer, size)
            guard count > 0 else { return touched }
            var offset = 0
            while offset < count {
                let event = (buffer + offset).assumingMemoryBound(to: inotify_event.self)
                let nameLength = Int(event.pointee.len)
                if event.pointee.mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED) != 0 { touched = true }
                if nameLength > 0 {
                    let namePointer = (buffer + offset + MemoryLayout<inotify_event>.size).assumingMemoryBound(
                        to: CChar.self)
                    if names.contains(String(cString: namePointer)) { touched = true }
                }
                offset += MemoryLayout<inotify_event>.size + nameLength
            }
        }
    }
}
