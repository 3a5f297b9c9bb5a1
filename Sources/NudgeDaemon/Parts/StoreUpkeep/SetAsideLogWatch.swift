import Foundation
import Logging
import NudgeCore
import NudgeStore

#if canImport(Glibc)
    import Glibc
#endif

/// Watches the write-ahead logs set aside beside the store (`SetAsideLogs`) for writes: a
/// program that had the store open when its file was copied over (`cp BACKUP STORE`) keeps
/// writing into the log it holds open, and none of that reaches the store (hostile round 25 on
/// issue 39: 100 commits over 10 s, named only by doctor later). The first write into each is
/// said at once, in the log and on screen, and that log is no longer watched.
///
/// The logs' own inodes are watched: the store folder's watch names a write through a
/// descriptor by the name it was opened under (`STORE-wal`), which is the store's log now.
/// Its descriptor wakes only for such a write or a log newly set aside in the folder.
final class SetAsideLogWatch {
    /// The newest this many logs at the start are watched; older ones are doctor's.
    static let watchedAtStart = 20
    /// The logs already said, carried into the daemon started again on an overwritten store
    /// (another process image): each is said once.
    static let saidVariable = "NUDGE_SET_ASIDE_LOGS_SAID"

    let descriptor: Int32
    private let storePath: String
    private let logger: Logger
    private let folderWatch: Int32
    /// Each watched log's path, by its watch.
    private var watched: [Int32: String] = [:]

    init(storePath: String, logger: Logger) throws(DaemonError) {
        self.storePath = storePath
        self.logger = logger
        descriptor = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        guard descriptor >= 0 else { throw .system("inotify_init1", errno) }
        let folder = PathText.directory(of: storePath)
        folderWatch = inotify_add_watch(descriptor, folder.isEmpty ? "." : folder, UInt32(IN_CREATE | IN_MOVED_TO))
        for path in SetAsideLogs.paths(store: storePath).suffix(Self.watchedAtStart) { watch(path) }
    }

    deinit { close(descriptor) }

    /// Reads the pending events: watches a log newly set aside, and returns what to show for a
    /// log written into (once; the log line says each).
    func consume() -> NotificationContent? {
        var written: [String] = []
        let size = 16 * 1024
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            let count = read(descriptor, buffer, size)
            guard count > 0 else { break }
            var offset = 0
            while offset < count {
                let event = (buffer + offset).assumingMemoryBound(to: inotify_event.self)
                let nameLength = Int(event.pointee.len)
                if event.pointee.wd == folderWatch, nameLength > 0 {
                    let name = String(
                        cString: (buffer + offset + MemoryLayout<inotify_event>.size).assumingMemoryBound(
                            to: CChar.self))
                    if SetAsideLogs.isSetAsideLog(name, store: storePath) {
                        watch((PathText.directory(of: storePath) as NSString).appendingPathComponent(name))
                    }
                } else if event.pointee.mask & UInt32(IN_MODIFY) != 0, let path = watched[event.pointee.wd] {
                    written.append(path)
                    unwatch(event.pointee.wd)
                }
                offset += MemoryLayout<inotify_event>.size + nameLength
            }
        }
        return said(Set(written).sorted())
    }

    private func watch(_ path: String) {
        let name = (path as NSString).lastPathComponent
        guard !Self.alreadySaid.contains(name), !watched.values.contains(path) else { return }
        let watch = inotify_add_watch(descriptor, path, UInt32(IN_MODIFY))
        guard watch >= 0 else { return }
        watched[watch] = path
        logger.debug("watching \(path) for another program's writes", metadata: ["event": "set_aside_log_watched"])
    }

    private func unwatch(_ watch: Int32) {
        inotify_rm_watch(descriptor, watch)
        watched[watch] = nil
    }

    private func said(_ paths: [String]) -> NotificationContent? {
        guard !paths.isEmpty else { return nil }
        let names = paths.map { ($0 as NSString).lastPathComponent }
        setenv(Self.saidVariable, (Self.alreadySaid + names).joined(separator: "/"), 1)
        for path in paths {
            logger.warning(
                "another program writes into \(path), the write-ahead log set aside when the store's file was copied over: it has had the store open since before the copy, and none of what it writes reaches the store; close it and start it again",
                metadata: ["event": "set_aside_log_written"])
        }
        return StoreSafetyWarning.writtenAside(logNames: names)
    }

    private static var alreadySaid: [String] {
        (ProcessInfo.processInfo.environment[saidVariable] ?? "").split(separator: "/").map(String.init)
    }
}
