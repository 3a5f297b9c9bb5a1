import CNudgeLinux
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// One CLOCK_REALTIME timerfd armed at an absolute instant. With TFD_TIMER_CANCEL_ON_SET a
/// clock that is set (by a person, NTP stepping, or resume from suspend) ends the wait early
/// with ECANCELED, so the daemon recomputes instead of firing at a stale instant.
///
/// On CLOCK_REALTIME_ALARM (`wakesTheComputer`) a suspended machine also resumes for it; that
/// takes CAP_WAKE_ALARM, and creating one without it fails with EPERM.
final class WakeTimer {
    let descriptor: Int32

    init(wakesTheComputer: Bool = false) throws(DaemonError) {
        descriptor = wakesTheComputer ? nudge_timerfd_create_alarm() : nudge_timerfd_create()
        guard descriptor >= 0 else {
            throw .system(wakesTheComputer ? "timerfd_create(CLOCK_REALTIME_ALARM)" : "timerfd_create", errno)
        }
    }

    deinit { close(descriptor) }

    /// Arms at a real instant, or disarms with nil.
    func arm(at instant: Date?) throws(DaemonError) {
        var spec = itimerspec()
        if let instant {
            let seconds = instant.timeIntervalSince1970
            var whole = seconds.rounded(.down)
            var nanoseconds = ((seconds - whole) * 1e9).rounded(.up)
            if nanoseconds >= 1e9 {
                whole += 1
                nanoseconds -= 1e9
            }
            // An instant at or before the epoch would read as "disarm"; one nanosecond fires at once.
            spec.it_value = timespec(tv_sec: max(Int(whole), 0), tv_nsec: max(Int(nanoseconds), whole > 0 ? 0 : 1))
        }
        guard nudge_timerfd_settime_absolute(descriptor, &spec) == 0 else { throw .system("timerfd_settime", errno) }
    }

    enum Expiry { case due, clockChanged, nothing }

    /// Reads the timer after poll said it is readable.
    func consume() -> Expiry {
        var expirations: UInt64 = 0
        let count = read(descriptor, &expirations, MemoryLayout<UInt64>.size)
        if count == MemoryLayout<UInt64>.size { return .due }
        return errno == ECANCELED ? .clockChanged : .nothing
    }
}
