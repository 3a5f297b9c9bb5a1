import CNudgeLinux
import Foundation
import NudgeNotifier
import NudgeSleep
import NudgeStore
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// What other threads hand to the event loop: the notifier's events, or a request to stop.
enum LoopEvent: Sendable {
    /// What the notification server reported, when it reached this process, and its line in
    /// the click ledger, if it is kept there.
    case notifier(NotifierEvent, at: Date, line: ClickLedger.Line?)
    /// The server's answer to show request `request` (`ShowRequests`), when it came, and the
    /// click ledger's lines for it.
    case shown(request: Int, Result<UInt32, NotifierError>, at: Date, lines: [ClickLedger.Line])
    /// The injected clock was set: what the timerfd's ECANCELED says for the real one.
    case clockSet
    /// logind says the machine is about to sleep (true) or has resumed (false).
    case preparingForSleep(Bool)
    /// logind said whether the session is locked (or cannot say).
    case sessionLock(SessionLockWatch.Report)
    /// The desktop's Do Not Disturb changed.
    case doNotDisturb(DoNotDisturb)
    /// The desktop answered a call on a quiet span's switch.
    case desktop(DesktopQuieting.Answer)
    /// The sound of the warning before sleep ended (or could not play).
    case sleepWarningSounded
    /// The ring with this number stopped by itself (its limit, or no sound device).
    case ringEnded(Int)
    /// The daily backup's thread finished.
    case backedUp(DailyBackup.Outcome)
    /// The store's check after a damage warning finished: SQLite's complaint, nil when sound.
    case rechecked(String?)
    /// The server accepted the damage warning under this id.
    case damageWarningShown(DamageWarning)
    /// The checkpoint's thread finished.
    case checkpointed(Result<Store.CheckpointOutcome, StoreError>)
    /// The daemon's connection read the store as damaged, one opened afresh as sound: the
    /// file was overwritten in place under it (`StoreOverwrite`).
    case storeOverwritten
    case stop
}

/// Events handed from other threads (the GLib thread) to the event loop, with an eventfd to wake it.
final class EventQueue: Sendable {
    let descriptor: Int32
    private let pending = Mutex<[LoopEvent]>([])

    init() throws(DaemonError) {
        descriptor = nudge_eventfd()
        guard descriptor >= 0 else { throw .system("eventfd", errno) }
    }

    deinit { close(descriptor) }

    func push(_ event: LoopEvent) {
        pending.withLock { $0.append(event) }
        var one: UInt64 = 1
        _ = write(descriptor, &one, MemoryLayout<UInt64>.size)
    }

    func drain() -> [LoopEvent] {
        var count: UInt64 = 0
        _ = read(descriptor, &count, MemoryLayout<UInt64>.size)
        return pending.withLock { events in
            defer { events.removeAll() }
            return events
        }
    }
}
