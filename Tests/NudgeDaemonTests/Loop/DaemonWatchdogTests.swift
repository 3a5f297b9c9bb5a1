import Foundation
import NudgeCore
import NudgeSound
import NudgeStore
import NudgeSystem
import NudgeTestSupport
import Testing

@testable import NudgeDaemon

#if canImport(Glibc)
    import Glibc
#endif

/// A socket of the test's own in place of systemd's NOTIFY_SOCKET: each datagram the daemon
/// sends, with the monotonic instant it arrived.
final class NotifySocket {
    let path: String
    private let descriptor: Int32

    init(path: String) throws {
        self.path = path
        descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        guard descriptor >= 0, bound == 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
    }

    deinit {
        close(descriptor)
        unlink(path)
    }

    /// The next datagram within `timeout`; nil when none came.
    func receive(timeout: TimeInterval) -> (text: String, at: TimeInterval)? {
        var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        guard poll(&ready, 1, Int32(timeout * 1000)) == 1 else { return nil }
        var buffer = [UInt8](repeating: 0, count: 4096)
        let count = recv(descriptor, &buffer, buffer.count, 0)
        guard count >= 0 else { return nil }
        return (String(decoding: buffer[..<count], as: UTF8.self), ProcessInfo.processInfo.systemUptime)
    }
}

/// An ambient player whose start never returns until released: the test's way to make the
/// daemon's loop stop turning, as a call stuck in a library would.
final class HangingAmbientPlayer: AmbientPlayer, @unchecked Sendable {
    let entered = DispatchSemaphore(value: 0)
    private let released = DispatchSemaphore(value: 0)

    func start(_ sound: AmbientSound, volume: Int, seconds: TimeInterval, fadeSeconds: TimeInterval) {
        entered.signal()
        released.wait()
    }

    func stop() {}

    func release() { released.signal() }
}

extension DaemonTests {
    /// systemd's watchdog: READY=1 once the first plan is made, then WATCHDOG=1 every half of
    /// WATCHDOG_USEC from the loop itself; none while the loop hangs, and again once it turns.
    @Test func theWatchdogHearsTheLoopTurnAndNothingWhileItHangs() throws {
        let clock = DaemonClock(startingAt: Timestamp.parse("2026-11-22T18:00:00Z"))
        let socket = try NotifySocket(path: directory.file("notify"))
        let player = HangingAmbientPlayer()
        let log = RecordedLog()
        let service = ["NOTIFY_SOCKET": socket.path, "WATCHDOG_USEC": "200000", "WATCHDOG_PID": "\(getpid())"]
        try withDaemon(
            clock: clock, notifier: FakeNotifier(), log: log, ambientPlayer: player, serviceEnvironment: service
        ) { _, clock in
            let ready = socket.receive(timeout: 10)
            #expect(ready?.text.hasPrefix("READY=1\n") == true, "\(String(describing: ready))")
            #expect(log.all.contains { $0.contains("rescheduled (start)") }, "READY=1 comes after the first plan")

            var pings: [TimeInterval] = []
            while pings.count < 5, let message = socket.receive(timeout: 5) {
                if message.text == "WATCHDOG=1" { pings.append(message.at) }
            }
            #expect(pings.count == 5)
            // Every 0.1 s: never sooner (a timer fires late under load, never early). Measured
            // where they are received, one ping can be read late and the next at once: the span
            // of four intervals, less a read's delay, is the bound.
            let span = (pings.last ?? 0) - (pings.first ?? 0)
            #expect(span >= 0.35, "\(zip(pings.dropFirst(), pings).map { $0 - $1 })")

            // A session with ambient sound: the loop stays in the player's start.
            try sessionWithAmbience(clock)
            #expect(player.entered.wait(timeout: .now() + 10) == .success)
            while socket.receive(timeout: 0) != nil {}
            #expect(socket.receive(timeout: 1.5) == nil, "15 intervals, and no ping from a loop that hangs")
            player.release()
            #expect(socket.receive(timeout: 5)?.text == "WATCHDOG=1", "the loop turns again")
        }
    }

    /// WATCHDOG_PID names the process systemd watches: another's variables are not this one's.
    @Test func theWatchdogIntervalIsHalfItsTimeForThisProcessOnly() {
        #expect(ServiceWatchdog.interval(environment: ["WATCHDOG_USEC": "120000000"], pid: 42) == 60)
        #expect(
            ServiceWatchdog.interval(environment: ["WATCHDOG_USEC": "120000000", "WATCHDOG_PID": "42"], pid: 42) == 60)
        #expect(
            ServiceWatchdog.interval(environment: ["WATCHDOG_USEC": "120000000", "WATCHDOG_PID": "7"], pid: 42) == nil)
        #expect(ServiceWatchdog.interval(environment: ["WATCHDOG_USEC": "0"], pid: 42) == nil)
        #expect(ServiceWatchdog.interval(environment: [:], pid: 42) == nil)
    }
}
