#if canImport(Glibc)
    import Glibc
#endif

/// systemd's watchdog (`WatchdogSec=` in the unit): while systemd watches this process
/// (WATCHDOG_USEC, and WATCHDOG_PID naming it when set), the event loop tells it WATCHDOG=1 every
/// half of that time. The ping is a timerfd among the loop's own sources, re-armed only after
/// each ping: a loop that stops turning stops pinging, and systemd kills and restarts it. Without
/// a watchdog the timer is never armed, and the daemon at rest never wakes for it.
final class ServiceWatchdog {
    /// Seconds between two pings; nil when systemd does not watch this process.
    let interval: Double?
    private let timer: OneShotTimer
    private let environment: [String: String]

    var descriptor: Int32 { timer.descriptor }

    init(environment: [String: String]) throws(DaemonError) {
        self.environment = environment
        interval = Self.interval(environment: environment, pid: getpid())
        timer = try OneShotTimer()
    }

    /// Half of WATCHDOG_USEC, for the process WATCHDOG_PID names (any, without it).
    static func interval(environment: [String: String], pid: pid_t) -> Double? {
        guard let text = environment["WATCHDOG_USEC"], let microseconds = UInt64(text), microseconds > 0 else {
            return nil
        }
        if let owner = environment["WATCHDOG_PID"], !owner.isEmpty, pid_t(owner) != pid { return nil }
        return Double(microseconds) / 2e6
    }

    /// Arms the first ping; the loop's handler arms each next one.
    func start() {
        if let interval { timer.arm(after: interval) }
    }

    /// On the loop, when the timer fired: pings and arms the next.
    func ping() {
        guard timer.consume(), let interval else { return }
        ServiceManager.notify("WATCHDOG=1", environment: environment)
        timer.arm(after: interval)
    }
}
