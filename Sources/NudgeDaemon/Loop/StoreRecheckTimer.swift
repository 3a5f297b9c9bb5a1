import CNudgeLinux
import Foundation

/// Re-checks the store shortly after a change it could not see yet.
///
/// A WAL commit writes its frames to the -wal file (which inotify reports) and then publishes
/// them in the -shm index through mmap (which it does not). A daemon that wakes on the frames
/// and reads in between sees no change, and nothing would wake it again. So after such a
/// wake it looks again at +10 ms, +100 ms and +1 s, and stops at the first change. This runs
/// only after store events: an idle daemon still never wakes.
final class StoreRecheckTimer {
    let descriptor: Int32
    private static let delays = [10, 100, 1000]
    private var step: Int?

    init() throws(DaemonError) {
        descriptor = nudge_timerfd_create_monotonic()
        guard descriptor >= 0 else { throw .system("timerfd_create", errno) }
    }

    deinit { close(descriptor) }

    /// Starts the re-checks again from the first, after a store event that showed no change.
    func start() {
        step = 0
        _ = nudge_timerfd_settime_relative(descriptor, Self.delays[0])
    }

    func stop() {
        step = nil
        _ = nudge_timerfd_settime_relative(descriptor, 0)
    }

    /// Reads the expiry and arms the next re-check, if any; true when a re-check is due now.
    func consume() -> Bool {
        var expirations: UInt64 = 0
        guard read(descriptor, &expirations, MemoryLayout<UInt64>.size) == MemoryLayout<UInt64>.size, let current = step
        else { return false }
        let next = current + 1
        if next < Self.delays.count {
            step = next
            _ = nudge_timerfd_settime_relative(descriptor, Self.delays[next])
        } else {
            step = nil
        }
        return true
    }
}
