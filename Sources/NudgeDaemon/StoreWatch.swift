import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// inotify on the store's directory: the store file, its WAL and its journal.
///
/// The directory, not the file, is watched because SQLite creates and deletes the WAL as
/// connections come and go. Events for other files in the directory are read and dropped.
final class StoreWatch {
    let descriptor: Int32
    private let names: Set<String>

    init(storePath: String) throws(DaemonError) {
        let url = URL(fileURLWithPath: storePath)
        let file = url.lastPathComponent
        names = [file, file + "-wal", file + "-journal"]
        descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else { throw .system("inotify_init1", errno) }
        let mask = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_TO | IN_MOVED_FROM)
        guard inotify_add_watch(descriptor, url.deletingLastPathComponent().path, mask) >= 0 else {
            let code = errno
            close(descriptor)
            throw .system("inotify_add_watch", code)
        }
    }

    deinit { close(descriptor) }

    /// Drains the pending events; true when one of them concerned the store's files.
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
                if nameLength > 0 {
                    let namePointer = (buffer + offset + MemoryLayout<inotify_event>.size).assumingMemoryBound(to: CChar.self)
                    if names.contains(String(cString: namePointer)) { touched = true }
                }
                offset += MemoryLayout<inotify_event>.size + nameLength
            }
        }
    }
}
