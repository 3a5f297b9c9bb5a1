import Foundation
import NudgeSystem

#if canImport(Glibc)
    import Glibc
#endif

/// What wakes the daemon's loop that no part owns: signals, other threads' events, the due
/// instant, another process's write to the store (and its re-checks), the time zone, and
/// systemd's watchdog; and the store's lock, by which commands find the loop to signal.
struct LoopDescriptors {
    /// One daemon per store, held from construction until `run()` returns; what the commands
    /// read of the daemon (its pid, and what its parts publish).
    var lock: DaemonLock?
    let signals: SignalPipe
    let events: EventQueue
    /// Fires at the next due instant, or when the wall clock is set.
    let timer: WakeTimer
    let storeRecheck: StoreRecheckTimer
    let storeWatch: DirectoryWatch
    /// The store file as opened: a rename over it (a restore SQLite could not write into)
    /// is a new file this process does not have open.
    let storeIdentity: (device: UInt64, inode: UInt64)?
    /// Watches the localtime file, unless TZ fixes the zone.
    let zoneWatch: DirectoryWatch?
    /// systemd's watchdog, pinged from the loop while systemd watches.
    let watchdog: ServiceWatchdog

    init(configuration: Daemon.Configuration) throws(DaemonError) {
        lock = try Self.takeLock(storePath: configuration.storePath)
        signals = try SignalPipe()
        events = try EventQueue()
        timer = try WakeTimer()
        storeRecheck = try StoreRecheckTimer()
        storeWatch = try DirectoryWatch(storePath: configuration.storePath)
        storeIdentity = Self.identity(of: configuration.storePath)
        zoneWatch =
            configuration.timeZone.fixed == nil
            ? try DirectoryWatch(localtimePath: configuration.timeZone.localtimePath) : nil
        watchdog = try ServiceWatchdog(environment: configuration.serviceEnvironment)
    }

    /// The store's lock: one daemon per store.
    private static func takeLock(storePath: String) throws(DaemonError) -> DaemonLock {
        do { return try DaemonLock(storePath: storePath) } catch {
            switch error {
            case .alreadyRunning(let pid, let store): throw .alreadyRunning(pid: pid, store: store)
            case .system(let call, let code): throw .system(call, code)
            case .notRegularFile(let path): throw .notRegularFile(path)
            }
        }
    }

    static func identity(of path: String) -> (device: UInt64, inode: UInt64)? {
        var status = stat()
        return stat(path, &status) == 0 ? (UInt64(status.st_dev), UInt64(status.st_ino)) : nil
    }
}
