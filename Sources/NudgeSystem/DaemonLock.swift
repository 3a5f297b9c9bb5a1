import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One daemon per store: an flock on `STORE.daemon-lock`, holding the owner's pid.
///
/// Two daemons on one store would each claim an owed occurrence and both show it. The kernel
/// releases the lock when its holder dies, even by SIGKILL, so a crash never leaves it stale.
public final class DaemonLock {
    public enum Failure: Error, Equatable {
        case system(String, Int32)
        case alreadyRunning(pid: Int32, store: String)
    }

    private let descriptor: Int32

    public init(storePath: String) throws(Failure) {
        let path = storePath + ".daemon-lock"
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw .system("open \(path)", errno) }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            var buffer = [UInt8](repeating: 0, count: 32)
            let count = pread(descriptor, &buffer, buffer.count, 0)
            close(descriptor)
            let pid = Int32(String(decoding: buffer[0..<max(count, 0)], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
            throw .alreadyRunning(pid: pid, store: storePath)
        }
        let text = Array("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = pwrite(descriptor, text, text.count, 0)
    }

    deinit { close(descriptor) }

    /// The pid of the daemon running on a store, or nil when none holds its lock.
    public static func holder(storePath: String) -> Int32? {
        let path = storePath + ".daemon-lock"
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        if flock(descriptor, LOCK_SH | LOCK_NB) == 0 {
            flock(descriptor, LOCK_UN)
            return nil
        }
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = pread(descriptor, &buffer, buffer.count, 0)
        return Int32(String(decoding: buffer[0..<max(count, 0)], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }
}
