import Foundation
import NudgeCore
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The daemon's clock: the system's real time, optionally shifted by an offset.
///
/// The offset is the injected clock the tests use: `NUDGE_FAKE_NOW` starts a process at another
/// wall-clock time that then advances in real time (as libfaketime would), and an in-process
/// test can set the clock forward or back as a person or NTP would. Kernel timers are armed in
/// real time, so the offset is removed again when the timer is armed.
public struct DaemonClock: Sendable {
    private let offset: Offset
    /// Suspended time a test injected on top of the machine's.
    private let injectedSleep = Offset(0)
    /// Whether it reads another time than the machine's: then the machine's boot is not on it.
    private let faked: Bool
    /// The boot a test injected, on this clock (seconds since 1970); NaN: none.
    private let injectedBoot = Offset(.nan)

    public init(offset: TimeInterval = 0) {
        self.offset = Offset(offset)
        faked = offset != 0
    }

    /// A clock that reads `fakeNow` at this moment, or the real clock when it is nil.
    public init(startingAt fakeNow: Date?) {
        self.init(offset: fakeNow.map { $0.timeIntervalSinceNow } ?? 0)
    }

    public func now() -> Date { Date().addingTimeInterval(offset.value) }

    /// Sets the clock, as `date -s` would; the daemon must then be told (`Daemon.clockWasSet`).
    public func set(to instant: Date) { offset.value = instant.timeIntervalSinceNow }

    /// The machine's sleep clock now: CLOCK_BOOTTIME - CLOCK_MONOTONIC is the time it spent
    /// suspended since boot.
    public func sleepReading() -> SleepReading {
        var boot = timespec()
        var monotonic = timespec()
        clock_gettime(CLOCK_BOOTTIME, &boot)
        clock_gettime(CLOCK_MONOTONIC, &monotonic)
        let suspended = Double(boot.tv_sec - monotonic.tv_sec) + Double(boot.tv_nsec - monotonic.tv_nsec) / 1e9
        return SleepReading(bootID: Self.bootID, suspendedSeconds: suspended + injectedSleep.value, readAt: now())
    }

    /// Plays a suspend that just ended, as a test's injected clock pair: `seconds` more of
    /// suspended time, and the wall clock that much later. The daemon must then be told
    /// (`Daemon.clockWasSet`), as a resume tells it.
    public func sleep(for seconds: TimeInterval) {
        injectedSleep.value += seconds
        offset.value += seconds
    }

    /// Since when the machine has been up without a sleep: its boot, when it has not slept
    /// since (CLOCK_BOOTTIME, on this clock); nil when it slept, or on a faked clock whose past
    /// is not the machine's, unless a test said when it booted.
    public func upSince() -> Date? {
        guard sleepReading().suspendedSeconds < SleepReading.noise else { return nil }
        if !injectedBoot.value.isNaN { return Date(timeIntervalSince1970: injectedBoot.value) }
        guard !faked else { return nil }
        var boot = timespec()
        clock_gettime(CLOCK_BOOTTIME, &boot)
        return now().addingTimeInterval(-(Double(boot.tv_sec) + Double(boot.tv_nsec) / 1e9))
    }

    /// Plays the machine having booted at `instant` on this clock (and not slept since, unless
    /// `sleep(for:)` says so).
    public func booted(at instant: Date) {
        injectedBoot.value = instant.timeIntervalSince1970
    }

    /// Suspended times of two boots do not compare.
    static let bootID: String =
        (try? String(contentsOfFile: "/proc/sys/kernel/random/boot_id", encoding: .utf8))?.trimmingCharacters(
            in: .whitespacesAndNewlines) ?? "unknown"

    /// The real instant at which this clock reads `date`.
    public func realInstant(for date: Date) -> Date { date.addingTimeInterval(-offset.value) }

    private final class Offset: Sendable {
        private let stored: Mutex<TimeInterval>
        init(_ value: TimeInterval) { stored = Mutex(value) }
        var value: TimeInterval {
            get { stored.withLock { $0 } }
            set { stored.withLock { $0 = newValue } }
        }
    }
}
