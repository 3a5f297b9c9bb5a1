import CNudgeLinux
import Foundation

/// Fires once, a while after it is armed, on the monotonic clock: a wall clock set during the
/// wait neither hastens nor holds it. Disarmed, it never fires.
final class OneShotTimer {
    let descriptor: Int32

    init() throws(DaemonError) {
        descriptor = nudge_timerfd_create_monotonic()
        guard descriptor >= 0 else { throw .system("timerfd_create", errno) }
    }

    deinit { close(descriptor) }

    func arm(after delay: TimeInterval) {
        _ = nudge_timerfd_settime_relative(descriptor, max(1, Int((delay * 1000).rounded())))
    }

    func disarm() {
        _ = nudge_timerfd_settime_relative(descriptor, 0)
    }

    /// Reads the expiry; true when it fired.
    func consume() -> Bool {
        var expirations: UInt64 = 0
        return read(descriptor, &expirations, MemoryLayout<UInt64>.size) == MemoryLayout<UInt64>.size && expirations > 0
    }
}
