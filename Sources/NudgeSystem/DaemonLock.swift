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
        /// A FIFO, device or directory in the lock file's place.
        case notRegularFile(String)
    }

    private let descriptor: Int32
    /// What `publish` wrote last, by key.
    private var published: [String: String] = [:]

    public init(storePath: String) throws(Failure) {
        let path = storePath + ".daemon-lock"
        descriptor = Self.openRegular(path, O_RDWR | O_CREAT)
        guard descriptor >= 0 else {
            throw descriptor == Self.notRegular ? .notRegularFile(path) : .system("open \(path)", errno)
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let pid = Self.contents(descriptor).pid
            close(descriptor)
            throw .alreadyRunning(pid: pid, store: storePath)
        }
        let text = Array("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = pwrite(descriptor, text, text.count, 0)
    }

    deinit { close(descriptor) }

    /// What the running daemon tells the commands about itself (`wake`: whether it can wake a
    /// suspended computer, and why not), one `key=value` line each after the pid. Each part of
    /// the daemon publishes its own keys: these are set (nil removes one), the others kept.
    public func publish(_ updates: [String: String?]) {
        for (key, value) in updates { published[key] = value }
        let lines = published.sorted { $0.key < $1.key }.map {
            "\($0.key)=\($0.value.replacingOccurrences(of: "\n", with: " "))\n"
        }
        let text = Array(("\(getpid())\n" + lines.joined()).utf8)
        _ = ftruncate(descriptor, 0)
        _ = pwrite(descriptor, text, text.count, 0)
    }

    /// The published key whose value is the delivery "I'm awake" stops now: set only by a
    /// daemon that stops it on SIGUSR1 with that id (`nudge ack ID awake`), so that no command
    /// sends the signal to an older daemon, which it would end.
    public static let awakeStopsKey = "awake_stops"
    /// The published key whose value is the delivery that rings now, whether or not "I'm awake"
    /// stops it (a test alarm's only answer is Stop).
    public static let ringingKey = "ringing"

    /// Asks the daemon `pid` to stop ringing `deliveryID`, as its "I'm awake" button does.
    public static func sendAwake(to pid: Int32, deliveryID: Int64) -> Bool {
        sigqueue(pid, SIGUSR1, sigval(sival_ptr: UnsafeMutableRawPointer(bitPattern: Int(deliveryID)))) == 0
    }

    /// The pid of the daemon running on a store, or nil when none holds its lock.
    public static func holder(storePath: String) -> Int32? {
        running(storePath: storePath)?.pid
    }

    /// The daemon running on a store and what it published, or nil when none holds its lock.
    public static func running(storePath: String) -> (pid: Int32, status: [String: String])? {
        let path = storePath + ".daemon-lock"
        let descriptor = openRegular(path, O_RDONLY)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        if flock(descriptor, LOCK_SH | LOCK_NB) == 0 {
            flock(descriptor, LOCK_UN)
            return nil
        }
        return contents(descriptor)
    }

    /// What `openRegular` returns for a file that is there and not a regular file.
    private static let notRegular: Int32 = -2

    /// Opens the lock file without waiting or following a link, and keeps it only if it is a
    /// regular file: a FIFO in its place would hold the daemon and every command in `open`.
    private static func openRegular(_ path: String, _ flags: Int32) -> Int32 {
        let descriptor = open(path, flags | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC, 0o600)
        if descriptor < 0 { return errno == ELOOP || errno == ENXIO || errno == EISDIR ? notRegular : -1 }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            return notRegular
        }
        return descriptor
    }

    /// The pid on the first line, and the `key=value` lines after it.
    private static func contents(_ descriptor: Int32) -> (pid: Int32, status: [String: String]) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = pread(descriptor, &buffer, buffer.count, 0)
        let lines = String(decoding: buffer[0..<max(count, 0)], as: UTF8.self).split(separator: "\n").map(String.init)
        var status: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let equals = line.firstIndex(of: "=") else { continue }
            status[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return (Int32(lines.first?.trimmingCharacters(in: .whitespaces) ?? "") ?? 0, status)
    }
}
